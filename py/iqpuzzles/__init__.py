"""IQ Puzzles: IQ-Twist, IQ-Focus, IQ-Steps and IQ-Link as one Python package.

    >>> import iqpuzzles
    >>> twist = iqpuzzles.game("twist")
    >>> next(twist.strings.solutions("f3C4i6B0j2B0j1C0k3C0l4B0l5C0"))
    'a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0'
    >>> pos = twist.position("f3C4i6B0j2B0j1C0k3C0l4B0l5C0")
    >>> str(pos.play("d2A6"))
    'd2A6f3C4i6B0j2B0j1C0k3C0l4B0l5C0'

The README has more; every game's face is `iqpuzzles.core.game.Game`.
"""

# The namespace holds what __all__ lists and nothing else (tests/test_api.py): the
# helpers this module uses are imported under private names.
from importlib import import_module as _import_module
from typing import Any as _Any

# absolute, so that `python -m doctest iqpuzzles/__init__.py` reads this file too
from iqpuzzles.core import i18n as _i18n  # _i18n.tr: the catalogs find `tr` calls
from iqpuzzles.core.errors import (
    ChallengeError,
    IllegalPlacementError,
    PlacementError,
    PuzzleError,
    Refusal,
    UnknownGameError,
)
from iqpuzzles.core.errors import quote as _quote
from iqpuzzles.core.game import Game
from iqpuzzles.core.i18n import current_language, language, set_language
from iqpuzzles.core.position import Placement, Position
from iqpuzzles.core.types import Hint, HintKind

__version__ = "0.1.0"

# game name -> module holding GAME; imported on first use so one game costs no
# start-up time for the others (it matters in the browser)
_GAME_MODULES = {"twist": "twist", "focus": "focus", "steps": "steps", "link": "link"}
_REGISTERED: dict[str, Game[_Any]] = {}  # games declared elsewhere (a script's, a test's)


def game(name: str) -> Game[_Any]:
    """The game called `name` (twist, focus, steps, link, or one registered)."""
    if isinstance(name, str) and name in _REGISTERED:
        return _REGISTERED[name]
    module = _GAME_MODULES.get(name) if isinstance(name, str) else None
    if module is None:
        raise UnknownGameError(_i18n.tr("unknown game %(name)s; the games are %(games)s",
                                        name=_quote(name), games=", ".join(games())))
    declared: Game[_Any] = _import_module(f"iqpuzzles.{module}").GAME
    return declared


def register(declared: Game[_Any]) -> Game[_Any]:
    """Make a game declared outside the package one of the games: `game(name)` finds it,
    and the JSON API and the command line (run in this process) play it. A game of the
    package's own name cannot be replaced."""
    if not isinstance(declared, Game):
        raise PuzzleError(_i18n.tr("only a Game can be registered, not %(value)s",
                                   value=_quote(declared)))
    if declared.name in _GAME_MODULES:
        raise PuzzleError(_i18n.tr("%(name)s is one of the package's own games",
                                   name=_quote(declared.name)))
    _REGISTERED[declared.name] = declared
    return declared


def games(*, registered: bool = True) -> tuple[str, ...]:
    """Every game's name: the package's own (the site's), then those registered in this
    process (`register`), unless `registered` is False. The one list of the games.

        >>> games(registered=False)
        ('twist', 'focus', 'steps', 'link')
    """
    return (*_GAME_MODULES, *(_REGISTERED if registered else ()))


__all__ = ["ChallengeError", "Game", "Hint", "HintKind", "IllegalPlacementError", "Placement",
           "PlacementError", "Position", "PuzzleError", "Refusal", "UnknownGameError",
           "current_language", "game", "games", "language", "register", "set_language"]
