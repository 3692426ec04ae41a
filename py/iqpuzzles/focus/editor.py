"""The IQ-Focus challenge editor: a draft is a challenge with `?` for the centre squares
not chosen yet, and the tools are four colour markers.

A colour clicked on a square of the same colour clears it, on another colour replaces
it; no tool clears the square. To be played, a challenge needs all nine colours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import draw, editor
from ..core.errors import ChallengeError, IllegalPlacementError, PlacementError, PuzzleError
from ..core.game import VERDICT_LIMIT, Preview
from ..core.types import PieceView
from .draw import PAINT, PAINT_DARK, XY_OF
from .rules import ANY, CENTRE, COLOUR_NAME, COLOURS, EMPTY_BOARD

if TYPE_CHECKING:
    from ..core.game import Game

TOOLS = tuple(COLOURS)  # a tool is exactly one of these


def info() -> dict[str, Any]:
    return {"tools": [{"id": c, "kind": "marker", "label": COLOUR_NAME[c].capitalize(),
                       "colour": PAINT[c], "orientations": ["0"], "rotate": {"0": "0"},
                       "flip": {"0": "0"}} for c in TOOLS],
            "empty": EMPTY_BOARD, "limit": VERDICT_LIMIT,
            "help": "Paint the nine squares in the middle: the solver counts the ways to "
                    "cover the board so that they show those colours. Click a square "
                    "again to clear it."}


def check_tool(tool: object) -> str:
    if not isinstance(tool, str) or tool not in TOOLS:
        raise PlacementError(repr(tool)[:40], "a tool is a colour: W, R, B or G", 0)
    return tool


def edit(game: Game, draft: str, tool: object, location: str) -> str:
    """The draft after painting `location` with `tool` (None: clearing it)."""
    draft = game.editor_draft(draft)
    location = game.check_location(location)
    if XY_OF[location] not in CENTRE:
        raise IllegalPlacementError("colours go on the nine squares in the middle "
                                    "(31 to 53)")
    k = CENTRE.index(XY_OF[location])
    colour = check_tool(tool) if tool is not None and tool != "" else None
    if colour is None and draft[k] == ANY:
        raise ChallengeError(f"there is no colour to clear at {location}")
    paint = ANY if colour is None or draft[k] == colour else colour
    return draft[:k] + paint + draft[k + 1:]


def view(game: Game, draft: str) -> dict[str, Any]:
    """The draft drawn as the board of the challenge it would be."""
    return {**game.view(game.editor_draft(draft), ""), "draft": draft, "solved": False}


def preview(game: Game, draft: str, tool: object, location: str) -> Preview:
    """The marker held over `location`: what edit() would make of the draft, and the
    ghost."""
    colour = check_tool(tool)
    x, y = XY_OF[game.check_location(location)]
    ghost = [draw.rect(x + 0.1, y + 0.1, 0.8, 0.8, PAINT[colour], rx=0.1,
                       stroke=PAINT_DARK[colour], stroke_width=0.06, layer=10, role="ghost")]
    try:
        new = edit(game, draft, colour, location)
    except PuzzleError as error:  # not a challenge, or not where colours go
        return Preview(None, editor.refusal(error), ghost)
    return Preview(new, None, ghost)


def tool_view(tool: object) -> PieceView:
    colour = check_tool(tool)
    return PieceView(viewBox=[0, 0, 1, 1], shapes=[draw.rect(
        0.1, 0.1, 0.8, 0.8, PAINT[colour], rx=0.12, stroke=PAINT_DARK[colour],
        stroke_width=0.06, role="tray")])


def ready(game: Game, draft: str) -> str | None:
    """Why a draft with one solution is no challenge to play yet: unset colours."""
    unset = game.editor_draft(draft).count(ANY)
    if unset == 1:
        return "1 square in the middle still needs a colour"
    if unset:
        return f"{unset} squares in the middle still need a colour"
    return None

