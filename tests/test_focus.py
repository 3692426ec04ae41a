"""IQ-Focus against its spec (docs/games/focus.md) and booklet."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from iqpuzzles import ChallengeError, IllegalPlacementError, PlacementError, PuzzleError, api, game
from iqpuzzles.core import HintKind, geometry
from iqpuzzles.focus import solver
from iqpuzzles.focus.vocabulary import (
    CENTRE,
    EMPTY_BOARD,
    FORMS,
    HEIGHT,
    LOCATIONS,
    PIECES,
    WIDTH,
    Placed,
    centre_of,
    colours_of,
)
from iqpuzzles.generate import generate, random_solution

focus = game("focus")
ROOT = Path(__file__).resolve().parents[1]
SEED_CHALLENGE = "RRRBWBBRB"
SEED_GAME = "a000b013c113d302e323f400g420h522i613j701"
C57 = "BBBBWBBBB"
C57_SOLUTIONS = {
    "a021b102c430d223e402f711g321h000i523j701",
    "a021b102c430d223e402f801g321h000i523j703",
    "a132b611c703d432e211f500g420h100i402j003",
    "a500b103c703d200e513f140g210h522i330j003",
}


def read(text: str) -> tuple[Placed, ...]:
    """The pieces of a placement string, by the game's notation."""
    return focus.notation.read(text)[0]


def viable_piece_placements(placement: str, challenge: str, column: int,
                            row: int) -> set[str] | None:
    """The course's getViablePiecePlacements (docs/games/focus.md §8) with its own
    semantics, written here from the pieces' forms alone: every `PXYO` (orientations 0-3,
    the f/g duplicates included) of a piece not in `placement` that lies on the board,
    covers (column, row), covers no square of `placement` (not validated: its squares
    are just marked, overlaps included) and agrees with the challenge; None (not an
    empty set) when none."""
    used = {placement[k] for k in range(0, len(placement), 4)}
    taken = {(x, y) for k in range(0, len(placement), 4)
             for x, y, _ in read(placement[k:k + 4])[0].squares()}
    found = set()
    for piece in PIECES:
        for orientation, form in enumerate(FORMS[piece] if piece not in used else ()):
            for dx, dy, _ in form.squares:
                x0, y0 = column - dx, row - dy
                squares = [(x0 + sx, y0 + sy, colour) for sx, sy, colour in form.squares]
                if 0 <= x0 < WIDTH and 0 <= y0 < HEIGHT \
                        and all((x, y) in LOCATIONS and (x, y) not in taken
                                for x, y, _ in squares) \
                        and all(challenge[CENTRE.index((x, y))] in ("?", colour)
                                for x, y, colour in squares if (x, y) in CENTRE):
                    found.add(f"{piece}{x0}{y0}{orientation}")
    return found or None


def items(text: str) -> list[str]:
    return [text[i:i + 4] for i in range(0, len(text), 4)]


def centre_colours(placement: str) -> str:
    return centre_of(read(placement))



# --- the booklet (docs/games/focus.md §9) -------------------------------------------------------

def test_every_booklet_solution_shows_its_challenges_colours():
    """(The solutions themselves are checked for every game: tests/test_conformance.py.)"""
    for entry in focus.challenges:
        for solution in entry.solutions:
            assert centre_colours(solution) == entry.challenge


def test_booklet_has_120_challenges_24_per_level():
    assert [e.id for e in focus.challenges] == [str(i) for i in range(1, 121)]
    for n, level in enumerate(["Starter", "Junior", "Expert", "Master", "Wizard"]):
        assert {e.level for e in focus.challenges[24 * n:24 * n + 24]} == {level}
    assert focus.challenge_by_id(1).challenge == SEED_CHALLENGE


def test_challenge_57_has_four_solutions_and_says_so():
    entry = focus.challenge_by_id("57")
    assert entry.challenge == C57
    assert set(entry.solutions) == C57_SOLUTIONS and len(entry.solutions) == 4
    assert entry.solution == "a021b102c430d223e402f711g321h000i523j701"  # the course's first
    assert "4 solutions" in entry.note
    assert set(focus.strings.solutions(C57)) == C57_SOLUTIONS
    assert focus.strings.count_solutions(C57, None) == 4
    for solution in C57_SOLUTIONS:
        assert focus.strings.is_solved(C57, solution)
        assert focus.strings.hint(C57, solution).kind == "solved"
    assert focus.challenge_by_id("57").to_json()["solutions"] == list(entry.solutions)
    # every other challenge is unique
    assert [e.id for e in focus.challenges if len(e.solutions) != 1] == ["57"]


