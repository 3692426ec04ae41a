"""The tiny game's board and pieces: four trominoes fill a board of 4 columns and 3 rows
(tests/tiny/__init__.py says why it exists).

A location is a column 1-4 then a row A-C ("2B"); a piece is a-d (a and b straight, c
and d bent), placed with the top left corner of its box on a location.
"""

from __future__ import annotations

from dataclasses import dataclass

from iqpuzzles.core.geometry import normalise, rotate_cw
from iqpuzzles.core.position import GridPlacement
from iqpuzzles.core.vocabulary import Piece, Vocabulary, grid_neighbours

COLUMNS, ROWS = "1234", "ABC"
WIDTH, HEIGHT = len(COLUMNS), len(ROWS)
CELLS = WIDTH * HEIGHT
PIECES = "abcd"
COLOUR = {"a": "red", "b": "blue", "c": "green", "d": "yellow"}
STRAIGHT = [(0, 0), (1, 0), (2, 0)]
BENT = [(0, 0), (0, 1), (1, 1)]


def _turns(cells: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The form and its quarter turns clockwise, each once."""
    found: list[list[tuple[int, int]]] = []
    for _ in range(4):
        cells = normalise(cells)
        if cells not in found:
            found.append(cells)
        cells = rotate_cw(cells)
    return found


FORMS = {piece: _turns(STRAIGHT if piece in "ab" else BENT) for piece in PIECES}


def location_code(index: int) -> str:
    return COLUMNS[index % WIDTH] + ROWS[index // WIDTH]


def _vocabulary() -> Vocabulary:
    pieces = []
    for piece in PIECES:
        orientations = tuple(str(o) for o in range(len(FORMS[piece])))
        rotate = {o: orientations[(k + 1) % len(orientations)]
                  for k, o in enumerate(orientations)}
        size = "3 squares in a line" if piece in "ab" else "3 squares, bent"
        pieces.append(Piece(piece, COLOUR[piece], size, orientations, rotate,
                            {o: o for o in orientations}))  # a tromino's flip is a turn
    return Vocabulary(
        locations=tuple(location_code(i) for i in range(CELLS)),
        rows=tuple(f"Row {ROWS[i // WIDTH]}" for i in range(CELLS)),
        neighbours=grid_neighbours(WIDTH, HEIGHT, {(i % WIDTH, i // WIDTH): i
                                                   for i in range(CELLS)}),
        pieces=tuple(pieces))


VOCABULARY = _vocabulary()


@dataclass(frozen=True)
class Placed(GridPlacement):
    """A piece with the top left corner of its box on a location."""

    def encode(self) -> str:
        return f"{self.piece}{COLUMNS[self.column]}{ROWS[self.row]}{self.orientation}"

    def squares(self) -> list[tuple[int, int]]:
        """(column, row) of each square, on the board or not."""
        return [(self.column + x, self.row + y) for x, y in
                FORMS[self.piece][self.orientation]]

    def fits(self) -> bool:
        return all(0 <= x < WIDTH and 0 <= y < HEIGHT for x, y in self.squares())

    @property
    def cells(self) -> int:
        """The locations it covers, a bit each (when it fits)."""
        return sum(1 << (y * WIDTH + x) for x, y in self.squares())
