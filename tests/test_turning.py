"""A piece turned where it lies (core/turning.py), checked against plain enumeration: for
every game, every player's piece of sampled positions (seeded random walks of legal
moves from booklet challenges), each turn the game's pieces make (Rotate, Rotate back,
Flip) is either a legal position with that piece, in the orientation the vocabulary
turns it to, on a spot that keeps the most of the spots it covered, or a refusal that
names the rule, and then no legal placement so turned keeps that many. Never a crash.
Rotate back turns every orientation back to the one Rotate came from (Rotate n-1 times,
of a cycle of n), and a piece Rotate turned about its middle, back where it was."""

from __future__ import annotations

import json
import random

import pytest

from iqpuzzles import game, games
from iqpuzzles.api import OPS, call, handle
from iqpuzzles.core import turning
from iqpuzzles.core.errors import IllegalPlacementError, PuzzleError, Refusal
from iqpuzzles.core.vocabulary import named_on_the_board

GAMES = games()  # the package's and the tests' own tiny game
WALKS = 3  # sampled positions per game: a walk each, from a booklet challenge
STEPS = (0, 2, 5)  # legal moves of each walk at most (the first: to a solved board)


def hows(g) -> list[str]:
    return [how for how, can in (("rotate", g.vocabulary.can_rotate),
                                 ("rotate-back", g.vocabulary.can_rotate),
                                 ("flip", g.vocabulary.can_flip)) if can]


def turned_to(words, how: str, orientation: str) -> str:
    """The orientation a turn makes of `orientation`, from the vocabulary's tables alone:
    Rotate back's is the one orientation that Rotate turns into it."""
    if how != "rotate-back":
        return getattr(words, how)[orientation]
    back = [o for o in words.orientations if words.rotate[o] == orientation]
    assert len(back) == 1, (words.id, orientation, back)  # Rotate is a permutation
    return back[0]


def rotation_cycle(words, orientation: str) -> list[str]:
    """`orientation`, then Rotate's turns of it until it comes back (n of them)."""
    cycle = [orientation]
    while words.rotate[cycle[-1]] != orientation:
        cycle.append(words.rotate[cycle[-1]])
    return cycle


def orientations_by_enumeration(g, placement) -> set[str]:
    """How a placed piece lies (every way, for a piece that looks the same so turned),
    found by holding the piece every way over every spot."""
    found = {o for o in g.vocabulary.piece_of(placement.piece).orientations
             for spot in g.vocabulary.locations
             if g.drawing.hold(placement.piece, o, spot)[0] == placement}
    assert len(found) >= 1, placement
    return found


def orientation_by_enumeration(g, placement) -> str:
    return sorted(orientations_by_enumeration(g, placement))[0]


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
                to = turned_to(g.vocabulary.piece_of(old.piece), how,
                               orientation_by_enumeration(g, old))
                so = in_orientation(g, old.piece, to)
                on_board = [p for p in so if any(same_move(g, empty.setup, p, q) for q in anywhere)]
                most = max(len(spots & set(g.rules.covers(p))) for p in on_board)
                fits = [p for p in so if any(same_move(g, setup, p, q) for q in legal)]
                after = position.turned(old.piece, how)
                checked += 1
                if isinstance(after, Refusal):
                    refused += 1
                    with named_on_the_board(position.pieces):  # as on the board
                        name = g.vocabulary.capitalised_name(old.piece)
                    assert after.rule and after.message.startswith(name), after
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
    for how in hows(g):  # "rotate-back" as the page sends it for an anticlockwise turn
        reply = ask(op="move", game=name, challenge=entry.challenge, placement=played,
                    turn=hint.piece, how=how)
        assert reply["ok"], (how, reply)
        result = reply["result"]
        turned = result["turned"]
        assert turned["piece"] == hint.piece
        lies = orientations_by_enumeration(
            g, g.position(entry.challenge, played).pieces[hint.piece])
        assert turned["orientation"] in {
            turned_to(g.vocabulary.piece_of(hint.piece), how, o) for o in lies}, how
        expected = g.position(entry.challenge, played).turned(hint.piece, how)
        if isinstance(expected, Refusal):
            assert result["placement"] == played
            assert result["refused"]["message"] == expected.message
            assert turned["covers"] == []
        else:
            assert result["refused"] is None and result["placement"] == str(expected)
            assert result["view"]["placement"] == result["placement"]
            assert sorted(turned["covers"]) == sorted(
                code for code, piece in result["view"]["pieceAt"].items() if piece == hint.piece)
    wrong = ask(op="move", game=name, challenge=entry.challenge, placement=played,
                turn=hint.piece, how="spin")
    assert not wrong["ok"] and wrong["error"]["type"] == "RequestError"
    assert "'rotate' or 'rotate-back' or 'flip'" in wrong["error"]["message"]
    missing = ask(op="move", game=name, challenge=entry.challenge, placement=start,
                  turn=hint.piece, how=hows(g)[0])
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


ROTATING = [n for n in GAMES if game(n).vocabulary.can_rotate]