# --- worked examples (docs/games/focus.md §11) ----------------------------------------------------

def test_seed_challenge_solves_to_the_seed_game():
    assert list(focus.strings.solutions(SEED_CHALLENGE)) == [SEED_GAME]
    assert focus.strings.check(SEED_GAME) == "ok"
    assert focus.strings.validate(SEED_GAME).is_solved
    assert focus.strings.is_solved(SEED_CHALLENGE, SEED_GAME)


def test_show_draws_the_seed_game_colours_as_the_spec_does():
    lines = focus.strings.show(SEED_GAME).splitlines()
    assert lines[:6] == [
        "   012345678",
        "0  GWRBWWWGG",
        "1  GRBRRRBWG",
        "2  GGWBWBBWW",
        "3  BWRBRBWWR",
        "4   WRBRGGR",
    ]
    assert lines[7:] == [
        "   012345678",
        "0  aaadfffjj",
        "1  bacdddiij",
        "2  bcceggihj",
        "3  bbceegghj",
        "4   bceehhh",
    ]


def test_show_partial_and_empty():
    lines = focus.strings.show("d302").splitlines()
    assert lines[1] == "0  ...B....."
    assert lines[2] == "1  ...RRR..."
    assert lines[5] == "4   ......."
    assert focus.strings.show("").splitlines()[5] == "4   ......."


def test_step_by_step_squares_of_the_seed_pictures():
    def covered(item):
        return {f"{x}{y}": c for x, y, c in read(item)[0].squares()}
    assert covered("a000") == {"00": "G", "10": "W", "20": "R", "11": "R"}
    assert covered("b013") == {"01": "G", "02": "G", "03": "B", "13": "W", "14": "W"}
    assert covered("d302") == {"30": "B", "31": "R", "41": "R", "51": "R"}
    assert covered("e323") == {"32": "B", "33": "B", "43": "R", "34": "B", "44": "R"}


def test_strict_symmetry_example():
    assert focus.strings.canonical("f402") == "f400"
    assert focus.strings.canonical("g422") == "g420"
    assert focus.strings.canonical("g323f013") == "f011g321"
    assert read("f402")[0].cells == read("f400")[0].cells
    assert colours_of(read("g422")) == colours_of(read("g420")) == {
        (4, 2): ("W", "g"), (5, 2): ("B", "g"), (5, 3): ("B", "g"), (6, 3): ("W", "g")}


def test_the_course_example_of_viable_focus_placements_at_a_location():
    assert viable_piece_placements("j001", "RRRRRWRWW", 0, 2) == {"f011", "f013"}
    assert viable_piece_placements("j011", "RRRRRWRWW", 0, 2) is None
    # the course's placements are the game's legal ones there, each move once
    position = focus.position("RRRRRWRWW", "j001")
    legal = {str(p) for p in position.legal_placements()
             if "02" in focus.rules.covers(p)}
    assert {str(focus.notation.read_item(p).canonical()) for p in
            viable_piece_placements("j001", "RRRRRWRWW", 0, 2)} == legal == {"f011"}


def test_viable_placements_mark_squares_without_validating():
    found = viable_piece_placements("d302e132j020", "RRRRRRRRR", 8, 3)
    assert found and all(p[0] not in "dej" for p in found)


@pytest.mark.parametrize("text", ["c030", "a023"])
def test_off_the_board_through_a_missing_corner(text):
    assert focus.strings.is_well_formed(text)
    assert focus.strings.check(text).startswith("illegal: ")
    assert "not on the board" in focus.strings.check(text)


# --- board and pieces (docs/games/focus.md §1-5) --------------------------------------------------

def test_board_has_43_locations_without_04_and_84():
    assert len(LOCATIONS) == 43
    assert (0, 4) not in LOCATIONS and (8, 4) not in LOCATIONS
    assert [f"{x}{y}" for x, y in LOCATIONS] == \
        json.loads((ROOT / "py/iqpuzzles/data/focus/pieces.json").read_text())["board"][
            "locations"]
    assert CENTRE[0] == (3, 1) and CENTRE[4] == (4, 2) and CENTRE[8] == (5, 3)


