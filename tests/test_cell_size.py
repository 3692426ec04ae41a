"""The board's cell size (web/board/locations.js cellOf: the median distance from a location
to its nearest neighbour), which the page works out from each board's locations when a
game is opened, against a plain enumeration of every pair: on the four games' boards and
on seeded random point sets (ties, a single column, points far apart). Runs the page's own
module under Node."""

from __future__ import annotations

import json
import math
import random

from iqpuzzles import ops
from test_progress import node

GAMES = ["twist", "focus", "steps", "link"]


def enumerated(points: list[dict]) -> float:
    if len(points) < 2:
        return 1
    nearest = sorted(min(math.dist((a["x"], a["y"]), (b["x"], b["y"]))
                         for j, b in enumerate(points) if j != i)
                     for i, a in enumerate(points))
    return nearest[len(nearest) // 2] or 1


def random_sets(seed: int, count: int) -> list[list[dict]]:
    rng = random.Random(seed)
    sets = []
    for _ in range(count):
        n = rng.randint(0, 60)
        grid = rng.random() < 0.5  # on a grid: many equal distances
        column = rng.random() < 0.1  # every x the same
        sets.append([{"x": 0 if column else (rng.randint(0, 9) if grid else rng.uniform(-50, 50)),
                      "y": rng.randint(0, 9) if grid else rng.uniform(-50, 50)}
                     for _ in range(n)])
    return sets


def test_the_cell_size_is_the_median_nearest_neighbour_distance(tmp_path):
    boards = [[{"x": loc["x"], "y": loc["y"]} for loc in ops.info(g)["board"]["locations"]]
              for g in GAMES]
    sets = boards + random_sets(41, 300)
    asked = tmp_path / "sets.json"
    asked.write_text(json.dumps(sets))
    got = node("cell_size.mjs", str(asked))
    assert len(got) == len(sets)
    for points, size in zip(sets, got, strict=True):
        assert math.isclose(size, enumerated(points), rel_tol=1e-9), points
    assert all(size > 0 for size in got[:len(GAMES)])
