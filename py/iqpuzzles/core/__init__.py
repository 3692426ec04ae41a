"""What all four games share: bitboards, transforms, the search, errors, randomness."""

from .errors import (
    ChallengeError,
    IllegalPlacementError,
    PlacementError,
    PuzzleError,
    UnknownGameError,
)
from .game import LEVELS, Challenge, Game, Hint, Preview
from .search import ExactCover, SearchStats

__all__ = [
    "LEVELS", "Challenge", "ChallengeError", "ExactCover", "Game", "Hint",
    "IllegalPlacementError", "PlacementError", "Preview", "PuzzleError", "SearchStats",
    "UnknownGameError",
]
