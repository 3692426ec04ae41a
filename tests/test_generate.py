"""Generated challenges: exactly one solution, reproducible from the seed, graded."""

import pytest

from iqpuzzles import ChallengeError, available_games, game
from iqpuzzles.core.game import LEVELS
from iqpuzzles.generate import level_bands, rank_correlation

GENERATING = [name for name in available_games() if hasattr(game(name), "random_solution")]


@pytest.mark.parametrize("name", GENERATING)
def test_generated_challenges_have_exactly_one_solution(name):
    g = game(name)
    seen = set()
    for level in LEVELS:
        for seed in range(24):
            challenge = g.generate(level, seed)
            assert g.count_solutions(challenge, 2) == 1, (level, seed, challenge)
            seen.add(challenge)
    # seeds give mostly different challenges (few 2-piece IQ-Steps challenges exist)
    assert len(seen) > 0.6 * 24 * len(LEVELS)


@pytest.mark.parametrize("name", GENERATING)
def test_same_seed_same_challenge(name):
    g = game(name)
    assert g.generate("Expert", 42) == g.generate("Expert", 42)
    assert g.generate("Expert", 42) != g.generate("Expert", 43)


@pytest.mark.parametrize("name", GENERATING)
def test_levels_are_ordered_by_difficulty(name):
    g = game(name)
    bands = level_bands(game(name))
    lows = [bands[level][0] for level in LEVELS]
    assert lows == sorted(lows)
    easy = sum(g.difficulty(g.generate("Starter", s)).nodes for s in range(6))
    hard = sum(g.difficulty(g.generate("Wizard", s)).nodes for s in range(6))
    assert hard > easy


def test_twist_booklet_levels_follow_the_difficulty_score():
    assert rank_correlation(game("twist")) > 0.5


def test_unknown_level_is_a_clear_error():
    with pytest.raises(ChallengeError, match="unknown level"):
        game("twist").generate("Grandmaster", 1)


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
    assert all(game("twist").count_solutions(c, 2) == 1 for c in lines)
