"""The JSON face the browser worker calls: JSON in, JSON out, never an exception."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iqpuzzles import available_games, game
from iqpuzzles.api import handle

GAMES = available_games()


def ask(**request):
    reply = json.loads(handle(json.dumps({"id": 7, **request})))
    assert reply["id"] == 7
    return reply


def test_ping_names_python_and_games():
    result = ask(op="ping")["result"]
    assert result["python"].startswith("3.") and "twist" in result["games"]


@pytest.mark.parametrize("name", GAMES)
def test_info_describes_pieces_and_board_generically(name):
    info = ask(op="info", game=name)["result"]
    assert info["name"] == name and info["title"]
    for piece in info["pieces"]:
        assert piece["label"] == f"Piece {piece['id']}"
        for orientation in piece["orientations"]:
            assert piece["rotate"][orientation] in piece["orientations"]
            if info["canFlip"]:
                assert piece["flip"][orientation] in piece["orientations"]
    codes = [loc["code"] for loc in info["board"]["locations"]]
    assert len(codes) == len(set(codes)) > 0


@pytest.mark.parametrize("name", GAMES)
def test_play_a_booklet_challenge_through_the_api(name):
    g = game(name)
    entry = g.challenges[0]
    placement = ask(op="start", game=name, challenge=entry.challenge)["result"]
    view = ask(op="view", game=name, challenge=entry.challenge, placement=placement)["result"]
    assert view["shapes"] and not view["solved"]
    for _ in range(len(g.piece_ids)):
        hint = ask(op="hint", game=name, challenge=entry.challenge, placement=placement)
        if hint["result"]["kind"] == "solved":
            break
        played = ask(op="play", game=name, challenge=entry.challenge, placement=placement,
                     item=hint["result"]["placement"])["result"]
        placement = played["placement"]
    assert played["solved"]
    assert ask(op="view", game=name, challenge=entry.challenge,
               placement=placement)["result"]["solved"]


@pytest.mark.parametrize("name", GAMES)
def test_every_location_can_be_previewed_for_every_piece(name):
    g = game(name)
    info = g.info()
    entry = g.challenges[0]
    start = g.start_placement(entry.challenge)
    for piece in info["pieces"][:3]:
        for loc in info["board"]["locations"]:
            preview = ask(op="preview", game=name, challenge=entry.challenge, placement=start,
                          piece=piece["id"], orientation=piece["orientations"][0],
                          location=loc["code"])
            assert preview["ok"], preview
            assert preview["result"]["legal"] or preview["result"]["reason"]


def test_challenge_by_id():
    entry = ask(op="challenge", game="twist", challenge_id="97")["result"]
    assert entry["level"] == "Wizard" and entry["challenge"] == "j4B0k8B0k5D0l3C0"
    assert "no challenge" in ask(op="challenge", game="twist", challenge_id="2")["error"]["message"]


def test_errors_are_answers_with_type_and_message():
    bad = ask(op="play", game="twist", challenge="f3C4i6B0j2B0j1C0k3C0l4B0l5C0",
              placement="f3C4i6B0j2B0j1C0k3C0l4B0l5C0", item="d2A5")
    assert bad["ok"] is False
    assert bad["error"] == {"type": "IllegalPlacementError",
                           "message": "d2A5 puts a solid loop on the blue peg at 2B"}
    assert ask(op="info", game="chess")["error"]["type"] == "UnknownGameError"
    assert ask(op="nothing")["error"]["message"] == "unknown op 'nothing'"
    assert "arguments" in ask(op="view", game="twist")["error"]["message"]
    assert json.loads(handle("{not json"))["ok"] is False


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["op", "game", "challenge", "placement", "item",
                                        "piece", "orientation", "location", "limit"]),
                       st.one_of(st.text(max_size=12), st.integers(), st.none(),
                                 st.sampled_from(["twist", "play", "view", "hint", "a1A0"]))))
def test_fuzz_any_request_gets_a_reply(request):
    reply = json.loads(handle(json.dumps(request)))
    assert reply["ok"] in (True, False)
    if not reply["ok"]:
        assert reply["error"]["message"]


@pytest.mark.parametrize("name", GAMES)
def test_move_plays_or_refuses_in_one_call_and_returns_the_view(name):
    g = game(name)
    entry = g.challenges[0]
    start = g.start_placement(entry.challenge)
    hint = g.hint(entry.challenge, start)
    moved = ask(op="move", game=name, challenge=entry.challenge, placement=start,
                 item=hint.placement)
    assert moved["ok"], moved
    result = moved["result"]
    assert result["refused"] is None
    assert result["placement"] == g.play(entry.challenge, start, hint.placement)
    assert result["view"]["placement"] == result["placement"]
    assert set(result["view"]["pieceAt"].values()) == {hint.piece}
    again = ask(op="move", game=name, challenge=entry.challenge, placement=result["placement"],
                 item=hint.placement)["result"]  # the same piece a second time: refused
    assert again["placement"] == result["placement"] and again["refused"]["message"]
    back = ask(op="move", game=name, challenge=entry.challenge, placement=result["placement"],
                remove=hint.piece)["result"]
    assert back["placement"] == start and not back["view"]["pieceAt"]
    both = ask(op="move", game=name, challenge=entry.challenge, placement=start,
                item=hint.placement, remove=hint.piece)
    assert not both["ok"] and both["error"]["type"] == "RequestError"


@pytest.mark.parametrize("name", GAMES)
def test_solve_returns_every_step_to_a_solution(name):
    g = game(name)
    entry = g.challenges[-1]
    start = g.start_placement(entry.challenge)
    wrong = next(p for p in g.legal_placements(start, challenge=entry.challenge)
                 if g.count_solutions(entry.challenge, 1) and
                 g.position(entry.challenge, start).play(p).count(1) == 0)
    placement = g.play(entry.challenge, start, wrong)
    result = ask(op="solve", game=name, challenge=entry.challenge, placement=placement)
    assert result["ok"], result
    steps = result["result"]["steps"]
    assert steps[0]["action"] == "remove" and steps[0]["item"] == wrong
    assert all(step["action"] == "play" for step in steps[1:])
    assert g.is_solved(entry.challenge, steps[-1]["placement"])
    assert steps[-1]["view"]["solved"] and not steps[-2]["view"]["solved"]
