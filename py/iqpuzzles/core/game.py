"""The one model of a game: every move written once, over the hooks each game declares.

Like the games of a portable puzzle collection, each game defines one subclass of
`Game` and fills its abstract hooks (notation, rules, solver, drawing; the editor and
generator hooks have defaults). Everything a player or a script does (make a position,
play, remove, solved?, hint, solutions, count, difficulty, generate, view, preview) is
written here once, so the command line, the JSON API and the browser know no game by
name.

Two faces over one model:

* the object API: `game.position(challenge, placement)` gives an immutable `Position`
  whose moves return new positions (core/position.py);
* the string API of the course contract: `check`, `canonical`, `solutions` (RULES.md's
  canonical strings), `is_solved(challenge, placement)`, `play`/`remove` on strings, which
  are thin layers over positions, so that every string `solutions()` yields is accepted
  back as a solved position of its challenge.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from random import Random
from typing import Any

from . import checks
from .checks import Guarded
from .draw import Drawing
from .editor import Editor
from .errors import (
    ChallengeError,
    IllegalPlacementError,
    PlacementError,
    PuzzleError,
    Refusal,
    quote,
)
from .position import Placement, Position, Setup
from .sample import GameIndex
from .search import SearchStats
from .types import HintKind, Info, PieceInfo, PieceView, Preview, Shape, View

LEVELS = ("Starter", "Junior", "Expert", "Master", "Wizard")
HINT_SOLUTIONS = 24  # solutions of the challenge compared when a position is stuck


@dataclass(frozen=True)
class Challenge:
    """One challenge of a booklet: its id, level, start and canonical solution(s)."""

    id: str
    level: str
    challenge: str
    solutions: tuple[str, ...]
    source: str = "booklet"
    note: str = ""

    @property
    def solution(self) -> str:
        return self.solutions[0]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "level": self.level,
                "challenge": self.challenge, "solutions": list(self.solutions),
                "source": self.source, "note": self.note}

    @property
    def name(self) -> str:
        """How players call it: "Challenge 1", "Challenge T05"."""
        return f"Challenge {self.id}"


@dataclass(frozen=True)
class Hint:
    """The answer to "what now?": place a piece, take one back, or nothing to do; in
    plain words for players (`message`) and in the game's codes (`notation`)."""

    kind: HintKind
    message: str
    notation: str = ""
    placement: str | None = None  # PLACE: the item to play; REMOVE: the piece's item
    piece: str | None = None
    locations: tuple[str, ...] = ()  # where the piece goes (PLACE) or is (REMOVE)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "message": self.message, "notation": self.notation,
                "placement": self.placement, "piece": self.piece,
                "locations": list(self.locations)}


def _text(value: object, what: str, error: type[PuzzleError] = PuzzleError) -> str:
    return checks.text(value, what, error)


