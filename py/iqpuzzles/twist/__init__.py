"""IQ-Twist: eight pieces of loops (some with holes) over coloured pegs on an 8x4 board.

The rules are docs/games/twist.md. The modules beside this one each do one job: rules
(notation and legality), solver (exact cover), draw (the view), editor (the challenge
editor); `Twist` declares them as the game's parts (core/parts.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from random import Random

from ..core.data import load_json
from ..core.game import Game, check_clues
from ..core.parts import Generator
from ..core.position import Placement
from ..core.sample import GameIndex
from ..core.types import Challenge
from . import draw, editor, rules
from .lesson import TwistLesson
from .rules import (
    PEG_COLOUR,
    PEG_LIMIT,
    PIECE_COLOUR,
    PIECES,
    SHAPES,
    WIDTH,
    Peg,
    Placed,
    TwistNotation,
    TwistRules,
    location_code,
)
from .solver import TwistSolver

__all__ = ["GAME", "PIECES", "SHAPES", "Placed", "Twist", "location_code"]


class TwistGenerator(Generator):
    """New challenges: pegs in a complete game's holes (iqpuzzles.generate)."""

    def clue_pool(self, solution: tuple[Placement, ...], rng: Random) -> list[str]:
        """Pegs in the solution's holes, as many of each colour as the game has. A
        complete game stands for all its weak twins (same cells, holes elsewhere): each
        piece takes one of its pictures at random."""
        pieces = [rng.choice(rules.pictures(placed)) for placed in
                  sorted(solution, key=lambda p: p.piece) if isinstance(placed, Placed)]
        pool = []
        for peg, colour in PEG_COLOUR.items():
            holes = [index for placed in pieces if PIECE_COLOUR[placed.piece] == colour
                     for index, hole in placed.loops() if hole]
            rng.shuffle(holes)
            pool += [Peg(peg, i // WIDTH, i % WIDTH).encode() for i in holes[:PEG_LIMIT[peg]]]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: Sequence[str]) -> str:
        return self.game.setup("".join(sorted(check_clues(clues)))).text

    def clue_games(self, clue: str, index: GameIndex) -> tuple[int, ...] | None:
        """A peg: the complete games with a hole of its colour under it, in some picture
        of the piece there. Pegs on one piece are not checked together: one game left
        means unique, more may be fewer."""
        pegs = rules.read(clue)[1]
        if len(pegs) != 1:
            return None
        return (_holes(index).get((pegs[0].colour, pegs[0].index), 0),)


class Twist(Game):
    name = "twist"
    title = "IQ-Twist"
    help = ("Cover the whole board with the eight pieces. A peg may only go through a hole "
            "of its own colour.")
    vocabulary = rules.VOCABULARY
    notation = TwistNotation()
    rules = TwistRules()
    solver = TwistSolver()
    drawing = draw.TwistDrawing()
    lesson = TwistLesson()
    editor_class = editor.TwistEditor
    generator = TwistGenerator()
    booklet_note = ("The booklet's challenges 2 to 18 each start with a piece already on "
                    "the board, and they are not known here, so the numbers go from 1 "
                    "straight to 19.")

    def load_booklet(self) -> list[Challenge]:
        booklet = []
        for entry in load_json("twist", "challenges.json"):
            setup = self.setup(entry["challenge"])
            pieces, _ = rules.read(entry["solution"])
            booklet.append(Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                                     (self.solver.solution_text(setup, pieces),)))
        return booklet


GAME = Twist()


@cache
def _holes(index: GameIndex) -> dict[tuple[str, int], int]:
    """(colour, location) -> the complete games with a hole of that colour there, in some
    picture of the piece covering it."""
    found: dict[tuple[str, int], int] = {}
    for item, games in index.holders.items():
        pieces, _ = rules.read(item)
        for twin in rules.pictures(pieces[0]):
            for location, hole in twin.loops():
                if hole:
                    key = (PIECE_COLOUR[twin.piece], location)
                    found[key] = found.get(key, 0) | games
    return found
