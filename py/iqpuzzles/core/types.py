"""The shapes of what games hand to front ends: views, piece info, hint kinds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NotRequired, TypedDict

from .errors import Refusal
from .i18n import tr

Said = Callable[[], str]  # words said when asked, in the language of the moment

LEVELS = ("Starter", "Junior", "Expert", "Master", "Wizard")  # every game's, easiest first
Shape = dict[str, Any]  # one drawing primitive of core/draw.py (kind, layer, role, ...)


class Location(TypedDict):
    """A place on the board the player can point at: its code and centre, and its row's
    name in the board's words (screen readers)."""

    code: str
    x: float
    y: float
    r: float
    row: NotRequired[str]


class Frame(TypedDict):
    viewBox: list[float]
    locations: list[Location]


class View(TypedDict):
    """The board drawn: what `Game.view()` returns and the renderer draws."""

    frame: Frame
    shapes: list[Shape]
    placement: str
    solved: bool
    pieceAt: dict[str, str]  # location -> the piece a click there takes back
    spots: dict[str, str]  # location -> what is on it, in words (screen readers)


class PieceView(TypedDict):
    viewBox: list[float]
    shapes: list[Shape]


class PieceInfo(TypedDict, total=False):
    id: str
    label: str
    colour: str
    colourName: str  # the colour in words, for players who do not see it
    sizeName: str  # its size (and make) in words, for screen readers: "4 loops, 2 with holes"
    shapeName: str  # its shape in words, where its colours and size are another's too
    name: str  # the piece in words, told apart from the others: "the red piece" (core adds it)
    orientations: list[str]
    orientationNames: dict[str, str]  # how it lies in each, in words (core/turns.py)
    rotate: dict[str, str]
    flip: dict[str, str]
    kind: str  # in the editor: "piece" or "marker"
    limit: int  # in the editor: how many of a marker the game has


class Info(TypedDict, total=False):
    """What a front end needs once: pieces, how they turn, the board, levels, help."""

    name: str
    title: str
    pieces: list[PieceInfo]
    canRotate: bool
    canFlip: bool
    levels: list[str]
    board: Frame
    help: str
    explain: str  # the toggle's words, when the game explains a position (Game.explanation)
    lesson: dict[str, Any]  # the first guided challenge (core/lesson.py Lesson.to_json)
    bookletNote: str  # the booklet's numbering explained, when it has gaps (Booklet.note)
    levelsNote: str  # what the challenge picker says of how new challenges are levelled


class HintKind(StrEnum):
    PLACE = "place"  # play `placement`
    REMOVE = "remove"  # take `piece` back: no solution goes on with it there
    SOLVED = "solved"
    IMPOSSIBLE = "impossible"  # the challenge itself has no solution


@dataclass
class Preview:
    """A piece held over the board: where it would go, and whether it may (if not, the
    refusal says why, to scripts and to players)."""

    placement: str | None  # the piece placement string, None if it cannot be written
    refusal: Refusal | None
    shapes: list[Shape] = field(default_factory=list)  # the ghost, in board coordinates
    covers: list[str] = field(default_factory=list)  # where it fits: the locations it covers

    @property
    def legal(self) -> bool:
        return self.refusal is None

    @property
    def reason(self) -> str:
        """Why not, in the game's notation ("" when legal)."""
        return self.refusal.notation if self.refusal else ""

    def to_json(self) -> dict[str, Any]:
        why = self.refusal.to_json() if self.refusal else \
            {"rule": "", "notation": "", "message": "", "pieces": [], "locations": []}
        return {"placement": self.placement, "legal": self.legal, "reason": self.reason,
                **why, "shapes": self.shapes, "covers": self.covers}


@dataclass(frozen=True)
class Claim:
    """What a hint's first rung says of the board the player sees, as data (core/claims.py
    finds it, core/sentences.py words it), checked against that board without reading
    its words:

        only-reaches  `spot` is still to cover and only `piece` can still reach it
        one-place     `piece` has one place left, and it covers `spot`
        only-fills    only `piece` can fill `spot`: every place of another piece there
                      fails (`out`)
        must-cover    `piece` must cover `spot`: every place of it elsewhere fails (`out`)
        guess         no quick sure step shows: try `piece`

    Every kind but guess names a spot (the page marks it): where a player looks to check
    what it says.

    `out` holds the places that fail, each with how (its placement, and one of "spot",
    "piece", "gap", "room": it leaves a spot no place reaches, a piece with no place, a
    gap no piece can fill, too little room, at once; "look": a dead end within a few
    sure moves; "deep": looking two pieces ahead)."""

    kind: str
    piece: str
    spot: str | None = None
    out: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "piece": self.piece, "spot": self.spot,
                "out": [list(pair) for pair in self.out]}


@dataclass(frozen=True)
class Hint:
    """The answer to "what now?": place a piece, take one back, or nothing to do; in
    plain words for players (`message`) and in the game's codes (`notation`)."""

    kind: HintKind
    message: str
    notation: str = ""
    placement: str | None = None  # PLACE: the item to play; REMOVE: the piece's item
    piece: str | None = None
    # where the piece goes (PLACE; the first rung: the spot it names) or is (REMOVE)
    locations: tuple[str, ...] = ()
    claims: tuple[Claim, ...] = ()  # what the first rung says of the board

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "message": self.message, "notation": self.notation,
                "placement": self.placement, "piece": self.piece,
                "locations": list(self.locations),
                "claims": [claim.to_json() for claim in self.claims]}


@dataclass
class SearchStats:
    """How much work a search did (core/search.py): the difficulty score of generators
    is built on it."""

    nodes: int = 0  # positions visited
    forced: int = 0  # positions where the chosen column had exactly one option
    branches: int = 0  # positions where it had two or more
    budget: float = float("inf")  # a search visiting more positions raises OutOfBudget


@dataclass(frozen=True)
class Booklet:
    """A game's booklet: its challenges, and what a player should know about its
    numbering (numbers the booklet has and this one does not, and why; "" nothing)."""

    challenges: list[Challenge]
    note: str = ""


@dataclass(frozen=True)
class Challenge:
    """One challenge of a booklet: its id, level, start and canonical solution(s)."""

    id: str
    level: str
    challenge: str
    solutions: tuple[str, ...]
    source: str = "booklet"
    about: Said | None = None  # its note, said when asked (core/vocabulary.py's Said)

    @property
    def note(self) -> str:
        """What a player should know about it, in the language spoken ("" nothing)."""
        return self.about() if self.about is not None else ""

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
        return tr("Challenge %(id)s", id=self.id)