class Game(Guarded, ABC):
    """A puzzle: its notation, rules, solver, booklet, generator and drawing.

    Every public method checks its arguments first (core/checks.py): what a script
    sends in is text, a whole number or this game's own object, in the game's words."""

    name: str  # "twist"
    title: str  # "IQ-Twist"
    piece_ids: tuple[str, ...]  # every piece, in the game's order
    ordered: bool = False  # whether the playing order matters (IQ-Steps)
    # games whose booklet grades by pieces given: level -> (fewest, most) clues
    level_clues: dict[str, tuple[int, int]] | None = None
    editor_class: type[Editor] = Editor  # the challenge editor (games with markers subclass it)
    generate_attempts = 200  # generator: random complete games a seed tries (generate.py)

    def __init__(self) -> None:
        self.drawing.bind(self)

    def _guarded_game(self) -> Game:
        return self

    # =====================================================================================
    # Hooks: what each game supplies
    # =====================================================================================

    # --- notation ----------------------------------------------------------------------
    @abstractmethod
    def read(self, text: str) -> tuple[tuple[Placement, ...], Hashable]:
        """A placement string's pieces, in written order, and its other items (IQ-Twist's
        pegs; None for games that have none); PlacementError if it breaks the grammar."""

    def read_item(self, text: str) -> Placement:
        """One piece placement; PlacementError if it is not exactly one."""
        pieces, extra = self.read(_placement_text(text))
        if len(pieces) != 1 or extra:
            raise PlacementError(text, f"play one piece placement, such as "
                                 f"{self.example_item}")
        return pieces[0]

    @property
    @abstractmethod
    def example_item(self) -> str:
        """A piece placement to quote in messages ("d2A6")."""

    @abstractmethod
    def write(self, setup: Setup, placed: Sequence[Placement]) -> str:
        """The placement string of the pieces on a setup's board."""

    @abstractmethod
    def read_challenge(self, text: str) -> Setup:
        """A challenge string parsed; ChallengeError if it is none of this game."""

    @abstractmethod
    def empty_challenge(self) -> str:
        """The challenge with nothing on the board: its solutions are every game."""

    def board_of(self, extra: Hashable) -> Setup:
        """The setup a placement string's own other items make (IQ-Twist: its pegs), for
        checking a placement string on its own; ChallengeError if they break a rule."""
        return Setup(self.empty_challenge())

    def read_on(self, setup: Setup, text: str) -> tuple[Placement, ...]:
        """The pieces of a placement string written for `setup`'s challenge; its other
        items, if any, must be the challenge's own."""
        pieces, extra = self.read(text)
        if extra and extra != setup.extra:
            raise ChallengeError("this placement is not of this challenge: its other "
                                 "items differ from the challenge's")
        return pieces

    # --- rules ---------------------------------------------------------------------------
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

    def arrange(self, setup: Setup, placed: tuple[Placement, ...],
                rest: Sequence[Placement]) -> list[Placement] | None:
        """A legal playing order of `rest` after `placed`, when the written one breaks a
        rule that another order keeps (IQ-Steps); None when order does not matter."""
        return None

    def may_come_next(self, rest: Sequence[Placement], candidate: Placement) -> bool:
        """Whether `candidate` may be played before the others of `rest` (a hint)."""
        return True

    def played_too_early(self, mine: Sequence[Placement],
                         needed: Sequence[Placement]) -> tuple[Placement, str] | None:
        """A piece of the player's that is right but blocks a needed one, and why."""
        return None

    # --- solver ----------------------------------------------------------------------------
    @abstractmethod
    def complete(self, setup: Setup, placed: tuple[Placement, ...], limit: int | None = None,
                 stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[Placement, ...]]:
        """Every way to finish the board: the pieces to add, in a playing order."""

    def count_completions(self, setup: Setup, limit: int | None) -> int:
        return sum(1 for _ in self.complete(setup, setup.fixed, limit))

    @abstractmethod
    def legal(self, setup: Setup, placed: tuple[Placement, ...],
              piece: str | None) -> Iterator[Placement]:
        """Every placement (of `piece`, or of any piece not yet down) that may be played
        next, one per move modulo the game's symmetry."""

    @abstractmethod
    def canonical_form(self, setup: Setup, placed: Sequence[Placement]) -> str:
        """The canonical string of a legal set of pieces (RULES.md)."""

    def solution_text(self, setup: Setup, pieces: Sequence[Placement]) -> str:
        """How `solutions()` writes a complete game (RULES.md's canonical solution)."""
        return self.canonical_form(setup, pieces)

    @abstractmethod
    def exact_cover(self, challenge: str) -> tuple[list[list[str]], list[str], list[str]]:
        """The challenge as plain exact cover (options, primary, secondary item names), for
        the benchmark baselines."""

    # --- booklet --------------------------------------------------------------------------
    @abstractmethod
    def load_booklet(self) -> list[Challenge]: ...

    # --- drawing ----------------------------------------------------------------------------
    @property
    @abstractmethod
    def drawing(self) -> Drawing:
        """How the game looks (core/draw.py's Drawing; a game sets it as a class attribute)."""

    def info(self) -> Info:
        info = self.drawing.info(self.name, self.title)
        for piece in info["pieces"]:
            piece["name"] = _name_among(piece, info["pieces"])
        if self.explain_label:
            info["explain"] = self.explain_label
        return info

    def draw(self, position: Position) -> list[Shape]:
        return self.drawing.board(position)

    def text_drawing(self, position: Position) -> str:
        return self.drawing.text(position)

    # --- an explanation of the position, drawn over the board (optional) -----------------------
    explain_label: str | None = None  # the words of the page's toggle; None: nothing to explain

    def explanation(self, position: Position) -> tuple[str, list[Shape]]:
        """What the game explains about a position, in a sentence and drawn over the board
        (IQ-Steps: which pieces must be played before which). It gives nothing away that
        the board does not show. The default: nothing."""
        return "", []

    # --- generator hooks (iqpuzzles.generate) ------------------------------------------------
    def clue_pool(self, solution: tuple[Placement, ...], rng: Random) -> list[str]:
        """The clues a challenge made from a complete game may give, in a random order."""
        raise ChallengeError(f"{self.title} cannot generate challenges")

    def challenge_of(self, clues: Sequence[str]) -> str:
        """The challenge string that gives `clues`."""
        raise ChallengeError(f"{self.title} cannot generate challenges")

    def clue_games(self, clue: str, index: GameIndex) -> tuple[int, ...] | None:
        """The complete games of the index (core/sample.py) that one clue of `clue_pool`
        allows, as bitsets (one per way the list does not write a game, see
        `GameIndex.games_with`), or None if the game cannot tell: a fast test of
        uniqueness for generators (one game left: unique). The default: the clue is a
        piece placement."""
        return index.games_with(self.read_item(clue))

    def count_any_order(self, challenge: str, limit: int | None = 2) -> int:
        """The solutions a challenge would have if its pieces could be played in any
        order, not first (at most `limit`): the same as `count_solutions` but in games
        where the playing order matters (IQ-Steps)."""
        return self.count_solutions(challenge, limit)

    def challenge_twins(self, challenge: str) -> Iterator[str]:
        """The challenge under each symmetry of the board (RULES.md), itself first, each
        written in one canonical way (so two challenges are the same one turned or
        mirrored exactly when they share a twin). The default: a board without symmetry,
        the challenge as its setup writes it."""
        yield self.setup(challenge).text

    @property
    def can_generate(self) -> bool:
        return type(self).clue_pool is not Game.clue_pool

    # =====================================================================================
    # The model: written once for every game
    # =====================================================================================

    def setup(self, challenge: str) -> Setup:
        """The challenge parsed (cached: a page asks about the same one again and again)."""
        return _setup_of(self, _challenge(challenge))

    def position(self, challenge: str | None = None, placement: str | None = None) -> Position:
        """A position of a challenge (default: the empty board): its start, or the pieces
        of `placement` (the challenge's among them, in any form its symmetry allows)."""
        setup = self.setup(self.empty_challenge() if challenge is None else challenge)
        if placement is None or placement == "":
            return Position(self, setup, setup.fixed)
        return self._build(setup, self.read_on(setup, _placement_text(placement)))

    def _build(self, setup: Setup, pieces: tuple[Placement, ...],
               reorder: bool = True) -> Position:
        rest = self._without_fixed(setup, pieces)
        try:
            return self._play_all(setup, rest, setup.fixed)
        except IllegalPlacementError:
            order = self.arrange(setup, setup.fixed, rest) if reorder else None
            if order is None:
                raise
            return self._play_all(setup, order, setup.fixed)

    def _without_fixed(self, setup: Setup, pieces: tuple[Placement, ...]) -> list[Placement]:
        """The pieces other than the challenge's, from the first way of writing them that
        holds every piece the challenge fixes."""
        missing = None
        for variant in self.variants(pieces):
            rest = list(variant)
            for fixed in setup.fixed:
                match = next((p for p in rest if p.piece == fixed.piece), None)
                if match is None or not self.equivalent(setup, fixed, match):
                    missing = missing or fixed
                    break
                rest.remove(match)
            else:
                return rest
        raise ChallengeError(f"the challenge's piece {missing} is missing")

    def _play_all(self, setup: Setup, new: Iterable[Placement],
                 placed: tuple[Placement, ...] = ()) -> Position:
        """The position after playing `new`, in order, after `placed` on the setup's board."""
        for placement in new:
            placed = self._after(setup, placed, placement)
        return Position(self, setup, placed)

    def _after(self, setup: Setup, placed: tuple[Placement, ...],
               new: Placement) -> tuple[Placement, ...]:
        if any(p.piece == new.piece for p in placed):
            raise IllegalPlacementError(f"piece {new.piece} is already on the board", str(new))
        refusal = self.breaks(setup, placed, new)
        if refusal:
            raise IllegalPlacementError.of(refusal, str(new))
        return (*placed, new)

    def piece_name(self, piece: str) -> str:
        """A piece as players know it, in words: "the red piece" (info's `name`)."""
        return self._pieces_info[self.check_piece(piece)]["name"]

    def capitalised_name(self, piece: str) -> str:
        name = self.piece_name(piece)
        return name[:1].upper() + name[1:]

    # --- moves on positions (Position's methods call these) ------------------------------------
    def _play_on(self, position: Position, item: str | Placement) -> Position:
        # a Placement is read back from its string: that checks it is one of this game's
        new = self.read_item(str(item) if isinstance(item, Placement) else item)
        return Position(self, position.setup, self._after(position.setup, position.placed, new))

    def _remove_from(self, position: Position, piece: str) -> Position:
        """Take a player's piece back (taking a piece away only frees the board, so the
        pieces played after it stay legal)."""
        piece = self.check_piece(piece)
        if piece in position.fixed_pieces:
            raise ChallengeError(f"piece {piece} is part of the challenge and stays")
        if piece not in position.pieces:
            raise ChallengeError(f"piece {piece} is not on the board")
        return Position(self, position.setup,
                        tuple(p for p in position.placed if p.piece != piece))

    def _legal_on(self, position: Position, piece: str | None = None) -> Iterator[Placement]:
        if piece is not None:
            piece = self.check_piece(piece)
            if piece in position.pieces:
                return iter(())
        return self.legal(position.setup, position.placed, piece)

    def _completions_of(self, position: Position, limit: int | None = None) -> Iterator[Position]:
        limit = _limit(limit)
        for added in self.complete(position.setup, position.placed, limit):
            yield Position(self, position.setup, position.placed + added)

    def path_to_solution(self, position: Position) -> list[tuple[str, Placement, Position]]:
        """The moves from a position to a solved one, each with the position after it:
        first take back what blocks every solution (as the hint says), then play the
        missing pieces in a playing order. ChallengeError if the challenge has none."""
        steps: list[tuple[str, Placement, Position]] = []
        for _ in position.placed:  # at most every piece taken back
            found = next(self.complete(position.setup, position.placed, 1), None)
            if found is not None:
                break
            hint = position.hint()
            if hint.kind is not HintKind.REMOVE or hint.piece is None:
                break
            taken = position.pieces[hint.piece]
            position = position.remove(hint.piece)
            steps.append(("remove", taken, position))
        else:
            found = next(self.complete(position.setup, position.placed, 1), None)
        if found is None:
            raise ChallengeError("this challenge has no solution")
        for placement in found:
            position = self._play_on(position, placement)
            steps.append(("play", placement, position))
        return steps

    def _work_to_solve(self, position: Position) -> SearchStats:
        """The solver's work to finish a position and prove it has no other finish."""
        stats = SearchStats()
        for _ in self.complete(position.setup, position.placed, 2, stats):
            pass
        return stats

    def _hint_for(self, position: Position, level: int = 3) -> Hint:
        """The next piece on the way to a solution (the one with the fewest places, the
        one a player is most likely stuck on), or the piece that blocks every solution;
        `level` 1 or 2 tells less (see core/solving.ladder)."""
        from . import solving  # the hint is long enough for a module of its own

        if isinstance(level, bool) or level not in (1, 2, 3):
            raise PuzzleError(f"a hint's level is 1, 2 or 3, not {_quote(level)}")
        return solving.ladder(self, position, level)

    def is_solvable(self, position: Position) -> bool:
        """Whether some solution goes on from the position (says nothing of which)."""
        return next(self.complete(position.setup, position.placed, 1), None) is not None

    # --- the string API (the course contract, the command line, the JSON face) -------------------
    def parse(self, text: str) -> tuple[Placement, ...]:
        """The pieces of a placement string (grammar only); PlacementError if malformed."""
        return self.read(_placement_text(text))[0]

    def validate(self, text: str) -> Position:
        """A placement string on its own, every piece legal when played in the written
        order: PlacementError (malformed) or IllegalPlacementError (breaks a rule)."""
        pieces, extra = self.read(_placement_text(text))
        return self._build(self.board_of(extra), pieces, reorder=False)

    def is_well_formed(self, text: str) -> bool:
        return _holds(lambda: self.parse(text))

    def is_valid(self, text: str) -> bool:
        return _holds(lambda: self.validate(text))

    def check(self, text: str) -> str:
        """`ok`, `malformed: <why>` or `illegal: <why>`, as the command line prints it."""
        try:
            self.read(_placement_text(text))
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
        pieces, extra = self.read(_placement_text(text))
        return str(self._build(self.board_of(extra), pieces))

    def canonical(self, text: str) -> str:
        """The canonical form of a legal placement string (RULES.md)."""
        pieces, extra = self.read(_placement_text(text))
        position = self._build(self.board_of(extra), pieces)
        return self.canonical_form(position.setup, position.placed)

    def solutions(self, challenge: str, limit: int | None = None) -> Iterator[str]:
        """Every solution of a challenge, canonical (RULES.md), each once, as found."""
        setup = self.setup(challenge)
        for added in self.complete(setup, setup.fixed, _limit(limit)):
            yield self.solution_text(setup, setup.fixed + added)

    def count_solutions(self, challenge: str, limit: int | None = 2) -> int:
        limit = _limit(limit)
        if limit == 0:
            return 0
        return self.count_completions(self.setup(challenge), limit)

    def start_placement(self, challenge: str) -> str:
        """The placement string a player starts from (the challenge's own items)."""
        return str(self.position(_challenge(challenge)))

    def play(self, challenge: str, placement: str, item: str) -> str:
        return str(self.position(_challenge(challenge), placement).play(item))

    def remove(self, challenge: str, placement: str, piece: str) -> str:
        return str(self.position(_challenge(challenge), placement).remove(piece))

    def is_solved(self, challenge: str, placement: str) -> bool:
        """Whether the placement is a complete solution of the challenge (as a set of
        placements: a legal playing order exists)."""
        try:
            return self.position(_challenge(challenge),
                                 _placement_text(placement)).is_solved
        except PuzzleError:
            return False

    def hint(self, challenge: str, placement: str, level: int = 3) -> Hint:
        return self.position(_challenge(challenge), placement).hint(level)

    def legal_placements(self, text: str, piece: str | None = None,
                         challenge: str | None = None) -> list[str]:
        """Every piece placement that may be played next on `text` (sorted; "" is the
        challenge's start, or the empty board)."""
        if challenge is not None:
            position = self.position(challenge, text)
        elif text == "":
            position = self.position()
        else:
            position = self.validate(text)
        return sorted(str(p) for p in position.legal_placements(piece))

    def difficulty(self, challenge: str) -> SearchStats:
        """The solver's work to solve a challenge and prove it unique."""
        return self.position(_challenge(challenge)).difficulty()

    def random_solution(self, rng: Random) -> tuple[Placement, ...]:
        """A random complete game (for generators): uniform over every complete game where
        the package lists them (data/<game>/games.zlib, core/sample.py), else the first
        game of a search that tries its options in a random order (not uniform)."""
        from .sample import uniform_pieces

        found = uniform_pieces(self, rng)
        if found is not None:  # checked, and put in a playing order
            return self._build(self.setup(self.empty_challenge()), found).placed
        setup = self.setup(self.empty_challenge())
        return next(self.complete(setup, setup.fixed, 1, rng=rng))

    def generate(self, level: str, seed: int | str) -> str:
        """A new challenge with exactly one solution, graded to `level`."""
        from ..generate import generate  # the generator takes any game object

        return generate(self, level, seed)

    # --- the booklet ---------------------------------------------------------------------------
    @cached_property
    def challenges(self) -> list[Challenge]:
        return self.load_booklet()

    def challenge_by_id(self, challenge_id: str | int) -> Challenge:
        if isinstance(challenge_id, int) and not isinstance(challenge_id, bool):
            checks.whole(challenge_id, "a challenge's number")
        key = str(_text(challenge_id, "a challenge's id") if not isinstance(challenge_id, int)
                  else challenge_id)
        for entry in self.challenges:
            if entry.id == key:
                return entry
        raise ChallengeError(f"{self.title} has no challenge {quote(key, 24)}")

    # --- drawing -------------------------------------------------------------------------------
    def view(self, challenge: str, placement: str) -> View:
        """The board as drawing primitives (see iqpuzzles.core.draw)."""
        return self.view_of(self.position(_challenge(challenge), placement))

    def view_of(self, position: Position, all_removable: bool = False) -> View:
        """The position drawn, with `pieceAt` (see pieces_at)."""
        return {"frame": self.info()["board"], "shapes": self.draw(position),
                "placement": str(position), "solved": position.is_solved,
                "pieceAt": self.pieces_at(position, all_removable),
                "spots": self.spots_of(position)}

    def spots_of(self, position: Position) -> dict[str, str]:
        """location -> what is on it, in words, for screen readers: the pieces covering
        it ("piece c, blue"), then what the drawing says is there ("blue peg"), or
        "empty"."""
        info = self.info()
        colour = {p["id"]: p.get("colourName", "") for p in info["pieces"]}
        words: dict[str, list[str]] = {loc["code"]: [] for loc in info["board"]["locations"]}
        for placement in position.placed:
            piece = placement.piece
            said = f"piece {piece}, {colour[piece]}" if colour.get(piece) else f"piece {piece}"
            if piece in position.fixed_pieces:
                said += ", the challenge's own"
            for location in self.covers(placement):
                words.setdefault(location, []).append(said)
        for location, extra in self.drawing.spots(position).items():
            words.setdefault(location, []).extend(extra)
        return {code: "; ".join(said) if said else "empty" for code, said in words.items()}

    def explain(self, position: Position) -> dict[str, Any]:
        """The explanation overlay (see `explanation`): {message, shapes}."""
        message, shapes = self.explanation(position)
        return {"message": message, "shapes": shapes}

    def pieces_at(self, position: Position, all_removable: bool = False) -> dict[str, str]:
        """location -> the piece a click there takes back (the one hit test of every front
        end: the last played on top). The challenge's pieces stay, unless `all_removable`
        (the editor)."""
        found = {}
        for placement in position.placed:
            if all_removable or placement.piece not in position.fixed_pieces:
                for location in self.covers(placement):
                    found[location] = placement.piece
        return found

    def show(self, text: str) -> str:
        """A text drawing of a placement string's board ("" is the empty board)."""
        if text == "":
            return self.text_drawing(self.position())
        pieces, extra = self.read(_placement_text(text))
        return self.text_drawing(self._build(self.board_of(extra), pieces))

    def piece_view(self, piece: str, orientation: str) -> PieceView:
        piece = self.check_piece(piece)
        return self.drawing.piece(piece, self.check_orientation(piece, orientation))

    def preview(self, challenge: str, placement: str, piece: str, orientation: str,
                location: str) -> Preview:
        """The piece held with its grip on `location`: placement, legality, ghost."""
        position = self.position(_challenge(challenge), placement)
        piece = self.check_piece(piece)
        orientation = self.check_orientation(piece, orientation)
        held, ghost = self.drawing.hold(piece, orientation, self.check_location(location))
        if held is None:
            return Preview(None, self.off_board(piece), ghost)
        return Preview(str(held), self.refusal_of(position, held), ghost)

    def off_board(self, piece: str) -> Refusal:
        return Refusal("off-board", "the piece hangs off the board",
                       f"{self.capitalised_name(piece)} would hang off the board.", (piece,))

    def refusal_of(self, position: Position, placement: Placement) -> Refusal | None:
        """Why `placement` may not be played on the position, or None if it may."""
        if placement.piece in position.pieces:
            return Refusal("duplicate", f"piece {placement.piece} is already on the board",
                           f"{self.capitalised_name(placement.piece)} is already on the board.",
                           (placement.piece,))
        return self.breaks(position.setup, position.placed, placement)

    # --- checks of what a front end sends --------------------------------------------------------
    @cached_property
    def _pieces_info(self) -> dict[str, PieceInfo]:
        return {p["id"]: p for p in self.info()["pieces"]}

    @cached_property
    def _location_codes(self) -> frozenset[str]:
        return frozenset(loc["code"] for loc in self.info()["board"]["locations"])

    def check_piece(self, piece: object) -> str:
        if not isinstance(piece, str) or piece not in self.piece_ids:
            raise PlacementError(_quote(piece), f"a piece of {self.title} is one of "
                                 f"{', '.join(self.piece_ids)}")
        return piece

    def check_orientation(self, piece: str, orientation: object) -> str:
        known = self._pieces_info[self.check_piece(piece)]["orientations"]
        if not isinstance(orientation, str) or orientation not in known:
            raise PlacementError(_quote(orientation), f"piece {piece} has no such orientation; "
                                 f"it has {', '.join(known)}")
        return orientation

    def check_location(self, location: object) -> str:
        if not isinstance(location, str) or location not in self._location_codes:
            raise PlacementError(_quote(location), f"no such location on the {self.title} board")
        return location

    # --- the challenge editor: the game's Editor part (core/editor.py) -----------------------
    @cached_property
    def editor(self) -> Editor:
        return self.editor_class(self)


