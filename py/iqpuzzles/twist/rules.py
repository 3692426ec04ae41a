"""IQ-Twist's vocabulary, notation and rules (docs/games/twist.md §5), its symmetry, and
how new challenges are made of a complete game.

A location is column 1-8 then row A-D ("3C"); bit index = row * 8 + column - 1. Pieces
a-h, pegs i-l; an item is 4 characters `<piece><column><row><orientation>`; a peg's
orientation is always 0. A challenge is pegs (and at most one piece); a placement string
lists pieces a-h, then the pegs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random

from ..core.bits import mask_of
from ..core.data import load_json
from ..core.errors import (
    BY_LETTER,
    ChallengeError,
    IllegalPlacementError,
    PieceNames,
    PlacementError,
    Refusal,
    quote,
)
from ..core.notation import check_frame
from ..core.parts import Generator, Notation, Rules, Symmetry
from ..core.position import GridPlacement, Setup
from ..core.sample import GameIndex
from ..core.vocabulary import Piece, Vocabulary, grid_neighbours

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
MAX_ITEMS = 15  # 8 pieces + 7 pegs


def location_code(index: int) -> str:
    return COLUMNS[index % WIDTH] + ROWS[index // WIDTH]


def location_index(code: str) -> int:
    return ROWS.index(code[1]) * WIDTH + COLUMNS.index(code[0])


@dataclass(frozen=True)
class Shape:
    """One orientation of one piece: its loops relative to the reference point."""

    width: int
    height: int
    loops: tuple[tuple[int, int, bool], ...]  # (dx, dy, hole)
    weak_min: int  # lowest orientation with the same cells


def _load_shapes() -> dict[str, list[Shape]]:
    data = load_json("twist", "pieces.json")["pieces"]
    return {
        piece: [
            Shape(o["width"], o["height"],
                  tuple((c["dx"], c["dy"], c["hole"]) for c in o["cells"]), o["weak_min"])
            for o in (data[piece]["orientations"][str(n)] for n in range(8))
        ]
        for piece in PIECES
    }


SHAPES = _load_shapes()


def size_name(piece: str) -> str:
    """ "4 loops, 2 with holes": the piece's size in words."""
    loops = SHAPES[piece][0].loops
    holes = sum(hole for _, _, hole in loops)
    return f"{len(loops)} loops, {holes} with {'a hole' if holes == 1 else 'holes'}"