@pytest.mark.parametrize("name", ROTATING)
def test_rotate_back_is_rotate_n_minus_1_times_for_every_piece_and_orientation(name):
    """Of a cycle of n orientations Rotate goes round, Rotate back turns each to the one
    Rotate came from: the vocabulary's map, and a piece turned on the board, alike."""
    g = game(name)
    empty = g.position()
    for words in g.vocabulary.pieces:
        for orientation in words.orientations:
            cycle = rotation_cycle(words, orientation)
            back = cycle[len(cycle) - 1]  # Rotate n-1 times
            assert back == turned_to(words, "rotate-back", orientation)
            assert words.rotate[back] == orientation
            assert words.rotate_back[orientation] == back
            assert words.rotate_back[words.rotate[orientation]] == orientation
            alone = next((p for p in in_orientation(g, words.id, orientation)
                          if not isinstance(empty.after(p), Refusal)), None)
            if alone is None:
                continue  # (an orientation no spot of the board takes)
            lies = orientations_by_enumeration(g, alone)
            made = turning.turned(empty.play(alone), words.id, "rotate-back")
            assert made.orientation in {turned_to(words, "rotate-back", o) for o in lies}
            assert not isinstance(made.after, Refusal), (alone, made.after)
            assert made.after.pieces[words.id] in in_orientation(g, words.id, made.orientation)


def round_trip_positions(g) -> list:
    """The empty board and a few booklet positions: challenges' starts, and solutions
    with every other player's piece taken back."""
    positions = [g.position()]
    for entry in g.challenges[:2]:
        positions.append(g.position(entry.challenge))
        half = g.position(entry.challenge, entry.solution)
        for placement in half.played[::2]:
            if placement.piece not in half.fixed_pieces:
                half = half.remove(placement.piece)
        positions.append(half)
    return positions


def middle(g, placement) -> tuple[float, float]:
    """The middle of the spots a placement covers, where the drawing draws them."""
    points = {loc["code"]: (loc["x"], loc["y"]) for loc in g.drawing.frame()["locations"]}
    spots = list(g.rules.covers(placement))
    return (round(sum(points[s][0] for s in spots) / len(spots), 6),
            round(sum(points[s][1] for s in spots) / len(spots), 6))


@pytest.mark.parametrize("name", ROTATING)
def test_rotate_then_rotate_back_turns_every_piece_back(name):
    """Every piece, in every orientation (the first and the last spot of the board it
    fits in so, on each position), rotated and then rotated back where both turns are
    legal, lies as it did, the other pieces unmoved; and where Rotate turned it about
    its middle (the spots it covers have the same middle), back where it was: the same
    position. (Rotate back is not Undo: elsewhere each turn finds the spot that keeps
    the most of the piece's spots, and the way back may find another; see
    core/turning.py.)"""
    g = game(name)
    both = about_middle = 0
    for position in round_trip_positions(g):
        for words in g.vocabulary.pieces:
            if words.id in position.pieces:
                continue
            for orientation in words.orientations:
                fits = [p for p in in_orientation(g, words.id, orientation)
                        if not isinstance(position.after(p), Refusal)]
                for placement in dict.fromkeys(fits[:1] + fits[-1:]):
                    start = position.play(placement)
                    rotated = start.turned(words.id, "rotate")
                    if isinstance(rotated, Refusal):
                        continue
                    back = rotated.turned(words.id, "rotate-back")
                    if isinstance(back, Refusal):
                        continue
                    both += 1
                    assert back.challenge == start.challenge
                    assert {k: v for k, v in back.pieces.items() if k != words.id} == \
                        {k: v for k, v in start.pieces.items() if k != words.id}
                    assert back.pieces[words.id] in in_orientation(
                        g, words.id, orientation), (str(start), str(rotated), str(back))
                    if middle(g, rotated.pieces[words.id]) == middle(g, placement):
                        about_middle += 1
                        assert back.pieces == start.pieces, (str(start), str(rotated),
                                                             str(back))
    # (on these positions no piece of IQ-Steps or of the tiny game turns about its middle)
    assert both and (about_middle or name in ("steps", "tiny")), name


def test_rotate_back_is_refused_as_rotate_is_where_pieces_do_not_rotate(monkeypatch):
    """A game whose pieces do not rotate refuses Rotate back in Rotate's words; a turn
    the package does not know is a PuzzleError that says which turns there are."""
    g = game("focus")
    position = g.position(g.challenges[0].challenge, g.challenges[0].solution)
    monkeypatch.setitem(g.vocabulary.__dict__, "can_rotate", False)  # (a cached_property)
    said = []
    for how in ("rotate", "rotate-back"):
        with pytest.raises(PuzzleError, match="do not rotate") as refused:
            turning.turned(position, "a", how)
        assert type(refused.value) is PuzzleError
        said.append(str(refused.value))
    assert said[0] == said[1]
    monkeypatch.undo()
    assert isinstance(position.turned("a", "rotate-back"), (Refusal, type(position)))
    with pytest.raises(PuzzleError, match="turned by rotate") as unknown:
        turning.turned(position, "a", "spin")
    assert type(unknown.value) is PuzzleError


def test_the_op_table_takes_rotate_back_and_no_other_turn():
    """The move op's `how` is one of core/turning.HOWS, "rotate-back" among them; any other
    is the request's fault (RequestError), before any game is asked."""
    assert turning.HOWS == ("rotate", "rotate-back", "flip")
    how = OPS["move"].arguments["how"]
    assert how.optional and how.kind.accepts("rotate-back") and how.kind.accepts(None)
    assert not how.kind.accepts("rotate_back") and not how.kind.accepts("Rotate-back")
    g = game("focus")
    entry = g.challenges[0]
    reply = call({"id": 1, "op": "move", "game": "focus", "challenge": entry.challenge,
                  "placement": str(g.position(entry.challenge, entry.solution)),
                  "turn": "a", "how": "anticlockwise"})
    assert not reply["ok"] and reply["error"]["type"] == "RequestError", reply
    assert "'rotate-back'" in reply["error"]["message"]


def ask(**request):
    reply = json.loads(handle(json.dumps({"id": 1, **request})))
    assert reply["id"] == 1
    return reply
