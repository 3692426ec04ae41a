"""New challenges (issue 24): each level's pool is graded by the reasoning solver, holds
no booklet challenge and no challenge twice (turned or mirrored either), and a walk
through it gives every one of them before any comes again; a given challenge has exactly
one solution and its level. The statistics over many seeds (distinct challenges,
technique profiles, times, the agreement with the booklet) are the bench's:
`python -m iqpuzzles bench`."""

import json
import os
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest

from iqpuzzles import ChallengeError, game, games
from iqpuzzles.api import call
from iqpuzzles.core.game import LEVELS
from iqpuzzles.core.pools import decode, encode
from iqpuzzles.core.sample import complete_games, game_index
from iqpuzzles.generate import generate, pick, pool, pool_sizes
from iqpuzzles.tools.levels import (
    booklet_keys,
    challenge_key,
    declared_bands,
    fitted_bands,
    is_booklet,
    level_bands,
    level_of,
    score,
)
from iqpuzzles.tools.pools import FEW, daily_floor

ROOT = Path(__file__).resolve().parents[1]
GENERATING = [name for name in games(registered=False) if game(name).can_generate]


@cache
def keys(name):
    """level -> the keys (modulo the board's symmetry) of its pool's challenges."""
    g = game(name)
    return {level: [challenge_key(g, c) for c in pool(g, level)] for level in LEVELS}


@pytest.mark.parametrize("name", GENERATING)
def test_given_challenges_have_one_solution_and_their_level(name):
    g = game(name)
    for level in LEVELS:
        for seed in (0, 1):
            challenge = generate(g, level, seed)
            assert g.strings.count_solutions(challenge, 2) == 1, (level, challenge)
            assert level_of(g, challenge) == level, (level, challenge)


@pytest.mark.parametrize("name", GENERATING)
def test_no_pool_holds_a_challenge_twice_or_a_booklet_one(name):
    found = keys(name)
    every = [key for level in LEVELS for key in found[level]]
    assert len(every) == len(set(every)), "a challenge (or its twin) is in a pool twice"
    assert not set(every) & booklet_keys(game(name))
    assert all(found[level] for level in LEVELS)


@pytest.mark.parametrize("name", GENERATING)
def test_a_walk_gives_every_challenge_of_the_pool_before_one_comes_again(name):
    g = game(name)
    for level in LEVELS:
        size = len(pool(g, level))
        start = 1234567
        walked = [pick(g, level, start + step) for step in range(size)]
        assert sorted(walked) == sorted(pool(g, level)), level
        assert pick(g, level, start + size) == walked[0]  # then the same order again
    # the walk is seeded: it is not the pool's own order
    first = [pick(g, "Expert", seed) for seed in range(10)]
    assert first != sorted(first)


def test_the_command_line_gives_count_different_challenges():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    done = subprocess.run([sys.executable, "-m", "iqpuzzles", "generate", "steps", "--level",
                           "wizard", "--seed", "5", "--count", "6"], capture_output=True,
                          text=True, env=env, timeout=120)
    lines = done.stdout.split()
    assert done.returncode == 0 and len(lines) == 6 == len(set(lines))
    steps = game("steps")
    assert lines == [generate(steps, "Wizard", seed) for seed in range(5, 11)]
    assert all(steps.strings.count_solutions(c, 2) == 1 for c in lines)


def test_the_walk_says_when_the_pool_is_used_up():
    g = game("steps")
    size = pool_sizes(g)["Wizard"]
    first = call({"op": "new_challenge", "game": "steps", "level": "wizard", "start": 7,
                  "step": 0})["result"]
    assert first == {"challenge": generate(g, "Wizard", 7), "level": "Wizard", "seed": 7,
                     "pool": size, "round": 1, "note": ""}
    again = call({"op": "new_challenge", "game": "steps", "level": "Wizard", "start": 7,
                  "step": size})["result"]
    assert again["challenge"] == first["challenge"] and again["round"] == 2
    assert f"all {size:,} new Wizard challenges" in again["note"]
    bad = call({"op": "new_challenge", "game": "steps", "level": "Wizard", "start": 7,
                "step": -1})
    assert not bad["ok"] and "at least 0" in bad["error"]["message"]


