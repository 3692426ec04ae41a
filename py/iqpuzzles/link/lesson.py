"""IQ-Link's first lesson (core/lesson.py): one piece left, its ball into a ring."""

from __future__ import annotations

from ..core.i18n import mark
from ..core.lesson import Lesson, Step
from ..core.position import Position
from .vocabulary import PEGS, Placed


class LinkLesson(Lesson[Placed]):
    # a challenge of its own (ten pieces, one solution) with every piece but the red one on
    # the board: it needs a turn and a flip, its ball goes into a ring and one of its rings
    # takes a ball. Its solution holds no booklet challenge nor any of the New-challenge
    # pools, so the lesson gives none away (tests/test_lessons.py)
    challenge = "KABDBGWCAGDHBEERGCIHDTICFJLVKH"
    steps = (Step("L", mark("A peg takes one ball and one ring, and a ball may sit in a ring "
                       "only where its bar passes through an opening of the ring: look at "
                       "the ringed pegs.")),)

    def bites(self, solved: Position[Placed], before: Position[Placed],
              placement: Placed) -> list[str]:
        """The pegs where the piece's ball goes into another piece's ring, or its ring
        takes another piece's ball (docs/games/link.md §5)."""
        mine = {peg: unit.ball for unit, peg in zip(placement.units, placement.pegs(),
                                                      strict=True) if peg is not None}
        found = set()
        for other in before.placed:
            for unit, peg in zip(other.units, other.pegs(), strict=True):
                if peg in mine and mine[peg] != unit.ball:
                    found.add(peg)
        return [PEGS[peg] for peg in sorted(found)]
