"""Each level's pool of challenges, as the package ships it (data/<game>/pools.zlib, made
by `python -m iqpuzzles.pools GAME`: iqpuzzles/pools.py says how).

The file (zlib) is a header line `pools <game>`, one line per level `band <level> <low>
<high>` (the grade scores of its band, core/reasoning.py), then per level `level <level>
<count>` and its challenges sorted, front-coded as in games.zlib (core/sample.py). The
page fetches it the first time a game makes a new challenge (core/data.py).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import cache

from .data import read_decoded
from .sample import front_coded, front_decoded

FILE = "pools.zlib"


@dataclass(frozen=True)
class Pools:
    """A game's level bands (grade scores [low, high)) and each level's challenges."""

    bands: dict[str, tuple[float, float]]
    levels: dict[str, tuple[str, ...]]


def encode(name: str, pools: Pools) -> bytes:
    lines = [f"pools {name}"]
    for level, (low, high) in pools.bands.items():
        lines.append(f"band {level} {low:g} {high:g}")
    for level, challenges in pools.levels.items():
        coded = front_coded(challenges)
        lines.append(f"level {level} {len(coded)}")
        lines.extend(coded)
    return zlib.compress("\n".join(lines).encode("ascii"), 9)


def decode(data: bytes) -> tuple[str, Pools]:
    """(game name, its pools) from the file's bytes; ValueError if they are not such a file."""
    try:
        header, *lines = zlib.decompress(data).decode("ascii").split("\n")
    except (zlib.error, UnicodeDecodeError) as error:
        raise ValueError(f"not a file of pools: {error}") from None
    kind, _, name = header.partition(" ")
    if kind != "pools":
        raise ValueError("not a file of pools")
    bands: dict[str, tuple[float, float]] = {}
    levels: dict[str, tuple[str, ...]] = {}
    i = 0
    while i < len(lines) and lines[i].startswith("band "):
        _, level, low, high = lines[i].split(" ")
        bands[level] = (float(low), float(high))
        i += 1
    while i < len(lines):
        _, level, count = lines[i].split(" ")
        levels[level] = tuple(front_decoded(lines[i + 1:i + 1 + int(count)]))
        i += 1 + int(count)
    return name, Pools(bands, levels)


@cache
def pools_of(name: str) -> Pools | None:
    """The pools the package ships for the game called `name`, or None."""
    return read_decoded(name, FILE, decode)
