"""The JSON-in/JSON-out face the browser worker calls: `handle(request) -> reply`.

A request is `{"id": n, "op": "<op>", ...arguments}`; the reply is
`{"id": n, "ok": true, "result": ...}` or
`{"id": n, "ok": false, "error": {"type": "PlacementError", "message": "..."}}`.
handle() never raises and always answers strict JSON (no NaN or Infinity): a bad
request is an answer, not a crash, so the page can show the message and play on.
Every op takes `game`; positions are strings in the game's own notation, so the
page holds no rules.

The arguments are checked against each op's annotations before it runs: text must
be text (UTF-8, at most MAX_TEXT characters), a limit a whole number from 1 to the
op's cap in LIMITS, a seed a whole number or a short text; a missing, unknown or
mistyped argument is a RequestError (a PuzzleError) that names it. The id comes
back as sent when it is a whole number, a string or null; otherwise as null. A bug
(any other exception) still becomes a reply, of type "InternalError", so that the
worker lives on; it is also printed to stderr (the worker's console). A data file the
site serves and the page has not fetched yet is a reply of type "DataNotHere" with its
`path` (core/data.py): the worker fetches it and sends the request again.
"""

from __future__ import annotations

import inspect
import json
import sys
import traceback
import types
import typing
from collections.abc import Callable

from . import __version__, available_games, game
from .core.data import DataNotHere
from .core.editor import refusal
from .core.errors import ChallengeError, IllegalPlacementError, PuzzleError, quote
from .core.pictures import picture
from .core.types import HintKind

# The largest `limit` each op accepts: more would keep a player waiting. Measured on
# CPython on a busy 2-core machine (Pyodide is slower), the worst board is IQ-Link's
# empty one: 20 solutions take 3.4 s, 100 take 14 s, 1000 take 30 s.
LIMITS = {"solutions": 100, "count": 100, "verdict": 100}
MAX_TEXT = 1000  # characters in a text argument (a whole placement is under 100)
MAX_SEED_TEXT = 64  # characters in a seed given as text
MAX_SEED = 10**15 - 1  # a seed given as a number (a JavaScript number holds it exactly)
MAX_DIGITS = 100  # digits of any number in a request (core.checks.MAX_DIGITS)
MAX_LIST = 500  # texts in a list argument (the picker's solved challenges of a game)


class RequestError(PuzzleError):
    """A request the API cannot run: not an object, an unknown op, or an argument that
    is missing, unknown or of the wrong kind."""


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
    return {**g.page.info(), "canGenerate": g.can_generate}


@op
def op_challenges(game: str) -> list[dict]:
    return [entry.to_json() for entry in _game(game).challenges]


@op
def op_challenge(game: str, challenge_id: str) -> dict:
    return _game(game).challenge_by_id(challenge_id).to_json()


@op
def op_start(game: str, challenge: str) -> str:
    return _game(game).strings.start_placement(challenge)


@op
def op_view(game: str, challenge: str, placement: str, solvable: bool = False) -> dict:
    """The position drawn; with `solvable`, also whether it can still be completed."""
    g = _game(game)
    position = g.position(challenge, placement)
    view = dict(g.page.view_of(position))
    if solvable:
        view["solvable"] = position.is_solvable
    return view


@op
def op_pictures(game: str, challenges: list[str], placements: list[str]) -> list:
    """Small pictures of positions (core/pictures.py), for the picker: the position of each
    challenge with the placement at the same index, drawn as a picture (its shapes), or
    None for one that is not a position of its challenge (it is drawn from its start)."""
    g = _game(game)
    if len(challenges) != len(placements):
        raise RequestError("op 'pictures' takes as many placements as challenges")
    drawn: list = []
    for challenge, placement in zip(challenges, placements, strict=True):
        try:
            drawn.append(picture(g, g.position(challenge, placement)))
        except PuzzleError:
            drawn.append(None)
    return drawn


