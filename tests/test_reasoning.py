"""The solver that reasons like a player (core/reasoning.py, issue 24): its techniques are
sound (a step never rules out the solution), ranked, recorded, and each game's own
technique takes its turn; a hint's first rung names the reasoning that finds its piece."""

from __future__ import annotations

import pytest

from iqpuzzles import game, games
from iqpuzzles.core import reasoning
from iqpuzzles.core.bits import bits_of
from iqpuzzles.core.reasoning import DEEP, GAP, GUESS, LOOK, PIECE, SPOT, TECHNIQUES, Reasoner

GAMES = games(registered=False)  # the package's own games (not the tests' tiny one)


def _board(g, challenge):
    position = g.position(challenge)
    board = g.solver.board(position.setup, position.placed)
    solution = next(position.solutions()).placed[len(position.placed):]
    return board, reasoning.solution_rows(board, solution)


def test_the_techniques_are_ranked_easiest_first():
    assert list(TECHNIQUES) == sorted(TECHNIQUES) == [SPOT, PIECE, GAP, LOOK, DEEP, GUESS]
    assert all(t.name for t in TECHNIQUES)  # codes: core/sentences.py holds the words
    wait = game("steps").solver.board(game("steps").setup(""), ()).deductions[0].technique
    assert PIECE < wait < GAP and wait.name == "wait"


@pytest.mark.parametrize("name", GAMES)
def test_no_step_rules_out_the_solution(name):
    """Every step of solving a few booklet challenges keeps the solution's rows alive, and
    the placements it makes are the solution's."""
    g = game(name)
    for entry in g.challenges[::30]:
        board, solution = _board(g, entry.challenge)
        reasoner = Reasoner(board)
        state = reasoner.start.copy()
        for step in reasoner.steps(solution):
            assert not step.ruled_out & solution, (entry.id, step)
            assert step.play is None or solution >> step.play & 1, (entry.id, step)
            reasoner.apply(state, step)
            assert not solution & ~state.placed & ~state.alive, (entry.id, step)
        assert state.placed == solution


@pytest.mark.parametrize("name", GAMES)
def test_a_grade_counts_what_it_needed(name):
    g = game(name)
    entry = g.challenges[-1]
    found = reasoning.grade(g.position(entry.challenge))
    assert found is not None and sum(found.uses.values()) >= len(found.placed) > 0
    assert found.often == found.count(found.hardest) > 0
    assert found.score == found.hardest.rank * 100 + min(99, found.often)
    assert max(found.placed) == found.hardest
    assert found.to_json()["hardest"] == found.hardest.name
    assert reasoning.grade(g.position(g.challenges[0].challenge)).score <= found.score or \
        name == "focus"  # IQ-Focus's booklet levels follow no measure


def test_an_easy_challenge_needs_no_looking_ahead_and_a_hard_one_does():
    steps = game("steps")
    first = reasoning.grade(steps.position(steps.challenges[0].challenge))
    assert first.hardest <= GAP and first.tries == 0
    last = reasoning.grade(steps.position(steps.challenges[-1].challenge))
    assert last.hardest >= LOOK and last.tries > 0


def test_steps_own_technique_rules_out_places_that_wait_for_each_other():
    """IQ-Steps: a piece that would have a lower ring beside an upper ring of a piece down,
    and an upper ring beside its lower ring, can go in no order: WAIT rules it out."""
    steps = game("steps")
    technique = steps.solver.board(steps.setup(""), ()).deductions[0].technique
    used = next(e for e in steps.challenges
                if reasoning.grade(steps.position(e.challenge)).count(technique))
    board, _ = _board(steps, used.challenge)
    wait = board.deductions[0]
    rows = board.placements
    for placed in range(0, len(rows), 97):
        for row in bits_of(wait.rule_out(1 << placed, board.cover.all_rows)):
            a, b = rows[placed], rows[row]
            assert a.shadow & b.lower and b.shadow & a.lower  # each before the other


def test_a_gap_only_some_pieces_fill_is_seen():
    """IQ-Focus and IQ-Twist give their spots' neighbours: a gap whose size only some
    pieces can fill is a GAP step about it."""
    focus = game("focus")
    found = []
    for entry in focus.challenges[:40]:
        board, solution = _board(focus, entry.challenge)
        found += [s for s in Reasoner(board).steps(solution) if s.technique == GAP and s.gap]
        if found:
            break
    assert found and found[0].spot in {loc["code"] for loc in
                                       focus.page.info()["board"]["locations"]}


@pytest.mark.parametrize("name", GAMES)
def test_the_first_rung_names_the_reasoning_and_the_piece(name):
    g = game(name)
    words = {"can still reach the", "has only one place left, over the", "can fill the",
             "must cover the", "Every place left for", "sure step"}
    for entry in g.challenges[::40]:
        position = g.position(entry.challenge)
        look, exactly = position.hint(1), position.hint(3)
        assert look.piece == exactly.piece
        assert g.vocabulary.piece_name(look.piece) in look.message.lower()
        assert any(w in look.message for w in words), look.message
        assert exactly.placement not in look.message


def test_a_piece_with_one_place_left_is_said_so():
    """A booklet Starter of IQ-Steps: every piece is found without looking ahead."""
    steps = game("steps")
    messages = [steps.position(e.challenge).hint(1).message
                for e in steps.challenges if e.level == "Starter"]
    assert any("has only one place left" in m for m in messages)
    assert not any("dead end" in m for m in messages)  # nothing looked ahead


def test_a_hint_tries_a_bounded_number_of_placements_in_its_head():
    """On the empty board (thousands of solutions) the hint still answers, guessing."""
    twist = game("twist")
    hint = twist.position().hint(1)
    assert hint.kind == "place" and "try" in hint.message
