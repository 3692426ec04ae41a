"""IQ-Link's rules: the peg lattice, the units of the pieces, the notation of a piece
placement, the rule a placement breaks, and the 180-degree symmetry (docs/games/link.md §1-6).

Pegs A-X, row by row, rows 1 and 3 half a spacing to the right. A piece placement is
three characters `<peg><piece><orientation>`: the peg under the piece's origin (unit 1),
the piece A-L and the orientation A-L (A-F for piece A).

Every peg holds at most one ball and one ring, and a ball may share a peg with a ring
only when every connection of the ball faces an opening of the ring. With 8 bits per
peg (ball, ring, and the six directions: a ball sets its connections, a ring the
directions where it is closed) legality is "the masks are disjoint".
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from random import Random

from ..core.data import load_json
from ..core.errors import (
    ChallengeError,
    IllegalPlacementError,
    PieceNames,
    PlacementError,
    Refusal,
    quote,
)
from ..core.notation import check_frame
from ..core.parts import Generator, Levels, Notation, Rules, Symmetry
from ..core.position import Placement, Setup, played_in_order
from ..core.vocabulary import Piece, Vocabulary

PEGS = "ABCDEFGHIJKLMNOPQRSTUVWX"
PIECES = "ABCDEFGHIJKL"
ORIENTATIONS = "ABCDEFGHIJKL"
ROWS, COLUMNS = 4, 6
PEG_COUNT = ROWS * COLUMNS
DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")  # index d: angle d * 60 degrees
AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # (dq, dr) of each direction
BITS_PER_PEG = 8  # bit 0 ball, bit 1 ring, bits 2..7 the directions
BALL, RING = 1, 2
FIRST_HALF = 12  # pegs A-L: where the canonical form keeps piece A


def axial(index: int) -> tuple[int, int]:
    """The axial coordinates (q, r) of a peg (docs/games/link.md §1)."""
    row, col = divmod(index, COLUMNS)
    return col - (row - row % 2) // 2, row


def peg_at(q: int, r: int) -> int | None:
    """The peg at axial (q, r), or None off the board."""
    if not 0 <= r < ROWS:
        return None
    col = q + (r - r % 2) // 2
    return r * COLUMNS + col if 0 <= col < COLUMNS else None


@dataclass(frozen=True)
class Unit:
    """One unit of a piece in one orientation: offset from the origin, kind, directions.

    `dirs` are a ball's connections or a ring's openings (direction indices)."""

    number: int  # 0, 1 (the origin) or 2
    dq: int
    dr: int
    ball: bool
    dirs: frozenset[int]

    @property
    def kind(self) -> str:
        return "ball" if self.ball else "ring"

    def bits(self) -> int:
        """The unit's 8 bits on its peg (docs/games/link.md §5)."""
        if self.ball:
            return BALL | sum(4 << d for d in self.dirs)
        return RING | sum(4 << d for d in range(6) if d not in self.dirs)

    def slots(self) -> int:
        """The peg slots (BALL, RING) the unit takes in the search. A closed ring takes
        both: no ball can ever join it (every ball has a connection), and counting it
        as a filled ball slot makes the slot bound of the search far tighter."""
        if self.ball:
            return BALL
        return RING | (BALL if not self.dirs else 0)


def _load_units() -> dict[str, list[tuple[Unit, ...]]]:
    data = load_json("link", "pieces.json")["pieces"]
    units: dict[str, list[tuple[Unit, ...]]] = {}
    for piece in PIECES:
        units[piece] = []
        for orientation in ORIENTATIONS:
            found = []
            for u in data[piece]["orientations"][orientation]:
                dirs = u["connections"] if u["kind"] == "ball" else u["openings"]
                found.append(Unit(u["unit"], u["dq"], u["dr"], u["kind"] == "ball",
                                  frozenset(DIRECTIONS.index(d) for d in dirs)))
            units[piece].append(tuple(sorted(found, key=lambda x: x.number)))
    return units


UNITS = _load_units()


def valid_orientations(piece: str) -> str:
    return ORIENTATIONS[:6] if piece == "A" else ORIENTATIONS


def rotate_orientation(orientation: int) -> int:
    """The orientation 180 degrees round (docs/games/link.md §6); keeps piece A within A-F."""
    return (orientation + 3) % 6 + (6 if orientation >= 6 else 0)


