"""A solver that reasons like a player: it grades challenges and words the first rung of
a hint.

It works on the board every game's search already has (core/search.py: each possible
placement a row, the pieces and, in games where every spot is covered, the spots as
columns; the rows each row rules out), as the game's solver part gives it
(`Solver.board`), so it knows no game. It applies named techniques in order of
difficulty, the easiest that still finds something first, and counts what it used:

    LAST_PLACE    a piece has one place left: it goes there
    ONE_PIECE     only one piece can still reach a spot: it goes over it (the spots of a
                  game whose every spot is covered; one place: it goes there)
    DEAD_END      a place that would leave a spot, or a piece, with nothing that fits is
                  ruled out (in IQ-Steps also: a piece that must wait for another)
    LOOK_AHEAD    a place ruled out by playing it in the head: the easy steps after it
                  (the three above) run into a dead end
    DEEP_LOOK     the same, looking two steps ahead
    GUESS         nothing above helps: try a place and see

A challenge's grade is the hardest technique it needs and how often (`Grade`); levels
are bands of grades (generate.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import TYPE_CHECKING

from .bits import bits_of
from .search import ExactCover, SlotCover

if TYPE_CHECKING:
    from .position import Placement, Position


class Technique(IntEnum):
    """The techniques, easiest first (their order is their difficulty)."""

    LAST_PLACE = 1
    ONE_PIECE = 2
    DEAD_END = 3
    LOOK_AHEAD = 4
    DEEP_LOOK = 5
    GUESS = 6

    @property
    def words(self) -> str:
        """The technique for a player, in a few words."""
        return TECHNIQUE_WORDS[self]


TECHNIQUE_WORDS = {
    Technique.LAST_PLACE: "a piece with one place left",
    Technique.ONE_PIECE: "a spot only one piece can reach",
    Technique.DEAD_END: "a place that leaves a gap nothing fills",
    Technique.LOOK_AHEAD: "looking one piece ahead",
    Technique.DEEP_LOOK: "looking two pieces ahead",
    Technique.GUESS: "trying a place and seeing",
}


@dataclass(frozen=True)
class Board:
    """A position on the game's search board: its rows (placements), which are still
    possible (`alive`), the primary columns still to cover (`todo`), and for a slot
    cover the slots still free. Made by the game's solver part (`Solver.board`)."""

    cover: ExactCover
    placements: Sequence[Placement]  # row -> its placement
    alive: int
    todo: int
    piece_columns: int  # the primary columns that are pieces (the others are spots)
    spot_names: dict[int, str] = field(default_factory=dict)  # spot column -> location
    free: int = 0  # a slot cover's free slots


