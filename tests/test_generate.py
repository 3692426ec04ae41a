"""Generated challenges: exactly one solution, reproducible from the seed, of exactly the
level asked for, never a booklet challenge (turned or mirrored either), and for IQ-Steps
unique whatever the playing order. The statistics over many seeds (distinct challenges,
difficulty medians against the booklet's, times) are the bench's: `python -m iqpuzzles
bench`."""

from functools import cache

import pytest

from iqpuzzles import ChallengeError, available_games, game
from iqpuzzles.core.game import LEVELS
from iqpuzzles.generate import (
    SPREAD,
    booklet_keys,
    challenge_key,
    generate,
    is_booklet,
    level_bands,
    level_of,
    level_targets,
    rank_correlation,
)

GENERATING = [name for name in available_games() if game(name).can_generate]
SEEDS = range(8)


@cache
def generated(name):
    """level -> the challenges of SEEDS."""
    g = game(name)
    return {level: [generate(g, level, seed) for seed in SEEDS] for level in LEVELS}


@pytest.mark.parametrize("name", GENERATING)
def test_generated_challenges_have_one_solution_and_their_level(name):
    g = game(name)
    for level, challenges in generated(name).items():
        for challenge in challenges:
            assert g.strings.count_solutions(challenge, 2) == 1, (level, challenge)
            assert level_of(g, challenge) == level, (level, challenge)


@pytest.mark.parametrize("name", GENERATING)
def test_generated_challenges_are_not_the_booklets(name):
    g = game(name)
    assert not any(is_booklet(g, c) for cs in generated(name).values() for c in cs)


@pytest.mark.parametrize("name", GENERATING)
def test_seeds_give_different_challenges_modulo_symmetry(name):
    g = game(name)
    for level, challenges in generated(name).items():
        keys = {challenge_key(g, c) for c in challenges}
        assert len(keys) >= len(SEEDS) - 2, level  # IQ-Steps' Wizards are a few hundred


def test_steps_challenges_are_unique_in_any_playing_order():
    steps = game("steps")
    for challenges in generated("steps").values():
        for challenge in challenges:
            assert steps.strings.count_any_order(challenge, 2) == 1, challenge


@pytest.mark.parametrize("name", ["steps", "link"])
def test_pieces_given_follow_the_booklet(name):
    g = game(name)
    assert g.generator.level_clues is not None
    for level, challenges in generated(name).items():
        fewest, most = g.generator.level_clues[level]
        assert all(fewest <= len(g.setup(c).fixed) <= most for c in challenges)


@pytest.mark.parametrize("name", GENERATING)
def test_same_seed_same_challenge(name):
    g = game(name)
    assert generate(g, "Expert", 42) == generate(g, "Expert", 42) == generate(g, "expert", "42")
    assert generate(g, "Expert", 42) != generate(g, "Expert", 43)


@pytest.mark.parametrize("name", GENERATING)
def test_levels_are_disjoint_bands_around_the_booklet_medians(name):
    targets = level_targets(game(name))
    bands = [targets[level] for level in LEVELS]
    assert bands[0].low == 0 and bands[-1].high == float("inf")
    for band, after in zip(bands, bands[1:], strict=False):
        assert band.low < band.middle < band.high == after.low
    for band in bands:
        if band.aims(upper=True) == (band.whole, band.whole):  # narrow: all within SPREAD
            assert band.middle / SPREAD <= band.low and band.high <= band.middle * SPREAD
            continue
        first, then = band.aims(upper=True)  # the upper half, then anything above m / 1.5
        assert first == (band.middle, band.high)
        assert then == (max(band.low, band.middle / SPREAD), band.high)
        first, then = band.aims(upper=False)  # the lower half, then anything below 1.5 m
        assert first[0] == band.low and band.middle < first[1] < then[1] + 1e-9
        assert then == (band.low, min(band.high, band.middle * SPREAD))
    assert list(level_bands(game(name))) == list(LEVELS)


def test_twist_booklet_levels_follow_the_difficulty_score():
    assert rank_correlation(game("twist")) > 0.5


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


def test_unknown_level_is_a_clear_error():
    with pytest.raises(ChallengeError, match="unknown level"):
        generate(game("twist"), "Grandmaster", 1)


def test_generate_cli_prints_count_lines():
    import os
    import subprocess
    import sys
    from pathlib import Path

    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1] / "py"))
    done = subprocess.run([sys.executable, "-m", "iqpuzzles", "generate", "twist", "--level",
                           "junior", "--seed", "5", "--count", "3"], capture_output=True,
                          text=True, env=env, timeout=120)
    lines = done.stdout.split()
    assert done.returncode == 0 and len(lines) == 3
    assert all(game("twist").strings.count_solutions(c, 2) == 1 for c in lines)
