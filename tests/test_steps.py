"""IQ-Steps: rules, orders, solver, booklet, hints, drawing and the command line,
driven by the shared spec (docs/games/steps.md and the package data)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iqpuzzles import api
from iqpuzzles.core.bits import bits_of
from iqpuzzles.core.data import load_json
from iqpuzzles.core.errors import (
    ChallengeError,
    IllegalPlacementError,
    PlacementError,
    PuzzleError,
)
from iqpuzzles.generate import generate
from iqpuzzles.steps import GAME
from iqpuzzles.steps.solver import tables
from iqpuzzles.steps.vocabulary import (
    CODES,
    FLIP,
    FORMS,
    NEIGHBOURS,
    ORIENTATIONS,
    PIECES,
    ROTATE,
    Placed,
    is_peg,
    must_precede,
)

ROOT = Path(__file__).resolve().parent.parent
SEED_START = "EFBBGSAHQGCgCDNDAiHFl"  # booklet Starter 1
SEED_SOLUTION = "AHQBGSCDNDAiEFBFHnGCgHFl"
SEED_SEQUENCE = "BGSAHQEFBGCgCDNHFlDAiFHn"
CYCLE_2 = "AALBBW"  # each must be played before the other
CYCLE_3 = "AALBFqCBi"  # AAL before BFq before CBi before AAL, no 2-cycle
IMPOSSIBLE = "CCYFGl"  # a legal state that no set of the other six pieces completes
BOOKLET = load_json("steps", "challenges.json")


def codes(mask: int) -> set[str]:
    return {CODES[i] for i in range(50) if mask >> i & 1}


def read(text: str) -> tuple[Placed, ...]:
    """The placements of a placement string, by the game's notation."""
    return GAME.notation.read(text)[0]


def one(text: str) -> Placed:
    return GAME.notation.read_item(text)


def dependencies(text: str) -> list[tuple[str, str]]:
    """Every (before, after) pair of pieces of a placement string that must be played in
    that order (the course's helper, docs/games/steps.md §5)."""
    pieces = read(text)
    return sorted((a.piece, b.piece) for a in pieces for b in pieces
                  if a is not b and a.problem() is None and b.problem() is None
                  and must_precede(a, b))


def viable_placements(placement: str, objective: str) -> list[str]:
    """The course's viable next placements: the objective's pieces not yet played that
    may be played now (after `placement`, in its written order) and block no other
    unplayed objective piece; by the game's parts."""
    played = GAME.strings.validate(placement) if placement else GAME.position()
    goal = GAME.position("", objective).pieces  # any legal order of the objective
    if any(goal.get(p.piece) != p for p in played.placed):
        raise ChallengeError("the placement is not part of the objective")
    left = [p for piece, p in goal.items() if piece not in played.pieces]
    return sorted(str(p) for p in left if isinstance(played.after(p), type(played))
                  and GAME.ordering.may_come_next(left, p))


def is_legal_state(text: str) -> bool:
    """Whether a set of placements has a legal playing order (docs/games/steps.md §5)."""
    try:
        GAME.strings.order(text)
    except (PlacementError, IllegalPlacementError):
        return False
    return True


# --- the data against the spec ------------------------------------------------------

def test_pegs_are_the_checkerboard_of_rules_md():
    pegs = set("A C E G I L N P R T U W Y b d g i k m o p r t v x".split())
    data = load_json("steps", "pieces.json")["board"]["locations"]
    assert {loc["code"] for loc in data if loc["peg"]} == pegs
    assert [loc["code"] for loc in data] == list(CODES)
    assert all(GAME.vocabulary.index(c) == i for i, c in enumerate(CODES))


def test_orientations_follow_from_the_base_shape():
    """B-D are A turned clockwise, E is A mirrored with its layers swapped, F-H turn E."""
    def turn(cells):
        return {(dc, -dr, low) for dr, dc, low in cells}

    for piece in PIECES:
        base = set(FORMS[piece]["A"])
        mirrored = {(dr, -dc, not low) for dr, dc, low in base}
        expected = {"A": base, "E": mirrored}
        for a, b in zip("ABCEFG", "BCDFGH", strict=True):
            expected[b] = turn(expected[a])
        for o in ORIENTATIONS:
            assert set(FORMS[piece][o]) == expected[o], piece + o
            flipped = o in "EFGH"
            for dr, dc, low in FORMS[piece][o]:
                assert low == (((dr + dc) % 2 == 0) != flipped)


