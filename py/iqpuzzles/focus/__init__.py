"""IQ-Focus: ten multicoloured pieces cover a 9x5 board whose two bottom corners are cut
off, so that the centre 3x3 shows the challenge's nine colours.

The game's own parts, one job a module: rules.py (notation, the rules a placement
breaks, symmetry), solver.py (the exact-cover tables), draw.py (the board, the pieces,
the grip, the text drawing), editor.py (the colour markers of the challenge editor).
`Focus` fills core.game.Game's hooks with them; core does every move once.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from functools import cache
from random import Random

from ..core.data import load_json
from ..core.errors import Refusal
from ..core.game import Game, check_clues
from ..core.parts import Generator, Notation, Rules, Solver
from ..core.position import Placement, Setup
from ..core.reasoning import Board
from ..core.sample import GameIndex
from ..core.search import SearchStats
from ..core.types import Challenge
from . import draw, editor, rules, solver
from .lesson import FocusLesson
from .rules import EMPTY_BOARD, PIECES, wanted


class FocusNotation(Notation):
    """Pieces a-j, four characters each (docs/games/focus.md §3); a challenge is the centre's nine
    colours."""

    example_item = "c113"
    empty_challenge = EMPTY_BOARD

    def read(self, text: str) -> tuple[tuple[Placement, ...], Hashable]:
        return rules.read(text), None

    def write(self, setup: Setup, placed: Sequence[Placement]) -> str:
        return rules.write(rules.own(placed))

    def read_challenge(self, text: str) -> Setup:
        return rules.read_challenge(text)

    def board_of(self, extra: Hashable) -> Setup:
        return self.game.setup(EMPTY_BOARD)


class FocusRules(Rules):
    """Pieces on free squares, the centre's colours wanted (docs/games/focus.md §7); no symmetry."""

    def breaks(self, setup: Setup, placed: Sequence[Placement],
               new: Placement) -> Refusal | None:
        return rules.breaks(wanted(setup), rules.own(placed), rules.one(new), self.game.page)

    def covers(self, placement: Placement) -> Iterator[str]:
        return (f"{x}{y}" for x, y, _ in rules.one(placement).squares())

    def equivalent(self, setup: Setup, a: Placement, b: Placement) -> bool:
        return rules.equivalent(rules.one(a), rules.one(b))

    def challenge_twins(self, setup: Setup) -> Iterator[str]:
        """Itself only: the game has no symmetry (rules.challenge_twins)."""
        return iter(rules.challenge_twins(setup.text))


class FocusSolver(Solver):
    """Exact cover of the board's squares, colours as filters (solver.py)."""

    def complete(self, setup: Setup, placed: tuple[Placement, ...], limit: int | None = None,
                 stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[Placement, ...]]:
        return solver.complete(wanted(setup), rules.own(placed), limit, stats, rng)

    def count_completions(self, setup: Setup, limit: int | None) -> int:
        return solver.count(wanted(setup), limit)

    def legal(self, setup: Setup, placed: tuple[Placement, ...],
              piece: str | None) -> Iterator[Placement]:
        return solver.legal(wanted(setup), rules.own(placed), piece)

    def canonical_form(self, setup: Setup, placed: Sequence[Placement]) -> str:
        return rules.canonical_form(rules.own(placed))

    def exact_cover(self, setup: Setup) -> tuple[list[list[str]], list[str], list[str]]:
        return solver.exact_cover(wanted(setup))

    def board(self, setup: Setup, placed: tuple[Placement, ...]) -> Board | None:
        t = solver.tables()
        start = t.start(wanted(setup), rules.own(placed))
        if start is None:
            return None
        alive, uncovered = start
        pieces = ((1 << len(PIECES)) - 1) << rules.CELLS
        on = {p.piece for p in placed}
        todo = uncovered | sum(1 << (rules.CELLS + p) for p, piece in enumerate(PIECES)
                               if piece not in on)
        return Board(t.cover, t.placed, alive, todo, pieces,
                     {i: rules.location_code(i) for i in range(rules.CELLS)},
                     solver.NEIGHBOURS)