@op
def op_explain(game: str, challenge: str, placement: str) -> dict:
    """The game's explanation of the position drawn over the board ({message, shapes}),
    for games whose info offers one (`explain`); others answer no shapes."""
    g = _game(game)
    return g.page.explain(g.position(challenge, placement))


@op
def op_drawing(game: str, challenge: str, placement: str, key: bool = False) -> str:
    """The position as the command line's `show` draws it: plain text, for the clipboard;
    with `key`, what its symbols mean, the challenge's wishes and the pieces' colours too
    (Page.text)."""
    g = _game(game)
    position = g.position(challenge, placement)
    return g.page.text(position) if key else g.drawing.text(position)


@op
def op_piece(game: str, piece: str, orientation: str) -> dict:
    return _game(game).page.piece_view(piece, orientation)


@op
def op_preview(game: str, challenge: str, placement: str, piece: str, orientation: str,
               location: str) -> dict:
    return _game(game).page.preview(challenge, placement, piece, orientation, location).to_json()


@op
def op_play(game: str, challenge: str, placement: str, item: str) -> dict:
    g = _game(game)
    new = g.strings.play(challenge, placement, item)
    return {"placement": new, "solved": g.strings.is_solved(challenge, new)}


@op
def op_remove(game: str, challenge: str, placement: str, piece: str) -> dict:
    return {"placement": _game(game).strings.remove(challenge, placement, piece)}


@op
def op_move(game: str, challenge: str, placement: str, item: str | None = None,
            remove: str | None = None, solvable: bool = False, piece: str | None = None,
            orientation: str | None = None, location: str | None = None) -> dict:
    """One player action: play `item`, or the piece held (`piece` in `orientation` by its
    grip on `location`: what a click, a tap or Enter asks), or take back the piece
    `remove`. The answer is the new position and its view, or, if the rules refuse it,
    the same position and why (`refused`). With `solvable`, it also says whether the new
    position can still be completed (the page's "say when stuck" setting); with
    `remove`, `orientation` and `location`, the ghost of the piece taken back, held there.
    One call per action."""
    g = _game(game)
    position = g.position(challenge, placement)
    held = piece is not None and orientation is not None and location is not None
    if sum((item is not None, remove is not None, held)) != 1:
        raise RequestError("op 'move' takes one of: item; remove; piece, orientation and "
                           "location")
    refused = None
    if remove is not None:
        position = position.remove(remove)
    else:
        if held:
            preview = g.page.preview(challenge, placement, piece, orientation, location)
            refusal, item = preview.refusal, preview.placement
        else:
            assert item is not None
            refusal = g.page.refusal_of(position, g.notation.read_item(item))
        if refusal is None and item is not None:
            position = position.play(item)
        elif refusal is not None:
            refused = refusal.to_json()
    answer = {"placement": str(position), "view": g.page.view_of(position),
              "solved": position.is_solved, "refused": refused,
              "item": None if remove is not None or refused else item}
    if remove is not None and orientation is not None and location is not None:
        # the piece is back in the player's hand, under the pointer: its ghost there
        answer["ghost"] = g.page.preview(challenge, str(position), remove, orientation,
                                         location).to_json()
    if solvable:
        answer["solvable"] = position.is_solvable
    return answer


@op
def op_hint(game: str, challenge: str, placement: str, level: int = 3) -> dict:
    """The hint on rung `level` (1 which piece and why, 2 where, 3 the placement). A
    placement hint on rung 3 also carries `after`: the position once it is played, as
    `move` answers it, so that a page that plays the hint needs no second call."""
    g = _game(game)
    position = g.position(challenge, placement)
    hint = position.hint(level)
    answer = hint.to_json()
    if hint.kind is HintKind.PLACE and hint.placement is not None:
        after = position.play(hint.placement)
        answer["after"] = {"placement": str(after), "view": g.page.view_of(after),
                           "solved": after.is_solved, "refused": None}
    return answer


