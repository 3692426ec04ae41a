"""Fresh challenges: each level's pool (pools.py), walked in a seeded order so that a
player sees no challenge twice before the pool is used up, and the levels themselves.

A challenge's level comes from the reasoning solver (core/reasoning.py): the hardest
technique a player needs to solve it and how often (`Grade.score`), in the level's band
of scores. The bands are fitted to the booklet, where its levels follow the reasoning
(the boundaries that put the most booklet challenges in their own level); where they do
not (IQ-Focus: its booklet's levels follow no measure), the game declares them by the
techniques alone (`Levels.grades`). Where a fitted band holds too few
challenges for years of daily ones, the game may start it lower (`Levels.starts`: IQ-Steps'
Wizard). Games whose booklet grades by pieces given (`Levels.clues`) also keep a
level to its number of pieces.

`generate(game, level, seed)` is the challenge at place `seed` of the level's walk: a
seeded permutation of its pool, so seeds S, S+1, ..., S+N-1 give N different challenges
for any N up to the pool's size (`--count N` on the command line; the page's "New
challenge" walks on from a random start, and says when the pool is used up). The
daily challenges walk their own permutation, one place a day of the level (daily.py).
Every challenge is proven unique by the solver when it is given, and no pool holds a
booklet challenge, or one turned or mirrored (`challenge_twins`).

    python -m iqpuzzles.generate --enumerate GAME    # writes data/GAME/games.zlib
    python -m iqpuzzles.pools GAME                   # writes data/GAME/pools.zlib
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

from .core import checks
from .core.errors import ChallengeError, PuzzleError, quote
from .core.game import LEVELS, Game
from .core.i18n import tr
from .core.parts import Generator
from .core.pools import Pools, pools_of
from .core.position import Placement, Position
from .core.reasoning import TECHNIQUES, Grade, grade
from .core.rng import seeded
from .core.sample import FILE, encode, game_index, uniform_pieces

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


def _booklet_scores(game: Game[Any]) -> tuple[tuple[str, float], ...]:
    """(level, score) of every booklet challenge with one solution."""
    return tuple((level, float(found.score)) for level, found in booklet_grades(game))


def rank_correlation(game: Game[Any]) -> float:
    """Spearman's rank correlation between booklet level and grade."""
    scored = _booklet_scores(game)
    return _spearman([LEVELS.index(level) for level, _ in scored], [value for _, value in scored])


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
    declared = declared_bands(_generator(game))
    if declared is not None:
        return declared
    scored = [(LEVELS.index(level), value) for level, value in _booklet_scores(game)]
    if _spearman([lv for lv, _ in scored], [v for _, v in scored]) < MIN_AGREEMENT:
        raise ChallengeError(f"{game.title}'s booklet levels do not follow the reasoning: "
                             "its generator must declare its levels (Levels.grades)")
    cuts = _fit([lv for lv, _ in scored], [v for _, v in scored], len(LEVELS))
    bounds = _lowered(_generator(game), [0.0, *cuts, math.inf])
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
    found = _pools(game)
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
        clues = (_generator(game).levels.clues or {}).get(level)
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


def _spearman(xs: list[float], ys: list[float]) -> float:
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = math.fsum(rx) / len(rx), math.fsum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / var if var else 0.0


def level_name(level: str) -> str:
    for known in LEVELS:
        if isinstance(level, str) and level.strip().lower() == known.lower():
            return known
    raise ChallengeError(tr("unknown level %(level)s; the levels are %(levels)s",
                            level=quote(level), levels=", ".join(LEVELS)))


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


# --- the pools and their walks ---------------------------------------------------------------

def _pools(game: Game[Any]) -> Pools:
    """The game's pools (ChallengeError if it makes no new challenges)."""
    _generator(game)
    found = pools_of(game.name)
    if found is None:
        raise ChallengeError(tr("%(game)s has no pools of challenges to give", game=game.title))
    return found


def pool(game: Game[Any], level: str) -> tuple[str, ...]:
    """The challenges of a level's pool (sorted)."""
    found = _pools(game).levels.get(level_name(level), ())
    if not found:
        raise ChallengeError(tr("%(game)s has no %(level)s challenges to give",
                                game=game.title, level=level_name(level)))
    return found


def pool_sizes(game: Game[Any]) -> dict[str, int]:
    """How many challenges each level's pool holds."""
    return {level: len(_pools(game).levels.get(level, ())) for level in LEVELS}


@cache
def _walk(game: Game[Any], level: str, salt: str) -> tuple[int, ...]:
    """A seeded permutation of the level's pool: place -> challenge number."""
    order = list(range(len(pool(game, level))))
    seeded(game.name, level, salt).shuffle(order)
    return tuple(order)


def seed_number(seed: int | str) -> int:
    """A seed as a whole number: itself, a text of ASCII digits read as one, other text
    hashed (stably: core/rng.py)."""
    if isinstance(seed, int):
        return seed
    number = checks.digits(seed)
    return seeded(seed, "seed").getrandbits(63) if number is None else number


def place_of(game: Game[Any], level: str, seed: int | str) -> tuple[int, int]:
    """(the seed's place in the level's walk, the pool's size)."""
    size = len(pool(game, level))
    return seed_number(check_seed(seed)) % size, size


