"""bench-web's taps to place a piece (buildtools/bench/gestures.py): its shortest path
checked against every sequence of a finger's gestures, played out one by one."""

from __future__ import annotations

from itertools import product

import pytest

from buildtools.bench.gestures import booklet_gestures, fewest_gestures
from iqpuzzles import game, games

GAMES = games(registered=False)  # the package's own games (not the tests' tiny one)

LONGEST = 6  # gestures a sequence may have


def play(gestures, start, rotate, flip):
    """The orientation a piece is placed in by these gestures from the tray, or None when
    they do not make a placement (a gesture where it cannot be made, or one after it)."""
    where, orientation = "tray", start
    for gesture in gestures:
        if where == "tray" and gesture in ("drag", "tap", "hold"):
            where = "board" if gesture == "drag" else "hand"
            orientation = flip[orientation] if gesture == "hold" else orientation
        elif where == "hand" and gesture == "cw":
            orientation = rotate[orientation]
        elif where == "hand" and gesture == "ccw":  # the one Rotate would turn into this
            orientation = next(o for o, r in rotate.items() if r == orientation)
        elif where == "hand" and gesture == "flip":
            orientation = flip[orientation]
        elif where == "hand" and gesture == "place":
            where = "board"
        else:
            return None
    return orientation if where == "board" else None


def brute_force(start, rotate, flip, gestures) -> dict[str, int]:
    """The length of the shortest sequence (up to LONGEST) placing the piece in each
    orientation, trying every sequence of `gestures`."""
    shortest: dict[str, int] = {}
    for length in range(1, LONGEST + 1):
        for sequence in product(gestures, repeat=length):
            placed = play(sequence, start, rotate, flip)
            if placed is not None:
                shortest.setdefault(placed, length)
    return shortest


@pytest.mark.parametrize("name", GAMES)
def test_fewest_gestures_is_the_shortest_sequence(name):
    """Every piece of the game, to every orientation: the page now (both rotations, a long
    press that flips) and before (clockwise and Flip, a plain tap). A piece that does not
    flip has a flip map that changes nothing: its flips are gestures that turn nothing."""
    info = game(name).page.info()
    now = ("drag", "tap", "hold", "cw", "ccw", "flip", "place")
    before = ("drag", "tap", "cw", "flip", "place")
    seen: dict = {}  # pieces that turn alike are tried once
    for piece in info["pieces"]:
        start, rotate, flip = piece["orientations"][0], piece["rotate"], piece["flip"]
        key = (start, tuple(rotate.items()), tuple(flip.items()))
        if key in seen:
            continue
        seen[key] = True
        for gestures, rules in ((now, {}), (before, {"back": False, "long_press": False})):
            shortest = brute_force(start, rotate, flip, gestures)
            for target in piece["orientations"]:
                fewest = fewest_gestures(start, target, rotate, flip, **rules)
                assert shortest.get(target, LONGEST + 1) == min(fewest, LONGEST + 1), (
                    piece["id"], target, rules)


def test_booklet_figures():
    """One count per piece placed in each booklet solution, never more than before."""
    for name in GAMES:
        g = game(name)
        placed = sum(len(set(g.position(e.challenge, e.solution).pieces)
                         - set(g.position(e.challenge).pieces)) for e in g.challenges)
        now = booklet_gestures(name)
        before = booklet_gestures(name, back=False, long_press=False)
        assert len(now) == len(before) == placed
        assert all(1 <= n <= b for n, b in zip(now, before, strict=True))
