"""The model all four games share: positions, the moves on them, the search, errors."""

from .errors import (
    ChallengeError,
    IllegalPlacementError,
    PlacementError,
    PuzzleError,
    Refusal,
    UnknownGameError,
)
from .game import Game
from .position import Placement, Position, Setup
from .search import ExactCover, SearchStats
from .types import LEVELS, Challenge, Hint, HintKind, Preview

__all__ = [
    "LEVELS", "Challenge", "ChallengeError", "ExactCover", "Game", "Hint", "HintKind",
    "IllegalPlacementError", "Placement", "PlacementError", "Position", "Preview",
    "PuzzleError", "Refusal", "SearchStats", "Setup", "UnknownGameError",
]
