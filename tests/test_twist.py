"""IQ-Twist against its spec (docs/games/twist.md) and booklet."""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from iqpuzzles import ChallengeError, IllegalPlacementError, PlacementError, PuzzleError, game
from iqpuzzles.core import geometry
from iqpuzzles.twist import PIECES, SHAPES
from iqpuzzles.twist.rules import read as parse
from iqpuzzles.twist.rules import write
from iqpuzzles.twist.solver import tables

twist = game("twist")
SEED_CHALLENGE = "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"
SEED_GAME = "a7A7b6A7c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"


@pytest.mark.parametrize("entry", twist.challenges, ids=lambda e: e.id)
def test_booklet_challenge_has_exactly_its_listed_solution(entry):
    assert list(twist.strings.solutions(entry.challenge, limit=2)) == [entry.solution]


def test_booklet_has_103_challenges_in_five_levels_of_the_spec():
    assert len(twist.challenges) == 103
    levels = {e.id: e.level for e in twist.challenges}
    assert levels["1"] == levels["24"] == "Starter"
    assert levels["25"] == "Junior" and levels["49"] == "Expert"
    assert levels["73"] == "Master" and levels["120"] == "Wizard"


def test_seed_challenge_solves_to_the_seed_game_canonically():
    assert list(twist.strings.solutions(SEED_CHALLENGE)) == ["a7A7b6A7c1A3d2A6e2C3f3C2g4A7h6D0"]


def test_seed_completed_game_is_valid_and_complete():
    assert twist.strings.check(SEED_GAME) == "ok"
    assert twist.strings.validate(SEED_GAME).is_solved
    assert twist.strings.is_solved(SEED_CHALLENGE, SEED_GAME)


def test_seed_move_order_keeps_every_intermediate_valid():
    placement = SEED_CHALLENGE
    for item in ["d2A6", "e2C3", "g4A7", "b6A7", "c1A3", "a7A7", "h6D0"]:
        placement = twist.strings.play(SEED_CHALLENGE, placement, item)
        assert twist.strings.is_valid(placement)
    assert twist.strings.is_solved(SEED_CHALLENGE, placement)


def test_show_draws_the_seed_game_as_the_spec_does():
    assert twist.strings.show(SEED_GAME).splitlines()[1:] == [
        "  A c d d d g b a A",
        "  B c D D G g B b a",
        "  C C E E F G G b A",
        "  D c e f f F H h h",
    ]


def test_pieces_json_orientations_follow_the_orientation_rule():
    """flip top-to-bottom (f = o // 4), then r quarter turns clockwise, then normalise."""
    for piece in PIECES:
        base = [(dx, dy) for dx, dy, _ in SHAPES[piece][0].loops]
        for orientation in range(8):
            cells = geometry.flip_top_bottom(base) if orientation >= 4 else base
            for _ in range(orientation % 4):
                cells = geometry.rotate_cw(cells)
            expected = geometry.normalise(cells)
            got = sorted((dx, dy) for dx, dy, _ in SHAPES[piece][orientation].loops)
            assert got == expected, f"{piece}{orientation}"


# --- well-formedness (docs/games/twist.md §5.1) --------------------------------------------

@pytest.mark.parametrize("text", [
    "a1A0", "h8D7", "i1A0", "l8D0", "j2B0j1C0", "l6B0l1A0", SEED_GAME, SEED_CHALLENGE,
    "a1A0b1A0c1A0d1A0e1A0f1A0g1A0h1A0i1A0j1A0j1A0k1A0k1A0l1A0l1A0",  # 15 items
])
def test_well_formed(text):
    assert twist.strings.is_well_formed(text)


