"""IQ-Link's tables for the shared search: every piece placement that fits the board as
an exact-cover row, with the 12 pieces as primary columns and the 192 peg bits (8 a
peg, vocabulary.py) as secondary ones; the ball and ring bits are the slots of a SlotCover.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from random import Random

from ..core.parts import Solver
from ..core.position import Setup
from ..core.reasoning import Board
from ..core.search import SearchStats, SlotCover
from .vocabulary import (
    BALL,
    BITS_PER_PEG,
    DIRECTIONS,
    FIRST_HALF,
    PEG_COUNT,
    PEGS,
    PIECES,
    Placed,
    valid_orientations,
)

PIECE_BITS = PEG_COUNT * BITS_PER_PEG  # the exact cover's piece columns start here
ALL_PIECES = (1 << len(PIECES)) - 1
MEMO_LIMIT = 1_000_000  # sub-board counts remembered by a count (about 400 MB)


class Tables:
    """Every (peg, piece, orientation) that fits the board, as exact-cover rows:
    the peg mask (secondary columns) plus one column per piece (primary).

    The ball and ring bits of the pegs are the slots of a SlotCover: 16 balls and
    the 6 closed rings (which no ball can join) take a ball slot, 20 rings a ring
    slot, on 24 pegs, so a branch dies as soon as fewer free slots of a kind can
    still be reached than the pieces to place need. Leaving a ball slot empty is a
    branch; a ring slot is branched on only once none is to spare. Sub-boards proven
    dead are remembered."""

    def __init__(self) -> None:
        self.placed: list[Placed] = []
        rows = []
        for p, piece in enumerate(PIECES):
            for orientation in range(len(valid_orientations(piece))):
                for peg in range(PEG_COUNT):
                    placed = Placed(peg, piece, orientation)
                    if placed.fits():
                        self.placed.append(placed)
                        rows.append(placed.search_mask | 1 << (PIECE_BITS + p))
        self.index = {placed: i for i, placed in enumerate(self.placed)}
        self.masks = [placed.mask for placed in self.placed]
        ball_slots = sum(BALL << (BITS_PER_PEG * peg) for peg in range(PEG_COUNT))
        self.cover = SlotCover(rows, primary=ALL_PIECES << PIECE_BITS,
                               kinds=(ball_slots, ball_slots << 1), leave_empty=(True, False),
                               remember_dead=True)
        # the rows of piece A with the origin on pegs M-X: off for the empty board, whose
        # solutions then come once per pair of 180-degree twins, in canonical form
        self.a_second_half = 0
        for i, placed in enumerate(self.placed):
            if placed.piece == "A" and placed.peg >= FIRST_HALF:
                self.a_second_half |= 1 << i

    def start(self, placed: Sequence[Placed]) -> tuple[int, int] | None:
        """(rows alive, pieces to place) after `placed` (nothing placed: piece A on
        A-L only); None if they do not go together."""
        cover = self.cover
        alive = cover.all_rows
        uncovered = cover.primary
        if not placed:
            alive &= ~self.a_second_half
        for piece in placed:
            row = self.index.get(piece)
            if row is None or not alive >> row & 1:
                return None
            alive &= ~cover.conflicts[row]
            uncovered &= ~cover.rows[row]
        return alive, uncovered

    def count(self, placed: Sequence[Placed], stats: SearchStats | None = None) -> int:
        """The number of completions of `placed`, remembering the count of every sub-board
        met (it saves about a third of the nodes on the empty board), at most
        `MEMO_LIMIT` of them at a time."""
        begun = self.start(placed)
        if begun is None:
            return 0
        return self.cover.count(*begun, stats=stats, memo_limit=MEMO_LIMIT)


@cache
def tables() -> Tables:
    """The tables, built on first use (a fifth of a second) and kept."""
    return Tables()


class LinkSolver(Solver[Placed]):
    """Slot cover of the pegs' ball and ring slots."""

    def complete(self, setup: Setup[Placed], placed: tuple[Placed, ...],
                 limit: int | None = None, stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[Placed, ...]]:
        """Every completion of `placed`: the pieces to add (lazily, as found; nothing
        placed: piece A on A-L, one game of each pair of 180-degree twins)."""
        t = tables()
        begun = t.start(placed)
        if begun is None:
            return
        for rows in t.cover.solve(*begun, limit, stats, rng):
            yield tuple(t.placed[row] for row in rows)

    def legal(self, setup: Setup[Placed], placed: tuple[Placed, ...],
              piece: str | None) -> Iterator[Placed]:
        """Every placement of `piece` (or of any piece not yet down) that goes with
        `placed`."""
        t = tables()
        occupied = 0
        for other in placed:
            occupied |= other.mask
        down = {other.piece for other in placed}
        for candidate, mask in zip(t.placed, t.masks, strict=True):
            if (piece is None or candidate.piece == piece) and candidate.piece not in down \
                    and not mask & occupied:
                yield candidate

    def canonical(self, setup: Setup[Placed], placed: Sequence[Placed]) -> tuple[Placed, ...]:
        """The pieces as the canonical form writes them (A-L when written): turned 180
        degrees when piece A's origin is on M-X (docs/games/link.md §6)."""
        if any(p.piece == "A" and p.peg >= FIRST_HALF for p in placed):
            return tuple(p.rotated() for p in placed)
        return tuple(placed)

    def exact_cover(self, setup: Setup[Placed]) -> tuple[list[list[str]], list[str], list[str]]:
        """The board after the challenge's pieces as a plain exact-cover problem (for the
        benchmark baselines): options are the rows the search starts from; items are the
        pieces (primary) and the peg bits (secondary: "B.ball", "B.ring", "B.NE"...)."""
        t = tables()
        begun = t.start(setup.fixed)
        if begun is None:
            return [], list(PIECES), []
        alive, uncovered = begun
        names = [f"{PEGS[i // 8]}.{('ball', 'ring', *DIRECTIONS)[i % 8]}"
                 for i in range(PIECE_BITS)] + list(PIECES)
        options = [[names[c] for c in range(len(names)) if t.cover.rows[r] >> c & 1]
                   for r in range(len(t.placed)) if alive >> r & 1]
        used: set[str] = set()
        for option in options:
            used.update(option)
        primary = [names[c] for c in range(PIECE_BITS, len(names)) if uncovered >> c & 1]
        secondary = [names[c] for c in range(PIECE_BITS) if names[c] in used]
        return options, primary, secondary

    def board(self, setup: Setup[Placed], placed: tuple[Placed, ...]) -> Board | None:
        t = tables()
        start = t.start(placed)
        if start is None:
            return None
        return Board(t.cover, t.placed, *start, t.cover.primary)
