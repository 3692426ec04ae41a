"""`python -m iqpuzzles bench [GAME...]`: solver figures, printed, never asserted.

For each game: the time to solve every booklet challenge and prove its solution
count (unique, or the listed number), as median / 95th percentile / max / total;
the time to enumerate every solution of the empty board; and the same work done
by two baselines, a plain-Python Algorithm X (dict of sets) and the `xcover`
library (compiled DLX; optional, `pip install iqpuzzles[bench]`), with ratios.
Every game takes part through its declared hooks `exact_cover(challenge)` (its
exact-cover form, for the baselines) and `empty_challenge()` (the challenge whose
solutions are all games). A game's own extra figures live in `tools/bench/<game>.py`:
`EMPTY` (a sub-board to time instead, where the whole board takes minutes), `CAVEAT`
(what the baselines' exact-cover form misses) and `extra(quick)` (more figures).
"""

from __future__ import annotations

import importlib
import importlib.util
import statistics
import time
from collections.abc import Callable, Iterator
from functools import partial
from types import ModuleType
from typing import Any

from ... import game
from ...core.game import Game
from ...generate import generate
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


def _xcover() -> Callable[..., Iterator[Any]] | None:
    try:
        import xcover  # noqa: F401
    except ImportError:
        return None
    import warnings

    warnings.filterwarnings("ignore")
    from xcover import covers

    found: Callable[..., Iterator[Any]] = covers
    return found


def _solutions(g: Game[Any], challenge: str, limit: int) -> list[str]:
    return list(g.strings.solutions(challenge, limit))


def _extras(name: str) -> ModuleType | None:
    """tools/bench/<game>.py, if the game has figures of its own."""
    module = f"{__name__}.{name}"
    return importlib.import_module(module) if importlib.util.find_spec(module) else None


def bench_game(name: str, quick: bool = False) -> dict[str, Any]:
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
    figures["hints"] = bench_hints(g)

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
        def run_xcover(form: tuple[list[list[str]], list[str], list[str]],
                       limit: int) -> int:
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


def bench_hints(g: Game[Any]) -> tuple[float, float]:
    """The hint ladder on each booklet challenge's start, its rungs asked in turn as a
    player presses Hint three times: (median of the first rung, of the two after)."""
    first, after = [], []
    for entry in g.challenges:
        position = g.position(entry.challenge)
        first.append(_time(partial(position.hint, 1))[0])
        after += [_time(partial(position.hint, level))[0] for level in (2, 3)]
    print(f"hint ladder, each booklet start: rung 1 median {_ms(statistics.median(first))}  "
          f"max {_ms(max(first))}; rungs 2 and 3 median {_ms(statistics.median(after))}  "
          f"max {_ms(max(after))}")
    return statistics.median(first), statistics.median(after)


def generation_figures(g: Game[Any], seeds: int) -> dict[str, dict[str, Any]]:
    """Per level, over seeds 0..seeds-1: the challenges, their keys modulo the board's
    symmetry, grades, times (CPU), booklet hits, level checks and (games where the
    playing order matters) the solutions in any order."""
    from ...core.game import LEVELS
    from ..levels import challenge_key, grade_of, is_booklet, level_of

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
            "grades": [grade_of(g, c) for c in challenges],
            "times": times,
            "booklet": sum(is_booklet(g, c) for c in challenges),
            "unique": sum(g.strings.count_solutions(c, 2) == 1 for c in challenges),
            "elsewhere": sum(level_of(g, c) != level for c in challenges),
            "any_order": [g.strings.count_any_order(c, ANY_ORDER_LIMIT) for c in challenges]
            if g.ordering else [],
        }
    return figures


ANY_ORDER_LIMIT = 100  # solutions counted in any playing order, at most


def techniques_of(g: Game[Any]) -> list[Any]:
    """The techniques a game's grades may name, easiest first: the core's and its own."""
    from ...core.reasoning import TECHNIQUES

    board = g.solver.board(g.setup(g.empty_challenge()), ())
    own = [d.technique for d in board.deductions] if board is not None else []
    return sorted({*TECHNIQUES, *own})


def profile(grades: list[Any], techniques: list[Any]) -> str:
    """The share of grades that needed each technique at least once, and (in brackets) the
    share whose hardest it was."""
    n = max(1, len(grades))
    return "  ".join(f"{t.name} {100 * sum(gr.count(t) > 0 for gr in grades) / n:3.0f}%"
                     f"({100 * sum(gr.hardest == t for gr in grades) / n:.0f})"
                     for t in techniques)


