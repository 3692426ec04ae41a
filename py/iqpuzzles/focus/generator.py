"""How new IQ-Focus challenges are made (iqpuzzles.generate): the centre a tiling shows,
levelled by the reasoning it needs."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from random import Random

from ..core.i18n import mark
from ..core.parts import Generator, Levels
from ..core.sample import GameIndex
from .notation import FocusNotation
from .vocabulary import ANY, CENTRE, EMPTY_BOARD, Placed, centre_of


class FocusGenerator(Generator[Placed]):
    """A challenge is all nine centre colours of a tiling. The booklet's levels follow no
    measure of difficulty (its Master is the easiest on every one), so new challenges'
    levels are the techniques' alone: Starter needs no looking ahead, Junior looks one
    placement ahead at most 3 times, Expert at most 9, Master at most 24, Wizard more, or
    two placements ahead."""

    levels = Levels(
        grades={"Starter": "gap", "Junior": "look 3", "Expert": "look 9", "Master": "look 24",
                "Wizard": "guess"},
        note=mark("New challenges are levelled by the reasoning they need: Starter needs no "
             "looking ahead, Junior looks one piece ahead up to 3 times, Expert up to 9, "
             "Master up to 24, Wizard more often or two pieces ahead. The booklet's own "
             "levels follow no such measure."))
    notation = FocusNotation()  # a clue is a centre, written in it

    def clue_pool(self, solution: tuple[Placed, ...], rng: Random) -> list[str]:
        return [centre_of(solution)]

    def wider_clue_pool(self, solution: tuple[Placed, ...], rng: Random) -> list[str]:
        """The centre's squares one by one (each a centre with that square's colour and
        `?` elsewhere), so that a challenge may leave a square open: the complete games'
        full centres hold too few Wizards for five years of dailies."""
        centre = centre_of(solution)
        clues = [ANY * k + colour + ANY * (len(centre) - k - 1)
                 for k, colour in enumerate(centre)]
        rng.shuffle(clues)
        return clues

    def challenge_of(self, clues: Sequence[str]) -> str:
        """The centre the clues show together (`?` where none gives a colour)."""
        given = [self.notation.read_challenge(clue).text for clue in clues]  # each checked
        if not given:
            return EMPTY_BOARD
        merged = [next((clue[k] for clue in given if clue[k] != ANY), ANY)
                  for k in range(len(given[0]))]
        return self.notation.read_challenge("".join(merged)).text

    def clue_games(self, clue: str, index: GameIndex) -> tuple[int, ...] | None:
        """A centre colouring: the tilings that show it (exactly: their number is the
        challenge's number of solutions)."""
        games = index.everything
        squares = _centre_squares(index, self.notation)
        for square, colour in enumerate(clue):
            if colour != ANY:
                games &= squares.get((square, colour), 0)
        return (games,)


@cache
def _centre_squares(index: GameIndex, notation: FocusNotation) -> dict[tuple[int, str], int]:
    """(centre square 0-8, colour) -> the tilings showing that colour there."""
    found: dict[tuple[int, str], int] = {}
    for item, games in index.holders.items():
        for x, y, colour in notation.read_item(item).squares():
            if (x, y) in CENTRE:
                key = (CENTRE.index((x, y)), colour)
                found[key] = found.get(key, 0) | games
    return found
