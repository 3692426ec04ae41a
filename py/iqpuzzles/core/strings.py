"""The string contract of a game (the course contract, the command line, the JSON API):
every question asked and answered in the game's own notation (docs/games/<game>.md), a thin layer
over positions, so that every string it answers is accepted back (a solution string is
a solved position of its challenge).

    >>> from iqpuzzles import game
    >>> twist = game("twist")
    >>> twist.strings.check("d2A6"), twist.strings.check("d2A9")  # or 'illegal: ...'
    ('ok', "malformed: orientation '9' is not 0-7 (character 4 of 'd2A9')")
    >>> challenge = "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"
    >>> list(twist.strings.solutions(challenge))  # canonical solution strings, as found
    ['a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0']
    >>> twist.strings.is_solved(challenge, "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0")  # as a set
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from . import checks
from .errors import ChallengeError, PlacementError, PuzzleError, quote
from .i18n import tr
from .position import P, Placement, Position, Setup, board_checked
from .search import SearchStats
from .types import Hint

if TYPE_CHECKING:
    from .game import Game


def placement_text(value: object) -> str:
    """`value` if it is text, else a PlacementError: a placement string must be text."""
    if not isinstance(value, str):
        raise PlacementError(quote(value), tr("a placement string must be text"))
    return value


def challenge_text(value: object) -> str:
    """`value` if it is text, else a ChallengeError: a challenge must be text."""
    return checks.text(value, tr("a challenge"), ChallengeError)


class Strings:
    """One game's string contract (`game.strings`)."""

    def __init__(self, game: Game[Any]):
        self.game = game

    # --- one placement string on its own --------------------------------------------------
    def parse(self, text: str) -> tuple[Placement, ...]:
        """The pieces of a placement string (grammar only); PlacementError if malformed."""
        return self.game.notation.read(placement_text(text))[0]

    def validate(self, text: str) -> Position[Any]:
        """A placement string on its own, every piece legal when played in the written
        order: PlacementError (malformed) or IllegalPlacementError (breaks a rule)."""
        return Position.of(self.game, *self._board_and_pieces(text), reorder=False)

    def is_well_formed(self, text: str) -> bool:
        return _holds(lambda: self.parse(text))

    def is_valid(self, text: str) -> bool:
        return _holds(lambda: self.validate(text))

    def check(self, text: str) -> str:
        """`ok`, `malformed: <why>` or `illegal: <why>`, as the command line prints it."""
        try:
            self.parse(text)
        except PuzzleError as error:
            return f"malformed: {error}"
        try:
            self.validate(text)
        except PlacementError as error:
            return f"malformed: {error}"
        except PuzzleError as error:
            return f"illegal: {error}"
        return "ok"

    def order(self, text: str) -> str:
        """A legal playing order of a set of placements (the written one wherever it is
        legal), or IllegalPlacementError saying why there is none."""
        return str(self._played(text))

    def canonical(self, text: str) -> str:
        """The canonical form of a legal placement string (docs/games/<game>.md)."""
        position = self._played(text)
        canonical = self.game.solver.canonical(position.setup, position.placed)
        return self.game.notation.write(position.setup, canonical)

    def show(self, text: str) -> str:
        """A text drawing of a placement string's board ("" is the empty board)."""
        position = self.game.position() if text == "" else self._played(text)
        return self.game.drawing.text(position)

    def _played(self, text: str) -> Position[Any]:
        return Position.of(self.game, *self._board_and_pieces(text))

    def _board_and_pieces(self, text: str) -> tuple[Setup[Any], tuple[Placement, ...]]:
        """A placement string read on its own: the board its own items other than pieces
        make (IQ-Twist: its pegs), checked by the rules, and its pieces in written order."""
        notation = self.game.notation
        pieces, extra = notation.read(placement_text(text))
        return board_checked(notation.board_of(extra), self.game.rules.breaks_board), pieces

    # --- a challenge and positions of it ----------------------------------------------------
    def solutions(self, challenge: str, limit: int | None = None) -> Iterator[str]:
        """Every solution of a challenge, canonical (docs/games/<game>.md), each once, as
        found: its pieces alone, as on the empty board (the challenge's other items, such
        as IQ-Twist's pegs, are the challenge's)."""
        setup = self.game.setup(challenge)
        for added in self.game.solver.complete(setup, setup.fixed, checks.limit(limit)):
            yield solution_text(self.game, setup, setup.fixed + added)

    def count_solutions(self, challenge: str, limit: int | None = 2) -> int:
        limit = checks.limit(limit)
        if limit == 0:
            return 0
        return self.game.solver.count_completions(self.game.setup(challenge), limit)

    def start_placement(self, challenge: str) -> str:
        """The placement string a player starts from (the challenge's own items)."""
        return str(self.game.position(challenge_text(challenge)))

    def play(self, challenge: str, placement: str, item: str) -> str:
        return str(self._position(challenge, placement).play(item))

    def remove(self, challenge: str, placement: str, piece: str) -> str:
        return str(self._position(challenge, placement).remove(piece))

    def is_solved(self, challenge: str, placement: str) -> bool:
        """Whether the placement is a complete solution of the challenge (as a set of
        placements: a legal playing order exists)."""
        try:
            return self._position(challenge, placement).is_solved
        except PuzzleError:
            return False

    def hint(self, challenge: str, placement: str, level: int = 3) -> Hint:
        return self._position(challenge, placement).hint(level)

    def legal_placements(self, text: str, piece: str | None = None,
                         challenge: str | None = None) -> list[str]:
        """Every piece placement that may be played next on `text` (sorted; "" is the
        challenge's start, or the empty board)."""
        if challenge is not None:
            position = self._position(challenge, text)
        elif text == "":
            position = self.game.position()
        else:
            position = self.validate(text)
        return sorted(str(p) for p in position.legal_placements(piece))

    def difficulty(self, challenge: str) -> SearchStats:
        """The solver's work to solve a challenge and prove it unique."""
        return self.game.position(challenge_text(challenge)).difficulty()

    def count_any_order(self, challenge: str, limit: int | None = 2) -> int:
        """The solutions a challenge would have if its pieces could be played in any
        order (games where the order matters), else its solutions."""
        ordering = self.game.ordering
        if ordering is None:
            return self.count_solutions(challenge, limit)
        return ordering.count_any_order(self.game.setup(challenge), checks.limit(limit))

    def challenge_twins(self, challenge: str) -> Iterator[str]:
        """The challenge under each symmetry of the board, itself first (core/parts.py)."""
        return self.game.symmetry.challenge_twins(self.game.setup(challenge))

    def _position(self, challenge: str, placement: str) -> Position[Any]:
        return self.game.position(challenge_text(challenge), placement_text(placement))


def solution_text(game: Game[P], setup: Setup[P], pieces: Sequence[P]) -> str:
    """A complete game of a challenge as its solution is written: its pieces in the
    canonical form, alone (docs/games/<game>.md)."""
    empty = game.setup(game.empty_challenge())
    return game.notation.write(empty, game.solver.canonical(setup, pieces))


def _holds(check: Callable[[], object]) -> bool:
    try:
        check()
    except PuzzleError:
        return False
    return True
