"""What a game's parts accept, checked before they run: one check per kind of input.

A game is reached by scripts through every public method of its parts (the game
object, its drawing, its editor), not only through the string layer, so each of those
methods is `Guarded`: its arguments are checked by their annotations and names before
the body runs, and anything wrong is a PuzzleError in words, quoting at most 80
characters of what came (core/errors.quote):

* text is left to the method: each reads its own with the right error (a placement
  string that is not text is malformed: a PlacementError), or answers (`check`);
* whole numbers (`int`): an int, not a bool, of at most MAX_DIGITS digits;
* the game's own objects (`Placement`, `Setup`, `Position`, sequences of placements):
  of this game, not another's;
* the game's vocabulary, by the parameter's name: a `piece` is one of the game's
  pieces, an `orientation` one of that piece's, a `location` a spot of the board.

The checks are plain functions too, for the string layer and the API.
"""

from __future__ import annotations

import functools
import inspect
import random
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .errors import PuzzleError, quote
from .position import Placement, Position, Setup
from .search import SearchStats

if TYPE_CHECKING:
    from .game import Game

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


# --------------------------------------------------------------------------- the guard

_VOCABULARY = ("piece", "orientation", "location")


class Guarded:
    """Base of a game's parts: every public method a subclass (or this class's direct
    subclasses' bases in core) defines checks its arguments first (see the module's
    docstring). `_guarded_game()` names the game whose objects and words apply."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, member in list(vars(cls).items()):
            static = isinstance(member, staticmethod)
            function = member.__func__ if static else member
            if name.startswith("_") or not inspect.isfunction(function):
                continue
            setattr(cls, name, _guard(function, static))

    def _guarded_game(self) -> Game:
        raise NotImplementedError


def _guard(function: Callable, static: bool = False) -> Callable:
    """`function` (a method, or a static one: a module function a part takes as its
    own) checking its arguments first; the result is a method either way."""
    parameters = list(inspect.signature(function).parameters)
    names = parameters if static else parameters[1:]  # after self
    checks: list | None = None

    @functools.wraps(function)
    def checked(self, *args, **kwargs):
        nonlocal checks
        if checks is None:
            checks = _checks_of(function, names)
        if checks:
            game = self._guarded_game()
            bound = dict(zip(names, args, strict=False))
            bound.update(kwargs)
            for name, check in checks:
                if name in bound:
                    check(game, bound[name], bound)
        return function(*args, **kwargs) if static else function(self, *args, **kwargs)

    if static:  # it is a method now: its signature says so (inspect follows __wrapped__)
        signature = inspect.signature(function)
        self_parameter = inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)
        checked.__signature__ = signature.replace(  # type: ignore[attr-defined]
            parameters=[self_parameter, *signature.parameters.values()])
    return checked


def _checks_of(function: Callable, names: list[str]) -> list:
    """(parameter, check) for each parameter whose annotation or name says what it takes
    (an annotation naming what this module does not know is not checked)."""
    space = {**function.__globals__, "Placement": Placement, "Setup": Setup,
             "Position": Position, "SearchStats": SearchStats, "Random": random.Random}
    found = []
    for name in names:
        annotation = function.__annotations__.get(name)
        if isinstance(annotation, str):
            try:
                annotation = eval(annotation, space)  # noqa: S307 (our own annotations)
            except Exception:
                continue
        if annotation is None:
            continue
        check = _check_for(name, annotation)
        if check is not None:
            found.append((name, check))
    return found


def _options(annotation: object) -> tuple[object, ...]:
    """The members of a union (`X | None` -> X, None), or the annotation alone."""
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return args
    return (annotation,)


def _check_for(name: str, annotation: object) -> Callable | None:
    options = _options(annotation)
    allows_none = type(None) in options
    kinds = [o for o in options if o is not type(None)]
    what = f"the argument {name}"

    def none_ok(value: object) -> bool:
        return value is None and allows_none

    if kinds == [str] and name in _VOCABULARY:
        def vocabulary(game: Game, value: object, bound: dict) -> None:
            if none_ok(value) or (value == "" and allows_none):
                return
            if name == "piece":
                game.check_piece(value)
            elif name == "location":
                game.check_location(value)
            elif "piece" in bound and "tool" not in bound:  # an orientation of that piece
                game.check_orientation(game.check_piece(bound["piece"]), value)
            else:
                text(value, what)
        return vocabulary
    if kinds == [int]:
        return lambda game, value, bound: none_ok(value) or whole(value, what)
    if kinds == [Placement]:
        return lambda game, value, bound: none_ok(value) or own_placement(game, value)
    if kinds == [Setup]:
        return lambda game, value, bound: none_ok(value) or own_setup(game, value)
    if kinds == [Position]:
        return lambda game, value, bound: none_ok(value) or own_position(game, value)
    if len(kinds) == 1 and typing.get_origin(kinds[0]) in (tuple, list, Sequence):
        inner = [a for a in typing.get_args(kinds[0]) if a is not Ellipsis]
        if inner == [Placement]:
            return lambda game, value, bound: none_ok(value) or own_placements(game, value)
    if len(kinds) == 1 and isinstance(kinds[0], type) and (
            kinds[0].__module__.startswith("iqpuzzles") or kinds[0] is random.Random):
        expected = kinds[0]

        def instance(game: Game, value: object, bound: dict) -> None:
            if not (none_ok(value) or isinstance(value, expected)):
                raise PuzzleError(f"{what} must be a {expected.__name__}, not "
                                  f"{quote(value)}")
        return instance
    return None


def own_placement(game: Game, value: object) -> Placement:
    """`value` is one of this game's piece placements (not text, not another game's)."""
    if not isinstance(value, Placement):
        raise PuzzleError(f"a piece placement of {game.title} must be a Placement (play "
                          f"text with read_item()), not {quote(value)}")
    owner = getattr(value, "game", None)
    if owner != game.name:
        raise PuzzleError(f"{quote(str(value))} is a piece placement of another game "
                          f"({owner}), not of {game.title}")
    return value


def own_placements(game: Game, values: object) -> object:
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise PuzzleError(f"pieces of {game.title} must be a sequence of placements, not "
                          f"{quote(values)}")
    for value in values:
        own_placement(game, value)
    return values


def own_setup(game: Game, value: object) -> Setup:
    """`value` is a challenge of this game, parsed (game.setup(text))."""
    if not isinstance(value, Setup):
        raise PuzzleError(f"a parsed challenge of {game.title} must be a Setup (from "
                          f"game.setup(text)), not {quote(value)}")
    if value.game and value.game != game.name:
        raise PuzzleError(f"this challenge is of another game ({value.game}), not of "
                          f"{game.title}")
    own_placements(game, value.fixed)
    return value


def own_position(game: Game, value: object) -> Position:
    """`value` is a position of this game."""
    if not isinstance(value, Position):
        raise PuzzleError(f"a position of {game.title} must be a Position (from "
                          f"game.position()), not {quote(value)}")
    if value.game is not game:
        raise PuzzleError(f"this is a position of {value.game.title}, not of {game.title}")
    return value
