"""IQ-Link's board and pieces (docs/games/link.md §1-3, §5): the peg lattice, the units
of the pieces (balls and rings, each orientation's), a piece placement (`Placed`) with
its pegs and its mask, and the vocabulary the other parts read.

Pegs A-X, row by row, rows 1 and 3 half a spacing to the right. Every peg holds at most
one ball and one ring, and a ball may share a peg with a ring only when every connection
of the ball faces an opening of the ring. With 8 bits per peg (ball, ring, and the six
directions: a ball sets its connections, a ring the directions where it is closed)
legality is "the masks are disjoint".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial

from ..core.data import load_json
from ..core.errors import PlacementError, quote
from ..core.i18n import mark, ntr, pmark, ptr, sequence, tr
from ..core.position import Placement
from ..core.vocabulary import Piece, Said, Vocabulary

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
                                 tr("an IQ-Link piece is on a peg 0-23, a piece A-L, in an "
                                    "orientation 0-11"))
        if self.orientation >= len(valid_orientations(self.piece)):
            raise PlacementError(quote(ORIENTATIONS[self.orientation]),
                                 tr("orientation %(orientation)s of piece %(piece)s is not "
                                    "one of A-F: its flips are turns",
                                    orientation=quote(ORIENTATIONS[self.orientation]),
                                    piece=self.piece))

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


# The pieces' colours in a player's words. pieces.json names them after a web palette
# ("yellow-green" and "lime green", "pink" and "deep pink", "sea green"...), names that say
# the same to most players; these are told apart by their first word. The notation keeps
# its letters.
COLOUR_NAME = {"A": pmark("piece colour", "purple"), "B": pmark("piece colour", "jade green"),
               "C": pmark("piece colour", "lime"), "D": pmark("piece colour", "indigo"),
               "E": pmark("piece colour", "pink"), "F": pmark("piece colour", "sky blue"),
               "G": pmark("piece colour", "magenta"), "H": pmark("piece colour", "yellow"),
               "I": pmark("piece colour", "bright green"), "J": pmark("piece colour", "dark blue"),
               "K": pmark("piece colour", "orange"), "L": pmark("piece colour", "red")}


def _size_name(piece: str) -> Said:
    """ "3 parts: ball, ring, ball": the piece in words, its units in order."""
    units = [unit.ball for unit in UNITS[piece][0]]

    def said() -> str:
        parts = [ptr("part of a piece", "ball") if ball else ptr("part of a piece", "ring")
                 for ball in units]
        return ntr("%(n)s part: %(parts)s", "%(n)s parts: %(parts)s", len(units),
                   parts=sequence(parts))
    return said


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
    rows=tuple(partial(tr, mark("Row %(row)s: pegs %(first)s to %(last)s"), row=i // COLUMNS + 1,
                       first=PEGS[i // COLUMNS * COLUMNS],
                       last=PEGS[i // COLUMNS * COLUMNS + COLUMNS - 1]) for i in range(PEG_COUNT)),
    neighbours=tuple(_lattice_neighbours(peg) for peg in range(PEG_COUNT)),
    pieces=tuple(Piece(p, (COLOUR_NAME[p],), _size_name(p), tuple(valid_orientations(p)),
                       *_turns(p)) for p in PIECES))
