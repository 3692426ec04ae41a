"""The challenge editor's interface (Game.editor_info/edit/editor_view/editor_preview/
tool_view/verdict) for every game, and its JSON ops."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from iqpuzzles import PuzzleError, game, games
from iqpuzzles.api import handle

GAMES = games(registered=False)
TWIST = game("twist")
FOCUS = game("focus")


def ask(**request):
    return json.loads(handle(json.dumps({"id": 1, **request})))


def first_legal(g, draft, tool, orientation):
    """The first location where `tool` can be put on `draft`, and the new draft."""
    for loc in g.editor.view(draft)["frame"]["locations"]:
        try:
            return loc["code"], g.editor.edit(draft, tool, orientation, loc["code"])
        except PuzzleError:
            continue
    raise AssertionError(f"{tool} fits nowhere on {draft!r}")


# ------------------------------------------------------------------ every game


def page_message_max() -> int:
    """The status line's cap, as web/words/message.js declares it."""
    text = (Path(__file__).resolve().parents[1] / "web" / "words" / "message.js").read_text()
    return int(re.search(r"export const MESSAGE_MAX = (\d+);", text).group(1))


@pytest.mark.parametrize("name", GAMES)
def test_editor_info_lists_drawable_tools(name):
    g = game(name)
    info = g.editor.info()
    assert info["tools"] and info["help"] and info["limit"] >= 2
    # the help is said in the status line, which cuts what is longer than the page's cap
    assert len(info["help"]) <= page_message_max(), info["help"]
    assert len({t["id"] for t in info["tools"]}) == len(info["tools"])
    for tool in info["tools"]:
        assert tool["kind"] in ("piece", "marker") and tool["label"] and tool["colour"]
        for orientation in tool["orientations"]:
            assert tool["rotate"][orientation] in tool["orientations"]
            view = g.editor.tool_view(tool["id"], orientation)
            assert len(view["viewBox"]) == 4 and view["shapes"]
    assert g.editor.view(info["empty"])["draft"] == info["empty"]


@pytest.mark.parametrize("name", GAMES)
def test_the_empty_draft_has_many_solutions(name):
    g = game(name)
    verdict = g.editor.verdict(g.editor.empty(), 5)
    assert verdict == {**verdict, "count": 5, "capped": True, "playable": False}
    assert "At least 5 solutions" in verdict["message"]


@pytest.mark.parametrize("name", GAMES)
def test_booklet_challenges_are_unique_and_playable(name):
    g = game(name)
    entry = next(e for e in g.challenges if len(e.solutions) == 1)
    verdict = g.editor.verdict(entry.challenge)
    assert (verdict["count"], verdict["capped"], verdict["playable"]) == (1, False, True)
    assert verdict["message"].startswith("Exactly one solution")


@pytest.mark.parametrize("name", GAMES)
def test_a_broken_draft_is_an_answer(name):
    g = game(name)
    verdict = g.editor.verdict("#not a challenge#")
    assert verdict["count"] == 0 and not verdict["playable"]
    assert verdict["message"].startswith("This is not a challenge")
    reply = ask(op="edit", game=name, draft="#broken#", tool=None, orientation=None,
                location="xx")
    assert (reply["ok"] is False and reply["error"]["message"]) or \
        reply["result"]["refused"]["message"]


WITH_PIECES = [name for name in GAMES
               if any(t["kind"] == "piece" for t in game(name).editor.info()["tools"])]


def test_every_game_but_focus_edits_with_pieces():
    assert sorted(WITH_PIECES) == ["link", "steps", "twist"]


@pytest.mark.parametrize("name", WITH_PIECES)
def test_put_a_piece_then_take_it_off(name):
    g = game(name)
    tool = next(t for t in g.editor.info()["tools"] if t["kind"] == "piece")
    empty = g.editor.empty()
    where, draft = first_legal(g, empty, tool["id"], tool["orientations"][0])
    assert draft != empty
    g.setup(draft)
    shapes = g.editor.view(draft)["shapes"]
    assert any(s.get("piece") == tool["id"] and s["role"] == "piece" for s in shapes)
    preview = g.editor.preview(empty, tool["id"], tool["orientations"][0], where)
    assert preview.legal and preview.shapes
    assert g.editor.edit(draft, None, None, where) == empty


# ------------------------------------------------------------------ IQ-Twist


def test_twist_pegs_toggle_and_replace():
    draft = TWIST.editor.edit("", "j", "0", "2A")
    assert draft == "j2A0"
    assert TWIST.editor.edit(draft, "j", "0", "2A") == ""  # the same peg: off again
    assert TWIST.editor.edit(draft, "k", "0", "2A") == "k2A0"  # another peg: replaced
    assert TWIST.editor.edit(draft, None, None, "2A") == ""
    with pytest.raises(PuzzleError, match="nothing to take off at 3A"):
        TWIST.editor.edit(draft, None, None, "3A")


def test_twist_peg_counts():
    draft = TWIST.editor.edit("", "i", "0", "1A")
    with pytest.raises(PuzzleError, match="only one red peg"):
        TWIST.editor.edit(draft, "i", "0", "2A")
    draft = TWIST.editor.edit(TWIST.editor.edit("", "l", "0", "1A"), "l", "0", "2A")
    with pytest.raises(PuzzleError, match="only two yellow pegs"):
        TWIST.editor.edit(draft, "l", "0", "3A")
    assert not TWIST.editor.preview(draft, "l", "0", "3A").legal