def test_pieces_sizes_and_colours():
    assert [len(FORMS[p][0].squares) for p in PIECES] == [4, 5, 5, 4, 5, 3, 4, 5, 3, 5]
    assert sum(len(FORMS[p][0].squares) for p in PIECES) == 43
    art = {"a": ["GWR", ".R."], "f": ["WWW"], "j": ["GGWR", "G..."]}
    for piece, rows in art.items():
        drawn = {(x, y): c for y, row in enumerate(rows) for x, c in enumerate(row) if c != "."}
        assert {(dx, dy): c for dx, dy, c in FORMS[piece][0].squares} == drawn


def test_orientations_are_clockwise_quarter_turns_of_orientation_0():
    """Orientation k = k quarter turns clockwise, (dx, dy) -> (-dy, dx), then shifted."""
    for piece in PIECES:
        base = {(dx, dy): c for dx, dy, c in FORMS[piece][0].squares}
        cells = dict(base)
        for orientation in range(1, 4):
            cells = {(-y, x): c for (x, y), c in cells.items()}
            min_x = min(x for x, _ in cells)
            min_y = min(y for _, y in cells)
            cells = {(x - min_x, y - min_y): c for (x, y), c in cells.items()}
            got = {(dx, dy): c for dx, dy, c in FORMS[piece][orientation].squares}
            assert got == cells, f"{piece}{orientation}"
            assert sorted(got) == geometry.normalise(
                geometry.rotate_cw(list({(dx, dy) for dx, dy, _ in
                                         FORMS[piece][orientation - 1].squares})))


def test_only_f_and_g_have_strict_symmetry_and_no_piece_weak():
    for piece in PIECES:
        shapes = FORMS[piece]
        colours = [sorted(s.squares) for s in shapes]
        cells = [sorted((dx, dy) for dx, dy, _ in s.squares) for s in shapes]
        strict = [o for o in range(4) if colours.index(colours[o]) != o]
        assert strict == ([2, 3] if piece in "fg" else []), piece
        weak = [o for o in range(4) if cells.index(cells[o]) != o and o not in strict]
        assert weak == [], piece
        assert [s.canonical for s in shapes] == ([0, 1, 0, 1] if piece in "fg"
                                                  else [0, 1, 2, 3])


# --- well-formedness (docs/games/focus.md §6) ----------------------------------------------------


def test_ordering_is_not_required():
    assert focus.strings.is_well_formed("b013a000")
    assert str(focus.strings.validate("j701a000")) == "a000j701"
    assert [str(p) for p in focus.strings.parse("j701a000")] == ["a000", "j701"]



@pytest.mark.parametrize("text", [None, 4, 4.0, b"a000", ["a000"]])
def test_non_text_is_malformed(text):
    with pytest.raises(PlacementError):
        read(text)
    with pytest.raises(PuzzleError):
        focus.strings.parse(text)
    assert focus.strings.check(text).startswith("malformed: ")


# --- validity (docs/games/focus.md §7) -----------------------------------------------------------


# --- challenges -----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "words"), [
    ("", "9 colours"),
    ("RRRBWBBR", "8 characters"),
    ("RRRBWBBRBW", "10 characters"),
    ("RRRBWBBRX", "character 9"),
    ("YRRBWBBRB", "not one of W R B G"),
    ("rrrbwbbrb", "upper case"),
    ("a000b013c", "character 1"),
    (None, "text"),
])
def test_malformed_challenge_raises_a_clear_challenge_error(text, words):
    with pytest.raises(ChallengeError, match=words):
        focus.setup(text)
    with pytest.raises(ChallengeError, match=words):
        list(focus.strings.solutions(text))
    with pytest.raises(ChallengeError):
        focus.strings.start_placement(text)
    assert isinstance(ChallengeError(""), ValueError)


