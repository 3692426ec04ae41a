"""A piece turned where it lies (core/turning.py), checked against plain enumeration: for
every game, every player's piece of sampled positions (seeded random walks of legal
moves from booklet challenges), each turn the game's pieces make is either a legal
position with that piece, in the orientation the vocabulary turns it to, on a spot that
keeps the most of the spots it covered, or a refusal that names the rule, and then no
legal placement so turned keeps that many. Never a crash."""

from __future__ import annotations

import json
import random

import pytest

from iqpuzzles import game, games
from iqpuzzles.api import handle
from iqpuzzles.core.errors import IllegalPlacementError, PuzzleError, Refusal

GAMES = games()  # the package's and the tests' own tiny game
WALKS = 3  # sampled positions per game: a walk each, from a booklet challenge
STEPS = (0, 2, 5)  # legal moves of each walk at most (the first: to a solved board)


def hows(g) -> list[str]:
    return [how for how, can in (("rotate", g.vocabulary.can_rotate),
                                 ("flip", g.vocabulary.can_flip)) if can]


def orientation_by_enumeration(g, placement) -> str:
    """How a placed piece lies, found by holding the piece every way over every spot."""
    found = {o for o in g.vocabulary.piece_of(placement.piece).orientations
             for spot in g.vocabulary.locations
             if g.drawing.hold(placement.piece, o, spot)[0] == placement}
    assert len(found) >= 1, placement
    return sorted(found)[0] if len(found) > 1 else found.pop()


def in_orientation(g, piece: str, orientation: str) -> list:
    """Every placement of the piece in an orientation, held over every spot."""
    held = (g.drawing.hold(piece, orientation, spot)[0] for spot in g.vocabulary.locations)
    return list(dict.fromkeys(p for p in held if p is not None))


def same_move(g, setup, a, b) -> bool:
    return a == b or g.symmetry.equivalent(setup, a, b)


def sampled_positions(g, seed: int):
    rng = random.Random(seed)
    entries = g.challenges
    for walk in range(WALKS):
        position = g.position(entries[rng.randrange(min(len(entries), 40))].challenge)
        solved = next(position.solutions(), None)
        if walk == 0 and solved is not None:
            yield solved  # a full board: most turns are refused
            continue
        for _ in range(STEPS[walk]):
            moves = list(position.legal_placements())
            if not moves:
                break
            position = position.play(rng.choice(moves))
        yield position


@pytest.mark.parametrize("name", GAMES)
def test_a_turn_is_a_legal_position_where_it_lies_or_a_refusal_in_words(name):
    g = game(name)
    empty = g.position()
    checked = refused = 0
    for position in sampled_positions(g, seed=len(name)):
        setup = position.setup
        for old in position.played:
            spots = set(g.rules.covers(old))
            lifted = position.remove(old.piece)
            legal = list(lifted.legal_placements(old.piece))
            anywhere = list(empty.legal_placements(old.piece))
            for how in hows(g):
                turned_to = getattr(g.vocabulary.piece_of(old.piece), how)[
                    orientation_by_enumeration(g, old)]
                so = in_orientation(g, old.piece, turned_to)
                on_board = [p for p in so if any(same_move(g, empty.setup, p, q) for q in anywhere)]
                most = max(len(spots & set(g.rules.covers(p))) for p in on_board)
                fits = [p for p in so if any(same_move(g, setup, p, q) for q in legal)]
                after = position.turned(old.piece, how)
                checked += 1
                if isinstance(after, Refusal):
                    refused += 1
                    assert after.rule and after.message.startswith(
                        g.vocabulary.capitalised_name(old.piece)), after
                    assert all(len(spots & set(g.rules.covers(p))) < most for p in fits), \
                        (str(position), old, how, after.message)
                    with pytest.raises(IllegalPlacementError):
                        position.turn(old.piece, how)
                    continue
                new = after.pieces[old.piece]
                assert {k: v for k, v in after.pieces.items() if k != old.piece} == \
                    {k: v for k, v in position.pieces.items() if k != old.piece}
                assert new in so, (old, how, new)  # in the orientation the vocabulary says
                assert any(same_move(g, setup, new, q) for q in legal) or new == old
                assert len(spots & set(g.rules.covers(new))) == most, (str(position), old, how)
                assert position.turn(old.piece, how) == after
    assert checked and (refused or name == "tiny")  # a full board refuses (turns: below)


@pytest.mark.parametrize("name", GAMES)
def test_a_piece_alone_on_the_board_always_turns(name):
    """Nothing to refuse it: no other piece, no peg, no wish; turned, it keeps a spot."""
    g = game(name)
    empty = g.position()
    for piece in g.piece_ids:
        first = next(empty.legal_placements(piece))
        alone = empty.play(first)
        for how in hows(g):
            after = alone.turned(piece, how)
            assert not isinstance(after, Refusal), (first, how, after)
            assert set(g.rules.covers(after.pieces[piece])) & set(g.rules.covers(first))


@pytest.mark.parametrize("name", [n for n in GAMES if n != "tiny"])
def test_the_move_op_turns_a_piece_in_one_call_and_refuses_in_words(name):
    g = game(name)
    entry = g.challenges[0]
    start = g.strings.start_placement(entry.challenge)
    hint = g.strings.hint(entry.challenge, start)
    played = g.strings.play(entry.challenge, start, hint.placement)
    how = hows(g)[0]
    reply = ask(op="move", game=name, challenge=entry.challenge, placement=played,
                turn=hint.piece, how=how)
    assert reply["ok"], reply
    result = reply["result"]
    turned = result["turned"]
    assert turned["piece"] == hint.piece
    assert turned["orientation"] in g.vocabulary.piece_of(hint.piece).orientations
    expected = g.position(entry.challenge, played).turned(hint.piece, how)
    if isinstance(expected, Refusal):
        assert result["placement"] == played and result["refused"]["message"] == expected.message
        assert turned["covers"] == []
    else:
        assert result["refused"] is None and result["placement"] == str(expected)
        assert result["view"]["placement"] == result["placement"]
        assert sorted(turned["covers"]) == sorted(
            code for code, piece in result["view"]["pieceAt"].items() if piece == hint.piece)
    wrong = ask(op="move", game=name, challenge=entry.challenge, placement=played,
                turn=hint.piece, how="spin")
    assert not wrong["ok"] and "'rotate' or 'flip'" in wrong["error"]["message"]
    missing = ask(op="move", game=name, challenge=entry.challenge, placement=start,
                  turn=hint.piece, how=how)
    assert not missing["ok"] and "not on the board" in missing["error"]["message"]


def test_a_challenge_piece_stays_and_the_pieces_turn_only_as_their_game_turns():
    twist = game("twist")
    entry = twist.challenges[0]  # its piece f is the challenge's own
    start = twist.position(entry.challenge)
    fixed = next(iter(start.fixed_pieces))
    refusal = start.turned(fixed, "rotate")
    assert isinstance(refusal, Refusal) and refusal.rule == "fixed"
    assert "part of the challenge" in refusal.message
    with pytest.raises(PuzzleError, match="do not flip"):
        game("focus").position(game("focus").challenges[0].challenge,
                               "").turned("a", "flip")


def ask(**request):
    reply = json.loads(handle(json.dumps({"id": 1, **request})))
    assert reply["id"] == 1
    return reply