def test_twist_pegs_only_under_holes_of_their_colour():
    # piece a (red) held at 2A in orientation 0 covers 1A-3A and 2B; which are holes?
    draft = TWIST.editor.edit("", "a", "0", "2A")
    placed = TWIST.position(draft).pieces["a"]
    holes = [i for i, hole in placed.loops() if hole]
    solid = [i for i, hole in placed.loops() if not hole]
    code = TWIST.strings.parse(draft)  # noqa: F841 (documentation: the draft parses)
    from iqpuzzles.twist.vocabulary import location_code
    if holes:
        assert TWIST.editor.edit(draft, "i", "0", location_code(holes[0])).startswith(draft)
        with pytest.raises(PuzzleError, match="blue peg"):
            TWIST.editor.edit(draft, "j", "0", location_code(holes[0]))
    with pytest.raises(PuzzleError, match="solid loop"):
        TWIST.editor.edit(draft, "i", "0", location_code(solid[0]))


def test_twist_at_most_one_piece_and_pieces_move():
    draft = TWIST.editor.edit("", "a", "0", "2A")
    with pytest.raises(PuzzleError, match="at most one piece"):
        TWIST.editor.edit(draft, "b", "0", "6C")
    moved = TWIST.editor.edit(draft, "a", "0", "6C")
    assert moved.startswith("a") and moved != draft and len(moved) == 4
    with pytest.raises(PuzzleError, match="at most one piece"):
        TWIST.editor.verdict("a1A0b5A0")["count"] and None or TWIST.editor.draft("a1A0c5A0")


def test_twist_verdicts_none_one_several():
    entry = TWIST.challenge_by_id("1")
    assert TWIST.editor.verdict(entry.challenge)["count"] == 1
    several = TWIST.editor.verdict("i1A0j2A0")
    assert several["count"] == 10 and not several["capped"]
    assert several["message"].startswith("10 solutions")
    none = TWIST.editor.verdict("i1A0j2A0j3A0")
    assert none["count"] == 0 and none["message"].startswith("No solution")


def test_twist_clicking_a_piece_takes_it_off_before_its_peg():
    draft = TWIST.challenge_by_id("1").challenge  # f3C4 over pegs
    placed = TWIST.position(draft).pieces["f"]
    from iqpuzzles.twist.vocabulary import location_code
    where = location_code(next(i for i, _ in placed.loops()))
    after = TWIST.editor.edit(draft, None, None, where)
    assert "f" not in after[:1] and TWIST.setup(after).extra == TWIST.setup(draft).extra


# ------------------------------------------------------------------ IQ-Focus


def test_focus_colours_go_in_the_centre_only():
    draft = FOCUS.editor.edit("?????????", "R", "0", "31")
    assert draft == "R????????"
    assert FOCUS.editor.edit(draft, "R", "0", "31") == "?????????"
    assert FOCUS.editor.edit(draft, "B", "0", "31") == "B????????"
    assert FOCUS.editor.edit(draft, None, None, "31") == "?????????"
    assert FOCUS.editor.edit(draft, "G", "0", "53") == "R???????G"
    with pytest.raises(PuzzleError, match="nine squares in the middle"):
        FOCUS.editor.edit(draft, "R", "0", "00")
    with pytest.raises(PuzzleError, match="no colour to clear"):
        FOCUS.editor.edit(draft, None, None, "42")
    assert not FOCUS.editor.preview(draft, "W", "0", "00").legal


def test_focus_needs_all_nine_colours_to_play():
    entry = next(e for e in FOCUS.challenges if len(e.solutions) == 1)
    partial = entry.challenge[:4] + "?" + entry.challenge[5:]
    verdict = FOCUS.editor.verdict(partial)
    assert verdict["count"] >= 1
    if verdict["count"] == 1:
        assert not verdict["playable"] and "still needs a colour" in verdict["message"]
    several = next(e for e in FOCUS.challenges if len(e.solutions) > 1)
    verdict = FOCUS.editor.verdict(several.challenge)
    assert verdict["count"] == len(several.solutions) and not verdict["playable"]


# ------------------------------------------------------------------ the JSON ops


def test_ops():
    reply = ask(op="edit", game="twist", draft="", tool="i", orientation="0", location="1A")
    assert reply["ok"] and reply["result"]["draft"] == "i1A0"
    assert reply["result"]["view"]["draft"] == "i1A0"
    assert ask(op="verdict", game="twist", draft="i1A0", limit=3)["result"]["count"] == 3
    assert ask(op="editor_info", game="focus")["result"]["empty"] == "?????????"
    assert ask(op="tool", game="focus", tool="W", orientation="0")["ok"]
    preview = ask(op="editor_preview", game="twist", draft="", tool="a", orientation="0",
                  location="8D")["result"]
    assert preview["legal"] is False and preview["reason"]
    assert ask(op="info", game="twist")["result"]["canGenerate"] is True
    refused = ask(op="edit", game="twist", draft="i1A0", tool="i", orientation="0",
                  location="2A")["result"]  # refused: an answer, with the words and no change
    assert refused["draft"] == "i1A0" and "red peg" in refused["refused"]["message"]
    assert reply["result"]["verdict"]["count"] >= 1  # the verdict comes with the edit
