"""IQ-Link figures the generic bench does not print: the whole empty board is minutes of
search (python -m iqpuzzles.tools.link_count), so `extra()` counts a bounded sample of it, and
`EMPTY` is the sub-board to time as the bench's "empty board"."""

from __future__ import annotations

import os

from ..link_count import (
    EMPTY_BOARD_BY_A,
    EMPTY_BOARD_CANONICAL,
    EMPTY_BOARD_GAMES,
    EMPTY_BOARD_NODES,
    count_empty_board,
    starts,
)

EMPTY = "BAAHBATCJ"  # the stand-in to time as the "empty board" (1 solution)
CAVEAT: str | None = None  # the exact-cover form is the whole game: the counts agree
FULL_COUNT_ENV = "IQPUZZLES_LINK_FULL_COUNT"  # bench link counts the whole board if set
BENCH_STARTS = ("BAA", "IAB")  # the sub-problems bench link counts by default


def extra(quick: bool = False) -> None:
    """bench link's empty-board lines: bounded unless FULL_COUNT_ENV is set."""
    print(f"note: a bounded 'empty board' is the sub-board {EMPTY} "
          "(the whole board is minutes of search)")
    print(f"empty board, every complete game (python -m iqpuzzles.tools.link_count; "
          f"{FULL_COUNT_ENV}=1 counts it all here):")
    everything = os.environ.get(FULL_COUNT_ENV)
    jobs = None if everything else list(BENCH_STARTS)
    result = count_empty_board(processes=2, subproblems=jobs)
    nodes, seconds = result["nodes"], result["seconds"]
    what = "the whole empty board" if jobs is None else \
        f"{len(jobs)} of the {len(starts())} placements of piece A ({', '.join(jobs)})"
    expected = EMPTY_BOARD_CANONICAL if jobs is None else \
        sum(EMPTY_BOARD_BY_A[start] for start in jobs)
    agree = "as known" if result["canonical"] == expected else f"EXPECTED {expected}"
    rate = nodes / max(seconds, 1e-9)
    print(f"  counted {what}: {result['canonical']} canonical games ({agree}), "
          f"{nodes} nodes in {seconds:.2f} s on 2 processes ({rate:,.0f} nodes/s)")
    print(f"  the whole board: {EMPTY_BOARD_CANONICAL} canonical games, "
          f"{EMPTY_BOARD_GAMES} counting both 180-degree twins; its "
          f"{EMPTY_BOARD_NODES / 1e6:.1f} million nodes take about "
          f"{EMPTY_BOARD_NODES / rate:.0f} s at this rate")
