"""IQ-Focus's board and pieces (docs/games/focus.md §1-5): the 43 locations and the
centre, the pieces with their forms (each orientation's coloured squares), a piece
placement (`Placed`), what pieces show, and the vocabulary the other parts read.

A location is two digits `XY`, column 0-8 then row 0-4 ("42"); 04 and 84 do not exist,
which leaves 43 locations, numbered 0-42 row by row (bit index). A piece placement's
reference point XY is the top-left corner of the oriented piece's bounding box, which
may be an empty square. The centre 3x3 (columns 3-5, rows 1-3) shows a challenge's nine
colours; `?` (an extension beyond docs/games/focus.md) is "any colour".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial

from ..core.bits import mask_of
from ..core.data import load_json
from ..core.i18n import mark, ntr, pmark, tr
from ..core.position import GridPlacement, Setup
from ..core.vocabulary import Piece, Said, Vocabulary, grid_neighbours

WIDTH, HEIGHT = 9, 5
MISSING = frozenset({(0, 4), (8, 4)})
LOCATIONS: tuple[tuple[int, int], ...] = tuple(
    (x, y) for y in range(HEIGHT) for x in range(WIDTH) if (x, y) not in MISSING)
LOC_INDEX = {xy: i for i, xy in enumerate(LOCATIONS)}
CELLS = len(LOCATIONS)  # 43
FULL_BOARD = (1 << CELLS) - 1
CENTRE: tuple[tuple[int, int], ...] = tuple((3 + k % 3, 1 + k // 3) for k in range(9))
PIECES = "abcdefghij"
COLOURS = "WRBG"
ANY = "?"  # challenge wildcard (extension, see the module docstring)
COLOUR_NAME = {"W": "white", "R": "red", "B": "blue", "G": "green"}
# the colours in the catalog (core/i18n.py), as each context says them: in a piece's name
# ("the red and white piece") and as a colour's own name ("puts red on a square")
# (each word written out: the extractor reads only literal words)
SAID = (
    pmark("piece colour", "white"), pmark("colour", "white"),
    pmark("piece colour", "red"), pmark("colour", "red"),
    pmark("piece colour", "blue"), pmark("colour", "blue"),
    pmark("piece colour", "green"), pmark("colour", "green"),
)
EMPTY_BOARD = ANY * 9


def location_code(index: int) -> str:
    x, y = LOCATIONS[index]
    return f"{x}{y}"


@dataclass(frozen=True)
class Form:
    """One orientation of one piece: its squares relative to the reference point."""

    width: int
    height: int
    squares: tuple[tuple[int, int, str], ...]  # (dx, dy, colour)
    canonical: int  # the lowest orientation with the same squares and colours


def _load_forms() -> dict[str, list[Form]]:
    data = load_json("focus", "pieces.json")["pieces"]
    forms = {}
    for piece in PIECES:
        redundant = data[piece]["redundant_orientations"]
        orientations = data[piece]["orientations"]
        forms[piece] = [
            Form(o["width"], o["height"], tuple((dx, dy, c) for dx, dy, c in o["cells"]),
                 int(redundant.get(str(n), n)))
            for n, o in ((n, orientations[str(n)]) for n in range(4))]
    return forms


FORMS = _load_forms()


@dataclass(frozen=True)
class Placed(GridPlacement):
    """A piece on the board: `PXYO`, the reference point XY being the top-left corner of
    the oriented piece's bounding box."""

    def encode(self) -> str:
        return f"{self.piece}{self.column}{self.row}{self.orientation}"

    def canonical(self) -> Placed:
        """The same move with f2/f3/g2/g3 written as f0/f1/g0/g1 (docs/games/focus.md §5)."""
        lowest = FORMS[self.piece][self.orientation].canonical
        if lowest == self.orientation:
            return self
        return Placed(self.piece, self.column, self.row, lowest)

    def squares(self) -> Iterator[tuple[int, int, str]]:
        """(column, row, colour) of every square, on the board or not."""
        for dx, dy, colour in FORMS[self.piece][self.orientation].squares:
            yield self.column + dx, self.row + dy, colour

    def off_board(self) -> str | None:
        """Why a square of the piece is not on a location, or None when it fits."""
        for x, y, _ in self.squares():
            if (x, y) in MISSING:
                return tr("%(item)s covers %(where)s, which is not on the board (the two "
                          "bottom corners are cut off)", item=self.encode(), where=f"{x}{y}")
            if x >= WIDTH or y >= HEIGHT:
                return tr("%(item)s hangs off the board", item=self.encode())
        return None

    @property
    def cells(self) -> int:
        """The bitmask of the locations covered (only meaningful when it fits)."""
        return mask_of(LOC_INDEX[x, y] for x, y, _ in self.squares())


