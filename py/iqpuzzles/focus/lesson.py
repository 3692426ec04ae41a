"""IQ-Focus's first lesson (core/lesson.py): one piece left, its squares on the targets."""

from __future__ import annotations

from ..core.lesson import Lesson, Step
from ..core.position import Position
from .vocabulary import CENTRE, LOC_INDEX, Placed, location_code


class FocusLesson(Lesson[Placed]):
    challenge = "RRRBWBBRB"  # booklet challenge 1
    steps = (Step("d", "The nine squares in the middle must show the challenge's colours: "
                       "the ringed ones want the colours of {d}."),)

    def bites(self, solved: Position[Placed], before: Position[Placed],
              placement: Placed) -> list[str]:
        """The squares of the middle the piece covers (docs/games/focus.md §7)."""
        return [location_code(LOC_INDEX[x, y]) for x, y, _ in placement.squares()
                if (x, y) in CENTRE]
