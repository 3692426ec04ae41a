"""The JSON face the browser worker calls: JSON in, JSON out, never an exception."""

import itertools
import json

import pytest

from iqpuzzles import PuzzleError, game, games
from iqpuzzles.api import handle
from iqpuzzles.ops import TEXT, op

GAMES = games()  # the package's, and any a test declares (tests/conftest.py)


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
        played = ask(op="move", game=name, challenge=entry.challenge, placement=placement,
                     item=hint["result"]["placement"])["result"]
        placement = played["placement"]
    assert played["solved"]
    assert ask(op="view", game=name, challenge=entry.challenge,
               placement=placement)["result"]["solved"]


@pytest.mark.parametrize("name", GAMES)
def test_opening_a_challenge_answers_its_start_and_view_in_one(name):
    """The page opens a saved game's challenge (or resumes it) in one call: the op opening
    answers what the start and view ops answer of it, at the saved position if that is a
    position of the challenge, else at the start (the page then sets the game aside)."""
    g = game(name)
    entry, other = g.challenges[0], g.challenges[-1]
    first = ask(op="start", game=name, challenge=entry.challenge)["result"]

    def view_of(placement):
        return ask(op="view", game=name, challenge=entry.challenge, placement=placement)

    hint = ask(op="hint", game=name, challenge=entry.challenge, placement=first)["result"]
    moved = ask(op="move", game=name, challenge=entry.challenge, placement=first,
                item=hint["placement"])["result"]["placement"]
    at_start = {"start": first, "at": first, "view": view_of(first)["result"]}
    cases = {None: at_start, first: at_start,
             moved: {"start": first, "at": moved, "view": view_of(moved)["result"]}}
    # not positions of this challenge: the view op refuses them, opening answers the start
    for wrong in ("", "?!", other.solution, str(g.position(other.challenge, other.solution))):
        if not view_of(wrong)["ok"]:
            cases[wrong] = at_start
    assert len(cases) > 3
    for placement, expected in cases.items():
        answer = ask(op="opening", game=name, challenge=entry.challenge, placement=placement)
        assert answer["result"] == expected, placement
    # a challenge that is not one of the game's: the start op's error, whatever the placement
    for placement in (None, moved):
        refused = ask(op="opening", game=name, challenge="?!", placement=placement)
        assert refused["error"] == ask(op="start", game=name, challenge="?!")["error"]


@pytest.mark.parametrize("name", [name for name in GAMES if game(name).can_generate])
def test_a_daily_comes_with_its_start_and_view_in_one_answer(name):
    """The page opens a daily in one call, and resumes one so: the daily op answers the
    day's challenge with what the op opening answers of it (at the saved position given,
    or the start); a booklet challenge's start and view come built in."""
    from iqpuzzles.daily import daily

    answer = ask(op="daily", game=name, date="2026-11-23")["result"]
    made = daily(game(name), "2026-11-23")
    assert {key: answer[key] for key in made} == made
    assert set(answer) == {*made, "start", "at", "view"}
    assert answer["start"] == ask(op="start", game=name, challenge=made["challenge"])["result"]
    assert answer["view"] == ask(op="view", game=name, challenge=made["challenge"],
                                 placement=answer["start"])["result"]
    assert answer["at"] == answer["start"] == answer["view"]["placement"]
    assert not answer["view"]["solved"]
    hint = ask(op="hint", game=name, challenge=made["challenge"], placement=answer["start"])
    moved = ask(op="move", game=name, challenge=made["challenge"], placement=answer["start"],
                item=hint["result"]["placement"])["result"]["placement"]
    for placement in (None, moved, "?!"):
        resumed = ask(op="daily", game=name, date="2026-11-23", placement=placement)["result"]
        assert resumed == {**made, **ask(op="opening", game=name, challenge=made["challenge"],
                                          placement=placement)["result"]}
    assert ask(op="daily", game=name, date="2026-11-23", placement=moved)["result"]["at"] == moved
    bad = ask(op="daily", game=name, date="2026-02-29")
    assert not bad["ok"] and bad["error"]["type"] == "DateError"


@pytest.mark.parametrize("name", GAMES)
def test_every_location_can_be_previewed_for_every_piece(name):
    g = game(name)
    info = g.page.info()
    entry = g.challenges[0]
    start = g.strings.start_placement(entry.challenge)
    for piece in info["pieces"][:3]:
        for loc in info["board"]["locations"]:
            preview = ask(op="preview", game=name, challenge=entry.challenge, placement=start,
                          piece=piece["id"], orientation=piece["orientations"][0],
                          location=loc["code"])
            assert preview["ok"], preview
            result = preview["result"]
            assert result["legal"] or result["reason"]
            if result["legal"]:  # the spots it says it covers are those the piece takes
                played = ask(op="view", game=name, challenge=entry.challenge,
                             placement=g.strings.play(entry.challenge, start,
                                                      result["placement"]))["result"]
                said = g.vocabulary.piece_name(piece["id"])
                taken = {code for code, words in played["spots"].items() if said in words}
                assert set(result["covers"]) == taken and result["covers"], result["covers"]