def wanted(setup: Setup[Placed]) -> str:
    """The colours a setup's centre must show (`?` for any)."""
    colours: str = setup.extra or EMPTY_BOARD
    return colours


def colours_of(placed: Iterable[Placed]) -> dict[tuple[int, int], tuple[str, str]]:
    """(column, row) -> (colour, piece) of every covered square."""
    return {(x, y): (colour, p.piece) for p in placed for x, y, colour in p.squares()}


def centre_of(placed: Iterable[Placed]) -> str:
    """The colours the pieces show in the centre, row by row (`?` where uncovered)."""
    colours = colours_of(placed)
    return "".join(colours[xy][0] if xy in colours else ANY for xy in CENTRE)


# --- the pieces in words --------------------------------------------------------------
def colours_by_count(piece: str) -> list[str]:
    """The piece's colours, most squares first (the first is the tray's colour for it)."""
    squares = [colour for _, _, colour in FORMS[piece][0].squares]
    return sorted({*squares}, key=lambda c: (-squares.count(c), COLOURS.index(c)))


def _colour_words(piece: str) -> tuple[str, ...]:
    """The piece's colours (the catalog's words), most squares first: red, white, green."""
    return tuple(COLOUR_NAME[c] for c in colours_by_count(piece))


def _longest_line(piece: str) -> int:
    """The most squares of the piece in one straight line (what tells apart two pieces of
    the same colours and size)."""
    squares = {(x, y) for x, y, _ in FORMS[piece][0].squares}
    return max(max(_run(squares, x, y, 1, 0), _run(squares, x, y, 0, 1)) for x, y in squares)


def _run(squares: set[tuple[int, int]], x: int, y: int, dx: int, dy: int) -> int:
    length = 0
    while (x + dx * length, y + dy * length) in squares:
        length += 1
    return length


def _squares(n: int) -> str:
    return ntr("%(n)s square", "%(n)s squares", n)


def _in_a_line(n: int) -> str:
    return ntr("%(n)s in a line", "%(n)s in a line", n)


def _counted(say: Callable[[int], str], n: int) -> Said:
    """`say(n)`, said when asked (in the language of the moment)."""
    return lambda: say(n)


# pieces turn (orientations 0-3, a quarter clockwise each) and are never flipped
ORIENTATIONS = tuple(str(o) for o in range(4))
VOCABULARY = Vocabulary(
    locations=tuple(location_code(i) for i in range(CELLS)),
    rows=tuple(partial(tr, mark("Row %(row)s"), row=y) for _, y in LOCATIONS),
    neighbours=grid_neighbours(WIDTH, HEIGHT, LOC_INDEX),
    pieces=tuple(Piece(p, _colour_words(p), _counted(_squares, len(FORMS[p][0].squares)),
                       ORIENTATIONS, {o: str((int(o) + 1) % 4) for o in ORIENTATIONS},
                       {o: o for o in ORIENTATIONS}, _counted(_in_a_line, _longest_line(p)))
                 for p in PIECES))
