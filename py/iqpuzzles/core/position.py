"""The values every game shares: a piece placement, a challenge's setup, a position.

A `Placement` is one piece put down (`str(p)` is its item in the game's notation, such
as "d2A6"); each game subclasses it with its own coordinates. A `Setup` is a parsed
challenge: the pieces it puts down (`fixed`) and whatever else it puts on the board
(`extra`: IQ-Twist's pegs, IQ-Focus's colours). A `Position` is a setup plus the pieces
played on it, in playing order; it is an immutable value (hashable, comparable) and
every move on it returns a new one. Positions are made and changed only by their
`Game` (core/game.py), which checks every rule on the way.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from .game import Game, Hint
    from .search import SearchStats


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
    game: str = ""  # the game's name ("": not told; Game.setup() tells it)

    @property
    def fixed_pieces(self) -> frozenset[str]:
        return frozenset(p.piece for p in self.fixed)


@dataclass(frozen=True, eq=False)
class Position:
    """A challenge and the pieces on its board (the challenge's first), in playing order.

    Two positions are equal when they are of the same game and challenge and write the
    same placement string. Made by `Game.position()`; never built by hand.
    """

    game: Game = field(repr=False)
    setup: Setup
    placed: tuple[Placement, ...]

    # --- identity ---------------------------------------------------------------
    def __str__(self) -> str:
        return self.game.write(self.setup, self.placed)

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
        return self.game._play_on(self, item)

    def remove(self, piece: str) -> Position:
        return self.game._remove_from(self, piece)

    def legal_placements(self, piece: str | None = None) -> Iterator[Placement]:
        """Every placement that may be played next (lazily)."""
        return self.game._legal_on(self, piece)

    # --- the solver's answers ---------------------------------------------------------
    def hint(self, level: int = 3) -> Hint:
        """What to do next: 1 which piece and why, 2 where, 3 the exact placement."""
        return self.game._hint_for(self, level)

    @property
    def is_solvable(self) -> bool:
        """Whether the position can still be completed (without saying how)."""
        return self.game.is_solvable(self)

    def solutions(self, limit: int | None = None) -> Iterator[Position]:
        """Every solved position that keeps this one's pieces (at most `limit`)."""
        return self.game._completions_of(self, limit)

    def count(self, limit: int | None = None) -> int:
        return sum(1 for _ in self.solutions(limit))

    def difficulty(self) -> SearchStats:
        return self.game._work_to_solve(self)
