"""The challenge editor, one part of every game: a draft is a challenge string being made.

`Editor` is the editor of games whose challenges are starting pieces (the draft is the
placement string of those pieces on the empty board, every piece removable). Games whose
challenges hold other things (IQ-Twist's pegs, IQ-Focus's colours) subclass it, add their
markers as tools and say what a tool does; `Game` hands every editor call to its part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import checks
from .errors import (
    ChallengeError,
    IllegalPlacementError,
    PlacementError,
    PuzzleError,
    Refusal,
    quote,
)
from .i18n import mark, ntr, tr
from .position import Position
from .types import PieceView, Preview

if TYPE_CHECKING:
    from .game import Game

VERDICT_LIMIT = 20  # the editor counts solutions up to this many ("at least 20")
VERDICT_MOST = 1000  # the most solutions a verdict counts (a player waits for it)


class Editor:
    """The editor of a game whose challenges are starting pieces. Its public methods are a
    face: they check what they are given (core/checks.py)."""

    help = mark("Put pieces on the board: the solver counts the ways to finish. Click a piece "
                "on the board to take it off.")  # said in the language spoken (info)

    def __init__(self, game: Game[Any]):
        self.game = game

    def empty(self) -> str:
        """The empty draft: the challenge with nothing on the board."""
        return self.game.empty_challenge()

    def tools(self) -> list[dict[str, Any]]:
        """What the editor's tray offers: the pieces (subclasses add their markers)."""
        return [{**piece, "kind": "piece"} for piece in self.game.page.info()["pieces"]]

    def info(self) -> dict[str, Any]:
        """The tray's tools with how they turn, the empty draft, the verdict's count limit
        and a help line."""
        return {"tools": self.tools(), "empty": self.empty(), "limit": VERDICT_LIMIT,
                "help": tr(self.help)}

    def draft(self, draft: str) -> str:
        """The draft checked (ChallengeError if it is no challenge of this game)."""
        return self.game.setup(draft).text

    def check_tool(self, tool: object, orientation: object) -> tuple[str, str]:
        """A tool of the tray and one of its orientations; PlacementError if not."""
        tools = {t["id"]: t.get("orientations", []) for t in self.tools()}
        if not isinstance(tool, str) or tool not in tools:
            raise PlacementError(quote(tool), tr("a tool of the %(game)s editor is one of "
                                                 "%(tools)s", game=self.game.title,
                                                 tools=", ".join(tools)))
        if not isinstance(orientation, str) or orientation not in tools[tool]:
            raise PlacementError(quote(orientation), tr(
                "tool %(tool)s has no such orientation; it has %(known)s", tool=tool,
                known=", ".join(tools[tool])))
        return tool, orientation

    def board(self, draft: str) -> Position[Any]:
        """The draft's pieces on the empty board (each of them removable)."""
        game = self.game
        return game.position(self.empty()).play_all(game.setup(self.draft(draft)).fixed)

    def edit(self, draft: str, tool: str | None, orientation: str | None,
             location: str) -> str:
        """The draft after using `tool` at `location` (a piece is held by its grip, as in
        play); no tool takes off what is at `location`."""
        game = self.game
        position = self.board(draft)
        location = game.check_location(location)
        if tool is None or tool == "":
            piece = game.page.pieces_at(position, all_removable=True).get(location)
            if piece is None:
                raise ChallengeError(tr("there is nothing to take off at %(where)s",
                                        where=location))
            return str(position.remove(piece))
        piece, orientation = self.check_tool(tool, orientation)
        held = game.page.hold(position, piece, orientation, location)
        if isinstance(held.after, Refusal):
            raise IllegalPlacementError.of(held.after, None if held.placement is None
                                           else str(held.placement))
        return str(held.after)

    def view(self, draft: str) -> dict[str, Any]:
        """The draft drawn (every piece on it removable): a view plus the draft."""
        position = self.board(draft)
        return {**self.game.page.view_of(position, all_removable=True), "draft": draft,
                "solved": False}

    def preview(self, draft: str, tool: str, orientation: str, location: str) -> Preview:
        """The tool held over `location`: what edit() would do, and the ghost."""
        piece, orientation = self.check_tool(tool, orientation)
        return self.game.page.hold(self.board(draft), piece, orientation, location).preview

    def tool_view(self, tool: str, orientation: str) -> PieceView:
        """A tool alone, for the editor's tray (a piece: its piece view)."""
        return self.game.page.piece_view(*self.check_tool(tool, orientation))

    def verdict(self, draft: str, limit: int = VERDICT_LIMIT) -> dict[str, Any]:
        """How many solutions the draft has, up to `limit`: {count, capped, message,
        playable}. A draft that is not a challenge is an answer too (count 0)."""
        limit = max(2, min(checks.whole(limit, tr("a limit")), VERDICT_MOST))
        text = draft
        try:
            text = self.draft(draft)
        except PuzzleError as error:
            return {"count": 0, "capped": False, "playable": False, "draft": text,
                    "message": tr("This is not a challenge: %(why)s.",
                                  why=str(error).rstrip(".。"))}
        count = self.game.strings.count_solutions(text, limit)
        capped = count >= limit
        if count == 0:
            message = tr("No solution: take something off.")
        elif count == 1:
            message = tr("Exactly one solution: ready to play.")
        elif capped:
            message = ntr("At least %(n)s solution: add more to make it unique.",
                          "At least %(n)s solutions: add more to make it unique.", limit)
        else:
            message = ntr("%(n)s solution: add more to make it unique.",
                          "%(n)s solutions: add more to make it unique.", count)
        return {"count": count, "capped": capped, "playable": count == 1,
                "message": message, "draft": text}


def refusal(error: PuzzleError) -> Refusal:
    """An editor action's error as a refusal (its words are already a player's)."""
    if isinstance(error, IllegalPlacementError) and error.refusal:
        return error.refusal
    text = getattr(error, "reason", None) or str(error)
    sentence = text[:1].upper() + text[1:]
    return Refusal("editor", text, sentence if sentence.endswith(".") else sentence + ".")
