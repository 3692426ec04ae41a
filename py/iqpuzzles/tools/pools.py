"""Every level's pool of challenges, made once from the list of every complete game
(core/sample.py) and shipped as package data (core/pools.py): a new challenge is one of
its level's pool, and a player walks the pool in a seeded order (generate.py), so that
no challenge comes twice before the pool is used up.

How a pool is made (`build`), from each complete game (one of each set the board's
symmetry makes the same; at most SAMPLE of them, in a seeded order: IQ-Link lists 25,000)
and the clues its generator part gives (`Generator.clue_pool`: pegs, pieces, a colouring):

- games whose booklet grades by pieces given (`Levels.clues`: IQ-Steps, IQ-Link): for
  each level and each number of pieces it gives, the first few sets of that many of the
  game's pieces (in a seeded order) that leave one solution, can be played first, and
  whose grade is in the level's band;
- the others (IQ-Twist, IQ-Focus): clues are taken away one by one (in a seeded order,
  several times) while the solution stays unique, and each level takes one of the
  challenges on the way whose grade is in its band.

Every challenge has one solution (the list of every complete game says so where the
clues are pieces of one game only, the solver elsewhere; and the solver proves it again
each time one is given), is graded by the reasoning solver (core/reasoning.py), is never
a booklet challenge, and is in one pool only; no two are the same challenge turned or
mirrored. Where the booklet gives a level several numbers of pieces (IQ-Steps' Wizard: 2,
and 3 in 6 of 24), its pool holds them in the booklet's proportions, unless those would
leave it too few for five years of daily challenges without a repeat (`daily_floor`):
then it holds every challenge it has (IQ-Steps' Wizard: of 2 to 5 pieces, in a band that
starts lower than the booklet's fit so that they last some weeks more: steps/__init__.py).
A level still short after the first look at the complete games gets a second (`MORE`
times as many sets of pieces or chains from each, and where the game gives them clues of
a wider kind: IQ-Focus's centre square by square, so a square may be left open), until it
has enough. A level holds at most LIMIT challenges.

    python -m iqpuzzles.tools.pools GAME      # writes data/GAME/pools.zlib (minutes)
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from pathlib import Path
from random import Random
from typing import Any

from .. import game as game_named
from .. import games as game_names
from ..core.game import LEVELS, Game
from ..core.pools import FILE, Pools, encode
from ..core.position import Placement, Position
from ..core.reasoning import Grade, grade
from ..core.rng import seeded
from ..core.sample import complete_games, game_index
from ..core.strings import solution_text
from ..daily import DAILY_YEARS, RHYTHM
from ..generate import generator_of
from . import data_path
from .levels import booklet_keys, challenge_key, fitted_bands

SAMPLE = 9000  # complete games a pool is made from at most (the shipped pools: these)
PER_SIZE = 2  # challenges of one level and one number of pieces a complete game gives
TRIES = 30  # sets of pieces graded per level and number of pieces of one complete game
MORE = 4  # a second look at every complete game for the levels still short of their
# daily floor (`daily_floor`) takes this many times as many of them
LIMIT = 1000  # challenges a level's pool holds at most
ENOUGH = 2 * LIMIT  # a level that has this many stops looking for more
FEW = 64  # clues the list allows at most this many complete games for are tried by the
# solver (all of them where the playing order matters: `Builder.unique`)
CHAINS = 8  # times clues are taken away from one complete game (in other orders)


# --- making them ------------------------------------------------------------------------------

def class_key(game: Game[Any], text: str) -> str:
    """One name for a complete game and its images under the board's symmetries."""
    pieces = game.strings.parse(text)
    empty = game.setup(game.empty_challenge())
    twins = list(game.symmetry.challenge_twins(replace(empty, fixed=tuple(pieces))))
    if len(twins) < 2:
        return text
    return min(solution_text(game, empty, game.notation.read(twin)[0]) for twin in twins)


@dataclass
class Candidate:
    challenge: str
    size: int  # clues given
    grade: Grade