def pick(game: Game[Any], level: str, seed: int | str, walk: str = "new") -> str:
    """The challenge at the seed's place of the level's walk (`walk` names the permutation:
    "new" for new challenges, "daily" for the daily ones), not yet proven unique."""
    level = level_name(level)
    place, _ = place_of(game, level, seed)
    return pool(game, level)[_walk(game, level, walk)[place]]


def generate(game: Game[Any], level: str, seed: int | str, walk: str = "new") -> str:
    """A challenge of `level` with exactly one solution, not from the booklet: the one at
    place `seed` of the level's walk (see the module's docstring). Deterministic: the
    same game, level and seed give the same challenge."""
    seed = check_seed(seed)
    level = level_name(level)
    if not game.can_generate:
        raise ChallengeError(tr("%(game)s cannot generate challenges", game=game.title))
    challenge = pick(game, level, seed, walk)
    if game.strings.count_solutions(challenge, 2) != 1:  # the pool is checked; so is this
        raise ChallengeError(f"the {level} pool of {game.title} holds a challenge without "
                             f"exactly one solution: {challenge}")
    return challenge


def _generator(game: Game[Any]) -> Generator[Any]:
    """The game's generator part; ChallengeError if it makes no new challenges."""
    if game.generator is None:
        raise ChallengeError(tr("%(game)s cannot generate challenges", game=game.title))
    return game.generator


def random_solution(game: Game[Any], rng: Random) -> tuple[Placement, ...]:
    """A random complete game: uniform over every complete game where the package lists
    them (data/<game>/games.zlib, core/sample.py), in a playing order; else the first game
    of a search that tries its options in a random order (not uniform)."""
    found = uniform_pieces(game, rng)
    empty = game.setup(game.empty_challenge())
    if found is not None:  # checked, and put in a playing order
        return Position.of(game, empty, found).placed
    return next(game.solver.complete(empty, empty.fixed, 1, rng=rng))


def check_seed(seed: object) -> int | str:
    """A seed: a whole number (at most 100 digits) or text (no lone surrogate: it could
    not be hashed), else a PuzzleError."""
    if isinstance(seed, str):
        return checks.text(seed, tr("a seed"))
    if checks.is_number(seed):
        return checks.whole(seed, tr("a seed"))
    raise PuzzleError(tr("a seed is a whole number or text, not %(seed)s", seed=quote(seed)))


class _Clues:
    """The clues of one complete game, and how many complete games each set of them
    allows (from the list of every game, core/sample.py), where the game can tell."""

    def __init__(self, game: Game[Any], pool: list[str]):
        self.game = game
        self.pool = pool
        self.index = index = game_index(game)
        self.games_of: dict[str, tuple[int, ...]] = {}
        if index is not None:
            for clue in pool:
                games = _generator(game).clue_games(clue, index)
                if games is None:
                    self.games_of = {}
                    break
                self.games_of[clue] = games

        # one bitset per clue: the list writes each game one way only (not IQ-Link)
        self.single = {clue: games[0] for clue, games in self.games_of.items()
                       if len(games) == 1}

    def games(self, clues: Sequence[str]) -> int | None:
        """How many complete games the clues allow, by the list (None when the game cannot
        tell). Where a clue is counted loosely (IQ-Twist's pegs), more may be fewer."""
        if self.index is None or not self.games_of:
            return None
        if len(self.single) == len(self.games_of):
            games = self.index.everything
            for clue in clues:
                games &= self.single[clue]
            return games.bit_count()
        return self.index.count(self.games_of[clue] for clue in clues)

    def alone(self, clues: Sequence[str]) -> bool:
        """Whether the clues allow one complete game only (True when the game cannot
        tell: the solver decides)."""
        found = self.games(clues)
        return found is None or found == 1


# --- the lists of every complete game (core/sample.py) --------------------------------------

def enumerate_games(game: Game[Any], progress: bool = False) -> list[str]:
    """The canonical string of every complete game (every solution of the empty
    challenge), by the game's own solver."""
    found = []
    began = time.perf_counter()
    for text in game.strings.solutions(game.empty_challenge()):
        found.append(text)
        if progress and len(found) % 1000 == 0:
            print(f"{game.name}: {len(found)} games, {time.perf_counter() - began:.0f} s",
                  file=sys.stderr, flush=True)
    return found


def data_path(game: Game[Any]) -> Path:
    return Path(__file__).resolve().parent / "data" / game.name / FILE


def main(argv: Sequence[str] | None = None) -> int:
    import argparse  # the command line's only: the page never pays for it

    from . import game as game_named
    from . import games

    parser = argparse.ArgumentParser(prog="python -m iqpuzzles.generate",
                                     description="Writes the list of every complete game "
                                     "that generators draw from (data/GAME/games.zlib).")
    parser.add_argument("--enumerate", metavar="GAME", choices=games(registered=False),
                        required=True,
                        help="the game to enumerate (IQ-Link takes several minutes)")
    parser.add_argument("--output", type=Path, help="where to write (default: the package)")
    args = parser.parse_args(argv)
    game = game_named(args.enumerate)
    began = time.perf_counter()
    texts = enumerate_games(game, progress=True)
    data = encode(game.name, texts)
    target = args.output or data_path(game)
    target.write_bytes(data)
    print(f"{game.name}: {len(texts)} games in {time.perf_counter() - began:.1f} s; "
          f"{len(data)} bytes written to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
