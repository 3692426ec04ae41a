"""The one interface every game fills, and what can be done once for all of them.

Like the games of a portable puzzle collection, each game module defines a
subclass of `Game`; the command line, the JSON API (and so the browser) only
ever talk to this interface and know no game by name. Strings in the game's own
notation are the only currency: a position is its placement string, a move is a
piece placement string, a challenge is the game's challenge string.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources

from .errors import ChallengeError, IllegalPlacementError, PuzzleError

LEVELS = ("Starter", "Junior", "Expert", "Master", "Wizard")


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

    def to_json(self) -> dict:
        return {"id": self.id, "level": self.level, "challenge": self.challenge,
                "solutions": list(self.solutions), "source": self.source, "note": self.note}


@dataclass(frozen=True)
class Hint:
    """The answer to "what now?": place a piece, take one back, or nothing to do.

    kind: "place" (placement is the piece placement to play), "remove" (piece is
    the placed piece that blocks every solution), "solved", or "impossible" (the
    challenge itself has no solution).
    """

    kind: str
    message: str
    placement: str | None = None
    piece: str | None = None

    def to_json(self) -> dict:
        return {"kind": self.kind, "message": self.message,
                "placement": self.placement, "piece": self.piece}


@dataclass
class Preview:
    """A piece held over the board: where it would go, and whether it may."""

    placement: str | None  # the piece placement string, None if it cannot be written
    legal: bool
    reason: str  # why not, when not legal
    shapes: list[dict] = field(default_factory=list)  # the ghost, in board coordinates

    def to_json(self) -> dict:
        return {"placement": self.placement, "legal": self.legal,
                "reason": self.reason, "shapes": self.shapes}


def load_json(game: str, name: str):
    """A data file shipped in the package (works from a wheel inside Pyodide too)."""
    folder = resources.files("iqpuzzles").joinpath("data").joinpath(game)
    text = folder.joinpath(name).read_text("utf-8")
    return json.loads(text)


class Game(ABC):
    """A puzzle: its notation, rules, solver, booklet, generator and drawing."""

    name: str  # "twist"
    title: str  # "IQ-Twist"
    max_pieces: int

    # --- notation ----------------------------------------------------------
    @abstractmethod
    def parse(self, text: str):
        """The state a placement string describes; PlacementError if malformed."""

    @abstractmethod
    def encode(self, state) -> str:
        """The placement string of a state (the game's canonical item order)."""

    def is_well_formed(self, text: str) -> bool:
        try:
            self.parse(text)
        except PuzzleError:
            return False
        return True

    # --- rules ---------------------------------------------------------------
    @abstractmethod
    def validate(self, text: str):
        """Parse and check every placement rule; the state, or PlacementError
        (malformed) / IllegalPlacementError (breaks a rule)."""

    def is_valid(self, text: str) -> bool:
        try:
            self.validate(text)
        except PuzzleError:
            return False
        return True

    def check(self, text: str) -> str:
        """`ok`, `malformed: <why>` or `illegal: <why>`, as the command line prints it."""
        try:
            self.parse(text)
        except PuzzleError as error:
            return f"malformed: {error}"
        try:
            self.validate(text)
        except IllegalPlacementError as error:
            return f"illegal: {error}"
        except PuzzleError as error:
            return f"malformed: {error}"
        return "ok"

    @abstractmethod
    def canonical(self, text: str) -> str:
        """The canonical form of a placement string (RULES.md of the game)."""

    @abstractmethod
    def legal_placements(self, text: str, piece: str | None = None,
                         challenge: str | None = None) -> list[str]:
        """Every piece placement that may be played next (sorted)."""

    # --- challenges and solving ----------------------------------------------
    @abstractmethod
    def parse_challenge(self, text: str):
        """A challenge string checked and parsed; ChallengeError (a ValueError) if not."""

    @abstractmethod
    def solutions(self, challenge: str, limit: int | None = None) -> Iterator[str]:
        """Every complete solution of a challenge, canonical, each once."""

    def count_solutions(self, challenge: str, limit: int | None = 2) -> int:
        return sum(1 for _ in self.solutions(challenge, limit))

    @abstractmethod
    def start_placement(self, challenge: str) -> str:
        """The placement string a player starts from (the challenge's own pieces/pegs)."""

    @abstractmethod
    def play(self, challenge: str, placement: str, item: str) -> str:
        """Play one piece placement; the new placement string, or a PuzzleError why not."""

    @abstractmethod
    def remove(self, challenge: str, placement: str, piece: str) -> str:
        """Take a player's piece back; ChallengeError for a piece the challenge fixed."""

    @abstractmethod
    def is_solved(self, challenge: str, placement: str) -> bool:
        """Whether the placement is a complete solution of the challenge."""

    @abstractmethod
    def hint(self, challenge: str, placement: str) -> Hint:
        """The next piece on the way to a solution, or the piece that blocks them all."""

    @abstractmethod
    def generate(self, level: str, seed: int | str) -> str:
        """A new challenge with exactly one solution, graded to `level`."""

    @cached_property
    def challenges(self) -> list[Challenge]:
        return self._load_challenges()

    @abstractmethod
    def _load_challenges(self) -> list[Challenge]: ...

    def challenge_by_id(self, challenge_id: str | int) -> Challenge:
        key = str(challenge_id)
        for entry in self.challenges:
            if entry.id == key:
                return entry
        raise ChallengeError(f"{self.title} has no challenge {key!r}")

    # --- drawing --------------------------------------------------------------
    @abstractmethod
    def show(self, text: str) -> str:
        """A text drawing of the board."""

    @abstractmethod
    def info(self) -> dict:
        """What a front end needs once: pieces, their orientations and how rotate
        and flip move between them, locations, levels."""

    @abstractmethod
    def view(self, challenge: str, placement: str) -> dict:
        """The board as drawing primitives (see iqpuzzles.core.draw)."""

    @abstractmethod
    def piece_view(self, piece: str, orientation: str) -> dict:
        """One piece, alone, as drawing primitives (for the tray)."""

    @abstractmethod
    def preview(self, challenge: str, placement: str, piece: str, orientation: str,
                location: str) -> Preview:
        """The piece held with its grip on `location`: placement, legality, ghost."""