@dataclass(frozen=True)
class Placed(Placement):
    """A piece on the board: its origin peg (0-23), letter and orientation (0-11)."""

    peg: int
    piece: str
    orientation: int

    def __post_init__(self) -> None:
        """A piece in one of its orientations with its origin on a peg: 12 of them, 6 for
        piece A, whose flips G-L are its turns D-F, A-C (the notation writes those)."""
        if not (isinstance(self.peg, int) and 0 <= self.peg < PEG_COUNT
                and isinstance(self.piece, str) and len(self.piece) == 1
                and self.piece in PIECES and isinstance(self.orientation, int)
                and 0 <= self.orientation < len(ORIENTATIONS)):
            raise PlacementError(quote((self.peg, self.piece, self.orientation)),
                                 "an IQ-Link piece is on a peg 0-23, a piece A-L, in an "
                                 "orientation 0-11")
        if self.orientation >= len(valid_orientations(self.piece)):
            raise PlacementError(quote(ORIENTATIONS[self.orientation]),
                                 f"orientation {quote(ORIENTATIONS[self.orientation])} of "
                                 f"piece {self.piece} is not one of A-F: its flips are turns")

    def encode(self) -> str:
        return PEGS[self.peg] + self.piece + ORIENTATIONS[self.orientation]

    @property
    def units(self) -> tuple[Unit, ...]:
        return UNITS[self.piece][self.orientation]

    def pegs(self) -> list[int | None]:
        """The peg of units 0, 1, 2 (None for a unit off the board)."""
        return list(_geometry(self.peg, self.piece, self.orientation)[0])

    def fits(self) -> bool:
        return None not in _geometry(self.peg, self.piece, self.orientation)[0]

    @property
    def mask(self) -> int:
        """The 8-bits-per-peg mask of the units on the board."""
        return _geometry(self.peg, self.piece, self.orientation)[1]

    @property
    def search_mask(self) -> int:
        """The mask plus the ball slot of a closed ring (see Unit.slots)."""
        return _geometry(self.peg, self.piece, self.orientation)[2]

    def rotated(self) -> Placed:
        """The same piece after the board turns 180 degrees."""
        return Placed(PEG_COUNT - 1 - self.peg, self.piece, rotate_orientation(self.orientation))


@cache
def _geometry(peg: int, piece: str, orientation: int) -> tuple[tuple[int | None, ...], int, int]:
    """A placement's pegs of units 0, 1, 2 (None off the board), its mask and its search
    mask (the units on the board only), worked out once."""
    q, r = axial(peg)
    units = UNITS[piece][orientation]
    pegs = tuple(peg_at(q + u.dq, r + u.dr) for u in units)
    mask = search = 0
    for unit, at in zip(units, pegs, strict=True):
        if at is not None:
            mask |= unit.bits() << (BITS_PER_PEG * at)
            search |= (unit.bits() | unit.slots()) << (BITS_PER_PEG * at)
    return pegs, mask, search


# --- notation (docs/games/link.md §4) ------------------------------------------------------------

def read(text: str) -> tuple[Placed, ...]:
    """The pieces of a placement string, in written order; PlacementError says what and
    where it breaks the grammar."""
    check_frame(text, 3, len(PIECES))
    pieces: list[Placed] = []
    seen = set()
    for start in range(0, len(text), 3):
        peg, piece, orientation = text[start], text[start + 1], text[start + 2]
        if peg not in PEGS:
            raise PlacementError(text, f"peg {quote(peg)} is not one of A-X (upper case)", start)
        if piece not in PIECES:
            raise PlacementError(text, f"piece {quote(piece)} is not one of A-L (upper case)",
                                 start + 1)
        if orientation not in valid_orientations(piece):
            allowed = "A-F: its flips are turns" if piece == "A" else "A-L (upper case)"
            raise PlacementError(text, f"orientation {quote(orientation)} of piece {piece} is not "
                                 f"one of {allowed}", start + 2)
        if piece in seen:
            raise PlacementError(text, f"piece {piece} appears twice", start + 1)
        seen.add(piece)
        pieces.append(Placed(PEGS.index(peg), piece, ORIENTATIONS.index(orientation)))
    return tuple(pieces)


def write(pieces: Iterable[Placed]) -> str:
    """A placement string, its pieces in letter order."""
    return "".join(p.encode() for p in sorted(pieces, key=lambda p: p.piece))