def test_rotate_and_flip_maps_turn_and_mirror_the_piece():
    for piece in PIECES:
        for o in ORIENTATIONS:
            cells = set(FORMS[piece][o])
            assert set(FORMS[piece][ROTATE[o]]) == {(dc, -dr, low) for dr, dc, low in cells}
            assert set(FORMS[piece][FLIP[o]]) == {(dr, -dc, not low) for dr, dc, low in cells}
            assert FLIP[FLIP[o]] == o
    info = GAME.page.info()
    assert info["pieces"][0]["rotate"] == {"A": "B", "B": "C", "C": "D", "D": "A",
                                           "E": "F", "F": "G", "G": "H", "H": "E"}
    assert info["pieces"][0]["flip"]["A"] == "E" and info["pieces"][0]["flip"]["B"] == "H"


def test_all_64_orientations_are_distinct():
    for piece in PIECES:
        assert len({frozenset(FORMS[piece][o]) for o in ORIENTATIONS}) == 8


@pytest.mark.parametrize(("piece", "count"), [(p, 118 if p in "BE" else 96) for p in PIECES])
def test_legal_positions_on_the_empty_board(piece, count):
    assert len(GAME.strings.legal_placements("", piece)) == count


# --- the grammar -----------------------------------------------------------------------


@pytest.mark.parametrize("value", [None, 5, b"AAL", ["AAL"]])
def test_not_text_is_malformed(value):
    with pytest.raises(PlacementError):
        read(value)
    assert GAME.strings.check(value).startswith("malformed: ")
    strings = GAME.strings
    for call in (strings.parse, strings.validate, strings.order, strings.canonical, strings.show,
                 GAME.strings.legal_placements, GAME.setup, GAME.strings.count_solutions,
                 lambda v: list(GAME.strings.solutions(v)), lambda v: GAME.strings.play("", "", v),
                 lambda v: GAME.strings.remove("", "AAL", v), lambda v: GAME.position().play(v),
                 lambda v: GAME.page.piece_view(v, "A"),
                 lambda v: GAME.page.preview("", "", "A", "A", v)):
        with pytest.raises(PuzzleError):
            call(value)


@pytest.mark.parametrize("text", [SEED_SEQUENCE, SEED_SOLUTION, "AAL", "HHy", "BGSAHQ"])
def test_parse_encode_round_trip_keeps_the_order(text):
    assert "".join(str(p) for p in GAME.strings.parse(text)) == text
    assert GAME.strings.is_well_formed(text)


# --- legality of playing one piece (docs/games/steps.md §4) -----------------------------------

def test_worked_example_1_rings_and_the_order_of_a_and_b():
    bgs, ahq, efb = one("BGS"), one("AHQ"), one("EFB")
    assert (codes(bgs.lower), codes(bgs.upper)) == ({"I", "T", "d"}, {"J", "S"})
    assert (codes(ahq.lower), codes(ahq.upper)) == ({"G", "P", "b"}, {"F", "H", "Q"})
    assert (codes(efb.lower), codes(efb.upper)) == ({"A", "C", "L"}, {"B", "K"})
    assert must_precede(bgs, ahq) and not must_precede(ahq, bgs)
    assert GAME.strings.check(SEED_SEQUENCE) == "ok"
    assert GAME.strings.is_valid("BGSAHQEFB") and GAME.strings.is_valid("BGSEFBAHQ")
    verdict = GAME.strings.check("AHQBGS")
    assert verdict.startswith("illegal: ")
    assert "BGS" in verdict and "AHQ" in verdict and "peg I" in verdict and " H " in verdict


