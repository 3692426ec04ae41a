"""The tiny game's first lesson: one bent piece left, turned into the last gap."""

from __future__ import annotations

from iqpuzzles.core.lesson import Lesson, Step
from iqpuzzles.core.position import Position

from .vocabulary import Placed


class TinyLesson(Lesson[Placed]):
    challenge = "a1A0c1B0"  # challenge 1: its bent piece d is turned twice to fit
    steps = (Step("d", "Pieces fill the board and never overlap: {d} goes in the ringed "
                       "gap."),)

    def bites(self, solved: Position[Placed], before: Position[Placed],
              placement: Placed) -> list[str]:
        """The gap the piece fills."""
        return [code for code in before.game.vocabulary.locations
                if code in set(before.game.rules.covers(placement))]
