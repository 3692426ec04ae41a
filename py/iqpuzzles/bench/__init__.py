"""`python -m iqpuzzles bench [GAME...]`: solver figures, printed, never asserted.

For each game: the time to solve every booklet challenge and prove its solution
count (unique, or the listed number), as median / 95th percentile / max / total;
the time to enumerate every solution of the empty board; and the same work done
by two baselines, a plain-Python Algorithm X (dict of sets) and the `xcover`
library (compiled DLX; optional, `pip install iqpuzzles[bench]`), with ratios.
Every game takes part through its declared hooks `exact_cover(challenge)` (its
exact-cover form, for the baselines) and `empty_challenge()` (the challenge whose
solutions are all games). A game's own extra figures live in `bench/<game>.py`:
`EMPTY` (a sub-board to time instead, where the whole board takes minutes), `CAVEAT`
(what the baselines' exact-cover form misses) and `extra()` (more figures).
"""

from __future__ import annotations

import importlib
import importlib.util
import statistics
import time
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any

from .. import game
from ..core.game import Game
from . import algorithm_x


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def _time(function: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def _xcover():
    try:
        import xcover  # noqa: F401
    except ImportError:
        return None
    import warnings

    warnings.filterwarnings("ignore")
    from xcover import covers

    return covers


def _solutions(g: Game, challenge: str, limit: int) -> list[str]:
    return list(g.solutions(challenge, limit))


def _extras(name: str) -> ModuleType | None:
    """bench/<game>.py, if the game has figures of its own."""
    module = f"{__name__}.{name}"
    return importlib.import_module(module) if importlib.util.find_spec(module) else None


def bench_game(name: str, quick: bool = False) -> dict:
    g = game(name)
    print(f"\n== {g.title} ==")
    booklet = g.challenges
    # warm the precomputed tables outside the timings (a one-off cost, printed)
    setup, _ = _time(lambda: g.count_solutions(booklet[0].challenge, 2))
    print(f"set-up (tables, first solve): {_ms(setup)}")

    times = []
    wrong = []
    for entry in booklet:
        expected = len(entry.solutions)
        elapsed, found = _time(partial(_solutions, g, entry.challenge, expected + 1))
        times.append(elapsed)
        if sorted(found) != sorted(entry.solutions):
            wrong.append(entry.id)
    total = sum(times)
    slowest = max(range(len(times)), key=times.__getitem__)
    print(f"booklet: {len(booklet)} challenges solved, solution count proven; "
          f"{'all as listed' if not wrong else 'WRONG: ' + ', '.join(wrong)}")
    print(f"  per challenge: median {_ms(statistics.median(times))}  "
          f"p95 {_ms(_percentile(times, 0.95))}  max {_ms(times[slowest])} "
          f"(challenge {booklet[slowest].id})")
    print(f"  total          {_ms(total)}")
    figures: dict[str, Any] = {"total": total, "max": times[slowest], "wrong": wrong}

    extras = _extras(name)
    empty = (extras.EMPTY if extras else None) or g.empty_challenge()
    empty_time, empty_count = _time(lambda: g.count_solutions(empty, None))
    print(f"empty board: {empty_count} solutions in {_ms(empty_time)}")
    figures["empty"] = (empty_count, empty_time)

    if quick:
        return figures
    forms = [g.exact_cover(entry.challenge) for entry in booklet]
    limits = [len(entry.solutions) + 1 for entry in booklet]
    x_total, x_counts = _time(lambda: [
        sum(1 for _ in algorithm_x.solve(*form, limit=limit))
        for form, limit in zip(forms, limits, strict=True)])
    agree = x_counts == [len(entry.solutions) for entry in booklet]
    caveat = (extras.CAVEAT if extras else None) or "the exact-cover form is not the whole game"
    differ = "" if agree else f"  (counts differ: {caveat})"
    print(f"baseline Algorithm X (dict of sets): booklet {_ms(x_total)}  "
          f"-> ours is {x_total / total:.1f}x faster{differ}")
    covers = _xcover()
    if covers is None:
        print("baseline xcover: not installed (pip install 'iqpuzzles[bench]'), skipped")
    else:
        def run_xcover(form, limit):
            options, primary, secondary = form
            count = 0
            for _ in covers([list(o) for o in options], primary=list(primary),
                            secondary=list(secondary) or None):
                count += 1
                if count >= limit:
                    break
            return count

        run_xcover(forms[0], 1)  # compile (numba) outside the timing
        per = []
        for form, limit in zip(forms, limits, strict=True):
            per.append(_time(partial(run_xcover, form, limit))[0])
        print(f"baseline xcover (compiled DLX): booklet {_ms(sum(per))} (max {_ms(max(per))})"
              f"  -> ours takes {total / sum(per):.1f}x as long")
    if not quick:
        empty_form = g.exact_cover(empty)
        budget = 60.0
        covers_found = 0

        def count_x() -> int:
            nonlocal covers_found
            deadline = time.perf_counter() + budget
            for _ in algorithm_x.solve(*empty_form, deadline=deadline):
                covers_found += 1
            return covers_found

        try:
            x_empty, x_empty_count = _time(count_x)
            print(f"baseline Algorithm X, empty board: {x_empty_count} in {_ms(x_empty)} "
                  f"-> ours is {x_empty / empty_time:.1f}x faster")
        except algorithm_x.OutOfTime:
            print(f"baseline Algorithm X, empty board: stopped after {budget:.0f} s with "
                  f"{covers_found} covers -> ours is more than "
                  f"{budget / empty_time:.1f}x faster")
        if covers is not None:
            options, primary, secondary = empty_form
            xc_empty, xc_count = _time(lambda: sum(1 for _ in covers(
                [list(o) for o in options], primary=list(primary),
                secondary=list(secondary) or None)))
            print(f"baseline xcover, empty board: {xc_count} in {_ms(xc_empty)}")
    return figures


def bench_generation(g, seeds: int) -> None:
    from ..core.game import LEVELS
    from ..generate import rank_correlation

    print(f"generation ({seeds} seeds a level; each challenge proven unique):")
    for level in LEVELS:
        times = [_time(partial(g.generate, level, seed))[0] for seed in range(seeds)]
        print(f"  {level:8s} median {_ms(statistics.median(times))}  max {_ms(max(times))}")
    print(f"  difficulty score vs booklet level: Spearman rank correlation "
          f"{rank_correlation(g):.2f}")


def run(names: list[str], quick: bool = False) -> int:
    import platform

    print(f"python {platform.python_version()} ({platform.python_implementation()}) "
          f"on {platform.machine()}")
    for name in names:
        try:
            g = game(name)
        except ModuleNotFoundError:
            print(f"\n== {name}: not written yet ==")
            continue
        bench_game(name, quick)
        if g.can_generate:
            bench_generation(g, seeds=5 if quick else 12)
        extras = _extras(name)
        if extras is not None:
            extras.extra()
    return 0
