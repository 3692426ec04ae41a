"""IQ-Steps: eight pieces of fused rings in two layers on a 5x10 board of pegs.

The spec is docs/games/steps.md. What is IQ-Steps' own lives beside this file: the
vocabulary, notation and rules (rules.py: a placement, the rule it breaks when played,
which pieces must be played before which, the clues of new challenges), the solver's
tables (solver.py), the drawing (draw.py) and the first lesson (lesson.py). GAME hands
them to the model every game shares (core/game.py), with its ordering part below.

The playing order matters: an upper ring blocks the empty pegs beside it for every
piece played later. A placement string checked on its own (`check`, `validate`) is
played in its written order; a position of a challenge (`position`, `is_solved`) is
judged as a set of placements, legal when some playing order with the challenge's
pieces first is. Solutions are written in the canonical form: sorted by piece letter.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..core.data import load_json
from ..core.game import Game
from ..core.parts import Ordering
from ..core.position import Position, Setup
from ..core.types import Booklet, Challenge, Shape
from . import draw, rules, solver
from .lesson import StepsLesson
from .rules import (
    VOCABULARY,
    Placed,
    StepsGenerator,
    StepsNotation,
    StepsRules,
    StepsSymmetry,
)
from .solver import StepsSolver


class StepsOrdering(Ordering[Placed]):
    """The playing order matters: which pieces must come before which (rules.py), how
    many games a challenge has if its pieces may come in any order (solver.py), and the
    order drawn over the board (draw.py)."""

    explain_label = draw.ORDER_LABEL

    def arrange(self, setup: Setup[Placed], placed: tuple[Placed, ...],
                rest: Sequence[Placed]) -> list[Placed]:
        """The pieces already down first (they are in a legal order), then `rest` in a
        legal order; IllegalPlacementError naming the cycle when there is none."""
        order = rules.playing_order([*placed, *rest], first=(p.piece for p in placed))
        return list(order[len(placed):])

    def may_come_next(self, rest: Sequence[Placed], candidate: Placed) -> bool:
        return rules.is_source(candidate, rest)

    def played_too_early(self, mine: Sequence[Placed],
                         needed: Sequence[Placed]) -> tuple[Placed, str] | None:
        return rules.played_too_early(mine, needed)

    def count_any_order(self, setup: Setup[Placed], limit: int | None) -> int:
        """Completions when the challenge's pieces need not be played first."""
        return solver.count_any_order(setup.fixed, limit)

    def explanation(self, position: Position[Placed]) -> tuple[str, list[Shape]]:
        return draw.order_overlay(position.placed)


def booklet() -> Booklet:
    return Booklet([Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                              (entry["solution_sorted"],),
                              note=player_note(entry.get("note", "")))
                    for entry in load_json("steps", "challenges.json")])


def player_note(note: str) -> str:
    """A booklet entry's note as a player reads it (the picker shows it): challenges.json
    notes where its source was mended, in the source's codes; a player is told only what
    changes for them, in words."""
    if note.startswith("source transcription"):
        return ("The booklet this challenge comes from has a misprint here: one piece is "
                "moved by one place, so that the challenge can be played and has one "
                "solution.")
    twin = re.search(r"challenge (\d+)", note)
    if note.startswith("identical") and twin:
        return f"It starts as challenge {twin[1]} does: the booklet has it twice."
    return ""  # the source's solutions, mended: nothing a player meets


GAME = Game(
    name="steps", title="IQ-Steps",
    help="Place all eight pieces. Lower rings sit on pegs, upper rings between them; an upper "
         "ring blocks the empty pegs beside it for every later piece, so the order you play "
         "in matters.",
    vocabulary=VOCABULARY, booklet=booklet, placement=Placed,
    notation=StepsNotation(), rules=StepsRules(), solver=StepsSolver(),
    drawing=draw.StepsDrawing(), lesson=StepsLesson(),
    symmetry=StepsSymmetry(), ordering=StepsOrdering(), generator=StepsGenerator(),
)
