"""Fresh challenges, at run time: each level's pool (made once, at build time, by
tools/pools.py, and shipped as package data: core/pools.py), walked in a seeded order so
that a player sees no challenge twice before the pool is used up.

`generate(game, level, seed)` is the challenge at place `seed` of the level's walk: a
seeded permutation of its pool, so seeds S, S+1, ..., S+N-1 give N different challenges
for any N up to the pool's size (`--count N` on the command line; the page's "New
challenge" walks on from a random start, and says when the pool is used up). The
daily challenges walk their own permutation, one place a day of the level (daily.py).
Every challenge is proven unique by the solver when it is given, and no pool holds a
booklet challenge, or one turned or mirrored.

What makes the pools is not here: the levels' bands of grades, fitted to the booklet
(tools/levels.py), the pools themselves (tools/pools.py) and the list of every complete
game they are made from (tools/enumeration.py).
"""

from __future__ import annotations

from functools import cache
from random import Random
from typing import Any

from .core import checks
from .core.errors import ChallengeError, PuzzleError, quote
from .core.game import LEVELS, Game
from .core.i18n import tr
from .core.parts import Generator
from .core.pools import Pools, pools_of
from .core.position import Placement, Position
from .core.rng import seeded
from .core.sample import uniform_pieces


def level_name(level: str) -> str:
    for known in LEVELS:
        if isinstance(level, str) and level.strip().lower() == known.lower():
            return known
    raise ChallengeError(tr("unknown level %(level)s; the levels are %(levels)s",
                            level=quote(level), levels=", ".join(LEVELS)))


def generator_of(game: Game[Any]) -> Generator[Any]:
    """The game's generator part; ChallengeError if it makes no new challenges."""
    if game.generator is None:
        raise ChallengeError(tr("%(game)s cannot generate challenges", game=game.title))
    return game.generator


# --- the pools and their walks ---------------------------------------------------------------

def game_pools(game: Game[Any]) -> Pools:
    """The game's pools (ChallengeError if it makes no new challenges)."""
    generator_of(game)
    found = pools_of(game.name)
    if found is None:
        raise ChallengeError(tr("%(game)s has no pools of challenges to give", game=game.title))
    return found


def pool(game: Game[Any], level: str) -> tuple[str, ...]:
    """The challenges of a level's pool (sorted)."""
    found = game_pools(game).levels.get(level_name(level), ())
    if not found:
        raise ChallengeError(tr("%(game)s has no %(level)s challenges to give",
                                game=game.title, level=level_name(level)))
    return found


def pool_sizes(game: Game[Any]) -> dict[str, int]:
    """How many challenges each level's pool holds."""
    return {level: len(game_pools(game).levels.get(level, ())) for level in LEVELS}


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
