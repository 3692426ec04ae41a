"""The list of every complete game of a game (every solution of its empty challenge),
which its pools are made from (tools/pools.py) and random complete games are drawn from
(core/sample.py reads it; the tests check it against the solver).

    python -m iqpuzzles.tools.enumeration GAME    # writes data/GAME/games.zlib
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .. import game as game_named
from .. import games
from ..core.game import Game
from ..core.sample import FILE, encode
from . import data_path


def enumerate_games(game: Game[Any], progress: bool = False) -> list[str]:
    """The canonical string of every complete game (every solution of the empty
    challenge), by the game's own solver."""
    found = []
    began = time.perf_counter()
    for text in game.strings.solutions(game.empty_challenge()):
        found.append(text)
        if progress and len(found) % 1000 == 0:
            print(f"{game.name}: {len(found)} games, {time.perf_counter() - began:.0f} s",
                  file=sys.stderr, flush=True)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m iqpuzzles.tools.enumeration",
                                     description="Writes the list of every complete game "
                                     "that generators draw from (data/GAME/games.zlib).")
    parser.add_argument("game", choices=games(registered=False),
                        help="the game to enumerate (IQ-Link takes several minutes)")
    parser.add_argument("--output", type=Path, help="where to write (default: the package)")
    args = parser.parse_args(argv)
    game = game_named(args.game)
    began = time.perf_counter()
    texts = enumerate_games(game, progress=True)
    data = encode(game.name, texts)
    target = args.output or data_path(game.name, FILE)
    target.write_bytes(data)
    print(f"{game.name}: {len(texts)} games in {time.perf_counter() - began:.1f} s; "
          f"{len(data)} bytes written to {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