class Clues:
    """The clues of one complete game, and how many complete games each set of them
    allows (from the list of every game, core/sample.py), where the game can tell."""

    def __init__(self, game: Game[Any], pool: list[str]):
        self.game = game
        self.pool = pool
        self.index = index = game_index(game)
        self.games_of: dict[str, tuple[int, ...]] = {}
        if index is not None:
            for clue in pool:
                games = generator_of(game).clue_games(clue, index)
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


class Builder:
    """The pools of one game (see the module's docstring)."""

    def __init__(self, game: Game[Any], bands: dict[str, tuple[float, float]]):
        assert game.generator is not None
        self.game = game
        self.generator = game.generator
        self.bands = bands
        self.booklet = booklet_keys(game)
        self.index = game_index(game)
        self.found: dict[str, dict[int, list[Candidate]]] = {level: {} for level in LEVELS}
        self.graded = 0
        self.games = 0
        self.wanted = set(LEVELS)  # the levels this look at the complete games fills
        self.salt = "pools"
        # levels the game starts lower than the booklet's fit (`Levels.starts`):
        # too scarce to leave any out, they hold every challenge of their band there is
        self.scarce = set(self.generator.levels.starts or ())
        self.more = 1  # how many times PER_SIZE, TRIES and CHAINS this look takes

    def level(self, value: float) -> str | None:
        for level, (low, high) in self.bands.items():
            if low <= value < high:
                return level
        return None

    def unique(self, clues: Clues, subset: Sequence[str]) -> str | None:
        """The challenge the clues make if it has one solution (the list tells at once
        when they are in one complete game; where they are in a few, the solver decides),
        else None. Where the playing order matters (IQ-Steps), the list counts the games
        that hold the pieces in any order: many of them may still leave one solution
        with the challenge's pieces played first, so the solver decides them all."""
        games = clues.games(subset)
        if games == 0 or games is not None and games > FEW and self.game.ordering is None:
            return None
        challenge = self.generator.challenge_of(subset)
        if games == 1 and self.index is not None and self.generator.levels.clues is not None:
            return challenge  # exact for pieces: the solver proves it when it is given
        return challenge if self.game.strings.count_solutions(challenge, 2) == 1 else None

    def grade(self, challenge: str) -> Grade | None:
        self.graded += 1
        return grade(self.game.position(challenge))

    def fresh(self, challenge: str) -> bool:
        return challenge_key(self.game, challenge) not in self.booklet

    def add(self, text: str, number: int) -> None:
        """The challenges one complete game (`text`, its number in the list) gives."""
        game = self.game
        rng = seeded(game.name, self.salt, number)
        pieces = game.strings.parse(text)
        pieces = rng.choice(list(game.symmetry.variants(pieces)))
        empty = game.setup(game.empty_challenge())
        solution = Position.of(game, empty, pieces).placed
        self.games += 1
        if self.generator.levels.clues is not None:
            self.subsets(solution, self.generator.clue_pool(solution, rng), rng)
            return
        tried = set()
        for _ in range(CHAINS * self.more):
            pool = self.clues(solution, rng)
            if tuple(pool) not in tried:
                tried.add(tuple(pool))
                self.chain(pool, rng)

    def clues(self, solution: tuple[Placement, ...], rng: Random) -> list[str]:
        """The clues a chain starts from: on a second look, the wider kind where the game
        gives one (`Generator.wider_clue_pool`)."""
        if self.more > 1:
            wider = self.generator.wider_clue_pool(solution, rng)
            if wider is not None:
                return wider
        return self.generator.clue_pool(solution, rng)

    def short(self) -> bool:
        """Whether a wanted level still has fewer challenges than its daily floor (a
        scarce one always wants more)."""
        return any(level in self.scarce or daily_floor(level) >
                   len({c.challenge for found in self.found[level].values() for c in found})
                   for level in self.wanted)

    def chain(self, pool: list[str], rng: Random) -> None:
        clues = Clues(self.game, pool)
        kept = list(pool)
        challenge = self.unique(clues, kept)
        if challenge is None:
            return
        states = [(challenge, len(kept))]
        for clue in list(reversed(pool)):
            if len(kept) <= 1:
                break
            fewer = [c for c in kept if c != clue]
            harder = self.unique(clues, fewer)
            if harder is not None:
                kept = fewer
                states.append((harder, len(kept)))
        by_level: dict[str, list[Candidate]] = {}
        for challenge, size in states:
            if not self.fresh(challenge):
                continue
            found = self.grade(challenge)
            level = self.level(found.score) if found is not None else None
            if found is not None and level is not None:
                by_level.setdefault(level, []).append(Candidate(challenge, size, found))
        for level, candidates in by_level.items():
            if level in self.wanted and sum(len(c) for c in self.found[level].values()) < ENOUGH:
                self.found[level].setdefault(0, []).append(self.choose(level, candidates, rng))

    def choose(self, level: str, candidates: list[Candidate], rng: Random) -> Candidate:
        """One challenge of a chain for a level: any, on the first look; on a second,
        one not yet found, with the most clues (the closest to the booklet's)."""
        if self.more == 1:
            return rng.choice(candidates)
        known = {c.challenge for found in self.found[level].values() for c in found}
        new = [c for c in candidates if c.challenge not in known] or candidates
        return max(new, key=lambda c: c.size)

    def subsets(self, solution: Sequence[Placement], pool: list[str], rng: Random) -> None:
        game, generator = self.game, self.generator
        assert generator.levels.clues is not None
        clues = Clues(game, pool)
        for level, (fewest, most) in generator.levels.clues.items():
            if level not in self.wanted or \
                    sum(len(c) for c in self.found[level].values()) >= ENOUGH:
                continue
            low, high = self.bands[level]
            for size in range(fewest, most + 1):
                subsets = list(combinations(clues.pool, size))
                rng.shuffle(subsets)
                tries = kept = 0
                for subset in subsets:
                    if tries >= TRIES * self.more or kept >= PER_SIZE * self.more:
                        break
                    if game.ordering is not None:
                        given = [game.notation.read_item(clue) for clue in subset]
                        rest = [p for p in solution if p not in given]
                        if not all(game.ordering.may_come_next([*rest, p], p) for p in given):
                            continue
                    challenge = self.unique(clues, subset)
                    if challenge is None or not self.fresh(challenge):
                        continue
                    tries += 1
                    found = self.grade(challenge)
                    if found is not None and low <= found.score < high:
                        self.found[level].setdefault(size, []).append(
                            Candidate(challenge, size, found))
                        kept += 1

    def pools(self, shares: dict[str, dict[int, int]]) -> dict[str, tuple[str, ...]]:
        """Each level's challenges: one of each set of twins, in the booklet's proportions
        of pieces given (`shares`: level -> pieces given -> booklet challenges), at most
        LIMIT."""
        result = {}
        seen: set[str] = set()
        for level in LEVELS:
            groups = {}
            for size, candidates in sorted(self.found[level].items()):
                unique: list[str] = []
                for candidate in candidates:
                    key = challenge_key(self.game, candidate.challenge)
                    if key not in seen:
                        seen.add(key)
                        unique.append(candidate.challenge)
                groups[size] = unique
            result[level] = tuple(mix(groups, shares.get(level, {}),
                                      seeded(self.game.name, "mix", level),
                                      daily_floor(level)))
        return result


