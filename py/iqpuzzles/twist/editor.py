"""IQ-Twist's challenge editor: a draft is pegs (i once, j k l twice each) and at most
one piece. A peg tool on its own peg takes it off, on another peg replaces it; a piece
tool already on the board moves there; no tool takes off what is on top."""

from __future__ import annotations

from typing import Any

from ..core.editor import Editor, refusal
from ..core.errors import ChallengeError, IllegalPlacementError, PuzzleError
from ..core.i18n import mark, ptr, tr
from ..core.page import off_board
from ..core.position import board_checked
from ..core.types import PieceView, Preview
from .draw import PAINT, TwistDrawing
from .notation import TwistNotation
from .vocabulary import PEG_COLOUR, PEG_LIMIT, VOCABULARY, WIDTH, Peg, location_index, pegs_of

PEG_LABEL = {"i": mark("Red peg"), "j": mark("Blue peg"), "k": mark("Green peg"),
             "l": mark("Yellow peg")}


class TwistEditor(Editor):
    drawing = TwistDrawing()  # its markers are the game's pegs, drawn as on the board
    notation = TwistNotation()
    help = mark("Put pegs and at most one piece on the board: the solver counts the ways to "
                "finish. A peg may sit under a hole of its colour. Click one to take it off.")

    def tools(self) -> list[dict[str, Any]]:
        pegs = [{"id": peg, "kind": "marker", "label": tr(PEG_LABEL[peg]),
                 "colour": PAINT[colour], "colourName": ptr("colour", colour),
                 "orientations": ["0"],
                 "rotate": {"0": "0"}, "flip": {"0": "0"}, "limit": PEG_LIMIT[peg]}
                for peg, colour in PEG_COLOUR.items()]
        return pegs + super().tools()

    def draft(self, draft: str) -> str:
        setup = self.game.setup(draft)
        if len(setup.fixed) > 1:
            raise ChallengeError(tr("an IQ-Twist challenge has at most one piece, this one has "
                                    "%(n)s", n=len(setup.fixed)))
        return setup.text

    def edit(self, draft: str, tool: str | None, orientation: str | None,
             location: str) -> str:
        game = self.game
        setup = game.setup(self.draft(draft))
        index = location_index(game.check_location(location))
        pieces = list(setup.fixed)
        pegs = list(pegs_of(setup))
        peg_here = next((peg for peg in pegs if peg.index == index), None)
        if tool is None or tool == "":
            covering = next((p for p in pieces if p.cells >> index & 1), None)
            if covering:
                pieces.remove(covering)
            elif peg_here:
                pegs.remove(peg_here)
            else:
                raise ChallengeError(tr("there is nothing to take off at %(where)s",
                                        where=location))
            return self.notation.write_items(pieces, tuple(sorted(pegs)))
        tool, orientation = self.check_tool(tool, orientation)
        if tool in PEG_COLOUR:
            if peg_here:
                pegs.remove(peg_here)
                if peg_here.peg == tool:
                    return self.notation.write_items(pieces, tuple(sorted(pegs)))  # a toggle
            if sum(peg.peg == tool for peg in pegs) >= PEG_LIMIT[tool]:
                colour = ptr("colour", PEG_COLOUR[tool])
                raise IllegalPlacementError(
                    tr("IQ-Twist has only one %(colour)s peg: take it off first",
                       colour=colour) if PEG_LIMIT[tool] == 1 else
                    tr("IQ-Twist has only two %(colour)s pegs: take one off first",
                       colour=colour))
            pegs.append(Peg(tool, index // WIDTH, index % WIDTH))
        else:
            piece = tool
            placed = self.drawing.held(piece, orientation, location)
            pieces = [p for p in pieces if p.piece != piece]  # on the board already: it moves
            if pieces:
                raise IllegalPlacementError(tr("a challenge has at most one piece: take "
                                               "%(name)s off first",
                                               name=VOCABULARY.piece_name(pieces[0].piece)))
            if not placed.fits():
                raise IllegalPlacementError.of(off_board(game, piece))
            pieces = [placed]
        new = board_checked(self.notation.board_of(tuple(sorted(pegs))), game.rules.breaks_board)
        for piece_placed in pieces:
            why = game.rules.breaks(new, (), piece_placed)
            if why:
                raise IllegalPlacementError.of(why)
        return self.notation.write_items(pieces, pegs_of(new))

    def view(self, draft: str) -> dict[str, Any]:
        position = self.game.position(self.draft(draft))
        shapes = self.game.drawing.board(position)
        for shape in shapes:
            if shape.get("role") == "fixed":
                shape["role"] = "piece"
        return {**self.game.page.view_of(position, all_removable=True), "shapes": shapes,
                "draft": draft, "solved": False}

    def preview(self, draft: str, tool: str, orientation: str, location: str) -> Preview:
        game = self.game
        index = location_index(game.check_location(location))
        x, y = index % WIDTH, index // WIDTH
        tool, orientation = self.check_tool(tool, orientation)
        if tool in PEG_COLOUR:
            ghost = self.drawing.peg_shapes(tool, x + 0.5, y + 0.5, layer=10, role="ghost")
            item: str | None = Peg(tool, y, x).encode()
        else:
            placed = self.drawing.held(tool, orientation, location)
            ghost = self.drawing.piece_shapes(placed, placed.column, placed.row, layer=10,
                                              role="ghost")
            item = str(placed) if placed.fits() else None
        try:
            self.edit(draft, tool, orientation, location)
        except PuzzleError as error:
            return Preview(item, refusal(error), ghost)
        return Preview(item, None, ghost)

    def tool_view(self, tool: str, orientation: str) -> PieceView:
        tool, orientation = self.check_tool(tool, orientation)
        if tool in PEG_COLOUR:
            return {"viewBox": [0, 0, 1, 1],
                    "shapes": self.drawing.peg_shapes(tool, 0.5, 0.5, r=0.3, layer=0,
                                                       role="tray")}
        return self.game.page.piece_view(tool, orientation)
