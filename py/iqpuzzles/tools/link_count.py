"""Counting every complete IQ-Link game of the empty board.

    python -m iqpuzzles.tools.link_count [--processes 2] [--start BAA ...]

How: the board looks the same turned 180 degrees and no complete game is its own
image (piece A would have to be), so games come in twin pairs and the canonical
form keeps the twin with piece A's origin on pegs A-L. Piece A is therefore fixed
first: each of its placements with the origin on A-L is one sub-problem (a start
such as "BAA"), and the sub-problems are counted independently, spread over
several processes. Each is counted by the game's own search (the ball and ring
slot bounds, the most constrained column first, and a memo of the count of every
sub-board met: two different pasts that leave the same rows alive have the same
completions).

The answer, both ways of counting it, is in EMPTY_BOARD_CANONICAL / EMPTY_BOARD_GAMES.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

from ..core.search import SearchStats
from ..link import GAME
from ..link.solver import tables
from ..link.vocabulary import FIRST_HALF, Placed

Progress = Callable[[str, int, int, float, int, int], None]  # start, found, nodes, cpu...

# What this module counted (twice, the same per sub-problem; 42.6 million search
# nodes, 213 s of CPU, 416 s on 2 processes of a loaded 2-core machine): canonical
# games (piece A on A-L, one per 180-degree twin pair) and all complete games.
EMPTY_BOARD_CANONICAL = 25_000
EMPTY_BOARD_GAMES = 50_000
EMPTY_BOARD_NODES = 42_597_450
# the canonical games by the placement of piece A
EMPTY_BOARD_BY_A = {
    "BAA": 185, "BAD": 3090, "CAA": 64, "CAD": 2109, "DAA": 112, "DAD": 2338, "EAA": 103,
    "EAD": 2191, "GAB": 466, "GAC": 74, "GAE": 1634, "GAF": 1, "HAA": 174, "HAB": 508,
    "HAC": 1123, "HAD": 107, "HAE": 312, "HAF": 1018, "IAA": 194, "IAB": 942, "IAC": 974,
    "IAD": 112, "IAE": 801, "IAF": 660, "JAA": 536, "JAB": 677, "JAC": 701, "JAD": 442,
    "JAE": 225, "JAF": 373, "KAA": 364, "KAB": 651, "KAC": 378, "KAD": 478, "KAE": 324,
    "KAF": 559,
}


def starts() -> list[str]:
    """Every legal placement of piece A with its origin on pegs A-L: the sub-problems."""
    return sorted(str(placed) for placed in GAME.solver.legal(GAME.setup(""), (), "A")
                  if placed.peg < FIRST_HALF)


def count_start(start: str, stats: SearchStats | None = None) -> int:
    """The complete games that contain `start` (a placement string), counted."""
    return tables().count(_pieces(start), stats)


def _count_job(start: str) -> tuple[str, int, int, float]:
    stats = SearchStats()
    began = time.process_time()
    found = count_start(start, stats)
    return start, found, stats.nodes, time.process_time() - began


def count_empty_board(processes: int = 2, subproblems: list[str] | None = None,
                      progress: Progress | None = None) -> dict[str, Any]:
    """Count the canonical games of the empty board (or of the given sub-problems).

    Returns {"canonical", "games", "subproblems", "nodes", "seconds", "per_start"}."""
    began = time.perf_counter()
    jobs = starts() if subproblems is None else list(subproblems)
    # the biggest sub-problems first, so that the processes finish together: the rows
    # left alive by piece A are a fair guess of the work (splitting further, by the
    # placements of a second piece, was measured: a third more nodes, for the memo
    # is no longer shared)
    jobs.sort(key=lambda job: -_alive_rows(job))
    per_start: dict[str, tuple[int, int, float]] = {}
    if processes > 1 and len(jobs) > 1:
        import multiprocessing

        tables()  # built once, before the fork, and shared
        with multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn") \
                .Pool(processes) as pool:
            for start, found, nodes, cpu in pool.imap_unordered(_count_job, jobs):
                per_start[start] = (found, nodes, cpu)
                if progress:
                    progress(start, found, nodes, cpu, len(per_start), len(jobs))
    else:
        for job in jobs:
            start, found, nodes, cpu = _count_job(job)
            per_start[start] = (found, nodes, cpu)
            if progress:
                progress(start, found, nodes, cpu, len(per_start), len(jobs))
    canonical = sum(found for found, _, _ in per_start.values())
    return {"canonical": canonical, "games": 2 * canonical, "subproblems": len(jobs),
            "nodes": sum(nodes for _, nodes, _ in per_start.values()),
            "seconds": time.perf_counter() - began, "per_start": per_start}


def _pieces(start: str) -> tuple[Placed, ...]:
    pieces, _ = GAME.notation.read(start)
    return pieces


def _alive_rows(start: str) -> int:
    begun = tables().start(_pieces(start))
    return begun[0].bit_count() if begun else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m iqpuzzles.tools.link_count",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--start", nargs="*", help="count only these sub-problems")
    args = parser.parse_args(argv)

    def progress(start: str, found: int, nodes: int, cpu: float, done: int,
                 total: int) -> None:
        print(f"[{done}/{total}] {start}: {found} games, {nodes} nodes, {cpu:.1f} s cpu",
              flush=True)

    result = count_empty_board(args.processes, args.start, progress)
    print(f"canonical games: {result['canonical']}  (all games, both twins: "
          f"{result['games']})  sub-problems: {result['subproblems']}  "
          f"nodes: {result['nodes']}  wall: {result['seconds']:.1f} s "
          f"on {args.processes} processes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
