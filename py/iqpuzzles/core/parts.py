"""The parts a game declares (core/game.py), each with one job, each generic in the
game's placement type `P` (core/position.py): a part is written for its own placements
and never converts one. The defaults here are what a game without symmetry or special
needs wants; a game overrides only what is its own.

    Notation[P]   how a placement, a position and a challenge are written and read
    Rules[P]      the rule a placement breaks, what it covers, the rule a board breaks
    Symmetry[P]   (optional) a move, a position or a challenge written two ways
    Solver[P]     every way to finish a board, the legal next placements, canonical forms
    Ordering[P]   (optional) for games where the playing order matters (IQ-Steps)
    Generator[P]  (optional) how new challenges are made from a complete game
    Levels        (the generator's) how its new challenges are levelled

The drawing (core/draw.py), the lesson (core/lesson.py) and the editor (core/editor.py)
are declared beside them. A part is given what it works on and calls only what lies
below it (its own game's modules, core's values); it trusts its callers: the faces check
what enters (core/checks.py).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from random import Random
from typing import TYPE_CHECKING, Any, Generic

from .errors import PlacementError, Refusal
from .i18n import tr
from .position import P, Setup
from .reasoning import Board
from .search import SearchStats
from .types import Shape

if TYPE_CHECKING:
    from .position import Position
    from .sample import GameIndex


class Notation(ABC, Generic[P]):
    """The game's strings (docs/games/<game>.md): a placement string, one placement, a
    challenge."""

    example_item: str = ""  # a piece placement to quote in messages ("d2A6")
    empty_challenge: str = ""  # the challenge with nothing on the board
    extra_words: str = "other items"  # what a string holds besides pieces ("pegs")

    @abstractmethod
    def read(self, text: str) -> tuple[tuple[P, ...], Any]:
        """A placement string's pieces, in written order, and its other items (IQ-Twist's
        pegs; None for games that have none); PlacementError if it breaks the grammar."""

    @abstractmethod
    def write(self, setup: Setup[P], placed: Sequence[P]) -> str:
        """The placement string of the pieces on a setup's board."""

    @abstractmethod
    def read_challenge(self, text: str) -> Setup[P]:
        """A challenge string parsed, by its grammar alone: its pieces in the written
        order and its other items; PlacementError or ChallengeError if it breaks the
        grammar. The rules are the game's to check (Game.setup)."""

    def read_item(self, text: str) -> P:
        """One piece placement; PlacementError if it is not exactly one."""
        if not isinstance(text, str):
            raise PlacementError("", tr("a placement string must be text"))
        pieces, extra = self.read(text)
        if len(pieces) != 1 or extra:
            raise PlacementError(text, tr("play one piece placement, such as %(example)s",
                                          example=self.example_item))
        return pieces[0]

    def board_of(self, extra: Any) -> Setup[P]:
        """The board a placement string's own other items make (IQ-Twist: its pegs), for
        checking a placement string on its own (the rules check it: Game.board_of). The
        default: the empty board."""
        return self.read_challenge(self.empty_challenge)


class Rules(ABC, Generic[P]):
    """What a placement may do, and what a board may hold."""

    @abstractmethod
    def breaks(self, setup: Setup[P], placed: Sequence[P], new: P) -> Refusal | None:
        """The rule `new` breaks when played after `placed` on the setup's board, or None
        (its words name pieces by the vocabulary's names)."""

    @abstractmethod
    def covers(self, placement: P) -> Iterator[str]:
        """The locations a placed piece covers (where a click on it takes it back)."""

    def breaks_board(self, setup: Setup[P]) -> str | None:
        """The rule the board's own items other than pieces (IQ-Twist's pegs) break, in
        the notation's words, or None. The default: a board of pieces only breaks none."""
        return None


class Symmetry(Generic[P]):
    """The ways the game writes one thing two ways: a move (a piece's own symmetry), a
    position (the board turned, where the canonical form turns it), a challenge (the board
    turned or mirrored). This default has none of them."""

    def equivalent(self, setup: Setup[P], a: P, b: P) -> bool:
        """Whether two placements of a piece are the same move (with this setup's board)."""
        return a == b

    def variants(self, pieces: tuple[P, ...]) -> Iterator[tuple[P, ...]]:
        """The same position written the other ways the canonical form may write it."""
        yield pieces

    def challenge_twins(self, setup: Setup[P]) -> Iterator[str]:
        """The challenge under each symmetry of the board (docs/games/<game>.md), itself
        first, each written in one canonical way (so two challenges are the same one turned
        or mirrored exactly when they share a twin)."""
        yield setup.text


