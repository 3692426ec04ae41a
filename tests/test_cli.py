"""The command line contract of DESIGN.md, run as a real process."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from iqpuzzles import available_games, game

ROOT = Path(__file__).resolve().parents[1]


def run(*args, stdin=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "iqpuzzles", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=300)


def test_solve_twist_seed_prints_only_the_canonical_game():
    done = run("solve", "twist", "f3C4i6B0j2B0j1C0k3C0l4B0l5C0")
    assert (done.returncode, done.stdout) == (0, "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0\n")


def test_solve_without_solution_exits_1():
    done = run("solve", "twist", "c2A1")
    assert (done.returncode, done.stdout) == (1, "")


def test_solve_malformed_challenge_exits_2_with_message():
    done = run("solve", "twist", "zzzz")
    assert done.returncode == 2 and "neither a piece" in done.stderr


def test_check_single_exit_codes():
    assert run("check", "twist", "a1A0").returncode == 0
    bad = run("check", "twist", "e1D6")
    assert bad.returncode == 1 and bad.stdout.startswith("illegal: ")


@pytest.mark.parametrize("name", available_games())
def test_solve_stdin_answers_every_booklet_line_in_one_process(name):
    g = game(name)
    entries = g.challenges
    done = run("solve", name, "-", "--limit", "5", stdin="".join(e.challenge + "\n"
                                                                  for e in entries))
    lines = done.stdout.splitlines()
    assert len(lines) == len(entries)
    for entry, line in zip(entries, lines, strict=True):
        assert sorted(line.split(" ")) == sorted(entry.solutions)


def test_check_stdin_answers_thousands_of_lines_in_order():
    twist = game("twist")
    cases = ["a1A0", "e1D6", "a1A", "f3C4j4B0k8B0k5D0l3C0", ""] * 600
    done = run("check", "twist", "-", stdin="\n".join(cases) + "\n")
    lines = done.stdout.splitlines()
    assert len(lines) == len(cases)
    assert lines == [twist.check(c) for c in cases]
    assert lines[:5] == ["ok", "illegal: e1D6 hangs off the board", lines[2], "ok", lines[4]]
    assert lines[2].startswith("malformed: ") and lines[4].startswith("malformed: ")


def test_solve_stdin_with_empty_and_bad_lines_keeps_going():
    done = run("solve", "twist", "-", stdin="c2A1\nqq\nf3C4i6B0j2B0j1C0k3C0l4B0l5C0\n")
    lines = done.stdout.splitlines()
    assert lines[0] == "" and lines[1].startswith("error: ")
    assert lines[2] == "a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0"


def test_show_twist():
    done = run("show", "twist", "a7A7b6A7c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0")
    assert done.returncode == 0 and "  D c e f f F H h h" in done.stdout


def test_unknown_game_is_a_usage_error():
    done = run("solve", "chess", "x")
    assert done.returncode == 2 and "invalid choice" in done.stderr
