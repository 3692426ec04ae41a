"""The lists of every complete game shipped as package data (core/sample.py), and the
uniform random games drawn from them."""

import collections
import random
import subprocess
import sys
from pathlib import Path

import pytest

from iqpuzzles import game
from iqpuzzles.core.sample import FILE, complete_games, decode, encode, game_index, uniform_pieces
from iqpuzzles.core.strings import solution_text
from iqpuzzles.generate import random_solution
from iqpuzzles.tools.link_count import EMPTY_BOARD_CANONICAL

ROOT = Path(__file__).resolve().parents[1]
# every complete game of the empty board, modulo the game's symmetry (docs/games/<game>.md)
COUNTS = {"twist": 5992, "focus": 8624, "steps": 8374, "link": EMPTY_BOARD_CANONICAL}
CHEAP = ["focus"]  # enumerated again in seconds (IQ-Twist: by the command, below)


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_the_list_has_every_game_once_in_order(name):
    texts = complete_games(name)
    assert texts is not None and len(texts) == COUNTS[name]
    assert list(texts) == sorted(set(texts))


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_the_file_is_what_encode_writes(name):
    data = (ROOT / "py" / "iqpuzzles" / "data" / name / FILE).read_bytes()
    found, texts = decode(data)
    assert found == name and encode(name, texts) == data
    assert len(data) < 150_000


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_a_sample_of_the_list_are_solved_canonical_games(name):
    g = game(name)
    texts = complete_games(name)
    empty = g.empty_challenge()
    setup = g.setup(empty)
    for text in random.Random(name).sample(texts, 60):
        position = g.position(empty, text)
        assert position.is_solved, text
        assert solution_text(g, setup, position.placed) == text


@pytest.mark.slow  # the whole enumeration again
@pytest.mark.parametrize("name", CHEAP)
def test_the_list_is_the_solvers_whole_enumeration(name):
    g = game(name)
    assert sorted(g.strings.solutions(g.empty_challenge())) == list(complete_games(name))


def test_uniform_games_are_even():
    """IQ-Twist's 5,992 games drawn 30,000 times: the chi-square statistic stays within
    five standard deviations of its mean (a search with random choices was far off:
    400 IQ-Steps draws gave 122 distinct games)."""
    g = game("twist")
    texts = complete_games("twist")
    number = {text: n for n, text in enumerate(texts)}
    rng = random.Random(17)
    draws = 30_000
    counts = collections.Counter(number["".join(str(p) for p in uniform_pieces(g, rng))]
                                 for _ in range(draws))
    expected = draws / len(texts)
    chi2 = sum((counts[n] - expected) ** 2 / expected for n in range(len(texts)))
    freedom = len(texts) - 1
    assert abs(chi2 - freedom) < 5 * (2 * freedom) ** 0.5
    assert max(counts.values()) < 20  # Poisson(5) tops out near 15 over 6,000 games


def test_steps_draws_are_spread_over_its_games():
    g = game("steps")
    rng = random.Random(3)
    drawn = {tuple(str(p) for p in uniform_pieces(g, rng)) for _ in range(400)}
    assert len(drawn) >= 375  # an even pick gives about 391


def test_link_draws_both_twins_of_a_game():
    g = game("link")
    rng = random.Random(5)
    turned = sum(any(p.piece == "A" and p.peg >= 12 for p in uniform_pieces(g, rng))
                 for _ in range(1000))
    assert 430 < turned < 570


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_random_solution_is_a_solved_position_in_playing_order(name):
    g = game(name)
    pieces = random_solution(g, random.Random(11))
    position = g.position().play_all(pieces)  # in the order given: a playing order
    assert position.is_solved


def test_the_index_counts_the_games_holding_some_pieces():
    """IQ-Steps: the games holding a challenge's pieces are its solutions if they could
    be played in any order; IQ-Link (the list keeps one of each 180-degree pair): its
    solutions."""
    steps = game("steps")
    index = game_index(steps)
    for entry in steps.challenges[::7]:
        pieces = steps.setup(entry.challenge).fixed
        assert index.holding(pieces) == steps.strings.count_any_order(entry.challenge, None)
    link = game("link")
    index = game_index(link)
    for entry in link.challenges[::9]:
        pieces = link.setup(entry.challenge).fixed
        assert index.holding(pieces) == link.strings.count_solutions(entry.challenge, None)
    assert index.holding(()) == 2 * EMPTY_BOARD_CANONICAL


def test_clue_games_count_focus_solutions_exactly_and_twist_from_above():
    focus = game("focus")
    index = game_index(focus)
    for entry in focus.challenges[::5]:
        allowed = index.count([focus.generator.clue_games(entry.challenge, index)])
        assert allowed == len(entry.solutions)
    twist = game("twist")
    index = game_index(twist)
    for entry in twist.challenges[::5]:
        pegs = [entry.challenge[k:k + 4] for k in range(0, len(entry.challenge), 4)
                if entry.challenge[k] in "ijkl"]
        allowed = index.count(twist.generator.clue_games(peg, index) for peg in pegs)
        assert allowed >= 1  # its solution is among them (pieces given are not counted)


def test_enumerate_writes_the_shipped_file(tmp_path):
    target = tmp_path / FILE
    done = subprocess.run([sys.executable, "-m", "iqpuzzles.tools.enumeration", "twist",
                           "--output", str(target)], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py"), "PATH": ""},
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() == (ROOT / "py" / "iqpuzzles" / "data" / "twist" /
                                   FILE).read_bytes()