def test_worked_example_2_flipped_homes_are_non_pegs():
    for text in ("BGS", "AHQ", "EFB"):
        assert not (one(text).home // 10 + one(text).home % 10) % 2 == 0


def test_peg_n_is_obstructed_by_d_x_m_o_only():
    assert codes(NEIGHBOURS[CODES.index("N")]) == {"D", "X", "M", "O"}


def test_off_the_board_is_illegal():
    assert GAME.strings.check("AAA") == "illegal: AAA hangs off the board"
    assert GAME.strings.check("ABA").startswith("illegal: ")
    # only B and E may have their home on the top or bottom row
    for piece in PIECES:
        top = [p for p in GAME.strings.legal_placements("", piece) if CODES.index(p[2]) < 10]
        assert bool(top) == (piece in "BE")


def test_the_layer_must_fit_the_location():
    verdict = GAME.strings.check("AHR")
    assert verdict.startswith("illegal: ") and "non-peg" in verdict
    verdict = GAME.strings.check("AAM")
    assert verdict.startswith("illegal: ") and "needs a peg" in verdict
    assert GAME.strings.check("AHQ") == "ok"


def test_overlapping_pieces_are_illegal():
    verdict = GAME.strings.check("AHQFHQ")
    assert verdict.startswith("illegal: FHQ overlaps AHQ at")


def test_the_reverse_direction_is_allowed():
    """An upper ring may go next to an earlier lower ring."""
    assert GAME.strings.check("BGSAHQ") == "ok"


def test_diagonals_never_obstruct():
    # EFB's upper rings at B and K block the pegs beside them, nothing else
    assert codes(one("EFB").shadow) == {"A", "C", "L", "U"}
    # the diagonal neighbours of a peg are pegs, so they never hold an upper ring
    for i in range(50):
        row, col = divmod(i, 10)
        for dr, dc in ((1, 1), (1, -1)):
            if 0 <= row + dr < 5 and 0 <= col + dc < 10:
                assert (row + col) % 2 == (row + dr + col + dc) % 2


# --- sets, dependencies and the ordering task (docs/games/steps.md §5) -----------------------

def test_order_keeps_a_legal_written_order():
    assert GAME.strings.order(SEED_SEQUENCE) == SEED_SEQUENCE
    assert GAME.strings.order("BGSEFBAHQ") == "BGSEFBAHQ"


def test_order_puts_a_set_in_a_legal_order():
    assert GAME.strings.order("AHQBGS") == "BGSAHQ"
    found = GAME.strings.order(SEED_SOLUTION)
    assert GAME.strings.check(found) == "ok"
    assert GAME.strings.canonical(found) == SEED_SOLUTION


def test_dependencies_of_the_seed_game():
    assert ("B", "A") in dependencies(SEED_SOLUTION)
    assert ("A", "E") not in dependencies(SEED_SOLUTION)
    assert ("E", "A") not in dependencies(SEED_SOLUTION)


@pytest.mark.parametrize("text", [CYCLE_2, CYCLE_3, "BFqCBiAAL"])
def test_a_cycle_has_no_order_and_says_which(text):
    with pytest.raises(IllegalPlacementError) as caught:
        GAME.strings.order(text)
    message = str(caught.value)
    assert "cycle" in message
    for k in range(0, len(text), 3):
        assert text[k:k + 3] in message
    assert not is_legal_state(text)
    assert all(GAME.strings.check(text[k:] + text[:k]).startswith("illegal") for k in (0, 3))


def test_sets_with_a_broken_piece_have_no_order():
    with pytest.raises(IllegalPlacementError, match="hangs off"):
        GAME.strings.order("BGSAAA")
    with pytest.raises(IllegalPlacementError, match="overlaps"):
        GAME.strings.order("AHQFHQ")
    with pytest.raises(PlacementError):
        GAME.strings.order("AHQAHQ")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(BOOKLET), st.randoms(use_true_random=False))
def test_any_shuffled_subset_of_a_solution_gets_a_legal_order(entry, rnd):
    items = [entry["solution"][k:k + 3] for k in range(0, 24, 3)]
    rnd.shuffle(items)
    items = items[:rnd.randint(1, 8)]
    found = GAME.strings.order("".join(items))
    assert GAME.strings.check(found) == "ok"
    assert sorted(found[k:k + 3] for k in range(0, len(found), 3)) == sorted(items)


def test_viable_placements_are_the_sources_of_what_is_left():
    assert viable_placements(SEED_START, SEED_SOLUTION) == ["FHn"]
    assert viable_placements(SEED_SEQUENCE, SEED_SOLUTION) == []
    viable = viable_placements("", SEED_SOLUTION)
    assert "BGS" in viable and "AHQ" not in viable  # AHQ blocks BGS's peg I
    with pytest.raises(ChallengeError):
        viable_placements("AAL", SEED_SOLUTION)


# --- challenges and solutions (docs/games/steps.md §6) -------------------------------------------

def test_the_booklet_has_120_challenges_24_a_level():
    assert len(GAME.challenges) == 120
    for level in ("Starter", "Junior", "Expert", "Master", "Wizard"):
        assert sum(1 for c in GAME.challenges if c.level == level) == 24
    assert GAME.challenge_by_id(1).challenge == SEED_START
    with pytest.raises(ChallengeError):
        GAME.challenge_by_id(999)


