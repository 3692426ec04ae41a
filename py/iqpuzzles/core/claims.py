"""The first rung of a hint: which piece to look at, and why, in claims that are true of
the board the player sees.

A player asks on the board in front of them, so the rung speaks of that board, not of
one the reasoning reached in its head after steps it did not say. It is one question a
player can settle by looking, the easiest that settles (core/reasoning.py's techniques,
easiest first), and it names a spot the page marks, where the player looks to check it,
or says honestly that it is a guess:

    only-reaches  a spot only one piece can still reach (every spot is to be covered)
    one-place     a piece with one place left, and a spot of that place
    only-fills    a spot every other piece's place over which fails
    must-cover    a spot a piece must cover: every place of it elsewhere fails (every
                  piece is placed in a solution, so it goes over that spot)
    guess         none of these shows quickly: try the piece with the fewest places

A place fails at once (it leaves a spot no place reaches, a piece with no place, a gap no
piece can fill, too little room), else within a few sure moves (LOOK), else looking two
pieces ahead (DEEP); the question whose failures are the easiest, then the fewest, is
asked. Each claim (`Claim`) records what it says so that a test can check it against the
board without reading its words. The piece is always one a solution plays next (in
IQ-Steps: one that need not wait for another).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .bits import bits_of
from .reasoning import Reasoner, State, solution_rows
from .types import Claim

if TYPE_CHECKING:
    from .game import Game
    from .position import Placement, Position

HINT_TRIES = 3000  # placements the rung tries in the head at most (then it guesses)


@dataclass(frozen=True)
class Rung:
    """The first rung: the placement a solution has for its piece, and the claim
    (core/sentences.py words it)."""

    placement: Placement
    claim: Claim


@dataclass
class _Question:
    """A spot (`spot`: its number) or a piece to settle: its live rows, the row that
    settles it (a solution's), and the rows that must be shown to fail; a piece narrowed
    to the places over one spot of its answer has that spot (`over`: its location)."""

    spot: int | None
    options: int
    answer: int
    needed: int
    over: str | None = None


def first_rung(position: Position[Any], found: Sequence[Placement],
               tries: float = HINT_TRIES) -> Rung | None:
    """The first rung for a position that `found` completes, or None when the game gives
    no board to reason on (Solver.board)."""
    game = position.game
    board = game.solver.board(position.setup, position.placed)
    if board is None:
        return None
    ordering = game.ordering
    reasoner = Reasoner(board, limit=tries)
    placements = board.placements

    def may_come_next(question: _Question) -> bool:
        return ordering is None or ordering.may_come_next(found, placements[question.answer])

    def claim(kind: str, question: _Question, out: tuple[tuple[str, str], ...] = ()) -> Rung:
        placement = placements[question.answer]
        spot = reasoner.spot_name(question.spot) if question.spot is not None else \
            question.over
        return Rung(placement, Claim(kind, placement.piece, spot, out))

    spots, pieces = _questions(reasoner, reasoner.start, solution_rows(board, found))
    spots = [q for q in spots if may_come_next(q)]
    pieces = [q for q in pieces if may_come_next(q)]
    if not pieces:
        return None
    for question in spots:  # a spot only one piece can reach, in one way
        if not question.options & (question.options - 1):
            return claim("only-reaches", question)
    covers = _Covers(game, placements)
    for question in pieces:
        if not question.needed:
            return claim("one-place", covers.narrowed(question)[0])
    for question in spots:
        if not question.needed:
            return claim("only-reaches", question)
    failures = _Failures(reasoner)
    narrowed = [q for piece in pieces for q in covers.narrowed(piece)]
    asked = sorted(spots + narrowed, key=lambda q: (q.needed.bit_count(), q.spot is None))
    for ahead in range(3):  # at once, then looking further ahead each time
        for question in asked:
            out = []
            for row in bits_of(question.needed):
                fails = failures.how(row, ahead)
                if fails is None:
                    break
                out.append((row, fails))
            else:
                kind = "must-cover" if question.spot is None else "only-fills"
                return claim(kind, question, _distinct(game, position, placements, out))
            if reasoner.tired:
                break
    return claim("guess", min(pieces, key=lambda q: (q.options.bit_count(),
                                                     placements[q.answer].piece)))


class _Covers:
    """The locations each row covers (as the page marks them), read once."""

    def __init__(self, game: Game[Any], placements: Sequence[Placement]):
        self.game = game
        self.placements = placements
        self.known: dict[int, tuple[str, ...]] = {}

    def of(self, row: int) -> tuple[str, ...]:
        found = self.known.get(row)
        if found is None:
            found = self.known[row] = tuple(self.game.rules.covers(self.placements[row]))
        return found

    def narrowed(self, question: _Question) -> list[_Question]:
        """A piece's question narrowed to each spot of its answer in turn: the places
        elsewhere are the rows to rule out (each set once, at its first spot)."""
        found: dict[int, _Question] = {}
        for location in self.of(question.answer):
            needed = sum(1 << row for row in bits_of(question.needed)
                         if location not in self.of(row))
            found.setdefault(needed, _Question(None, question.options, question.answer,
                                               needed, location))
        return list(found.values())


class _Failures:
    """How each row fails when placed on the board, as far as tried (Reasoner.how_fails:
    at once, then looking further ahead), within the reasoner's limit."""

    def __init__(self, reasoner: Reasoner):
        self.reasoner = reasoner
        self.found: dict[int, str | None] = {}
        self.depth: dict[int, int] = {}  # row -> how far ahead it was tried

    def how(self, row: int, ahead: int) -> str | None:
        """How `row` fails, looking no further ahead than `ahead` (0: at once only)."""
        depth = self.depth.get(row, -1)
        while self.found.get(row) is None and depth < ahead:
            depth += 1
            self.found[row] = self.reasoner.how_fails(self.reasoner.start, row, depth)
        self.depth[row] = depth
        return self.found.get(row)


def _questions(reasoner: Reasoner, state: State,
               solution: int) -> tuple[list[_Question], list[_Question]]:
    """The spots still to cover (games whose every spot is covered) and the pieces still
    to place, each with its live rows, the solution's row, and the rows to rule out: a
    spot's of the other pieces, a piece's other places."""
    view = reasoner.view
    rows = view.rows
    alive = state.alive
    spots = []
    for spot in bits_of(view.to_cover(state)):
        options = view.spot_rows[spot] & alive
        answer = options & solution
        if not answer:
            continue
        row = answer.bit_length() - 1
        mine = view.piece_rows[view.row_piece[row].bit_length() - 1]
        spots.append(_Question(spot, options, row, options & ~mine))
    pieces = []
    for piece in bits_of(state.pieces):
        options = view.piece_rows[piece] & alive
        answer = options & solution
        if not answer:
            continue
        row = answer.bit_length() - 1
        twins = sum(1 << r for r in bits_of(options) if rows[r] == rows[row])
        pieces.append(_Question(None, options, row, options & ~twins))
    return spots, pieces


def _distinct(game: Game[Any], position: Position[Any], placements: Sequence[Placement],
              out: list[tuple[int, str]]) -> tuple[tuple[str, str], ...]:
    """The failing places, each move once (the game's symmetry may give one two rows)."""
    kept: list[tuple[Placement, str]] = []
    for row, how in out:
        placement = placements[row]
        if not any(game.symmetry.equivalent(position.setup, placement, other)
                   for other, _ in kept):
            kept.append((placement, how))
    return tuple((str(placement), how) for placement, how in kept)