@pytest.mark.parametrize("name", ["steps", "link"])
def test_pieces_given_follow_the_booklet(name):
    g = game(name)
    assert g.generator.levels.clues is not None
    for level in LEVELS:
        fewest, most = g.generator.levels.clues[level]
        assert all(fewest <= len(g.setup(c).fixed) <= most for c in pool(g, level)[::25])


@cache
def steps_wizard_scores():
    """challenge -> grade score of every challenge in IQ-Steps' Wizard pool."""
    steps = game("steps")
    return {challenge: score(steps, challenge) for challenge in pool(steps, "Wizard")}


@pytest.mark.slow
def test_steps_wizard_starts_as_high_as_five_years_of_weekends_allow(monkeypatch):
    """The booklet gives 2 pieces in 18 of its 24 Wizards, 3 in the others. All complete
    games together hold too few such Wizards for five years of daily Wizards, and too few
    of 2 to 5 pieces in the band the booklet fits, so IQ-Steps starts Wizard lower
    (`Levels.starts`): as high as still holds five years of weekends and nine weeks to
    spare, and the pool holds every challenge of its band."""
    steps = game("steps")
    scores = steps_wizard_scores()
    low = level_bands(steps)["Wizard"][0]
    assert min(scores.values()) >= low
    spare = daily_floor("Wizard") + 2 * 9
    assert sum(value > low for value in scores.values()) < spare <= len(scores)
    monkeypatch.setattr(steps.generator, "levels", replace(steps.generator.levels, starts=None))
    fitted = fitted_bands.__wrapped__(steps)["Wizard"][0]  # the booklet's fit alone
    assert low < fitted and sum(value >= fitted for value in scores.values()) \
        < daily_floor("Wizard")
    given = Counter(len(steps.setup(c).fixed) for c in scores)
    assert set(given) == {2, 3, 4, 5} and given[3] > given[2] / 3


def test_a_level_may_start_only_below_the_booklets_fit(monkeypatch):
    steps = game("steps")
    levels = steps.generator.levels
    monkeypatch.setattr(steps.generator, "levels", replace(levels, starts={"Wizard": "guess 5"}))
    with pytest.raises(ChallengeError, match="only below the booklet's fit"):
        fitted_bands.__wrapped__(steps)
    monkeypatch.setattr(steps.generator, "levels", replace(levels, starts={"Master": "spot"}))
    with pytest.raises(ChallengeError, match="above the level before it"):
        fitted_bands.__wrapped__(steps)


@pytest.mark.slow
def test_steps_wizards_of_two_pieces_are_every_one_the_complete_games_hold():
    """Every 2 pieces of every complete game that can be played first, have one solution
    so (the solver's count, the playing order mattering: the list of complete games
    counts more, in any order) and are no booklet challenge: those in the Wizard pool
    (graded in its band: the test above) are all of them but those graded below it."""
    steps = game("steps")
    ordering = steps.ordering
    found = set()
    for text in complete_games("steps"):
        pieces = steps.strings.parse(text)
        # the pieces each one must come after: a pair is played first if it holds them
        after = {p: {q for q in pieces if q != p and not ordering.may_come_next([q, p], p)}
                 for p in pieces}
        for pair in combinations(pieces, 2):
            if after[pair[0]] | after[pair[1]] <= set(pair):
                found.add(tuple(sorted(p.encode() for p in pair)))
    unique = {challenge for challenge in map(steps.generator.challenge_of, found)
              if steps.strings.count_solutions(challenge, 2) == 1
              and not is_booklet(steps, challenge)}
    wizards = {c for c in pool(steps, "Wizard") if len(steps.setup(c).fixed) == 2}
    assert wizards <= unique
    low = level_bands(steps)["Wizard"][0]
    assert all(score(steps, challenge) < low for challenge in unique - wizards)
    index = game_index(steps)  # some of them the list holds in many complete games
    assert any(index.holding(steps.setup(c).fixed) > FEW for c in wizards)