# --- legality (docs/games/link.md §5) ------------------------------------------------------------

# The pieces' colours in a player's words. pieces.json names them after a web palette
# ("yellow-green" and "lime green", "pink" and "deep pink", "sea green"...), names that say
# the same to most players; these are told apart by their first word. The notation keeps
# its letters.
COLOUR_NAME = {"A": "purple", "B": "jade green", "C": "lime", "D": "indigo", "E": "pink",
               "F": "sky blue", "G": "magenta", "H": "yellow", "I": "bright green",
               "J": "dark blue", "K": "orange", "L": "red"}


def size_name(piece: str) -> str:
    """ "3 parts: ball, ring, ball": the piece in words, its units in order."""
    return "3 parts: " + ", ".join("ball" if unit.ball else "ring" for unit in UNITS[piece][0])


def _turns(piece: str) -> tuple[dict[str, str], dict[str, str]]:
    """(Rotate, Flip) of a piece: Rotate turns 60 degrees clockwise, Flip mirrors; piece
    A's flips are its turns (docs/games/link.md §3): G=D, H=E, I=F, J=A, K=B, L=C."""
    count = len(valid_orientations(piece))
    rotate = {ORIENTATIONS[o]: ORIENTATIONS[(o + 1) % 6 + (6 if o >= 6 else 0)]
              for o in range(count)}
    if piece == "A":
        return rotate, {ORIENTATIONS[o]: ORIENTATIONS[(o + 3) % 6] for o in range(6)}
    return rotate, {ORIENTATIONS[o]: ORIENTATIONS[(o + 6) % 12] for o in range(12)}


def _lattice_neighbours(peg: int) -> int:
    q, r = axial(peg)
    found = (peg_at(q + dq, r + dr) for dq, dr in AXIAL)
    return sum(1 << other for other in found if other is not None)


VOCABULARY = Vocabulary(
    locations=tuple(PEGS),
    rows=tuple(f"Row {i // COLUMNS + 1}: pegs {PEGS[i // COLUMNS * COLUMNS]} to "
               f"{PEGS[i // COLUMNS * COLUMNS + COLUMNS - 1]}" for i in range(PEG_COUNT)),
    neighbours=tuple(_lattice_neighbours(peg) for peg in range(PEG_COUNT)),
    pieces=tuple(Piece(p, COLOUR_NAME[p], size_name(p), tuple(valid_orientations(p)),
                       *_turns(p)) for p in PIECES))


def breaks(placed: Sequence[Placed], new: Placed, names: PieceNames) -> Refusal | None:
    """The first rule `new` breaks when put on a board holding the (legal) `placed`, or
    None: off the board, a second ball or ring on a peg, or a ball's connection facing no
    opening of the ring on its peg. Its words name pieces by `names`."""
    item, name = new.encode(), names.capitalised_name(new.piece)
    pegs = new.pegs()
    for unit, peg in zip(new.units, pegs, strict=True):
        if peg is None:
            where = "its origin" if unit.number == 1 else f"its unit {unit.number}"
            return Refusal("off-board", f"{item} hangs off the board ({where} has no peg)",
                           f"{name} would hang off the board.", (new.piece,))
    occupied = 0
    for other in placed:
        occupied |= other.mask
    if not new.mask & occupied:
        return None
    # the masks meet: say where and why, peg by peg
    held: dict[int, dict[str, tuple[Placed, Unit]]] = {}  # peg -> {kind: (piece, unit)}
    for other in placed:
        for unit, peg in zip(other.units, other.pegs(), strict=True):
            if peg is not None:
                held.setdefault(peg, {})[unit.kind] = (other, unit)
    for unit, peg in zip(new.units, pegs, strict=True):
        assert peg is not None
        slots = held.get(peg, {})
        if unit.kind in slots:
            owner = slots[unit.kind][0]
            return Refusal("slot", f"{item} puts a second {unit.kind} on peg {PEGS[peg]} "
                           f"(the {unit.kind} of {owner.encode()} is there)",
                           f"Peg {PEGS[peg]} already holds a {unit.kind} of "
                           f"{names.piece_name(owner.piece)}.", (new.piece, owner.piece),
                           (PEGS[peg],))
        if slots:  # the other kind is there: a ball and a ring share the peg
            ((other, other_unit),) = slots.values()
            (ball_piece, ball), (ring_piece, ring) = sorted(
                ((new, unit), (other, other_unit)), key=lambda held: not held[1].ball)
            blocked = sorted(ball.dirs - ring.dirs)
            if blocked:
                facing = " and ".join(DIRECTIONS[d] for d in blocked)
                closed = "a closed ring" if not ring.dirs else \
                    f"a ring with no opening facing {facing}"
                return Refusal(
                    "connection", f"on peg {PEGS[peg]} the ball of {ball_piece.encode()} has a "
                    f"connection facing {facing}, but {ring_piece.encode()} puts {closed} there",
                    f"On peg {PEGS[peg]} the ring of {names.piece_name(ring_piece.piece)} has "
                    f"no opening where the ball of {names.piece_name(ball_piece.piece)} "
                    "connects.",
                    (new.piece, other.piece), (PEGS[peg],))
    return None  # pragma: no cover - disjoint masks are exactly the rule (tested)