@pytest.mark.parametrize("entry", BOOKLET, ids=lambda e: str(e["id"]))
def test_every_booklet_challenge_lists_a_legal_playing_sequence(entry):
    """(Its one solution is checked for every game: tests/test_conformance.py.)"""
    assert GAME.challenge_by_id(entry["id"]).solutions == (entry["solution_sorted"],)
    # the listed playing sequence starts with the challenge and is legal as written
    assert entry["solution"].startswith(entry["challenge"])
    assert GAME.strings.check(entry["solution"]) == "ok"
    assert GAME.strings.canonical(entry["solution"]) == entry["solution_sorted"]
    assert is_legal_state(entry["challenge"])


def test_worked_example_3_the_seed_game():
    assert list(GAME.strings.solutions(SEED_START)) == [SEED_SOLUTION]
    # as positions: the challenge's pieces first, then the added ones in a playing order
    assert [str(p) for p in GAME.position(SEED_START).solutions()] == [SEED_START + "FHn"]
    assert GAME.strings.count_solutions(SEED_START) == 1


def test_challenge_pieces_are_on_the_board_first():
    """CEQEHu: 8 completions if any order were allowed, 1 with the challenge first."""
    assert list(GAME.strings.solutions("CEQEHu")) == ["AALBDxCEQDBgEHuFGSGEOHCi"]
    found = tables()
    start = GAME.setup("CEQEHu").fixed
    alive = found.cover.all_rows
    uncovered = found.cover.primary
    for placed in start:  # the same start without the "challenge first" filter
        row = found.index[placed]
        alive &= ~found.cover.conflicts[row]
        uncovered &= ~found.cover.rows[row]
    any_order = {GAME.strings.canonical("".join(p.encode() for p in start)
                                + "".join(found.placed[r].encode() for r in rows))
                 for rows in found.cover.solve(alive, uncovered)
                 if is_legal_state("".join(p.encode() for p in start)
                                   + "".join(found.placed[r].encode() for r in rows))}
    assert len(any_order) == 8 and "AALBDxCEQDBgEHuFGSGEOHCi" in any_order


def test_a_challenge_in_an_illegal_written_order_is_still_a_legal_state():
    assert GAME.strings.start_placement("AHQBGS") == "BGSAHQ"
    count = GAME.strings.count_solutions
    assert count("AHQBGS", None) == count("BGSAHQ", None)


@pytest.mark.parametrize("text", ["AAA", CYCLE_2, "AHQAHQ", "xyz"])
def test_unusable_challenges_are_refused(text):
    with pytest.raises(ChallengeError):
        list(GAME.strings.solutions(text))


def test_limit_and_an_impossible_challenge():
    assert list(GAME.strings.solutions(IMPOSSIBLE)) == []
    assert GAME.strings.count_solutions("BGSAHQ", 3) == 3
    assert list(GAME.strings.solutions("BGSAHQ", 0)) == []


# --- playing ------------------------------------------------------------------------

def test_play_remove_and_solve_a_challenge():
    start = GAME.strings.start_placement(SEED_START)
    assert start == SEED_START
    assert not GAME.strings.is_solved(SEED_START, start)
    done = GAME.strings.play(SEED_START, start, "FHn")
    assert done == SEED_START + "FHn"
    assert GAME.strings.is_solved(SEED_START, done)
    assert GAME.strings.is_solved(SEED_START, SEED_SOLUTION)  # as a set, in any written order
    assert GAME.strings.remove(SEED_START, done, "F") == start
    with pytest.raises(ChallengeError, match="challenge"):
        GAME.strings.remove(SEED_START, done, "A")
    with pytest.raises(ChallengeError, match="not on the board"):
        GAME.strings.remove("BGS", "BGS", "A")


def test_play_refuses_with_the_reason():
    with pytest.raises(IllegalPlacementError, match="already on the board"):
        GAME.strings.play(SEED_START, SEED_START, "AAL")
    with pytest.raises(IllegalPlacementError, match="blocks"):
        GAME.strings.play("AHQ", "AHQ", "BGS")  # order: B must come before A
    with pytest.raises(IllegalPlacementError, match="overlaps"):
        GAME.strings.play("AHQ", "AHQ", "FHQ")
    with pytest.raises(PlacementError):
        GAME.strings.play("AHQ", "AHQ", "BGSCDN")
    with pytest.raises(ChallengeError, match="missing"):
        GAME.strings.play(SEED_START, "BGS", "FHn")
    # the challenge's pieces are on the board first: a piece that must come before
    # one of them cannot be in the placement, however it is written
    with pytest.raises(IllegalPlacementError, match="on the board first"):
        GAME.strings.play("AHQ", "BGSAHQ", "EFB")