# orientations 0-3 turn clockwise, 4-7 are the piece turned over, then turned
ORIENTATIONS = tuple(str(o) for o in range(8))
ROTATE = {str(o): str(o // 4 * 4 + (o % 4 + 1) % 4) for o in range(8)}
FLIP = {str(o): str((o + 4) % 8) for o in range(8)}
VOCABULARY = Vocabulary(
    locations=tuple(location_code(i) for i in range(CELLS)),
    rows=tuple(f"Row {ROWS[i // WIDTH]}" for i in range(CELLS)),
    neighbours=grid_neighbours(WIDTH, HEIGHT, {(i % WIDTH, i // WIDTH): i
                                               for i in range(CELLS)}),
    pieces=tuple(Piece(p, PIECE_COLOUR[p], size_name(p), ORIENTATIONS, ROTATE, FLIP)
                 for p in PIECES))


@dataclass(frozen=True)
class Placed(GridPlacement):
    """A piece on the board: piece letter, reference column/row (0-based), orientation."""

    def encode(self) -> str:
        return f"{self.piece}{COLUMNS[self.column]}{ROWS[self.row]}{self.orientation}"

    @property
    def shape(self) -> Shape:
        return SHAPES[self.piece][self.orientation]

    def fits(self) -> bool:
        shape = self.shape
        return 0 <= self.column and 0 <= self.row and \
            self.column + shape.width <= WIDTH and self.row + shape.height <= HEIGHT

    def loops(self) -> Iterator[tuple[int, bool]]:
        """(location index, hole) of every loop; only meaningful when it fits."""
        for dx, dy, hole in self.shape.loops:
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
    return setup.extra or ()


def read(text: str) -> tuple[tuple[Placed, ...], Pegs]:
    """Parse a placement string (docs/games/twist.md §5.1); PlacementError says what and where."""
    check_frame(text, 4, MAX_ITEMS, "item")
    pieces: list[Placed] = []
    pegs: list[Peg] = []
    seen: dict[str, int] = {}
    previous = ""
    for start in range(0, len(text), 4):
        kind, column, row, orientation = (text[start + k] for k in range(4))
        if kind not in PIECES + PEGS:
            raise PlacementError(text, f"{kind!r} is neither a piece (a-h) nor a peg (i-l)", start)
        if column not in COLUMNS:
            raise PlacementError(text, f"column {quote(column)} is not 1-8", start + 1)
        if row not in ROWS:
            raise PlacementError(text, f"row {quote(row)} is not A-D", start + 2)
        if kind in PIECES and orientation not in "01234567":
            raise PlacementError(text, f"orientation {quote(orientation)} is not 0-7", start + 3)
        if kind in PEGS and orientation != "0":
            raise PlacementError(text, f"a peg's last character must be 0, not {orientation!r}",
                                 start + 3)
        if kind < previous:
            raise PlacementError(text, f"{quote(kind)} comes after {quote(previous)}: items go in "
                                 "alphabetical order, pieces a-h then pegs i-l", start)
        previous = kind
        seen[kind] = seen.get(kind, 0) + 1
        limit = PEG_LIMIT.get(kind, 1)
        if seen[kind] > limit:
            what = "piece" if kind in PIECES else "peg"
            raise PlacementError(text, f"{what} {quote(kind)} appears more than "
                                 f"{'once' if limit == 1 else 'twice'}", start)
        col, row_index = COLUMNS.index(column), ROWS.index(row)
        if kind in PIECES:
            pieces.append(Placed(kind, col, row_index, int(orientation)))
        else:
            pegs.append(Peg(kind, row_index, col))
    return tuple(pieces), tuple(sorted(pegs))


def write(placed: Sequence[Placed], pegs: Pegs) -> str:
    return "".join(str(p) for p in sorted(placed, key=lambda p: p.piece)) + \
        "".join(peg.encode() for peg in pegs)


def board(pegs: Pegs) -> Setup[Placed]:
    """The board some pegs make; IllegalPlacementError if two share a location."""
    taken: set[int] = set()
    for peg in pegs:
        if peg.index in taken:
            raise IllegalPlacementError(f"two pegs on {location_code(peg.index)}")
        taken.add(peg.index)
    return Setup(write((), pegs), (), pegs)


def read_challenge(text: str) -> Setup[Placed]:
    """Pegs and pieces (the booklet gives at most one); "" is the empty board."""
    try:
        pieces, pegs = read(text) if text else ((), ())
        setup = board(pegs)
        placed: list[Placed] = []
        for piece in pieces:
            refusal = breaks(setup, placed, piece, BY_LETTER)  # its notation is said
            if refusal:
                raise IllegalPlacementError.of(refusal)
            placed.append(piece)
    except (PlacementError, IllegalPlacementError) as error:
        raise ChallengeError(f"not a usable IQ-Twist challenge: {error}") from None
    return Setup(write(pieces, pegs), pieces, pegs)


def breaks(setup: Setup[Placed], placed: Sequence[Placed], new: Placed,
           names: PieceNames) -> Refusal | None:
    """The first rule `new` breaks on this board (docs/games/twist.md §5.2), or None; its
    words name pieces by `names`."""
    item, name = new.encode(), names.capitalised_name(new.piece)
    if not new.fits():
        return Refusal("off-board", f"{item} hangs off the board",
                       f"{name} would hang off the board.", (new.piece,))
    owner = {index: p for p in placed for index, _ in p.loops()}
    peg_at = {peg.index: peg for peg in pegs_of(setup)}
    for index, hole in new.loops():
        where = location_code(index)
        if index in owner:
            other = owner[index]
            return Refusal("overlap", f"{item} overlaps {other} at {where}",
                           f"{name} would overlap {names.piece_name(other.piece)}.",
                           (new.piece, other.piece), (where,))
        peg = peg_at.get(index)
        if peg is None:
            continue
        if not hole:
            return Refusal("peg", f"{item} puts a solid loop on the {peg.colour} peg at {where}",
                           f"{name} has no hole over the {peg.colour} peg at "
                           f"{where}: a peg only goes through a hole.", (new.piece,), (where,))
        if PIECE_COLOUR[new.piece] != peg.colour:
            colour = PIECE_COLOUR[new.piece]
            return Refusal("peg", f"{item} puts a {colour} hole on the {peg.colour} peg at "
                           f"{where}", f"The {peg.colour} peg at {where} only goes through a "
                           f"hole of a {peg.colour} piece.", (new.piece,), (where,))
    return None


def equivalent(a: Placed, b: Placed) -> bool:
    """Weak twins (same piece, same loops) legal with the same pegs are the same move."""
    return a.piece == b.piece and a.cells == b.cells


# --- symmetry of the board -------------------------------------------------------------------
# Pieces may be turned over, so every symmetry of the 8x4 board is one of the game's: the
# identity, the mirror left to right, the mirror top to bottom and the half turn.
SYMMETRIES = ((False, False), (True, False), (False, True), (True, True))


def mirrored(index: int, across: bool, down: bool) -> int:
    """A location's image: mirrored left to right (`across`) and/or top to bottom."""
    row, column = divmod(index, WIDTH)
    return (HEIGHT - 1 - row if down else row) * WIDTH + \
        (WIDTH - 1 - column if across else column)


@cache
def _by_loops() -> dict[tuple[str, frozenset[tuple[int, bool]]], Placed]:
    """(piece, its loops with their holes) -> the placement, lowest orientation first."""
    found: dict[tuple[str, frozenset[tuple[int, bool]]], Placed] = {}
    for piece in PIECES:
        for orientation in range(8):
            for row in range(HEIGHT):
                for column in range(WIDTH):
                    placed = Placed(piece, column, row, orientation)
                    if placed.fits():
                        found.setdefault((piece, frozenset(placed.loops())), placed)
    return found


def image(placed: Placed, across: bool, down: bool) -> Placed:
    """A piece placement under a symmetry of the board, in its lowest orientation with
    the same picture (holes included)."""
    loops = frozenset((mirrored(index, across, down), hole) for index, hole in placed.loops())
    return _by_loops()[placed.piece, loops]


def challenge_twins(setup: Setup[Placed]) -> Iterator[str]:
    """A challenge (pegs and pieces) under each symmetry of the board, the identity first,
    each piece in its lowest orientation with the same picture."""
    for across, down in SYMMETRIES:
        pieces = [image(p, across, down) for p in setup.fixed]
        pegs = []
        for peg in pegs_of(setup):
            row, column = divmod(mirrored(peg.index, across, down), WIDTH)
            pegs.append(Peg(peg.peg, row, column))
        yield write(pieces, tuple(sorted(pegs)))


def pictures(placed: Placed) -> tuple[Placed, ...]:
    """The piece's placements on the same cells with different pictures (its weak twins,
    docs/games/twist.md §6, each strict pair once), lowest orientation first."""
    return _pictures()[placed.piece, placed.cells]


@cache
def _pictures() -> dict[tuple[str, int], tuple[Placed, ...]]:
    found: dict[tuple[str, int], list[Placed]] = {}
    for (piece, _), placed in _by_loops().items():
        found.setdefault((piece, placed.cells), []).append(placed)
    return {key: tuple(sorted(twins, key=lambda p: p.orientation))
            for key, twins in found.items()}


# --- the game's parts (core/parts.py) ---------------------------------------------------------

class TwistNotation(Notation[Placed]):
    """Pieces a-h and pegs i-l, each four characters (docs/games/twist.md §3); a challenge is
    pegs and at most one piece."""

    example_item = "d2A6"
    extra_words = "pegs"

    def read(self, text: str) -> tuple[tuple[Placed, ...], Pegs]:
        return read(text)

    def write(self, setup: Setup[Placed], placed: Sequence[Placed]) -> str:
        return write(placed, pegs_of(setup))

    def read_challenge(self, text: str) -> Setup[Placed]:
        return read_challenge(text)

    def board_of(self, extra: Pegs | None) -> Setup[Placed]:
        """The board of a placement string's own pegs."""
        return board(extra or ())


class TwistRules(Rules[Placed]):
    """Pieces on free loops, a peg only through a hole of its colour (docs/games/twist.md
    §5)."""

    def breaks(self, setup: Setup[Placed], placed: Sequence[Placed],
               new: Placed) -> Refusal | None:
        return breaks(setup, placed, new, VOCABULARY)

    def covers(self, placement: Placed) -> Iterator[str]:
        return (location_code(index) for index, _ in placement.loops())


class TwistSymmetry(Symmetry[Placed]):
    """The pieces turn over: weak twins are one move, and a challenge mirrored left to right,
    top to bottom or both is the same one (docs/games/twist.md §6)."""

    def equivalent(self, setup: Setup[Placed], a: Placed, b: Placed) -> bool:
        return equivalent(a, b)

    def challenge_twins(self, setup: Setup[Placed]) -> Iterator[str]:
        return challenge_twins(setup)


class TwistGenerator(Generator[Placed]):
    """New challenges: pegs in a complete game's holes (iqpuzzles.generate)."""

    def clue_pool(self, solution: tuple[Placed, ...], rng: Random) -> list[str]:
        """Pegs in the solution's holes, as many of each colour as the game has. A
        complete game stands for all its weak twins (same cells, holes elsewhere): each
        piece takes one of its pictures at random."""
        pieces = [rng.choice(pictures(placed)) for placed in
                  sorted(solution, key=lambda p: p.piece)]
        pool = []
        for peg, colour in PEG_COLOUR.items():
            holes = [index for placed in pieces if PIECE_COLOUR[placed.piece] == colour
                     for index, hole in placed.loops() if hole]
            rng.shuffle(holes)
            pool += [Peg(peg, i // WIDTH, i % WIDTH).encode() for i in holes[:PEG_LIMIT[peg]]]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: Sequence[str]) -> str:
        return read_challenge("".join(sorted(clues))).text

    def clue_games(self, clue: str, index: GameIndex) -> tuple[int, ...] | None:
        """A peg: the complete games with a hole of its colour under it, in some picture
        of the piece there. Pegs on one piece are not checked together: one game left
        means unique, more may be fewer."""
        pegs = read(clue)[1]
        if len(pegs) != 1:
            return None
        return (_holes(index).get((pegs[0].colour, pegs[0].index), 0),)


@cache
def _holes(index: GameIndex) -> dict[tuple[str, int], int]:
    """(colour, location) -> the complete games with a hole of that colour there, in some
    picture of the piece covering it."""
    found: dict[tuple[str, int], int] = {}
    for item, games in index.holders.items():
        pieces, _ = read(item)
        for twin in pictures(pieces[0]):
            for location, hole in twin.loops():
                if hole:
                    key = (PIECE_COLOUR[twin.piece], location)
                    found[key] = found.get(key, 0) | games
    return found
