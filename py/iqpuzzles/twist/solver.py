"""IQ-Twist as exact cover: every (piece, orientation, location) that fits, as rows.

Columns 0-31 are the locations, 32-39 the pieces. All 8 orientations are kept: pegs can
make one weak twin legal and the other not, so the weak-symmetry reduction happens per
challenge (keep the lowest twin that is legal with the pegs).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from random import Random

from ..core.parts import Solver
from ..core.position import Setup
from ..core.reasoning import Board
from ..core.search import ExactCover, SearchStats
from .vocabulary import (
    CELLS,
    COLOURS,
    FULL_BOARD,
    HEIGHT,
    PIECE_COLOUR,
    PIECES,
    VOCABULARY,
    WIDTH,
    Peg,
    Placed,
    location_code,
    pegs_of,
)


class Tables:
    def __init__(self) -> None:
        self.placed: list[Placed] = []
        rows = []
        for p, piece in enumerate(PIECES):
            for orientation in range(8):
                for row in range(HEIGHT):
                    for column in range(WIDTH):
                        placed = Placed(piece, column, row, orientation)
                        if placed.fits():
                            self.placed.append(placed)
                            rows.append(placed.cells | 1 << (CELLS + p))
        self.index = {placed: i for i, placed in enumerate(self.placed)}
        self.cover = ExactCover(rows, primary=(1 << (CELLS + len(PIECES))) - 1)
        # rows that a peg of a colour on a location rules out
        self.killed = {(colour, location): 0 for colour in COLOURS for location in range(CELLS)}
        for i, placed in enumerate(self.placed):
            for index, hole in placed.loops():
                for colour in COLOURS:
                    if not (hole and PIECE_COLOUR[placed.piece] == colour):
                        self.killed[colour, index] |= 1 << i
        # weak twins: rows of one piece covering the same cells
        groups: dict[tuple[str, int], int] = {}
        for i, placed in enumerate(self.placed):
            key = (placed.piece, placed.cells)
            groups[key] = groups.get(key, 0) | 1 << i
        self.twins = [groups[placed.piece, placed.cells] for placed in self.placed]
        self.base_alive = 0
        self.twins_at: list[list[int]] = [[] for _ in range(CELLS)]
        for (_, cells), group in groups.items():
            self.base_alive |= group & -group
            if group & (group - 1):
                for location in range(CELLS):
                    if cells >> location & 1:
                        self.twins_at[location].append(group)

    def alive_with_pegs(self, pegs: Sequence[Peg]) -> tuple[int, int]:
        """(rows legal with these pegs, the same reduced to the lowest legal twin)."""
        legal = self.cover.all_rows
        for peg in pegs:
            legal &= ~self.killed[peg.colour, peg.index]
        reduced = self.base_alive & legal
        for peg in pegs:
            for group in self.twins_at[peg.index]:
                twins = group & legal
                reduced = (reduced & ~group) | (twins & -twins)
        return legal, reduced

    def lowest_twin(self, placed: Placed, legal: int) -> Placed:
        """The weak twin of `placed` (or itself) legal with the pegs (`legal` rows) that
        comes first: the lowest orientation at the lowest reference point."""
        row = self.index.get(placed)
        twins = self.twins[row] & legal if row is not None else 0
        return self.placed[(twins & -twins).bit_length() - 1] if twins else placed

    def start(self, setup: Setup[Placed], placed: Sequence[Placed]) -> tuple[int, int] | None:
        """(rows alive, locations uncovered) once `placed` is down; None if one of them is
        not legal with the pegs."""
        legal, alive = self.alive_with_pegs(pegs_of(setup))
        # branch on locations only: the loops add up to the 32 locations, so covering
        # them all uses every piece once (the piece columns still rule out reuse)
        uncovered = FULL_BOARD
        for piece in placed:
            row = self.index[piece]
            if not legal >> row & 1:
                return None
            alive &= ~self.cover.conflicts[row]
            uncovered &= ~self.cover.rows[row]
        return alive, uncovered


# location -> the locations beside it (up, down, left, right): where gaps are
NEIGHBOURS = dict(enumerate(VOCABULARY.neighbours))


@cache
def tables() -> Tables:
    return Tables()


class TwistSolver(Solver[Placed]):
    """Exact cover of the 32 locations and the 8 pieces, pegs as filters (twist.md §6)."""

    def complete(self, setup: Setup[Placed], placed: tuple[Placed, ...],
                 limit: int | None = None, stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[Placed, ...]]:
        t = tables()
        start = t.start(setup, placed)
        if start is None:
            return
        for rows in t.cover.solve(*start, limit, stats, rng):
            yield tuple(t.placed[row] for row in rows)

    def legal(self, setup: Setup[Placed], placed: tuple[Placed, ...],
              piece: str | None) -> Iterator[Placed]:
        """The course's viable piece placements (§6.1), weak twins reduced."""
        t = tables()
        start = t.start(setup, placed)
        if start is None:
            return
        alive = start[0]
        on = {p.piece for p in placed}
        for i, candidate in enumerate(t.placed):
            if alive >> i & 1 and candidate.piece not in on and piece in (None, candidate.piece):
                yield candidate

    def canonical(self, setup: Setup[Placed], placed: Sequence[Placed]) -> tuple[Placed, ...]:
        """Pieces a-h, each as its lowest weak twin legal with the pegs."""
        t = tables()
        legal_rows, _ = t.alive_with_pegs(pegs_of(setup))
        return tuple(t.lowest_twin(p, legal_rows) for p in sorted(placed, key=lambda p: p.piece))

    def board(self, setup: Setup[Placed], placed: tuple[Placed, ...]) -> Board | None:
        t = tables()
        return Board.of_pieces(t.cover, t.placed, t.start(setup, placed), PIECES, CELLS, placed,
                               {i: location_code(i) for i in range(CELLS)}, NEIGHBOURS)

    def exact_cover(self, setup: Setup[Placed]) -> tuple[list[list[str]], list[str], list[str]]:
        """Options are the rows the search would start from, items locations and pieces."""
        t = tables()
        start = t.start(setup, setup.fixed)
        alive, _ = start if start else (0, 0)
        uncovered = t.cover.primary
        for piece in setup.fixed:
            uncovered &= ~t.cover.rows[t.index[piece]]
        names = [location_code(i) for i in range(CELLS)] + list(PIECES)
        options = [[names[c] for c in range(len(names)) if t.cover.rows[r] >> c & 1]
                   for r in range(len(t.placed)) if alive >> r & 1]
        return options, [names[c] for c in range(len(names)) if uncovered >> c & 1], []

