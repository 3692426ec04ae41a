"""IQ-Focus's first lesson (core/lesson.py): one piece left, its squares on the targets."""

from __future__ import annotations

from ..core.i18n import mark
from ..core.lesson import Lesson, Step
from ..core.position import Position
from .vocabulary import CENTRE, LOC_INDEX, Placed, location_code


class FocusLesson(Lesson[Placed]):
    # a colouring of its own (one solution) with every piece but d on the board: d needs two
    # turns and covers four of the nine squares. Its solution solves no booklet challenge
    # nor any of the New-challenge pools, so the lesson gives none away
    # (tests/test_lessons.py)
    challenge = "WWRBGBRRR"
    steps = (Step("d", mark("The nine squares in the middle must show the challenge's colours: "
                       "the ringed ones want the colours of %(d)s.")),)

    def bites(self, solved: Position[Placed], before: Position[Placed],
              placement: Placed) -> list[str]:
        """The squares of the middle the piece covers (docs/games/focus.md §7)."""
        return [location_code(LOC_INDEX[x, y]) for x, y, _ in placement.squares()
                if (x, y) in CENTRE]
