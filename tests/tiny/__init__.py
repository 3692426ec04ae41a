"""A tiny game declared only in the tests: four trominoes fill a board of 4 columns and
3 rows. It proves that a game is one declaration of its parts, in the files
docs/adding-a-game.md lists and nowhere else: registered by tests/conftest.py (one call),
it runs through the conformance suite, the JSON API and the command line as the
package's games do.
"""

from __future__ import annotations

from iqpuzzles.core.game import Game
from iqpuzzles.core.types import Booklet, Challenge

from .draw import TinyDrawing
from .lesson import TinyLesson
from .notation import TinyNotation
from .rules import TinyRules
from .solver import TinySolver
from .vocabulary import VOCABULARY, Placed

# id, level, challenge, its one solution
CHALLENGES = (("1", "Starter", "a1A0c1B0", "a1A0b4A1c1B0d2B2"),
              ("2", "Junior", "b2C0d1B1", "a1A0b2C0c3A3d1B1"),
              ("3", "Expert", "a1A1c2B1", "a1A1b2A0c2B1d3B3"),
              ("4", "Wizard", "b2A0d3B3", "a1A1b2A0c2B1d3B3"))


def booklet() -> Booklet:
    return Booklet([Challenge(key, level, challenge, (solution,))
                    for key, level, challenge, solution in CHALLENGES])


GAME = Game(
    name="tiny", title="Tiny Trominoes",
    help="Fill the board with the four pieces: two straight, two bent.",
    vocabulary=VOCABULARY, booklet=booklet, placement=Placed,
    notation=TinyNotation(), rules=TinyRules(), solver=TinySolver(),
    drawing=TinyDrawing(), lesson=TinyLesson(),
)
