"""IQ-Focus: ten multicoloured pieces cover a 9x5 board whose two bottom corners are cut
off, so that the centre 3x3 shows the challenge's nine colours.

The rules are docs/games/focus.md. GAME declares the game's parts (core/game.py), each
in a module of its own: vocabulary (the board, the pieces, a placement), notation,
rules, symmetry, generator (new challenges), solver (the exact-cover tables), draw (the
board, the pieces, the grip, the text drawing), lesson (the first game), editor (the
colour markers of the challenge editor). Core does every move once.
"""

from __future__ import annotations

from functools import partial

from ..core.data import load_json
from ..core.game import Game
from ..core.i18n import mark, nmark, ntr
from ..core.types import Booklet, Challenge
from .draw import FocusDrawing
from .editor import FocusEditor
from .generator import FocusGenerator
from .lesson import FocusLesson
from .notation import FocusNotation
from .rules import FocusRules
from .solver import FocusSolver
from .symmetry import FocusSymmetry
from .vocabulary import VOCABULARY, Placed

__all__ = ["GAME"]


def booklet() -> Booklet:
    """The booklet's challenges (challenge 57 has four solutions)."""
    entries = []
    for entry in load_json("focus", "challenges.json")["challenges"]:
        solutions = tuple(entry.get("all_solutions") or [entry["solution"]])
        note = partial(ntr, *nmark("This challenge has %(n)s solution.",
                                   "This challenge has %(n)s solutions, not one: any of them "
                                   "solves it."), len(solutions)) if len(solutions) > 1 else None
        entries.append(Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                                 solutions, about=note))
    return Booklet(entries)


GAME = Game(
    name="focus", title="IQ-Focus",
    help=mark("Cover the whole board with the ten pieces so that the nine squares in the middle "
         "show the challenge's colours. Pieces can be turned, not flipped."),
    vocabulary=VOCABULARY, booklet=booklet, placement=Placed,
    notation=FocusNotation(), rules=FocusRules(), solver=FocusSolver(),
    drawing=FocusDrawing(), lesson=FocusLesson(),
    symmetry=FocusSymmetry(), generator=FocusGenerator(), editor_class=FocusEditor,
)