@pytest.mark.parametrize("name", ["steps", pytest.param("link", marks=pytest.mark.slow)])
def test_the_pools_were_made_with_the_bands_the_booklet_fits(name):
    """Bands fitted to the booklet now are the ones the shipped pools were graded with
    (a change to the reasoning solver must remake the pools: python -m iqpuzzles.tools.pools)."""
    g = game(name)
    assert level_bands(g) == fitted_bands(g)


def test_focus_levels_are_the_techniques_alone():
    focus = game("focus")
    bands = declared_bands(focus.generator)
    assert bands == level_bands(focus) == fitted_bands(focus)
    assert bands["Starter"] == (0, 3100)  # up to a gap: no looking ahead
    assert bands["Junior"] == (3100, 4004) and bands["Wizard"][1] == float("inf")
    assert "reasoning" in focus.page.info()["levelsNote"]
    assert "levelsNote" not in game("twist").page.info()


@pytest.mark.parametrize("name", GENERATING)
def test_levels_are_disjoint_bands_that_cover_every_grade(name):
    bands = [level_bands(game(name))[level] for level in LEVELS]
    assert bands[0][0] == 0 and bands[-1][1] == float("inf")
    for (low, high), (after, _) in zip(bands, bands[1:], strict=False):
        assert low < high == after


@pytest.mark.parametrize("name", GENERATING)
def test_same_seed_same_challenge(name):
    g = game(name)
    assert generate(g, "Expert", 42) == generate(g, "Expert", 42) == generate(g, "expert", "42")
    assert generate(g, "Expert", 42) != generate(g, "Expert", 43)
    assert generate(g, "Expert", "warm-up") in pool(g, "Expert")  # text seeds are hashed


def test_twins_are_the_board_symmetries():
    twist = game("twist")
    first = twist.challenge_by_id("1").challenge  # f3C4 and seven pegs
    twins = list(twist.strings.challenge_twins(first))
    assert twins[0] == first and len(set(twins)) == 4
    assert all(twist.strings.count_solutions(twin, 2) == 1 for twin in twins)
    assert {challenge_key(twist, twin) for twin in twins} == {challenge_key(twist, first)}
    assert all(is_booklet(twist, twin) for twin in twins)
    link = game("link")
    entry = link.challenges[0].challenge
    written, turned = link.strings.challenge_twins(entry)
    assert link.strings.count_solutions(turned, None) == link.strings.count_solutions(entry, None)
    assert is_booklet(link, turned)
    steps, focus = game("steps"), game("focus")
    assert list(focus.strings.challenge_twins("RRRBWBBRB")) == ["RRRBWBBRB"]
    assert list(steps.strings.challenge_twins("EFBBGSAHQGCgCDNDAiHFl")) == ["AHQBGSCDNDAiEFBGCgHFl"]
    assert len(booklet_keys(steps)) == len({c.challenge for c in steps.challenges})


def test_steps_any_order_count_of_the_rules_example():
    """docs/games/steps.md §6: `CEQEHu` has 8 completions in any order, 1 challenge first."""
    steps = game("steps")
    assert steps.strings.count_any_order("CEQEHu", None) == 8
    assert steps.strings.count_solutions("CEQEHu", None) == 1
    assert game("twist").strings.count_any_order("f3C4i6B0j2B0j1C0k3C0l4B0l5C0") == 1


def test_the_pool_file_reads_back_what_was_written():
    from iqpuzzles.core.pools import Pools

    made = Pools({"Starter": (0.0, 3002.0), "Wizard": (4044.0, float("inf"))},
                 {"Starter": ("ABC", "ABD", "B"), "Wizard": ()})
    assert decode(encode("steps", made)) == ("steps", made)
    with pytest.raises(ValueError):
        decode(encode("steps", made)[:-3])


def test_unknown_level_is_a_clear_error():
    with pytest.raises(ChallengeError, match="unknown level"):
        generate(game("twist"), "Grandmaster", 1)


def test_the_api_generates_as_the_library_does():
    reply = json.loads(json.dumps(call({"op": "generate", "game": "focus", "level": "Master",
                                        "seed": 3})))
    assert reply["ok"] and reply["result"] == generate(game("focus"), "Master", 3)