def test_removing_keeps_the_rest_legal():
    placed = GAME.strings.play("", GAME.strings.play("", "BGS", "AHQ"), "EFB")
    assert GAME.strings.remove("", placed, "B") == "AHQEFB"
    assert GAME.strings.check("AHQEFB") == "ok"


def test_is_solved_is_false_for_incomplete_or_wrong_sets():
    assert not GAME.strings.is_solved(SEED_START, SEED_START)
    assert not GAME.strings.is_solved(SEED_START, "junk")
    assert not GAME.strings.is_solved("CEQEHu", "AALBDxCEQDBgEHuFGSGEOHCi".replace("AAL", "AAN"))


# --- positions: played in order, judged as sets -------------------------------------

def test_a_position_is_played_in_order():
    empty = GAME.position()
    with pytest.raises(IllegalPlacementError, match="blocks"):
        empty.play("AHQ").play("BGS")  # B must come before A
    both = empty.play("BGS").play("AHQ")
    assert str(both) == "BGSAHQ" and both.played == (one("BGS"), one("AHQ"))
    assert "BGS" not in {str(p) for p in empty.play("AHQ").legal_placements("B")}
    assert "BGS" in {str(p) for p in empty.legal_placements("B")}
    # taking B back leaves A legal where it is, and B cannot come back after it
    alone = both.remove("B")
    assert str(alone) == "AHQ" and alone == empty.play("AHQ")
    with pytest.raises(IllegalPlacementError):
        alone.play(one("BGS"))


def test_a_position_of_a_challenge_is_a_set_with_the_challenge_first():
    # written in an order that cannot be played, it is put in one that can
    position = GAME.position(SEED_START, SEED_SOLUTION)
    assert not GAME.strings.is_valid(SEED_SOLUTION)
    assert str(position).startswith(SEED_START) and GAME.strings.check(str(position)) == "ok"
    assert position.is_solved and position.fixed_pieces == frozenset("ABCDEGH")
    assert GAME.position("BGS", "EFBBGS").play("AHQ") == GAME.position("BGS", "BGSEFBAHQ")
    with pytest.raises(IllegalPlacementError, match="on the board first"):
        GAME.position("AHQ", "BGSAHQ")
    with pytest.raises(IllegalPlacementError, match="cycle"):
        GAME.position("", CYCLE_3)


@pytest.mark.parametrize("entry", BOOKLET, ids=lambda e: str(e["id"]))
def test_a_solution_read_as_a_position_is_played_in_an_order_that_works(entry):
    """The canonical solution (sorted by piece) is rarely playable as written: as a
    position of its challenge it is played in a legal order, canonical again."""
    position = GAME.position(entry["challenge"], entry["solution_sorted"])
    assert GAME.strings.canonical(str(position)) == entry["solution_sorted"]


def test_every_solution_of_the_empty_board_starting_with_a_is_solved():
    for solution in GAME.strings.solutions("AAL"):
        assert GAME.strings.is_solved("AAL", solution) and GAME.strings.is_solved("", solution)


def test_order_and_generate_keep_the_old_strings():
    assert GAME.strings.order(SEED_SOLUTION) == "BGSAHQEFBGCgCDNDAiHFlFHn"
    assert GAME.generator.challenge_of(["AHQ", "BGS"]) == "BGSAHQ"
    # the same seed gives the same challenge on every Python (and a unique one; the
    # strings changed when generators began to draw uniform games (issue 17), and when
    # they began to walk each level's pool (issue 24), and Wizard's when its pool grew to
    # last years of dailies (issue 29))
    for level, seed, made in (("Starter", 3, "CFlAFnEFBFAiGCNHHSBBG"),
                              ("Wizard", 3, "AEnCElFFSBHFHGj")):
        assert generate(GAME, level, seed) == made
        assert GAME.strings.count_solutions(made) == 1 and GAME.strings.check(made) == "ok"


# --- hints ------------------------------------------------------------------------

