"""Fresh challenges: a random complete game, clues taken from it until the solver proves
the solution unique, then graded to the level the player asked for.

Works for any Game object through the hooks it declares (core/game.py):
`random_solution(rng)` (a random complete game), `clue_pool(solution, rng)` (the clues
that game could give, in a random order: pegs in holes, pieces, a colouring...),
`challenge_of(clues)` (the challenge string made of those clues), `difficulty(challenge)`
(SearchStats of solving it and proving it unique) and `level_clues` (games whose booklet
grades by how many pieces are given).

Difficulty is the solver's work (search nodes of the proof of uniqueness). The level
bands come from the booklet: the boundary between two levels is the geometric mean of
their median scores, so a generated Expert challenge costs the solver about what a
booklet Expert does.
"""

from __future__ import annotations

import math
import statistics
from functools import cache
from itertools import combinations

from .core.errors import ChallengeError
from .core.game import LEVELS, Game
from .core.rng import seeded

ATTEMPTS = 40  # random complete games tried before settling for the closest challenge


def score(game: Game, challenge: str) -> float:
    """The difficulty score: search nodes to solve and prove uniqueness."""
    return float(game.difficulty(challenge).nodes)


@cache
def _booklet_scores(game: Game) -> tuple[tuple[str, float], ...]:
    """(level, score) of every booklet challenge with one solution: computed once, for
    the level bands and the rank correlation alike."""
    return tuple((entry.level, score(game, entry.challenge)) for entry in game.challenges
                 if entry.level in LEVELS and len(entry.solutions) == 1)


@cache
def level_bands(game: Game) -> dict[str, tuple[float, float]]:
    """Score range of each level, calibrated on the game's booklet.

    Where the booklet's levels follow the solver's work (rank correlation of at
    least 0.3), the boundary between two levels is the geometric mean of their
    median scores. Where they do not (IQ-Focus: its booklet levels are unrelated to
    any solver measure we tried), the levels are the quintiles of all the booklet's
    scores, so that Starter is still the easiest fifth and Wizard the hardest.
    """
    scored = _booklet_scores(game)
    if _spearman([LEVELS.index(level) for level, _ in scored],
                 [value for _, value in scored]) >= 0.3:
        medians = [statistics.median([v for lv, v in scored if lv == level] or [1.0])
                   for level in LEVELS]
    else:
        ordered = sorted(value for _, value in scored)
        medians = [ordered[int((i + 0.5) * len(ordered) / len(LEVELS))]
                   for i in range(len(LEVELS))]
    # keep them increasing so the bands never overlap
    for i in range(1, len(medians)):
        medians[i] = max(medians[i], medians[i - 1] * 1.05 + 1)
    bounds = [0.0] + [math.sqrt(a * b) for a, b in zip(medians, medians[1:], strict=False)]
    bounds.append(math.inf)
    return {level: (bounds[i], bounds[i + 1]) for i, level in enumerate(LEVELS)}


def rank_correlation(game: Game) -> float:
    """Spearman's rank correlation between booklet level and difficulty score."""
    scored = _booklet_scores(game)
    return _spearman([LEVELS.index(level) for level, _ in scored], [value for _, value in scored])


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


def _spearman(xs: list[float], ys: list[float]) -> float:
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / var if var else 0.0


def level_name(level: str) -> str:
    for known in LEVELS:
        if str(level).strip().lower() == known.lower():
            return known
    raise ChallengeError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")


def generate(game: Game, level: str, seed: int | str) -> str:
    """A challenge with exactly one solution, its score inside the level's band.

    Games whose booklet grades by how many pieces are given (IQ-Steps, IQ-Link:
    `level_clues`) get that many pieces instead, as their booklets do.
    Deterministic: the same game, level and seed give the same challenge.
    """
    level = level_name(level)
    if not game.can_generate:
        raise ChallengeError(f"{game.title} cannot generate challenges")
    rng = seeded(seed, game.name, level)
    clue_range = (game.level_clues or {}).get(level)
    if clue_range is not None:
        return _generate_by_clues(game, level, seed, rng, *clue_range)
    low, high = level_bands(game)[level]
    best: tuple[float, str] | None = None
    for _ in range(ATTEMPTS):
        solution = game.random_solution(rng)
        found = _grade(game, game.clue_pool(solution, rng), low, high)
        if found is None:
            continue
        value, challenge = found
        if low <= value < high:
            return challenge
        # how far from the band's middle, on a log scale (Wizard's band has no top)
        middle = math.sqrt(low * min(high, 4 * low + 1))
        distance = abs(math.log((value + 1) / (middle + 1)))
        if best is None or distance < best[0]:
            best = (distance, challenge)
    if best is None:
        raise ChallengeError(f"no {level} {game.title} challenge found for seed {seed}")
    return best[1]


def _generate_by_clues(game: Game, level: str, seed, rng, fewest: int, most: int) -> str:
    """Give between `fewest` and `most` clues of a random game, fewest first: try
    subsets of that size (a bounded, seeded sample) of several random games until
    the solver proves one unique, then one clue more."""
    tries = game.subsets_per_game
    for size in range(fewest, most + 1):
        for _ in range(game.generate_attempts):
            pool = list(game.clue_pool(game.random_solution(rng), rng))
            subsets = list(combinations(range(len(pool)), min(size, len(pool))))
            rng.shuffle(subsets)
            for subset in subsets[:tries]:
                clues = [pool[i] for i in subset]
                if _unique(game, clues):
                    return game.challenge_of(clues)
    raise ChallengeError(f"no {level} {game.title} challenge found for seed {seed}")


def _unique(game: Game, clues: list[str]) -> bool:
    return game.count_solutions(game.challenge_of(clues), 2) == 1


def _grade(game: Game, pool: list[str], low: float, high: float) -> tuple[float, str] | None:
    """Take clues away while the solution stays unique and the challenge is not yet
    hard enough; None if even every clue leaves several solutions."""
    clues = list(pool)
    if not _unique(game, clues):
        return None
    current = score(game, game.challenge_of(clues))
    for clue in list(reversed(pool)):
        if current >= low or len(clues) <= 1:
            break
        fewer = [c for c in clues if c != clue]
        if not _unique(game, fewer):
            continue
        harder = score(game, game.challenge_of(fewer))
        if harder >= high and current >= low * 0.5:
            continue  # would overshoot the level
        clues, current = fewer, harder
    return current, game.challenge_of(clues)
