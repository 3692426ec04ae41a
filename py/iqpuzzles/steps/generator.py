"""How new IQ-Steps challenges are made (iqpuzzles.generate): a few pieces of a complete
game, in a legal playing order."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from ..core.parts import Generator, Levels
from ..core.position import Setup
from .notation import StepsNotation
from .ordering import StepsOrdering
from .vocabulary import Placed


class StepsGenerator(Generator[Placed]):
    """A challenge is a few pieces of a complete game, in a legal order."""

    levels = Levels(
        # the booklet grades by pieces given: Starter 6-7, Junior 5, Expert 4, Master 3,
        # Wizard 2 (and a few 3); all complete games together hold only 259 Wizards of 2 or
        # 3 pieces, fewer than five years of daily Wizards (522), so 4 or 5 pieces that
        # take as much reasoning are Wizards too
        clues={"Starter": (6, 7), "Junior": (5, 5), "Expert": (4, 4), "Master": (3, 3),
               "Wizard": (2, 5)},
        # and still they are 505: the booklet's fit starts Wizard at looking one placement
        # ahead 44 times (or looking deeper). Started at 19 times, the highest start that
        # holds five years of weekends and nine weeks more (540), they are 545; the
        # booklet's Wizards at 24 and 29 times join their level, its Masters at 24 to 33
        # leave theirs
        starts={"Wizard": "look 19"})
    notation = StepsNotation()  # a clue is a piece placement, written in it
    ordering = StepsOrdering()  # a challenge's pieces are written in a playing order

    def clue_pool(self, solution: tuple[Placed, ...], rng: Random) -> list[str]:
        pool = [p.encode() for p in solution]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: Sequence[str]) -> str:
        """The pieces in a legal playing order (a subset of a game always has one)."""
        pieces, _ = self.notation.read("".join(sorted(clues)))
        board: Setup[Placed] = Setup("")
        return self.notation.write(board, self.ordering.arrange(board, (), pieces))
