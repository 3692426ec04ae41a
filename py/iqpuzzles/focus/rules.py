"""IQ-Focus's vocabulary, notation and rules: the board, the pieces, one placement, a
challenge; its symmetry (a piece's), and how new challenges are made of a complete game.

The spec is docs/games/focus.md. A location is two digits `XY`, column 0-8 then
row 0-4 ("42"); 04 and 84 do not exist, which leaves 43 locations, numbered 0-42 row
by row (bit index). A piece placement is 4 characters
`<piece a-j><X><Y><orientation 0-3>`; the reference point XY is the top-left corner of
the oriented piece's bounding box, which may be an empty square.

A challenge is 9 colours (W R B G) that the centre 3x3 (columns 3-5, rows 1-3) must
show, read row by row; it puts no piece down, so a game starts from the empty board.
Extension beyond docs/games/focus.md: a challenge character may be `?`, "any colour";
`?????????` is the empty board, whose solutions are the 8,624 colour-blind tilings.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random

from ..core.bits import mask_of
from ..core.data import load_json
from ..core.errors import ChallengeError, PieceNames, PlacementError, Refusal, quote
from ..core.notation import check_frame
from ..core.parts import Generator, Levels, Notation, Rules, Symmetry
from ..core.position import GridPlacement, Setup
from ..core.sample import GameIndex
from ..core.vocabulary import Piece, Vocabulary, grid_neighbours

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
EMPTY_BOARD = ANY * 9
ITEM_GRAMMAR = "<piece a-j><column 0-8><row 0-4><orientation 0-3>"


def location_code(index: int) -> str:
    x, y = LOCATIONS[index]
    return f"{x}{y}"


@dataclass(frozen=True)
class Shape:
    """One orientation of one piece: its squares relative to the reference point."""

    width: int
    height: int
    squares: tuple[tuple[int, int, str], ...]  # (dx, dy, colour)
    canonical: int  # the lowest orientation with the same squares and colours


def _load_shapes() -> dict[str, list[Shape]]:
    data = load_json("focus", "pieces.json")["pieces"]
    shapes = {}
    for piece in PIECES:
        redundant = data[piece]["redundant_orientations"]
        orientations = data[piece]["orientations"]
        shapes[piece] = [
            Shape(o["width"], o["height"], tuple((dx, dy, c) for dx, dy, c in o["cells"]),
                  int(redundant.get(str(n), n)))
            for n, o in ((n, orientations[str(n)]) for n in range(4))]
    return shapes


SHAPES = _load_shapes()


@dataclass(frozen=True)
class Placed(GridPlacement):
    """A piece on the board: `PXYO`, the reference point XY being the top-left corner of
    the oriented piece's bounding box."""

    def encode(self) -> str:
        return f"{self.piece}{self.column}{self.row}{self.orientation}"

    def canonical(self) -> Placed:
        """The same move with f2/f3/g2/g3 written as f0/f1/g0/g1 (docs/games/focus.md §5)."""
        lowest = SHAPES[self.piece][self.orientation].canonical
        if lowest == self.orientation:
            return self
        return Placed(self.piece, self.column, self.row, lowest)

    def squares(self) -> Iterator[tuple[int, int, str]]:
        """(column, row, colour) of every square, on the board or not."""
        for dx, dy, colour in SHAPES[self.piece][self.orientation].squares:
            yield self.column + dx, self.row + dy, colour

    def off_board(self) -> str | None:
        """Why a square of the piece is not on a location, or None when it fits."""
        for x, y, _ in self.squares():
            if (x, y) in MISSING:
                return f"{self.encode()} covers {x}{y}, which is not on the board " \
                       "(the two bottom corners are cut off)"
            if x >= WIDTH or y >= HEIGHT:
                return f"{self.encode()} hangs off the board"
        return None

    @property
    def cells(self) -> int:
        """The bitmask of the locations covered (only meaningful when it fits)."""
        return mask_of(LOC_INDEX[x, y] for x, y, _ in self.squares())


