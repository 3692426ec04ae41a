"""What builds the package's data and measures the package: run on a developer's machine
or by the site's build, never by a player's page. The site's wheel leaves this folder out
(buildtools/wheel.py), and no module outside it imports it (tests/test_layers.py).

    python -m iqpuzzles.tools.enumeration GAME   # data/GAME/games.zlib: every complete game
    python -m iqpuzzles.tools.pools GAME         # data/GAME/pools.zlib: each level's pool
    python -m iqpuzzles.tools.link_count         # every complete IQ-Link game, counted
    python -m iqpuzzles.tools.early OUT_DIR      # the page's answers before its Python runs
    python -m iqpuzzles.tools.examples           # one request of every op of every game
    python -m iqpuzzles bench [GAME...]          # the solver's figures (tools/bench/)

`levels` grades challenges and fits each level's band of grades to the booklet, which
the pools are made with; `generate` (run time) only walks the pools made here.
"""

from __future__ import annotations

from pathlib import Path


def data_path(game: str, file: str) -> Path:
    """Where the package's data file `file` of the game called `game` is written:
    data/<game>/<file> in this copy of the package's sources."""
    return Path(__file__).resolve().parents[1] / "data" / game / file
