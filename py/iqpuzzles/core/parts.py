"""The parts a game declares (core/game.py): what is its own, each with one job.

    notation   how a placement, a position and a challenge are written and read
    rules      the rule a placement breaks, what it covers, the game's symmetry
    solver     every way to finish a board, the legal next placements, canonical forms
    drawing    what the board and pieces look like (core/draw.py)
    editor     the challenge editor (core/editor.py; a subclass for games with markers)
    ordering   (optional) for games where the playing order matters (IQ-Steps)
    generator  (optional) how new challenges are made from a complete game (generate.py)

Each part is bound to its game when the game is made (`part.game`); it trusts its
callers (the faces check what enters: core/checks.py). The defaults here are what a
game without symmetry or special needs wants; a game overrides
only what is its own. `docs/adding-a-game.md` lists what a new game fills in.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator, Sequence
from random import Random
from typing import TYPE_CHECKING

from .errors import ChallengeError, PlacementError, PuzzleError, Refusal
from .position import Placement, Setup
from .reasoning import Board
from .sample import GameIndex
from .search import SearchStats
from .types import Shape

if TYPE_CHECKING:
    from .game import Game
    from .position import Position


class Part:
    """One part of a game: bound to it once (`game`)."""

    _game: Game | None = None

    def bind(self, game: Game) -> None:
        self._game = game

    @property
    def game(self) -> Game:
        if self._game is None:
            raise PuzzleError(f"this {type(self).__name__} belongs to no game yet")
        return self._game


class Notation(Part, ABC):
    """The game's strings (docs/games/<game>.md): a placement string, one placement, a
    challenge."""

    example_item: str = ""  # a piece placement to quote in messages ("d2A6")
    empty_challenge: str = ""  # the challenge with nothing on the board

    @abstractmethod
    def read(self, text: str) -> tuple[tuple[Placement, ...], Hashable]:
        """A placement string's pieces, in written order, and its other items (IQ-Twist's
        pegs; None for games that have none); PlacementError if it breaks the grammar."""

    @abstractmethod
    def write(self, setup: Setup, placed: Sequence[Placement]) -> str:
        """The placement string of the pieces on a setup's board."""

    @abstractmethod
    def read_challenge(self, text: str) -> Setup:
        """A challenge string parsed; ChallengeError if it is none of this game."""

    def read_item(self, text: str) -> Placement:
        """One piece placement; PlacementError if it is not exactly one."""
        if not isinstance(text, str):
            raise PlacementError("", "a placement string must be text")
        pieces, extra = self.read(text)
        if len(pieces) != 1 or extra:
            raise PlacementError(text, f"play one piece placement, such as "
                                 f"{self.example_item}")
        return pieces[0]

    def board_of(self, extra: Hashable) -> Setup:
        """The setup a placement string's own other items make (IQ-Twist: its pegs), for
        checking a placement string on its own; ChallengeError if they break a rule."""
        return Setup(self.empty_challenge)

    def read_on(self, setup: Setup, text: str) -> tuple[Placement, ...]:
        """The pieces of a placement string written for `setup`'s challenge; its other
        items, if any, must be the challenge's own."""
        pieces, extra = self.read(text)
        if extra and extra != setup.extra:
            raise ChallengeError("this placement is not of this challenge: its other "
                                 "items differ from the challenge's")
        return pieces


class Rules(Part, ABC):
    """What a placement may do, and the game's symmetry."""

    @abstractmethod
    def breaks(self, setup: Setup, placed: Sequence[Placement],
               new: Placement) -> Refusal | None:
        """The rule `new` breaks when played after `placed` on the setup's board, or None."""

    @abstractmethod
    def covers(self, placement: Placement) -> Iterator[str]:
        """The locations a placed piece covers (where a click on it takes it back)."""

    def equivalent(self, setup: Setup, a: Placement, b: Placement) -> bool:
        """Whether two placements of a piece are the same move (modulo the game's
        symmetry, with this setup's board)."""
        return a == b

    def variants(self, pieces: tuple[Placement, ...]) -> Iterator[tuple[Placement, ...]]:
        """The same position written the other ways the game's symmetry allows."""
        yield pieces

    def challenge_twins(self, setup: Setup) -> Iterator[str]:
        """The challenge under each symmetry of the board (docs/games/<game>.md), itself first, each
        written in one canonical way (so two challenges are the same one turned or
        mirrored exactly when they share a twin). The default: no symmetry."""
        yield setup.text


