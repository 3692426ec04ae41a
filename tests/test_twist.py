"""IQ-Twist against its spec (docs/games/twist.md) and booklet."""


import pytest

from iqpuzzles import ChallengeError, game
from iqpuzzles.core import geometry
from iqpuzzles.twist.vocabulary import FORMS, PIECES

twist = game("twist")
parse = twist.notation.read
write = twist.notation.write_items
SEED_CHALLENGE = "f3C4i6B0j2B0j1C0k3C0l4B0l5C0"
SEED_GAME = "a7A7b6A7c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"


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
        base = [(dx, dy) for dx, dy, _ in FORMS[piece][0].loops]
        for orientation in range(8):
            cells = geometry.flip_top_bottom(base) if orientation >= 4 else base
            for _ in range(orientation % 4):
                cells = geometry.rotate_cw(cells)
            expected = geometry.normalise(cells)
            got = sorted((dx, dy) for dx, dy, _ in FORMS[piece][orientation].loops)
            assert got == expected, f"{piece}{orientation}"


# --- well-formedness (docs/games/twist.md §5.1) --------------------------------------------


# --- validity (docs/games/twist.md §5.2) ------------------------------------------------------


# --- symmetry, canonical form, viable placements (§6) ---------------------------------

def test_canonical_uses_lowest_legal_weak_twin():
    assert twist.strings.canonical(SEED_CHALLENGE) == "f3C2i6B0j2B0j1C0k3C0l4B0l5C0"
    # with a green peg under 5D only f4 has a hole there
    assert twist.strings.canonical("f3C4j4B0k8B0k5D0l3C0").startswith("f3C4")
    assert twist.strings.canonical("b6A7") == "b6A5"  # course test multiA without the red peg
    assert twist.strings.canonical("b6A7i6B0").startswith("b6A7")


def test_canonical_orders_items_and_pegs_row_major():
    assert twist.strings.canonical("l6B0l1A0") == "l1A0l6B0"


def test_the_course_example_of_viable_twist_placements():
    placement = "c1A3d2A6e2C3f3C4g4A7h6D0i6B0j2B0j1C0k3C0l4B0l5C0"
    assert twist.strings.legal_placements(placement) == sorted(
        "a6A0 a6A2 a6A4 a6A7 a6B0 a7A1 a7A3 a7A5 a7A7 b6A0 b6A7 b7A1 b7A5".split())
    assert twist.strings.legal_placements(placement, piece="b") == ["b6A0", "b6A7", "b7A1", "b7A5"]


def test_every_viable_placement_is_playable():
    for item in twist.strings.legal_placements(SEED_CHALLENGE):
        twist.strings.play(SEED_CHALLENGE, SEED_CHALLENGE, item)


def test_empty_board_has_5992_games():
    assert twist.strings.count_solutions("", None) == 5992



def test_unknown_solution_start_pieces_from_the_spec():
    for start, solution in [
        ("h4B2j5D0j6D0k7D0k8D0l3D0l4D0", "a1B5b7A1c4A0d4C0e7C1f1A0g2B7h4B0"),
        ("h8B3i5B0j3A0j2B0k3C0l3B0l4B0", "a5C4b5A7c1A2d1B3e2C4f6A0g3B5h8B1"),
        ("b2C0j7A0j7B0k3A0k5B0l3B0l5A0", "a1B5b2C0c5D0d7A7e5A1f1A0g3A1h5C0"),
    ]:
        assert list(twist.strings.solutions(start)) == [solution]



# --- play, hint ------------------------------------------------------------------


def test_position_must_belong_to_its_challenge():
    with pytest.raises(ChallengeError, match="pegs"):
        twist.strings.play(SEED_CHALLENGE, "i6B0", "a1A0")



def test_hint_on_a_solved_board():
    assert twist.strings.hint(SEED_CHALLENGE, SEED_GAME).kind == "solved"


# --- fuzzing: any text is an answer, never a crash ------------------------------------

ALPHABET = "abcdefghijklm12345678900ABCDEa "



def test_round_trip_every_booklet_string():
    for entry in twist.challenges:
        for text in (entry.challenge, entry.solution):
            assert write(*parse(text)) == text
            assert parse(write(*parse(text))) == parse(text)
