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
from ..generate import generate
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
    return list(g.strings.solutions(challenge, limit))


def _extras(name: str) -> ModuleType | None:
    """bench/<game>.py, if the game has figures of its own."""
    module = f"{__name__}.{name}"
    return importlib.import_module(module) if importlib.util.find_spec(module) else None


def bench_game(name: str, quick: bool = False) -> dict:
    g = game(name)
    print(f"\n== {g.title} ==")
    booklet = g.challenges
    # warm the precomputed tables outside the timings (a one-off cost, printed)
    setup, _ = _time(lambda: g.strings.count_solutions(booklet[0].challenge, 2))
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
    empty_time, empty_count = _time(lambda: g.strings.count_solutions(empty, None))
    print(f"empty board: {empty_count} solutions in {_ms(empty_time)}")
    figures["empty"] = (empty_count, empty_time)

    if quick:
        return figures
    forms = [g.solver.exact_cover(g.setup(entry.challenge)) for entry in booklet]
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
        empty_form = g.solver.exact_cover(g.setup(empty))
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


def generation_figures(g: Game, seeds: int) -> dict[str, dict[str, Any]]:
    """Per level, over seeds 0..seeds-1: the challenges, their keys modulo the board's
    symmetry, scores, times (CPU), booklet hits, level checks and (games where the
    playing order matters) the solutions in any order."""
    from ..core.game import LEVELS
    from ..generate import challenge_key, is_booklet, level_of, score

    figures: dict[str, dict[str, Any]] = {}
    for level in LEVELS:
        challenges, times = [], []
        for seed in range(seeds):
            began = time.process_time()
            challenges.append(generate(g, level, seed))
            times.append(time.process_time() - began)
        figures[level] = {
            "challenges": challenges,
            "keys": [challenge_key(g, c) for c in challenges],
            "scores": [score(g, c) for c in challenges],
            "times": times,
            "booklet": sum(is_booklet(g, c) for c in challenges),
            "unique": sum(g.strings.count_solutions(c, 2) == 1 for c in challenges),
            "elsewhere": sum(level_of(g, c) != level for c in challenges),
            "any_order": [g.strings.count_any_order(c, ANY_ORDER_LIMIT) for c in challenges]
            if g.ordering else [],
        }
    return figures


ANY_ORDER_LIMIT = 100  # solutions counted in any playing order, at most


def bench_generation(g: Game, seeds: int) -> dict[str, dict[str, Any]]:
    """Prints, per level: distinct challenges per 100 seeds (modulo the board's
    symmetry), repeats, booklet hits, challenges outside their level, the difficulty
    median against the booklet's, (IQ-Steps) uniqueness in any playing order against
    the booklet's, and the generation time (CPU, the first call's set-up apart)."""
    from ..core.game import LEVELS
    from ..generate import _booklet_scores, level_targets, rank_correlation

    began = time.process_time()
    generate(g, LEVELS[0], "warm-up")  # tables, booklet scores, the list of every game
    print(f"generation: set-up {_ms(time.process_time() - began)} (tables, booklet "
          f"scores, the list of every game); {seeds} seeds a level, each challenge proven "
          f"unique; times are CPU")
    figures = generation_figures(g, seeds)
    booklet_scores = _booklet_scores(g)
    targets = level_targets(g)
    booklet_any: dict[str, list[int]] = {}
    if g.ordering:
        for entry in g.challenges:
            booklet_any.setdefault(entry.level, []).append(
                g.strings.count_any_order(entry.challenge, ANY_ORDER_LIMIT))
    seen: dict[str, set[str]] = {level: set(f["keys"]) for level, f in figures.items()}
    print(f"  {'level':8s} {'distinct':>8s} {'twins':>5s} {'booklet':>7s} {'other':>5s}  "
          f"{'score median (booklet, aim)':>28s}  {'time median':>12s} {'max':>11s}"
          + ("   any order unique (booklet), median solutions" if g.ordering else ""))
    for level in LEVELS:
        f = figures[level]
        n = len(f["challenges"])
        distinct = len(set(f["keys"]))
        twins = len(set(f["challenges"])) - distinct  # same challenge turned or mirrored
        others = sum(len(seen[level] & seen[other]) for other in LEVELS if other != level)
        booklet = statistics.median([v for lv, v in booklet_scores if lv == level] or [0])
        line = (f"  {level:8s} {100 * distinct / n:7.0f}% {twins:5d} {f['booklet']:7d} "
                f"{f['elsewhere'] + others:5d}  {statistics.median(f['scores']):9.0f} "
                f"({booklet:6.0f}, {targets[level].middle:6.0f})     "
                f"{_ms(statistics.median(f['times']))} {_ms(max(f['times']))}")
        if g.ordering:
            mine, theirs = f["any_order"], booklet_any.get(level, [])
            line += (f"   {sum(c == 1 for c in mine):3d}/{n} ({sum(c == 1 for c in theirs)}"
                     f"/{len(theirs)}), {statistics.median(mine):.0f} "
                     f"({statistics.median(theirs) if theirs else 0:.0f})")
        print(line)
    print("  (distinct: per 100 seeds, modulo the board's symmetry; twins: distinct strings "
          "that are one challenge turned or mirrored; booklet: equal to a booklet challenge "
          "or its twin; other: outside the level's band or also given at another level)")
    print(f"  difficulty score vs booklet level: Spearman rank correlation "
          f"{rank_correlation(g):.2f}")
    return figures


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
            bench_generation(g, seeds=10 if quick else 100)
        extras = _extras(name)
        if extras is not None:
            extras.extra()
    return 0