@op
def op_solvable(game: str, challenge: str, placement: str) -> dict:
    """Whether the position can still be completed, and nothing more."""
    return {"solvable": _game(game).position(challenge, placement).is_solvable}


@op
def op_solve(game: str, challenge: str, placement: str) -> dict:
    """Every step from the position to a solution (pieces taken back, then played), each
    with the placement and view after it, for the page to animate."""
    g = _game(game)
    steps = g.position(challenge, placement).path_to_solution()
    return {"steps": [{"action": action, "piece": placement_.piece, "item": str(placement_),
                       "placement": str(after), "view": g.page.view_of(after)}
                      for action, placement_, after in steps],
            "solved": True}


@op
def op_solutions(game: str, challenge: str, limit: int = 1) -> list[str]:
    return list(_game(game).strings.solutions(challenge, limit))


@op
def op_count(game: str, challenge: str, limit: int = 2) -> int:
    return _game(game).strings.count_solutions(challenge, limit)


@op
def op_check(game: str, placement: str) -> str:
    return _game(game).strings.check(placement)


@op
def op_generate(game: str, level: str, seed: int | str) -> str:
    from .generate import generate  # imported when first asked: start-up costs nothing

    return generate(_game(game), level, seed)


@op
def op_new_challenge(game: str, level: str, start: int, step: int) -> dict:
    """The next new challenge of a player's walk through a level's pool: the one at place
    `start` + `step` (generate.py), with the pool's size (`pool`), the seed that makes it
    again (`seed`: for the address) and, when the walk has just used the pool up, a
    sentence that says so (`note`, else "")."""
    from .generate import generate, level_name, pool_sizes

    g = _game(game)
    level = level_name(level)
    if step < 0:
        raise RequestError(f"a step of a walk is a whole number of at least 0, not {step}")
    seed = start + step
    challenge = generate(g, level, seed)
    size = pool_sizes(g)[level]
    note = ""
    if step and step % size == 0:
        note = (f"You have had all {size:,} new {level} challenges {g.title} can make, so "
                "they come round again, in the same order.")
    return {"challenge": challenge, "level": level, "seed": seed, "pool": size,
            "round": step // size + 1, "note": note}


@op
def op_daily(game: str, date: str) -> dict:
    """The game's daily challenge for a date (YYYY-MM-DD): {date, level, challenge, name}."""
    from .daily import daily  # imported when first asked: the generator costs start-up time

    return daily(_game(game), date)


@op
def op_editor_info(game: str) -> dict:
    return _game(game).editor.info()


@op
def op_editor_view(game: str, draft: str, verdict: bool = False) -> dict:
    """The draft drawn; with `verdict`, how many solutions it has too (one call for Undo,
    Redo and Clear)."""
    editor = _game(game).editor
    view = editor.view(draft)
    return {**view, "verdict": editor.verdict(draft)} if verdict else view


@op
def op_edit(game: str, draft: str, tool: str | None, orientation: str | None,
            location: str) -> dict:
    """One editor action (put the tool at the location, or with no tool take off what is
    there): the new draft, its drawing and its verdict; or, if it cannot be done, the
    same draft and why (`refused`, in a player's words). One call per action."""
    editor = _game(game).editor
    try:
        new = editor.edit(draft, tool, orientation, location)
    except (IllegalPlacementError, ChallengeError) as error:
        return {"draft": draft, "view": None, "verdict": None,
                "refused": refusal(error).to_json()}
    return {"draft": new, "view": editor.view(new), "verdict": editor.verdict(new),
            "refused": None}


@op
def op_editor_preview(game: str, draft: str, tool: str, orientation: str,
                      location: str) -> dict:
    return _game(game).editor.preview(draft, tool, orientation, location).to_json()


@op
def op_tool(game: str, tool: str, orientation: str) -> dict:
    return _game(game).editor.tool_view(tool, orientation)


@op
def op_verdict(game: str, draft: str, limit: int = 20) -> dict:
    return _game(game).editor.verdict(draft, limit)


def _game(name: str):
    return game(name)


def _describe(value: object) -> str:
    """A JSON value in words, for a message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {value}" if abs(value) < 10**30 else \
            f"a whole number of {len(str(abs(value))):,} digits"
    if isinstance(value, LongNumber):
        return f"a whole number of {value.digits:,} digits"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        if not _is_text(value, len(value)):
            return "text holding a lone surrogate (not UTF-8)"
        return f"text of {len(value)} characters" if len(value) > MAX_SEED_TEXT else "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _is_text(value: object, longest: int) -> bool:
    if not isinstance(value, str) or len(value) > longest:
        return False
    try:
        value.encode("utf-8")  # no lone surrogate
    except UnicodeEncodeError:
        return False
    return True


def _accepts(kind: object, op_name: str, name: str, value: object) -> bool:
    """Whether `value` is of the annotated kind (str, int, None or a union of them)."""
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        return any(_accepts(member, op_name, name, value) for member in typing.get_args(kind))
    if kind is type(None):
        return value is None
    if typing.get_origin(kind) is list:
        return isinstance(value, list) and len(value) <= MAX_LIST and \
            all(_accepts(typing.get_args(kind)[0], op_name, name, v) for v in value)
    if kind is bool:
        return isinstance(value, bool)
    if kind is str:
        return _is_text(value, MAX_SEED_TEXT if name == "seed" else MAX_TEXT)
    if kind is int:
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        if name == "limit":
            return 1 <= value <= LIMITS.get(op_name, 1)
        return abs(value) <= MAX_SEED
    return False  # an annotation this check does not know: refuse rather than guess


def _kind_in_words(kind: object, op_name: str, name: str) -> str:
    if isinstance(kind, types.UnionType) or typing.get_origin(kind) is typing.Union:
        return " or ".join(_kind_in_words(member, op_name, name)
                           for member in typing.get_args(kind))
    if kind is type(None):
        return "null"
    if typing.get_origin(kind) is list:
        return f"a list of at most {MAX_LIST} items, each " + \
            _kind_in_words(typing.get_args(kind)[0], op_name, name)
    if kind is bool:
        return "true or false"
    if kind is str:
        longest = MAX_SEED_TEXT if name == "seed" else MAX_TEXT
        return f"text (UTF-8, at most {longest} characters)"
    if kind is int and name == "limit":
        return f"a whole number from 1 to {LIMITS.get(op_name, 1)}"
    if kind is int:
        return f"a whole number of at most {len(str(MAX_SEED))} digits"
    return str(kind)


_SIGNATURES: dict[Callable[..., object], dict[str, tuple[object, bool]]] = {}


def _signature(op_name: str) -> dict[str, tuple[object, bool]]:
    """argument name -> (its annotation, whether it may be left out), in order."""
    function = OPS[op_name]
    if function not in _SIGNATURES:
        hints = typing.get_type_hints(function)
        _SIGNATURES[function] = {
            name: (hints.get(name, object), parameter.default is not inspect.Parameter.empty)
            for name, parameter in inspect.signature(function).parameters.items()}
    return _SIGNATURES[function]


def check_arguments(op_name: str, arguments: dict) -> None:
    """RequestError naming the first wrong argument: missing, unknown or mistyped."""
    expected = _signature(op_name)
    unknown = [name for name in arguments if name not in expected]
    if unknown:
        takes = f"its arguments: {', '.join(expected)}" if expected else "it takes none"
        raise RequestError(f"op {quote(op_name)} has no argument {quote(unknown[0])} ({takes})")
    missing = [name for name, (_, optional) in expected.items()
               if not optional and name not in arguments]
    if missing:
        raise RequestError(f"op {quote(op_name)} is missing arguments: {', '.join(missing)}")
    for name, value in arguments.items():
        kind = expected[name][0]
        if not _accepts(kind, op_name, name, value):
            raise RequestError(f"argument {quote(name)} of op {quote(op_name)} must be "
                               f"{_kind_in_words(kind, op_name, name)}, "
                               f"not {_describe(value)}")


def _request_id(request: object) -> int | str | None:
    """The id to answer with: as sent if a whole number, a string or null."""
    if not isinstance(request, dict):
        return None
    request_id = request.get("id")
    if isinstance(request_id, bool) or not isinstance(request_id, int | str):
        return None
    return request_id


def call(request: dict) -> dict:
    """Answer one request given as a dict (what handle() does after json.loads)."""
    request_id = _request_id(request)
    name: object = None
    try:
        if not isinstance(request, dict):
            raise RequestError("a request is a JSON object")
        name = request.get("op")
        function = OPS.get(name) if isinstance(name, str) else None
        if name is None:
            raise RequestError("the request has no op")
        if function is None:
            raise RequestError(f"unknown op {quote(name)}")
        arguments = {k: v for k, v in request.items() if k not in ("id", "op")}
        check_arguments(name, arguments)
        return {"id": request_id, "ok": True, "result": function(**arguments)}
    except PuzzleError as error:
        return _error(request_id, error)
    except DataNotHere as error:  # the page fetches the file and asks again
        return {"id": request_id, "ok": False, "error": {
            "type": "DataNotHere", "message": str(error), "path": error.path}}
    except Exception as error:  # a bug: report it readably, keep the worker alive
        return _internal_error(request_id, error, name)


def _error(request_id, error: Exception) -> dict:
    return {"id": request_id, "ok": False,
            "error": {"type": type(error).__name__, "message": str(error) or repr(error)}}


def _internal_error(request_id, error: BaseException, op_name: object = None) -> dict:
    """The reply to a bug: type InternalError, a short message; the traceback to stderr."""
    try:
        traceback.print_exception(error, file=sys.stderr)
    except Exception:  # stderr itself may be gone; the reply still goes out
        pass
    where = f"op {quote(op_name)}" if isinstance(op_name, str) and op_name in OPS else "the request"
    return {"id": request_id, "ok": False,
            "error": {"type": "InternalError",
                      "message": f"{where} failed inside Python ({_short(error)})"}}


def _short(error: BaseException) -> str:
    detail = str(error)
    detail = detail if len(detail) <= 200 else detail[:200] + "..."
    return type(error).__name__ + (f": {detail}" if detail else "")


def _no_constants(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


class LongNumber:
    """A whole number of the request longer than any the API takes, kept unread (Python
    reads at most 4,300 digits, and then speaks of its own settings): the argument
    checks refuse it by its size, and the rest of the request (its id) still counts."""

    def __init__(self, digits: int):
        self.digits = digits


def _json_int(text: str) -> int | LongNumber:
    digits = len(text.lstrip("-"))
    return LongNumber(digits) if digits > MAX_DIGITS else int(text)


def _dumps(reply: dict) -> str:
    """Strict JSON (never NaN or Infinity); an answer that cannot be written is an error."""
    try:
        return json.dumps(reply, allow_nan=False)
    except (ValueError, TypeError, RecursionError) as error:
        fallback = _internal_error(reply.get("id"), error)
        fallback["error"]["message"] = f"the answer cannot be written as JSON ({_short(error)})"
        return json.dumps(fallback, allow_nan=False)


def handle(request: str) -> str:
    """JSON text in, strict JSON text out; never raises."""
    try:
        decoded = json.loads(request, parse_constant=_no_constants, parse_int=_json_int)
    except RecursionError:
        return _dumps(_error(None, RequestError("the request is not JSON: nested too deeply")))
    except (TypeError, ValueError) as error:
        return _dumps(_error(None, RequestError(f"the request is not JSON: "
                                                f"{quote(str(error), 120)[1:-1]}")))
    except Exception as error:
        return _dumps(_internal_error(None, error))
    return _dumps(call(decoded))