@pytest.mark.slow
def test_wildcard_empty_board_has_the_8624_colour_blind_tilings():
    """The `?` extension: nine of them is the empty board of the benchmark."""
    assert focus.empty_challenge() == EMPTY_BOARD == "?????????"
    tilings = list(focus.strings.solutions(EMPTY_BOARD))
    assert len(tilings) == len(set(tilings)) == 8624
    # docs/games/focus.md §9 background facts: 5727 centre patterns, 4006 of them unique
    patterns: dict[str, int] = {}
    for tiling in tilings:
        key = centre_colours(tiling)
        patterns[key] = patterns.get(key, 0) + 1
    assert len(patterns) == 5727
    assert sum(1 for n in patterns.values() if n == 1) == 4006
    assert patterns[C57] == 4 and patterns[SEED_CHALLENGE] == 1


def test_partial_wildcards_and_counts():
    assert focus.strings.count_solutions("RRRBWBBR?", None) >= 1
    assert focus.strings.count_solutions(EMPTY_BOARD, 5) == 5
    assert focus.strings.count_solutions(SEED_CHALLENGE, 0) == 0
    assert list(focus.strings.solutions(SEED_CHALLENGE, limit=0)) == []



def test_solutions_are_canonical_and_consistent():
    for entry in focus.challenges[::7]:
        for solution in focus.strings.solutions(entry.challenge):
            assert focus.strings.canonical(solution) == solution
            assert [item[0] for item in items(solution)] == list(PIECES)
            assert all(item[3] in "01" for item in items(solution) if item[0] in "fg")


# --- play, remove, hint ------------------------------------------------------------------

def test_game_starts_from_the_empty_placement():
    assert focus.strings.start_placement(SEED_CHALLENGE) == ""
    assert not focus.strings.is_solved(SEED_CHALLENGE, "")
    assert focus.strings.legal_placements("", challenge=SEED_CHALLENGE)
    assert focus.strings.check("") == "malformed: the placement string is empty"


def test_play_refuses_a_wrong_colour_on_the_centre_with_the_reason():
    with pytest.raises(IllegalPlacementError,
                       match="g430 puts white on 43, the challenge wants red"):
        focus.strings.play(SEED_CHALLENGE, "", "g430")
    with pytest.raises(IllegalPlacementError,
                       match="a322 puts red on 42, the challenge wants white"):
        focus.strings.play(SEED_CHALLENGE, "d302", "a322")
    # f0 at 31 puts three white squares where red is wanted: the first one is named
    with pytest.raises(IllegalPlacementError, match="f310 puts white on 31, the challenge "
                       "wants red"):
        focus.strings.play(SEED_CHALLENGE, "", "f310")


def test_play_refuses_rule_breaks_and_bad_items():
    with pytest.raises(IllegalPlacementError, match="already on the board"):
        focus.strings.play(SEED_CHALLENGE, "d302", "d000")
    with pytest.raises(IllegalPlacementError, match="overlaps"):
        focus.strings.play(SEED_CHALLENGE, "d302", "a300")
    with pytest.raises(IllegalPlacementError, match="covers 04"):
        focus.strings.play(SEED_CHALLENGE, "", "c030")
    for bad in ["", "a00", "a0000", "z000"]:
        with pytest.raises(PlacementError):
            focus.strings.play(SEED_CHALLENGE, "", bad)
    for bad in [None, 4, ["a000"]]:
        with pytest.raises(PuzzleError):
            focus.strings.play(SEED_CHALLENGE, "", bad)


def test_a_refused_play_names_its_item():
    with pytest.raises(IllegalPlacementError) as caught:
        focus.strings.play(SEED_CHALLENGE, "", "g430")
    assert caught.value.item == "g430"
    assert str(caught.value) == "g430 puts white on 43, the challenge wants red"


def test_play_a_whole_solution_piece_by_piece_then_remove():
    placement = ""
    for item in items(SEED_GAME)[::-1]:
        assert not focus.strings.is_solved(SEED_CHALLENGE, placement)
        placement = focus.strings.play(SEED_CHALLENGE, placement, item)
        assert focus.strings.is_valid(placement)
    assert placement == SEED_GAME
    assert focus.strings.is_solved(SEED_CHALLENGE, placement)
    for piece in PIECES:
        placement = focus.strings.remove(SEED_CHALLENGE, placement, piece)
    assert placement == ""
    with pytest.raises(ChallengeError, match="not on the board"):
        focus.strings.remove(SEED_CHALLENGE, "", "a")


