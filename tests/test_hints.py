"""The hint ladder: each rung tells a little more, and no more than it should; the
"still solvable?" check says only yes or no."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from iqpuzzles import HintKind, game, games
from iqpuzzles.api import call

GAMES = games(registered=False)  # the package's own games (not the tests' tiny one)

ROOT = Path(__file__).resolve().parents[1]


def _positions_on_the_way(name: str):
    """Every position on the way from a few booklet starts to their solution."""
    g = game(name)
    for entry in g.challenges[::40]:
        position = g.position(entry.challenge)
        solved = next(position.solutions())
        for placement in solved.played:
            yield position
            position = position.play(placement)


@pytest.mark.parametrize("name", GAMES)
def test_each_rung_reveals_no_more_than_it_should(name):
    g = game(name)
    for position in _positions_on_the_way(name):
        look, where, exactly = (position.hint(level) for level in (1, 2, 3))
        assert exactly == position.hint() and exactly.kind is HintKind.PLACE
        assert look.kind is where.kind is HintKind.PLACE
        assert look.piece == where.piece == exactly.piece
        # rung 1 names the piece and why: no placement, at most the one spot it is about
        # (marked, and one the piece covers)
        assert look.placement is None and len(look.locations) <= 1
        assert set(look.locations) <= set(where.locations)
        assert exactly.placement not in look.message
        assert g.vocabulary.piece_name(look.piece) in look.message.lower()
        # rung 2: the spots it covers, not how it is turned
        assert where.placement is None and exactly.placement not in where.message
        assert set(where.locations) == set(g.rules.covers(g.notation.read_item(exactly.placement)))
        assert position.is_solvable


@pytest.mark.parametrize("name", GAMES)
def test_a_hopeless_position_is_not_solvable_and_every_rung_says_take_back(name):
    g = game(name)
    start, wrong = next((start, start.play(p))
                        for start in (g.position(e.challenge) for e in g.challenges)
                        for p in start.legal_placements() if not start.play(p).is_solvable)
    for level in (1, 2, 3):
        assert wrong.hint(level).kind is HintKind.REMOVE
    reply = call({"op": "solvable", "game": name, "challenge": start.challenge,
                  "placement": str(wrong)})
    assert reply["ok"] and reply["result"] == {"solvable": False}


def test_a_hint_level_must_be_a_rung():
    g = game("twist")
    for level in (0, 4, True, "1"):
        reply = call({"op": "hint", "game": "twist", "challenge": "", "placement": "",
                      "level": level})
        assert not reply["ok"] and reply["error"]["type"] in ("PuzzleError", "RequestError")
    assert g.strings.hint("", "", 1).placement is None


def test_the_command_line_hint_climbs_the_ladder():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    challenge = game("twist").challenge_by_id(1).challenge

    def hint(*args: str) -> str:
        done = subprocess.run([sys.executable, "-m", "iqpuzzles", "hint", "twist", challenge,
                               *args], capture_output=True, text=True, env=env, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    first = hint("--level", "1")
    assert first == f"place: {game('twist').strings.hint(challenge, '', 1).message}"
    assert first.startswith("place: Only the yellow piece") and "can still reach" in first
    assert "(spots " in hint("--level", "2") and "g4A7" not in hint("--level", "2")
    assert hint("--notation") == "place: Piece g goes at g4A7."  # the yellow piece


@pytest.mark.parametrize("name", GAMES)
def test_a_hint_asked_again_is_the_one_worked_out_in_the_language_asked(name):
    """The ladder's rungs asked in turn about one position are worked out once
    (core/solving.py remembers the last few): each rung is what a fresh search gives, on
    that position only, and in the language it is asked in, not the one it was first
    asked in."""
    from iqpuzzles.core import solving
    from iqpuzzles.core.i18n import language

    g = game(name)
    positions = list(_positions_on_the_way(name))[:6]
    for position in positions:
        remembered = [position.hint(level) for level in (1, 2, 3)]
        for level, hint in zip((1, 2, 3), remembered, strict=True):
            solving._remembered.cache_clear()  # (worked out afresh)
            assert hint == solving.ladder(position, level)
        worked_out = solving._worked_out(position)[0]
        assert position.hint(3) == worked_out
        with language("de"):
            german = position.hint(3)
            assert german == solving._worked_out(position)[0]
        assert german.placement == worked_out.placement
        assert german.message != worked_out.message, worked_out
    # one position's hint is not another's: the last one asked again after the others
    assert [p.hint(3) for p in positions] == [solving._worked_out(p)[0] for p in positions]
    assert g.position(positions[0].challenge).hint(3) == solving._worked_out(positions[0])[0]
