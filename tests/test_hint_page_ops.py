"""What the page's hint ladder, "Say when stuck" setting and explanation overlay ask
Python: `move` and `view` say whether the position can still be finished when asked (in
the same call), arguments true/false are checked, and a game may explain a position over
the board (IQ-Steps: the playing order), the others offering nothing."""

from __future__ import annotations

import pytest

from iqpuzzles import game, games
from iqpuzzles.api import call
from iqpuzzles.steps.vocabulary import must_precede

GAMES = games(registered=False)  # the package's own games (not the tests' tiny one)


def ask(op: str, **args) -> dict:
    reply = call({"id": 1, "op": op, **args})
    assert reply["ok"], reply
    return reply["result"]


def stuck_move(name: str) -> tuple[str, str, str]:
    """(challenge, start, item): a legal first move after which the challenge cannot be
    finished."""
    g = game(name)
    for entry in g.challenges:
        start = g.position(entry.challenge)
        for placement in start.legal_placements():
            if not start.play(placement).is_solvable:
                return entry.challenge, str(start), str(placement)
    raise AssertionError(f"{name}: no stuck first move in the booklet")


@pytest.mark.parametrize("name", GAMES)
def test_move_says_whether_the_position_can_still_be_finished_only_when_asked(name):
    challenge, start, bad = stuck_move(name)
    g = game(name)
    good = g.strings.hint(challenge, start).placement
    assert ask("move", game=name, challenge=challenge, placement=start, item=bad,
               solvable=True)["solvable"] is False
    assert ask("move", game=name, challenge=challenge, placement=start, item=good,
               solvable=True)["solvable"] is True
    plain = ask("move", game=name, challenge=challenge, placement=start, item=bad)
    assert "solvable" not in plain and plain["placement"] == g.strings.play(challenge, start, bad)
    after = g.strings.play(challenge, start, bad)
    view = ask("view", game=name, challenge=challenge, placement=after, solvable=True)
    assert view["solvable"] is False and view["placement"] == after
    assert "solvable" not in ask("view", game=name, challenge=challenge, placement=after)
    # stuck: the hint on its first rung already names the piece to take back
    hint = ask("hint", game=name, challenge=challenge, placement=after, level=1)
    assert hint["kind"] == "remove" and hint["piece"]


def test_a_refused_move_asked_whether_solvable_answers_for_the_same_position():
    g = game("twist")
    entry = g.challenges[0]
    start = g.strings.start_placement(entry.challenge)
    fixed = next(iter(g.position(entry.challenge).placed)).piece
    item = next(str(p) for p in g.position().legal_placements(fixed))
    answer = ask("move", game="twist", challenge=entry.challenge, placement=start, item=item,
                 solvable=True)
    assert answer["refused"] and answer["placement"] == start and answer["solvable"] is True


@pytest.mark.parametrize("value", [1, "yes", None, [True]])
def test_solvable_is_true_or_false(value):
    g = game("focus")
    entry = g.challenges[0]
    reply = call({"id": 2, "op": "view", "game": "focus", "challenge": entry.challenge,
                  "placement": g.strings.start_placement(entry.challenge), "solvable": value})
    assert reply["ok"] is False and reply["error"]["type"] == "RequestError"
    assert "true or false" in reply["error"]["message"]


@pytest.mark.parametrize("name", [n for n in GAMES if n != "steps"])
def test_games_without_an_explanation_offer_none(name):
    g = game(name)
    assert "explain" not in g.page.info() and "explain" not in ask("info", game=name)
    entry = g.challenges[0]
    answer = ask("explain", game=name, challenge=entry.challenge,
                 placement=g.strings.start_placement(entry.challenge))
    assert answer == {"message": "", "shapes": []}


def test_steps_explains_the_playing_order_of_the_pieces_on_the_board():
    g = game("steps")
    assert ask("info", game="steps")["explain"] == "Show playing order"
    for entry in g.challenges[::12]:
        position = g.position(entry.challenge)
        answer = ask("explain", game="steps", challenge=entry.challenge,
                     placement=str(position))
        shapes = answer["shapes"]
        assert shapes and all(s["role"] == "explain" for s in shapes)
        pieces = position.placed
        # one numbered badge per piece on the board (nothing of the pieces to come)
        numbers = {s["piece"]: int(s["text"]) for s in shapes if s["kind"] == "text"}
        assert set(numbers) == {p.piece for p in pieces}
        # an arrow for every pair that must come in order, and the numbers keep that order
        before = {(a.piece, b.piece) for a in pieces for b in pieces
                  if a is not b and must_precede(a, b)}
        arrows = {(s["piece"], tag.removeprefix("before-")) for s in shapes
                  if s["kind"] == "polygon" for tag in s["tags"] if tag.startswith("before-")}
        assert arrows == before
        # each number is the piece's step: 1 with nothing before it, else one more than
        # the latest piece that must come before it
        for piece, number in numbers.items():
            assert number == 1 + max((numbers[a] for a, b in before if b == piece), default=0)
        assert len(answer["message"]) <= 160 and not any(
            p.encode() in answer["message"] for p in pieces)


def test_steps_explains_an_empty_board_in_words_only():
    answer = ask("explain", game="steps", challenge="", placement="")
    assert answer["shapes"] == [] and "No pieces" in answer["message"]