def bench_generation(g: Game[Any], seeds: int) -> dict[str, dict[str, Any]]:
    """Prints, per level: its pool's size, distinct challenges over the seeds (modulo the
    board's symmetry), booklet hits, challenges outside their level, the grade median
    against the booklet's, the technique profile, (IQ-Steps) uniqueness in any playing
    order against the booklet's, and the generation time (CPU, the first call's set-up
    apart); then the grade's agreement with the level, for these and for the booklet."""
    from ...core.game import LEVELS
    from ...generate import pool_sizes
    from ..levels import (
        booklet_grades,
        booklet_scores,
        level_bands,
        rank_correlation,
        spearman,
    )

    began = time.process_time()
    generate(g, LEVELS[0], 0)  # tables, the pools
    print(f"generation: set-up {_ms(time.process_time() - began)} (tables, the pools); "
          f"seeds 0-{seeds - 1} at each level, each challenge proven unique; times are CPU")
    sizes = pool_sizes(g)
    print("  pools: " + ", ".join(f"{level} {sizes[level]:,}" for level in LEVELS)
          + " (bands of grade scores: " + ", ".join(
              f"{level} {low:g}-{high:g}" for level, (low, high) in level_bands(g).items())
          + ")")
    figures = generation_figures(g, seeds)
    scored = booklet_scores(g)
    techniques = techniques_of(g)
    booklet_any: dict[str, list[int]] = {}
    if g.ordering:
        for entry in g.challenges:
            booklet_any.setdefault(entry.level, []).append(
                g.strings.count_any_order(entry.challenge, ANY_ORDER_LIMIT))
    seen: dict[str, set[str]] = {level: set(f["keys"]) for level, f in figures.items()}
    print(f"  {'level':8s} {'distinct':>9s} {'booklet':>7s} {'other':>5s}  "
          f"{'grade median (booklet)':>22s}  {'time median':>12s} {'max':>11s}"
          + ("   any order unique (booklet)" if g.ordering else ""))
    for level in LEVELS:
        f = figures[level]
        n = len(f["challenges"])
        distinct = len(set(f["keys"]))
        others = sum(len(seen[level] & seen[other]) for other in LEVELS if other != level)
        # the middle grade itself (the lower of two): an average of two grades is none
        booklet = statistics.median_low([v for lv, v in scored if lv == level] or [0])
        mine = statistics.median_low([gr.score for gr in f["grades"]])
        line = (f"  {level:8s} {distinct:4d}/{n:<4d} {f['booklet']:7d} "
                f"{f['elsewhere'] + others:5d}  {_score_words(mine):>10s} "
                f"({_score_words(booklet):>9s})  "
                f"{_ms(statistics.median(f['times']))} {_ms(max(f['times']))}")
        if g.ordering:
            theirs = booklet_any.get(level, [])
            line += (f"   {sum(c == 1 for c in f['any_order']):3d}/{n} "
                     f"({sum(c == 1 for c in theirs)}/{len(theirs)})")
        print(line)
        print(f"           techniques needed: {profile(f['grades'], techniques)}")
    graded = booklet_grades(g)
    print("  the booklet's own challenges, by level:")
    for level in LEVELS:
        mine = [gr for lv, gr in graded if lv == level]
        print(f"  {level:8s} {len(mine):4d}      techniques needed: {profile(mine, techniques)}")
    print("  (distinct: of the seeds, modulo the board's symmetry; booklet: equal to a "
          "booklet challenge or its twin; other: outside the level's band or also given at "
          "another level; a technique's share needing it, and in brackets whose hardest it is)")
    levels = [float(LEVELS.index(level)) for level in LEVELS for _ in figures[level]["grades"]]
    scores = [float(gr.score) for level in LEVELS for gr in figures[level]["grades"]]
    print(f"  grade vs level, Spearman rank correlation: generated {spearman(levels, scores):.2f}"
          f", booklet {rank_correlation(g):.2f}")
    return figures


def plain_nodes(g: Game[Any], challenge: str) -> int:
    """The positions a plain search visits to solve a challenge and prove it has no other
    solution: no heuristic, the pieces in the game's order, each one's places in turn (an
    independent measure of how much trying a challenge takes)."""
    from ...core.bits import bits_of
    from ...core.search import SlotCover

    position = g.position(challenge)
    board = g.solver.board(position.setup, position.placed)
    if board is None:
        raise ValueError(f"{g.title} gives no board to search")
    cover = board.cover
    if isinstance(cover, SlotCover):
        alive, todo, _ = cover.begin(board.alive, board.todo)
        piece_rows, row_piece = cover.piece_rows, cover.row_piece
    else:
        alive, todo = board.alive, 0
        columns = list(bits_of(board.piece_columns))
        piece_rows = [cover.column_rows.get(c, 0) for c in columns]
        number = {c: 1 << p for p, c in enumerate(columns)}
        row_piece = [sum(number.get(c, 0) for c in bits_of(row & board.piece_columns))
                     for row in cover.rows]
        todo = sum(number[c] for c in bits_of(board.todo & board.piece_columns))
    conflicts = cover.conflicts  # the search's own (IQ-Steps: pairs that wait for each other)
    nodes = 0

    def search(alive: int, todo: int) -> None:
        nonlocal nodes
        nodes += 1
        if todo:
            piece = (todo & -todo).bit_length() - 1
            for row in bits_of(piece_rows[piece] & alive):
                search(alive & ~conflicts[row], todo & ~row_piece[row])

    search(alive, todo)
    return nodes


def _score_words(value: float) -> str:
    """A grade score as the technique and how often ("look 12")."""
    from ...core.reasoning import TECHNIQUES

    rank, often = divmod(int(value), 100)
    name = next((t.name for t in TECHNIQUES if t.rank == rank), str(rank))
    return f"{name} {often}"


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
            bench_generation(g, seeds=10 if quick else 200)
        extras = _extras(name)
        if extras is not None:
            extras.extra(quick)
    return 0