@dataclass
class Grade:
    """What solving a challenge took: the uses of each technique, the hardest."""

    uses: dict[Technique, int] = field(default_factory=dict)

    @property
    def hardest(self) -> Technique:
        return max(self.uses, default=Technique.LAST_PLACE)

    @property
    def score(self) -> float:
        """One number that orders grades: the hardest technique first, then how often it
        (and the one below it) was needed."""
        hardest = self.hardest
        below = self.uses.get(Technique(max(1, hardest - 1)), 0) if hardest > 1 else 0
        return hardest * 100 + min(60, self.uses.get(hardest, 0) * 6) + min(30, below)

    def to_json(self) -> dict[str, object]:
        return {"hardest": self.hardest.name, "score": self.score,
                "uses": {t.name: n for t, n in sorted(self.uses.items())}}


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, the row it plays (or None), the rows it rules out,
    and what it is about (a piece, a spot)."""

    technique: Technique
    play: int | None
    ruled_out: int
    piece: str | None = None
    spot: str | None = None


class _State:
    """The search board as the reasoner changes it (a few ints)."""

    __slots__ = ("alive", "todo", "free")

    def __init__(self, alive: int, todo: int, free: int):
        self.alive, self.todo, self.free = alive, todo, free

    def copy(self) -> _State:
        return _State(self.alive, self.todo, self.free)


class Reasoner:
    """Deductions on one game's board (see the module's docstring)."""

    def __init__(self, board: Board):
        self.board = board
        cover = board.cover
        self.cover = cover
        self.slots = isinstance(cover, SlotCover)
        self.rows = cover.rows
        self.conflicts = cover.conflicts
        self.column_rows = cover.column_rows
        if self.slots:
            assert isinstance(cover, SlotCover)
            self.piece_of = cover.row_piece
            self.slots_of = cover.row_slots
            alive, todo, free = cover.begin(board.alive, board.todo)
            self.piece_rows = cover.piece_rows
        else:
            alive, todo, free = board.alive, board.todo, 0
        self.start = _State(alive, todo, free)

    # --- the board --------------------------------------------------------------------
    def piece_options(self, state: _State) -> Iterator[tuple[int, int]]:
        """(piece column or number, its live rows) for each piece still to place."""
        if self.slots:
            for number in bits_of(state.todo):
                yield number, self.piece_rows[number] & state.alive
        else:
            for column in bits_of(state.todo & self.board.piece_columns):
                yield column, self.column_rows.get(column, 0) & state.alive

    def spot_options(self, state: _State) -> Iterator[tuple[int, int]]:
        """(spot column, its live rows) for each spot still to cover (exact cover only)."""
        if self.slots:
            return
        for column in bits_of(state.todo & ~self.board.piece_columns):
            yield column, self.column_rows.get(column, 0) & state.alive

    def play(self, state: _State, row: int) -> _State:
        if self.slots:
            return _State(state.alive & ~self.conflicts[row], state.todo & ~self.piece_of[row],
                          state.free & ~self.slots_of[row])
        return _State(state.alive & ~self.conflicts[row], state.todo & ~self.rows[row], 0)

    def dead(self, state: _State) -> bool:
        """Whether something still to place or cover has nothing left that fits."""
        if self.slots:
            return state.todo != 0 and self.cover.choose(state.alive, state.todo,  # type: ignore[attr-defined]
                                                         state.free) is None
        for column in bits_of(state.todo):
            if not self.column_rows.get(column, 0) & state.alive:
                return True
        return False

    def solved(self, state: _State) -> bool:
        return state.todo == 0

    def piece_name(self, row: int) -> str:
        return self.board.placements[row].piece

    # --- the techniques, easiest first ------------------------------------------------
    def last_place(self, state: _State) -> Step | None:
        for _, options in self.piece_options(state):
            if options and not options & (options - 1):
                row = options.bit_length() - 1
                return Step(Technique.LAST_PLACE, row, 0, self.piece_name(row))
        return None

    def one_piece(self, state: _State) -> Step | None:
        """A spot all of whose live rows are one piece's: that piece's rows that miss it
        are ruled out (one row: it is played)."""
        for column, options in self.spot_options(state):
            if not options:
                continue
            pieces = {self.piece_name(row) for row in bits_of(options)}
            if len(pieces) != 1:
                continue
            piece = pieces.pop()
            if not options & (options - 1):
                return Step(Technique.ONE_PIECE, options.bit_length() - 1, 0, piece,
                            self.board.spot_names.get(column))
            others = self._rows_of(state, piece) & ~options
            if others:
                return Step(Technique.ONE_PIECE, None, others, piece,
                            self.board.spot_names.get(column))
        return None

    def _rows_of(self, state: _State, piece: str) -> int:
        found = 0
        for _, options in self.piece_options(state):
            if options and self.piece_name(options.bit_length() - 1) == piece:
                found |= options
        return found

    def dead_end(self, state: _State) -> Step | None:
        ruled = 0
        for row in bits_of(state.alive):
            if self.dead(self.play(state, row)):
                ruled |= 1 << row
        if ruled:
            row = ruled.bit_length() - 1
            return Step(Technique.DEAD_END, None, ruled, self.piece_name(row))
        return None

    def look_ahead(self, state: _State, depth: int = 1) -> Step | None:
        technique = Technique.LOOK_AHEAD if depth == 1 else Technique.DEEP_LOOK
        ruled = 0
        for row in bits_of(state.alive):
            if self._fails(self.play(state, row), depth):
                ruled |= 1 << row
        if ruled:
            row = ruled.bit_length() - 1
            return Step(technique, None, ruled, self.piece_name(row))
        return None

    def _fails(self, state: _State, depth: int) -> bool:
        """Whether the easy steps (and, deeper, the looks ahead) from `state` reach a
        dead end."""
        state = state.copy()
        for _ in range(64):
            if self.dead(state):
                return True
            if self.solved(state):
                return False
            step = self.last_place(state) or self.one_piece(state) or self.dead_end(state)
            if step is None and depth > 1:
                step = self.look_ahead(state, depth - 1)
            if step is None:
                return False
            self.apply(state, step)
        return False

    def apply(self, state: _State, step: Step) -> None:
        if step.play is not None:
            new = self.play(state, step.play)
            state.alive, state.todo, state.free = new.alive, new.todo, new.free
        state.alive &= ~step.ruled_out

    # --- solving like a player ------------------------------------------------------
    def next_step(self, state: _State, deepest: Technique = Technique.DEEP_LOOK) -> Step | None:
        """The easiest deduction there is (up to `deepest`), or None."""
        finders: list[tuple[Technique, Callable[[], Step | None]]] = [
            (Technique.LAST_PLACE, lambda: self.last_place(state)),
            (Technique.ONE_PIECE, lambda: self.one_piece(state)),
            (Technique.DEAD_END, lambda: self.dead_end(state)),
            (Technique.LOOK_AHEAD, lambda: self.look_ahead(state, 1)),
            (Technique.DEEP_LOOK, lambda: self.look_ahead(state, 2)),
        ]
        for technique, find in finders:
            if technique > deepest:
                return None
            step = find()
            if step is not None:
                return step
        return None

    def grade(self, solution: set[int]) -> Grade:
        """Solve from the start by the easiest deduction each time, guessing (the right
        row of `solution`, the rows of the unique solution) only when nothing else helps."""
        grade = Grade()
        state = self.start.copy()
        for _ in range(10_000):
            if self.solved(state):
                return grade
            step = self.next_step(state)
            if step is None:
                options = min((o for _, o in self.piece_options(state) if o),
                              key=lambda o: o.bit_count(), default=0)
                right = [row for row in bits_of(options) if row in solution]
                if not right:
                    break  # off the solution: cannot happen with a unique solution
                step = Step(Technique.GUESS, right[0], 0, self.piece_name(right[0]))
            grade.uses[step.technique] = grade.uses.get(step.technique, 0) + 1
            self.apply(state, step)
        return grade


def grade(position: Position) -> Grade | None:
    """The grade of a position's challenge from that position: the techniques a player
    needs to finish it (None when the game's solver gives no board, or no solution)."""
    solver = position.game.solver
    board = solver.board(position.setup, position.placed)
    if board is None:
        return None
    solution = next(solver.complete(position.setup, position.placed, 1), None)
    if solution is None:
        return None
    rows = {index for index, placement in enumerate(board.placements)
            if placement in set(solution)}
    return Reasoner(board).grade(rows)


def first_step(position: Position, deepest: Technique = Technique.DEAD_END) -> Step | None:
    """The easiest deduction a player can make in the position (up to `deepest`: the
    cheap ones, fit for a hint), or None."""
    board = position.game.solver.board(position.setup, position.placed)
    if board is None:
        return None
    reasoner = Reasoner(board)
    return reasoner.next_step(reasoner.start, deepest)
