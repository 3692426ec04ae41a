"""No lesson gives a challenge away (issue 38): every game's first lesson (core/lesson.py,
each game's lesson.py) ends on a complete board that solves no challenge a player is
offered, so its last button ("Play Challenge 1", or whatever challenge waits under the
lesson) never leads to a challenge whose solution the lesson has just shown.

The challenges a player is offered are the booklet's and those of the New-challenge pools
(a new challenge and a daily challenge are both taken from the pools: generate.py,
daily.py). A complete board solves a challenge when the challenge's givens are all on it:
its pieces, each covering the same locations the same way (holes, layers, openings), and
its markers (IQ-Twist's pegs, each under a hole of its colour; IQ-Focus's colours, each
shown on its square). That is checked here by plain comparison of what each shows, not by
the solver nor by the lesson's own code; for IQ-Steps and IQ-Link it is stricter than
solving (it leaves out whether the rest can be played after the givens). The board's
images under the board's symmetries are held to the same, so no lesson is a challenge
turned or mirrored either."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from iqpuzzles import game, games
from iqpuzzles.core.pools import pools_of
from iqpuzzles.focus.vocabulary import CENTRE
from iqpuzzles.twist.vocabulary import PEG_COLOUR
from iqpuzzles.twist.vocabulary import PIECE_COLOUR as TWIST_COLOUR
from iqpuzzles.twist.vocabulary import Placed as TwistPlaced

GAMES = games(registered=False)  # the package's own games (not the tests' tiny one)


def loops(placed) -> frozenset[int]:
    return frozenset(index for index, _ in placed.loops())


# What one piece shows on the board, per game: where it lies and how (a picture two
# placements share exactly when a player sees the same piece the same way). An IQ-Twist
# piece is where its loops are: turned over where it lies, it covers the same locations
# with its holes elsewhere, and the rules count that as the same solution (its weak
# twins, docs/games/twist.md §6), so every one of them is the same here.
PICTURE = {
    "twist": loops,
    "focus": lambda p: frozenset(p.squares()),  # (column, row, colour) of every square
    "steps": lambda p: (p.lower, p.upper),  # the pegs and the spots between them
    "link": lambda p: p.mask,  # per peg: ball or ring, and its connections or openings
}


def given(name: str, text: str) -> frozenset:
    """What a challenge puts on the board, as things a complete board must show: its
    pieces and pegs as the notation reads them (IQ-Focus: its nine colours)."""
    pieces, extra = ((), text) if name == "focus" else game(name).notation.read(text)
    found = {("piece", p.piece, PICTURE[name](p)) for p in pieces}
    if name == "twist":
        found |= {("peg", peg.index, PEG_COLOUR[peg.peg]) for peg in extra}
    if name == "focus":
        found |= {("square", k, colour) for k, colour in enumerate(extra)
                  if colour != "?"}  # "?": any colour (the pools leave some open)
    return frozenset(found)


def shown(name: str, pieces) -> frozenset:
    """What a complete board shows, as `given` names it."""
    found = {("piece", p.piece, PICTURE[name](p)) for p in pieces}
    if name == "twist":  # a peg fits where a hole of its colour is, on a weak twin too
        found |= {("peg", index, TWIST_COLOUR[p.piece]) for p in pieces
                  for twin in weak_twins(p) for index, hole in twin.loops() if hole}
    if name == "focus":
        colour = {(x, y): c for p in pieces for x, y, c in p.squares()}
        found |= {("square", k, colour[xy]) for k, xy in enumerate(sorted(
            CENTRE, key=lambda xy: (xy[1], xy[0])))}  # the centre row by row
    return frozenset(found)


def weak_twins(placed: TwistPlaced) -> list[TwistPlaced]:
    """Every IQ-Twist placement of the piece that covers the same locations (itself too),
    found by trying every orientation at every reference point."""
    return [twin for orientation in range(8) for column in range(8) for row in range(4)
            if (twin := TwistPlaced(placed.piece, column, row, orientation)).fits()
            and loops(twin) == loops(placed)]


@cache
def offered(name: str) -> tuple[tuple[str, frozenset], ...]:
    """Every challenge a player is offered: (where it is, its givens)."""
    g = game(name)
    found = [(f"booklet challenge {c.id}", given(name, c.challenge)) for c in g.challenges]
    pools = pools_of(name)
    assert pools is not None and g.challenges
    for level, texts in pools.levels.items():
        found += [(f"{level} pool's {text}", given(name, text)) for text in texts]
    return tuple(found)


def lesson_end(name: str):
    """The lesson's last board, as the page plays it: its start, then every step."""
    g = game(name)
    lesson = g.page.info()["lesson"]
    position = g.position(lesson["challenge"], lesson["start"])
    for step in lesson["steps"]:
        position = position.play(step["item"])
    assert position.is_solved
    return position


@pytest.mark.parametrize("name", GAMES)
def test_no_lesson_ends_on_the_solution_of_a_challenge_a_player_is_offered(name):
    """The lesson's last board, and each of its images under the board's symmetries,
    holds the givens of no booklet challenge and of no challenge of any level's pool;
    so the lesson's last button, which goes on to the challenge under the lesson (for a
    newcomer the booklet's first), leads to one whose solution it did not show. The
    lesson is a challenge of its own (one solution), none of those offered."""
    g = game(name)
    end = lesson_end(name)
    empty = g.setup(g.empty_challenge())
    images = [end.placed]
    twins = list(g.symmetry.challenge_twins(replace(empty, fixed=tuple(end.placed))))
    if len(twins) > 1:  # a game whose board has symmetries
        images = [g.notation.read(twin)[0] for twin in twins]
    assert any(shown(name, image) == shown(name, end.placed) for image in images)
    challenges = offered(name)
    assert len(challenges) > len(g.challenges)  # the pools are there too
    for image in images:
        board = shown(name, image)
        spoiled = [where for where, givens in challenges if givens <= board]
        assert not spoiled, f"the {name} lesson's last board solves {spoiled}"
    first = g.challenges[0]
    assert not given(name, first.challenge) <= shown(name, end.placed)
    lesson = g.page.info()["lesson"]
    assert g.strings.count_solutions(lesson["challenge"], 2) == 1
    assert given(name, lesson["challenge"]) not in {givens for _, givens in challenges}


@pytest.mark.parametrize("name", GAMES)
def test_a_board_that_solves_a_challenge_is_seen_to(name):
    """The comparison above sees a solution: booklet challenges' own solutions (the
    first, IQ-Twist's with a piece given among them) and a pool challenge's, found by
    the solver, hold their givens."""
    g = game(name)
    for challenge in g.challenges[:5]:
        solution = g.position(challenge.challenge, challenge.solutions[0])
        assert given(name, challenge.challenge) <= shown(name, solution.placed)
    level, texts = next(iter(pools_of(name).levels.items()))
    solution = next(g.position(texts[0]).solutions(1))
    assert given(name, texts[0]) <= shown(name, solution.placed)