def test_challenge_by_id():
    twist = game("twist")
    entry = twist.challenge_by_id("97").to_json()
    assert entry["level"] == "Wizard" and entry["challenge"] == "j4B0k8B0k5D0l3C0"
    with pytest.raises(PuzzleError, match="no challenge"):
        twist.challenge_by_id("2")


def test_errors_are_answers_with_type_and_message():
    bad = ask(op="view", game="twist", challenge="f3C4i6B0j2B0j1C0k3C0l4B0l5C0",
              placement="d2A5f3C4i6B0j2B0j1C0k3C0l4B0l5C0")
    assert bad["ok"] is False
    assert bad["error"] == {"type": "IllegalPlacementError",
                           "message": "d2A5 puts a solid loop on the blue peg at 2B"}
    assert ask(op="info", game="chess")["error"]["type"] == "UnknownGameError"
    assert ask(op="nothing")["error"]["message"] == "unknown op 'nothing'"
    assert "arguments" in ask(op="view", game="twist")["error"]["message"]
    assert json.loads(handle("{not json"))["ok"] is False


def strict(text: str) -> dict:
    def refuse(name):
        raise AssertionError(f"{name} in a reply: JSON.parse refuses it")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("text", ["[" * 5000, "[" * 100000 + "]" * 100000, "{not json", "",
                                  '{"id": NaN, "op": "ping"}', "Infinity", "1e999",
                                  '{"id": 1, "op": "edit", "game": "twist", "draft": Infinity}',
                                  '"\\ud800"', "null", "[]", '{"id": 1}'])
def test_handle_never_raises_and_answers_strict_json(text):
    reply = strict(handle(text))
    assert reply["ok"] is False and reply["error"]["type"] == "RequestError"
    assert reply["id"] in (None, 1) and reply["error"]["message"]


def test_handle_refuses_nan_and_infinity_rather_than_echoing_them():
    reply = strict(handle('{"id": NaN, "op": "ping"}'))
    assert reply["id"] is None and "NaN" in reply["error"]["message"]
    reply = strict(handle('{"id": 3, "op": "edit", "game": "twist", "draft": Infinity, '
                          '"tool": null, "orientation": null, "location": "1A"}'))
    assert reply["id"] is None and "Infinity" in reply["error"]["message"]


@pytest.mark.parametrize(("sent", "answered"), [(7, 7), ("a7", "a7"), (None, None),
                                                (True, None), (1.5, None), ([1], None),
                                                ({"a": 1}, None), (2**70, 2**70)])
def test_ids_come_back_only_when_plain(sent, answered):
    reply = strict(handle(json.dumps({"id": sent, "op": "ping"})))
    assert reply["ok"] and reply["id"] == answered


@pytest.mark.parametrize(("arguments", "words"), [
    ({"limit": "1"}, "argument 'limit' of op 'solutions' must be a whole number from 1 to 100, "
                     "not text"),
    ({"limit": "x"}, "not text"),
    ({"limit": None}, "not null"),
    ({"limit": 0}, "not the number 0"),
    ({"limit": 101}, "not the number 101"),
    ({"limit": 2.0}, "not the number 2.0"),
    ({"limit": True}, "not true"),
    ({"challenge": 5}, "argument 'challenge' of op 'solutions' must be text"),
    ({"challenge": "\ud800"}, "lone surrogate"),
    ({"challenge": "a" * 1001}, "text of 1001 characters"),
    ({"game": None}, "argument 'game' of op 'solutions' must be text"),
    ({"extra": 1}, "op 'solutions' has no argument 'extra' (its arguments: game, challenge, "
                   "limit)"),
])
def test_arguments_of_the_wrong_kind_are_named_in_words(arguments, words):
    request = {"op": "solutions", "game": "twist", "challenge": "", "limit": 1, **arguments}
    reply = ask(**request)
    assert reply["error"]["type"] == "RequestError", reply
    assert words in reply["error"]["message"]


def test_missing_arguments_and_other_ops_are_checked_too():
    assert ask(op="view", game="twist")["error"]["message"] == \
        "op 'view' is missing arguments: challenge, placement"
    assert "argument 'piece' of op 'piece' must be text" in \
        ask(op="piece", game="twist", piece=1, orientation="0")["error"]["message"]
    assert "argument 'piece' of op 'piece' must be text" in \
        ask(op="piece", game="twist", piece=None, orientation="0")["error"]["message"]
    seed = ask(op="generate", game="twist", level="Starter", seed="\ud800")["error"]
    assert seed["type"] == "RequestError" and "'seed'" in seed["message"]
    assert "'seed'" in ask(op="generate", game="twist", level="Starter",
                           seed="x" * 65)["error"]["message"]
    assert ask(op="ping", extra=1)["error"]["message"] == \
        "op 'ping' has no argument 'extra' (it takes none)"
    edit = ask(op="edit", game="twist", draft="", tool=None, orientation=None, location="1A")
    assert edit["ok"] or edit["error"]["type"] != "RequestError"  # null is a tool there