# --- notation --------------------------------------------------------------------------
def read_item(text: str, where: str | None = None, offset: int = 0) -> Placed:
    """One 4-character piece placement (docs/games/focus.md §6), e.g. `c113`; `where` and `offset`
    place it in the placement string it comes from, for the error."""
    where = text if where is None else where
    if len(text) != 4:
        raise PlacementError(where, f"{quote(text)} is not 4 characters: a piece placement is "
                             f"{ITEM_GRAMMAR}", offset)
    piece, column, row, orientation = text[0], text[1], text[2], text[3]
    if piece not in PIECES:
        raise PlacementError(where, f"{quote(piece)} is not a piece (a-j)", offset)
    if column not in "012345678":
        raise PlacementError(where, f"column {quote(column)} is not 0-8", offset + 1)
    if row not in "01234":
        raise PlacementError(where, f"row {quote(row)} is not 0-4", offset + 2)
    if orientation not in "0123":
        raise PlacementError(where, f"orientation {quote(orientation)} is not 0-3", offset + 3)
    return Placed(piece, int(column), int(row), int(orientation))


def read(text: object, require_order: bool = False) -> tuple[Placed, ...]:
    """The pieces of a placement string (docs/games/focus.md §6), a to j (the order the rules are
    checked in; IQ-Focus has no playing order); PlacementError says what and where.
    Pieces may be written in any order; `require_order=True` is the strict variant."""
    check_frame(text, 4, len(PIECES))
    assert isinstance(text, str)  # check_frame let only text through
    pieces: dict[str, Placed] = {}
    previous = ""
    for start in range(0, len(text), 4):
        placed = read_item(text[start:start + 4], text, start)
        if placed.piece in pieces:
            raise PlacementError(text, f"piece {quote(placed.piece)} appears twice", start)
        if require_order and placed.piece < previous:
            raise PlacementError(text, f"{placed.piece!r} comes after {previous!r}: pieces "
                                 "go in alphabetical order", start)
        previous = placed.piece
        pieces[placed.piece] = placed
    return tuple(pieces[p] for p in sorted(pieces))


def is_well_formed(text: object, require_order: bool = False) -> bool:
    try:
        read(text, require_order)
    except PlacementError:
        return False
    return True


def write(placed: Iterable[Placed]) -> str:
    """A placement string: the pieces a to j, as played."""
    return "".join(p.encode() for p in sorted(placed, key=lambda p: p.piece))


def canonical_form(placed: Iterable[Placed]) -> str:
    """Pieces a to j, f2/f3/g2/g3 written as f0/f1/g0/g1 (docs/games/focus.md §5)."""
    return write(p.canonical() for p in placed)


def equivalent(a: Placed, b: Placed) -> bool:
    """Whether two placements are the same move (f2 is f0, g3 is g1...)."""
    return a.canonical() == b.canonical()


def read_challenge(text: object) -> Setup[Placed]:
    """A challenge: 9 of W R B G (or the `?` wildcard); ChallengeError if not. It puts
    no piece down; its colours are the setup's `extra`."""
    if not isinstance(text, str):
        raise ChallengeError(f"a challenge must be text, not {type(text).__name__}")
    if len(text) != 9:
        raise ChallengeError(f"an IQ-Focus challenge is 9 colours (W R B G), the centre 3x3 "
                             f"row by row; {quote(text)} has {len(text)} characters")
    for k, colour in enumerate(text):
        if colour not in COLOURS and colour != ANY:
            hint = " (colours are upper case)" if colour.upper() in COLOURS else ""
            raise ChallengeError(f"character {k + 1} of the challenge {quote(text)} is {colour!r}, "
                                 f"not one of W R B G{hint}")
    return Setup(text, (), text)


def wanted(setup: Setup[Placed]) -> str:
    """The colours a setup's centre must show (`?` for any)."""
    return setup.extra or EMPTY_BOARD


# --- rules -------------------------------------------------------------------------------
def colours_by_count(piece: str) -> list[str]:
    """The piece's colours, most squares first (the first is the tray's colour for it)."""
    squares = [colour for _, _, colour in SHAPES[piece][0].squares]
    return sorted({*squares}, key=lambda c: (-squares.count(c), COLOURS.index(c)))


def colour_words(piece: str) -> str:
    """The piece's colours in words, most squares first: "red, white and green"."""
    names = [COLOUR_NAME[c] for c in colours_by_count(piece)]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def longest_line(piece: str) -> int:
    """The most squares of the piece in one straight line (what tells apart two pieces of
    the same colours and size)."""
    squares = {(x, y) for x, y, _ in SHAPES[piece][0].squares}
    return max(max(_run(squares, x, y, 1, 0), _run(squares, x, y, 0, 1)) for x, y in squares)


def _run(squares: set[tuple[int, int]], x: int, y: int, dx: int, dy: int) -> int:
    length = 0
    while (x + dx * length, y + dy * length) in squares:
        length += 1
    return length