@pytest.mark.parametrize("entry", BOOKLET, ids=lambda e: str(e["id"]))
def test_a_hint_never_blocks_a_piece_still_needed(entry):
    hint = GAME.strings.hint(entry["challenge"], GAME.strings.start_placement(entry["challenge"]))
    assert hint.kind == "place"
    solution = read(entry["solution_sorted"])
    given = read(entry["challenge"])
    hinted = one(hint.placement)
    assert hinted in solution
    for other in solution:
        if other not in given and other != hinted:
            assert not must_precede(other, hinted), other.encode()


def test_hint_asks_to_take_back_a_wrong_piece():
    solution = "AALBDxCEQDBgEHuFGSGEOHCi"
    wrong = next(p for p in GAME.strings.legal_placements("CEQEHu", "B") if p not in solution)
    placement = GAME.strings.play("CEQEHu", "CEQEHu", wrong)  # legal, just hopeless
    hint = GAME.strings.hint("CEQEHu", placement)
    assert (hint.kind, hint.piece, hint.placement) == ("remove", "B", wrong)
    assert "Take it back" in hint.message


def test_hint_asks_to_take_back_a_piece_played_too_early():
    """Challenge 11: CAg is in the solution, but AAL must be played before it."""
    challenge = GAME.challenge_by_id(11).challenge
    placement = GAME.strings.play(challenge, GAME.strings.start_placement(challenge), "CAg")
    hint = GAME.strings.hint(challenge, placement)
    assert (hint.kind, hint.piece) == ("remove", "C")
    assert "too early" in hint.message and "AAL" in hint.notation


def test_hint_when_solved_and_when_impossible():
    assert GAME.strings.hint(SEED_START, SEED_START + "FHn").kind == "solved"
    assert GAME.strings.hint(IMPOSSIBLE, IMPOSSIBLE).kind == "impossible"


# --- drawing ----------------------------------------------------------------------

KINDS = {"rect", "circle", "ring", "bar", "polygon", "text", "mark"}
ROLES = {"board", "peg", "piece", "fixed", "ghost", "tray", "label"}


