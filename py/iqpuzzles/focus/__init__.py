"""IQ-Focus: ten multicoloured pieces cover a 9x5 board whose two bottom corners are cut
off, so that the centre 3x3 shows the challenge's nine colours.

The game's own parts, one job a module: rules.py (vocabulary, notation, the rules a
placement breaks, symmetry, the clues of new challenges), solver.py (the exact-cover
tables), draw.py (the board, the pieces, the grip, the text drawing), lesson.py (the first
game), editor.py (the colour markers of the challenge editor). GAME declares them
(core/game.py); core does every move once.
"""

from __future__ import annotations

from ..core.data import load_json
from ..core.game import Game
from ..core.types import Booklet, Challenge
from .draw import FocusDrawing
from .editor import FocusEditor
from .lesson import FocusLesson
from .rules import (
    VOCABULARY,
    FocusGenerator,
    FocusNotation,
    FocusRules,
    FocusSymmetry,
    Placed,
)
from .solver import FocusSolver


def booklet() -> Booklet:
    """The booklet's challenges (challenge 57 has four solutions)."""
    entries = []
    for entry in load_json("focus", "challenges.json")["challenges"]:
        solutions = tuple(entry.get("all_solutions") or [entry["solution"]])
        note = (f"This challenge has {len(solutions)} solutions, not one: any of them "
                "solves it.") if len(solutions) > 1 else ""
        entries.append(Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                                 solutions, note=note))
    return Booklet(entries)


GAME = Game(
    name="focus", title="IQ-Focus",
    help="Cover the whole board with the ten pieces so that the nine squares in the middle "
         "show the challenge's colours. Pieces can be turned, not flipped.",
    vocabulary=VOCABULARY, booklet=booklet, placement=Placed,
    notation=FocusNotation(), rules=FocusRules(), solver=FocusSolver(),
    drawing=FocusDrawing(), lesson=FocusLesson(),
    symmetry=FocusSymmetry(), generator=FocusGenerator(), editor_class=FocusEditor,
)