def test_position_must_agree_with_its_challenge():
    with pytest.raises(IllegalPlacementError, match="the challenge wants"):
        focus.strings.play(SEED_CHALLENGE, "g430", "a000")
    assert not focus.strings.is_solved(C57, SEED_GAME)
    assert focus.strings.is_solved(C57, "a021b102c430d223e402f713g321h000i523j701")  # f3 = f1


def test_legal_placements():
    every = focus.strings.legal_placements("")
    assert len(every) == len(solver.tables().placed) == len(set(every))
    assert not any(item[0] in "fg" and item[3] in "23" for item in every)
    assert focus.strings.legal_placements(SEED_GAME[:36], challenge=SEED_CHALLENGE) == ["j701"]
    assert focus.strings.legal_placements("j001", piece="f") == sorted(
        p for p in every if p[0] == "f" and not {(x, y) for x, y, _ in
                                                   read(p)[0].squares()}
        & {(0, 0), (1, 0), (1, 1), (1, 2), (1, 3)})
    for item in focus.strings.legal_placements("d302", challenge=SEED_CHALLENGE):
        focus.strings.play(SEED_CHALLENGE, "d302", item)
    with pytest.raises(PlacementError):
        focus.strings.legal_placements("", piece="k")



def test_hint_treats_symmetric_twins_as_the_same_move():
    placement = focus.strings.play(SEED_CHALLENGE, "", "f402")  # f400 of the solution, written f2
    hint = focus.strings.hint(SEED_CHALLENGE, placement)
    assert hint.kind == "place"


# --- drawing ------------------------------------------------------------------------------------

def test_view_draws_board_targets_and_coloured_squares():
    view = focus.page.view(SEED_CHALLENGE, "")
    codes = [loc["code"] for loc in view["frame"]["locations"]]
    assert len(codes) == 43 and "04" not in codes and "84" not in codes
    holes = [s for s in view["shapes"] if s.get("location")]
    assert "04" not in {s["location"] for s in holes} and "84" not in {
        s["location"] for s in holes}
    targets = [s for s in view["shapes"] if s["role"] == "target" and s["kind"] == "rect"]
    assert [s["colour"] for s in targets] == list(SEED_CHALLENGE)
    assert view["placement"] == "" and view["solved"] is False

    view = focus.page.view(SEED_CHALLENGE, "d302")
    targets = [s for s in view["shapes"] if s["role"] == "target" and s["kind"] == "rect"]
    assert len(targets) == 6  # 31 41 51 are covered by d
    squares = [s for s in view["shapes"] if s["role"] == "piece" and s["kind"] == "rect"]
    assert [(s["x"], s["y"], s["colour"]) for s in squares] == [
        (3, 0, "B"), (3, 1, "R"), (4, 1, "R"), (5, 1, "R")]
    outlines = [s for s in view["shapes"] if s["role"] == "piece" and s["kind"] == "polygon"]
    assert len(outlines) == 1 and outlines[0]["piece"] == "d"
    assert outlines[0]["points"] == [[3, 0], [4, 0], [4, 1], [6, 1], [6, 2], [3, 2]]

    solved = focus.page.view(SEED_CHALLENGE, SEED_GAME)
    assert solved["solved"] is True
    assert not [s for s in solved["shapes"] if s["role"] == "target"]
    assert len({s["piece"] for s in solved["shapes"] if s["role"] == "piece"}) == 10
    json.dumps(solved)


def test_view_of_the_empty_board_challenge_and_bad_input():
    view = focus.page.view(EMPTY_BOARD, "")
    assert sum(1 for s in view["shapes"] if s["role"] == "target") == 9
    with pytest.raises(ChallengeError):
        focus.page.view("RRR", "")
    with pytest.raises(PlacementError):
        focus.page.view(SEED_CHALLENGE, "a00")


