"""Fresh challenges: clues taken from a uniformly random complete game until the solver
proves the solution unique, graded to the level the player asked for.

Works for any Game object through the hooks it declares (core/game.py):
`random_solution(rng)` (a complete game, uniform over all of them where the package
lists them: core/sample.py), `clue_pool(solution, rng)` (the clues that game could
give, in a random order: pegs in holes, pieces, a colouring...), `challenge_of(clues)`
(the challenge made of them), `challenge_twins(challenge)` (the challenge under the
board's symmetries) and `level_clues` (games whose booklet grades by pieces given).

Difficulty is the solver's work: the search nodes of solving a challenge and proving
its solution unique. Each level is a band of it, calibrated on the booklet: the
boundary between two levels is the geometric mean of their median scores (IQ-Focus,
whose booklet levels follow no solver measure, takes the quintiles instead). A level
is exactly its band (and, where the booklet grades by pieces given, its number of
pieces): no challenge belongs to two levels (`level_of`). Half the seeds of a level
aim below the booklet's median of that level and half above it, so that generated
challenges cost the solver what the booklet's do, median for median.

Every challenge is proven unique by the solver. Where the clues are pieces, they must
also be in no other complete game (counted in the list of every game: for IQ-Steps
this means one solution whatever order the pieces were played in, as nearly all of
its booklet's have). A challenge that is a booklet challenge, or one turned or
mirrored (`challenge_twins`), is never given.

    python -m iqpuzzles.generate --enumerate GAME    # writes data/GAME/games.zlib
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path
from random import Random

from .core import checks
from .core.errors import ChallengeError, PuzzleError, quote
from .core.game import LEVELS, Game
from .core.parts import Generator
from .core.position import Placement, Position
from .core.rng import seeded
from .core.sample import FILE, encode, game_index, uniform_pieces
from .core.search import OutOfBudget, SearchStats

SPREAD = 1.5  # a level's generated challenges cost the solver its booklet median, give or take
LAST_RESORT = 10  # generate_attempts times this many random games, and a seed gives up


@dataclass(frozen=True)
class Band:
    """A level's range of difficulty scores, [low, high), and the booklet's median
    score of the level (`middle`), which half the seeds aim below and half above."""

    low: float
    middle: float
    high: float

    def __contains__(self, value: float) -> bool:
        return self.low <= value < self.high

    @property
    def whole(self) -> tuple[float, float]:
        return self.low, self.high

    def aims(self, upper: bool) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where a seed aims first, and then if that finds nothing: first the lower half
        [low, middle] or the upper half [middle, high) (both hold the median itself:
        many challenges may share it); then the rest of the band on that side of the
        middle within SPREAD of it, so that half the seeds stay above middle / SPREAD
        and half below middle * SPREAD. The whole band when every score in it is within
        SPREAD of the middle anyway."""
        if self.middle / SPREAD <= self.low and self.high <= self.middle * SPREAD:
            return self.whole, self.whole
        if upper:
            return (self.middle, self.high), (max(self.low, self.middle / SPREAD), self.high)
        middle = math.nextafter(self.middle, math.inf)
        return (self.low, middle), (self.low, min(self.high, self.middle * SPREAD))


def score(game: Game, challenge: str) -> float:
    """The difficulty score: search nodes to solve and prove uniqueness."""
    return float(game.position(challenge).difficulty().nodes)


def measure(game: Game, challenge: str, budget: float = math.inf) -> tuple[int, float]:
    """(solutions up to 2, the difficulty score), from one search; (0, inf) when the
    score would reach `budget` (a challenge too hard for the level: the search stops)."""
    setup = game.setup(challenge)
    stats = SearchStats(budget=math.ceil(budget) - 1 if budget < math.inf else budget)
    try:
        found = sum(1 for _ in game.solver.complete(setup, setup.fixed, 2, stats))
    except OutOfBudget:
        return 0, math.inf
    return found, float(stats.nodes)


@cache
def _booklet_scores(game: Game) -> tuple[tuple[str, float], ...]:
    """(level, score) of every booklet challenge with one solution: computed once, for
    the level bands and the rank correlation alike."""
    return tuple((entry.level, score(game, entry.challenge)) for entry in game.challenges
                 if entry.level in LEVELS and len(entry.solutions) == 1)


