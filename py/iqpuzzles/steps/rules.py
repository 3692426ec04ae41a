"""IQ-Steps notation and rules (docs/games/steps.md §1-5): one placement, the rule it breaks when
played, and which pieces must be played before which.

A location is one character, `A`-`Y` then `a`-`y` (index = 10 * row + column); the
pegs are the checkerboard with `A` on a peg. A piece placement is 3 characters
`<piece A-H><orientation A-H><home location>`. Lower rings go on pegs, upper rings on
the non-pegs between them, and an upper ring blocks the (empty) pegs on its four sides
for every piece played later: so the playing order matters. A set of placements is
legal when some order is, that is when the "must be played before" graph has no cycle.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from random import Random

from ..core.bits import bits_of, lowest_bit
from ..core.data import load_json
from ..core.errors import (
    BY_LETTER,
    ChallengeError,
    IllegalPlacementError,
    PieceNames,
    PlacementError,
    PuzzleError,
    Refusal,
    quote,
)
from ..core.notation import check_frame
from ..core.parts import Generator, Levels, Notation, Rules, Symmetry
from ..core.position import Placement, Setup
from ..core.vocabulary import Piece, Vocabulary

ROWS, COLS = 5, 10
CELLS = ROWS * COLS
PIECES = "ABCDEFGH"
ORIENTATIONS = "ABCDEFGH"  # A-D turned clockwise, E-H flipped (mirrored) then turned
CODES = "ABCDEFGHIJKLMNOPQRSTUVWXY" + "abcdefghijklmnopqrstuvwxy"
FULL_BOARD = (1 << CELLS) - 1
PEGS = sum(1 << i for i in range(CELLS) if (i // COLS + i % COLS) % 2 == 0)

Ring = tuple[int, int, bool]  # (dr, dc, lower)


def location_index(code: str) -> int:
    index = CODES.find(code) if isinstance(code, str) and len(code) == 1 else -1
    if index < 0:
        raise PlacementError(str(code), f"{quote(code)} is not a location: locations are A-Y "
                             "and a-y", 0)
    return index


def is_peg(index: int) -> bool:
    return bool(PEGS >> index & 1)


def _load_shapes() -> dict[str, dict[str, tuple[Ring, ...]]]:
    data = load_json("steps", "pieces.json")["pieces"]
    return {piece: {o: tuple((c["dr"], c["dc"], c["layer"] == "lower")
                             for c in data[piece]["orientations"][o]["cells"])
                    for o in ORIENTATIONS}
            for piece in PIECES}


SHAPES = _load_shapes()


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
    def shape(self) -> tuple[Ring, ...]:
        return SHAPES[self.piece][self.orientation]

    def rings(self) -> Iterator[Ring]:
        """(row, column, lower) of every ring; rows and columns may be off the board."""
        row, col = divmod(self.home, COLS)
        for dr, dc, lower in self.shape:
            yield row + dr, col + dc, lower

    def problem(self) -> str | None:
        """Rules 1 and 2 of docs/games/steps.md §4 (on the board, layers fit), or None."""
        item = self.encode()
        for row, col, _ in self.rings():
            if not (0 <= row < ROWS and 0 <= col < COLS):
                return f"{item} hangs off the board"
        needs_peg = self.orientation in "ABCD"
        if needs_peg != is_peg(self.home):
            return (f"{item}: orientation {self.orientation} puts the home ring on the "
                    f"{'lower' if needs_peg else 'upper'} layer, so it needs a "
                    f"{'peg' if needs_peg else 'non-peg'}, and {CODES[self.home]} is a "
                    f"{'non-peg' if needs_peg else 'peg'}")
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


def read(text: str) -> tuple[Placed, ...]:
    """The placements of a placement string (docs/games/steps.md §3), in the written order."""
    check_frame(text, 3, len(PIECES), "placement")
    found: list[Placed] = []
    seen: set[str] = set()
    for start in range(0, len(text), 3):
        piece, orientation, code = text[start], text[start + 1], text[start + 2]
        if piece not in PIECES:
            raise PlacementError(text, f"{quote(piece)} is not a piece: pieces are A-H", start)
        if orientation not in ORIENTATIONS:
            raise PlacementError(text, f"{quote(orientation)} is not an orientation: orientations "
                                 "are A-H", start + 1)
        if code not in CODES:
            raise PlacementError(text, f"{code!r} is not a location: locations are A-Y and a-y",
                                 start + 2)
        if piece in seen:
            raise PlacementError(text, f"piece {piece} appears twice", start)
        seen.add(piece)
        found.append(Placed(piece, orientation, CODES.index(code)))
    return tuple(found)


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


# --- the order of play --------------------------------------------------------------

def must_precede(first: Placed, then: Placed) -> bool:
    """Whether `first` must be played before `then` (docs/games/steps.md §5): an upper ring of
    `then` is next to a lower ring of `first`."""
    return bool(then.shadow & first.lower)


def why_precede(first: Placed, then: Placed) -> str:
    """The reason `first` must come before `then`, in words (they must depend)."""
    peg = lowest_bit(then.shadow & first.lower)
    upper = lowest_bit(NEIGHBOURS[peg] & then.upper)
    return (f"{first.encode()} must be played before {then.encode()}: the upper ring of "
            f"{then.encode()} at {CODES[upper]} would block the peg {CODES[peg]} under "
            f"{first.encode()}'s lower ring")


def is_source(placed: Placed, pieces: Iterable[Placed]) -> bool:
    """Whether no other of `pieces` must be played before `placed`."""
    return not any(other is not placed and must_precede(other, placed) for other in pieces)


PIECE_COLOUR = {"A": "pink", "B": "light green", "C": "red", "D": "green", "E": "orange",
                "F": "purple", "G": "yellow", "H": "light blue"}


def size_name(piece: str) -> str:
    """ "5 rings, 2 upper": the piece's size in words."""
    rings = SHAPES[piece]["A"]
    upper = sum(not lower for _, _, lower in rings)
    return f"{len(rings)} rings, {upper} upper"


