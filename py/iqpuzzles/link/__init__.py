"""IQ-Link: twelve three-unit pieces of balls and rings on 24 pegs of a hexagonal lattice.

The spec is games/link/RULES.md (the COMP1110 2016 "LinkGame" encoding). The game fills
core's `Game` hooks and nothing more, each by one call into a module with one job:
rules.py (lattice, units, notation, the rule a placement breaks, the 180-degree
symmetry), solver.py (the search's tables), draw.py (views, the text drawing, info).
A challenge is a starting placement; the challenge editor is core's default.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from random import Random

from ..core.data import load_json
from ..core.errors import ChallengeError, IllegalPlacementError, PlacementError, Refusal, quote
from ..core.game import LEVELS, Challenge, Game, check_clues
from ..core.position import Placement, Setup
from ..core.search import SearchStats
from . import draw, rules, solver
from .rules import PIECES, Placed


class Link(Game):
    name = "link"
    title = "IQ-Link"
    piece_ids = tuple(PIECES)
    drawing = draw.LinkDrawing()
    example_item = "BAA"
    # our G-series grades by pieces given (RULES.md §8): Starter 8 ... Wizard 4
    level_clues = {"Starter": (8, 8), "Junior": (7, 7), "Expert": (6, 6), "Master": (5, 5),
                   "Wizard": (4, 4)}

    # --- notation ----------------------------------------------------------------------
    def read(self, text: str) -> tuple[tuple[Placement, ...], None]:
        return rules.read(text), None

    def write(self, setup: Setup, placed: Sequence[Placement]) -> str:
        return rules.write(rules.links(placed))

    def read_challenge(self, text: str) -> Setup:
        """A starting placement ("" is the empty board: its solutions are every game)."""
        if text == "":
            return Setup(text)
        try:
            start = self.validate(text)
        except (PlacementError, IllegalPlacementError) as error:
            raise ChallengeError(f"not a usable IQ-Link challenge: {error}") from None
        return Setup(text, start.placed)

    def empty_challenge(self) -> str:
        return ""

    # --- rules -----------------------------------------------------------------------------
    def breaks(self, setup: Setup, placed: Sequence[Placement],
               new: Placement) -> Refusal | None:
        if not isinstance(new, Placed) or not new.well_formed:
            text = f"{quote(new)} is not an IQ-Link piece placement"[:120]
            return Refusal("notation", text, "That is not a piece of IQ-Link.")
        return rules.breaks(rules.links(placed), new)

    def covers(self, placement: Placement) -> Iterator[str]:
        assert isinstance(placement, Placed)
        return (rules.PEGS[peg] for peg in placement.pegs() if peg is not None)

    def variants(self, pieces: tuple[Placement, ...]) -> Iterator[tuple[Placement, ...]]:
        """As written, then turned 180 degrees: a canonical solution may write the
        challenge's own pieces turned (RULES.md §6)."""
        yield pieces
        yield rules.turned(rules.links(pieces))

    # --- solver ----------------------------------------------------------------------------
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

    def exact_cover(self, challenge: str) -> tuple[list[list[str]], list[str], list[str]]:
        return solver.tables().exact_cover(rules.links(self.setup(challenge).fixed))

    # --- booklet -----------------------------------------------------------------------------
    def load_booklet(self) -> list[Challenge]:
        found = []
        for entry in load_json("link", "challenges.json")["challenges"]:
            key = entry["id"]
            solutions = tuple(entry.get("solutions") or [entry["solution"]])
            given = len(entry["challenge"]) // 3
            if key.startswith("G"):
                source = "generated"
                note = (f"Our own challenge: {given} pieces kept from one of the course's "
                        "reference games, checked to have exactly one solution "
                        f"({entry['source']}).")
            else:
                source = "course"
                several = f"{len(solutions)} solutions by design; " if len(solutions) > 1 \
                    else "one solution; "
                note = (f"From the COMP1110 2016 LinkGame course tests ({entry['source']}): "
                        f"{several}level by pieces given, our convention.")
            found.append(Challenge(key, entry["level"] or level_for(given),
                                   entry["challenge"], solutions, source, note))
        return found

    # --- generator (iqpuzzles.generate) ------------------------------------------------------
    def clue_pool(self, solution: tuple[Placement, ...], rng: Random) -> list[str]:
        pool = [str(placed) for placed in solution]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: Sequence[str]) -> str:
        return rules.write(rules.read("".join(check_clues(clues))))

    def challenge_twins(self, challenge: str) -> Iterator[str]:
        """As written and turned 180 degrees (RULES.md §6)."""
        return iter(rules.challenge_twins(rules.links(self.setup(challenge).fixed)))


def level_for(given: int) -> str:
    """Our level scale (challenges.json): pieces given 8+ Starter ... 4 or fewer Wizard."""
    return LEVELS[min(4, max(0, 8 - given))]


GAME = Link()
