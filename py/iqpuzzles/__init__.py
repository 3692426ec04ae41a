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

from importlib import import_module
from typing import Any

# absolute, so that `python -m doctest iqpuzzles/__init__.py` reads this file too
from iqpuzzles.core.errors import (
    ChallengeError,
    IllegalPlacementError,
    PlacementError,
    PuzzleError,
    UnknownGameError,
    quote,
)
from iqpuzzles.core.game import Game
from iqpuzzles.core.i18n import current_language, language, set_language, tr
from iqpuzzles.core.position import Placement, Position
from iqpuzzles.core.types import Hint, HintKind

__version__ = "0.1.0"

# game name -> module holding GAME; imported on first use so one game costs no
# start-up time for the others (it matters in the browser)
GAME_MODULES = {"twist": "twist", "focus": "focus", "steps": "steps", "link": "link"}
GAMES = tuple(GAME_MODULES)  # the games the package brings (the site's)
_REGISTERED: dict[str, Game[Any]] = {}  # games declared elsewhere (a script's, a test's)


def game(name: str) -> Game[Any]:
    """The game called `name` (twist, focus, steps, link, or one registered)."""
    if isinstance(name, str) and name in _REGISTERED:
        return _REGISTERED[name]
    module = GAME_MODULES.get(name) if isinstance(name, str) else None
    if module is None:
        raise UnknownGameError(tr("unknown game %(name)s; the games are %(games)s",
                                  name=quote(name), games=", ".join(games())))
    declared: Game[Any] = import_module(f"iqpuzzles.{module}").GAME
    return declared


def register(declared: Game[Any]) -> Game[Any]:
    """Make a game declared outside the package one of the games: `game(name)` finds it,
    and the JSON API and the command line (run in this process) play it. A game of the
    package's own name cannot be replaced."""
    if not isinstance(declared, Game):
        raise PuzzleError(tr("only a Game can be registered, not %(value)s",
                             value=quote(declared)))
    if declared.name in GAME_MODULES:
        raise PuzzleError(tr("%(name)s is one of the package's own games",
                             name=quote(declared.name)))
    _REGISTERED[declared.name] = declared
    return declared


def games() -> tuple[str, ...]:
    """Every game's name: the package's, then those registered."""
    return (*GAMES, *_REGISTERED)


def available_games() -> list[str]:
    """The games the package brings (the site serves these)."""
    return list(GAMES)


__all__ = ["GAMES", "ChallengeError", "Game", "Hint", "HintKind", "IllegalPlacementError",
           "Placement", "PlacementError", "Position", "PuzzleError", "UnknownGameError",
           "available_games", "current_language", "game", "games", "language", "register",
           "set_language"]
