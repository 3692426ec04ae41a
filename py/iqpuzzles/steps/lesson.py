"""IQ-Steps' first lesson (core/lesson.py): two pieces left, and the order matters."""

from __future__ import annotations

from ..core.bits import bits_of
from ..core.i18n import mark
from ..core.lesson import Lesson, Step
from ..core.position import Position
from .vocabulary import CODES, NEIGHBOURS, Placed, must_precede


class StepsLesson(Lesson[Placed]):
    # a challenge of its own (four pieces, one solution) with the yellow and orange pieces
    # left: the orange piece's upper ring would block a peg the yellow piece needs, so the
    # yellow one goes first. Its solution holds no booklet challenge nor any of the
    # New-challenge pools, so the lesson gives none away (tests/test_lessons.py). The
    # words name what the board shows where it is ringed: a peg, then the spot between
    # pegs beside it (tests/test_steps.py checks them against the rules)
    challenge = "BGKCHSDGQFCN"
    steps = (Step("G", mark("Lower rings sit on pegs, upper rings between them. %(G)s goes first: "
                       "its lower ring takes the ringed peg before the upper ring of %(E)s comes "
                       "beside that peg and blocks it.")),
             Step("E", mark("The upper ring of %(E)s goes on the ringed spot between the pegs. "
                       "Played before %(G)s, it would have blocked the peg beside it and kept "
                       "%(G)s out: the order matters.")))

    def bites(self, solved: Position[Placed], before: Position[Placed],
              placement: Placed) -> list[str]:
        """Where the order between the steps' pieces bites (docs/games/steps.md §5): the
        pegs of this piece's lower rings a later step's upper ring blocks, and this
        piece's upper rings beside an earlier step's lower ring."""
        found = 0
        for step in self.steps:
            other = solved.pieces[step.piece]
            if other.piece == placement.piece:
                continue
            if must_precede(placement, other):
                found |= placement.lower & other.shadow
            if must_precede(other, placement):
                found |= sum(1 << ring for ring in bits_of(placement.upper)
                             if NEIGHBOURS[ring] & other.lower)
        return [CODES[index] for index in bits_of(found)]
