"""The values every game shares (a piece placement, a challenge's setup, a position) and
the moves, written once for every game over the parts it declares (core/parts.py).

A `Placement` is one piece put down (`str(p)` is its item in the game's notation, such
as "d2A6"); each game subclasses it with its own coordinates. A `Setup` is a parsed
challenge: the pieces it puts down (`fixed`) and whatever else it puts on the board
(`extra`: IQ-Twist's pegs, IQ-Focus's colours). A `Position` is a setup plus the pieces
played on it, in playing order: an immutable value (hashable, comparable) that owns its
moves, as python-chess's Board does; every move checks the game's rules and returns a
new position.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from . import checks, solving
from .errors import ChallengeError, IllegalPlacementError, PlacementError, PuzzleError, quote
from .search import SearchStats
from .types import Hint, HintKind

if TYPE_CHECKING:
    from .game import Game


class Placement(ABC):
    """One piece on the board. Subclasses are frozen dataclasses with a `piece` field."""

    piece: str
    game: ClassVar[str] = ""  # the name of the game it is a placement of

    @abstractmethod
    def encode(self) -> str:
        """The placement as one item of the game's notation."""

    def __str__(self) -> str:
        return self.encode()


@dataclass(frozen=True)
class GridPlacement(Placement):
    """A piece on a square grid (IQ-Twist, IQ-Focus): its letter, the column and row of
    its reference point (0-based) and its orientation. Subclasses write it (`encode`)."""

    piece: str
    column: int
    row: int
    orientation: int


@dataclass(frozen=True)
class Setup:
    """A challenge, parsed: `text` as the game writes it, the pieces it puts down first
    (`fixed`, in playing order) and what else it puts on the board (`extra`)."""

    text: str
    fixed: tuple[Placement, ...] = ()
    extra: Hashable = None
    # the game's name ("": not told; Game.setup() tells it): a label, not part of its value
    game: str = field(default="", compare=False)

    @property
    def fixed_pieces(self) -> frozenset[str]:
        return frozenset(p.piece for p in self.fixed)


@dataclass(frozen=True, eq=False)
class Position:
    """A challenge and the pieces on its board (the challenge's first), in playing order.

    Two positions are equal when they are of the same game and challenge and write the
    same placement string. Made by `Game.position()` (or `Position.of`), which checks
    every rule on the way; never built by hand.
    """

    game: Game = field(repr=False)
    setup: Setup
    placed: tuple[Placement, ...]

    # --- making one -----------------------------------------------------------------
    @classmethod
    def of(cls, game: Game, setup: Setup, pieces: Iterable[Placement],
           reorder: bool = True) -> Position:
        """The position of `pieces` (the setup's own among them, in any way the game's
        symmetry writes them) on the setup's board, played in the written order, or,
        with `reorder`, in a legal playing order when the written one breaks a rule
        (games whose order matters). IllegalPlacementError or ChallengeError if none."""
        rest = _without_fixed(game, setup, tuple(pieces))
        start = cls(game, setup, setup.fixed)
        try:
            return start.play_all(rest)
        except IllegalPlacementError:
            if not reorder or game.ordering is None:
                raise
            return start.play_all(game.ordering.arrange(setup, setup.fixed, rest))

    def play_all(self, placements: Iterable[Placement]) -> Position:
        """The position after playing `placements` (of this game), in order."""
        position = self
        for placement in self.game.own_placements(placements):
            position = position._after(placement)
        return position

    def _after(self, new: Placement) -> Position:
        if new.piece in self.pieces:
            raise IllegalPlacementError(f"piece {new.piece} is already on the board", str(new))
        refusal = self.game.rules.breaks(self.setup, self.placed, new)
        if refusal:
            raise IllegalPlacementError.of(refusal, str(new))
        return Position(self.game, self.setup, (*self.placed, new))

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
    def pieces(self) -> dict[str, Placement]:
        """Every piece on the board, by piece id."""
        return {p.piece: p for p in self.placed}

    @property
    def fixed_pieces(self) -> frozenset[str]:
        """The pieces the challenge put down (they cannot be taken back)."""
        return self.setup.fixed_pieces

    @property
    def played(self) -> tuple[Placement, ...]:
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
    def play(self, item: str | Placement) -> Position:
        """The position after playing one piece placement (its item, or a Placement of
        this game); IllegalPlacementError if a rule refuses it, saying why."""
        # a Placement is read back from its string: that checks it is one of this game's
        if isinstance(item, Placement) and item.game != self.game.name:
            raise PuzzleError(f"{quote(str(item))} is a piece placement of another game "
                              f"({item.game}), not of {self.game.title}")
        if not isinstance(item, str | Placement):
            raise PlacementError(quote(item), "a piece placement is text, such as "
                                 f"{self.game.notation.example_item}")
        return self._after(self.game.notation.read_item(str(item)))

    def remove(self, piece: str) -> Position:
        """Take a player's piece back (taking a piece away only frees the board, so the
        pieces played after it stay legal)."""
        piece = self.game.check_piece(piece)
        if piece in self.fixed_pieces:
            raise ChallengeError(f"piece {piece} is part of the challenge and stays")
        if piece not in self.pieces:
            raise ChallengeError(f"piece {piece} is not on the board")
        return Position(self.game, self.setup, tuple(p for p in self.placed if p.piece != piece))

    def legal_placements(self, piece: str | None = None) -> Iterator[Placement]:
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
        if isinstance(level, bool) or level not in (1, 2, 3):
            raise PuzzleError(f"a hint's level is 1, 2 or 3, not {quote(level)}")
        return solving.ladder(self, level)

    @property
    def is_solvable(self) -> bool:
        """Whether the position can still be completed (without saying how)."""
        return next(self.game.solver.complete(self.setup, self.placed, 1), None) is not None

    def solutions(self, limit: int | None = None) -> Iterator[Position]:
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

    def path_to_solution(self) -> list[tuple[str, Placement, Position]]:
        """The moves from here to a solved position, each with the position after it:
        first take back what blocks every solution (as the hint says), then play the
        missing pieces in a playing order. ChallengeError if the challenge has none."""
        position, steps = self, []
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
            raise ChallengeError("this challenge has no solution")
        for placement in found:
            position = position._after(placement)
            steps.append(("play", placement, position))
        return steps


def _without_fixed(game: Game, setup: Setup, pieces: tuple[Placement, ...]) -> list[Placement]:
    """The pieces other than the challenge's, from the first way of writing them that
    holds every piece the challenge fixes."""
    missing = None
    for variant in game.rules.variants(pieces):
        rest = list(variant)
        for fixed in setup.fixed:
            match = next((p for p in rest if p.piece == fixed.piece), None)
            if match is None or not game.rules.equivalent(setup, fixed, match):
                missing = missing or fixed
                break
            rest.remove(match)
        else:
            return rest
    raise ChallengeError(f"the challenge's piece {missing} is missing")