class FocusGenerator(Generator):
    """A challenge is all nine centre colours of a tiling. The booklet's levels follow no
    measure of difficulty (its Master is the easiest on every one), so new challenges'
    levels are the techniques' alone: Starter needs no looking ahead, Junior looks one
    placement ahead at most 3 times, Expert at most 9, Master at most 24, Wizard more, or
    two placements ahead."""

    level_grades = {"Starter": "gap", "Junior": "look 3", "Expert": "look 9",
                    "Master": "look 24", "Wizard": "guess"}
    levels_note = ("New challenges are levelled by the reasoning they need: Starter needs no "
                   "looking ahead, Junior looks one piece ahead up to 3 times, Expert up to 9, "
                   "Master up to 24, Wizard more often or two pieces ahead. The booklet's own "
                   "levels follow no such measure.")

    def clue_pool(self, solution: tuple[Placement, ...], rng: Random) -> list[str]:
        return [rules.centre_of(rules.own(solution))]

    def wider_clue_pool(self, solution: tuple[Placement, ...], rng: Random) -> list[str]:
        """The centre's squares one by one (each a centre with that square's colour and
        `?` elsewhere), so that a challenge may leave a square open: the complete games'
        full centres hold too few Wizards for five years of dailies."""
        centre = rules.centre_of(rules.own(solution))
        clues = [rules.ANY * k + colour + rules.ANY * (len(centre) - k - 1)
                 for k, colour in enumerate(centre)]
        rng.shuffle(clues)
        return clues

    def challenge_of(self, clues: Sequence[str]) -> str:
        """The centre the clues show together (`?` where none gives a colour)."""
        given = [self.game.setup(clue).text for clue in check_clues(clues)]  # each checked
        if not given:
            return EMPTY_BOARD
        merged = [next((clue[k] for clue in given if clue[k] != rules.ANY), rules.ANY)
                  for k in range(len(given[0]))]
        return self.game.setup("".join(merged)).text

    def clue_games(self, clue: str, index: GameIndex) -> tuple[int, ...] | None:
        """A centre colouring: the tilings that show it (exactly: their number is the
        challenge's number of solutions)."""
        games = index.everything
        squares = _centre_squares(index)
        for square, colour in enumerate(clue):
            if colour != rules.ANY:
                games &= squares.get((square, colour), 0)
        return (games,)


class Focus(Game):
    name = "focus"
    title = "IQ-Focus"
    help = ("Cover the whole board with the ten pieces so that the nine squares in the "
            "middle show the challenge's colours. Pieces can be turned, not flipped.")
    vocabulary = rules.VOCABULARY
    notation = FocusNotation()
    rules = FocusRules()
    solver = FocusSolver()
    drawing = draw.FocusDrawing()
    lesson = FocusLesson()
    editor_class = editor.FocusEditor
    generator = FocusGenerator()

    def load_booklet(self) -> list[Challenge]:
        entries = []
        for entry in load_json("focus", "challenges.json")["challenges"]:
            solutions = tuple(entry.get("all_solutions") or [entry["solution"]])
            note = (f"This challenge has {len(solutions)} solutions, not one: any of them "
                    "solves it.") if len(solutions) > 1 else ""
            entries.append(Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                                     solutions, note=note))
        return entries


GAME = Focus()


@cache
def _centre_squares(index: GameIndex) -> dict[tuple[int, str], int]:
    """(centre square 0-8, colour) -> the tilings showing that colour there."""
    found: dict[tuple[int, str], int] = {}
    for item, games in index.holders.items():
        for x, y, colour in rules.read_item(item).squares():
            if (x, y) in rules.CENTRE:
                key = (rules.CENTRE.index((x, y)), colour)
                found[key] = found.get(key, 0) | games
    return found
