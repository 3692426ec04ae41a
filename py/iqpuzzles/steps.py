"""IQ-Steps: eight pieces of fused rings in two layers on a 5x10 board of pegs.

The spec is games/steps/RULES.md. A location is one character, `A`-`Y` then `a`-`y`
(index = 10 * row + column); the pegs are the checkerboard with `A` on a peg. A piece
placement is 3 characters `<piece A-H><orientation A-H><home location>`. Lower rings
go on pegs, upper rings on the non-pegs between them, and an upper ring blocks the
(empty) pegs on its four sides for every piece played later: so order matters.

Two notions of a position live side by side:

* a **sequence** (`validate`, `check`, `play`): the pieces played in the written
  order, each one legal when it is played;
* an unordered **set** (`validate_set`, `is_legal_state`, `order`): legal when some
  order is, that is when the "must be played before" graph has no cycle.

Challenge pieces are on the board first (RULES.md §6), and solutions are compared
as sets, in the canonical form: placements sorted by piece letter.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from .core import draw
from .core.bits import lowest_bit
from .core.errors import ChallengeError, IllegalPlacementError, PlacementError
from .core.game import LEVELS, Challenge, Game, Hint, Preview, load_json
from .core.notation import check_frame
from .core.search import SearchStats, SlotCover

ROWS, COLS = 5, 10
CELLS = ROWS * COLS
PIECES = "ABCDEFGH"
ORIENTATIONS = "ABCDEFGH"  # A-D turned clockwise, E-H flipped (mirrored) then turned
CODES = "ABCDEFGHIJKLMNOPQRSTUVWXY" + "abcdefghijklmnopqrstuvwxy"
FULL_BOARD = (1 << CELLS) - 1
PEGS = sum(1 << i for i in range(CELLS) if (i // COLS + i % COLS) % 2 == 0)
HINT_SOLUTIONS = 24  # solutions of the challenge compared when a position is stuck

PIECE_COLOUR = {"A": "pink", "B": "light green", "C": "red", "D": "green", "E": "orange",
                "F": "purple", "G": "yellow", "H": "light blue"}
PAINT = {"A": "#f06ba8", "B": "#9bd13b", "C": "#e0403a", "D": "#2fa84f", "E": "#f28b2c",
         "F": "#8e5cc4", "G": "#f2c230", "H": "#5cc3ee"}
PAINT_DARK = {"A": "#a8336c", "B": "#5f8a16", "C": "#9c221d", "D": "#1c6b31", "E": "#a8540d",
              "F": "#5a3388", "G": "#b08409", "H": "#2379a3"}

# rotate turns a quarter clockwise; flip mirrors left to right (which turns the piece
# over, so the layers swap): mirror(turn(x)) = turn^3(mirror(x)), hence B<->H, D<->F
ROTATE = {"A": "B", "B": "C", "C": "D", "D": "A", "E": "F", "F": "G", "G": "H", "H": "E"}
FLIP = {"A": "E", "B": "H", "C": "G", "D": "F", "E": "A", "F": "D", "G": "C", "H": "B"}


def location_code(index: int) -> str:
    return CODES[index]


def location_index(code: str) -> int:
    index = CODES.find(code) if isinstance(code, str) and len(code) == 1 else -1
    if index < 0:
        raise PlacementError(str(code), f"{code!r} is not a location: locations are A-Y "
                             "and a-y", 0)
    return index


def is_peg(index: int) -> bool:
    return bool(PEGS >> index & 1)


def _neighbours(index: int) -> int:
    row, col = divmod(index, COLS)
    mask = 0
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < ROWS and 0 <= c < COLS:
            mask |= 1 << (r * COLS + c)
    return mask


NEIGHBOURS = [_neighbours(i) for i in range(CELLS)]


def _codes(mask: int) -> str:
    return " ".join(CODES[i] for i in range(CELLS) if mask >> i & 1)


Ring = tuple[int, int, bool]  # (dr, dc, lower)


def _load_shapes() -> dict[str, dict[str, tuple[Ring, ...]]]:
    data = load_json("steps", "pieces.json")["pieces"]
    return {piece: {o: tuple((c["dr"], c["dc"], c["layer"] == "lower")
                             for c in data[piece]["orientations"][o]["cells"])
                    for o in ORIENTATIONS}
            for piece in PIECES}


SHAPES = _load_shapes()


@dataclass(frozen=True)
class Placed:
    """One piece placement: piece, orientation and the index of its home ring."""

    piece: str
    orientation: str
    home: int

    def encode(self) -> str:
        return self.piece + self.orientation + CODES[self.home]

    @property
    def shape(self) -> tuple[Ring, ...]:
        return SHAPES[self.piece][self.orientation]

    def rings(self) -> Iterator[tuple[int, int, bool]]:
        """(row, column, lower) of every ring; rows and columns may be off the board."""
        row, col = divmod(self.home, COLS)
        for dr, dc, lower in self.shape:
            yield row + dr, col + dc, lower

    def problem(self) -> str | None:
        """Rules 1 and 2 of RULES.md §4 (on the board, layers fit), or None."""
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

    @property
    def lower(self) -> int:
        """The pegs its lower rings sit on (only meaningful when problem() is None)."""
        return self._mask(True)

    @property
    def upper(self) -> int:
        """The non-pegs its upper rings sit on."""
        return self._mask(False)

    @property
    def cells(self) -> int:
        return self.lower | self.upper

    @property
    def shadow(self) -> int:
        """The pegs its upper rings obstruct: their four orthogonal neighbours."""
        mask = 0
        upper = self.upper
        while upper:
            low = upper & -upper
            mask |= NEIGHBOURS[low.bit_length() - 1]
            upper ^= low
        return mask


def must_precede(first: Placed, then: Placed) -> bool:
    """Whether `first` must be played before `then` (RULES.md §5): an upper ring of
    `then` is next to a lower ring of `first`."""
    return bool(then.shadow & first.lower)


def why_precede(first: Placed, then: Placed) -> str:
    """The reason `first` must come before `then`, in words (they must depend)."""
    peg = lowest_bit(then.shadow & first.lower)
    upper = lowest_bit(NEIGHBOURS[peg] & then.upper)
    return (f"{first.encode()} must be played before {then.encode()}: the upper ring of "
            f"{then.encode()} at {CODES[upper]} would block the peg {CODES[peg]} under "
            f"{first.encode()}'s lower ring")


@dataclass
class StepsState:
    """A position: the pieces on the board, in the order they were written (played)."""

    pieces: list[Placed] = field(default_factory=list)

    def encode(self) -> str:
        return "".join(placed.encode() for placed in self.pieces)

    def canonical(self) -> str:
        return "".join(p.encode() for p in sorted(self.pieces, key=lambda p: p.piece))

    def by_piece(self) -> dict[str, Placed]:
        return {placed.piece: placed for placed in self.pieces}

    def occupied(self) -> int:
        mask = 0
        for placed in self.pieces:
            mask |= placed.cells
        return mask

    def blocked(self) -> int:
        """The pegs obstructed by an upper ring (empty or not)."""
        mask = 0
        for placed in self.pieces:
            mask |= placed.shadow
        return mask


def parse(text: str, allow_empty: bool = False) -> StepsState:
    """Parse a placement string (RULES.md §3), keeping the written order."""
    if allow_empty and text == "":
        return StepsState()
    check_frame(text, 3, len(PIECES), "placement")
    state = StepsState()
    seen: set[str] = set()
    for start in range(0, len(text), 3):
        piece, orientation, code = text[start:start + 3]
        if piece not in PIECES:
            raise PlacementError(text, f"{piece!r} is not a piece: pieces are A-H", start)
        if orientation not in ORIENTATIONS:
            raise PlacementError(text, f"{orientation!r} is not an orientation: orientations "
                                 "are A-H", start + 1)
        if code not in CODES:
            raise PlacementError(text, f"{code!r} is not a location: locations are A-Y and a-y",
                                 start + 2)
        if piece in seen:
            raise PlacementError(text, f"piece {piece} appears twice", start)
        seen.add(piece)
        state.pieces.append(Placed(piece, orientation, CODES.index(code)))
    return state


def play_problem(before: Iterable[Placed], placed: Placed) -> str | None:
    """Why `placed` cannot be played after the pieces `before` (RULES.md §4), or None."""
    problem = placed.problem()
    if problem:
        return problem
    item = placed.encode()
    lower, upper = placed.lower, placed.upper
    for other in before:
        shared = (lower | upper) & other.cells
        if shared:
            where = lowest_bit(shared)
            layer = "lower" if lower >> where & 1 else "upper"
            return (f"{item} overlaps {other.encode()} at {CODES[where]} "
                    f"(both have a {layer} ring there)")
        blocked = lower & other.shadow
        if blocked:
            peg = lowest_bit(blocked)
            ring = lowest_bit(NEIGHBOURS[peg] & other.upper)
            return (f"{item} cannot be played after {other.encode()}: its lower ring would go "
                    f"on the peg {CODES[peg]}, which the upper ring of {other.encode()} at "
                    f"{CODES[ring]} blocks")
    return None


def sequence_problem(state: StepsState) -> str | None:
    """The first piece that cannot be played in the written order, and why; or None."""
    for k, placed in enumerate(state.pieces):
        problem = play_problem(state.pieces[:k], placed)
        if problem:
            return problem
    return None


def playing_order(pieces: list[Placed], first: Iterable[str] = ()) -> list[Placed]:
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
    first = set(first)
    for fixed in pieces:
        if fixed.piece not in first:
            continue
        for other in pieces:
            if other.piece not in first and must_precede(other, fixed):
                raise IllegalPlacementError("the challenge's pieces are on the board first, "
                                            f"but {why_precede(other, fixed)}")
    # Kahn's algorithm, always taking the earliest written piece that may go now
    left = list(pieces)
    order: list[Placed] = []
    while left:
        for placed in left:
            if placed.piece not in first and any(o.piece in first for o in left):
                continue
            if not any(other is not placed and must_precede(other, placed) for other in left):
                break
        else:
            stuck = [p for p in left if p.piece in first] or left
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


class _Tables:
    """Every legal (piece, orientation, home) on the empty board as an exact-cover row.

    Columns 0-49 are the locations (secondary: a ring on each at most), 50-57 the
    pieces (primary: each placed once). The locations are the slots of a SlotCover,
    of two kinds: the remaining pieces' lower rings need free pegs and their upper
    rings free non-pegs (on the empty board 44 rings leave exactly 6 of the 50
    locations empty). Two rows that would each have to be played before the other
    also conflict (a 2-cycle can never be played); longer cycles are caught when a
    solution is complete (`accept`).
    """

    def __init__(self):
        self.placed: list[Placed] = []
        rows = []
        for p, piece in enumerate(PIECES):
            for orientation in ORIENTATIONS:
                for home in range(CELLS):
                    placed = Placed(piece, orientation, home)
                    if placed.problem() is None:
                        self.placed.append(placed)
                        rows.append(placed.cells | 1 << (CELLS + p))
        self.index = {placed: i for i, placed in enumerate(self.placed)}
        self.cover = SlotCover(rows, primary=((1 << len(PIECES)) - 1) << CELLS,
                               kinds=(PEGS, FULL_BOARD & ~PEGS),
                               accept=lambda rows: self.order(rows) is not None)
        self.lower = [placed.lower for placed in self.placed]
        self.shadow = [placed.shadow for placed in self.placed]
        # peg -> rows with a lower ring on it; peg -> rows whose upper rings block it
        self.lower_at = [0] * CELLS
        self.shadow_at = [0] * CELLS
        for i in range(len(self.placed)):
            bit = 1 << i
            for peg in range(CELLS):
                if self.lower[i] >> peg & 1:
                    self.lower_at[peg] |= bit
                if self.shadow[i] >> peg & 1:
                    self.shadow_at[peg] |= bit
        # row -> the rows that must be played before it (if both are on the board)
        self.before = [self.rows_on(self.lower_at, shadow) & ~(1 << i)
                       for i, shadow in enumerate(self.shadow)]
        self.after = [self.rows_on(self.shadow_at, lower) & ~(1 << i)
                      for i, lower in enumerate(self.lower)]
        for i in range(len(self.placed)):
            self.cover.conflicts[i] |= self.before[i] & self.after[i]

    @staticmethod
    def rows_on(table: list[int], pegs: int) -> int:
        found = 0
        while pegs:
            low = pegs & -pegs
            found |= table[low.bit_length() - 1]
            pegs ^= low
        return found

    def start(self, pieces: list[Placed]) -> tuple[int, int]:
        """(rows still playable after `pieces`, the piece columns still to cover)."""
        alive = self.cover.all_rows
        uncovered = self.cover.primary
        blocked = 0
        for placed in pieces:
            row = self.index[placed]
            alive &= ~self.cover.conflicts[row]
            uncovered &= ~self.cover.rows[row]
            blocked |= self.shadow[row]
        return alive & ~self.rows_on(self.lower_at, blocked), uncovered

    def order(self, rows: list[int]) -> list[int] | None:
        """A playing order of the rows (each after those it needs), None if cyclic."""
        chosen = 0
        for row in rows:
            chosen |= 1 << row
        order = []
        left = list(rows)
        while left:
            for row in left:
                if not self.before[row] & chosen:
                    break
            else:
                return None
            order.append(row)
            left.remove(row)
            chosen &= ~(1 << row)
        return order


class Steps(Game):
    name = "steps"
    title = "IQ-Steps"
    max_pieces = len(PIECES)

    # --- notation ------------------------------------------------------------
    def parse(self, text: str) -> StepsState:
        return parse(text)

    def validate(self, text: str) -> StepsState:
        """A sequence: every piece legal when played in the written order."""
        state = parse(text)
        problem = sequence_problem(state)
        if problem:
            raise IllegalPlacementError(problem)
        return state

    def validate_set(self, text: str) -> StepsState:
        """An unordered set: legal when some playing order is (RULES.md §5); the state
        comes back in such an order."""
        state = parse(text)
        return StepsState(playing_order(state.pieces))

    def is_legal_state(self, text: str) -> bool:
        try:
            self.validate_set(text)
        except (PlacementError, IllegalPlacementError):
            return False
        return True

    def order(self, text: str) -> str:
        """The ordering task: a legal playing order of an unordered placement (the
        written order wherever possible), or IllegalPlacementError saying why none."""
        return self.validate_set(text).encode()

    def dependencies(self, text: str) -> list[tuple[str, str]]:
        """Every (before, after) pair of pieces of a placement that must be played in
        that order."""
        pieces = parse(text).pieces
        return sorted((a.piece, b.piece) for a in pieces for b in pieces
                      if a is not b and a.problem() is None and b.problem() is None
                      and must_precede(a, b))

    def is_complete(self, text: str) -> bool:
        return len(self.validate(text).pieces) == len(PIECES)

    @cached_property
    def tables(self) -> _Tables:
        return _Tables()

    def canonical(self, text: str) -> str:
        """Placements sorted by piece letter (the set must be a legal state)."""
        return self.validate_set(text).canonical()

    def legal_placements(self, text: str, piece: str | None = None,
                         challenge: str | None = None) -> list[str]:
        """Every piece placement that may be played next on the sequence `text`
        ("" is the empty board)."""
        if challenge is not None:
            state = self._position(challenge, text)
        else:
            state = parse(text, allow_empty=True)
            problem = sequence_problem(state)
            if problem:
                raise IllegalPlacementError(problem)
        if piece is not None and (not isinstance(piece, str) or piece not in PIECES
                                  or len(piece) != 1):
            raise PlacementError(str(piece), "a piece is one of A-H", 0)
        tables = self.tables
        alive, _ = tables.start(state.pieces)
        return sorted(placed.encode() for i, placed in enumerate(tables.placed)
                      if alive >> i & 1 and (piece is None or placed.piece == piece))

    def viable_placements(self, placement: str, objective: str) -> list[str]:
        """The course's viable next placements (RULES.md §5): the objective's pieces not
        yet played that may be played now and block no other unplayed objective piece."""
        state = self.validate(placement) if placement else StepsState()
        goal = self.validate_set(objective)
        played = state.by_piece()
        if any(goal.by_piece().get(p) != placed for p, placed in played.items()):
            raise ChallengeError("the placement is not part of the objective")
        left = [p for p in goal.pieces if p.piece not in played]
        return sorted(p.encode() for p in left
                      if play_problem(state.pieces, p) is None
                      and not any(o is not p and must_precede(o, p) for o in left))

    # --- challenges and solving ---------------------------------------------------
    def parse_challenge(self, text: str) -> StepsState:
        """A challenge: a legal state, returned in a legal playing order ("" is the
        empty board, whose solutions are all 8,374 games)."""
        if text == "":
            return StepsState()
        try:
            return self.validate_set(text)
        except (PlacementError, IllegalPlacementError) as error:
            raise ChallengeError(f"not a usable IQ-Steps challenge: {error}") from None

    def _search(self, start: list[Placed], limit: int | None, stats: SearchStats | None = None,
                rng=None) -> Iterator[list[Placed]]:
        """Every completion of the sequence `start`: the pieces added, in a playing order."""
        if limit is not None and limit <= 0:
            return
        tables = self.tables
        alive, uncovered = tables.start(start)
        for rows in tables.cover.solve(alive, uncovered, limit, stats, rng):
            yield [tables.placed[row] for row in tables.order(rows)]

    def solutions(self, challenge: str, limit: int | None = None) -> Iterator[str]:
        start = self.parse_challenge(challenge).pieces
        for added in self._search(start, limit):
            yield StepsState(start + added).canonical()

    def count_solutions(self, challenge: str, limit: int | None = 2) -> int:
        return sum(1 for _ in self._search(self.parse_challenge(challenge).pieces, limit))

    def solution_sequences(self, challenge: str, limit: int | None = None) -> Iterator[str]:
        """The solutions as playing sequences that start with the challenge."""
        start = self.parse_challenge(challenge).pieces
        for added in self._search(start, limit):
            yield StepsState(start + added).encode()

    def start_placement(self, challenge: str) -> str:
        return self.parse_challenge(challenge).encode()

    def _fixed(self, challenge: str) -> set[str]:
        return {placed.piece for placed in self.parse_challenge(challenge).pieces}

    def _position(self, challenge: str, placement: str) -> StepsState:
        """The player's sequence: the challenge's pieces first, then each piece legal."""
        start = self.parse_challenge(challenge)
        state = parse(placement, allow_empty=True)
        given = set(start.pieces)
        head = set(state.pieces[:len(given)])
        if head != given:
            missing = sorted(p.encode() for p in given - set(state.pieces))
            if missing:
                raise ChallengeError(f"the challenge's piece {missing[0]} is missing")
            raise ChallengeError("the challenge's pieces must come first in the placement "
                                 f"(they are {start.encode()})")
        problem = sequence_problem(state)
        if problem:
            raise IllegalPlacementError(problem)
        return state

    def play(self, challenge: str, placement: str, item: str) -> str:
        state = self._position(challenge, placement)
        added = parse(item)
        if len(added.pieces) != 1:
            raise PlacementError(item, "play one piece placement, such as FHn", 3)
        placed = added.pieces[0]
        if placed.piece in state.by_piece():
            raise IllegalPlacementError(f"piece {placed.piece} is already on the board", item)
        problem = play_problem(state.pieces, placed)
        if problem:
            raise IllegalPlacementError(problem)
        return StepsState(state.pieces + [placed]).encode()

    def remove(self, challenge: str, placement: str, piece: str) -> str:
        """Take a player's piece back; the pieces after it stay legal (taking a piece
        away only frees locations and pegs)."""
        state = self._position(challenge, placement)
        if piece in self._fixed(challenge):
            raise ChallengeError(f"piece {piece} is part of the challenge and stays")
        if piece not in state.by_piece():
            raise ChallengeError(f"piece {piece} is not on the board")
        return StepsState([p for p in state.pieces if p.piece != piece]).encode()

    def is_solved(self, challenge: str, placement: str) -> bool:
        """All 8 pieces, the challenge's among them, playable after the challenge's (as
        a set: the written order does not matter)."""
        try:
            start = self.parse_challenge(challenge)
            state = parse(placement)
            if len(state.pieces) != len(PIECES) or not set(start.pieces) <= set(state.pieces):
                return False
            playing_order(state.pieces, first=start.by_piece())
        except (PlacementError, IllegalPlacementError, ChallengeError):
            return False
        return True

    def hint(self, challenge: str, placement: str) -> Hint:
        """A piece that may be played now and that blocks no piece still needed (a source
        of the remaining dependency graph); or the piece to take back."""
        state = self._position(challenge, placement)
        if len(state.pieces) == len(PIECES):
            return Hint("solved", f"This {self.title} challenge is solved.")
        found = next(self._search(state.pieces, 1), None)
        if found is not None:
            sources = [p for p in found
                       if not any(o is not p and must_precede(o, p) for o in found)]
            options = {}
            for placed in sources:
                options[placed.piece] = len(self.legal_placements(state.encode(),
                                                                   placed.piece))
            placed = min(sources, key=lambda p: (options[p.piece], p.piece))
            item = placed.encode()
            return Hint("place", f"Piece {placed.piece} goes at {item}.", placement=item,
                        piece=placed.piece)
        start = self.parse_challenge(challenge).pieces
        known = [start + added for added in self._search(start, HINT_SOLUTIONS)]
        if not known:
            return Hint("impossible", "This challenge has no solution.")
        fixed = {p.piece for p in start}
        mine = [p for p in state.pieces if p.piece not in fixed]
        best = set(max(known, key=lambda s: sum(1 for p in mine if p in s)))
        for placed in sorted(mine, key=lambda p: p.piece):
            if placed not in best:
                return Hint("remove", f"No solution goes on from here: piece {placed.piece} "
                            f"({placed.encode()}) is not where the solution has it. "
                            "Take it back.", placement=placed.encode(), piece=placed.piece)
        # every piece is right but one was played too early: it blocks a needed piece
        needed = [p for p in best if p not in state.pieces]
        for placed in sorted(mine, key=lambda p: p.piece):
            for other in sorted(needed, key=lambda p: p.piece):
                if must_precede(other, placed):
                    return Hint("remove", f"Piece {placed.piece} ({placed.encode()}) was "
                                f"played too early: {why_precede(other, placed)}. Take it "
                                "back.", placement=placed.encode(), piece=placed.piece)
        raise AssertionError("a stuck position has a piece to take back")  # pragma: no cover

    # --- benchmark hooks ------------------------------------------------------------
    def empty_board(self) -> str:
        return ""

    exact_cover_caveat = ("dependency cycles of three or more pieces cannot be written as exact "
                          "cover, so the baselines also count covers no playing order allows")

    def exact_cover(self, challenge: str) -> tuple[list[list[str]], list[str], list[str]]:
        """The challenge as a plain exact-cover problem (for the benchmark baselines):
        options are the rows the search starts from, primary items the pieces to place,
        secondary items the locations and, for every pair of options that would each
        have to be played before the other, one item both use. Longer dependency cycles
        cannot be written as exact cover; the booklet and the empty board have none
        that this misses (the bench compares the counts)."""
        start = self.parse_challenge(challenge).pieces
        tables = self.tables
        alive, uncovered = tables.start(start)
        live = [r for r in range(len(tables.placed)) if alive >> r & 1]
        names = [CODES[c] for c in range(CELLS)] + [f"piece {p}" for p in PIECES]
        options = [[names[c] for c in range(len(names)) if tables.cover.rows[r] >> c & 1]
                   for r in live]
        pairs = []
        for a, r in enumerate(live):
            mutual = tables.cover.conflicts[r] & ~tables.cover.rows_using(tables.cover.rows[r])
            for b in range(a + 1, len(live)):
                if mutual >> live[b] & 1:
                    item = f"cycle {len(pairs)}"
                    pairs.append(item)
                    options[a].append(item)
                    options[b].append(item)
        primary = [names[c] for c in range(len(names)) if uncovered >> c & 1]
        return options, primary, [CODES[c] for c in range(CELLS)] + pairs

    def difficulty(self, challenge: str) -> SearchStats:
        """The solver's work to solve a challenge and prove it unique."""
        stats = SearchStats()
        for _ in self._search(self.parse_challenge(challenge).pieces, 2, stats):
            pass
        return stats

    def bench_extra(self) -> None:
        """Steps figures the generic bench does not print: search nodes, the ordering task."""
        import time

        work = [(self.difficulty(entry.challenge).nodes, entry.id) for entry in self.challenges]
        nodes, worst = max(work)
        print(f"search nodes to solve and prove unique: total {sum(n for n, _ in work)}, "
              f"max {nodes} (challenge {worst})")
        # the ordering task on every booklet solution written backwards
        sets = ["".join(reversed([s[i:i + 3] for i in range(0, len(s), 3)]))
                for entry in self.challenges for s in entry.solutions]
        start = time.perf_counter()
        orders = [self.order(text) for text in sets]
        elapsed = time.perf_counter() - start
        legal = sum(1 for text in orders if self.is_valid(text))
        print(f"ordering task: {len(sets)} solutions written backwards put in a legal playing "
              f"order ({legal} legal) in {elapsed * 1000:8.2f} ms")

    # --- generation hooks (iqpuzzles.generate) ---------------------------------------
    # the booklet grades by pieces given: Starter 6-7, Junior 5, Expert 4, Master 3,
    # Wizard 2 (and a few 3)
    level_clues = {"Starter": (6, 7), "Junior": (5, 5), "Expert": (4, 4), "Master": (3, 3),
                   "Wizard": (2, 3)}
    generate_attempts = 12

    def generate(self, level: str, seed: int | str) -> str:
        from .generate import generate

        return generate(self, level, seed)

    def random_solution(self, rng) -> list[Placed]:
        return next(self._search([], 1, rng=rng))

    def clue_pool(self, solution: list[Placed], rng) -> list[str]:
        pool = [placed.encode() for placed in solution]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: list[str]) -> str:
        """The pieces in a legal playing order (a subset of a game always has one)."""
        return self.order("".join(sorted(clues)))

    def _load_challenges(self) -> list[Challenge]:
        return [Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                          (entry["solution_sorted"],), note=entry.get("note", ""))
                for entry in load_json("steps", "challenges.json")]

    # --- drawing ---------------------------------------------------------------------
    def show(self, text: str) -> str:
        """The board as text: a lower ring as its piece's letter in lower case, an upper
        ring in upper case; `o` an empty peg, `x` an empty peg that an upper ring
        blocks, `.` an empty non-peg. The location codes are drawn alongside."""
        state = self.validate_set(text)
        grid = ["o" if is_peg(i) else "." for i in range(CELLS)]
        for i in range(CELLS):
            if state.blocked() >> i & 1:
                grid[i] = "x"
        for placed in state.pieces:
            for row, col, lower in placed.rings():
                grid[row * COLS + col] = placed.piece.lower() if lower else placed.piece
        lines = []
        for row in range(ROWS):
            cells = " ".join(grid[row * COLS:(row + 1) * COLS])
            codes = " ".join(CODES[row * COLS:(row + 1) * COLS])
            lines.append(f"{cells}    {codes}")
        lines.append("lower ring: a-h, upper ring: A-H, empty peg: o, blocked peg: x")
        return "\n".join(lines)

    def info(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "pieces": [{"id": p, "label": f"Piece {p}", "colour": PAINT[p],
                        "colourName": PIECE_COLOUR[p],
                        "orientations": list(ORIENTATIONS),
                        "rotate": dict(ROTATE), "flip": dict(FLIP)} for p in PIECES],
            "canRotate": True,
            "canFlip": True,
            "levels": list(LEVELS),
            "board": self._board_frame(),
            "help": "Place all eight pieces. Lower rings sit on pegs, upper rings between "
                    "them; an upper ring blocks the empty pegs beside it for every later "
                    "piece, so the order you play in matters.",
        }

    def _board_frame(self) -> dict:
        return {"viewBox": [-0.6, -0.6, COLS + 1.2, ROWS + 1.2],
                "locations": [draw.location(CODES[i], i % COLS + 0.5, i // COLS + 0.5)
                              for i in range(CELLS)]}

    def view(self, challenge: str, placement: str) -> dict:
        state = self._position(challenge, placement)
        fixed = self._fixed(challenge)
        occupied, blocked = state.occupied(), state.blocked()
        shapes = [draw.rect(-0.3, -0.3, COLS + 0.6, ROWS + 0.6, "#dfe4ea", rx=0.35,
                            stroke="#aab4c0", stroke_width=0.05, layer=0)]
        for i in range(CELLS):
            x, y = i % COLS + 0.5, i // COLS + 0.5
            # the code in the cell's top-left corner: clear of every ring (an upper ring
            # reaches 0.44 from its centre, its shadow falls to the bottom right)
            shapes.append(draw.text(x - 0.41, y - 0.32, CODES[i], size=0.15, fill="#8a96a6",
                                    layer=1))
            if not is_peg(i):
                if not occupied >> i & 1:  # a flat spot; under an upper ring, just board
                    shapes.append(draw.circle(x, y, 0.07, "#c3cbd5", layer=1))
                continue
            if blocked >> i & 1 and not occupied >> i & 1:
                # a peg an upper ring has covered the side of: no lower ring can go here
                shapes.append(draw.circle(x, y, 0.2, "#b9c0c9", stroke="#7d8794",
                                          stroke_width=0.04, layer=1, role="peg",
                                          blocked=True))
                for sign in (1, -1):
                    shapes.append(draw.bar(x - 0.13, y - 0.13 * sign, x + 0.13, y + 0.13 * sign,
                                           0.05, "#c0392b", layer=2, role="peg", blocked=True))
            else:
                shapes.append(draw.circle(x, y, 0.2, "#fbfbfb", stroke="#9aa5b1",
                                          stroke_width=0.04, layer=1, role="peg",
                                          blocked=False))
        for placed in state.pieces:
            row, col = divmod(placed.home, COLS)
            shapes += _piece_shapes(placed, col + 0.5, row + 0.5, base=3,
                                    role="fixed" if placed.piece in fixed else "piece")
        return {"frame": self._board_frame(), "shapes": shapes,
                "placement": state.encode(), "solved": self.is_solved(challenge, placement)}

    def piece_view(self, piece: str, orientation: str) -> dict:
        if piece not in PIECES or orientation not in ORIENTATIONS or len(orientation) != 1 \
                or len(piece) != 1:
            raise PlacementError(f"{piece}{orientation}", "no such piece or orientation", 0)
        placed = Placed(piece, orientation, 0)
        return {"viewBox": [0, 0, 3, 3],
                "shapes": _piece_shapes(placed, 1.5, 1.5, base=0, role="tray")}

    def preview(self, challenge: str, placement: str, piece: str, orientation: str,
                location: str) -> Preview:
        """The piece held by its home ring (the middle of its 3x3 square) over `location`."""
        state = self._position(challenge, placement)
        if piece not in PIECES or orientation not in ORIENTATIONS or len(orientation) != 1 \
                or len(piece) != 1:
            raise PlacementError(f"{piece}{orientation}", "no such piece or orientation", 0)
        home = location_index(location)
        placed = Placed(piece, orientation, home)
        row, col = divmod(home, COLS)
        ghost = _piece_shapes(placed, col + 0.5, row + 0.5, base=10, role="ghost")
        item = placed.encode()
        try:
            self.play(challenge, state.encode(), item)
        except (IllegalPlacementError, PlacementError) as error:
            return Preview(item, False, str(error), ghost)
        return Preview(item, True, "", ghost)


def _piece_shapes(placed: Placed, x: float, y: float, base: int, role: str) -> list[dict]:
    """A piece whose home ring is at (x, y): lower rings low and dark (the peg shows in
    them), upper rings high and bright with a shadow, and fused joints between them.
    Layers: base lower rings, base+1 joints, base+2 shadows, base+3 upper rings."""
    piece = placed.piece
    fill, dark = PAINT[piece], PAINT_DARK[piece]
    rings = [(x + dc, y + dr, lower) for dr, dc, lower in placed.shape]
    shapes = []
    for cx, cy, lower in rings:
        if lower:
            shapes.append(draw.ring(cx, cy, 0.3, 0.15, dark, layer=base, role=role,
                                    piece=piece, level="lower"))
    for cx, cy, lower in rings:
        if lower:
            continue
        for ox, oy, other_lower in rings:
            if other_lower and abs(ox - cx) + abs(oy - cy) == 1:
                shapes.append(draw.bar(cx + (ox - cx) * 0.36, cy + (oy - cy) * 0.36,
                                       cx + (ox - cx) * 0.72, cy + (oy - cy) * 0.72, 0.2,
                                       fill, layer=base + 1, role=role, piece=piece))
        # its shadow on the board, seen through its hole too (no peg there: a lower
        # ring's hole shows its white peg instead)
        shapes.append(draw.circle(cx + 0.05, cy + 0.07, 0.44, "rgba(0,0,0,0.2)",
                                  layer=base + 2, role=role, piece=piece))
        shapes.append(draw.ring(cx, cy, 0.34, 0.2, fill, layer=base + 3, role=role,
                                piece=piece, level="upper", stroke=dark))
    return shapes


GAME = Steps()
