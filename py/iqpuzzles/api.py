"""The JSON-in/JSON-out face the browser worker calls: `handle(request) -> reply`.

A request is `{"id": n, "op": "<op>", ...arguments}`; the reply is
`{"id": n, "ok": true, "result": ...}` or
`{"id": n, "ok": false, "error": {"type": "PlacementError", "message": "..."}}`.
handle() never raises and always answers strict JSON (no NaN or Infinity): a bad
request is an answer, not a crash, so the page can show the message and play on.
The ops and the arguments each takes are declared in ops.py.

The arguments are checked against their op's spec before it runs: text must be text
(UTF-8, at most MAX_TEXT characters), a limit a whole number from 1 to the op's cap in
LIMITS, a seed a whole number or a short text; a missing, unknown or mistyped argument
is a RequestError (a PuzzleError) that names it. The id comes back as sent when it is a
whole number, a string or null; otherwise as null. A bug (any other exception) still
becomes a reply, of type "InternalError", so that the worker lives on; it is also
printed to stderr (the worker's console). A data file the site serves and the page has
not fetched yet is a reply of type "DataNotHere" with its `path` (core/data.py): the
worker fetches it and sends the request again; one fetched that cannot be read, of type
"DataNotWhole" with its `path`: the worker forgets it, and the page says it could not
be downloaded.
"""

from __future__ import annotations

import json
import sys
import traceback
from typing import Any

from .core import checks
from .core.checks import MAX_DIGITS
from .core.data import DataNotHere, DataNotWhole
from .core.errors import PuzzleError, quote
from .ops import LIMITS, MAX_SEED_TEXT, OPS, Op, RequestError

__all__ = ["LIMITS", "OPS", "RequestError", "call", "check_arguments", "handle"]


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
        if not checks.is_text(value):
            return "text holding a lone surrogate (not UTF-8)"
        return f"text of {len(value)} characters" if len(value) > MAX_SEED_TEXT else "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def check_arguments(name: str, spec: Op, arguments: dict[str, Any]) -> None:
    """RequestError naming the first wrong argument: missing, unknown or mistyped."""
    expected = spec.arguments
    unknown = [key for key in arguments if key not in expected]
    if unknown:
        takes = f"its arguments: {', '.join(expected)}" if expected else "it takes none"
        raise RequestError(f"op {quote(name)} has no argument {quote(unknown[0])} ({takes})")
    missing = [key for key, arg in expected.items()
               if not arg.optional and key not in arguments]
    if missing:
        raise RequestError(f"op {quote(name)} is missing arguments: {', '.join(missing)}")
    for key, value in arguments.items():
        kind = expected[key].kind
        if not kind.accepts(value):
            raise RequestError(f"argument {quote(key)} of op {quote(name)} must be "
                               f"{kind.words}, not {_describe(value)}")


def _request_id(request: object) -> int | str | None:
    """The id to answer with: as sent if a whole number, a string or null."""
    if not isinstance(request, dict):
        return None
    request_id = request.get("id")
    return request_id if checks.is_number(request_id) or isinstance(request_id, str) else None


def call(request: dict[str, Any]) -> dict[str, Any]:
    """Answer one request given as a dict (what handle() does after json.loads)."""
    request_id = _request_id(request)
    name: object = None
    try:
        if not isinstance(request, dict):
            raise RequestError("a request is a JSON object")
        name = request.get("op")
        spec = OPS.get(name) if isinstance(name, str) else None
        if name is None:
            raise RequestError("the request has no op")
        if spec is None:
            raise RequestError(f"unknown op {quote(name)}")
        arguments = {k: v for k, v in request.items() if k not in ("id", "op")}
        check_arguments(name, spec, arguments)
        function, taken = spec.function(name, arguments)
        return {"id": request_id, "ok": True, "result": function(**taken)}
    except PuzzleError as error:
        return _error(request_id, error)
    except (DataNotHere, DataNotWhole) as error:  # the page fetches the file (again)
        return {"id": request_id, "ok": False, "error": {
            "type": type(error).__name__, "message": str(error), "path": error.path}}
    except Exception as error:  # a bug: report it readably, keep the worker alive
        return _internal_error(request_id, error, name)


def _error(request_id: int | str | None, error: Exception) -> dict[str, Any]:
    return {"id": request_id, "ok": False,
            "error": {"type": type(error).__name__, "message": str(error) or repr(error)}}


def _internal_error(request_id: int | str | None, error: BaseException,
                    op_name: object = None) -> dict[str, Any]:
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


def _dumps(reply: dict[str, Any]) -> str:
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