# Rotate turns a quarter clockwise; Flip mirrors left to right (which turns the piece over,
# so the layers swap): mirror(turn(x)) = turn^3(mirror(x)), hence B<->H, D<->F
ROTATE = {"A": "B", "B": "C", "C": "D", "D": "A", "E": "F", "F": "G", "G": "H", "H": "E"}
FLIP = {"A": "E", "B": "H", "C": "G", "D": "F", "E": "A", "F": "D", "G": "C", "H": "B"}
VOCABULARY = Vocabulary(
    locations=tuple(CODES), rows=tuple(f"Row {i // COLS + 1}" for i in range(CELLS)),
    neighbours=tuple(NEIGHBOURS),
    pieces=tuple(Piece(p, PIECE_COLOUR[p], size_name(p), tuple(ORIENTATIONS), ROTATE, FLIP)
                 for p in PIECES))


def play_problem(before: Iterable[Placed], placed: Placed, names: PieceNames) -> Refusal | None:
    """Why `placed` cannot be played after the pieces `before` (docs/games/steps.md §4), or
    None; its words name pieces by `names`."""
    name = names.capitalised_name(placed.piece)
    problem = placed.problem()
    if problem:
        if "hangs off" in problem:
            return Refusal("off-board", problem, f"{name} would hang off the board.",
                           (placed.piece,))
        return Refusal("layer", problem, f"{name} does not sit on the pegs that way: turn "
                       "or flip it, or move it by one hole.", (placed.piece,))
    item = placed.encode()
    lower, upper = placed.lower, placed.upper
    for other in before:
        shared = (lower | upper) & other.cells
        if shared:
            where = lowest_bit(shared)
            layer = "lower" if lower >> where & 1 else "upper"
            return Refusal("overlap", f"{item} overlaps {other.encode()} at {CODES[where]} "
                           f"(both have a {layer} ring there)",
                           f"{name} would overlap {names.piece_name(other.piece)}.",
                           (placed.piece, other.piece), (CODES[where],))
        covered = lower & other.shadow
        if covered:
            peg = lowest_bit(covered)
            ring = lowest_bit(NEIGHBOURS[peg] & other.upper)
            return Refusal(
                "order", f"{item} cannot be played after {other.encode()}: its lower ring would "
                f"go on the peg {CODES[peg]}, which the upper ring of {other.encode()} at "
                f"{CODES[ring]} blocks",
                f"{name} needs a peg that {names.piece_name(other.piece)} already blocks "
                "with its upper ring: it would have to be played before it.",
                (placed.piece, other.piece), (CODES[peg], CODES[ring]))
    return None