@cache
def level_targets(game: Game) -> dict[str, Band]:
    """Each level's band of scores, calibrated on the game's booklet.

    Where the booklet's levels follow the solver's work (rank correlation of at
    least 0.3), a level's middle is its booklet median and the boundary between two
    levels the geometric mean of their middles. Where they do not (IQ-Focus: its
    booklet levels are unrelated to any solver measure we tried), the middles are the
    quintiles' middles of all the booklet's scores, so that Starter is still the
    easiest fifth and Wizard the hardest.
    """
    scored = _booklet_scores(game)
    if _spearman([LEVELS.index(level) for level, _ in scored],
                 [value for _, value in scored]) >= 0.3:
        medians = [_median([v for lv, v in scored if lv == level] or [1.0])
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
    return {level: Band(bounds[i], medians[i], bounds[i + 1])
            for i, level in enumerate(LEVELS)}


def level_bands(game: Game) -> dict[str, tuple[float, float]]:
    """Score range [low, high) of each level."""
    return {level: (band.low, band.high) for level, band in level_targets(game).items()}


def level_of(game: Game, challenge: str) -> str | None:
    """The one level a challenge belongs to: its score in the level's band and, in
    games graded by pieces given, its number of pieces in the level's range; None if
    it has not exactly one solution or fits no level."""
    found, value = measure(game, challenge)
    if found != 1:
        return None
    pieces = len(game.setup(challenge).fixed)
    for level, band in level_targets(game).items():
        clues = (_generator(game).level_clues or {}).get(level)
        if value in band and (clues is None or clues[0] <= pieces <= clues[1]):
            return level
    return None


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
    mx, my = math.fsum(rx) / len(rx), math.fsum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = math.sqrt(sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry))
    return cov / var if var else 0.0


def level_name(level: str) -> str:
    for known in LEVELS:
        if isinstance(level, str) and level.strip().lower() == known.lower():
            return known
    raise ChallengeError(f"unknown level {quote(level)}; the levels are {', '.join(LEVELS)}")


# --- symmetry and the booklet ----------------------------------------------------------------

def challenge_key(game: Game, challenge: str) -> str:
    """One name for a challenge and its images under the board's symmetries."""
    return min(game.strings.challenge_twins(challenge))


@cache
def booklet_keys(game: Game) -> frozenset[str]:
    """The keys of every booklet challenge (so of their mirror images and turns too)."""
    return frozenset(challenge_key(game, entry.challenge) for entry in game.challenges)


def is_booklet(game: Game, challenge: str) -> bool:
    """Whether a challenge is a booklet challenge, or one mirrored or turned."""
    return challenge_key(game, challenge) in booklet_keys(game)


# --- the generator -----------------------------------------------------------------------------

def generate(game: Game, level: str, seed: int | str) -> str:
    """A challenge of `level` with exactly one solution, not from the booklet.

    Deterministic: the same game, level and seed give the same challenge. Half the
    seeds aim at the lower half of the level's band, half at the upper; a seed that
    finds nothing there in a quarter of its attempts widens its aim (`Band.aims`).
    """
    seed = check_seed(seed)
    level = level_name(level)
    if not game.can_generate:
        raise ChallengeError(f"{game.title} cannot generate challenges")
    rng = seeded(seed, game.name, level)
    band = level_targets(game)[level]
    first, then = band.aims(upper=rng.random() < 0.5)
    clue_range = (_generator(game).level_clues or {}).get(level)
    attempts = _generator(game).attempts
    for attempt in range(LAST_RESORT * attempts):
        # a quarter of the attempts at the half band, the rest at that side of it, then
        # anywhere in the band (rarely: 1 IQ-Steps Master seed in 300, in no other game)
        window = first if attempt < attempts // 4 else then if attempt < attempts \
            else band.whole
        solution = uniform_pieces(game, rng) or random_solution(game, rng)
        if clue_range is None:
            found = _grade(game, _generator(game).clue_pool(solution, rng), window)
        else:
            found = _choose(game, solution, rng, clue_range, window)
        if found is not None:
            return found
    raise ChallengeError(f"no {level} {game.title} challenge found for seed {seed}")


def _generator(game: Game) -> Generator:
    """The game's generator part; ChallengeError if it makes no new challenges."""
    if game.generator is None:
        raise ChallengeError(f"{game.title} cannot generate challenges")
    return game.generator


def random_solution(game: Game, rng: Random) -> tuple[Placement, ...]:
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
        return checks.text(seed, "a seed")
    if isinstance(seed, int) and not isinstance(seed, bool):
        return checks.whole(seed, "a seed")
    raise PuzzleError(f"a seed is a whole number or text, not {quote(seed)}")


