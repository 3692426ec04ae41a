"""IQ-Link: twelve three-unit pieces of balls and rings on 24 pegs of a hexagonal lattice.

The rules are docs/games/link.md. The game declares its parts (core/parts.py) over
modules with one job each: rules.py (lattice, units, notation, the rule a placement
breaks, the 180-degree symmetry), solver.py (the search's tables), draw.py (views, the
text drawing, info). A challenge is a starting placement; the editor is core's default.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from random import Random
from typing import cast

from ..core.data import load_json
from ..core.errors import ChallengeError, IllegalPlacementError, PlacementError, Refusal, quote
from ..core.game import Game, check_clues
from ..core.parts import Generator, Notation, Rules, Solver
from ..core.position import Placement, Setup
from ..core.reasoning import Board
from ..core.search import SearchStats
from ..core.types import LEVELS, Challenge
from . import draw, rules, solver
from .lesson import LinkLesson
from .rules import Placed


class LinkNotation(Notation):
    """Three characters a piece: peg, piece, orientation (docs/games/link.md §3)."""

    example_item = "BAA"

    def read(self, text: str) -> tuple[tuple[Placement, ...], None]:
        return rules.read(text), None

    def write(self, setup: Setup, placed: Sequence[Placement]) -> str:
        return rules.write(rules.links(placed))

    def read_challenge(self, text: str) -> Setup:
        """A starting placement ("" is the empty board: its solutions are every game)."""
        if text == "":
            return Setup(text)
        try:
            start = self.game.strings.validate(text)
        except (PlacementError, IllegalPlacementError) as error:
            raise ChallengeError(f"not a usable IQ-Link challenge: {error}") from None
        return Setup(text, start.placed)


class LinkRules(Rules):
    """Balls into rings, rings on pegs (docs/games/link.md §5); the board turns 180 degrees."""

    def breaks(self, setup: Setup, placed: Sequence[Placement],
               new: Placement) -> Refusal | None:
        if not isinstance(new, Placed) or not new.well_formed:
            text = f"{quote(new)} is not an IQ-Link piece placement"
            return Refusal("notation", text, "That is not a piece of IQ-Link.")
        return rules.breaks(rules.links(placed), new, self.game.page)

    def covers(self, placement: Placement) -> Iterator[str]:
        return (rules.PEGS[peg] for peg in cast(Placed, placement).pegs() if peg is not None)

    def variants(self, pieces: tuple[Placement, ...]) -> Iterator[tuple[Placement, ...]]:
        """As written, then turned 180 degrees: a canonical solution may write the
        challenge's own pieces turned (docs/games/link.md §6)."""
        yield pieces
        yield rules.turned(rules.links(pieces))

    def challenge_twins(self, setup: Setup) -> Iterator[str]:
        """As written and turned 180 degrees (docs/games/link.md §6)."""
        return iter(rules.challenge_twins(rules.links(setup.fixed)))


class LinkSolver(Solver):
    """Slot cover of the pegs' ball and ring slots (solver.py)."""

    def complete(self, setup: Setup, placed: tuple[Placement, ...], limit: int | None = None,
                 stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[Placement, ...]]:
        """Every completion (nothing placed: piece A on A-L, one game of each pair of
        180-degree twins), lazily."""
        return solver.tables().solve(rules.links(placed), limit, stats, rng)

    def legal(self, setup: Setup, placed: tuple[Placement, ...],
              piece: str | None) -> Iterator[Placement]:
        return solver.tables().legal(rules.links(placed), piece)

    def canonical_form(self, setup: Setup, placed: Sequence[Placement]) -> str:
        return rules.canonical(rules.links(placed))

    def exact_cover(self, setup: Setup) -> tuple[list[list[str]], list[str], list[str]]:
        return solver.tables().exact_cover(rules.links(setup.fixed))

    def board(self, setup: Setup, placed: tuple[Placement, ...]) -> Board | None:
        t = solver.tables()
        start = t.start(rules.links(placed))
        if start is None:
            return None
        return Board(t.cover, t.placed, *start, t.cover.primary)


class LinkGenerator(Generator):
    """A challenge is some pieces of a complete game."""

    # our G-series grades by pieces given (docs/games/link.md §8): Starter 8 ... Wizard 4
    level_clues = {"Starter": (8, 8), "Junior": (7, 7), "Expert": (6, 6), "Master": (5, 5),
                   "Wizard": (4, 4)}

    def clue_pool(self, solution: tuple[Placement, ...], rng: Random) -> list[str]:
        pool = [str(placed) for placed in solution]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: Sequence[str]) -> str:
        return rules.write(rules.read("".join(check_clues(clues))))


class Link(Game):
    name = "link"
    title = "IQ-Link"
    help = ("Place all twelve pieces on the pegs. A peg takes at most one ball and one ring, "
            "and a ball may sit in a ring only where every bar of the ball passes through an "
            "opening of the ring.")
    vocabulary = rules.VOCABULARY
    notation = LinkNotation()
    rules = LinkRules()
    solver = LinkSolver()
    drawing = draw.LinkDrawing()
    lesson = LinkLesson()
    generator = LinkGenerator()

    def load_booklet(self) -> list[Challenge]:
        found = []
        for entry in load_json("link", "challenges.json")["challenges"]:
            key = entry["id"]
            solutions = tuple(entry.get("solutions") or [entry["solution"]])
            given = len(entry["challenge"]) // 3
            if key.startswith("G"):
                source = "generated"
                note = (f"Our own challenge: {given} pieces kept from a complete game, "
                        "checked to have exactly one solution.")
            else:
                source = "original"
                several = f"It has {len(solutions)} solutions by design: any of them wins. " \
                    if len(solutions) > 1 else ""
                note = (f"From the original game's challenges. {several}Its level comes from "
                        f"the pieces given ({given}).")
            found.append(Challenge(key, entry["level"] or level_for(given),
                                   entry["challenge"], solutions, source, note))
        return found


def level_for(given: int) -> str:
    """Our level scale (challenges.json): pieces given 8+ Starter ... 4 or fewer Wizard."""
    return LEVELS[min(4, max(0, 8 - given))]


GAME = Link()
