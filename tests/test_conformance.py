"""One conformance suite for every registered game: the model holds in each.

Every test runs over every game through the public interface only, so a fifth game
that declares its parts is checked by the same tests; what is a game's own (its
strings, its rules' words, positions with a known hint) comes from its table in
tests/game_examples.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from game_examples import cases
from iqpuzzles import game, games
from iqpuzzles.core import HintKind, Placement, Position, PuzzleError
from iqpuzzles.core.errors import IllegalPlacementError, PlacementError
from iqpuzzles.core.game import Game

# A spread of each booklet for the moves (every 12th challenge, and the last of each
# level); every booklet challenge for its solutions (the per-game tests do not solve the
# booklets again).
STRIDE = 12


def _sample(g: Game) -> list:
    booklet = g.challenges
    lasts = {entry.level: entry for entry in booklet}
    return list({entry.id: entry for entry in [*booklet[::STRIDE], *lasts.values()]}.values())


GAMES = games()  # the package's, and any a test declares (tests/conftest.py)
CASES = [(name, entry.id) for name in GAMES for entry in _sample(game(name))]
BOOKLETS = [(name, entry.id) for name in GAMES for entry in game(name).challenges]


@pytest.fixture(params=GAMES)
def g(request) -> Game:
    return game(request.param)


def _entry(name: str, challenge_id: str):
    return game(name).challenge_by_id(challenge_id)


@pytest.mark.parametrize(("name", "challenge_id"), BOOKLETS)
def test_every_booklet_challenge_has_its_listed_solutions_each_a_solved_position(
        name, challenge_id):
    g, entry = game(name), _entry(name, challenge_id)
    found = list(g.strings.solutions(entry.challenge, len(entry.solutions) + 1))
    assert sorted(found) == sorted(entry.solutions)
    for text in found:
        assert g.strings.is_solved(entry.challenge, text)
        assert g.strings.hint(entry.challenge, text).kind is HintKind.SOLVED
        solved = g.position(entry.challenge, text)
        assert solved.is_solved and not solved.pieces_left
        assert g.position(entry.challenge, str(solved)) == solved  # its own string reads back
        assert g.page.view(entry.challenge, text)["solved"]


@pytest.mark.parametrize(("name", "challenge_id"), CASES)
def test_play_and_remove_are_inverse_and_never_change_a_position(name, challenge_id):
    g, entry = game(name), _entry(name, challenge_id)
    start = g.position(entry.challenge)
    solved = next(start.solutions())
    assert solved.is_solved and solved.challenge == start.challenge
    positions = [start]
    for placement in solved.played:
        positions.append(positions[-1].play(str(placement)))
    assert positions[-1] == solved
    assert str(start) == g.strings.start_placement(entry.challenge)  # play() made new positions
    for before, after in itertools.pairwise(positions):
        last = after.played[-1]
        assert after.remove(last.piece) == before
        assert g.strings.remove(entry.challenge, str(after), last.piece) == str(before)
        assert g.strings.play(entry.challenge, str(before), str(last)) == str(after)


@pytest.mark.parametrize(("name", "challenge_id"), CASES)
def test_following_the_hints_reaches_a_solved_position(name, challenge_id):
    g, entry = game(name), _entry(name, challenge_id)
    position = g.position(entry.challenge)
    for _ in g.piece_ids:
        hint = position.hint()
        if hint.kind is HintKind.SOLVED:
            break
        assert hint.kind is HintKind.PLACE and hint.placement
        position = position.play(hint.placement)
    assert position.is_solved and position.hint().kind is HintKind.SOLVED
    assert g.strings.is_solved(entry.challenge, str(position))


def _wrong_move(g: Game) -> tuple[Position, Placement, Position]:
    """(a booklet start, a legal placement on it that no solution has, the position after
    it), from the first challenge that has such a move."""
    for entry in g.challenges:
        start = g.position(entry.challenge)
        solution = next(start.solutions()).pieces
        for placement in start.legal_placements():
            if not g.symmetry.equivalent(start.setup, placement, solution[placement.piece]):
                wrong = start.play(placement)
                if wrong.count(1) == 0:
                    return start, placement, wrong
    raise AssertionError("no booklet challenge has a wrong move")  # pragma: no cover


def test_a_wrong_piece_is_named_by_the_hint(g):
    start, placement, wrong = _wrong_move(g)
    hint = wrong.hint()
    assert hint.kind is HintKind.REMOVE and hint.piece == placement.piece
    assert wrong.remove(hint.piece) == start


def test_positions_are_values(g):
    entry = g.challenges[0]
    start = g.position(entry.challenge)
    first = next(iter(start.legal_placements()))
    one, again = start.play(first), start.play(str(first))
    assert one == again and hash(one) == hash(again) and one != start
    assert len({start, one, again}) == 2
    assert {one: "x"}[again] == "x"
    with pytest.raises(AttributeError):
        one.placed = ()  # type: ignore[misc]
    assert g.position(entry.challenge, str(one)) == one


def test_legal_placements_are_lazy_placements_that_can_be_played(g):
    start = g.position(g.challenges[0].challenge)
    legal = start.legal_placements()
    assert isinstance(legal, Iterator)
    some = list(itertools.islice(legal, 25))
    assert some and all(isinstance(p, Placement) for p in some)
    for placement in some:
        assert str(placement) == str(g.notation.read_item(str(placement)))
        assert start.play(placement).pieces[placement.piece] == placement
    piece = some[0].piece
    assert all(p.piece == piece for p in start.legal_placements(piece))
    assert list(start.play(some[0]).legal_placements(piece)) == []


def test_the_empty_challenge_is_every_games_board(g):
    empty = g.position()
    assert empty.challenge == g.empty_challenge() and not empty.placed
    assert g.strings.start_placement(g.empty_challenge()) == str(empty)
    solved = next(empty.solutions(1))
    assert solved.is_solved
    first = next(g.strings.solutions(g.empty_challenge(), 1))
    assert g.strings.is_solved(g.empty_challenge(), first)
    assert g.strings.legal_placements("") == sorted(str(p) for p in empty.legal_placements())


def test_a_piece_of_the_challenge_stays(g):
    entry = next((e for e in g.challenges if g.position(e.challenge).placed), None)
    if entry is None:
        assert not any(g.position(e.challenge).fixed_pieces for e in g.challenges)
        return
    start = g.position(entry.challenge)
    fixed = start.placed[0].piece
    with pytest.raises(PuzzleError, match="challenge"):
        start.remove(fixed)


BAD_TEXT = ["", " ", "zzzz", "\x00", "a" * 200, "３１", "\ud800", None, 7, 2.5, [], {}]


@pytest.mark.parametrize("value", BAD_TEXT, ids=repr)
def test_bad_input_is_a_puzzle_error_everywhere(g, value):
    entry = g.challenges[0]
    start = g.position(entry.challenge)
    calls = [
        lambda: g.position(value),
        lambda: g.position(entry.challenge, value) if value != "" else g.position(value),
        lambda: start.play(value),
        lambda: start.remove(value),
        lambda: list(start.legal_placements(value)),
        lambda: g.check_piece(value),
        lambda: g.page.piece_view(value, "0"),
        lambda: g.page.piece_view(g.piece_ids[0], value),
        lambda: g.page.preview(entry.challenge, "", g.piece_ids[0], value, value),
        lambda: g.page.view(value, value),
        lambda: list(g.strings.solutions(value, 1)),
        lambda: g.notation.read_item(value),
    ]
    for call in calls:
        try:
            call()
        except PuzzleError as error:
            assert str(error)
    assert isinstance(g.strings.check(value), str)  # check answers, it never raises


def test_a_solved_position_is_a_position_of_its_challenge(g):
    position = g.position(g.challenges[-1].challenge)
    solved = next(position.solutions())
    assert isinstance(solved, Position) and solved.setup == position.setup
    assert solved.placed[:len(position.placed)] == position.placed


# --- each game's own examples (tests/game_examples.py) --------------------------------------------

@pytest.mark.parametrize(("name", "text"), cases("well_formed", GAMES))
def test_well_formed(name, text):
    assert game(name).strings.is_well_formed(text)


@pytest.mark.parametrize(("name", "text", "position", "words"), cases("malformed", GAMES))
def test_malformed_says_what_and_where(name, text, position, words):
    strings = game(name).strings
    with pytest.raises(PlacementError) as caught:
        strings.parse(text)
    assert caught.value.position == position
    assert words in str(caught.value)
    assert strings.check(text).startswith("malformed: ") and not strings.is_well_formed(text)


@pytest.mark.parametrize(("name", "text"), cases("legal", GAMES))
def test_legal(name, text):
    assert game(name).strings.check(text) == "ok"


@pytest.mark.parametrize(("name", "text", "words"), cases("illegal", GAMES))
def test_illegal_says_which_rule(name, text, words):
    strings = game(name).strings
    assert strings.is_well_formed(text) and not strings.is_valid(text)
    with pytest.raises(IllegalPlacementError) as caught:
        strings.validate(text)
    assert words in str(caught.value)
    assert strings.check(text).startswith("illegal: ") and words in strings.check(text)


@pytest.mark.parametrize(("name", "challenge", "placement"), cases("hint_place", GAMES))
def test_hint_places_the_next_piece_of_a_solution(name, challenge, placement):
    g = game(name)
    hint = g.strings.hint(challenge, placement)
    assert hint.kind == "place"
    after = g.position(challenge, placement).play(hint.placement)
    assert after.is_solvable


@pytest.mark.parametrize(("name", "challenge", "placement", "piece"),
                         cases("hint_remove", GAMES))
def test_hint_names_the_piece_that_blocks_the_solution(name, challenge, placement, piece):
    hint = game(name).strings.hint(challenge, placement)
    assert (hint.kind, hint.piece) == ("remove", piece)


@pytest.mark.parametrize(("name", "challenge"), cases("impossible", GAMES))
def test_an_impossible_start_has_no_solution_and_says_so(name, challenge):
    g = game(name)
    assert list(g.strings.solutions(challenge)) == []
    assert g.strings.hint(challenge, g.strings.start_placement(challenge)).kind == "impossible"


@pytest.mark.parametrize(("name", "challenge", "item", "words"), cases("refused", GAMES))
def test_a_refused_move_says_why(name, challenge, item, words):
    strings = game(name).strings
    with pytest.raises(IllegalPlacementError, match=words):
        strings.play(challenge, strings.start_placement(challenge), item)


def test_a_count_stops_at_its_limit(g: Game):
    assert g.strings.count_solutions(g.empty_challenge(), 3) == 3
