"""A game: what it is called and the parts it declares (core/parts.py), and the few
entry points every face starts from.

Like the games of a portable puzzle collection, each game is one declaration: its
notation, rules, solver, drawing, lesson, editor, and where it has them its ordering rules and
generator settings. The moves are written once, in `Position` (core/position.py); the
string contract of the course and the command line is `game.strings`
(core/strings.py); what a front end asks is `game.page` (core/page.py). Neither those
nor the JSON API know a game by name.

    twist = iqpuzzles.game("twist")
    pos = twist.position(challenge)          # a Position: play, remove, hint, solutions...
    twist.strings.solutions(challenge)       # canonical solution strings (docs/games/<game>.md)
    twist.page.view(challenge, placement)    # the board as drawing primitives
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import cached_property, lru_cache
from typing import ClassVar

from . import checks
from .draw import Drawing
from .editor import Editor
from .errors import ChallengeError, PlacementError, PuzzleError, quote
from .lesson import Lesson
from .page import Page
from .parts import Generator, Notation, Ordering, Rules, Solver
from .position import Placement, Position, Setup
from .strings import Strings, challenge_text, placement_text
from .types import LEVELS, Challenge
from .vocabulary import Vocabulary

__all__ = ["LEVELS", "Game", "check_clues"]


class Game:
    """A puzzle, as its parts declare it. A game's package subclasses it and fills the
    class attributes below; `load_booklet` reads its booklet."""

    name: ClassVar[str]  # "twist"
    title: ClassVar[str]  # "IQ-Twist"
    help: ClassVar[str]  # the game's rules in a few sentences, for players
    vocabulary: ClassVar[Vocabulary]  # locations, pieces, orientations, names (rules.py)
    notation: Notation
    rules: Rules
    solver: Solver
    drawing: Drawing
    lesson: Lesson  # the page's first guided challenge ("How to play")
    editor_class: ClassVar[type[Editor]] = Editor  # games with markers subclass it
    ordering: Ordering | None = None  # games whose playing order matters
    generator: Generator | None = None  # games that make new challenges
    # what a player should know about the booklet's numbering, in their words (numbers
    # the booklet has and this one does not, and why); "" when there is nothing to say
    booklet_note: ClassVar[str] = ""

    def __init__(self) -> None:
        for part in (self.notation, self.rules, self.solver, self.drawing, self.lesson,
                     self.ordering, self.generator):
            if part is not None:
                part.bind(self)

    def load_booklet(self) -> list[Challenge]:
        """The booklet's challenges (each game reads its own data file)."""
        raise NotImplementedError(f"{type(self).__name__} declares no booklet")

    # --- the faces ---------------------------------------------------------------------------
    @cached_property
    def strings(self) -> Strings:
        """The string contract (core/strings.py)."""
        return Strings(self)

    @cached_property
    def page(self) -> Page:
        """What a front end asks (core/page.py)."""
        return Page(self)

    @cached_property
    def editor(self) -> Editor:
        """The challenge editor (core/editor.py)."""
        return self.editor_class(self)

    # --- positions -----------------------------------------------------------------------------
    def empty_challenge(self) -> str:
        """The challenge with nothing on the board: its solutions are every game."""
        return self.notation.empty_challenge

    def setup(self, challenge: str) -> Setup:
        """The challenge parsed (cached: a page asks about the same one again and again)."""
        return _setup_of(self, challenge_text(challenge))

    def position(self, challenge: str | None = None, placement: str | None = None) -> Position:
        """A position of a challenge (default: the empty board): its start, or the pieces
        of `placement` (the challenge's among them, in any form its symmetry allows)."""
        setup = self.setup(self.empty_challenge() if challenge is None else challenge)
        if placement is None or placement == "":
            return Position(self, setup, setup.fixed)
        pieces = self.notation.read_on(setup, placement_text(placement))
        return Position.of(self, setup, pieces)

    # --- the booklet ---------------------------------------------------------------------------
    @cached_property
    def challenges(self) -> list[Challenge]:
        return self.load_booklet()

    def challenge_by_id(self, challenge_id: str | int) -> Challenge:
        if isinstance(challenge_id, int) and not isinstance(challenge_id, bool):
            checks.whole(challenge_id, "a challenge's number")
            key = str(challenge_id)
        else:
            key = checks.text(challenge_id, "a challenge's id")
        for entry in self.challenges:
            if entry.id == key:
                return entry
        raise ChallengeError(f"{self.title} has no challenge {quote(key, 24)}")

    @property
    def can_generate(self) -> bool:
        return self.generator is not None

    # --- the game's words: what a front end or a script may send ------------------------------
    @property
    def piece_ids(self) -> tuple[str, ...]:
        """Every piece, in the game's order."""
        return self.vocabulary.piece_ids

    def check_piece(self, piece: object) -> str:
        """`piece` if it is one of the game's pieces, else a PlacementError."""
        if not isinstance(piece, str) or not self.vocabulary.has_piece(piece):
            raise PlacementError(quote(piece), f"a piece of {self.title} is one of "
                                 f"{', '.join(self.piece_ids)}")
        return piece

    def check_orientation(self, piece: str, orientation: object) -> str:
        """`orientation` if `piece` has it, else a PlacementError."""
        known = self.vocabulary.piece_of(self.check_piece(piece)).orientations
        if not isinstance(orientation, str) or orientation not in known:
            raise PlacementError(quote(orientation), f"piece {piece} has no such "
                                 f"orientation; it has {', '.join(known)}")
        return orientation

    def own_placement(self, value: object) -> Placement:
        """`value` if it is one of this game's piece placements (not text, not another
        game's), else a PuzzleError."""
        if not isinstance(value, Placement):
            raise PuzzleError(f"a piece placement of {self.title} must be a Placement (play "
                              f"text with read_item()), not {quote(value)}")
        if value.game != self.name:
            raise PuzzleError(f"{quote(str(value))} is a piece placement of another game "
                              f"({value.game}), not of {self.title}")
        return value

    def own_placements(self, values: object) -> list[Placement]:
        """`values` if they are a sequence of this game's piece placements."""
        if isinstance(values, str | bytes) or not isinstance(values, Iterable):
            raise PuzzleError(f"pieces of {self.title} must be a sequence of placements, not "
                              f"{quote(values)}")
        return [self.own_placement(value) for value in values]

    def own_position(self, value: object) -> Position:
        """`value` if it is a position of this game, else a PuzzleError."""
        if not isinstance(value, Position):
            raise PuzzleError(f"a position of {self.title} must be a Position (from "
                              f"game.position()), not {quote(value)}")
        if value.game is not self:
            raise PuzzleError(f"this is a position of {value.game.title}, not of {self.title}")
        return value

    def check_location(self, location: object) -> str:
        """`location` if it is a spot of the board, else a PlacementError."""
        if not isinstance(location, str) or not self.vocabulary.has_location(location):
            raise PlacementError(quote(location), f"no such location on the {self.title} board")
        return location


@lru_cache(maxsize=64)
def _setup_of(game: Game, challenge: str) -> Setup:
    return replace(game.notation.read_challenge(challenge), game=game.name)


def check_clues(clues: object) -> list[str]:
    """Clues as the generator parts take them: a list of strings (PuzzleError if not)."""
    if not isinstance(clues, list | tuple) or not all(isinstance(c, str) for c in clues):
        raise PuzzleError(f"clues are a list of strings, not {quote(clues)}")
    return [checks.text(c, "a clue") for c in clues]
