"""The tiny game as exact cover: 12 locations and 4 pieces, a row per placement."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from random import Random

from iqpuzzles.core.parts import Solver
from iqpuzzles.core.position import Setup
from iqpuzzles.core.reasoning import Board
from iqpuzzles.core.search import ExactCover, SearchStats

from .vocabulary import CELLS, FORMS, HEIGHT, PIECES, VOCABULARY, WIDTH, Placed, location_code


class Tables:
    def __init__(self) -> None:
        self.placed = [placed for p in PIECES for o in range(len(FORMS[p]))
                       for row in range(HEIGHT) for column in range(WIDTH)
                       if (placed := Placed(p, column, row, o)).fits()]
        self.index = {placed: i for i, placed in enumerate(self.placed)}
        self.cover = ExactCover([p.cells | 1 << (CELLS + PIECES.index(p.piece))
                                 for p in self.placed], primary=(1 << CELLS + len(PIECES)) - 1)

    def start(self, placed: Sequence[Placed]) -> tuple[int, int]:
        """(rows alive, columns to cover) once `placed` is down."""
        alive, uncovered = self.cover.all_rows, self.cover.primary
        for piece in placed:
            row = self.index[piece]
            alive &= ~self.cover.conflicts[row]
            uncovered &= ~self.cover.rows[row]
        return alive, uncovered


@cache
def tables() -> Tables:
    return Tables()


class TinySolver(Solver[Placed]):
    def complete(self, setup: Setup[Placed], placed: tuple[Placed, ...],
                 limit: int | None = None, stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[Placed, ...]]:
        t = tables()
        for rows in t.cover.solve(*t.start(placed), limit, stats, rng):
            yield tuple(t.placed[row] for row in rows)

    def legal(self, setup: Setup[Placed], placed: tuple[Placed, ...],
              piece: str | None) -> Iterator[Placed]:
        t = tables()
        alive, _ = t.start(placed)
        return (p for i, p in enumerate(t.placed) if alive >> i & 1
                and piece in (None, p.piece))

    def canonical(self, setup: Setup[Placed], placed: Sequence[Placed]) -> tuple[Placed, ...]:
        return tuple(sorted(placed, key=lambda p: p.piece))

    def exact_cover(self, setup: Setup[Placed]) -> tuple[list[list[str]], list[str], list[str]]:
        t = tables()
        alive, uncovered = t.start(setup.fixed)
        names = [location_code(i) for i in range(CELLS)] + list(PIECES)
        options = [[names[c] for c in range(len(names)) if t.cover.rows[r] >> c & 1]
                   for r in range(len(t.placed)) if alive >> r & 1]
        return options, [names[c] for c in range(len(names)) if uncovered >> c & 1], []

    def board(self, setup: Setup[Placed], placed: tuple[Placed, ...]) -> Board | None:
        t = tables()
        alive, uncovered = t.start(placed)
        return Board(t.cover, t.placed, alive, uncovered, ((1 << len(PIECES)) - 1) << CELLS,
                     dict(enumerate(VOCABULARY.locations)),
                     dict(enumerate(VOCABULARY.neighbours)))
