"""The values every game shares (a piece placement, a challenge's setup, a position) and
the moves, written once for every game over the parts it declares (core/game.py).

A `Placement` is one piece put down (`str(p)` is its item in the game's notation, such
as "d2A6"); each game subclasses it with its own coordinates, and every part of the game
is generic in that type (`P`). A `Setup` is a parsed challenge: the pieces it puts down
(`fixed`) and whatever else it puts on the board (`extra`: IQ-Twist's pegs, IQ-Focus's
colours, read by the game's own parts). A `Position` is a setup plus the pieces played on
it, in playing order: an immutable value (hashable, comparable) that owns its moves, as
python-chess's Board does.

One move is computed once: `Position.after(placement)` plays a placement and answers
the new position or, if a rule refuses it, the Refusal that says why, as a value;
`play`, the page's preview, the API's move and a piece turned where it lies
(`turned`, core/turning.py) are built on it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from . import checks, turning
from .errors import (
    ChallengeError,
    IllegalPlacementError,
    PlacementError,
    Refusal,
    quote,
)
from .i18n import tr
from .types import Hint, HintKind, SearchStats
from .vocabulary import named_on_the_board

if TYPE_CHECKING:
    from .game import Game


class Placement(ABC):
    """One piece on the board. Subclasses are frozen dataclasses with a `piece` field."""

    piece: str

    @abstractmethod
    def encode(self) -> str:
        """The placement as one item of the game's notation."""

    def __str__(self) -> str:
        return self.encode()


P = TypeVar("P", bound=Placement)  # a game's own placement type


@dataclass(frozen=True)
class GridPlacement(Placement):
    """A piece on a square grid (IQ-Twist, IQ-Focus): its letter, the column and row of
    its reference point (0-based) and its orientation. Subclasses write it (`encode`)."""

    piece: str
    column: int
    row: int
    orientation: int


@dataclass(frozen=True)
class Setup(Generic[P]):
    """A challenge, parsed: `text` as the game writes it, the pieces it puts down first
    (`fixed`, in playing order) and what else it puts on the board (`extra`: the game's
    own, None where there is nothing)."""

    text: str
    fixed: tuple[P, ...] = ()
    extra: Any = None
    # the game's name ("": not told; Game.setup() tells it): a label, not part of its value
    game: str = field(default="", compare=False)

    @property
    def fixed_pieces(self) -> frozenset[str]:
        return frozenset(p.piece for p in self.fixed)


def played_in_order(pieces: Iterable[P],
                    breaks: Callable[[Sequence[P], P], Refusal | None]) -> tuple[P, ...]:
    """A challenge's pieces put down in the order written, each legal on the ones before it
    (`breaks(before, piece)`): IllegalPlacementError names the first that is not."""
    placed: list[P] = []
    for piece in pieces:
        refusal = breaks(placed, piece)
        if refusal is not None:
            raise IllegalPlacementError.of(refusal, piece.encode())
        placed.append(piece)
    return tuple(placed)


def board_checked(board: Setup[P], breaks_board: Callable[[Setup[P]], str | None]) -> Setup[P]:
    """`board` if its own items other than pieces keep the rules (`breaks_board`, the
    game's Rules.breaks_board), else IllegalPlacementError saying which they break."""
    problem = breaks_board(board)
    if problem is not None:
        raise IllegalPlacementError(problem)
    return board


