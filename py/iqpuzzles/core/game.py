"""A game: one declaration of every hook it fills, as each puzzle of a portable puzzle
collection fills one `struct game`, and the few entry points every face starts from.

    GAME = Game(
        name="twist", title="IQ-Twist",           # how code and players call it
        help="Cover the whole board ...",          # its rules in a few sentences, for players
        vocabulary=VOCABULARY,                     # locations, pieces, orientations, names
        booklet=booklet,                           # () -> Booklet: its challenges (and a note)
        placement=Placed,                          # its Placement: one piece put down
        notation=TwistNotation(),                  # read, write, read_challenge, example_item;
                                                   #   empty_challenge, extra_words, read_item,
                                                   #   board_of
        rules=TwistRules(),                        # breaks, covers; breaks_board
        solver=TwistSolver(),                      # complete, legal, canonical, exact_cover;
                                                   #   count_completions, board
        drawing=TwistDrawing(),                    # paint, frame, board, piece, hold, text;
                                                   #   flip_axis, key, spot_words, spots
        lesson=LESSON,                             # challenge, steps, bites
        symmetry=TwistSymmetry(),                  # default none: equivalent, variants,
                                                   #   challenge_twins
        ordering=None,                             # default None: the order matters (IQ-Steps)
        generator=TwistGenerator(),                # default None: clue_pool, challenge_of;
                                                   #   wider_clue_pool, clue_games, levels
        editor_class=TwistEditor,                  # default Editor: challenges of pieces only
    )

(After the `;` above: hooks with a default.) The parts are in core/parts.py, core/draw.py,
core/lesson.py and core/editor.py; each game's package has the same files with the same
jobs (docs/adding-a-game.md). A challenge is read by the notation and checked by the
rules (`setup`). The moves are written once, in `Position`
(core/position.py); the string contract of the course and the command line is
`game.strings` (core/strings.py); what a front end asks is `game.page` (core/page.py).
Neither those nor the JSON API know a game by name.

    >>> import iqpuzzles
    >>> twist = iqpuzzles.game("twist")
    >>> challenge = "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"
    >>> pos = twist.position(challenge)  # a Position: play, remove, hint, solutions...
    >>> pos.play("d2A6").remove("d") == pos
    True
    >>> next(twist.strings.solutions(challenge))  # canonical (docs/games/twist.md)
    'a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0'
    >>> sorted(twist.page.view(challenge, ""))  # the board as drawing primitives
    ['frame', 'pieceAt', 'placement', 'shapes', 'solved', 'spots']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any, Generic

from . import checks, solving
from .draw import Drawing
from .editor import Editor
from .errors import ChallengeError, IllegalPlacementError, PlacementError, PuzzleError, quote
from .i18n import tr
from .lesson import Lesson
from .page import Page
from .parts import Generator, Notation, Ordering, Rules, Solver, Symmetry
from .position import P, Placement, Position, Setup, board_checked, played_in_order
from .strings import Strings, challenge_text, placement_text
from .types import LEVELS, Booklet, Challenge, Hint
from .vocabulary import Vocabulary

__all__ = ["LEVELS", "Game"]

NO_SYMMETRY: Symmetry[Any] = Symmetry()


@dataclass(frozen=True, eq=False)
class Game(Generic[P]):
    """A puzzle, as its declaration fills it (see the module's docstring)."""

    name: str  # "twist": the registry's, the API's and the command line's
    title: str  # "IQ-Twist"
    help: str  # the game's rules in a few sentences, for players
    vocabulary: Vocabulary  # locations, pieces, orientations, names (its vocabulary.py)
    booklet: Callable[[], Booklet]  # its challenges, read when first asked for
    placement: type[P]  # one piece put down: the game's own Placement (its vocabulary.py)
    notation: Notation[P]
    rules: Rules[P]
    solver: Solver[P]
    drawing: Drawing[P]
    lesson: Lesson[P]  # the page's first guided challenge ("How to play")
    symmetry: Symmetry[P] = NO_SYMMETRY  # a move, a position, a challenge written two ways
    ordering: Ordering[P] | None = None  # games whose playing order matters
    generator: Generator[P] | None = None  # games that make new challenges
    editor_class: type[Editor] = Editor  # games whose challenges hold markers subclass it

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

    def setup(self, challenge: str) -> Setup[P]:
        """The challenge parsed by the notation and checked by the rules: its board, then
        its pieces, played in the written order (or in a playing order, where the order
        matters); ChallengeError if it is no usable challenge of this game. Cached: a
        page asks about the same one again and again."""
        return _setup_of(self, challenge_text(challenge))

    def position(self, challenge: str | None = None,
                 placement: str | None = None) -> Position[P]:
        """A position of a challenge (default: the empty board): its start, or the pieces
        of `placement` (the challenge's among them, in any form its symmetry allows)."""
        setup = self.setup(self.empty_challenge() if challenge is None else challenge)
        if placement is None or placement == "":
            return Position(self, setup, setup.fixed)
        pieces, extra = self.notation.read(placement_text(placement))
        if extra and extra != setup.extra:
            raise ChallengeError(tr("this placement is not of this challenge: its pegs are "
                                    "not the challenge's") if self.notation.extra_words == "pegs"
                                 else tr("this placement is not of this challenge"))
        return Position.of(self, setup, pieces)

    def hint(self, position: Position[P], level: int = 3) -> Hint:
        """What to do next in a position of this game: 1 which piece and why, 2 where, 3
        the exact placement (or the piece that blocks every solution, to take back).
        `Position.hint` asks it (core/solving.py: the values do not import the solver)."""
        return solving.ladder(self.own_position(position),
                              checks.whole(level, tr("a hint's level"), 1, 3))

    # --- the booklet ---------------------------------------------------------------------------
    @cached_property
    def _booklet(self) -> Booklet:
        return self.booklet()

    @property
    def challenges(self) -> list[Challenge]:
        return self._booklet.challenges

    @property
    def booklet_note(self) -> str:
        """What a player should know about the booklet's numbering ("" nothing), in the
        language spoken (the note is marked where the booklet is read)."""
        return tr(self._booklet.note) if self._booklet.note else ""

    def challenge_by_id(self, challenge_id: str | int) -> Challenge:
        if checks.is_number(challenge_id):
            key = str(checks.whole(challenge_id, tr("a challenge's number")))
        else:
            key = checks.text(challenge_id, tr("a challenge's id"))
        for entry in self.challenges:
            if entry.id == key:
                return entry
        raise ChallengeError(tr("%(game)s has no challenge %(key)s", game=self.title,
                                key=quote(key, 24)))

    @property
    def can_generate(self) -> bool:
        return self.generator is not None

    # --- the game's words and objects: what a front end or a script may send ------------------
    @property
    def piece_ids(self) -> tuple[str, ...]:
        """Every piece, in the game's order."""
        return self.vocabulary.piece_ids

    def check_piece(self, piece: object) -> str:
        """`piece` if it is one of the game's pieces, else a PlacementError."""
        if not isinstance(piece, str) or not self.vocabulary.has_piece(piece):
            raise PlacementError(quote(piece), tr("a piece of %(game)s is one of %(pieces)s",
                                                  game=self.title,
                                                  pieces=", ".join(self.piece_ids)))
        return piece

    def check_orientation(self, piece: object, orientation: object) -> str:
        """`orientation` if `piece` is one of the game's pieces (checked first) and has
        it, else a PlacementError."""
        piece = self.check_piece(piece)
        known = self.vocabulary.piece_of(piece).orientations
        if not isinstance(orientation, str) or orientation not in known:
            raise PlacementError(quote(orientation), tr(
                "piece %(piece)s has no such orientation; it has %(known)s", piece=piece,
                known=", ".join(known)))
        return orientation

    def check_location(self, location: object) -> str:
        """`location` if it is a spot of the board, else a PlacementError."""
        if not isinstance(location, str) or not self.vocabulary.has_location(location):
            raise PlacementError(quote(location), tr("no such location on the %(game)s board",
                                                     game=self.title))
        return location

    def own_placement(self, value: object) -> P:
        """`value` if it is one of this game's piece placements (not text, not another
        game's), else a PuzzleError."""
        if isinstance(value, self.placement):
            return value
        if isinstance(value, Placement):
            raise PuzzleError(tr("%(value)s is a piece placement of another game, not of "
                                 "%(game)s", value=quote(str(value)), game=self.title))
        raise PuzzleError(tr("a piece placement of %(game)s must be a Placement (play text "
                             "with read_item()), not %(value)s", game=self.title,
                             value=quote(value)))

    def own_placements(self, values: object) -> list[P]:
        """`values` if they are a sequence of this game's piece placements."""
        if isinstance(values, str | bytes) or not isinstance(values, Iterable):
            raise PuzzleError(tr("pieces of %(game)s must be a sequence of placements, not "
                                 "%(value)s", game=self.title, value=quote(values)))
        return [self.own_placement(value) for value in values]

    def own_position(self, value: object) -> Position[P]:
        """`value` if it is a position of this game, else a PuzzleError."""
        if not isinstance(value, Position):
            raise PuzzleError(tr("a position of %(game)s must be a Position (from "
                                 "game.position()), not %(value)s", game=self.title,
                                 value=quote(value)))
        if value.game is not self:
            raise PuzzleError(tr("this is a position of %(other)s, not of %(game)s",
                                 other=value.game.title, game=self.title))
        return value


@lru_cache(maxsize=64)
def _setup_of(game: Game[P], challenge: str) -> Setup[P]:
    rules = game.rules
    try:
        setup = game.notation.read_challenge(challenge)
        board = board_checked(replace(setup, fixed=()), rules.breaks_board)
        if game.ordering is not None:
            fixed = tuple(game.ordering.arrange(board, (), setup.fixed))
        else:
            fixed = played_in_order(setup.fixed, lambda before, piece:
                                    rules.breaks(board, before, piece))
    except (PlacementError, IllegalPlacementError) as error:
        raise ChallengeError(tr("not a usable %(game)s challenge: %(why)s", game=game.title,
                                why=error)) from None
    return replace(setup, fixed=fixed, game=game.name)
