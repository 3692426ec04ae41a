"""IQ-Steps: eight pieces of fused rings in two layers on a 5x10 board of pegs.

The rules are docs/games/steps.md. GAME declares the game's parts (core/game.py), each
in a module of its own: vocabulary (the board, the pieces, a placement), notation,
rules (one piece played), ordering (which pieces must be played before which), symmetry,
generator (new challenges), solver (the search's tables), draw (the view) and lesson
(the first game).

The playing order matters: an upper ring blocks the empty pegs beside it for every
piece played later. A placement string checked on its own (`check`, `validate`) is
played in its written order; a position of a challenge (`position`, `is_solved`) is
judged as a set of placements, legal when some playing order with the challenge's
pieces first is. Solutions are written in the canonical form: sorted by piece letter.
"""

from __future__ import annotations

import re
from functools import partial

from ..core.data import load_json
from ..core.game import Game
from ..core.i18n import mark, tr
from ..core.types import Booklet, Challenge, Said
from .draw import StepsDrawing
from .generator import StepsGenerator
from .lesson import StepsLesson
from .notation import StepsNotation
from .ordering import StepsOrdering
from .rules import StepsRules
from .solver import StepsSolver
from .symmetry import StepsSymmetry
from .vocabulary import VOCABULARY, Placed

__all__ = ["GAME"]


def booklet() -> Booklet:
    return Booklet([Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                              (entry["solution_sorted"],),
                              about=player_note(entry.get("note", "")))
                    for entry in load_json("steps", "challenges.json")])


def player_note(note: str) -> Said | None:
    """A booklet entry's note as a player reads it (the picker shows it): challenges.json
    notes where its source was mended, in the source's codes; a player is told only what
    changes for them, in words."""
    if note.startswith("source transcription"):
        return partial(tr, mark("The booklet this challenge comes from has a misprint here: "
                                "one piece is moved by one place, so that the challenge can "
                                "be played and has one solution."))
    twin = re.search(r"challenge (\d+)", note)
    if note.startswith("identical") and twin:
        return partial(tr, mark("It starts as challenge %(twin)s does: the booklet has it "
                                "twice."), twin=twin[1])
    return None  # the source's solutions, mended: nothing a player meets


GAME = Game(
    name="steps", title="IQ-Steps",
    help=mark("Place all eight pieces. Lower rings sit on pegs, upper rings between them; an upper "
         "ring blocks the empty pegs beside it for every later piece, so the order you play "
         "in matters."),
    vocabulary=VOCABULARY, booklet=booklet, placement=Placed,
    notation=StepsNotation(), rules=StepsRules(), solver=StepsSolver(),
    drawing=StepsDrawing(), lesson=StepsLesson(),
    symmetry=StepsSymmetry(), ordering=StepsOrdering(), generator=StepsGenerator(),
)
