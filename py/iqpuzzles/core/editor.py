"""The challenge editor, for every game: a draft is a challenge string being made.

The defaults suit games whose challenges are starting pieces (the draft is then the
placement string of those pieces on the empty board); games whose challenges hold other
things (IQ-Twist's pegs, IQ-Focus's colours) override the Game methods that call these
and add their markers as tools.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import ChallengeError, IllegalPlacementError, PuzzleError, Refusal
from .position import Position

if TYPE_CHECKING:
    from .game import Game, Preview

VERDICT_MOST = 1000  # the most solutions a verdict counts (a player waits for it)


def empty(game: Game) -> str:
    return game.empty_challenge()


def info(game: Game) -> dict[str, Any]:
    """The editor's tray (the pieces, then the game's markers), the empty draft, help."""
    from .game import VERDICT_LIMIT

    tools = [{**piece, "kind": "piece"} for piece in game.info()["pieces"]]
    return {"tools": tools, "empty": game.editor_empty(), "limit": VERDICT_LIMIT,
            "help": "Put pieces on the board: the solver counts the ways to finish. "
                    "Click a piece on the board to take it off."}


def draft(game: Game, text: str) -> str:
    """The draft checked (ChallengeError if it is no challenge of this game)."""
    game.setup(text)
    return text


def board(game: Game, text: str) -> Position:
    """The draft's pieces on the empty board (each of them removable)."""
    setup = game.setup(game.editor_draft(text))
    return game.play_all(game.setup(game.editor_empty()), setup.fixed)


def edit(game: Game, text: str, tool: str | None, orientation: str | None,
         location: str) -> str:
    """The draft after using `tool` at `location` (a piece is held by its grip, as in
    play); no tool takes off what is at `location`."""
    position = board(game, text)
    location = game.check_location(location)
    if not tool:
        piece = game.pieces_at(position, all_removable=True).get(location)
        if piece is None:
            raise ChallengeError(f"there is nothing to take off at {location}")
        return str(position.remove(piece))
    piece = game.check_piece(tool)
    held, _ = game.hold(piece, game.check_orientation(piece, orientation), location)
    if held is None:
        raise IllegalPlacementError("the piece hangs off the board")
    return str(position.play(held))


def view(game: Game, text: str) -> dict[str, Any]:
    """The draft drawn (every piece on it removable): view() plus the draft."""
    position = board(game, text)
    return {**game.view_of(position, all_removable=True), "draft": text, "solved": False}


def preview(game: Game, text: str, tool: str, orientation: str, location: str) -> Preview:
    """The tool held over `location`: what edit() would do, and the ghost."""
    position = board(game, text)
    return game.preview(position.challenge, str(position), tool, orientation, location)


def refusal(error: PuzzleError) -> Refusal:
    """An editor action's error as a refusal (its words are already a player's)."""
    if isinstance(error, IllegalPlacementError) and error.refusal:
        return error.refusal
    text = getattr(error, "reason", None) or str(error)
    sentence = text[:1].upper() + text[1:]
    return Refusal("editor", text, sentence if sentence.endswith(".") else sentence + ".")


def verdict(game: Game, text: str, limit: int) -> dict[str, Any]:
    """How many solutions the draft has, up to `limit`: {count, capped, message,
    playable}. A draft that is not a challenge is an answer too (count 0)."""
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise PuzzleError(f"a limit is a whole number, not {limit!r}"[:80])
    limit = max(2, min(limit, VERDICT_MOST))
    try:
        text = game.editor_draft(text)
    except PuzzleError as error:
        return {"count": 0, "capped": False, "playable": False, "draft": text,
                "message": f"This is not a challenge: {str(error).rstrip('.')}."}
    count = game.count_solutions(text, limit)
    capped = count >= limit
    waiting = game.editor_ready(text) if count == 1 else None
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
            "message": message, "draft": text}
