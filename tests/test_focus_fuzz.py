"""IQ-Focus fuzzing: any text is an answer, never a crash; random play stays legal."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from iqpuzzles import ChallengeError, PuzzleError, api, game
from iqpuzzles.core import HintKind
from iqpuzzles.focus.vocabulary import PIECES, Placed, centre_of
from iqpuzzles.generate import random_solution

focus = game("focus")
ALPHABET = "abcdefghijk0123456789AWRBG "
CHALLENGE_ALPHABET = "WRBGwx?1 "
EVERY_ITEM = [Placed(p, x, y, o).encode() for p in PIECES for x in range(9) for y in range(5)
              for o in range(4)]
ERRORS = {"PuzzleError", "PlacementError", "IllegalPlacementError", "ChallengeError"}
challenges = st.text(alphabet="WRBG", min_size=9, max_size=9)



@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(alphabet=CHALLENGE_ALPHABET, max_size=11), st.text(max_size=11)))
def test_fuzz_challenge_raises_only_challenge_errors(text):
    try:
        setup = focus.notation.read_challenge(text)
    except ChallengeError as error:
        assert str(error)
    else:
        assert setup.text == setup.extra == text and len(text) == 9 and setup.fixed == ()
        assert focus.setup(text) == setup


@settings(max_examples=150, deadline=None)
@given(challenges, st.lists(st.sampled_from(EVERY_ITEM), max_size=6))
def test_fuzz_play_sequences_stay_valid_and_consistent(challenge, moves):
    placement = ""
    for item in moves:
        try:
            placement = focus.strings.play(challenge, placement, item)
        except PuzzleError as error:
            assert str(error)
    if placement:
        assert focus.strings.is_valid(placement)
        assert str(focus.position(challenge, placement)) == placement  # agrees with it
    for item in focus.strings.legal_placements(placement, challenge=challenge)[:40]:
        focus.strings.play(challenge, placement, item)


@settings(max_examples=40, deadline=None)
@given(challenges, st.lists(st.sampled_from(EVERY_ITEM), max_size=4))
def test_fuzz_hint_answers_and_its_advice_can_be_followed(challenge, moves):
    placement = ""
    for item in moves:
        try:
            placement = focus.strings.play(challenge, placement, item)
        except PuzzleError:
            pass
    hint = focus.strings.hint(challenge, placement)
    assert hint.kind in tuple(HintKind)
    if hint.kind == "place":
        focus.strings.play(challenge, placement, hint.placement)
    elif hint.kind == "remove":
        focus.strings.remove(challenge, placement, hint.piece)
    elif hint.kind == "impossible":
        assert focus.strings.count_solutions(challenge, 1) == 0


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_fuzz_a_random_tiling_solves_its_own_centre(seed):
    tiling = random_solution(focus, random.Random(seed))
    challenge = centre_of(tiling)
    found = list(focus.strings.solutions(challenge))
    written = focus.notation.write(focus.setup(challenge), tiling)
    assert written in found
    assert focus.strings.is_solved(challenge, written)
    assert all(focus.strings.is_solved(challenge, s) for s in found)
    assert all(focus.position(challenge, s).is_solved for s in found)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["view", "hint", "play", "remove", "preview", "move", "solve",
                        "solutions", "start"]),
       st.one_of(st.text(alphabet=CHALLENGE_ALPHABET, max_size=10), challenges),
       st.text(alphabet=ALPHABET, max_size=12),
       st.text(alphabet=ALPHABET, max_size=5))
def test_fuzz_api_answers_with_puzzle_errors_only(op, challenge, placement, word):
    # "play" and "remove" are moves of their own mode (ops.py)
    request = {"id": 7, "op": "move" if op in ("play", "remove") else op, "game": "focus",
               "challenge": challenge}
    if op in ("view", "hint", "play", "remove", "preview", "move", "solve"):
        request["placement"] = placement
    if op in ("play", "move"):
        request["item"] = word
    elif op == "remove":
        request["remove"] = word
    elif op == "preview":
        request.update(piece=word[:1], orientation=word[1:2], location=word[2:])
    reply = api.call(request)
    assert reply["id"] == 7
    if not reply["ok"]:
        assert reply["error"]["type"] in ERRORS, reply
