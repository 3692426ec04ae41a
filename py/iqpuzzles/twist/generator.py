"""How new IQ-Twist challenges are made (iqpuzzles.generate): pegs in the holes of a
complete game."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from random import Random

from ..core.parts import Generator
from ..core.sample import GameIndex
from .notation import TwistNotation
from .symmetry import TwistSymmetry
from .vocabulary import PEG_COLOUR, PEG_LIMIT, PIECE_COLOUR, WIDTH, Peg, Placed


class TwistGenerator(Generator[Placed]):
    """New challenges: pegs in a complete game's holes (iqpuzzles.generate)."""

    notation = TwistNotation()  # a clue is a peg, written in it
    symmetry = TwistSymmetry()  # a complete game stands for its weak twins

    def clue_pool(self, solution: tuple[Placed, ...], rng: Random) -> list[str]:
        """Pegs in the solution's holes, as many of each colour as the game has. A
        complete game stands for all its weak twins (same cells, holes elsewhere): each
        piece takes one of its pictures at random."""
        pieces = [rng.choice(self.symmetry.pictures(placed)) for placed in
                  sorted(solution, key=lambda p: p.piece)]
        pool = []
        for peg, colour in PEG_COLOUR.items():
            holes = [index for placed in pieces if PIECE_COLOUR[placed.piece] == colour
                     for index, hole in placed.loops() if hole]
            rng.shuffle(holes)
            pool += [Peg(peg, i // WIDTH, i % WIDTH).encode() for i in holes[:PEG_LIMIT[peg]]]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: Sequence[str]) -> str:
        """The pegs (and pieces) in the notation's order."""
        return self.notation.read_challenge("".join(sorted(clues))).text

    def clue_games(self, clue: str, index: GameIndex) -> tuple[int, ...] | None:
        """A peg: the complete games with a hole of its colour under it, in some picture
        of the piece there. Pegs on one piece are not checked together: one game left
        means unique, more may be fewer."""
        pegs = self.notation.read(clue)[1]
        if len(pegs) != 1:
            return None
        return (_holes(index, self.notation, self.symmetry).get((pegs[0].colour,
                                                                pegs[0].index), 0),)


@cache
def _holes(index: GameIndex, notation: TwistNotation,
           symmetry: TwistSymmetry) -> dict[tuple[str, int], int]:
    """(colour, location) -> the complete games with a hole of that colour there, in some
    picture of the piece covering it."""
    found: dict[tuple[str, int], int] = {}
    for item, games in index.holders.items():
        for twin in symmetry.pictures(notation.read_item(item)):
            for location, hole in twin.loops():
                if hole:
                    key = (PIECE_COLOUR[twin.piece], location)
                    found[key] = found.get(key, 0) | games
    return found
