"""The levels of new challenges, fitted at build time (the pools are made with them:
tools/pools.py), and what checks a challenge against them (the tests, the bench).

A challenge's level comes from the reasoning solver (core/reasoning.py): the hardest
technique a player needs to solve it and how often (`Grade.score`), in the level's band
of scores. The bands are fitted to the booklet, where its levels follow the reasoning
(the boundaries that put the most booklet challenges in their own level); where they do
not (IQ-Focus: its booklet's levels follow no measure), the game declares them by the
techniques alone (`Levels.grades`). Where a fitted band holds too few
challenges for years of daily ones, the game may start it lower (`Levels.starts`: IQ-Steps'
Wizard). Games whose booklet grades by pieces given (`Levels.clues`) also keep a
level to its number of pieces. The pools keep the bands they were made with
(`level_bands`); no pool holds a booklet challenge, or one turned or mirrored
(`challenge_key`, `is_booklet`).
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from ..core.errors import ChallengeError
from ..core.game import LEVELS, Game
from ..core.parts import Generator
from ..core.reasoning import TECHNIQUES, Grade, grade
from ..generate import game_pools, generator_of

MIN_AGREEMENT = 0.3  # a booklet whose levels follow the grade less (Spearman) is not fitted


def grade_of(game: Game[Any], challenge: str) -> Grade:
    """The reasoning solver's grade of a challenge (ChallengeError if it has no solution)."""
    found = grade(game.position(challenge))
    if found is None:
        raise ChallengeError("this challenge has no solution")
    return found


def score(game: Game[Any], challenge: str) -> float:
    """The grade as one number (`Grade.score`): the hardest technique, then how often."""
    return float(grade_of(game, challenge).score)


@cache
def booklet_grades(game: Game[Any]) -> tuple[tuple[str, Grade], ...]:
    """(level, grade) of every booklet challenge with one solution: computed once, for
    the level bands, the rank correlation and the bench alike."""
    return tuple((entry.level, grade_of(game, entry.challenge)) for entry in game.challenges
                 if entry.level in LEVELS and len(entry.solutions) == 1)


def booklet_scores(game: Game[Any]) -> tuple[tuple[str, float], ...]:
    """(level, score) of every booklet challenge with one solution (`booklet_grades`)."""
    return tuple((level, float(found.score)) for level, found in booklet_grades(game))


def rank_correlation(game: Game[Any]) -> float:
    """Spearman's rank correlation between booklet level and grade."""
    scored = booklet_scores(game)
    return spearman([LEVELS.index(level) for level, _ in scored], [value for _, value in scored])


def declared_bands(generator: Generator[Any]) -> dict[str, tuple[float, float]] | None:
    """The bands a game declares by techniques alone (`Levels.grades`: level ->
    "technique" or "technique N", the hardest technique a challenge of the level needs,
    at most N times), or None."""
    if generator.levels.grades is None:
        return None
    bands, low = {}, 0.0
    for level in LEVELS:
        rank, often = _technique(generator.levels.grades[level])
        high = rank * 100 + (often + 1 if often is not None else 100)
        bands[level] = (low, float(high) if level != LEVELS[-1] else math.inf)
        low = float(high)
    return bands


def _technique(text: str) -> tuple[int, int | None]:
    """(rank, how often or None) of a technique as a game declares it: "look 3"."""
    name, _, often = text.partition(" ")
    ranks = {technique.name: technique.rank for technique in TECHNIQUES}
    return ranks[name], int(often) if often else None


def _lowered(generator: Generator[Any], bounds: list[float]) -> list[float]:
    """The bounds of fitted bands (level i is [bounds[i], bounds[i+1])) with the starts
    the game declares (`Levels.starts`: "look 19" starts a level at the score
    of looking one placement ahead 19 times); a start may only lower a level's."""
    bounds = list(bounds)
    for level, text in (generator.levels.starts or {}).items():
        k = LEVELS.index(level)
        rank, often = _technique(text)
        start = float(rank * 100 + (often or 0))
        if not 0 < k or not bounds[k - 1] < start <= bounds[k]:
            raise ChallengeError(f"{level} may start at {text} only below the booklet's fit "
                                 f"({bounds[k]:g}) and above the level before it")
        bounds[k] = start
    return bounds