def test_info_and_piece_view():
    info = focus.page.info()
    assert [p["id"] for p in info["pieces"]] == list(PIECES)
    assert info["canRotate"] and not info["canFlip"]
    assert info["pieces"][0]["rotate"] == {"0": "1", "1": "2", "2": "3", "3": "0"}
    assert info["pieces"][0]["colourName"] == "red, white and green"  # a: GWR over R
    assert info["pieces"][5]["colourName"] == "white"  # f: WWW
    assert len(info["board"]["locations"]) == 43
    piece = focus.page.piece_view("j", "1")
    assert sorted((s["x"], s["y"], s["colour"]) for s in piece["shapes"]
                  if s["kind"] == "rect") == [(0, 0, "G"), (1, 0, "G"), (1, 1, "G"),
                                              (1, 2, "W"), (1, 3, "R")]
    with pytest.raises(PlacementError):
        focus.page.piece_view("k", "0")


def test_preview():
    ok = focus.page.preview(SEED_CHALLENGE, "", "d", "2", "41")
    assert ok.legal and ok.placement == "d302" and ok.shapes
    wrong = focus.page.preview(SEED_CHALLENGE, "", "f", "0", "41")
    assert not wrong.legal and wrong.placement == "f310"
    assert wrong.reason == "f310 puts white on 31, the challenge wants red"
    off = focus.page.preview(SEED_CHALLENGE, "", "j", "0", "83")
    assert not off.legal and "off the board" in off.reason
    with pytest.raises(PlacementError):
        focus.page.preview(SEED_CHALLENGE, "", "d", "0", "04")
    with pytest.raises(PlacementError):
        focus.page.preview(SEED_CHALLENGE, "", "d", "4", "41")


def test_api_plays_focus():
    def call(op, **args):
        reply = api.call({"id": 1, "op": op, "game": "focus", **args})
        return reply

    assert call("start", challenge=SEED_CHALLENGE)["result"] == ""
    played = call("move", challenge=SEED_CHALLENGE, placement="", item="d302")["result"]
    assert (played["placement"], played["solved"]) == ("d302", False)
    refused = call("move", challenge=SEED_CHALLENGE, placement="", item="g430")["result"]
    assert refused["placement"] == "" and refused["refused"]["rule"] == "colour"
    assert "the challenge wants red" in refused["refused"]["notation"]
    booklet = call("challenges")["result"]
    assert booklet[56]["id"] == "57"
    assert booklet[56]["solutions"] == list(focus.challenge_by_id("57").solutions)
    assert call("hint", challenge=SEED_CHALLENGE, placement="")["result"]["kind"] == "place"
    bad = call("solutions", challenge="RRR")
    assert not bad["ok"] and bad["error"]["type"] == "ChallengeError"
    json.dumps(call("view", challenge=SEED_CHALLENGE, placement="d302"))


# --- the object API: what is IQ-Focus's own ------------------------------------------------

@pytest.mark.parametrize("challenge", [SEED_CHALLENGE, C57, "RRRBWBBR?", "?B?W?R?G?",
                                       EMPTY_BOARD])
def test_every_solution_string_is_a_solved_position_of_its_challenge(challenge):
    for solution in focus.strings.solutions(challenge, limit=40):
        assert focus.strings.is_solved(challenge, solution)
        assert focus.strings.hint(challenge, solution).kind == HintKind.SOLVED
        position = focus.position(challenge, solution)
        assert position.is_solved and str(position) == solution
        assert next(position.solutions()) == position


def test_a_symmetric_twin_is_the_same_move_as_the_solutions():
    twin = focus.position(SEED_CHALLENGE, SEED_GAME).remove("f").play("f402")
    assert twin.is_solved and str(twin) == SEED_GAME.replace("f400", "f402")
    assert focus.strings.canonical(str(twin)) == SEED_GAME
    assert focus.symmetry.equivalent(twin.setup, Placed("f", 4, 0, 2), Placed("f", 4, 0, 0))
    assert not focus.symmetry.equivalent(twin.setup, Placed("f", 4, 0, 1), Placed("f", 4, 0, 0))
    start = focus.position(SEED_CHALLENGE).play("f402")
    assert start.hint().kind == HintKind.PLACE  # not "take f back"
    assert focus.strings.canonical(str(next(start.solutions()))) == SEED_GAME
    assert start.count() == 1
    # moves are listed once: f and g in orientation 0 or 1 only
    assert {p.orientation for p in focus.position().legal_placements("g")} == {0, 1}