# pieces turn (orientations 0-3, a quarter clockwise each) and are never flipped
ORIENTATIONS = tuple(str(o) for o in range(4))
VOCABULARY = Vocabulary(
    locations=tuple(location_code(i) for i in range(CELLS)),
    rows=tuple(f"Row {y}" for _, y in LOCATIONS),
    neighbours=grid_neighbours(WIDTH, HEIGHT, LOC_INDEX),
    pieces=tuple(Piece(p, colour_words(p), f"{len(SHAPES[p][0].squares)} squares",
                       ORIENTATIONS, {o: str((int(o) + 1) % 4) for o in ORIENTATIONS},
                       {o: o for o in ORIENTATIONS}, f"{longest_line(p)} in a line")
                 for p in PIECES))


def breaks(colours: str, placed: Sequence[Placed], new: Placed,
           names: PieceNames) -> Refusal | None:
    """The rule `new` breaks next to `placed` (docs/games/focus.md §7: on the board, no overlap, the
    challenge's colours in the centre), or None; its words name pieces by `names`."""
    name = names.capitalised_name(new.piece)
    why = new.off_board()
    if why:
        return Refusal("off-board", why, f"{name} would hang off the board.", (new.piece,))
    owners = [(p, p.cells) for p in placed]
    for x, y, _ in new.squares():
        bit = 1 << LOC_INDEX[x, y]
        for other, cells in owners:
            if cells & bit:
                return Refusal("overlap", f"{new.encode()} overlaps {other.encode()} at {x}{y}",
                               f"{name} would overlap {names.piece_name(other.piece)}.",
                               (new.piece, other.piece), (f"{x}{y}",))
    wrong = colour_breaks(colours, new)
    if wrong:
        x, y, colour, want = wrong
        return Refusal("colour", f"{new.encode()} puts {COLOUR_NAME[colour]} on {x}{y}, "
                       f"the challenge wants {COLOUR_NAME[want]}",
                       f"{name} would put {COLOUR_NAME[colour]} on a square of the middle "
                       f"that must be {COLOUR_NAME[want]}.", (new.piece,), (f"{x}{y}",))
    return None


def colour_breaks(colours: str, placed: Placed) -> tuple[int, int, str, str] | None:
    """The first centre square the piece covers with a colour the challenge does not
    want (column, row, the piece's colour, the wanted colour), or None."""
    for x, y, colour in placed.squares():
        if (x, y) not in CENTRE:
            continue
        want = colours[CENTRE.index((x, y))]
        if want not in (ANY, colour):
            return x, y, colour, want
    return None


def colours_of(placed: Iterable[Placed]) -> dict[tuple[int, int], tuple[str, str]]:
    """(column, row) -> (colour, piece) of every covered square."""
    return {(x, y): (colour, p.piece) for p in placed for x, y, colour in p.squares()}


def centre_of(placed: Iterable[Placed]) -> str:
    """The colours the pieces show in the centre, row by row (`?` where uncovered)."""
    colours = colours_of(placed)
    return "".join(colours[xy][0] if xy in colours else ANY for xy in CENTRE)