@pytest.mark.parametrize(("text", "position", "words"), [
    ("", None, "empty"),
    ("a1A", 0, "4 characters"),
    ("a1A0b", 4, "4 characters"),
    ("m1A0", 0, "neither a piece"),
    ("a9A0", 1, "column"),
    ("a0A0", 1, "column"),
    ("a1E0", 2, "row"),
    ("a1a0", 2, "row"),
    ("a1A8", 3, "orientation"),
    ("i1A1", 3, "peg"),
    ("b1A0a1A0", 4, "alphabetical"),
    ("i1A0a1A0", 4, "alphabetical"),
    ("a1A0a2A0", 4, "more than once"),
    ("i1A0i2A0", 4, "more than once"),
    ("j1A0j2A0j3A0", 8, "more than twice"),
    ("a1A0b1A0c1A0d1A0e1A0f1A0g1A0h1A0i1A0j1A0j1A0k1A0k1A0l1A0l1A0l2A0", 60, "at most 15"),
])
def test_malformed_says_what_and_where(text, position, words):
    with pytest.raises(PlacementError) as caught:
        parse(text)
    assert caught.value.position == position
    assert words in str(caught.value)
    assert twist.strings.check(text).startswith("malformed: ")


# --- validity (docs/games/twist.md §5.2) ------------------------------------------------------

@pytest.mark.parametrize(("text", "words"), [
    ("a7A7j8A0", "red hole on the blue peg at 8A"),
    ("c2A3i2C0", "blue hole on the red peg at 2C"),
    ("h4D0l6D0", "solid loop on the yellow peg at 6D"),
    ("e1D6", "hangs off the board"),
    ("c6A0", "hangs off the board"),
    ("f3C2j4B0k8B0k5D0l3C0", "solid loop on the green peg at 5D"),
    ("a1A0b1A0", "overlaps a1A0"),
    ("j1A0k1A0", "two pegs on 1A"),
])
def test_illegal_says_which_rule(text, words):
    assert twist.strings.is_well_formed(text)
    with pytest.raises(IllegalPlacementError, match=words):
        twist.strings.validate(text)
    assert twist.strings.check(text) == f"illegal: {twist.strings.check(text)[9:]}"
    assert words in twist.strings.check(text)


@pytest.mark.parametrize("text", [
    "f3C4j4B0k8B0k5D0l3C0", "d2A6j2B0", "a1A0", "i1A0", SEED_GAME,
])
def test_legal(text):
    assert twist.strings.check(text) == "ok"


# --- symmetry, canonical form, viable placements (§6) ---------------------------------

def test_canonical_uses_lowest_legal_weak_twin():
    assert twist.strings.canonical(SEED_CHALLENGE) == "f3C2i6B0j2B0j1C0k3C0l4B0l5C0"
    # with a green peg under 5D only f4 has a hole there
    assert twist.strings.canonical("f3C4j4B0k8B0k5D0l3C0").startswith("f3C4")
    assert twist.strings.canonical("b6A7") == "b6A5"  # course test multiA without the red peg
    assert twist.strings.canonical("b6A7i6B0").startswith("b6A7")


def test_canonical_orders_items_and_pegs_row_major():
    assert twist.strings.canonical("l6B0l1A0") == "l1A0l6B0"


def test_viable_placements_course_example():
    placement = "c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"
    assert twist.strings.legal_placements(placement) == sorted(
        "a6A0 a6A2 a6A4 a6A7 a6B0 a7A1 a7A3 a7A5 a7A7 b6A0 b6A7 b7A1 b7A5".split())
    assert twist.strings.legal_placements(placement, piece="b") == ["b6A0", "b6A7", "b7A1", "b7A5"]


def test_every_viable_placement_is_playable():
    for item in twist.strings.legal_placements(SEED_CHALLENGE):
        twist.strings.play(SEED_CHALLENGE, SEED_CHALLENGE, item)


def test_empty_board_has_5992_games():
    assert twist.strings.count_solutions("", None) == 5992


def test_count_with_limit_stops():
    assert twist.strings.count_solutions("", 3) == 3
    assert twist.strings.count_solutions("i1A0", 1) == 1


def test_unknown_solution_start_pieces_from_the_spec():
    for start, solution in [
        ("h4B2j5D0j6D0k7D0k8D0l3D0l4D0", "a1B5b7A1c4A0d4C0e7C1f1A0g2B7h4B0"),
        ("h8B3i5B0j3A0j2B0k3C0l3B0l4B0", "a5C4b5A7c1A2d1B3e2C4f6A0g3B5h8B1"),
        ("b2C0j7A0j7B0k3A0k5B0l3B0l5A0", "a1B5b2C0c5D0d7A7e5A1f1A0g3A1h5C0"),
    ]:
        assert list(twist.strings.solutions(start)) == [solution]