def test_view_draws_two_layers_pegs_and_blocked_pegs():
    placement = GAME.strings.play("AHQ", "AHQ", "EFB")
    view = GAME.page.view("AHQ", placement)
    json.dumps(view)
    assert view["placement"] == "AHQEFB" and view["solved"] is False
    assert len(view["frame"]["locations"]) == 50
    assert view["frame"]["locations"][0] == {"code": "A", "x": 0.5, "y": 0.5, "r": 0.5,
                                             "row": "Row 1"}
    shapes = view["shapes"]
    assert {s["kind"] for s in shapes} <= KINDS and {s["role"] for s in shapes} <= ROLES
    rings = [s for s in shapes if s["kind"] == "ring"]
    lower = [s for s in rings if "lower" in s.get("tags", ())]
    upper = [s for s in rings if "upper" in s.get("tags", ())]
    assert len(lower) == 3 + 3 and len(upper) == 3 + 2
    assert min(s["layer"] for s in upper) > max(s["layer"] for s in lower)
    # each upper ring carries its colour's symbol; the spots say what is where
    marks = [s for s in shapes if s["kind"] == "mark"]
    assert len(marks) == len(upper) and {m["symbol"] for m in marks} == {"heart", "square"}
    assert view["spots"]["A"] == "the orange piece" and view["spots"]["N"] == "peg"
    assert "blocked peg" in view["spots"].values() and "between pegs" in view["spots"].values()
    assert {s["role"] for s in rings if s["piece"] == "A"} == {"fixed"}
    assert {s["role"] for s in rings if s["piece"] == "E"} == {"piece"}
    blocked = {(s["cx"], s["cy"]) for s in shapes
               if "blocked" in s.get("tags", ()) and s["kind"] == "circle"}
    # empty pegs next to an upper ring: AHQ's F H Q and EFB's B K
    expected = codes(one("AHQ").shadow | one("EFB").shadow) - codes(
        one("AHQ").cells | one("EFB").cells)
    assert blocked == {(CODES.index(c) % 10 + 0.5, CODES.index(c) // 10 + 0.5)
                       for c in expected}
    assert sum(1 for s in shapes if s["role"] == "peg") >= 25


def test_view_of_a_solved_game_and_piece_view():
    assert GAME.page.view(SEED_START, SEED_START + "FHn")["solved"]
    for piece in PIECES:
        for o in ORIENTATIONS:
            tray = GAME.page.piece_view(piece, o)
            assert tray["viewBox"] == [0, 0, 3, 3]
            rings = [s for s in tray["shapes"] if s["kind"] == "ring"]
            assert len(rings) == len(FORMS[piece][o])
            assert all(0 < s["cx"] < 3 and 0 < s["cy"] < 3 for s in rings)
            assert {s["role"] for s in tray["shapes"]} == {"tray"}
    with pytest.raises(PlacementError):
        GAME.page.piece_view("A", "Z")


def test_preview_holds_the_piece_by_its_home_ring():
    good = GAME.page.preview(SEED_START, SEED_START, "F", "H", "n")
    assert (good.placement, good.legal, good.reason) == ("FHn", True, "")
    assert {s["role"] for s in good.shapes} == {"ghost"}
    ring_centres = {(s["cx"], s["cy"]) for s in good.shapes if s["kind"] == "ring"}
    assert (CODES.index("n") % 10 + 0.5, CODES.index("n") // 10 + 0.5) in ring_centres
    blocked = GAME.page.preview("AHQ", "AHQ", "B", "G", "S")
    assert not blocked.legal and "blocks" in blocked.reason
    off = GAME.page.preview("", "", "A", "A", "A")
    assert not off.legal and "hangs off" in off.reason and off.shapes
    with pytest.raises(PlacementError):
        GAME.page.preview("", "", "A", "A", "#")
    json.dumps(good.to_json())


def test_show_marks_low_high_and_blocked():
    text = GAME.strings.show("EFB")
    first = text.splitlines()[0].split("    ")[0].split()
    assert first[:5] == ["e", "E", "e", ".", "o"]  # A, C lower; B upper; D non-peg; E peg
    first_row = GAME.strings.show("AHQ").splitlines()[0].split()
    assert first_row[:7] == ["o", ".", "o", ".", "x", "A", "a"]
    assert "lower ring" in text.splitlines()[-1]


def test_info_describes_pieces_and_board():
    info = GAME.page.info()
    json.dumps(info)
    assert [p["id"] for p in info["pieces"]] == list(PIECES)
    assert info["pieces"][0]["label"] == "Piece A"
    assert info["canRotate"] and info["canFlip"]
    assert len(info["board"]["locations"]) == 50


# --- fuzzing: a broken string is an answer, not a crash --------------------------------

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0 #"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=30))
def test_fuzz_parse_check_order(text):
    verdict = GAME.strings.check(text)
    assert verdict == "ok" or verdict.startswith(("malformed: ", "illegal: "))
    strings = GAME.strings
    for function in (strings.parse, strings.validate, strings.order, strings.canonical,
                     strings.show, strings.legal_placements, dependencies):
        try:
            function(text)
        except PuzzleError as error:
            assert str(error)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(PIECES), st.sampled_from(ORIENTATIONS),
                          st.sampled_from(CODES)), min_size=1, max_size=8,
                unique_by=lambda t: t[0]))
def test_fuzz_well_formed_placements(items):
    text = "".join(p + o + c for p, o, c in items)
    verdict = GAME.strings.check(text)
    assert verdict == "ok" or verdict.startswith("illegal: ")
    if verdict == "ok":  # a legal sequence is a legal set, and keeps its order
        assert GAME.strings.order(text) == text
    try:
        found = GAME.strings.order(text)
    except IllegalPlacementError as error:
        assert str(error)
    else:
        assert GAME.strings.check(found) == "ok"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=12), st.text(alphabet=ALPHABET, max_size=4))
def test_fuzz_play_and_hint(placement, item):
    for call in (lambda: GAME.strings.play("AHQ", placement, item),
                 lambda: GAME.strings.hint("AHQ", placement),
                 lambda: GAME.page.view("AHQ", placement),
                 lambda: GAME.strings.remove("AHQ", placement, item)):
        try:
            call()
        except PuzzleError as error:
            assert str(error)


# --- the JSON API and the command line ----------------------------------------------

def test_api_plays_steps():
    reply = api.call({"id": 1, "op": "move", "game": "steps", "challenge": SEED_START,
                      "placement": SEED_START, "item": "FHn"})
    assert reply["ok"] and reply["result"]["solved"]
    reply = api.call({"id": 2, "op": "move", "game": "steps", "challenge": "AHQ",
                      "placement": "AHQ", "item": "BGS"})
    assert reply["ok"] and reply["result"]["refused"]["rule"] == "order"
    assert reply["result"]["placement"] == "AHQ"
    assert api.call({"op": "hint", "game": "steps", "challenge": SEED_START,
                     "placement": SEED_START})["result"]["placement"] == "FHn"


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "iqpuzzles", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=60)


