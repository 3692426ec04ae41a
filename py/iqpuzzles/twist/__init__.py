"""IQ-Twist: eight pieces of loops (some with holes) over coloured pegs on an 8x4 board.

The spec is games/twist/RULES.md. The modules beside this one each do one job:
rules (notation and legality), solver (exact cover), draw (the view), editor (the
challenge editor); `Twist` hands them to the model of core.game.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import cache
from random import Random

from ..core.data import load_json
from ..core.errors import ChallengeError, Refusal
from ..core.game import Challenge, Game, check_clues
from ..core.position import Placement, Setup
from ..core.sample import GameIndex
from ..core.search import SearchStats
from . import draw, editor, rules, solver
from .rules import (
    PEG_COLOUR,
    PEG_LIMIT,
    PIECE_COLOUR,
    PIECES,
    SHAPES,
    WIDTH,
    Peg,
    Placed,
    location_code,
    pegs_of,
)

__all__ = ["GAME", "PIECES", "SHAPES", "Placed", "Twist", "location_code"]


class Twist(Game):
    name = "twist"
    title = "IQ-Twist"
    piece_ids = tuple(PIECES)
    drawing = draw.TwistDrawing()
    editor_class = editor.TwistEditor

    # --- notation ------------------------------------------------------------------------
    def read(self, text: str) -> tuple[tuple[Placement, ...], Hashable]:
        return rules.read(text)

    example_item = "d2A6"

    def write(self, setup: Setup, placed: Sequence[Placement]) -> str:
        return rules.write(placed, pegs_of(setup))

    def read_challenge(self, text: str) -> Setup:
        return rules.read_challenge(text)

    def empty_challenge(self) -> str:
        return ""

    def read_on(self, setup: Setup, text: str) -> tuple[Placement, ...]:
        pieces, pegs = rules.read(text)
        if pegs and pegs != pegs_of(setup):
            raise ChallengeError("the pegs of this position are not the challenge's pegs")
        return pieces

    def board_of(self, extra: Hashable) -> Setup:
        return rules.board(extra if isinstance(extra, tuple) else ())

    # --- rules ---------------------------------------------------------------------------
    def breaks(self, setup: Setup, placed: Sequence[Placement],
               new: Placement) -> Refusal | None:
        return rules.breaks(setup, placed, new)

    def covers(self, placement: Placement) -> Iterator[str]:
        assert isinstance(placement, Placed)
        return (location_code(index) for index, _ in placement.loops())

    def equivalent(self, setup: Setup, a: Placement, b: Placement) -> bool:
        return rules.equivalent(a, b)

    # --- solver --------------------------------------------------------------------------
    def complete(self, setup: Setup, placed: tuple[Placement, ...], limit: int | None = None,
                 stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[Placement, ...]]:
        return solver.complete(setup, placed, limit, stats, rng)

    def legal(self, setup: Setup, placed: tuple[Placement, ...],
              piece: str | None) -> Iterator[Placement]:
        return solver.legal(setup, placed, piece)

    def canonical_form(self, setup: Setup, placed: Sequence[Placement]) -> str:
        """Pieces a-h, each as its lowest weak twin legal with the pegs, then the pegs."""
        return rules.write(solver.canonical(setup, placed), pegs_of(setup))

    def solution_text(self, setup: Setup, pieces: Sequence[Placement]) -> str:
        """The eight pieces only (RULES.md §6): the pegs are the challenge's. The search
        adds every piece as its lowest legal twin already: only the challenge's own
        pieces, as it wrote them, need turning into theirs."""
        fixed = set(setup.fixed)
        given = solver.canonical(setup, [p for p in pieces if p in fixed])
        return rules.write([*given, *(p for p in pieces if p not in fixed)], ())

    def exact_cover(self, challenge: str) -> tuple[list[list[str]], list[str], list[str]]:
        return solver.exact_cover(self.setup(challenge))

    def load_booklet(self) -> list[Challenge]:
        booklet = []
        for entry in load_json("twist", "challenges.json"):
            setup = self.setup(entry["challenge"])
            pieces, _ = rules.read(entry["solution"])
            booklet.append(Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                                     (self.solution_text(setup, pieces),)))
        return booklet

    # --- generator hooks -----------------------------------------------------------------------
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
        return self.setup("".join(sorted(check_clues(clues)))).text

    def clue_games(self, clue: str, index: GameIndex) -> tuple[int, ...] | None:
        """A peg: the complete games with a hole of its colour under it, in some picture
        of the piece there. Pegs on one piece are not checked together: one game left
        means unique, more may be fewer."""
        pegs = rules.read(clue)[1]
        if len(pegs) != 1:
            return None
        return (_holes(index).get((pegs[0].colour, pegs[0].index), 0),)

    def challenge_twins(self, challenge: str) -> Iterator[str]:
        """Mirrored left to right, top to bottom, and both (RULES.md: pieces turn over)."""
        return rules.challenge_twins(self.setup(challenge))


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
