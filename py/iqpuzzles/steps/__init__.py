"""IQ-Steps: eight pieces of fused rings in two layers on a 5x10 board of pegs.

The spec is docs/games/steps.md. What is IQ-Steps' own lives beside this file: the
notation and the rules (rules.py: a placement, the rule it breaks when played, which
pieces must be played before which), the solver's tables (solver.py) and the drawing
(draw.py). The game below only hands them to the model every game shares (core/game.py).

The playing order matters: an upper ring blocks the empty pegs beside it for every
piece played later. A placement string checked on its own (`check`, `validate`) is
played in its written order; a position of a challenge (`position`, `is_solved`) is
judged as a set of placements, legal when some playing order with the challenge's
pieces first is. Solutions are written in the canonical form: sorted by piece letter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from random import Random
from typing import cast

from ..core.bits import bits_of
from ..core.data import load_json
from ..core.errors import ChallengeError, PuzzleError, Refusal
from ..core.game import Game, check_clues
from ..core.parts import Generator, Notation, Ordering, Rules, Solver
from ..core.position import Placement, Position, Setup
from ..core.reasoning import Board
from ..core.search import SearchStats
from ..core.types import Challenge, Shape
from . import draw, rules, solver
from .lesson import StepsLesson
from .rules import Placed


class StepsNotation(Notation):
    """Pieces A-H, three characters each (docs/games/steps.md §3); a challenge is pieces, played in
    a legal order."""

    example_item = "FHn"

    def read(self, text: str) -> tuple[tuple[Placed, ...], None]:
        return rules.read(text), None

    def write(self, setup: Setup, placed: Sequence[Placement]) -> str:
        return "".join(p.encode() for p in placed)

    def read_challenge(self, text: str) -> Setup:
        """A legal set of placements, its pieces put in a playing order ("" is the empty
        board, whose solutions are all 8,374 games)."""
        if text == "":
            return Setup(text)
        try:
            fixed = rules.playing_order(rules.read(text))
        except PuzzleError as error:
            raise ChallengeError(f"not a usable IQ-Steps challenge: {error}") from None
        return Setup(text, tuple(fixed))


class StepsRules(Rules):
    """Rings on pegs and between them; an upper ring blocks the empty pegs beside it for
    every later piece (docs/games/steps.md §5); no symmetry."""

    def breaks(self, setup: Setup, placed: Sequence[Placement],
               new: Placement) -> Refusal | None:
        return rules.play_problem(rules.mine(placed), cast(Placed, new), self.game.page)

    def covers(self, placement: Placement) -> Iterator[str]:
        return (rules.CODES[index] for index in bits_of(cast(Placed, placement).cells))

    def challenge_twins(self, setup: Setup) -> Iterator[str]:
        """Itself only, sorted by piece: the game has no symmetry (rules.challenge_twins)."""
        return iter(rules.challenge_twins(rules.mine(setup.fixed)))


class StepsOrdering(Ordering):
    """The playing order matters: which pieces must come before which."""

    explain_label = draw.ORDER_LABEL

    def arrange(self, setup: Setup, placed: tuple[Placement, ...],
                rest: Sequence[Placement]) -> list[Placement]:
        """The pieces already down first (they are in a legal order), then `rest` in a
        legal order; IllegalPlacementError naming the cycle when there is none."""
        down = rules.mine(placed)
        order = rules.playing_order([*down, *rules.mine(rest)], first=(p.piece for p in down))
        return list(order[len(down):])

    def may_come_next(self, rest: Sequence[Placement], candidate: Placement) -> bool:
        return rules.is_source(cast(Placed, candidate), rules.mine(rest))

    def played_too_early(self, mine: Sequence[Placement],
                         needed: Sequence[Placement]) -> tuple[Placement, str] | None:
        return rules.played_too_early(rules.mine(mine), rules.mine(needed))

    def count_any_order(self, setup: Setup, limit: int | None) -> int:
        """Completions when the challenge's pieces need not be played first."""
        return solver.count_any_order(rules.mine(setup.fixed), limit)

    def explanation(self, position: Position) -> tuple[str, list[Shape]]:
        return draw.order_overlay(rules.mine(position.placed))


class StepsSolver(Solver):
    """Slot cover of pegs and the spaces between them (solver.py)."""

    def complete(self, setup: Setup, placed: tuple[Placement, ...], limit: int | None = None,
                 stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[Placement, ...]]:
        return solver.complete(rules.mine(placed), limit, stats, rng)

    def count_completions(self, setup: Setup, limit: int | None) -> int:
        return solver.count(rules.mine(setup.fixed), limit)

    def legal(self, setup: Setup, placed: tuple[Placement, ...],
              piece: str | None) -> Iterator[Placement]:
        return solver.legal(rules.mine(placed), piece)

    def canonical_form(self, setup: Setup, placed: Sequence[Placement]) -> str:
        """docs/games/steps.md §6: the placements sorted by piece letter."""
        return "".join(p.encode() for p in sorted(placed, key=lambda p: p.piece))

    def exact_cover(self, setup: Setup) -> tuple[list[list[str]], list[str], list[str]]:
        return solver.exact_cover(rules.mine(setup.fixed))

    def board(self, setup: Setup, placed: tuple[Placement, ...]) -> Board | None:
        t = solver.tables()
        alive, uncovered = t.start(rules.mine(placed))
        return Board(t.cover, t.placed, alive, uncovered, t.cover.primary,
                     conflicts=t.overlaps, deductions=(solver.WAIT,))


class StepsGenerator(Generator):
    """A challenge is a few pieces of a complete game, in a legal order."""

    # the booklet grades by pieces given: Starter 6-7, Junior 5, Expert 4, Master 3,
    # Wizard 2 (and a few 3); all complete games together hold only 259 Wizards of 2 or 3
    # pieces, fewer than five years of daily Wizards (522), so 4 or 5 pieces that take as
    # much reasoning are Wizards too
    level_clues = {"Starter": (6, 7), "Junior": (5, 5), "Expert": (4, 4), "Master": (3, 3),
                   "Wizard": (2, 5)}
    # and still they are 505: the booklet's fit starts Wizard at looking one placement
    # ahead 44 times (or looking deeper). Started at 19 times, the highest start that
    # holds five years of weekends and nine weeks more (540), they are 545; the booklet's
    # Wizards at 24 and 29 times join their level, its Masters at 24 to 33 leave theirs
    level_starts = {"Wizard": "look 19"}

    def clue_pool(self, solution: tuple[Placement, ...], rng: Random) -> list[str]:
        pool = [p.encode() for p in solution]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: Sequence[str]) -> str:
        """The pieces in a legal playing order (a subset of a game always has one)."""
        return self.game.strings.order("".join(sorted(check_clues(clues))))


class Steps(Game):
    name = "steps"
    title = "IQ-Steps"
    help = ("Place all eight pieces. Lower rings sit on pegs, upper rings between them; an "
            "upper ring blocks the empty pegs beside it for every later piece, so the order "
            "you play in matters.")
    vocabulary = rules.VOCABULARY
    notation = StepsNotation()
    rules = StepsRules()
    solver = StepsSolver()
    drawing = draw.StepsDrawing()
    lesson = StepsLesson()
    ordering = StepsOrdering()
    generator = StepsGenerator()

    def load_booklet(self) -> list[Challenge]:
        return [Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                          (entry["solution_sorted"],), note=player_note(entry.get("note", "")))
                for entry in load_json("steps", "challenges.json")]


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


GAME = Steps()