@dataclass(frozen=True, eq=False)
class Position(Generic[P]):
    """A challenge and the pieces on its board (the challenge's first), in playing order.

    Two positions are equal when they are of the same game and challenge and write the
    same placement string. Made by `Game.position()` (or `Position.of`), which checks
    every rule on the way; never built by hand.
    """

    game: Game[P] = field(repr=False)
    setup: Setup[P]
    placed: tuple[P, ...]

    # --- making one -----------------------------------------------------------------
    @classmethod
    def of(cls, game: Game[P], setup: Setup[P], pieces: Iterable[P],
           reorder: bool = True) -> Position[P]:
        """The position of `pieces` (the setup's own among them, in any way the game's
        symmetry writes them) on the setup's board, played in the written order, or,
        with `reorder`, in a legal playing order when the written one breaks a rule
        (games whose order matters). IllegalPlacementError or ChallengeError if none."""
        rest = _without_fixed(game, setup, tuple(pieces))
        start = cls(game, setup, setup.fixed)
        try:
            return start._play_all(rest)
        except IllegalPlacementError:
            if not reorder or game.ordering is None:
                raise
            return start._play_all(game.ordering.arrange(setup, setup.fixed, rest))

    # --- the move ----------------------------------------------------------------------
    def after(self, placement: P) -> Position[P] | Refusal:
        """The position after playing `placement` (one of this game's), or the Refusal
        that says why a rule does not let it be played: computed once, for every face."""
        placement = self.game.own_placement(placement)
        with named_on_the_board([*self.pieces, placement.piece]):  # the pieces it speaks of
            if placement.piece in self.pieces:
                name = self.game.vocabulary.capitalised_name(placement.piece)
                return Refusal("duplicate", tr("piece %(piece)s is already on the board",
                                               piece=placement.piece),
                               tr("%(name)s is already on the board.", name=name),
                               (placement.piece,))
            refusal = self.game.rules.breaks(self.setup, self.placed, placement)
        if refusal is not None:
            return refusal
        return Position(self.game, self.setup, (*self.placed, placement))

    def play(self, item: str | P) -> Position[P]:
        """The position after playing one piece placement (its item in the game's
        notation, or a Placement of this game); IllegalPlacementError if a rule refuses
        it, saying why."""
        if isinstance(item, str):
            placement = self.game.notation.read_item(item)
        elif isinstance(item, Placement):
            placement = self.game.own_placement(item)
        else:
            raise PlacementError(quote(item), tr("a piece placement is text, such as "
                                                 "%(example)s",
                                                 example=self.game.notation.example_item))
        return _played(self.after(placement), placement)

    def play_all(self, placements: Iterable[P]) -> Position[P]:
        """The position after playing `placements` (of this game), in order."""
        return self._play_all(self.game.own_placements(placements))

    def _play_all(self, placements: Iterable[P]) -> Position[P]:
        position = self
        for placement in placements:
            position = _played(position.after(placement), placement)
        return position

    # --- identity ---------------------------------------------------------------
    def __str__(self) -> str:
        return self.game.notation.write(self.setup, self.placed)

    def _key(self) -> tuple[str, str, str]:
        return (self.game.name, self.setup.text, str(self))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"<{self.game.title} position {str(self)!r} of challenge {self.challenge!r}>"

    # --- what is on the board -----------------------------------------------------
    @property
    def challenge(self) -> str:
        return self.setup.text

    @property
    def pieces(self) -> dict[str, P]:
        """Every piece on the board, by piece id."""
        return {p.piece: p for p in self.placed}

    @property
    def fixed_pieces(self) -> frozenset[str]:
        """The pieces the challenge put down (they cannot be taken back)."""
        return self.setup.fixed_pieces

    @property
    def played(self) -> tuple[P, ...]:
        """The player's own pieces, in playing order."""
        fixed = self.fixed_pieces
        return tuple(p for p in self.placed if p.piece not in fixed)

    @property
    def pieces_left(self) -> tuple[str, ...]:
        on = self.pieces
        return tuple(p for p in self.game.piece_ids if p not in on)

    @property
    def is_solved(self) -> bool:
        return not self.pieces_left

    # --- moves (each returns a new Position) ----------------------------------------
    def remove(self, piece: str) -> Position[P]:
        """Take a player's piece back (taking a piece away only frees the board, so the
        pieces played after it stay legal)."""
        piece = self.game.check_piece(piece)
        if piece in self.fixed_pieces:
            raise ChallengeError(tr("piece %(piece)s is part of the challenge and stays",
                                    piece=piece))
        if piece not in self.pieces:
            raise ChallengeError(tr("piece %(piece)s is not on the board", piece=piece))
        return Position(self.game, self.setup, tuple(p for p in self.placed if p.piece != piece))

    def turned(self, piece: str, how: str) -> Position[P] | Refusal:
        """The position with `piece` turned where it lies (`how`: "rotate", "rotate-back"
        or "flip", as the game's vocabulary turns it; core/turning.py says where it goes),
        or the Refusal that says why it cannot turn there: one move."""
        return turning.turned(self, piece, how).after

    def turn(self, piece: str, how: str) -> Position[P]:
        """As `turned`, but IllegalPlacementError if the rules refuse it."""
        turn = turning.turned(self, piece, how)
        if isinstance(turn.after, Refusal):
            raise IllegalPlacementError.of(turn.after)
        return turn.after

    def legal_placements(self, piece: str | None = None) -> Iterator[P]:
        """Every placement that may be played next (lazily), one per move modulo the
        game's symmetry; of `piece` only, if given."""
        if piece is not None:
            piece = self.game.check_piece(piece)
            if piece in self.pieces:
                return iter(())
        return self.game.solver.legal(self.setup, self.placed, piece)

    # --- the solver's answers ---------------------------------------------------------
    def hint(self, level: int = 3) -> Hint:
        """What to do next: 1 which piece and why, 2 where, 3 the exact placement (or
        the piece that blocks every solution, to take back)."""
        return self.game.hint(self, level)

    @property
    def is_solvable(self) -> bool:
        """Whether the position can still be completed (without saying how)."""
        return next(self.game.solver.complete(self.setup, self.placed, 1), None) is not None

    def solutions(self, limit: int | None = None) -> Iterator[Position[P]]:
        """Every solved position that keeps this one's pieces (at most `limit`)."""
        for added in self.game.solver.complete(self.setup, self.placed, checks.limit(limit)):
            yield Position(self.game, self.setup, self.placed + added)

    def count(self, limit: int | None = None) -> int:
        return sum(1 for _ in self.solutions(limit))

    def difficulty(self) -> SearchStats:
        """The solver's work to finish the position and prove it has no other finish."""
        stats = SearchStats()
        for _ in self.game.solver.complete(self.setup, self.placed, 2, stats):
            pass
        return stats

    def path_to_solution(self) -> list[tuple[str, P, Position[P]]]:
        """The moves from here to a solved position, each with the position after it:
        first take back what blocks every solution (as the hint says), then play the
        missing pieces in a playing order. ChallengeError if the challenge has none."""
        position: Position[P] = self
        steps: list[tuple[str, P, Position[P]]] = []
        complete = self.game.solver.complete
        for _ in self.placed:  # at most every piece taken back
            found = next(complete(position.setup, position.placed, 1), None)
            if found is not None:
                break
            hint = position.hint()
            if hint.kind is not HintKind.REMOVE or hint.piece is None:
                break
            taken = position.pieces[hint.piece]
            position = position.remove(hint.piece)
            steps.append(("remove", taken, position))
        else:
            found = next(complete(position.setup, position.placed, 1), None)
        if found is None:
            raise ChallengeError(tr("this challenge has no solution"))
        for placement in found:
            position = _played(position.after(placement), placement)
            steps.append(("play", placement, position))
        return steps


def _played(after: Position[P] | Refusal, placement: Placement) -> Position[P]:
    """The position a move made, or IllegalPlacementError saying why it was refused."""
    if isinstance(after, Refusal):
        raise IllegalPlacementError.of(after, str(placement))
    return after


def _without_fixed(game: Game[P], setup: Setup[P], pieces: tuple[P, ...]) -> list[P]:
    """The pieces other than the challenge's, from the first way of writing them that
    holds every piece the challenge fixes."""
    missing = None
    for variant in game.symmetry.variants(pieces):
        rest = list(variant)
        for fixed in setup.fixed:
            match = next((p for p in rest if p.piece == fixed.piece), None)
            if match is None or not game.symmetry.equivalent(setup, fixed, match):
                missing = missing or fixed
                break
            rest.remove(match)
        else:
            return rest
    raise ChallengeError(tr("the challenge's piece %(piece)s is missing", piece=missing))
