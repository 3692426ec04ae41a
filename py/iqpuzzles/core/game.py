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

from .errors import ChallengeError, IllegalPlacementError, PlacementError, PuzzleError

LEVELS = ("Starter", "Junior", "Expert", "Master", "Wizard")
VERDICT_LIMIT = 20  # the editor counts solutions up to this many ("at least 20")


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

    def encode(self, state) -> str:
        """The placement string of a state (the game's canonical item order)."""
        return state.encode()

    def is_well_formed(self, text: str) -> bool:
        try:
            self.parse(text)
        except PuzzleError:
            return False
        return True

    # --- rules ---------------------------------------------------------------
    def rule_breaks(self, state) -> str | None:
        """The first placement rule a parsed state breaks, or None."""
        return None

    def validate(self, text: str):
        """Parse and check every placement rule; the state, or PlacementError
        (malformed) / IllegalPlacementError (breaks a rule)."""
        state = self.parse(text)
        broken = self.rule_breaks(state)
        if broken:
            raise IllegalPlacementError(broken)
        return state

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

    # --- generation and the challenge editor -------------------------------------
    # The editor works on a *draft*: a challenge string of the game (possibly one
    # that is not yet worth playing). The defaults suit games whose challenges are
    # starting pieces (the draft is then the placement string of those pieces on
    # the empty board); games whose challenges hold other things (IQ-Twist's pegs,
    # IQ-Focus's colours) override them and add their markers as tools.

    @property
    def can_generate(self) -> bool:
        """Whether generate() can make new challenges (the generator's hooks exist)."""
        return hasattr(self, "random_solution")

    def editor_empty(self) -> str:
        """The empty draft: the challenge with nothing on the board."""
        return ""

    def editor_info(self) -> dict:
        """What the editor's tray offers: the tools (pieces, then the game's markers)
        with how they turn, the empty draft and a help line."""
        tools = [{**piece, "kind": "piece"} for piece in self.info()["pieces"]]
        return {"tools": tools, "empty": self.editor_empty(), "limit": VERDICT_LIMIT,
                "help": "Put pieces on the board: the solver counts the ways to finish. "
                        "Click a piece on the board to take it off."}

    def editor_draft(self, draft: str) -> str:
        """The draft checked (ChallengeError if it is no challenge of this game)."""
        self.parse_challenge(draft)
        return draft

    def edit(self, draft: str, tool: str | None, orientation: str | None,
             location: str) -> str:
        """The draft after using `tool` at `location` (a piece is held by its grip,
        as in play); no tool takes off what is at `location`."""
        empty = self.editor_empty()
        placement = self.start_placement(self.editor_draft(draft))
        if not tool:
            piece = self._editor_piece_at(placement, location)
            if piece is None:
                raise ChallengeError(f"there is nothing to take off at {location}")
            return self.remove(empty, placement, piece)
        preview = self.preview(empty, placement, tool, str(orientation), location)
        if not preview.legal or not preview.placement:
            raise IllegalPlacementError(preview.reason or "the piece cannot go there")
        return self.play(empty, placement, preview.placement)

    def editor_view(self, draft: str) -> dict:
        """The draft drawn (every piece on it removable): view() plus the draft."""
        placement = self.start_placement(self.editor_draft(draft))
        view = self.view(self.editor_empty(), placement)
        for shape in view["shapes"]:
            if shape.get("role") == "fixed":
                shape["role"] = "piece"
        return {**view, "draft": draft, "solved": False}

    def editor_preview(self, draft: str, tool: str, orientation: str,
                       location: str) -> Preview:
        """The tool held over `location`: what edit() would do, and the ghost."""
        placement = self.start_placement(self.editor_draft(draft))
        return self.preview(self.editor_empty(), placement, tool, str(orientation), location)

    def tool_view(self, tool: str, orientation: str) -> dict:
        """A tool alone, for the editor's tray (a piece: its piece_view)."""
        return self.piece_view(tool, orientation)

    def editor_ready(self, draft: str) -> str | None:
        """Why a draft with one solution still cannot be played, or None."""
        return None

    def verdict(self, draft: str, limit: int = VERDICT_LIMIT) -> dict:
        """How many solutions the draft has, up to `limit`: {count, capped, message,
        playable}. A draft that is not a challenge is an answer too (count 0)."""
        limit = max(2, min(int(limit), 1000))
        try:
            draft = self.editor_draft(draft)
        except PuzzleError as error:
            return {"count": 0, "capped": False, "playable": False, "draft": draft,
                    "message": f"This is not a challenge: {str(error).rstrip('.')}."}
        count = self.count_solutions(draft, limit)
        capped = count >= limit
        waiting = self.editor_ready(draft) if count == 1 else None
        if count == 0:
            message = "No solution: take something off."
        elif count == 1 and waiting:
            message = f"Exactly one solution, but {waiting}."
        elif count == 1:
            message = "Exactly one solution: ready to play."
        elif capped:
            message = f"At least {limit} solutions: add more to make it unique."
        else:
            message = f"{count} solutions: add more to make it unique."
        return {"count": count, "capped": capped, "playable": count == 1 and not waiting,
                "message": message, "draft": draft}

    def _editor_piece_at(self, placement: str, location: str) -> str | None:
        """The piece drawn topmost over a location's centre in view() (generic)."""
        view = self.view(self.editor_empty(), placement)
        spot = next((loc for loc in view["frame"]["locations"] if loc["code"] == location),
                    None)
        if spot is None:
            raise PlacementError(str(location), "no such location on the board")
        best = None
        for shape in view["shapes"]:
            if shape.get("piece") and shape.get("role") in ("piece", "fixed") and \
                    _contains(shape, spot["x"], spot["y"]):
                if best is None or shape.get("layer", 0) >= best.get("layer", 0):
                    best = shape
        return best["piece"] if best else None


def _contains(shape: dict, x: float, y: float) -> bool:
    """Whether a drawing primitive covers the point (x, y), as the page's hit test."""
    kind = shape.get("kind")
    if kind == "rect":
        return shape["x"] <= x <= shape["x"] + shape["w"] and \
            shape["y"] <= y <= shape["y"] + shape["h"]
    if kind in ("circle", "ring"):
        reach = shape["r"] + (shape.get("width") or shape.get("strokeWidth") or 0) / 2
        return (x - shape["cx"]) ** 2 + (y - shape["cy"]) ** 2 <= reach ** 2
    if kind == "bar":
        x1, y1, x2, y2 = shape["x1"], shape["y1"], shape["x2"], shape["y2"]
        dx, dy = x2 - x1, y2 - y1
        length = dx * dx + dy * dy
        t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / length)) if length else 0.0
        return (x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2 <= (shape["width"] / 2) ** 2
    if kind == "polygon":
        points, inside = shape.get("points", []), False
        for i in range(len(points)):
            (xi, yi), (xj, yj) = points[i], points[i - 1]
            if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
        return inside
    return False
