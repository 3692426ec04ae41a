"""The picker's small pictures (core/pictures.py): a position's own drawing cut down to
what a picture can show, the booklet's starts packed into one file per game (written at
build time by tools/early.py), and the `pictures` op that draws the player's solutions."""

from __future__ import annotations

import json
import re

import pytest

from iqpuzzles import api, game, games
from iqpuzzles.core.pictures import booklet_pictures, picture, picture_shapes, unpacked

GAMES = games(registered=False)


@pytest.mark.parametrize("name", GAMES)
def test_a_booklet_file_unpacks_to_each_start_drawn_by_the_game(name):
    g = game(name)
    packed = booklet_pictures(g)
    assert packed["box"] == g.page.info()["board"]["viewBox"]
    assert set(packed["starts"]) == {c.id for c in g.challenges}
    for c in g.challenges:
        assert unpacked(packed, c.id) == picture(g, g.position(c.challenge)), c.id
    # each shape written once
    texts = [json.dumps(s, sort_keys=True) for s in packed["shapes"]]
    assert len(texts) == len(set(texts))


@pytest.mark.parametrize("name", GAMES)
def test_a_picture_keeps_what_shows_and_drops_words_and_symbols(name):
    g = game(name)
    c = g.challenges[-1]
    full = g.drawing.board(g.position(c.challenge, c.solution))
    small = picture_shapes(full)
    seen = [s for s in full if s["kind"] not in ("text", "mark")
            and "notation" not in (s.get("tags") or ())]
    assert len(small) == len(seen) and small
    assert {s["kind"] for s in small} == {s["kind"] for s in seen}
    assert not {"text", "mark"} & {s["kind"] for s in small}
    # in drawing order: a later layer never comes first
    layers = [s.get("layer", 0) for s in sorted(seen, key=lambda s: s.get("layer", 0))]
    assert layers == sorted(layers)
    for shape in small:
        assert not {"layer", "role", "piece", "tags"} & set(shape)
        assert None not in shape.values()
        for value in shape.values():
            if isinstance(value, float):
                assert round(value, 2) == value


def test_the_pictures_op_draws_solutions_and_skips_what_is_not_a_position():
    twist = game("twist")
    c = twist.challenge_by_id("1")
    reply = api.call({"id": 1, "op": "pictures", "game": "twist",
                      "challenges": [c.challenge, c.challenge],
                      "placements": [c.solution, "zz"]})
    assert reply["ok"], reply
    solved, broken = reply["result"]
    assert solved == picture(twist, twist.position(c.challenge, c.solution))
    assert broken is None
    # one placement per challenge, and lists of texts only
    for wrong in ({"challenges": [c.challenge], "placements": []},
                  {"challenges": c.challenge, "placements": [c.solution]},
                  {"challenges": [1], "placements": [c.solution]}):
        reply = api.call({"id": 1, "op": "pictures", "game": "twist", **wrong})
        assert not reply["ok"] and reply["error"]["type"] == "RequestError", reply


@pytest.mark.parametrize("name", GAMES)
def test_a_gap_in_the_booklets_numbers_is_explained(name):
    """Where the booklet's numbers jump (IQ-Twist: 1, then 19), info says why, naming the
    numbers left out; a booklet without gaps says nothing."""
    g = game(name)
    ids = [c.id for c in g.challenges]
    numbers = [int(i) for i in ids] if all(re.fullmatch(r"\d+", i) for i in ids) else []
    gaps = [(a + 1, b - 1) for a, b in zip(numbers, numbers[1:], strict=False) if b > a + 1]
    note = g.page.info().get("bookletNote", "")
    if not gaps:
        assert note == ""
        return
    for first, last in gaps:
        assert str(first) in note and str(last) in note, note
    assert not re.search(r"course|test|python", note, re.I), note