class Solver(ABC, Generic[P]):
    """Every way to finish a board, over the exact-cover search (core/search.py)."""

    @abstractmethod
    def complete(self, setup: Setup[P], placed: tuple[P, ...], limit: int | None = None,
                 stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[P, ...]]:
        """Every way to finish the board: the pieces to add, in a playing order."""

    @abstractmethod
    def legal(self, setup: Setup[P], placed: tuple[P, ...], piece: str | None) -> Iterator[P]:
        """Every placement (of `piece`, or of any piece not yet down) that may be played
        next, one per move modulo the game's symmetry."""

    @abstractmethod
    def canonical(self, setup: Setup[P], placed: Sequence[P]) -> tuple[P, ...]:
        """A legal set of pieces as the canonical form writes them (docs/games/<game>.md),
        in its order."""

    @abstractmethod
    def exact_cover(self, setup: Setup[P]) -> tuple[list[list[str]], list[str], list[str]]:
        """The challenge as plain exact cover (options, primary, secondary item names), for
        the benchmark baselines."""

    def count_completions(self, setup: Setup[P], limit: int | None) -> int:
        """The ways to finish the challenge's start, at most `limit`."""
        return sum(1 for _ in self.complete(setup, setup.fixed, limit))

    def board(self, setup: Setup[P], placed: tuple[P, ...]) -> Board | None:
        """The position on the search's board, for the reasoning solver
        (core/reasoning.py); None if the pieces do not go together, or the game gives
        none (then it is graded and hinted by its search alone)."""
        return None


class Ordering(ABC, Generic[P]):
    """For a game whose playing order matters (IQ-Steps): a placement may be legal only
    before or after others."""

    explain_label: str = ""  # the words of the page's toggle that shows the order

    @abstractmethod
    def arrange(self, setup: Setup[P], placed: tuple[P, ...], rest: Sequence[P]) -> list[P]:
        """A legal playing order of `rest` after `placed`; IllegalPlacementError when
        there is none."""

    @abstractmethod
    def may_come_next(self, rest: Sequence[P], candidate: P) -> bool:
        """Whether `candidate` may be played before the others of `rest` (a hint)."""

    @abstractmethod
    def played_too_early(self, mine: Sequence[P], needed: Sequence[P]) -> tuple[P, P] | None:
        """A piece of the player's that is right but blocks a needed one, and that one
        (which must be played before it)."""

    @abstractmethod
    def count_any_order(self, setup: Setup[P], limit: int | None) -> int:
        """The solutions a challenge would have if its pieces could be played in any
        order, not first (at most `limit`)."""

    @abstractmethod
    def explanation(self, position: Position[P]) -> tuple[str, list[Shape]]:
        """Which pieces must be played before which, in a sentence and drawn over the
        board; it gives nothing away that the board does not show."""


@dataclass(frozen=True)
class Levels:
    """How a game's new challenges are levelled (tools/levels.py), where not by the bands
    fitted to its booklet alone (the default), and what the picker says of it."""

    # games whose booklet grades by pieces given: level -> (fewest, most) clues
    clues: dict[str, tuple[int, int]] | None = None
    # games whose booklet's levels follow no reasoning: each level by its techniques alone,
    # level -> the hardest technique its challenges need, and at most how often ("look 3")
    grades: dict[str, str] | None = None
    # levels fitted to the booklet that start lower than the fit puts them, where the
    # fitted band holds too few challenges for years of daily ones: level -> the
    # technique its challenges need, from how often on ("look 19"); the level below
    # ends there
    starts: dict[str, str] | None = None
    # what the challenge picker says of the game's new challenges' levels ("" nothing)
    note: str = ""


class Generator(ABC, Generic[P]):
    """How new challenges are made from a complete game (iqpuzzles.generate)."""

    levels = Levels()

    @abstractmethod
    def clue_pool(self, solution: tuple[P, ...], rng: Random) -> list[str]:
        """The clues a challenge made from a complete game may give, in a random order."""

    @abstractmethod
    def challenge_of(self, clues: Sequence[str]) -> str:
        """The challenge string that gives `clues` (each of them text)."""

    def wider_clue_pool(self, solution: tuple[P, ...], rng: Random) -> list[str] | None:
        """Clues of a wider kind than `clue_pool`'s, for a level whose pool is too small
        for years of daily challenges (tools/pools.py), in a random order; None: the game has
        no other kind."""
        return None

    def clue_games(self, clue: str, index: GameIndex) -> tuple[int, ...] | None:
        """The complete games of the index (core/sample.py) that one clue allows, as
        bitsets (one per way the list does not write a game, `GameIndex.games_with`),
        or None if the game cannot tell: a fast test of uniqueness. The default: the
        clue is a piece placement."""
        return index.games_with(index.game.notation.read_item(clue))
