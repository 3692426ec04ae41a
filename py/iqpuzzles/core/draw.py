"""Drawing primitives: what `view()` returns and the one SVG renderer draws.

Every primitive is a plain dict (JSON-able), in board units (one location step is
usually 1.0). Keys common to all: `kind`, `layer` (higher is drawn later, on top),
`role` ("board", "peg", "piece", "target", "ghost", "hint", "label"), and
`piece` (the piece it belongs to, or None) so that a click on it can take the
piece back. The renderer knows these kinds and nothing about any game.

A board's own surfaces keep the physical game's colours, and say what they are in their
`tags`, so that the page can show a pale board darker in its dark theme and a deep one
white on paper: one of `PLATE` (the board), `SPOT` (a hole or a flat spot on it), `PEG`,
`INK` (its letters) and `EDGE` (a line drawn on it), with its tone, `PALE` or `DEEP`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic

from .i18n import pmark, ptr, tr
from .position import P
from .types import Frame, Location, PieceView, Shape

if TYPE_CHECKING:
    from .position import Position

# a board's surfaces, as their tags (see above)
PLATE, SPOT, PEG, INK, EDGE = "plate", "spot", "peg", "ink", "edge"
PALE, DEEP = "pale", "deep"


def _shape(kind: str, layer: int, role: str, piece: str | None, extra: dict[str, Any],
           **fields: Any) -> Shape:
    shape: Shape = {"kind": kind, "layer": layer, "role": role, "piece": piece}
    shape.update(fields)
    shape.update(extra)
    return shape


def rect(x: float, y: float, w: float, h: float, fill: str, *, rx: float = 0.0,
         stroke: str | None = None, stroke_width: float = 0.0, layer: int = 0,
         role: str = "board", piece: str | None = None, **extra: Any) -> Shape:
    return _shape("rect", layer, role, piece, extra, x=x, y=y, w=w, h=h, rx=rx,
                  fill=fill, stroke=stroke, strokeWidth=stroke_width)


def circle(cx: float, cy: float, r: float, fill: str, *, stroke: str | None = None,
           stroke_width: float = 0.0, layer: int = 0, role: str = "board",
           piece: str | None = None, **extra: Any) -> Shape:
    return _shape("circle", layer, role, piece, extra, cx=cx, cy=cy, r=r, fill=fill,
                  stroke=stroke, strokeWidth=stroke_width)


def ring(cx: float, cy: float, r: float, width: float, colour: str, *,
         openings: Iterable[float] = (), gap: float = 56.0, layer: int = 0,
         role: str = "piece", piece: str | None = None, **extra: Any) -> Shape:
    """A ring of radius r (centre line) and stroke `width`; `openings` are the
    directions of its gaps in degrees (0 = east, 90 = north, as on screen), each
    gap `gap` degrees wide."""
    return _shape("ring", layer, role, piece, extra, cx=cx, cy=cy, r=r, width=width,
                  colour=colour, openings=list(openings), gap=gap)


def bar(x1: float, y1: float, x2: float, y2: float, width: float, colour: str, *,
        layer: int = 0, role: str = "piece", piece: str | None = None,
        **extra: Any) -> Shape:
    return _shape("bar", layer, role, piece, extra, x1=x1, y1=y1, x2=x2, y2=y2,
                  width=width, colour=colour)


def polygon(points: Iterable[tuple[float, float]], fill: str, *, stroke: str | None = None,
            stroke_width: float = 0.0, layer: int = 0, role: str = "board",
            piece: str | None = None, **extra: Any) -> Shape:
    return _shape("polygon", layer, role, piece, extra,
                  points=[[round(x, 4), round(y, 4)] for x, y in points], fill=fill,
                  stroke=stroke, strokeWidth=stroke_width)


def text(x: float, y: float, content: str, *, size: float = 0.3, fill: str = "#333",
         layer: int = 0, role: str = "label", piece: str | None = None,
         **extra: Any) -> Shape:
    return _shape("text", layer, role, piece, extra, x=x, y=y, text=content, size=size,
                  fill=fill)


# The symbols a colour can carry, so that colours are told apart without seeing them
# (colour blindness): a game gives each of its colours one, and draws it the same on
# pegs, pieces, target squares and in the tray. render.js draws each of these names.
SYMBOLS = ("triangle", "plus", "diamond", "star", "square", "cross", "bar", "dot",
           "chevron", "hexagon", "ring", "heart", "arrow")


def mark(x: float, y: float, size: float, symbol: str, ink: str, *, layer: int = 0,
         role: str = "piece", piece: str | None = None, **extra: Any) -> Shape:
    """A colour's symbol (one of SYMBOLS) centred on (x, y), `size` from centre to edge,
    drawn in `ink` (see ink_on)."""
    assert symbol in SYMBOLS, symbol
    return _shape("mark", layer, role, piece, extra, x=x, y=y, size=size, symbol=symbol,
                  ink=ink)


def ink_on(fill: str) -> str:
    """A translucent ink that shows on a `#rrggbb` fill without shouting: dark on light
    colours, light on dark ones."""
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    light = 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45
    return "rgba(0,0,0,0.42)" if light else "rgba(255,255,255,0.6)"


def location(code: str, x: float, y: float, r: float = 0.5, row: str = "") -> Location:
    """A place the player can point at, focus and click: its code and centre, and the
    name of its row in the board's own words ("Row A"), which screen readers say as the
    player moves from row to row."""
    spot: Location = {"code": code, "x": x, "y": y, "r": r}
    if row:
        spot["row"] = row
    return spot


class Drawing(ABC, Generic[P]):
    """What a game draws, the part of a game front ends see (each game's draw.py): it
    draws the vocabulary's locations and pieces, it does not define them."""

    # each piece's colour ("#rrggbb": the tray's, and the page's for its name)
    paint: ClassVar[Mapping[str, str]]
    # which way Flip turns a piece over on the screen, in words ("flipped top to bottom"):
    # the tray's drawings say it (tests/test_accessibility.py checks every game's)
    flip_axis = "top to bottom"

    @abstractmethod
    def frame(self) -> Frame:
        """The board's view box and where each location of the vocabulary is drawn (its
        centre and reach), with its row's words."""

    @abstractmethod
    def board(self, position: Position[P]) -> list[Shape]:
        """The board with its pieces, as drawing primitives."""

    @abstractmethod
    def piece(self, piece: str, orientation: str) -> PieceView:
        """One piece alone, for the tray (piece and orientation already checked)."""

    @abstractmethod
    def hold(self, piece: str, orientation: str,
             location: str) -> tuple[P | None, list[Shape]]:
        """The piece held by its grip over `location` (all three already checked): its
        placement (None if it cannot be written, e.g. off the board) and its ghost."""

    @abstractmethod
    def text(self, position: Position[P]) -> str:
        """The board as text (docs/games/<game>.md's pictures)."""

    def key(self, position: Position[P]) -> str:
        """What the text drawing's symbols mean, and what the challenge asks that the
        drawing does not show, for a player who reads the board elsewhere ("Copy board as
        text"); Page adds the pieces' colours. Nothing by default (a drawing that says it
        itself)."""
        return ""

    def spot_words(self, location: str) -> str:
        """A location as a player finds it on the board by eye, in the board's own words:
        by its labels where the board shows them; by default, where it is in its row
        ("the second spot from the left in the top row")."""
        return spot_in_row(self._locations, location)

    @cached_property
    def _locations(self) -> list[Location]:
        return self.frame()["locations"]

    def spots(self, position: Position[P]) -> dict[str, list[str]]:
        """What a screen reader says is on each location besides the pieces covering it
        (those Game adds): "red peg", "wants green". Nothing by default."""
        return {}


# a place in a row and a row, counted from the nearer end (0: the end itself; None: the
# middle), each a whole phrase of its own context: a language gives each the case and
# the word order its one sentence, "%(spot)s in %(row)s", needs
SPOTS_IN_ROW = {
    None: pmark("spot in a row", "the middle spot"),
    (0, "left"): pmark("spot in a row", "the leftmost spot"),
    (1, "left"): pmark("spot in a row", "the second spot from the left"),
    (2, "left"): pmark("spot in a row", "the third spot from the left"),
    (3, "left"): pmark("spot in a row", "the fourth spot from the left"),
    (4, "left"): pmark("spot in a row", "the fifth spot from the left"),
    (5, "left"): pmark("spot in a row", "the sixth spot from the left"),
    (0, "right"): pmark("spot in a row", "the rightmost spot"),
    (1, "right"): pmark("spot in a row", "the second spot from the right"),
    (2, "right"): pmark("spot in a row", "the third spot from the right"),
    (3, "right"): pmark("spot in a row", "the fourth spot from the right"),
    (4, "right"): pmark("spot in a row", "the fifth spot from the right"),
    (5, "right"): pmark("spot in a row", "the sixth spot from the right"),
}
ROWS = {
    None: pmark("row of a spot", "the middle row"),
    (0, "top"): pmark("row of a spot", "the top row"),
    (1, "top"): pmark("row of a spot", "the second row from the top"),
    (2, "top"): pmark("row of a spot", "the third row from the top"),
    (3, "top"): pmark("row of a spot", "the fourth row from the top"),
    (4, "top"): pmark("row of a spot", "the fifth row from the top"),
    (5, "top"): pmark("row of a spot", "the sixth row from the top"),
    (0, "bottom"): pmark("row of a spot", "the bottom row"),
    (1, "bottom"): pmark("row of a spot", "the second row from the bottom"),
    (2, "bottom"): pmark("row of a spot", "the third row from the bottom"),
    (3, "bottom"): pmark("row of a spot", "the fourth row from the bottom"),
    (4, "bottom"): pmark("row of a spot", "the fifth row from the bottom"),
    (5, "bottom"): pmark("row of a spot", "the sixth row from the bottom"),
}


def spot_in_row(locations: list[Location], code: str) -> str:
    """Where a location is among `locations`, counted as a player counts, in the
    language spoken: its row (the locations at one height, from the top or the bottom,
    whichever is nearer) and its place in the row (from the left or the right); a board
    of up to 12 rows of up to 12 spots."""
    heights = sorted({round(loc["y"], 3) for loc in locations})
    here = next(loc for loc in locations if loc["code"] == code)
    row = heights.index(round(here["y"], 3))
    line = sorted(loc["x"] for loc in locations if round(loc["y"], 3) == heights[row])
    place = line.index(here["x"])

    def counted(index: int, size: int, first: str, last: str) -> tuple[int, str] | None:
        if index < size / 2 - 0.5:
            return index, first
        if index > size / 2 - 0.5:
            return size - 1 - index, last
        return None

    spot = SPOTS_IN_ROW[counted(place, len(line), "left", "right")]
    rows = ROWS[counted(row, len(heights), "top", "bottom")]
    return tr("%(spot)s in %(row)s", spot=ptr("spot in a row", spot),
              row=ptr("row of a spot", rows))
