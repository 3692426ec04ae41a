"""IQ-Steps figures the generic bench does not print: search nodes, the ordering task."""

from __future__ import annotations

import statistics
import time
from typing import Any

from ... import game
from ...core.game import Game
from ...generate import generate
from . import plain_nodes

EMPTY: str | None = None  # the empty board itself is quick enough to time
CAVEAT = ("dependency cycles of three or more pieces cannot be written as exact cover, so "
          "the baselines also count covers no playing order allows")


def extra(quick: bool = False) -> None:
    steps = game("steps")
    wizards(steps, 20 if quick else 200)
    work = [(steps.strings.difficulty(entry.challenge).nodes, entry.id)
            for entry in steps.challenges]
    nodes, worst = max(work)
    print(f"search nodes to solve and prove unique: total {sum(n for n, _ in work)}, "
          f"max {nodes} (challenge {worst})")
    # the ordering task on every booklet solution written backwards
    sets = ["".join(reversed([s[i:i + 3] for i in range(0, len(s), 3)]))
            for entry in steps.challenges for s in entry.solutions]
    start = time.perf_counter()
    orders = [steps.strings.order(text) for text in sets]
    elapsed = time.perf_counter() - start
    legal = sum(1 for text in orders if steps.strings.is_valid(text))
    print(f"ordering task: {len(sets)} solutions written backwards put in a legal playing "
          f"order ({legal} legal) in {elapsed * 1000:8.2f} ms")


def wizards(steps: Game[Any], seeds: int) -> None:
    """The Wizard's pieces given and plain-search work (bench.plain_nodes), generated
    (seeds 0..seeds-1) against the booklet's."""
    mine = [generate(steps, "Wizard", seed) for seed in range(seeds)]
    theirs = [entry.challenge for entry in steps.challenges if entry.level == "Wizard"]

    def figures(challenges: list[str]) -> str:
        three = sum(len(steps.setup(c).fixed) == 3 for c in challenges)
        nodes = statistics.median(plain_nodes(steps, c) for c in challenges)
        return f"3 pieces given in {three} of {len(challenges)}, plain search median {nodes:,.0f}"

    print(f"Wizard, generated (seeds 0-{seeds - 1}): {figures(mine)}")
    print(f"Wizard, booklet: {figures(theirs)}")