# --- symmetry and canonical form (docs/games/link.md §6) -----------------------------------------

def turned(pieces: Iterable[Placed]) -> tuple[Placed, ...]:
    """The pieces after the board turns 180 degrees."""
    return tuple(p.rotated() for p in pieces)


def canonical(pieces: Sequence[Placed]) -> tuple[Placed, ...]:
    """The pieces as the canonical form writes them (A-L when written): turned 180 degrees
    when piece A's origin is on M-X."""
    if any(p.piece == "A" and p.peg >= FIRST_HALF for p in pieces):
        return turned(pieces)
    return tuple(pieces)


def challenge_twins(pieces: Sequence[Placed]) -> tuple[str, str]:
    """A challenge's pieces as written and turned 180 degrees, the board's one symmetry
    (docs/games/link.md §6), each in letter order."""
    return write(pieces), write(turned(pieces))


# --- the game's parts (core/parts.py) ---------------------------------------------------------

class LinkNotation(Notation[Placed]):
    """Three characters a piece: peg, piece, orientation (docs/games/link.md §3)."""

    example_item = "BAA"

    def read(self, text: str) -> tuple[tuple[Placed, ...], None]:
        return read(text), None

    def write(self, setup: Setup[Placed], placed: Sequence[Placed]) -> str:
        return write(placed)

    def read_challenge(self, text: str) -> Setup[Placed]:
        """A starting placement ("" is the empty board: its solutions are every game),
        every piece legal in the written order."""
        if text == "":
            return Setup(text)
        try:
            placed = played_in_order(read(text),
                                     lambda before, piece: breaks(before, piece, VOCABULARY))
        except (PlacementError, IllegalPlacementError) as error:
            raise ChallengeError(f"not a usable IQ-Link challenge: {error}") from None
        return Setup(text, placed)


class LinkRules(Rules[Placed]):
    """Balls into rings, rings on pegs (docs/games/link.md §5)."""

    def breaks(self, setup: Setup[Placed], placed: Sequence[Placed],
               new: Placed) -> Refusal | None:
        return breaks(placed, new, VOCABULARY)

    def covers(self, placement: Placed) -> Iterator[str]:
        return (PEGS[peg] for peg in placement.pegs() if peg is not None)


class LinkSymmetry(Symmetry[Placed]):
    """The board turns 180 degrees (docs/games/link.md §6): a canonical solution may write
    the challenge's own pieces turned, and a challenge turned is the same one."""

    def variants(self, pieces: tuple[Placed, ...]) -> Iterator[tuple[Placed, ...]]:
        """As written, then turned 180 degrees."""
        yield pieces
        yield turned(pieces)

    def challenge_twins(self, setup: Setup[Placed]) -> Iterator[str]:
        return iter(challenge_twins(setup.fixed))


class LinkGenerator(Generator[Placed]):
    """A challenge is some pieces of a complete game."""

    # our G-series grades by pieces given (docs/games/link.md §8): Starter 8 ... Wizard 4
    levels = Levels(clues={"Starter": (8, 8), "Junior": (7, 7), "Expert": (6, 6),
                           "Master": (5, 5), "Wizard": (4, 4)})

    def clue_pool(self, solution: tuple[Placed, ...], rng: Random) -> list[str]:
        pool = [str(placed) for placed in solution]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: Sequence[str]) -> str:
        return write(read("".join(clues)))