def mix(groups: dict[int, list[str]], share: dict[int, int], rng: Random,
        floor: int = 0) -> list[str]:
    """The challenges of a level, by pieces given, in the proportions of `share` (all of
    them when it has no say), at most LIMIT; where those proportions would hold fewer
    than `floor`, the level has none to spare and holds them all (at most LIMIT, those
    with the fewest pieces first)."""
    wanted = {size: share.get(size, 0) for size in groups} if share else {}
    if not wanted or sum(wanted.values()) == 0 or len(groups) < 2:
        chosen = [text for texts in groups.values() for text in texts]
    else:
        total = sum(wanted.values())
        scale = min(len(groups[size]) * total / count for size, count in wanted.items() if count)
        chosen, spare = [], []
        for size, count in sorted(wanted.items()):  # the spare ones with fewest pieces first
            texts = list(groups[size])
            rng.shuffle(texts)
            kept = math.floor(scale * count / total)
            chosen += texts[:kept]
            spare += texts[kept:]
        if len(chosen) < floor:
            chosen += spare[:LIMIT - len(chosen)]
    if len(chosen) > LIMIT:
        rng.shuffle(chosen)
        chosen = chosen[:LIMIT]
    return sorted(chosen)


def daily_floor(level: str) -> int:
    """The fewest challenges a level's pool holds where it can: enough for DAILY_YEARS
    of the level's daily challenges with none twice (daily.py: each level's days walk its
    pool), so that no player meets a daily again within those years."""
    return math.ceil(DAILY_YEARS * 366 / 7) * RHYTHM.count(level)


