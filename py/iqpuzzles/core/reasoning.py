"""A solver that reasons like a player: it grades challenges and finds the first rung of
a hint (core/claims.py).

It works on the board every game's search already has (core/search.py: each possible
placement a row, the rows each rules out, the pieces and the spots to cover), as the
game's solver part gives it (`Solver.board`), so it knows no game. A player does not
search: they look for the next sure step, the easiest kind first, and try a placement in
their head only when nothing easier shows. The techniques, easiest first:

    SPOT    a spot only one piece can still cover: that piece goes over it (and if only
            one of its placements reaches the spot, there)
    PIECE   a piece with one place left: it goes there
    GAP     a gap (neighbouring spots still to cover) that only some pieces can fill:
            they go in it, the others stay out (a gap of three spots takes a three-spot
            piece); a place that would leave a spot or a piece with nothing that fits;
            a place of the most constrained spot or piece that would leave a gap no
            piece can fill (in games of slots: too few free slots)
    LOOK    a place ruled out by playing it in the head: the easy steps after it (SPOT,
            PIECE, the game's own, and the gaps) run into a dead end
    DEEP    the same, looking two placements ahead
    GUESS   nothing above helps: try a place and see (the solution's, when grading)

A game adds techniques of its own (`Deduction`, through `Board.deductions`, each taking
its turn by its rank): IQ-Steps' "a ring that must wait for the one above it".

Looking ahead is focused as a player focuses: on the spot or piece with the fewest
places left, each of its places tried in turn, the next spot or piece only when none of
them fails. Each deduction is a step; which techniques solving a challenge needs, the
hardest and how often (its steps), is its grade (`Grade`, `Grade.score`); a level is a
band of grades (tools/levels.py). `Grade.tries` counts the placements tried in the head.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, partial
from typing import TYPE_CHECKING, Any

from .bits import bits_of, renumber
from .search import ExactCover, SlotCover

if TYPE_CHECKING:
    from .position import Placement, Position


@dataclass(frozen=True, order=True)
class Technique:
    """A way of reasoning, ranked by difficulty (`rank`: the lower, the easier), and its
    name (a code: the grades' and the bench's; the module's docstring says what each is)."""

    rank: int
    name: str

    def __str__(self) -> str:
        return self.name


SPOT = Technique(10, "spot")
PIECE = Technique(20, "piece")
GAP = Technique(30, "gap")
LOOK = Technique(40, "look")
DEEP = Technique(50, "deep")
GUESS = Technique(60, "guess")
TECHNIQUES = (SPOT, PIECE, GAP, LOOK, DEEP, GUESS)  # the core's, easiest first
# how a place fails at once (GAP, `Reasoner.fails_why`): it leaves a spot no place
# reaches, a piece with no place, a gap no set of the pieces that fit can fill, or (games
# of slots) too few free slots for the pieces left
AT_ONCE = ("spot", "piece", "gap", "room")


class Deduction(ABC):
    """A game's own technique: placements its rules rule out once some are down. It must
    be sound (never rule out a placement some solution has) and cheap: the reasoner
    applies it after every placement, in its head too."""

    technique: Technique

    @abstractmethod
    def rule_out(self, placed: int, alive: int) -> int:
        """The rows of `alive` ruled out when the rows of `placed` are down (both bitsets
        over the board's rows)."""


@dataclass(frozen=True)
class Board:
    """A position on the game's search board (made by `Solver.board`): its rows
    (`placements`, one per row of `cover`), the rows still possible (`alive`), the
    primary columns still to cover (`todo`: pieces, and in games where every spot is
    covered, spots), which primary columns are pieces (`piece_columns`), each spot
    column's location code (`spot_names`), each spot column's neighbours (`neighbours`:
    gaps are found only where the game gives them), the rows each row rules out when
    they differ from the cover's (`conflicts`), and the game's own techniques."""

    cover: ExactCover
    placements: Sequence[Placement]
    alive: int
    todo: int
    piece_columns: int
    spot_names: dict[int, str] = field(default_factory=dict)
    neighbours: dict[int, int] | None = None
    conflicts: Sequence[int] | None = None
    deductions: tuple[Deduction, ...] = ()

    @classmethod
    def of_pieces(cls, cover: ExactCover, placements: Sequence[Placement],
                  start: tuple[int, int] | None, pieces: Sequence[str], cells: int,
                  placed: Sequence[Placement], spot_names: dict[int, str],
                  neighbours: dict[int, int] | None) -> Board | None:
        """The board of a game whose columns are its `cells` spots, then one per piece:
        from the rows still possible and the spots still uncovered (`start`, None when the
        position has no solution), with the pieces not yet `placed` still to place."""
        if start is None:
            return None
        alive, uncovered = start
        on = {p.piece for p in placed}
        todo = uncovered | sum(1 << (cells + i) for i, piece in enumerate(pieces)
                               if piece not in on)
        return cls(cover, placements, alive, todo, ((1 << len(pieces)) - 1) << cells,
                   spot_names, neighbours)


@dataclass(frozen=True)
class Step:
    """One deduction: its technique, the row it places (or None) and the rows it rules
    out, what it is about (a piece, a spot, a gap), and the placements tried in the head
    to find it."""

    technique: Technique
    play: int | None = None
    ruled_out: int = 0
    piece: str | None = None
    spot: str | None = None  # the spot's location code (SPOT, GAP: a spot of the gap)
    gap: int = 0  # GAP: the size of the gap it is about, if any
    tries: int = 0


@dataclass
class Grade:
    """What solving a challenge took: the steps of each technique, the placements tried in
    the head (`tries`), and per piece placed the hardest technique it took to find it."""

    uses: dict[str, int] = field(default_factory=dict)
    hardest: Technique = SPOT
    tries: int = 0
    placed: list[Technique] = field(default_factory=list)

    def add(self, step: Step) -> None:
        self.uses[step.technique.name] = self.uses.get(step.technique.name, 0) + 1
        self.tries += step.tries
        self.hardest = max(self.hardest, step.technique)

    def count(self, technique: Technique) -> int:
        return self.uses.get(technique.name, 0)

    @property
    def often(self) -> int:
        """How often the hardest technique was needed: its steps."""
        return self.count(self.hardest)

    @property
    def score(self) -> int:
        """One number that orders grades: the hardest technique, then how often it was
        needed (its rank times 100 plus its steps, at most 99)."""
        return self.hardest.rank * 100 + min(99, self.often)

    def to_json(self) -> dict[str, object]:
        return {"hardest": self.hardest.name, "often": self.often, "score": self.score,
                "tries": self.tries, "uses": dict(self.uses)}


class Dead(Exception):
    """The position reached has no way to go on (inside a look ahead)."""


class State:
    """The board as the reasoner changes it: the rows alive, the pieces still to place,
    the spots still open (its cover's `CoverView` says which: the spots still to cover,
    or the free slots), the rows placed. Pieces and spots are numbered 0, 1, ... (a bit
    each), rows by the board's rows."""

    __slots__ = ("alive", "pieces", "spots", "placed")

    def __init__(self, alive: int, pieces: int, spots: int, placed: int = 0):
        self.alive, self.pieces, self.spots, self.placed = alive, pieces, spots, placed

    def copy(self) -> State:
        return State(self.alive, self.pieces, self.spots, self.placed)


class CoverView(ABC):
    """A search board's cover as the reasoner reads it, whichever kind it is: its pieces
    and spots numbered 0, 1, ..., row -> its piece (a bit) and its spots (bits), piece
    -> its rows, spot -> its rows and its column (for its name), each piece's most
    spots; and what differs between kinds: where the reasoner starts, which open spots
    must still be covered (`musts`, `to_cover`) and how a place that leaves too little
    fails (`crowded`, one of AT_ONCE)."""

    crowded: str
    rows: list[int]  # the cover's rows (column bitmasks)
    piece_rows: list[int]
    row_piece: list[int]
    spot_column: list[int]
    spot_rows: list[int]
    row_spots: list[int]

    @cached_property
    def size(self) -> list[int]:
        """Each piece's most spots covered by one of its rows."""
        return [max((self.row_spots[r].bit_count() for r in bits_of(rows)), default=0)
                for rows in self.piece_rows]

    @abstractmethod
    def start(self, board: Board) -> State:
        """The state of `board` (its rows alive, its columns still to cover)."""

    @abstractmethod
    def musts(self, state: State) -> list[tuple[int, int]] | None:
        """(spot, its live rows) of every open spot that must still be covered; None
        when one no longer can be, or the open spots are too few for the pieces left."""

    @abstractmethod
    def to_cover(self, state: State) -> int:
        """The open spots each of which a solution covers (gaps are made of them)."""


class _Tiling(CoverView):
    """An exact cover whose every spot is covered (IQ-Twist, IQ-Focus): its primary
    columns are the pieces (`piece_columns`) and the spots; the open spots are those
    still to cover, and each must be."""

    crowded = "spot"  # a place that leaves too little leaves a spot no place reaches

    def __init__(self, cover: ExactCover, piece_columns: int):
        self.rows = cover.rows
        piece_column = list(bits_of(piece_columns))
        self.spot_column = list(bits_of(cover.primary & ~piece_columns))
        self.piece_rows = [cover.column_rows.get(c, 0) for c in piece_column]
        self.spot_rows = [cover.column_rows.get(c, 0) for c in self.spot_column]
        self.piece_number = {c: 1 << p for p, c in enumerate(piece_column)}
        self.spot_number = {c: 1 << s for s, c in enumerate(self.spot_column)}
        self.row_piece = [renumber(row, self.piece_number) for row in cover.rows]
        self.row_spots = [renumber(row, self.spot_number) for row in cover.rows]

    def start(self, board: Board) -> State:
        return State(board.alive, renumber(board.todo, self.piece_number),
                     renumber(board.todo, self.spot_number))

    def musts(self, state: State) -> list[tuple[int, int]] | None:
        found = []
        alive, spot_rows = state.alive, self.spot_rows
        spots = state.spots
        while spots:
            low = spots & -spots
            spots ^= low
            spot = low.bit_length() - 1
            options = spot_rows[spot] & alive
            if not options:
                return None
            found.append((spot, options))
        return found

    def to_cover(self, state: State) -> int:
        return state.spots


class _Slots(CoverView):
    """A SlotCover (IQ-Steps, IQ-Link): its spots are its slots, the open ones free; a
    slot may stay empty unless its kind has none to spare (SlotCover.slack)."""

    crowded = "room"  # a place that leaves too little leaves too few free slots

    def __init__(self, cover: SlotCover):
        self.cover = cover
        self.rows = cover.rows
        self.piece_rows = list(cover.piece_rows)
        self.row_piece = list(cover.row_piece)
        self.spot_column = list(cover.slot_columns)
        self.spot_rows = list(cover.slot_rows)
        self.row_spots = list(cover.row_slots)

    def start(self, board: Board) -> State:
        return State(*self.cover.begin(board.alive, board.todo))

    def musts(self, state: State) -> list[tuple[int, int]] | None:
        slack = self.cover.slack(state.alive, state.pieces, state.spots)
        if slack is None:
            return None
        state.spots, must = slack  # the free slots no live row reaches are closed
        return must

    def to_cover(self, state: State) -> int:
        return 0  # none must be: any may stay empty while its kind has one to spare


@cache
def view_of(cover: ExactCover, piece_columns: int) -> CoverView:
    """The reasoner's view of a cover (read once per cover)."""
    return _Slots(cover) if isinstance(cover, SlotCover) else _Tiling(cover, piece_columns)


def _forced_row(bits: int, rows: list[int], alive: int) -> int:
    """The one live row of the first of `bits` (spots or pieces, a bit each, `rows` the
    rows of each) that has one left, or -1 when each has more; Dead when one has none."""
    while bits:
        low = bits & -bits
        bits ^= low
        options = rows[low.bit_length() - 1] & alive
        if not options:
            raise Dead
        if not options & (options - 1):
            return options.bit_length() - 1
    return -1


# at most this many pieces that fit a gap are tried in every combination
GAP_PIECES = 8
# placements tried in the head within one look two placements ahead (then it gives up:
# that placement does not count as failing)
DEEP_TRIES = 400


class Reasoner:
    """The techniques on one game's board (see the module's docstring). With `limit`, it
    tries at most that many placements in its head in all (`spent` counts them), then
    gives up looking ahead (and guesses): a hint must answer quickly, even on an empty
    board."""

    def __init__(self, board: Board, limit: float = math.inf):
        self.board = board
        self.limit = limit
        self.spent = 0  # placements tried in the head
        self.view = view = view_of(board.cover, board.piece_columns)
        self.conflicts = board.conflicts if board.conflicts is not None else \
            board.cover.conflicts
        self.deductions = board.deductions
        self.start = view.start(board)
        neighbours = board.neighbours
        self.neighbours: list[int] | None = None
        if neighbours is not None:
            number = {c: 1 << s for s, c in enumerate(view.spot_column)}
            self.neighbours = [renumber(neighbours.get(c, 0), number)
                               for c in view.spot_column]

    # --- the board ---------------------------------------------------------------------
    def piece_name(self, row: int) -> str:
        return self.board.placements[row].piece

    def spot_name(self, spot: int) -> str | None:
        """A spot's location code, where the game gives one."""
        columns = self.view.spot_column
        return self.board.spot_names.get(columns[spot]) if 0 <= spot < len(columns) else None

    def place(self, state: State, row: int) -> None:
        view = self.view
        state.alive &= ~self.conflicts[row]
        state.pieces &= ~view.row_piece[row]
        state.spots &= ~view.row_spots[row]
        state.placed |= 1 << row

    def solved(self, state: State) -> bool:
        return not state.pieces

    @property
    def tired(self) -> bool:
        """Whether it has tried as many placements in its head as it may."""
        return self.spent >= self.limit

    def attempt(self) -> bool:
        """One more placement to try in the head: counted, or False when it is tired."""
        if self.spent >= self.limit:
            return False
        self.spent += 1
        return True

    # --- the easy techniques -----------------------------------------------------------
    def apply_rules(self, state: State) -> tuple[Deduction, int] | None:
        """The first game technique that rules something out, and what."""
        for deduction in self.deductions:
            ruled = deduction.rule_out(state.placed, state.alive) & state.alive
            if ruled:
                return deduction, ruled
        return None

    def singles(self, state: State) -> Step | None:
        """SPOT or PIECE: the easiest sure step, or None; Dead if a spot or piece has no
        place left."""
        musts = self.view.musts(state)
        if musts is None:
            raise Dead
        view = self.view
        alive = state.alive
        for spot, options in musts:
            if not options & (options - 1):
                row = options.bit_length() - 1
                return Step(SPOT, row, piece=self.piece_name(row), spot=self.spot_name(spot))
        row = _forced_row(state.pieces, view.piece_rows, alive)
        if row >= 0:
            return Step(PIECE, row, piece=self.piece_name(row))
        for spot, options in musts:  # every row reaching it is one piece's: the others go
            row = options.bit_length() - 1
            mine = view.piece_rows[view.row_piece[row].bit_length() - 1]
            if not options & ~mine:
                others = mine & alive & ~options
                if others:
                    return Step(SPOT, None, others, self.piece_name(row), self.spot_name(spot))
        return None

    def settle(self, state: State) -> None:
        """Every easy step (the game's own techniques, SPOT, PIECE) until none is left,
        then the gaps checked; Dead when the position has no way on. The steps are those
        of `singles`, the spots a piece alone reaches all at once: the same end, sooner."""
        view, deductions = self.view, self.deductions
        piece_rows, row_piece = view.piece_rows, view.row_piece
        while True:
            if deductions:
                found = self.apply_rules(state)
                if found is not None:
                    state.alive &= ~found[1]
                    continue
            musts = view.musts(state)
            if musts is None:
                raise Dead
            row = -1
            for _, options in musts:
                if not options & (options - 1):
                    row = options.bit_length() - 1
                    break
            alive = state.alive
            if row < 0:
                row = _forced_row(state.pieces, piece_rows, alive)
            if row >= 0:
                self.place(state, row)
                continue
            ruled = 0  # a spot only one piece reaches: its other places go
            for _, options in musts:
                mine = piece_rows[row_piece[options.bit_length() - 1].bit_length() - 1]
                if not options & ~mine:
                    ruled |= mine & alive & ~options
            if not ruled:
                break
            state.alive = alive & ~ruled
        if self.gaps(state) is None:
            raise Dead

    def apply(self, state: State, step: Step) -> None:
        if step.play is not None:
            self.place(state, step.play)
        state.alive &= ~step.ruled_out

    # --- gaps (games that give their spots' neighbours) --------------------------------
    def gaps(self, state: State,
             fillings: bool = False) -> list[tuple[int, int, list[int]]] | None:
        """The gaps (groups of neighbouring spots still to cover), when there are two or
        more, each with the rows inside and (`fillings`) the sets of pieces that could fill
        it; None when a gap cannot be filled. Only games whose every spot is covered, and
        that give their spots' neighbours, have gaps."""
        neighbours = self.neighbours
        if neighbours is None:
            return []
        left = self.view.to_cover(state)
        if not left:
            return []
        if not state.pieces:
            return None
        groups = []
        while left:
            gap = frontier = left & -left
            while frontier:
                grown = 0
                while frontier:
                    low = frontier & -frontier
                    frontier ^= low
                    grown |= neighbours[low.bit_length() - 1]
                frontier = grown & left & ~gap
                gap |= frontier
            left &= ~gap
            groups.append(gap)
        if len(groups) < 2:  # one gap: the pieces left are its size
            return []
        view = self.view
        spot_rows, piece_rows, size, alive = view.spot_rows, view.piece_rows, view.size, \
            state.alive
        found = []
        for gap in groups:
            inside = 0
            spots = gap
            while spots:
                low = spots & -spots
                spots ^= low
                inside |= spot_rows[low.bit_length() - 1]
            inside &= alive
            target = gap.bit_count()
            fits = [p for p in bits_of(state.pieces) if piece_rows[p] & inside]
            if fillings:
                listed = _fillings(fits, size, target)
                if listed == []:
                    return None
                ways = listed or []  # too many to list: nothing to deduce
            else:
                reach = 1
                for p in fits:
                    reach |= reach << size[p]
                if not reach >> target & 1:
                    return None
                ways = []
            found.append((gap, inside, ways))
        return found

    def gap_step(self, state: State) -> Step | None:
        """GAP from the gaps as they are: a piece every filling of a gap needs goes in it
        (its rows elsewhere are out); a piece no filling uses stays out of it."""
        found = self.gaps(state, fillings=True)
        if found is None:
            raise Dead
        piece_rows = self.view.piece_rows
        for gap, inside, fillings in found:
            if not fillings:
                continue
            needed = fillings[0]
            used = 0
            for filling in fillings:
                needed &= filling
                used |= filling
            ruled = 0
            for p in bits_of(needed):
                ruled |= piece_rows[p] & state.alive & ~inside
            for p in bits_of(state.pieces & ~used):
                ruled |= piece_rows[p] & inside
            if ruled:
                row = ruled.bit_length() - 1
                piece = next(bits_of(needed), None)
                name = self.board.placements[
                    (piece_rows[piece] & state.alive).bit_length() - 1].piece \
                    if piece is not None else self.piece_name(row)
                return Step(GAP, None, ruled, name, self.spot_name((gap & -gap).bit_length() - 1),
                            gap=gap.bit_count())
        return None

    # --- trying placements in the head -------------------------------------------------
    def questions(self, state: State) -> list[int]:
        """The rows of each spot still to cover and of each piece still to place, the
        fewest first (the spot or piece a player looks at first); spots before pieces on
        a tie."""
        musts = self.view.musts(state)
        if musts is None:
            raise Dead
        found = [(options.bit_count(), 0, i, options) for i, (_, options) in enumerate(musts)
                 if options & (options - 1)]
        for p in bits_of(state.pieces):
            options = self.view.piece_rows[p] & state.alive
            if options & (options - 1):
                found.append((options.bit_count(), 1, p, options))
        found.sort()
        return [options for *_, options in found]

    def fails_why(self, state: State, row: int) -> str | None:
        """How placing `row` fails at once (see `AT_ONCE`), or None if it does not."""
        after = state.copy()
        self.place(after, row)
        if self.view.musts(after) is None:  # a spot no place reaches, or too few slots
            return self.view.crowded
        piece_rows = self.view.piece_rows
        pieces = after.pieces
        while pieces:
            low = pieces & -pieces
            pieces ^= low
            if not piece_rows[low.bit_length() - 1] & after.alive:
                return "piece"
        return "gap" if self.gaps(after) is None else None

    def fails_ahead(self, state: State, row: int) -> bool:
        """LOOK: whether placing `row` and the easy steps after it reach a dead end."""
        after = state.copy()
        self.place(after, row)
        try:
            self.settle(after)
        except Dead:
            return True
        return False

    def fails_deep(self, state: State, row: int, budget: list[int]) -> bool:
        """DEEP: whether placing `row`, then every easy step and look one ahead after it,
        reaches a dead end (within the budget of tries)."""
        after = state.copy()
        self.place(after, row)
        try:
            self.settle(after)
            while not self.solved(after):
                step = self.eliminate(after, self.fails_ahead, LOOK, budget)
                if step is None:
                    return False
                self.apply(after, step)
                self.settle(after)
        except Dead:
            return True
        return False

    def fails_looking(self, state: State, row: int) -> bool:
        """LOOK as a player tries a place in the head for a hint: put it down, then make
        every sure move (SPOT, PIECE, the game's own) and rule out every place that fails
        at a glance (GAP: it conflicts with every place of a spot or piece, or a gap takes
        it), until a dead end shows or nothing more does."""
        after = state.copy()
        self.place(after, row)
        try:
            while True:
                self.settle(after)
                if self.solved(after):
                    return False
                step = self.gap_step(after) or self.sweep(after)
                if step is None:
                    return False
                self.apply(after, step)
        except Dead:
            return True

    def how_fails(self, state: State, row: int, ahead: int) -> str | None:
        """How placing `row` fails as a player sees it, looking `ahead`: 0 at once (one of
        AT_ONCE), 1 within a few sure moves ("look", `fails_looking`), 2 two pieces further
        on ("deep"); None when it does not, or (looking ahead) when it is tired."""
        if ahead == 0:
            return self.fails_why(state, row)
        if not self.attempt():
            return None
        failed = self.fails_looking(state, row) if ahead == 1 else \
            self.fails_deep(state, row, [DEEP_TRIES])
        return ("look", "deep")[ahead - 1] if failed else None

    def eliminate(self, state: State, fails: Callable[[State, int], bool],
                  technique: Technique, budget: list[int] | None = None) -> Step | None:
        """The first spot or piece (fewest places first) some of whose places fail the
        test: those places are out."""
        tried = failed = 0  # the rows tried, and those that failed (each tried once)
        for options in self.questions(state):
            for row in bits_of(options & ~tried):
                if budget is not None:
                    if budget[0] <= 0:
                        return None
                    budget[0] -= 1
                if not self.attempt():
                    return None
                tried |= 1 << row
                if fails(state, row):
                    failed |= 1 << row
            ruled = options & failed
            if ruled:
                if ruled == options:
                    raise Dead
                row = ruled.bit_length() - 1
                return Step(technique, None, ruled, self.piece_name(row), tries=tried.bit_count())
        return None

    def sweep(self, state: State) -> Step | None:
        """GAP: every place that would leave a spot still to cover, or a piece still to
        place, with nothing that fits: a place that conflicts with every place left for
        it (a player sees them all in one look over the board: nothing is tried in the
        head). The spot or piece with the fewest places first; the first that rules out
        something is the step."""
        conflicts = self.conflicts
        alive = state.alive
        for options in self.questions(state):
            common = alive & ~options
            rows = options
            while rows and common:
                low = rows & -rows
                rows ^= low
                common &= conflicts[low.bit_length() - 1]
            if common:
                return Step(GAP, None, common, self.piece_name(common.bit_length() - 1))
        return None

    def pockets(self, state: State) -> Step | None:
        """GAP: the places of the spot or piece with the fewest places that would leave a
        gap (or, in games of slots, too few free slots) that nothing can fill."""
        questions = self.questions(state)
        if not questions:
            return None
        options = questions[0]
        ruled = 0
        for row in bits_of(options):
            if self.fails_why(state, row) is not None:
                ruled |= 1 << row
        if not ruled:
            return None
        if ruled == options:
            raise Dead
        return Step(GAP, None, ruled, self.piece_name(ruled.bit_length() - 1))

    # --- solving like a player ------------------------------------------------------------
    def next_step(self, state: State, deepest: Technique = DEEP) -> Step | None:
        """The easiest deduction there is (up to `deepest`), or None; Dead if the position
        has no way on. The game's own techniques take their turn by their rank."""
        finders: list[tuple[Technique, Callable[[], Step | None]]] = [
            (SPOT, lambda: self.singles(state)),
            (GAP, lambda: self.gap_step(state) or self.sweep(state) or self.pockets(state)),
            (LOOK, lambda: self.eliminate(state, self.fails_ahead, LOOK)),
            (DEEP, lambda: self.eliminate(state, self._deep, DEEP)),
        ]
        for deduction in self.deductions:
            finders.append((deduction.technique, partial(self.rule_step, state, deduction)))
        finders.sort(key=lambda pair: pair[0].rank)
        for technique, find in finders:
            if technique > deepest:
                break
            step = find()
            if step is not None:
                return step
        return None

    def rule_step(self, state: State, deduction: Deduction) -> Step | None:
        ruled = deduction.rule_out(state.placed, state.alive) & state.alive
        if not ruled:
            return None
        return Step(deduction.technique, None, ruled, self.piece_name(ruled.bit_length() - 1))

    def _deep(self, state: State, row: int) -> bool:
        return self.fails_deep(state, row, [DEEP_TRIES])

    def guess(self, state: State, solution: int) -> Step:
        """GUESS: the solution's place for the spot or piece with the fewest places."""
        for options in self.questions(state):
            right = options & solution
            if right:
                row = right.bit_length() - 1
                return Step(GUESS, row, piece=self.piece_name(row))
        raise Dead

    def steps(self, solution: int, deepest: Technique = DEEP) -> Iterator[Step]:
        """The steps of solving from the start, the easiest each time (guessing the row of
        `solution`, a bitset of the rows of a solution, when nothing else helps)."""
        state = self.start.copy()
        while not self.solved(state):
            step = self.next_step(state, deepest)
            if step is None:
                step = self.guess(state, solution)
            yield step
            self.apply(state, step)

    def grade(self, solution: int, deepest: Technique = DEEP) -> Grade:
        grade = Grade()
        hardest = SPOT
        for step in self.steps(solution, deepest):
            grade.add(step)
            hardest = max(hardest, step.technique)
            if step.play is not None:
                grade.placed.append(hardest)
                hardest = SPOT
        return grade


def _fillings(fits: list[int], size: list[int], target: int) -> list[int] | None:
    """The sets of pieces (bitsets) among `fits` whose sizes add up to `target` ([] if
    none); None when too many pieces fit to list them (and some set does)."""
    reach = 1
    for p in fits:
        reach |= reach << size[p]
    if not reach >> target & 1:
        return []
    if len(fits) > GAP_PIECES:
        return None
    found = []
    for subset in range(1, 1 << len(fits)):
        total = 0
        pieces = 0
        for i, p in enumerate(fits):
            if subset >> i & 1:
                total += size[p]
                pieces |= 1 << p
        if total == target:
            found.append(pieces)
    return found


def grade(position: Position[Any]) -> Grade | None:
    """What a player needs to finish the position (None when the game gives no board, or
    the position cannot be finished)."""
    solver = position.game.solver
    board = solver.board(position.setup, position.placed)
    if board is None:
        return None
    found = next(solver.complete(position.setup, position.placed, 1), None)
    if found is None:
        return None
    return Reasoner(board).grade(solution_rows(board, found))


def solution_rows(board: Board, solution: Sequence[Placement]) -> int:
    """The rows of the board that a solution's placements are."""
    wanted = set(solution)
    found = 0
    for row, placement in enumerate(board.placements):
        if placement in wanted:
            found |= 1 << row
    return found