def test_challenge_57_positions_accept_each_of_its_solutions_and_their_twins():
    for solution in C57_SOLUTIONS:
        twin = solution.replace("f711", "f713").replace("g321", "g323")
        assert focus.position(C57, twin).is_solved
    almost = focus.position(C57, "a021b102c430d223e402g321h000i523j701")
    assert {focus.strings.canonical(str(s)) for s in almost.solutions()} == {
        "a021b102c430d223e402f711g321h000i523j701"}
    assert almost.play("f713").is_solved


def test_a_challenge_is_colours_only_and_starts_from_the_empty_board():
    setup = focus.setup(SEED_CHALLENGE)
    assert (setup.text, setup.fixed, setup.extra) == (SEED_CHALLENGE, (), SEED_CHALLENGE)
    assert focus.position(SEED_CHALLENGE).placed == ()
    assert focus.position().challenge == EMPTY_BOARD
    with pytest.raises(IllegalPlacementError, match="the challenge wants red"):
        focus.position(SEED_CHALLENGE, "g430")


def test_generator_hooks_make_a_challenge_of_a_tilings_centre():
    import random

    tiling = random_solution(focus, random.Random(7))
    clues = focus.generator.clue_pool(tiling, random.Random(7))
    assert clues == [centre_of(tiling)] and focus.generator.challenge_of(clues) == clues[0]
    assert focus.generator.challenge_of([]) == EMPTY_BOARD
    assert focus.can_generate and focus.generator.levels.clues is None


def test_exact_cover_form_has_the_challenges_solutions():
    from iqpuzzles.tools.bench import algorithm_x

    options, primary, secondary = focus.solver.exact_cover(focus.setup(SEED_CHALLENGE))
    assert len(primary) == 53 and secondary == []
    assert all(option[-1] in PIECES for option in options)
    assert sum(1 for _ in algorithm_x.solve(options, primary, secondary)) == 1


@pytest.mark.parametrize("location", ["３１", "٣١", " 31", "31 ", "4", "311", "04", "84",
                                      None, 31, 3.1])
def test_a_location_is_exactly_one_of_the_boards_codes(location):
    with pytest.raises(PlacementError):
        focus.page.preview(SEED_CHALLENGE, "", "d", "2", location)
    with pytest.raises(PlacementError):
        focus.editor.preview(EMPTY_BOARD, "W", "0", location)
    with pytest.raises(PlacementError):
        focus.editor.edit(EMPTY_BOARD, "W", "0", location)


@pytest.mark.parametrize("tool", ["WR", "RW", "WRBG", "w", "?", "0", 0, 1.0, ["W"], "Ｗ"])
def test_a_tool_is_exactly_one_colour(tool):
    with pytest.raises(PlacementError, match="a tool of the IQ-Focus editor is one of W, R, B, G"):
        focus.editor.edit(EMPTY_BOARD, tool, "0", "31")
    with pytest.raises(PlacementError):
        focus.editor.preview(EMPTY_BOARD, tool, "0", "31")
    with pytest.raises(PlacementError):
        focus.editor.tool_view(tool, "0")


@pytest.mark.parametrize("bad", [None, 0, 9, 1.5, True, b"RRRBWBBRB", ["R"] * 9])
def test_every_public_method_refuses_what_is_no_text_with_a_puzzle_error(bad):
    takes_none = [  # None means "the empty board", "the start" or "any piece" here
        lambda: focus.position(bad), lambda: focus.position(SEED_CHALLENGE, bad),
        lambda: focus.strings.legal_placements("", bad),
        lambda: focus.strings.legal_placements("", None, bad),
        lambda: list(focus.position().legal_placements(bad)),
        lambda: focus.page.view(SEED_CHALLENGE, bad),
    ]
    calls = [
        lambda: focus.page.view(bad, ""), lambda: focus.strings.hint(bad, ""),
        lambda: focus.strings.difficulty(bad), lambda: focus.strings.start_placement(bad),
        lambda: focus.strings.play(SEED_CHALLENGE, "", bad),
        lambda: focus.strings.remove(SEED_CHALLENGE, "d302", bad),
        lambda: focus.strings.legal_placements(bad),
        lambda: focus.page.preview(SEED_CHALLENGE, "", bad, "0", "31"),
        lambda: focus.page.preview(SEED_CHALLENGE, "", "d", bad, "31"),
        lambda: focus.page.piece_view(bad, "0"), lambda: focus.page.piece_view("d", bad),
        lambda: focus.strings.show(bad), lambda: focus.strings.canonical(bad),
        lambda: focus.strings.order(bad),
        lambda: list(focus.strings.solutions(bad)), lambda: focus.strings.count_solutions(bad),
        lambda: focus.editor.edit(bad, "W", "0", "31"), lambda: focus.editor.view(bad),
        lambda: focus.editor.draft(bad), lambda: focus.editor.ready(bad),
        lambda: focus.editor.preview(EMPTY_BOARD, bad, "0", "31"),
        lambda: focus.editor.tool_view(bad, "0"),
        lambda: focus.position().play(bad), lambda: focus.position().remove(bad),
        lambda: generate(focus, bad, 1),
    ]
    for call in calls + (takes_none if bad is not None else []):
        with pytest.raises(PuzzleError):
            call()
    assert focus.strings.check(bad).startswith("malformed: ")
    assert not focus.strings.is_solved(SEED_CHALLENGE, bad)
    assert not focus.strings.is_solved(bad, SEED_GAME)
    verdict = focus.editor.verdict(bad)
    assert verdict["count"] == 0 and not verdict["playable"]


