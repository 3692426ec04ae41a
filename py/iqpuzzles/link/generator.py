"""How new IQ-Link challenges are made (iqpuzzles.generate): some pieces of a complete
game."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from ..core.parts import Generator, Levels
from ..core.position import Setup
from .notation import LinkNotation
from .vocabulary import Placed


class LinkGenerator(Generator[Placed]):
    """A challenge is some pieces of a complete game."""

    # our G-series grades by pieces given (docs/games/link.md §8): Starter 8 ... Wizard 4
    levels = Levels(clues={"Starter": (8, 8), "Junior": (7, 7), "Expert": (6, 6),
                           "Master": (5, 5), "Wizard": (4, 4)})
    notation = LinkNotation()  # a clue is a piece placement, written in it

    def clue_pool(self, solution: tuple[Placed, ...], rng: Random) -> list[str]:
        pool = [str(placed) for placed in solution]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: Sequence[str]) -> str:
        """The pieces in letter order."""
        pieces, _ = self.notation.read("".join(clues))
        return self.notation.write(Setup(""), pieces)