def sequence_problem(pieces: Sequence[Placed], names: PieceNames) -> Refusal | None:
    """The first piece that cannot be played in the written order, and why; or None."""
    for k, placed in enumerate(pieces):
        problem = play_problem(pieces[:k], placed, names)
        if problem:
            return problem
    return None


def playing_order(pieces: Sequence[Placed], first: Iterable[str] = ()) -> list[Placed]:
    """A legal playing order of an unordered set of placements, pieces named in `first`
    (a challenge's) before all the others; the written order is kept wherever the
    rules allow. IllegalPlacementError says exactly why there is none."""
    for placed in pieces:
        problem = placed.problem()
        if problem:
            raise IllegalPlacementError(problem)
    for k, placed in enumerate(pieces):
        for other in pieces[:k]:
            shared = placed.cells & other.cells
            if shared:
                raise IllegalPlacementError(f"{placed.encode()} overlaps {other.encode()} at "
                                            f"{CODES[lowest_bit(shared)]}")
    given = set(first)
    for fixed in pieces:
        if fixed.piece not in given:
            continue
        for other in pieces:
            if other.piece not in given and must_precede(other, fixed):
                raise IllegalPlacementError("the challenge's pieces are on the board first, "
                                            f"but {why_precede(other, fixed)}")
    # Kahn's algorithm, always taking the earliest written piece that may go now
    left = list(pieces)
    order: list[Placed] = []
    while left:
        for placed in left:
            if placed.piece not in given and any(o.piece in given for o in left):
                continue
            if is_source(placed, left):
                break
        else:
            stuck = [p for p in left if p.piece in given] or left
            raise IllegalPlacementError("no playing order exists: " + _describe_cycle(stuck))
        order.append(placed)
        left.remove(placed)
    return order


def _describe_cycle(pieces: list[Placed]) -> str:
    """Every piece here has one that must precede it: walk back to a cycle and say it."""
    walk = [pieces[0]]
    while True:
        last = walk[-1]
        before = next(o for o in pieces if o is not last and must_precede(o, last))
        if before in walk:
            cycle = walk[walk.index(before):] + [before]
            break
        walk.append(before)
    cycle.reverse()  # now each one must precede the next
    reasons = "; ".join(why_precede(a, b) for a, b in zip(cycle, cycle[1:], strict=False))
    names = " -> ".join(p.encode() for p in cycle)
    return f"the pieces {names} each must come before the next, a cycle ({reasons})"


def played_too_early(mine: Sequence[Placed],
                     needed: Sequence[Placed]) -> tuple[Placed, str] | None:
    """The first of the player's pieces that a needed piece must be played before."""
    for placed in mine:
        for other in sorted(needed, key=lambda p: p.piece):
            if must_precede(other, placed):
                return placed, why_precede(other, placed)
    return None


# --- course helpers (docs/games/steps.md §5), kept for the tests ---------------------------------

def dependencies(text: str) -> list[tuple[str, str]]:
    """Every (before, after) pair of pieces of a placement string that must be played
    in that order."""
    pieces = read(text)
    return sorted((a.piece, b.piece) for a in pieces for b in pieces
                  if a is not b and a.problem() is None and b.problem() is None
                  and must_precede(a, b))