def test_impossible_start_has_no_solution():
    assert list(twist.strings.solutions("c2A1")) == []  # column 1 cut off: no piece fits 4 tall
    assert twist.strings.hint("c2A1", "c2A1").kind == "impossible"


# --- play, hint ------------------------------------------------------------------

def test_play_refuses_with_reason_and_remove_keeps_challenge_pieces():
    with pytest.raises(IllegalPlacementError, match="solid loop on the blue peg"):
        twist.strings.play(SEED_CHALLENGE, SEED_CHALLENGE, "d2A5")
    with pytest.raises(IllegalPlacementError, match="already on the board"):
        twist.strings.play(SEED_CHALLENGE, SEED_CHALLENGE, "f1A0")
    placed = twist.strings.play(SEED_CHALLENGE, SEED_CHALLENGE, "d2A6")
    start = twist.strings.start_placement(SEED_CHALLENGE)
    assert twist.strings.remove(SEED_CHALLENGE, placed, "d") == start
    with pytest.raises(ChallengeError, match="part of the challenge"):
        twist.strings.remove(SEED_CHALLENGE, placed, "f")


def test_position_must_belong_to_its_challenge():
    with pytest.raises(ChallengeError, match="pegs"):
        twist.strings.play(SEED_CHALLENGE, "i6B0", "a1A0")


def test_hint_places_the_next_piece_of_the_solution():
    hint = twist.strings.hint(SEED_CHALLENGE, SEED_CHALLENGE)
    assert hint.kind == "place"
    solution = twist.challenges[0].solution
    assert hint.placement in [solution[i:i + 4] for i in range(0, 32, 4)]
    twist.strings.play(SEED_CHALLENGE, SEED_CHALLENGE, hint.placement)


def test_hint_names_the_piece_that_blocks_the_solution():
    wrong = twist.strings.play(SEED_CHALLENGE, SEED_CHALLENGE, "d1A0")
    hint = twist.strings.hint(SEED_CHALLENGE, wrong)
    assert (hint.kind, hint.piece) == ("remove", "d")


def test_hint_on_a_solved_board():
    assert twist.strings.hint(SEED_CHALLENGE, SEED_GAME).kind == "solved"


def test_following_hints_solves_every_starter():
    for entry in [e for e in twist.challenges if e.level == "Starter"][:6]:
        placement = twist.strings.start_placement(entry.challenge)
        for _ in range(8):
            hint = twist.strings.hint(entry.challenge, placement)
            if hint.kind == "solved":
                break
            placement = twist.strings.play(entry.challenge, placement, hint.placement)
        assert twist.strings.is_solved(entry.challenge, placement)


# --- fuzzing: any text is an answer, never a crash ------------------------------------

ALPHABET = "abcdefghijklm12345678900ABCDEa "


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=64))
def test_fuzz_check_only_answers(text):
    verdict = twist.strings.check(text)
    assert verdict == "ok" or verdict.split(":")[0] in ("malformed", "illegal")
    assert len(verdict) < 300


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_fuzz_parse_raises_only_placement_errors(text):
    try:
        state = parse(text)
    except PlacementError as error:
        assert error.reason
    else:
        assert parse(write(*state)) == state


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(sorted(tables().index, key=str)), max_size=3))
def test_fuzz_play_sequences(pieces):
    placement = SEED_CHALLENGE
    for placed in pieces:
        try:
            placement = twist.strings.play(SEED_CHALLENGE, placement, placed.encode())
        except PuzzleError as error:
            assert str(error)
    assert twist.strings.is_valid(placement)


def test_round_trip_every_booklet_string():
    for entry in twist.challenges:
        for text in (entry.challenge, entry.solution):
            assert write(*parse(text)) == text
            assert parse(write(*parse(text))) == parse(text)
