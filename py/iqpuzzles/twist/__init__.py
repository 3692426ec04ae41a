"""IQ-Twist: eight pieces of loops (some with holes) over coloured pegs on an 8x4 board.

The rules are docs/games/twist.md. GAME declares the game's parts (core/game.py), each
in a module of its own: vocabulary (the board, the pieces, a placement), notation,
rules, symmetry, generator (new challenges), solver (exact cover), draw (the view),
lesson (the first game), editor (the challenge editor, for its pegs).
"""

from __future__ import annotations

from ..core.data import load_json
from ..core.game import Game
from ..core.i18n import mark
from ..core.strings import solution_text
from ..core.types import Booklet, Challenge
from .draw import TwistDrawing
from .editor import TwistEditor
from .generator import TwistGenerator
from .lesson import TwistLesson
from .notation import TwistNotation
from .rules import TwistRules
from .solver import TwistSolver
from .symmetry import TwistSymmetry
from .vocabulary import VOCABULARY, Placed

__all__ = ["GAME"]


def booklet() -> Booklet:
    """The booklet's challenges, each solution in the canonical form (docs/games/twist.md
    §6), and why its numbers jump from 1 to 19."""
    challenges = []
    for entry in load_json("twist", "challenges.json"):
        setup = GAME.setup(entry["challenge"])
        pieces, _ = GAME.notation.read(entry["solution"])
        challenges.append(Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                                    (solution_text(GAME, setup, pieces),)))
    return Booklet(challenges, mark("The booklet's challenges 2 to 18 each start with a piece "
                   "already on the board, and they are not known here, so the numbers go "
                   "from 1 straight to 19."))


GAME = Game(
    name="twist", title="IQ-Twist",
    help=mark("Cover the whole board with the eight pieces. A peg may only go through a hole of "
         "its own colour."),
    vocabulary=VOCABULARY, booklet=booklet, placement=Placed,
    notation=TwistNotation(), rules=TwistRules(), solver=TwistSolver(),
    drawing=TwistDrawing(), lesson=TwistLesson(),
    symmetry=TwistSymmetry(), generator=TwistGenerator(), editor_class=TwistEditor,
)