def viable_placements(placement: str, objective: str) -> list[str]:
    """The course's viable next placements: the objective's pieces not yet played that
    may be played now and block no other unplayed objective piece."""
    played = read(placement) if placement else ()
    problem = sequence_problem(played, BY_LETTER)  # the course reads its notation
    if problem:
        raise IllegalPlacementError.of(problem)
    goal = {p.piece: p for p in playing_order(read(objective))}
    if any(goal.get(p.piece) != p for p in played):
        raise ChallengeError("the placement is not part of the objective")
    left = [p for piece, p in goal.items() if piece not in {q.piece for q in played}]
    return sorted(p.encode() for p in left
                  if play_problem(played, p, BY_LETTER) is None and is_source(p, left))


def challenge_twins(pieces: Iterable[Placed]) -> tuple[str]:
    """A challenge under the board's symmetries: itself only, in canonical form (sorted by
    piece). The board's one symmetry, top to bottom, is none of the game's: it maps
    piece B to E and C to D, but A and G to no piece at all (docs/games/steps.md §6)."""
    return ("".join(p.encode() for p in sorted(pieces, key=lambda p: p.piece)),)


# --- the game's parts (core/parts.py) ---------------------------------------------------------

class StepsNotation(Notation[Placed]):
    """Pieces A-H, three characters each (docs/games/steps.md §3); a challenge is pieces,
    played in a legal order."""

    example_item = "FHn"

    def read(self, text: str) -> tuple[tuple[Placed, ...], None]:
        return read(text), None

    def write(self, setup: Setup[Placed], placed: Sequence[Placed]) -> str:
        return "".join(p.encode() for p in placed)

    def read_challenge(self, text: str) -> Setup[Placed]:
        """A legal set of placements, its pieces put in a playing order ("" is the empty
        board, whose solutions are all 8,374 games)."""
        if text == "":
            return Setup(text)
        try:
            fixed = playing_order(read(text))
        except PuzzleError as error:
            raise ChallengeError(f"not a usable IQ-Steps challenge: {error}") from None
        return Setup(text, tuple(fixed))


class StepsRules(Rules[Placed]):
    """Rings on pegs and between them; an upper ring blocks the empty pegs beside it for
    every later piece (docs/games/steps.md §5)."""

    def breaks(self, setup: Setup[Placed], placed: Sequence[Placed],
               new: Placed) -> Refusal | None:
        return play_problem(placed, new, VOCABULARY)

    def covers(self, placement: Placed) -> Iterator[str]:
        return (CODES[index] for index in bits_of(placement.cells))


class StepsSymmetry(Symmetry[Placed]):
    """No symmetry of the board (challenge_twins), but a challenge is a set of pieces: the
    same pieces written in another order are the same challenge."""

    def challenge_twins(self, setup: Setup[Placed]) -> Iterator[str]:
        return iter(challenge_twins(setup.fixed))


class StepsGenerator(Generator[Placed]):
    """A challenge is a few pieces of a complete game, in a legal order."""

    levels = Levels(
        # the booklet grades by pieces given: Starter 6-7, Junior 5, Expert 4, Master 3,
        # Wizard 2 (and a few 3); all complete games together hold only 259 Wizards of 2 or
        # 3 pieces, fewer than five years of daily Wizards (522), so 4 or 5 pieces that
        # take as much reasoning are Wizards too
        clues={"Starter": (6, 7), "Junior": (5, 5), "Expert": (4, 4), "Master": (3, 3),
               "Wizard": (2, 5)},
        # and still they are 505: the booklet's fit starts Wizard at looking one placement
        # ahead 44 times (or looking deeper). Started at 19 times, the highest start that
        # holds five years of weekends and nine weeks more (540), they are 545; the
        # booklet's Wizards at 24 and 29 times join their level, its Masters at 24 to 33
        # leave theirs
        starts={"Wizard": "look 19"})

    def clue_pool(self, solution: tuple[Placed, ...], rng: Random) -> list[str]:
        pool = [p.encode() for p in solution]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: Sequence[str]) -> str:
        """The pieces in a legal playing order (a subset of a game always has one)."""
        return "".join(p.encode() for p in playing_order(read("".join(sorted(clues)))))
