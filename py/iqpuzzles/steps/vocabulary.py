"""IQ-Steps' board and pieces (docs/games/steps.md §1-4): the pegs and the spots between
them, the pieces with their forms (each orientation's rings in two layers), a piece
placement (`Placed`) with the rings it puts on each layer and the pegs it blocks, and the
vocabulary the other parts read.

A location is one character, `A`-`Y` then `a`-`y` (index = 10 * row + column); the
pegs are the checkerboard with `A` on a peg. Lower rings go on pegs, upper rings on the
non-pegs between them, and an upper ring blocks the (empty) pegs on its four sides for
every piece played later.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, partial

from ..core.bits import bits_of
from ..core.data import load_json
from ..core.i18n import mark, ntr, pmark, tr
from ..core.position import Placement
from ..core.vocabulary import Piece, Said, Vocabulary

ROWS, COLS = 5, 10
CELLS = ROWS * COLS
PIECES = "ABCDEFGH"
ORIENTATIONS = "ABCDEFGH"  # A-D turned clockwise, E-H flipped (mirrored) then turned
CODES = "ABCDEFGHIJKLMNOPQRSTUVWXY" + "abcdefghijklmnopqrstuvwxy"
FULL_BOARD = (1 << CELLS) - 1
PEGS = sum(1 << i for i in range(CELLS) if (i // COLS + i % COLS) % 2 == 0)

Ring = tuple[int, int, bool]  # (dr, dc, lower)


def is_peg(index: int) -> bool:
    return bool(PEGS >> index & 1)


def _load_forms() -> dict[str, dict[str, tuple[Ring, ...]]]:
    data = load_json("steps", "pieces.json")["pieces"]
    return {piece: {o: tuple((c["dr"], c["dc"], c["layer"] == "lower")
                             for c in data[piece]["orientations"][o]["cells"])
                    for o in ORIENTATIONS}
            for piece in PIECES}


FORMS = _load_forms()  # piece -> orientation -> its rings


def _neighbours(index: int) -> int:
    """The locations up, down, left and right of a location (docs/games/steps.md §4)."""
    row, col = divmod(index, COLS)
    mask = 0
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < ROWS and 0 <= c < COLS:
            mask |= 1 << (r * COLS + c)
    return mask


NEIGHBOURS = [_neighbours(i) for i in range(CELLS)]


@dataclass(frozen=True)
class Placed(Placement):
    """One piece placement: piece, orientation and the index of its home ring."""

    piece: str
    orientation: str
    home: int

    def encode(self) -> str:
        return self.piece + self.orientation + CODES[self.home]

    @property
    def form(self) -> tuple[Ring, ...]:
        return FORMS[self.piece][self.orientation]

    def rings(self) -> Iterator[Ring]:
        """(row, column, lower) of every ring; rows and columns may be off the board."""
        row, col = divmod(self.home, COLS)
        for dr, dc, lower in self.form:
            yield row + dr, col + dc, lower

    def hangs_off(self) -> bool:
        """Whether a ring of the piece is off the board (rule 1 of docs/games/steps.md §4)."""
        return any(not (0 <= row < ROWS and 0 <= col < COLS) for row, col, _ in self.rings())

    def problem(self) -> str | None:
        """Rules 1 and 2 of docs/games/steps.md §4 (on the board, layers fit), or None."""
        item = self.encode()
        if self.hangs_off():
            return tr("%(item)s hangs off the board", item=item)
        needs_peg = self.orientation in "ABCD"
        if needs_peg != is_peg(self.home):
            said = {"item": item, "orientation": self.orientation, "where": CODES[self.home]}
            return tr("%(item)s: orientation %(orientation)s puts the home ring on the lower "
                      "layer, so it needs a peg, and %(where)s is a non-peg", **said) \
                if needs_peg else \
                tr("%(item)s: orientation %(orientation)s puts the home ring on the upper "
                   "layer, so it needs a non-peg, and %(where)s is a peg", **said)
        return None

    def _mask(self, lower: bool) -> int:
        mask = 0
        for row, col, low in self.rings():
            if low == lower:
                mask |= 1 << (row * COLS + col)
        return mask

    @cached_property
    def lower(self) -> int:
        """The pegs its lower rings sit on (only meaningful when problem() is None)."""
        return self._mask(True)

    @cached_property
    def upper(self) -> int:
        """The non-pegs its upper rings sit on."""
        return self._mask(False)

    @property
    def cells(self) -> int:
        return self.lower | self.upper

    @cached_property
    def shadow(self) -> int:
        """The pegs its upper rings obstruct: their four orthogonal neighbours."""
        mask = 0
        for index in bits_of(self.upper):
            mask |= NEIGHBOURS[index]
        return mask


def must_precede(first: Placed, then: Placed) -> bool:
    """Whether `first` must be played before `then` (docs/games/steps.md §5): an upper ring
    of `then` is next to a lower ring of `first`."""
    return bool(then.shadow & first.lower)


def occupied(pieces: Iterable[Placed]) -> int:
    """The locations the pieces' rings are on."""
    mask = 0
    for placed in pieces:
        mask |= placed.cells
    return mask


def blocked(pieces: Iterable[Placed]) -> int:
    """The pegs an upper ring of the pieces obstructs (empty or not)."""
    mask = 0
    for placed in pieces:
        mask |= placed.shadow
    return mask


# --- the pieces in words ---------------------------------------------------------------
PIECE_COLOUR = {"A": pmark("piece colour", "pink"), "B": pmark("piece colour", "light green"),
                "C": pmark("piece colour", "red"), "D": pmark("piece colour", "green"),
                "E": pmark("piece colour", "orange"), "F": pmark("piece colour", "purple"),
                "G": pmark("piece colour", "yellow"), "H": pmark("piece colour", "light blue")}


def _size_name(piece: str) -> Said:
    """ "5 rings, 2 upper": the piece's size in words."""
    rings = FORMS[piece]["A"]
    upper = sum(not lower for _, _, lower in rings)
    return lambda: tr("%(rings)s, %(upper)s",
                      rings=ntr("%(n)s ring", "%(n)s rings", len(rings)),
                      upper=ntr("%(n)s upper", "%(n)s upper", upper))


# Rotate turns a quarter clockwise; Flip mirrors left to right (which turns the piece over,
# so the layers swap): mirror(turn(x)) = turn^3(mirror(x)), hence B<->H, D<->F
ROTATE = {"A": "B", "B": "C", "C": "D", "D": "A", "E": "F", "F": "G", "G": "H", "H": "E"}
FLIP = {"A": "E", "B": "H", "C": "G", "D": "F", "E": "A", "F": "D", "G": "C", "H": "B"}
VOCABULARY = Vocabulary(
    locations=tuple(CODES),
    rows=tuple(partial(tr, mark("Row %(row)s"), row=i // COLS + 1) for i in range(CELLS)),
    neighbours=tuple(NEIGHBOURS),
    pieces=tuple(Piece(p, (PIECE_COLOUR[p],), _size_name(p), tuple(ORIENTATIONS), ROTATE, FLIP)
                 for p in PIECES))