@cache
def fitted_bands(game: Game[Any]) -> dict[str, tuple[float, float]]:
    """Each level's band of scores [low, high): declared by the game, or fitted to its
    booklet (the boundaries that put the most booklet challenges in their own level, and
    of those the ones that put the others nearest theirs), a level starting lower where
    the game says so (`Levels.starts`: the fitted band holds too few challenges
    for years of dailies)."""
    declared = declared_bands(generator_of(game))
    if declared is not None:
        return declared
    scored = [(LEVELS.index(level), value) for level, value in booklet_scores(game)]
    if spearman([lv for lv, _ in scored], [v for _, v in scored]) < MIN_AGREEMENT:
        raise ChallengeError(f"{game.title}'s booklet levels do not follow the reasoning: "
                             "its generator must declare its levels (Levels.grades)")
    cuts = _fit([lv for lv, _ in scored], [v for _, v in scored], len(LEVELS))
    bounds = _lowered(generator_of(game), [0.0, *cuts, math.inf])
    return {level: (bounds[i], bounds[i + 1]) for i, level in enumerate(LEVELS)}


def _fit(levels: list[int], values: list[float], count: int) -> list[float]:
    """count - 1 increasing cuts among `values` (level i is [cut i, cut i+1)) that put the
    most values in their own level, then the others nearest theirs."""
    distinct = sorted(set(values))
    big = len(values) * count + 1

    def worth(level: int, low: int, high: int) -> int:  # band [distinct[low], distinct[high])
        top = distinct[high] if high < len(distinct) else math.inf
        inside = [lv for lv, v in zip(levels, values, strict=True) if distinct[low] <= v < top]
        return sum(big if lv == level else -abs(lv - level) for lv in inside)

    # best[k][j]: the worth of levels 0..k-1 when level k starts at distinct[j]
    best = [[-math.inf] * (len(distinct) + 1) for _ in range(count + 1)]
    came: list[list[int]] = [[0] * (len(distinct) + 1) for _ in range(count + 1)]
    best[0][0] = 0
    for k in range(count):
        last = k == count - 1
        for j in range(len(distinct)):
            if best[k][j] == -math.inf:
                continue
            for end in ([len(distinct)] if last else range(j + 1, len(distinct))):
                value = best[k][j] + worth(k, j, end)
                if value > best[k + 1][end]:
                    best[k + 1][end], came[k + 1][end] = value, j
    cuts, j = [], len(distinct)
    for k in range(count, 1, -1):
        j = came[k][j]
        cuts.append(distinct[j])
    return sorted(cuts)


def level_bands(game: Game[Any]) -> dict[str, tuple[float, float]]:
    """Score range [low, high) of each level: as the game's pools were made with."""
    found = game_pools(game)
    return dict(found.bands) if found.bands else fitted_bands(game)


def level_of(game: Game[Any], challenge: str) -> str | None:
    """The one level a challenge belongs to: its grade in the level's band and, in games
    graded by pieces given, its number of pieces in the level's range; None if it has not
    exactly one solution or fits no level."""
    if game.strings.count_solutions(challenge, 2) != 1:
        return None
    value = score(game, challenge)
    pieces = len(game.setup(challenge).fixed)
    for level, (low, high) in level_bands(game).items():
        clues = (generator_of(game).levels.clues or {}).get(level)
        if low <= value < high and (clues is None or clues[0] <= pieces <= clues[1]):
            return level
    return None


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation of two lists of values (ties share their mean rank)."""
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = math.fsum(rx) / len(rx), math.fsum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / var if var else 0.0


# --- symmetry and the booklet ----------------------------------------------------------------

def challenge_key(game: Game[Any], challenge: str) -> str:
    """One name for a challenge and its images under the board's symmetries."""
    return min(game.strings.challenge_twins(challenge))


@cache
def booklet_keys(game: Game[Any]) -> frozenset[str]:
    """The keys of every booklet challenge (so of their mirror images and turns too)."""
    return frozenset(challenge_key(game, entry.challenge) for entry in game.challenges)


def is_booklet(game: Game[Any], challenge: str) -> bool:
    """Whether a challenge is a booklet challenge, or one mirrored or turned."""
    return challenge_key(game, challenge) in booklet_keys(game)

