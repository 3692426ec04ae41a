"""Taps to place a piece by touch (bench-web, --gestures-only): for each piece a player
places in each booklet challenge's solution, the fewest gestures a finger makes to put
it there from the tray, reckoned from the pieces' turns alone (no browser).

A piece lies in the tray in its first orientation. A drag from the tray places it as it
lies (1 gesture); otherwise a tap takes it (1; a touch and hold takes it and flips it,
still 1), each turn is one gesture (a tap on it or Rotate: clockwise; Rotate back:
anticlockwise; Flip or two fingers: a flip) and a tap on the board places it (1). Beside
it, the same with clockwise turns and Flip only, taken by a plain tap (the page before
Rotate back and the long press)."""

from __future__ import annotations

import sys
from collections import deque
from statistics import mean

from ..common import ROOT

# the targets for the mean (50, item 2): IQ-Link's pieces turn in sixths
TARGETS = {"link": 3.5}
TARGET = 3.0


def fewest_gestures(start: str, target: str, rotate: dict[str, str], flip: dict[str, str],
                    *, back: bool = True, long_press: bool = True) -> int:
    """The fewest gestures that take a piece lying in the tray in orientation `start` and
    place it in `target`. `rotate`, `flip`: the orientation each turn makes of each (a
    flip map that changes nothing: the piece does not flip); `back`: Rotate back (the
    inverse of `rotate`) there; `long_press`: a touch and hold takes it flipped."""
    if start == target:
        return 1  # a drag: taken and placed as it lies
    turns = [rotate] + ([{v: k for k, v in rotate.items()}] if back else [])
    flips = any(k != v for k, v in flip.items())
    if flips:
        turns.append(flip)
    # taken by a tap (as it lies) or by a long press (flipped): both cost the one gesture
    steps = {start: 0} | ({flip[start]: 0} if flips and long_press else {})
    queue = deque(steps)
    while queue:
        here = queue.popleft()
        for turn in turns:
            there = turn[here]
            if there not in steps:
                steps[there] = steps[here] + 1
                queue.append(there)
    return 2 + steps[target]  # the take, the turns, the tap that places it


def booklet_gestures(name: str, **rules: bool) -> list[int]:
    """fewest_gestures (with `rules`) for each piece a player places in each booklet
    challenge's solution of game `name`, its target orientation the one the page holds
    it in to make that placement (turning.orientation_of)."""
    sys.path.insert(0, str(ROOT / "py"))
    from iqpuzzles import game  # the package from the sources, imported late
    from iqpuzzles.core.turning import orientation_of

    g = game(name)
    pieces = {p["id"]: p for p in g.page.info()["pieces"]}
    counts = []
    for entry in g.challenges:
        given = g.position(entry.challenge).pieces
        for placement in g.position(entry.challenge, entry.solution).played:
            if placement.piece in given:
                continue
            p = pieces[placement.piece]
            counts.append(fewest_gestures(p["orientations"][0], orientation_of(g, placement),
                                          p["rotate"], p["flip"], **rules))
    return counts


def bench_gestures() -> dict[str, dict[str, float]]:
    """Per game: pieces counted, mean and max gestures, and the mean and max before
    (clockwise and Flip only, no long press); printed beside the issue's targets."""
    sys.path.insert(0, str(ROOT / "py"))
    from iqpuzzles import games

    print("\nTaps to place a piece by touch, by its fewest gestures (each piece a player "
          "places in a booklet solution; a drag 1, else take + turns + place). Now: both "
          "rotations, a long press takes it flipped; before: clockwise and Flip only:")
    print(f"  {'game':6s} {'pieces':>6s} {'mean':>6s} {'max':>4s} {'target':>10s} {'met':>4s}"
          f"   {'before: mean':>12s} {'max':>4s}")
    results = {}
    for name in games(registered=False):
        now = booklet_gestures(name)
        before = booklet_gestures(name, back=False, long_press=False)
        target = TARGETS.get(name, TARGET)
        results[name] = {"pieces": len(now), "mean": mean(now), "max": max(now),
                         "before mean": mean(before), "before max": max(before)}
        print(f"  {name:6s} {len(now):6d} {mean(now):6.2f} {max(now):4d} "
              f"{'mean ≤ ' + str(target):>10s} {'yes' if mean(now) <= target else 'NO':>4s}"
              f"   {mean(before):12.2f} {max(before):4d}", flush=True)
    return results
