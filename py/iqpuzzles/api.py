"""The JSON-in/JSON-out face the browser worker calls: `handle(request) -> reply`.

A request is `{"id": n, "op": "<op>", ...arguments}`; the reply is
`{"id": n, "ok": true, "result": ...}` or
`{"id": n, "ok": false, "error": {"type": "PlacementError", "message": "..."}}`.
handle() never raises: a bad request is an answer, not a crash, so the page can
show the message and play on. Every op takes `game`; positions are strings in the
game's own notation, so the page holds no rules.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from . import __version__, available_games, game
from .core.errors import PuzzleError

OPS: dict[str, Callable[..., object]] = {}


def op(function: Callable[..., object]) -> Callable[..., object]:
    OPS[function.__name__.removeprefix("op_")] = function
    return function


@op
def op_ping() -> dict:
    return {"python": sys.version.split()[0], "version": __version__,
            "games": available_games()}


@op
def op_games() -> list[dict]:
    return [{"name": name, "title": game(name).title} for name in available_games()]


@op
def op_info(game: str) -> dict:
    g = _game(game)
    return {**g.info(), "canGenerate": g.can_generate}


@op
def op_challenges(game: str) -> list[dict]:
    return [entry.to_json() for entry in _game(game).challenges]


@op
def op_challenge(game: str, challenge_id: str) -> dict:
    return _game(game).challenge_by_id(challenge_id).to_json()


@op
def op_start(game: str, challenge: str) -> str:
    return _game(game).start_placement(challenge)


@op
def op_view(game: str, challenge: str, placement: str) -> dict:
    return _game(game).view(challenge, placement)


@op
def op_piece(game: str, piece: str, orientation: str) -> dict:
    return _game(game).piece_view(piece, orientation)


@op
def op_preview(game: str, challenge: str, placement: str, piece: str, orientation: str,
               location: str) -> dict:
    return _game(game).preview(challenge, placement, piece, orientation, location).to_json()


@op
def op_play(game: str, challenge: str, placement: str, item: str) -> dict:
    g = _game(game)
    new = g.play(challenge, placement, item)
    return {"placement": new, "solved": g.is_solved(challenge, new)}


@op
def op_remove(game: str, challenge: str, placement: str, piece: str) -> dict:
    return {"placement": _game(game).remove(challenge, placement, piece)}


@op
def op_hint(game: str, challenge: str, placement: str) -> dict:
    return _game(game).hint(challenge, placement).to_json()


@op
def op_solve(game: str, challenge: str, limit: int = 1) -> list[str]:
    return list(_game(game).solutions(challenge, limit))


@op
def op_count(game: str, challenge: str, limit: int = 2) -> int:
    return _game(game).count_solutions(challenge, limit)


@op
def op_check(game: str, placement: str) -> str:
    return _game(game).check(placement)


@op
def op_generate(game: str, level: str, seed: int | str) -> str:
    return _game(game).generate(level, seed)


@op
def op_editor_info(game: str) -> dict:
    return _game(game).editor_info()


@op
def op_editor_view(game: str, draft: str) -> dict:
    return _game(game).editor_view(draft)


@op
def op_edit(game: str, draft: str, tool: str | None, orientation: str | None,
            location: str) -> dict:
    """One editor action; the new draft and its drawing."""
    g = _game(game)
    new = g.edit(draft, tool, orientation, location)
    return {"draft": new, "view": g.editor_view(new)}


@op
def op_editor_preview(game: str, draft: str, tool: str, orientation: str,
                      location: str) -> dict:
    return _game(game).editor_preview(draft, tool, orientation, location).to_json()


@op
def op_tool(game: str, tool: str, orientation: str) -> dict:
    return _game(game).tool_view(tool, orientation)


@op
def op_verdict(game: str, draft: str, limit: int = 20) -> dict:
    return _game(game).verdict(draft, limit)


def _game(name: str):
    return game(name)


def call(request: dict) -> dict:
    """Answer one request given as a dict (what handle() does after json.loads)."""
    request_id = request.get("id") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict):
            raise PuzzleError("a request is a JSON object")
        name = request.get("op")
        function = OPS.get(name) if isinstance(name, str) else None
        if function is None:
            raise PuzzleError(f"unknown op {name!r}")
        arguments = {k: v for k, v in request.items() if k not in ("id", "op")}
        try:
            result = function(**arguments)
        except TypeError as error:
            if "argument" in str(error) and error.__traceback__.tb_next is None:
                raise PuzzleError(f"bad arguments for {name!r}: {error}") from None
            raise
        return {"id": request_id, "ok": True, "result": result}
    except PuzzleError as error:
        return _error(request_id, error)
    except Exception as error:  # a bug: report it readably, keep the worker alive
        return _error(request_id, error)


def _error(request_id, error: Exception) -> dict:
    return {"id": request_id, "ok": False,
            "error": {"type": type(error).__name__, "message": str(error) or repr(error)}}


def handle(request: str) -> str:
    """JSON text in, JSON text out; never raises."""
    try:
        decoded = json.loads(request)
    except (TypeError, ValueError) as error:
        return json.dumps(_error(None, PuzzleError(f"the request is not JSON: {error}")))
    return json.dumps(call(decoded))