def _median(values: list[float]) -> float:
    """The median, as statistics.median gives it (a module the page need not load)."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _fits(value: float, window: tuple[float, float]) -> bool:
    return window[0] <= value < window[1]


class _Clues:
    """The clues of one complete game, and how many complete games each set of them
    allows (from the list of every game, core/sample.py), where the game can tell."""

    def __init__(self, game: Game, pool: list[str]):
        self.game = game
        self.pool = pool
        self.index = index = game_index(game)
        self.games: dict[str, tuple[int, ...]] = {}
        if index is not None:
            for clue in pool:
                games = _generator(game).clue_games(clue, index)
                if games is None:
                    self.games = {}
                    break
                self.games[clue] = games

        # one bitset per clue: the list writes each game one way only (not IQ-Link)
        self.single = {clue: games[0] for clue, games in self.games.items()
                       if len(games) == 1}

    def alone(self, clues: Sequence[str]) -> bool:
        """Whether the clues allow one complete game only (True when the game cannot
        tell: the solver decides)."""
        if self.index is None or not self.games:
            return True
        if len(self.single) == len(self.games):
            games = self.index.everything
            for clue in clues:
                games &= self.single[clue]
            return games.bit_count() == 1
        return self.index.count(self.games[clue] for clue in clues) == 1

    def measure(self, clues: Sequence[str], budget: float) -> tuple[str, int, float]:
        """(the challenge, its solutions up to 2, its score) as `measure` says; the
        solver runs only if the clues allow one game only."""
        challenge = _generator(self.game).challenge_of(clues)
        if not self.alone(clues):
            return challenge, 2, math.inf
        found, value = measure(self.game, challenge, budget)
        return challenge, found, value


def _grade(game: Game, pool: list[str], window: tuple[float, float]) -> str | None:
    """Take clues away while the solution stays unique and the challenge is not yet
    hard enough (never past the window); the challenge if it ends in the window."""
    clues = _Clues(game, pool)
    kept = list(pool)
    challenge, found, current = clues.measure(kept, window[1])
    if found != 1 or current >= window[1]:
        return None
    for clue in list(reversed(pool)):
        if current >= window[0] or len(kept) <= 1:
            break
        fewer = [c for c in kept if c != clue]
        harder, found, value = clues.measure(fewer, window[1])
        if found == 1 and value < window[1]:
            kept, current, challenge = fewer, value, harder
    if not _fits(current, window) or is_booklet(game, challenge):
        return None
    return challenge


def _choose(game: Game, solution: tuple[Placement, ...], rng: Random,
            clue_range: tuple[int, int], window: tuple[float, float]) -> str | None:
    """Some of the game's pieces (as many as `clue_range` allows) that are in no other
    complete game and can be played first, that the solver proves unique with a score
    in the window; None if the game has none."""
    clues = _Clues(game, _generator(game).clue_pool(solution, rng))
    subsets = [subset for size in range(clue_range[0], clue_range[1] + 1)
               for subset in combinations(clues.pool, size)]
    rng.shuffle(subsets)
    for subset in subsets:
        if not clues.alone(subset):
            continue  # in several complete games (IQ-Steps: played in some order)
        given = [_placement(game, clue) for clue in subset]
        rest = [placed for placed in solution if placed not in given]
        if game.ordering and not all(game.ordering.may_come_next([*rest, placed], placed)
                                     for placed in given):
            continue  # this game needs another piece played first (IQ-Steps)
        challenge, found, value = clues.measure(subset, window[1])
        if found == 1 and _fits(value, window) and not is_booklet(game, challenge):
            return challenge
    return None


@cache
def _placement(game: Game, clue: str) -> Placement:
    return game.notation.read_item(clue)


# --- the lists of every complete game (core/sample.py) --------------------------------------

def enumerate_games(game: Game, progress: bool = False) -> list[str]:
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


def data_path(game: Game) -> Path:
    return Path(__file__).resolve().parent / "data" / game.name / FILE


def main(argv: Sequence[str] | None = None) -> int:
    import argparse  # the command line's only: the page never pays for it

    from . import GAMES
    from . import game as game_named

    parser = argparse.ArgumentParser(prog="python -m iqpuzzles.generate",
                                     description="Writes the list of every complete game "
                                     "that generators draw from (data/GAME/games.zlib).")
    parser.add_argument("--enumerate", metavar="GAME", choices=GAMES, required=True,
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