@lru_cache(maxsize=64)
def _setup_of(game: Game, challenge: str) -> Setup:
    return replace(game.read_challenge(challenge), game=game.name)


def _holds(check: Any) -> bool:
    try:
        check()
    except PuzzleError:
        return False
    return True


def check_clues(clues: object) -> list[str]:
    """Clues as the generator hooks take them: a list of strings (PuzzleError if not)."""
    if not isinstance(clues, list | tuple) or not all(isinstance(c, str) for c in clues):
        raise PuzzleError(f"clues are a list of strings, not {_quote(clues)}")
    return [_text(c, "a clue") for c in clues]


def check_limit(limit: object) -> int | None:
    """A solution limit: None (no limit) or a whole number >= 0."""
    return _limit(limit)


def _limit(limit: object) -> int | None:
    """A solution limit: None (no limit) or a whole number >= 0."""
    return checks.limit(limit)


def _challenge(value: object) -> str:
    """`value` if it is text, else a ChallengeError: a challenge must be text."""
    return _text(value, "a challenge", ChallengeError)


def _placement_text(value: object) -> str:
    """`value` if it is text, else a PlacementError: a placement string must be text."""
    if not isinstance(value, str):
        raise PlacementError(_quote(value), "a placement string must be text")
    return value


def _quote(value: object) -> str:
    """A short, printable quote of something a caller sent (for error messages)."""
    return quote(value)


def _name_among(piece: PieceInfo, pieces: list[PieceInfo]) -> str:
    """A piece in words, told apart from the others: "the red piece" by its colours, and
    where pieces share them (IQ-Twist has two of each), its size too:
    "the red piece (4 loops, 1 with a hole)"."""
    colour = piece["colourName"]
    twins = sum(other["colourName"] == colour for other in pieces)
    return f"the {colour} piece" + (f" ({piece['sizeName']})" if twins > 1 else "")