def test_cli_solve_check_order_show():
    out = run_cli("solve", "steps", SEED_START)
    assert (out.returncode, out.stdout) == (0, SEED_SOLUTION + "\n")
    out = run_cli("check", "steps", SEED_SEQUENCE)
    assert (out.returncode, out.stdout) == (0, "ok\n")
    out = run_cli("check", "steps", "AHQBGS")
    assert out.returncode == 1 and out.stdout.startswith("illegal: ")
    out = run_cli("order", "steps", "AHQBGS")
    assert (out.returncode, out.stdout) == (0, "BGSAHQ\n")
    out = run_cli("order", "steps", CYCLE_2)
    assert out.returncode == 1 and out.stdout.startswith("none: ") and "cycle" in out.stdout
    out = run_cli("show", "steps", SEED_SEQUENCE)
    assert out.returncode == 0 and len(out.stdout.splitlines()) == 6


def test_cli_reads_many_lines_from_stdin():
    out = run_cli("solve", "steps", "-", stdin=f"{SEED_START}\n{IMPOSSIBLE}\nAAA\n")
    lines = out.stdout.splitlines()
    assert lines[0] == SEED_SOLUTION and lines[1] == "" and lines[2].startswith("error: ")
    out = run_cli("check", "steps", "-", stdin="BGSAHQ\nAHQBGS\nAA\n")
    assert [line.split(":")[0] for line in out.stdout.splitlines()] == [
        "ok", "illegal", "malformed"]
    out = run_cli("order", "steps", "-", stdin=f"AHQBGS\n{CYCLE_3}\n")
    assert out.stdout.splitlines()[0] == "BGSAHQ"
    assert out.stdout.splitlines()[1].startswith("none: ")


def test_bench_hooks():
    from iqpuzzles.tools.bench import steps as bench

    assert "cycles" in bench.CAVEAT and callable(bench.extra)
    assert GAME.empty_challenge() == ""
    options, primary, secondary = GAME.solver.exact_cover(GAME.setup(SEED_START))
    assert primary == ["piece F"]
    assert options == [sorted(codes(one("FHn").cells), key=CODES.index) + ["piece F"]]
    assert len(secondary) >= 50
    assert GAME.strings.difficulty(SEED_START).nodes >= 1


def test_the_lesson_says_what_is_drawn_where_it_rings_and_why_the_order_matters():
    """How to play IQ-Steps (steps/lesson.py): the first piece's rule rings a peg its
    lower ring takes, the second's a spot between pegs its upper ring takes, beside that
    peg; each is named as what it is ("the ringed peg", "the ringed spot between the
    pegs", never "the ringed ring"), and what the words claim holds by the rules: played
    the other way round, the second piece's upper ring at its ringed spot blocks the first
    piece's peg."""
    lesson = GAME.page.info()["lesson"]
    first, second = lesson["steps"]
    start = GAME.position(lesson["challenge"], lesson["start"])
    after = start.play(first["item"])
    said = GAME.page.view_of(start)["spots"]
    assert first["ruleAt"] and all(is_peg(CODES.index(c)) and said[c] == "peg"
                                   for c in first["ruleAt"])
    assert second["ruleAt"] and all(not is_peg(CODES.index(c)) and said[c] == "between pegs"
                                    for c in second["ruleAt"])
    lower = {CODES[i] for i in bits_of(GAME.notation.read_item(first["item"]).lower)}
    upper = {CODES[i] for i in bits_of(GAME.notation.read_item(second["item"]).upper)}
    assert set(first["ruleAt"]) <= lower and set(second["ruleAt"]) <= upper
    assert "ringed peg" in first["rule"] and "ringed spot between the pegs" in second["rule"]
    assert "ringed ring" not in first["rule"] + second["rule"]
    assert "yellow" in first["rule"] and "orange" in first["rule"]  # named, not "the next"
    beside = {CODES[i] for c in second["ruleAt"] for i in bits_of(NEIGHBOURS[CODES.index(c)])}
    assert set(first["ruleAt"]) <= beside
    with pytest.raises(IllegalPlacementError) as refused:
        start.play(second["item"]).play(first["item"])
    assert set(refused.value.refusal.locations) == set(first["ruleAt"]) | set(second["ruleAt"])
    assert after.play(second["item"]).is_solved
