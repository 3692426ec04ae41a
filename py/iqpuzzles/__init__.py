"""IQ Puzzles: IQ-Twist, IQ-Focus, IQ-Steps and IQ-Link as one Python package.

    >>> import iqpuzzles
    >>> twist = iqpuzzles.game("twist")
    >>> next(twist.solutions("f3C4i6B0j2B0j1C0k3C0l4B0l5C0"))
    'a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0'
"""

from importlib import import_module

from .core.errors import (
    ChallengeError,
    IllegalPlacementError,
    PlacementError,
    PuzzleError,
    UnknownGameError,
    quote,
)
from .core.game import Game
from .core.position import Placement, Position
from .core.types import Hint, HintKind

__version__ = "0.1.0"

# game name -> module holding GAME; imported on first use so one game costs no
# start-up time for the others (it matters in the browser)
GAME_MODULES = {"twist": "twist", "focus": "focus", "steps": "steps", "link": "link"}
GAMES = tuple(GAME_MODULES)


def game(name: str) -> Game:
    """The game called `name` (twist, focus, steps or link)."""
    module = GAME_MODULES.get(name) if isinstance(name, str) else None
    if module is None:
        raise UnknownGameError(f"unknown game {quote(name)}; the games are {', '.join(GAMES)}")
    return import_module(f".{module}", __name__).GAME


def available_games() -> list[str]:
    """The games whose module is present (all four, once each is written)."""
    found = []
    for name in GAMES:
        try:
            game(name)
        except ModuleNotFoundError:
            continue
        found.append(name)
    return found


__all__ = ["GAMES", "ChallengeError", "Game", "Hint", "HintKind", "IllegalPlacementError",
           "Placement", "PlacementError", "Position", "PuzzleError", "UnknownGameError",
           "available_games", "game"]
