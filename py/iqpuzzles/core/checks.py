"""The checks of what a caller hands the public faces (a game, its positions, its string
contract, its page, its editor), each called where an argument enters, by what the face
declares it takes: text, a whole number, a limit, true or false. Anything wrong is a
PuzzleError in words, quoting at most 80 characters of what came (core/errors.quote). The
parts inside a game trust their callers.

The game's words (a piece, an orientation of it, a location) and objects (its positions
and placements, not another game's) are checked by the game itself (Game.check_piece,
check_orientation, check_location, own_placement, own_position).
"""

from __future__ import annotations

from .errors import PuzzleError, quote

MAX_DIGITS = 100  # a whole number a game takes (a seed, a limit, a level) is never longer


def text(value: object, what: str, error: type[PuzzleError] = PuzzleError) -> str:
    """`value` if it is text (UTF-8: no lone surrogate), else `error` saying what it
    should have been."""
    if not isinstance(value, str):
        raise error(f"{what} must be text, not {quote(value)}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise error(f"{what} must be UTF-8 text (it holds a lone surrogate)") from None
    return value


def whole(value: object, what: str, low: int | None = None, high: int | None = None) -> int:
    """`value` if it is a whole number from `low` to `high` (and of at most MAX_DIGITS
    digits), else a PuzzleError that says so."""
    if isinstance(value, bool) or not isinstance(value, int) \
            or value.bit_length() > MAX_DIGITS * 3.33 \
            or (low is not None and value < low) or (high is not None and value > high):
        bounds = (f" from {low} to {high}" if low is not None and high is not None
                  else f" of at least {low}" if low is not None
                  else f" of at most {high}" if high is not None
                  else f" of at most {MAX_DIGITS} digits")
        raise PuzzleError(f"{what} is a whole number{bounds}, not {quote(value)}")
    return value


def limit(value: object) -> int | None:
    """A solution limit: None (no limit) or a whole number >= 0."""
    return None if value is None else whole(value, "a limit", 0)


def flag(value: object, what: str) -> bool:
    """`value` if it is True or False."""
    if not isinstance(value, bool):
        raise PuzzleError(f"{what} is True or False, not {quote(value)}")
    return value
