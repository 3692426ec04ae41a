"""IQ-Twist's first lesson (core/lesson.py): one piece left, its hole over a peg."""

from __future__ import annotations

from ..core.i18n import mark
from ..core.lesson import Lesson, Step
from ..core.position import Position
from .vocabulary import Placed, location_code, pegs_of


class TwistLesson(Lesson[Placed]):
    # a challenge of its own (seven pegs, one solution) with every piece but the first red
    # one on the board: it needs a turn and a flip, and its hole goes over the red peg. Its
    # solution solves no booklet challenge nor any of the New-challenge pools, so the
    # lesson gives none away (tests/test_lessons.py)
    challenge = "i1B0j7B0j7C0k6B0k6C0l6A0l4B0"
    steps = (Step("a", mark("A peg may only go through a hole of its own colour: the ringed "
                       "red peg needs a hole of %(a)s over it.")),)

    def bites(self, solved: Position[Placed], before: Position[Placed],
              placement: Placed) -> list[str]:
        """The pegs under the piece's holes (docs/games/twist.md §5.2)."""
        pegs = {peg.index for peg in pegs_of(before.setup)}
        return [location_code(index) for index, hole in placement.loops()
                if hole and index in pegs]