def test_editor_preview_of_a_draft_that_is_no_challenge_is_an_answer():
    preview = focus.editor.preview("RRR", "W", "0", "31")
    assert not preview.legal and "9 colours" in preview.reason
    assert focus.editor.preview(EMPTY_BOARD, "W", "0", "31").placement == "W????????"
    assert focus.editor.ready("RRRBWBBR?") == "1 square in the middle still needs a colour"
    assert focus.editor.ready(SEED_CHALLENGE) is None
    assert focus.editor.view("R????????")["draft"] == "R????????"


# --- command line --------------------------------------------------------------------------------

def run_cli(*args, stdin=None):
    env_path = str(ROOT / "py")
    return subprocess.run([sys.executable, "-m", "iqpuzzles", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT,
                          env={"PYTHONPATH": env_path, "PATH": "/usr/bin:/bin"}, timeout=120)


def test_cli_solve_seed():
    done = run_cli("solve", "focus", SEED_CHALLENGE)
    assert done.returncode == 0
    assert done.stdout == SEED_GAME + "\n"


def test_cli_solve_57_prints_its_four_solutions():
    done = run_cli("solve", "focus", C57)
    assert done.returncode == 0
    assert set(done.stdout.split()) == C57_SOLUTIONS


@pytest.mark.slow  # a dozen runs of the command line
def test_cli_solve_many_check_show_and_errors():
    done = run_cli("solve", "focus", "-", stdin=f"{SEED_CHALLENGE}\nBBBBBBBBB\nRRR\n")
    assert done.stdout.splitlines()[:2] == [SEED_GAME, ""]
    assert done.stdout.splitlines()[2].startswith("error: ")
    bad = run_cli("solve", "focus", "RRRBWBBRX")
    assert bad.returncode == 2 and "not one of W R B G" in bad.stderr
    assert run_cli("solve", "focus", "BBBBBBBBB").returncode == 1
    check = run_cli("check", "focus", "-", stdin="a000\na923\nc030\n\n")
    verdicts = check.stdout.splitlines()
    assert verdicts[0] == "ok"
    assert verdicts[1].startswith("malformed: column '9'")
    assert verdicts[2].startswith("illegal: c030 covers 04")
    assert verdicts[3].startswith("malformed: ")
    assert run_cli("check", "focus", "c030").returncode == 1
    show = run_cli("show", "focus", SEED_GAME)
    assert show.returncode == 0 and "4   WRBRGGR" in show.stdout


def test_positions_compare_and_write_pieces_a_to_j():
    assert focus.strings.validate("a000") == focus.position(EMPTY_BOARD, "a000")
    assert focus.strings.validate("a000").placed == (Placed("a", 0, 0, 0),)
    assert str(focus.strings.validate(SEED_GAME)) == SEED_GAME
    assert focus.strings.canonical(SEED_GAME) == SEED_GAME
    played = focus.position(SEED_CHALLENGE).play("j701").play("a000")
    assert str(played) == "a000j701" and [p.piece for p in played.played] == ["j", "a"]
    assert played.remove("j") == focus.position(SEED_CHALLENGE, "a000")
