"""`python -m iqpuzzles.bench.turning [GAME...]`: what a piece turned where it lies costs
(core/turning.py; one `move` call of the page), printed, never asserted.

For each game, every turn its pieces make (Rotate, and Flip where they flip) of every
player's piece on two boards of each of the first booklet challenges: its solution (a
full board: most turns are refused) and that solution with half its pieces taken back
(most turns fit): the time per turn as median / 95th percentile / max, and how many
fitted.
"""

from __future__ import annotations

import statistics
import sys
import time

from ... import game, games
from ...core.errors import Refusal

CHALLENGES = 20  # booklet challenges per game


def figures(name: str) -> str:
    g = game(name)
    hows = [how for how, can in (("rotate", g.vocabulary.can_rotate),
                                 ("flip", g.vocabulary.can_flip)) if can]
    times: list[float] = []
    fitted = 0
    for entry in g.challenges[:CHALLENGES]:
        solved = g.position(entry.challenge, entry.solution)
        half = solved
        for placement in solved.played[::2]:
            half = half.remove(placement.piece)
        for position in (solved, half):
            for placement in position.played:
                for how in hows:
                    start = time.perf_counter()
                    after = position.turned(placement.piece, how)
                    times.append(time.perf_counter() - start)
                    fitted += not isinstance(after, Refusal)
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"{g.title:9} {len(times):5} turns ({fitted} fitted): median "
            f"{statistics.median(times) * 1000:6.2f} ms, 95% {p95 * 1000:6.2f} ms, "
            f"max {max(times) * 1000:6.2f} ms")


def main(names: list[str]) -> None:
    for name in names or list(games()):
        print(figures(name), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
