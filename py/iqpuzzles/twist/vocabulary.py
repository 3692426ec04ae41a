"""IQ-Twist's board and pieces (docs/games/twist.md §1-4): the locations, the pieces with
their forms (each orientation's loops), the pegs, a piece placement (`Placed`) and the
vocabulary the other parts read.

A location is column 1-8 then row A-D ("3C"); bit index = row * 8 + column - 1. Pieces
a-h, pegs i-l.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial

from ..core.bits import mask_of
from ..core.data import load_json
from ..core.i18n import mark, ntr, pmark, tr
from ..core.position import GridPlacement, Setup
from ..core.vocabulary import Piece, Said, Vocabulary, grid_neighbours

COLUMNS = "12345678"
ROWS = "ABCD"
WIDTH, HEIGHT = 8, 4
CELLS = WIDTH * HEIGHT
FULL_BOARD = (1 << CELLS) - 1
PIECES = "abcdefgh"
PEGS = "ijkl"
COLOURS = ("red", "blue", "green", "yellow")
PIECE_COLOUR = dict(zip(PIECES, ["red", "red", "blue", "blue", "green", "green",
                                 "yellow", "yellow"], strict=True))
PEG_COLOUR = {"i": "red", "j": "blue", "k": "green", "l": "yellow"}
PEG_LIMIT = {"i": 1, "j": 2, "k": 2, "l": 2}
# the colours in the catalog (core/i18n.py), as each context says them: in a piece's name
# ("the red piece"), beside a peg ("the red peg"), and as a colour's own name
# (each word written out: the extractor reads only literal words)
SAID = (
    pmark("piece colour", "red"), pmark("peg colour", "red"), pmark("colour", "red"),
    pmark("piece colour", "blue"), pmark("peg colour", "blue"), pmark("colour", "blue"),
    pmark("piece colour", "green"), pmark("peg colour", "green"), pmark("colour", "green"),
    pmark("piece colour", "yellow"), pmark("peg colour", "yellow"), pmark("colour", "yellow"),
)


def location_code(index: int) -> str:
    return COLUMNS[index % WIDTH] + ROWS[index // WIDTH]


def location_index(code: str) -> int:
    return ROWS.index(code[1]) * WIDTH + COLUMNS.index(code[0])


@dataclass(frozen=True)
class Form:
    """One orientation of one piece: its loops relative to the reference point."""

    width: int
    height: int
    loops: tuple[tuple[int, int, bool], ...]  # (dx, dy, hole)
    weak_min: int  # lowest orientation with the same cells


def _load_forms() -> dict[str, list[Form]]:
    data = load_json("twist", "pieces.json")["pieces"]
    return {
        piece: [
            Form(o["width"], o["height"],
                 tuple((c["dx"], c["dy"], c["hole"]) for c in o["cells"]), o["weak_min"])
            for o in (data[piece]["orientations"][str(n)] for n in range(8))
        ]
        for piece in PIECES
    }


FORMS = _load_forms()


def _size_name(piece: str) -> Said:
    """ "4 loops, 2 with holes": the piece's size in words."""
    loops = FORMS[piece][0].loops
    holes = sum(hole for _, _, hole in loops)
    return lambda: tr("%(loops)s, %(holes)s",
                      loops=ntr("%(n)s loop", "%(n)s loops", len(loops)),
                      holes=ntr("%(n)s with a hole", "%(n)s with holes", holes))


# orientations 0-3 turn clockwise, 4-7 are the piece turned over, then turned
ORIENTATIONS = tuple(str(o) for o in range(8))
ROTATE = {str(o): str(o // 4 * 4 + (o % 4 + 1) % 4) for o in range(8)}
FLIP = {str(o): str((o + 4) % 8) for o in range(8)}
VOCABULARY = Vocabulary(
    locations=tuple(location_code(i) for i in range(CELLS)),
    rows=tuple(partial(tr, mark("Row %(row)s"), row=ROWS[i // WIDTH]) for i in range(CELLS)),
    neighbours=grid_neighbours(WIDTH, HEIGHT, {(i % WIDTH, i // WIDTH): i
                                               for i in range(CELLS)}),
    pieces=tuple(Piece(p, (PIECE_COLOUR[p],), _size_name(p), ORIENTATIONS, ROTATE, FLIP)
                 for p in PIECES))


@dataclass(frozen=True)
class Placed(GridPlacement):
    """A piece on the board: piece letter, reference column/row (0-based), orientation."""

    def encode(self) -> str:
        return f"{self.piece}{COLUMNS[self.column]}{ROWS[self.row]}{self.orientation}"

    @property
    def form(self) -> Form:
        return FORMS[self.piece][self.orientation]

    def fits(self) -> bool:
        form = self.form
        return 0 <= self.column and 0 <= self.row and \
            self.column + form.width <= WIDTH and self.row + form.height <= HEIGHT

    def loops(self) -> Iterator[tuple[int, bool]]:
        """(location index, hole) of every loop; only meaningful when it fits."""
        for dx, dy, hole in self.form.loops:
            yield (self.row + dy) * WIDTH + self.column + dx, hole

    @property
    def cells(self) -> int:
        return mask_of(index for index, _ in self.loops())


@dataclass(frozen=True, order=True)
class Peg:
    peg: str
    row: int
    column: int

    @property
    def index(self) -> int:
        return self.row * WIDTH + self.column

    @property
    def colour(self) -> str:
        return PEG_COLOUR[self.peg]

    def encode(self) -> str:
        return f"{self.peg}{COLUMNS[self.column]}{ROWS[self.row]}0"


Pegs = tuple[Peg, ...]  # sorted: the `extra` of an IQ-Twist setup


def pegs_of(setup: Setup[Placed]) -> Pegs:
    pegs: Pegs = setup.extra or ()
    return pegs
