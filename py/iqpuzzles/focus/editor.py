"""The IQ-Focus challenge editor: a draft is a challenge with `?` for the centre squares
not chosen yet, and the tools are four colour markers.

A colour clicked on a square of the same colour clears it, on another colour replaces
it; no tool clears the square. To be played, a challenge needs all nine colours.
"""

from __future__ import annotations

from typing import Any

from ..core import draw
from ..core.editor import VERDICT_LIMIT, Editor, refusal
from ..core.errors import ChallengeError, IllegalPlacementError, PuzzleError
from ..core.i18n import mark, ntr, ptr, tr
from ..core.types import PieceView, Preview
from .draw import PAINT, PAINT_DARK, XY_OF, FocusDrawing
from .vocabulary import ANY, CENTRE, COLOUR_NAME, COLOURS

TOOLS = tuple(COLOURS)  # a tool is exactly one of these


class FocusEditor(Editor):
    drawing = FocusDrawing()  # its markers are drawn as the board's squares
    help = mark("Paint the nine squares in the middle: the solver counts the ways to cover "
                "the board so that they show those colours. Click a square again to clear it.")

    def tools(self) -> list[dict[str, Any]]:
        return [{"id": c, "kind": "marker", "label": _capital(ptr("colour", COLOUR_NAME[c])),
                 "colour": PAINT[c], "colourName": ptr("colour", COLOUR_NAME[c]),
                 "orientations": ["0"],
                 "rotate": {"0": "0"}, "flip": {"0": "0"}} for c in TOOLS]

    def edit(self, draft: str, tool: str | None, orientation: str | None,
             location: str) -> str:
        """The draft after painting `location` with `tool` (None: clearing it)."""
        draft = self.draft(draft)
        location = self.game.check_location(location)
        if XY_OF[location] not in CENTRE:
            raise IllegalPlacementError(tr("colours go on the nine squares in the middle"))
        k = CENTRE.index(XY_OF[location])
        colour = None if tool is None or tool == "" else self.check_tool(tool, orientation)[0]
        if colour is None and draft[k] == ANY:
            raise ChallengeError(tr("there is no colour to clear at %(where)s", where=location))
        paint = ANY if colour is None or draft[k] == colour else colour
        return draft[:k] + paint + draft[k + 1:]

    def view(self, draft: str) -> dict[str, Any]:
        """The draft drawn as the board of the challenge it would be."""
        return {**self.game.page.view(self.draft(draft), ""), "draft": draft, "solved": False}

    def preview(self, draft: str, tool: str, orientation: str, location: str) -> Preview:
        """The marker held over `location`: what edit() would make of the draft, and the
        ghost."""
        colour, orientation = self.check_tool(tool, orientation)
        x, y = XY_OF[self.game.check_location(location)]
        ghost = [draw.rect(x + 0.1, y + 0.1, 0.8, 0.8, PAINT[colour], rx=0.1,
                           stroke=PAINT_DARK[colour], stroke_width=0.06, layer=10,
                           role="ghost"),
                 *self.drawing.marks(colour, x + 0.5, y + 0.5, 0.2, 10, "ghost")]
        try:
            new = self.edit(draft, colour, orientation, location)
        except PuzzleError as error:  # not a challenge, or not where colours go
            return Preview(None, refusal(error), ghost)
        return Preview(new, None, ghost)

    def tool_view(self, tool: str, orientation: str) -> PieceView:
        colour, _ = self.check_tool(tool, orientation)
        return PieceView(viewBox=[0, 0, 1, 1], shapes=[draw.rect(
            0.1, 0.1, 0.8, 0.8, PAINT[colour], rx=0.12, stroke=PAINT_DARK[colour],
            stroke_width=0.06, role="tray"),
            *self.drawing.marks(colour, 0.5, 0.5, 0.2, 0, "tray")])

    def verdict(self, draft: str, limit: int = VERDICT_LIMIT) -> dict[str, Any]:
        """As every editor's, but a draft with one solution is no challenge to play yet
        while a square of the middle has no colour (it says so)."""
        found = super().verdict(draft, limit)
        unset = self.draft(found["draft"]).count(ANY) if found["count"] == 1 else 0
        if unset:  # the whole sentence (ready's words are a sentence of their own)
            found.update(playable=False, message=ntr(
                "Exactly one solution, but %(n)s square in the middle still needs a colour.",
                "Exactly one solution, but %(n)s squares in the middle still need a colour.",
                unset))
        return found

    def ready(self, draft: str) -> str | None:
        """Why a draft with one solution is no challenge to play yet: unset colours."""
        unset = self.draft(draft).count(ANY)
        if unset:
            return ntr("%(n)s square in the middle still needs a colour",
                       "%(n)s squares in the middle still need a colour", unset)
        return None


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]
