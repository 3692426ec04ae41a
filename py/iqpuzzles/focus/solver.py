"""IQ-Focus as exact cover: every placement that fits, once, as a row of bitmasks.

Columns 0-42 are the locations, 43-52 the pieces. Only canonical orientations are rows
(f2, f3, g2 and g3 are the same moves as f0, f1, g0, g1), so every solution found is
canonical and counted once. `killed[k, colour]` is the set of rows that put another
colour on centre square k, so a challenge is the rows it leaves alive.

The search is asked to cover the 43 location columns only: the piece columns still keep
a piece from being placed twice (they are in every row's conflicts), and as the ten
sizes add up to 43, covering every location uses every piece. Not branching on piece
columns is about 15% faster (fewer columns to scan).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, reduce
from operator import or_
from random import Random

from ..core.bits import bits_of, mask_of
from ..core.parts import Solver
from ..core.position import Setup
from ..core.reasoning import Board
from ..core.search import ExactCover, SearchStats
from .vocabulary import (
    ANY,
    CELLS,
    CENTRE,
    COLOURS,
    FORMS,
    FULL_BOARD,
    HEIGHT,
    PIECES,
    VOCABULARY,
    WIDTH,
    Placed,
    location_code,
    wanted,
)

ALIVE_CACHE = 4096  # challenges whose live rows are remembered


class Tables:
    """The rows, their placements, and the rows each centre colour rules out."""

    def __init__(self) -> None:
        self.placed: list[Placed] = []
        rows = []
        for p, piece in enumerate(PIECES):
            for orientation, form in enumerate(FORMS[piece]):
                if form.canonical != orientation:
                    continue
                for y in range(HEIGHT):
                    for x in range(WIDTH):
                        placed = Placed(piece, x, y, orientation)
                        if placed.off_board() is None:
                            self.placed.append(placed)
                            rows.append(placed.cells | 1 << (CELLS + p))
        self.index = {placed: i for i, placed in enumerate(self.placed)}
        self.cover = ExactCover(rows, primary=(1 << (CELLS + len(PIECES))) - 1)
        self.piece_rows = {piece: self.cover.column_rows[CELLS + p]
                           for p, piece in enumerate(PIECES)}
        self.killed = {(k, colour): 0 for k in range(9) for colour in COLOURS}
        for i, placed in enumerate(self.placed):
            for x, y, colour in placed.squares():
                if (x, y) in CENTRE:
                    k = CENTRE.index((x, y))
                    for other in COLOURS:
                        if other != colour:
                            self.killed[k, other] |= 1 << i
        self._alive: dict[str, int] = {}

    def alive(self, colours: str) -> int:
        """The rows that agree with a challenge's colours."""
        alive = self._alive.get(colours)
        if alive is None:
            alive = self.cover.all_rows
            for k, colour in enumerate(colours):
                if colour != ANY:
                    alive &= ~self.killed[k, colour]
            if len(self._alive) < ALIVE_CACHE:
                self._alive[colours] = alive
        return alive

    def start(self, colours: str, placed: Sequence[Placed]) -> tuple[int, int] | None:
        """(the rows still alive, the locations still to cover) once `placed` is down: the
        rows that use none of its columns. None when a piece of it is off the board or
        against the colours, or two of them overlap."""
        alive = self.alive(colours)
        chosen = [self.index.get(p.canonical(), -1) for p in placed]
        if -1 in chosen:
            return None
        rows = [self.cover.rows[i] for i in chosen]
        used = reduce(or_, rows, 0)
        if mask_of(chosen) & ~alive or used.bit_count() != sum(r.bit_count() for r in rows):
            return None
        return alive & ~self.cover.rows_using(used), FULL_BOARD & ~used


# location -> the locations beside it (up, down, left, right): where gaps are
NEIGHBOURS = dict(enumerate(VOCABULARY.neighbours))


@cache
def tables() -> Tables:
    return Tables()



class FocusSolver(Solver[Placed]):
    """Exact cover of the board's squares, colours as filters."""

    def complete(self, setup: Setup[Placed], placed: tuple[Placed, ...],
                 limit: int | None = None, stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[Placed, ...]]:
        """Every way to finish the board: the pieces to add (canonical)."""
        t = tables()
        start = t.start(wanted(setup), placed)
        if start is None:
            return
        rows = t.placed
        for found in t.cover.solve(*start, limit, stats, rng):
            yield tuple(rows[r] for r in found)

    def count_completions(self, setup: Setup[Placed], limit: int | None) -> int:
        """The number of solutions of a challenge (at most `limit`)."""
        t = tables()
        return t.cover.count(t.alive(wanted(setup)), FULL_BOARD, limit)

    def legal(self, setup: Setup[Placed], placed: tuple[Placed, ...],
              piece: str | None) -> Iterator[Placed]:
        """Every canonical placement that may be played next: on the board, on free
        squares, of a piece not yet down (or of `piece`), of the colours the challenge
        wants."""
        t = tables()
        alive = (t.start(wanted(setup), placed) or (0, 0))[0]
        if piece is not None:
            alive &= t.piece_rows[piece]
        for row in bits_of(alive):
            yield t.placed[row]

    def canonical(self, setup: Setup[Placed], placed: Sequence[Placed]) -> tuple[Placed, ...]:
        """Pieces a to j, f2/f3/g2/g3 as f0/f1/g0/g1 (docs/games/focus.md §5)."""
        return tuple(p.canonical() for p in sorted(placed, key=lambda p: p.piece))

    def exact_cover(self, setup: Setup[Placed]) -> tuple[list[list[str]], list[str], list[str]]:
        """The challenge as plain exact cover (for the benchmark baselines): the options
        are the rows that agree with the colours, the items the locations and the pieces."""
        t = tables()
        alive = t.alive(wanted(setup))
        names = [location_code(i) for i in range(CELLS)] + list(PIECES)
        options = [[names[c] for c in bits_of(t.cover.rows[r])] for r in bits_of(alive)]
        return options, names, []

    def board(self, setup: Setup[Placed], placed: tuple[Placed, ...]) -> Board | None:
        t = tables()
        start = t.start(wanted(setup), placed)
        return Board.of_pieces(t.cover, t.placed, start, PIECES, CELLS, placed,
                               {i: location_code(i) for i in range(CELLS)}, NEIGHBOURS)
