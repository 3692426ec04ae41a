"""The tiny game's vocabulary, notation and rules: four trominoes fill a board of 4
columns and 3 rows (tests/tiny/__init__.py says why it exists).

A location is a column 1-4 then a row A-C ("2B"); a piece is a-d (a and b straight, c
and d bent); an item is `<piece><column><row><orientation>` ("c2B1"), the location being
the top left corner of the piece's box. A challenge is pieces already on the board.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from iqpuzzles.core.errors import (
    ChallengeError,
    IllegalPlacementError,
    PieceNames,
    PlacementError,
    Refusal,
    quote,
)
from iqpuzzles.core.geometry import normalise, rotate_cw
from iqpuzzles.core.notation import check_frame
from iqpuzzles.core.parts import Notation, Rules
from iqpuzzles.core.position import GridPlacement, Setup, played_in_order
from iqpuzzles.core.vocabulary import Piece, Vocabulary, grid_neighbours

COLUMNS, ROWS = "1234", "ABC"
WIDTH, HEIGHT = len(COLUMNS), len(ROWS)
CELLS = WIDTH * HEIGHT
PIECES = "abcd"
COLOUR = {"a": "red", "b": "blue", "c": "green", "d": "yellow"}
STRAIGHT = [(0, 0), (1, 0), (2, 0)]
BENT = [(0, 0), (0, 1), (1, 1)]


def _turns(cells: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The shape and its quarter turns clockwise, each once."""
    found: list[list[tuple[int, int]]] = []
    for _ in range(4):
        cells = normalise(cells)
        if cells not in found:
            found.append(cells)
        cells = rotate_cw(cells)
    return found


SHAPES = {piece: _turns(STRAIGHT if piece in "ab" else BENT) for piece in PIECES}


def location_code(index: int) -> str:
    return COLUMNS[index % WIDTH] + ROWS[index // WIDTH]


def _vocabulary() -> Vocabulary:
    pieces = []
    for piece in PIECES:
        orientations = tuple(str(o) for o in range(len(SHAPES[piece])))
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
                SHAPES[self.piece][self.orientation]]

    def fits(self) -> bool:
        return all(0 <= x < WIDTH and 0 <= y < HEIGHT for x, y in self.squares())

    @property
    def cells(self) -> int:
        """The locations it covers, a bit each (when it fits)."""
        return sum(1 << (y * WIDTH + x) for x, y in self.squares())


def read(text: str) -> tuple[Placed, ...]:
    """The pieces of a placement string, in written order; PlacementError says where."""
    check_frame(text, 4, len(PIECES))
    found: list[Placed] = []
    for start in range(0, len(text), 4):
        piece, column, row, orientation = text[start:start + 4]
        if piece not in PIECES:
            raise PlacementError(text, f"{quote(piece)} is not a piece (a-d)", start)
        if column not in COLUMNS:
            raise PlacementError(text, f"column {quote(column)} is not 1-4", start + 1)
        if row not in ROWS:
            raise PlacementError(text, f"row {quote(row)} is not A-C", start + 2)
        if not orientation.isascii() or not orientation.isdigit() \
                or int(orientation) >= len(SHAPES[piece]):
            raise PlacementError(text, f"piece {piece} has no orientation "
                                 f"{quote(orientation)}", start + 3)
        if any(p.piece == piece for p in found):
            raise PlacementError(text, f"piece {piece} appears twice", start)
        found.append(Placed(piece, COLUMNS.index(column), ROWS.index(row), int(orientation)))
    return tuple(found)


def breaks(placed: Sequence[Placed], new: Placed, names: PieceNames) -> Refusal | None:
    """On the board, and on no other piece."""
    item, name = new.encode(), names.capitalised_name(new.piece)
    if not new.fits():
        return Refusal("off-board", f"{item} hangs off the board",
                       f"{name} would hang off the board.", (new.piece,))
    for other in placed:
        shared = new.cells & other.cells
        if shared:
            where = location_code((shared & -shared).bit_length() - 1)
            return Refusal("overlap", f"{item} overlaps {other.encode()} at {where}",
                           f"{name} would overlap {names.piece_name(other.piece)}.",
                           (new.piece, other.piece), (where,))
    return None


class TinyNotation(Notation[Placed]):
    example_item = "c2B1"

    def read(self, text: str) -> tuple[tuple[Placed, ...], None]:
        return read(text), None

    def write(self, setup: Setup[Placed], placed: Sequence[Placed]) -> str:
        return "".join(p.encode() for p in sorted(placed, key=lambda p: p.piece))

    def read_challenge(self, text: str) -> Setup[Placed]:
        """Pieces on the board, each legal ("" is the empty board)."""
        try:
            placed = played_in_order(read(text) if text else (),
                                     lambda before, piece: breaks(before, piece, VOCABULARY))
        except (PlacementError, IllegalPlacementError) as error:
            raise ChallengeError(f"not a tiny challenge: {error}") from None
        return Setup(text, placed)


class TinyRules(Rules[Placed]):
    def breaks(self, setup: Setup[Placed], placed: Sequence[Placed],
               new: Placed) -> Refusal | None:
        return breaks(placed, new, VOCABULARY)

    def covers(self, placement: Placed) -> Iterator[str]:
        return (location_code(y * WIDTH + x) for x, y in placement.squares())