class Solver(Part, ABC):
    """Every way to finish a board, over the exact-cover search (core/search.py)."""

    @abstractmethod
    def complete(self, setup: Setup, placed: tuple[Placement, ...], limit: int | None = None,
                 stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[Placement, ...]]:
        """Every way to finish the board: the pieces to add, in a playing order."""

    @abstractmethod
    def legal(self, setup: Setup, placed: tuple[Placement, ...],
              piece: str | None) -> Iterator[Placement]:
        """Every placement (of `piece`, or of any piece not yet down) that may be played
        next, one per move modulo the game's symmetry."""

    @abstractmethod
    def canonical_form(self, setup: Setup, placed: Sequence[Placement]) -> str:
        """The canonical string of a legal set of pieces (docs/games/<game>.md)."""

    @abstractmethod
    def exact_cover(self, setup: Setup) -> tuple[list[list[str]], list[str], list[str]]:
        """The challenge as plain exact cover (options, primary, secondary item names), for
        the benchmark baselines."""

    def solution_text(self, setup: Setup, pieces: Sequence[Placement]) -> str:
        """How a complete game is written as a solution (docs/games/<game>.md)."""
        return self.canonical_form(setup, pieces)

    def count_completions(self, setup: Setup, limit: int | None) -> int:
        """The ways to finish the challenge's start, at most `limit`."""
        return sum(1 for _ in self.complete(setup, setup.fixed, limit))

    def board(self, setup: Setup, placed: tuple[Placement, ...]) -> Board | None:
        """The position on the search's board, for the reasoning solver
        (core/reasoning.py); None if the pieces do not go together, or the game gives
        none (then it is graded and hinted by its search alone)."""
        return None


class Ordering(Part, ABC):
    """For a game whose playing order matters (IQ-Steps): a placement may be legal only
    before or after others."""

    explain_label: str = ""  # the words of the page's toggle that shows the order

    @abstractmethod
    def arrange(self, setup: Setup, placed: tuple[Placement, ...],
                rest: Sequence[Placement]) -> list[Placement]:
        """A legal playing order of `rest` after `placed`; IllegalPlacementError when
        there is none."""

    @abstractmethod
    def may_come_next(self, rest: Sequence[Placement], candidate: Placement) -> bool:
        """Whether `candidate` may be played before the others of `rest` (a hint)."""

    @abstractmethod
    def played_too_early(self, mine: Sequence[Placement],
                         needed: Sequence[Placement]) -> tuple[Placement, str] | None:
        """A piece of the player's that is right but blocks a needed one, and why."""

    @abstractmethod
    def count_any_order(self, setup: Setup, limit: int | None) -> int:
        """The solutions a challenge would have if its pieces could be played in any
        order, not first (at most `limit`)."""

    @abstractmethod
    def explanation(self, position: Position) -> tuple[str, list[Shape]]:
        """Which pieces must be played before which, in a sentence and drawn over the
        board; it gives nothing away that the board does not show."""


class Generator(Part, ABC):
    """How new challenges are made from a complete game (iqpuzzles.generate)."""

    # games whose booklet grades by pieces given: level -> (fewest, most) clues
    level_clues: dict[str, tuple[int, int]] | None = None
    # games whose booklet's levels follow no reasoning: each level by its techniques alone,
    # level -> the hardest technique its challenges need, and at most how often ("look 3");
    # None: the levels are fitted to the booklet (generate.py)
    level_grades: dict[str, str] | None = None
    # levels fitted to the booklet that start lower than the fit puts them, where the
    # fitted band holds too few challenges for years of daily ones: level -> the
    # technique its challenges need, from how often on ("look 19"); the level below
    # ends there (generate.py)
    level_starts: dict[str, str] | None = None
    # what the challenge picker says of the game's new challenges' levels ("" nothing)
    levels_note: str = ""

    @abstractmethod
    def clue_pool(self, solution: tuple[Placement, ...], rng: Random) -> list[str]:
        """The clues a challenge made from a complete game may give, in a random order."""

    @abstractmethod
    def challenge_of(self, clues: Sequence[str]) -> str:
        """The challenge string that gives `clues`."""

    def wider_clue_pool(self, solution: tuple[Placement, ...],
                        rng: Random) -> list[str] | None:
        """Clues of a wider kind than `clue_pool`'s, for a level whose pool is too small
        for years of daily challenges (pools.py), in a random order; None: the game has
        no other kind."""
        return None

    def clue_games(self, clue: str, index: GameIndex) -> tuple[int, ...] | None:
        """The complete games of the index (core/sample.py) that one clue allows, as
        bitsets (one per way the list does not write a game, `GameIndex.games_with`),
        or None if the game cannot tell: a fast test of uniqueness. The default: the
        clue is a piece placement."""
        return index.games_with(self.game.notation.read_item(clue))