def viable_piece_placements(placement: object, challenge: object, column: object,
                            row: object) -> set[str] | None:
    """The course's getViablePiecePlacements (docs/games/focus.md §8), with its exact semantics.

    Every `PXYO` (orientations 0-3, the f/g duplicates included) of a piece not in
    `placement` that lies on the board, covers (column, row), covers no square of
    `placement` and agrees with the challenge; None (not an empty set) when none.
    The placement is not validated: its squares are just marked (overlaps included).
    """
    placement = "" if placement is None else placement
    if not isinstance(placement, str):
        raise PlacementError(quote(placement), "a placement string must be text")
    for value, what in ((column, "column"), (row, "row")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise PlacementError(quote(value), f"a {what} is a whole number")
    colours = read_challenge(challenge).text
    assert isinstance(column, int) and isinstance(row, int)
    taken: set[tuple[int, int]] = set()
    used = set()
    for start in range(0, len(placement), 4):
        placed = read_item(placement[start:start + 4], placement, start)
        used.add(placed.piece)
        taken.update((x, y) for x, y, _ in placed.squares())
    found = set()
    for piece in PIECES:
        if piece in used:
            continue
        for orientation, shape in enumerate(SHAPES[piece]):
            for dx, dy, _ in shape.squares:
                candidate = Placed(piece, column - dx, row - dy, orientation)
                if not (0 <= candidate.column < WIDTH and 0 <= candidate.row < HEIGHT) \
                        or candidate.off_board() \
                        or any((x, y) in taken for x, y, _ in candidate.squares()) \
                        or colour_breaks(colours, candidate):
                    continue
                found.add(candidate.encode())
    return found or None


# --- the game's parts (core/parts.py) ---------------------------------------------------------

class FocusNotation(Notation[Placed]):
    """Pieces a-j, four characters each (docs/games/focus.md §3); a challenge is the centre's
    nine colours."""

    example_item = "c113"
    empty_challenge = EMPTY_BOARD

    def read(self, text: str) -> tuple[tuple[Placed, ...], None]:
        return read(text), None

    def write(self, setup: Setup[Placed], placed: Sequence[Placed]) -> str:
        return write(placed)

    def read_challenge(self, text: str) -> Setup[Placed]:
        return read_challenge(text)


class FocusRules(Rules[Placed]):
    """Pieces on free squares, the centre's colours wanted (docs/games/focus.md §7)."""

    def breaks(self, setup: Setup[Placed], placed: Sequence[Placed],
               new: Placed) -> Refusal | None:
        return breaks(wanted(setup), placed, new, VOCABULARY)

    def covers(self, placement: Placed) -> Iterator[str]:
        return (f"{x}{y}" for x, y, _ in placement.squares())


class FocusSymmetry(Symmetry[Placed]):
    """f2, f3, g2 and g3 are the moves f0, f1, g0, g1 (docs/games/focus.md §5). A challenge
    is itself only: the board is symmetric left to right, but the game is not, for pieces
    are never flipped and no piece's mirror image is a piece."""

    def equivalent(self, setup: Setup[Placed], a: Placed, b: Placed) -> bool:
        return equivalent(a, b)


class FocusGenerator(Generator[Placed]):
    """A challenge is all nine centre colours of a tiling. The booklet's levels follow no
    measure of difficulty (its Master is the easiest on every one), so new challenges'
    levels are the techniques' alone: Starter needs no looking ahead, Junior looks one
    placement ahead at most 3 times, Expert at most 9, Master at most 24, Wizard more, or
    two placements ahead."""

    levels = Levels(
        grades={"Starter": "gap", "Junior": "look 3", "Expert": "look 9", "Master": "look 24",
                "Wizard": "guess"},
        note="New challenges are levelled by the reasoning they need: Starter needs no "
             "looking ahead, Junior looks one piece ahead up to 3 times, Expert up to 9, "
             "Master up to 24, Wizard more often or two pieces ahead. The booklet's own "
             "levels follow no such measure.")

    def clue_pool(self, solution: tuple[Placed, ...], rng: Random) -> list[str]:
        return [centre_of(solution)]

    def wider_clue_pool(self, solution: tuple[Placed, ...], rng: Random) -> list[str]:
        """The centre's squares one by one (each a centre with that square's colour and
        `?` elsewhere), so that a challenge may leave a square open: the complete games'
        full centres hold too few Wizards for five years of dailies."""
        centre = centre_of(solution)
        clues = [ANY * k + colour + ANY * (len(centre) - k - 1)
                 for k, colour in enumerate(centre)]
        rng.shuffle(clues)
        return clues

    def challenge_of(self, clues: Sequence[str]) -> str:
        """The centre the clues show together (`?` where none gives a colour)."""
        given = [read_challenge(clue).text for clue in clues]  # each checked
        if not given:
            return EMPTY_BOARD
        merged = [next((clue[k] for clue in given if clue[k] != ANY), ANY)
                  for k in range(len(given[0]))]
        return read_challenge("".join(merged)).text

    def clue_games(self, clue: str, index: GameIndex) -> tuple[int, ...] | None:
        """A centre colouring: the tilings that show it (exactly: their number is the
        challenge's number of solutions)."""
        games = index.everything
        squares = _centre_squares(index)
        for square, colour in enumerate(clue):
            if colour != ANY:
                games &= squares.get((square, colour), 0)
        return (games,)


@cache
def _centre_squares(index: GameIndex) -> dict[tuple[int, str], int]:
    """(centre square 0-8, colour) -> the tilings showing that colour there."""
    found: dict[tuple[int, str], int] = {}
    for item, games in index.holders.items():
        for x, y, colour in read_item(item).squares():
            if (x, y) in CENTRE:
                key = (CENTRE.index((x, y)), colour)
                found[key] = found.get(key, 0) | games
    return found