def test_limits_are_capped_where_a_player_would_wait():
    from iqpuzzles import api

    assert api.LIMITS == {"solutions": 100, "verdict": 100}
    assert len(ask(op="solutions", game="twist", challenge="", limit=100)["result"]) == 100
    assert ask(op="verdict", game="twist", draft="", limit=100)["result"]["count"] == 100
    for name in ("solutions", "verdict"):
        key = "draft" if name == "verdict" else "challenge"
        reply = ask(op=name, game="twist", **{key: ""}, limit=101)
        assert f"from 1 to {api.LIMITS[name]}" in reply["error"]["message"]


def test_a_bug_is_an_internal_error_reply_and_the_worker_lives_on(monkeypatch, capsys):
    from iqpuzzles import api

    def broken(game: str) -> dict:
        return {"half": 1 / 0}

    monkeypatch.setitem(api.OPS, "broken", op(broken, game=TEXT))
    reply = ask(op="broken", game="twist")
    assert reply["error"] == {"type": "InternalError", "message":
                              "op 'broken' failed inside Python (ZeroDivisionError: "
                              "division by zero)"}
    assert "ZeroDivisionError" in capsys.readouterr().err  # the traceback, for the console
    assert ask(op="ping")["ok"]


def test_an_answer_that_is_not_strict_json_is_an_internal_error(monkeypatch):
    from iqpuzzles import api

    def not_a_number(game: str) -> float:
        return float("nan")

    monkeypatch.setitem(api.OPS, "nan", op(not_a_number, game=TEXT))
    reply = ask(op="nan", game="twist")
    assert reply["error"]["type"] == "InternalError"
    assert reply["error"]["message"].startswith("the answer cannot be written as JSON")


@pytest.mark.parametrize("name", GAMES)
def test_move_plays_or_refuses_in_one_call_and_returns_the_view(name):
    g = game(name)
    entry = g.challenges[0]
    start = g.strings.start_placement(entry.challenge)
    hint = g.strings.hint(entry.challenge, start)
    moved = ask(op="move", game=name, challenge=entry.challenge, placement=start,
                 item=hint.placement)
    assert moved["ok"], moved
    result = moved["result"]
    assert result["refused"] is None
    assert result["placement"] == g.strings.play(entry.challenge, start, hint.placement)
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
    start = g.strings.start_placement(entry.challenge)
    wrong = next(p for p in g.strings.legal_placements(start, challenge=entry.challenge)
                 if g.strings.count_solutions(entry.challenge, 1) and
                 g.position(entry.challenge, start).play(p).count(1) == 0)
    placement = g.strings.play(entry.challenge, start, wrong)
    result = ask(op="solve", game=name, challenge=entry.challenge, placement=placement)
    assert result["ok"], result
    steps = result["result"]["steps"]
    assert steps[0]["action"] == "remove" and steps[0]["item"] == wrong
    assert all(step["action"] == "play" for step in steps[1:])
    assert g.strings.is_solved(entry.challenge, steps[-1]["placement"])
    assert steps[-1]["view"]["solved"] and not steps[-2]["view"]["solved"]


# --------------------------------------------------------------------------- issue 21


def _garbage_left(request: dict) -> int:
    """Objects in reference cycles one request leaves for a full collection to find."""
    import gc

    handle(json.dumps(request))  # caches filled first: they are not garbage
    gc.collect()
    gc.disable()
    try:
        handle(json.dumps(request))
        return gc.collect()
    finally:
        gc.enable()


@pytest.mark.slow  # seconds a game: a search of the empty board among its requests
@pytest.mark.parametrize("name", GAMES)
def test_no_request_leaves_cyclic_garbage(name):
    """Memory stays flat across requests: a search frees itself when it ends, it does not
    wait for a full collection (IQ-Link's empty board kept 16 to 55 MB per request)."""
    g = game(name)
    entry = g.challenges[0]
    empty = g.editor.empty()
    requests = [
        {"op": "solutions", "challenge": empty, "limit": 5},
        {"op": "verdict", "draft": empty, "limit": 5},
        {"op": "hint", "challenge": entry.challenge, "placement": "", "level": 1},
        {"op": "solve", "challenge": entry.challenge, "placement": ""},
        {"op": "move", "challenge": entry.challenge, "placement": "", "item": "zz"},
        {"op": "generate", "level": "Expert", "seed": 3},
    ]
    for request in requests:
        assert _garbage_left({"id": 1, "game": name, **request}) == 0, request["op"]


