"""The checks of what a caller hands the public faces (a game, its positions, its string
contract, its page, its editor, the JSON API's ops, the command line), each written once
here and called where an argument enters, by what the face declares it takes: text, a
whole number, a limit, true or false. Anything wrong is a PuzzleError in words, quoting
at most 80 characters of what came (core/errors.quote). The parts inside a game trust
their callers.

The game's words (a piece, an orientation of it, a location) and objects (its positions
and placements, not another game's) are checked by the game itself (Game.check_piece,
check_orientation, check_location, own_placement, own_position).
"""

from __future__ import annotations

from typing import TypeGuard

from .errors import PuzzleError, quote
from .i18n import tr

MAX_DIGITS = 100  # a whole number a game takes (a seed, a limit, a level) is never longer


def is_text(value: object) -> TypeGuard[str]:
    """Whether `value` is text that UTF-8 writes: a str without a lone surrogate (what
    undecodable bytes in argv become, and what JSON's \\ud800 escapes make)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def text(value: object, what: str, error: type[PuzzleError] = PuzzleError) -> str:
    """`value` if it is text (UTF-8: no lone surrogate), else `error` saying what it
    should have been."""
    if not isinstance(value, str):
        raise error(tr("%(what)s must be text, not %(value)s", what=what, value=quote(value)))
    if not is_text(value):
        raise error(tr("%(what)s must be UTF-8 text (it holds a lone surrogate)", what=what))
    return value


def is_number(value: object) -> TypeGuard[int]:
    """Whether `value` is an int, not a bool (True is 1 to Python, but no caller means it
    as a number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def is_whole(value: object, low: int | None = None,
             high: int | None = None) -> TypeGuard[int]:
    """Whether `value` is a whole number (an int, not a bool) from `low` to `high`, of at
    most MAX_DIGITS digits."""
    return is_number(value) \
        and value.bit_length() <= MAX_DIGITS * 3.33 \
        and (low is None or value >= low) and (high is None or value <= high)


def whole(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """`value` if it is a whole number from `low` to `high` (and of at most MAX_DIGITS
    digits), else a PuzzleError that says so."""
    if not is_whole(value, low, high):
        said = {"what": what, "low": low, "high": high, "value": quote(value)}
        raise PuzzleError(
            tr("%(what)s is a whole number from %(low)s to %(high)s, not %(value)s", **said)
            if low is not None and high is not None else
            tr("%(what)s is a whole number of at least %(low)s, not %(value)s", **said)
            if low is not None else
            tr("%(what)s is a whole number of at most %(high)s, not %(value)s", **said)
            if high is not None else
            tr("%(what)s is a whole number of at most %(digits)s digits, not %(value)s",
               digits=MAX_DIGITS, **said))
    return value


def digits(value: str, signed: bool = False) -> int | None:
    """The whole number `value` writes in ASCII digits (at most MAX_DIGITS of them, after
    a minus sign if `signed`), or None if it writes none."""
    negative = signed and value.startswith("-")
    body = value[1:] if negative else value
    if not (0 < len(body) <= MAX_DIGITS and body.isascii() and body.isdigit()):
        return None
    return -int(body) if negative else int(body)


def limit(value: object) -> int | None:
    """A solution limit: None (no limit) or a whole number >= 0."""
    return None if value is None else whole(value, tr("a limit"), 0)


def flag(value: object, what: str) -> bool:
    """`value` if it is True or False."""
    if not isinstance(value, bool):
        raise PuzzleError(tr("%(what)s is True or False, not %(value)s", what=what,
                             value=quote(value)))
    return value