def booklet_shares(game: Game[Any]) -> dict[str, dict[int, int]]:
    """level -> pieces given -> how many booklet challenges of the level give that many."""
    found: dict[str, dict[int, int]] = {}
    for entry in game.challenges:
        size = len(game.setup(entry.challenge).fixed)
        found.setdefault(entry.level, {})
        found[entry.level][size] = found[entry.level].get(size, 0) + 1
    return found


def build(game: Game[Any], bands: dict[str, tuple[float, float]], sample: int = SAMPLE,
          progress: bool = False) -> tuple[Pools, Builder]:
    """Every level's pool (see the module's docstring)."""
    texts = complete_games(game.name)
    if not texts:
        raise ValueError(f"{game.title} lists no complete games to make pools from")
    order = list(range(len(texts)))
    seeded(game.name, "pools").shuffle(order)
    builder = Builder(game, bands)
    _look(builder, texts, order, sample, progress)
    shares = booklet_shares(game)
    made = builder.pools(shares)
    short = {level for level in LEVELS
             if level in builder.scarce or len(made[level]) < daily_floor(level)}
    if short:  # a second look, for those levels only, taking more from each game
        builder.wanted, builder.salt, builder.more = short, "more", MORE
        _look(builder, texts, order, sample, progress)
        made = builder.pools(shares)
    return Pools(dict(bands), made), builder


def _look(builder: Builder, texts: Sequence[str], order: list[int], sample: int,
          progress: bool) -> None:
    """The challenges of the complete games in `order` (one of each set of twins, at most
    `sample` of them), for the builder's wanted levels."""
    game = builder.game
    classes: set[str] = set()
    began = time.perf_counter()
    looked = 0
    for number in order:
        if looked >= sample:
            break
        key = class_key(game, texts[number])
        if key in classes:
            continue
        classes.add(key)
        if builder.more > 1 and not builder.short():
            break  # a second look stops as soon as its levels have enough
        builder.add(texts[number], number)
        looked += 1
        if progress and looked % 200 == 0:
            sizes = " ".join(f"{level} {sum(len(c) for c in builder.found[level].values())}"
                             for level in LEVELS)
            print(f"{game.name} ({builder.salt}): {looked} games, {builder.graded} graded, "
                  f"{time.perf_counter() - began:.0f} s: {sizes}", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m iqpuzzles.tools.pools",
                                     description="Writes each level's pool of challenges "
                                     "(data/GAME/pools.zlib); minutes: every one is graded.")
    parser.add_argument("game", choices=game_names(registered=False))
    parser.add_argument("--sample", type=int, default=SAMPLE,
                        help="complete games to make pools from, at most")
    parser.add_argument("--output", type=Path, help="where to write (default: the package)")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    game = game_named(args.game)
    made, builder = build(game, fitted_bands(game), args.sample, progress=True)
    data = encode(game.name, made)
    target = args.output or data_path(game.name, FILE)
    target.write_bytes(data)
    sizes = ", ".join(f"{level} {len(texts)}" for level, texts in made.levels.items())
    print(f"{game.name}: pools from {builder.games} looks at complete games "
          f"({builder.graded} graded) in {time.perf_counter() - began:.1f} s: {sizes}; "
          f"{len(data)} bytes written to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