@pytest.mark.parametrize("name", GAMES)
def test_a_held_piece_is_checked_once(name, monkeypatch):
    """A preview, a move of the piece held and a piece's view check the piece's name once
    each (core/page.py: each argument is checked where it enters, then trusted), over
    the board's spots, legal or refused, in every orientation of a piece."""
    g = game(name)
    entry = g.challenges[0]
    start = g.strings.start_placement(entry.challenge)
    piece = g.strings.hint(entry.challenge, start).piece
    calls = []
    check_piece = type(g).check_piece

    def counted(self, value):
        calls.append(value)
        return check_piece(self, value)

    monkeypatch.setattr(type(g), "check_piece", counted)
    info = g.page.info()
    orientations = next(p["orientations"] for p in info["pieces"] if p["id"] == piece)
    asked = 0
    for orientation, location in itertools.product(orientations,
                                                   info["board"]["locations"][::5]):
        for asking in ("preview", "move"):
            calls.clear()
            answer = ask(op=asking, game=name, challenge=entry.challenge, placement=start,
                         piece=piece, orientation=orientation, location=location["code"])
            assert "result" in answer and calls == [piece], (asking, orientation, location)
            asked += 1
        calls.clear()
        ask(op="piece", game=name, piece=piece, orientation=orientation)
        assert calls == [piece]
    assert asked >= 2 * len(orientations)


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow)
                                  if name in ("steps", "link") else name for name in GAMES])
def test_one_move_asks_the_rules_once(name, monkeypatch):
    """A move request computes its move once (core/position.py Position.after): the rule
    a placement breaks is asked exactly once, whether the piece is held over the board
    (what a click asks) or played as an item, legal or refused. From a challenge's start,
    so that reading the position plays nothing."""
    g = game(name)
    entry = g.challenges[0]
    start = g.strings.start_placement(entry.challenge)
    calls = []
    breaks = g.rules.breaks

    def counted(*args):
        calls.append(args)
        return breaks(*args)

    monkeypatch.setattr(g.rules, "breaks", counted)
    info = g.page.info()
    hint = g.strings.hint(entry.challenge, start)
    piece = next(p for p in info["pieces"] if p["id"] == hint.piece)
    answers = []
    for orientation, location in itertools.product(piece["orientations"],
                                                   info["board"]["locations"]):
        if True in answers and answers.count(False) > 20:
            break
        calls.clear()
        moved = ask(op="move", game=name, challenge=entry.challenge, placement=start,
                    piece=piece["id"], orientation=orientation,
                    location=location["code"])["result"]
        answers.append(moved["refused"] is None)
        off_board = moved["refused"] is not None and moved["refused"]["rule"] == "off-board" \
            and moved["item"] is None and not calls  # not even written: nothing to ask
        assert len(calls) == 1 or off_board, (location, moved["refused"])
    assert True in answers and False in answers  # both kinds of answer were asked
    position = g.position(entry.challenge, start)
    refused = next(p for p in g.position().legal_placements(hint.piece)  # fine on no board
                   if breaks(position.setup, position.placed, p) is not None)
    for item, legal in ((hint.placement, True), (str(refused), False)):
        calls.clear()
        moved = ask(op="move", game=name, challenge=entry.challenge, placement=start,
                    item=item)["result"]
        assert len(calls) == 1 and (moved["refused"] is None) == legal, moved


def test_a_fetched_data_file_that_cannot_be_read_is_answered_not_whole(tmp_path, monkeypatch):
    """The page's package fetches its pools from the site (core/data.py); a file that came
    cut short (a host halfway through publishing it) is answered DataNotWhole with its
    path, not as a bug, so that the worker forgets it and the page says what it could not
    get. The package's own file, cut short, stays a bug."""
    import shutil
    from importlib import resources

    from iqpuzzles.core import data
    from iqpuzzles.core.pools import pools_of

    package = tmp_path / "iqpuzzles"
    shutil.copytree(resources.files("iqpuzzles").joinpath("data"), package / "data")
    pools = package / "data" / "steps" / "pools.zlib"
    pools.write_bytes(pools.read_bytes()[: pools.stat().st_size // 2])
    monkeypatch.setattr(data.resources, "files", lambda name: package)
    pools_of.cache_clear()
    try:
        with pytest.raises(ValueError, match="not a file of pools"):
            pools_of("steps")  # the package's own: no marker
        (package / "data" / "steps" / "pools.zlib.remote").write_bytes(b"")
        reply = ask(op="daily", game="steps", date="2025-11-26")
        assert reply["ok"] is False
        assert reply["error"]["type"] == "DataNotWhole"
        assert reply["error"]["path"] == "data/steps/pools.zlib"
    finally:
        pools_of.cache_clear()
