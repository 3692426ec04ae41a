"""Every complete game of a game, shipped as package data: uniform random games, and
how many complete games hold some given pieces, without a search.

`data/<game>/games.zlib` lists the canonical string (docs/games/<game>.md) of every solution of the
empty challenge, that is of every complete game modulo the game's symmetry (IQ-Link: one
of each pair of 180-degree twins; IQ-Twist: weak twins once), sorted and front-coded:
after a header line `<game> <count>`, each line is one character saying how many
leading characters it shares with the line before (chr(FIRST + n)), then the rest;
all of it zlib-compressed (the standard library's, also in Pyodide). Made by
`python -m iqpuzzles.tools.enumeration GAME`; tests check it against the solver.

Enumerating at run time takes seconds to minutes (IQ-Link: 150 s of CPython), the list
costs under 150 kB a game and a few milliseconds to read.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from functools import cache
from random import Random
from typing import TYPE_CHECKING, Any

from .data import read_decoded

if TYPE_CHECKING:
    from .game import Game
    from .position import Placement

FILE = "games.zlib"
FIRST = 48  # chr(FIRST + n): a line shares its first n characters with the line before


def front_coded(texts: Iterable[str]) -> list[str]:
    """These strings sorted, each once, each as a line that says how many leading
    characters it shares with the line before (chr(FIRST + n)), then the rest."""
    lines = []
    before = ""
    for text in sorted(set(texts)):
        shared = 0
        limit = min(len(text), len(before), 0x7E - FIRST)
        while shared < limit and text[shared] == before[shared]:
            shared += 1
        lines.append(chr(FIRST + shared) + text[shared:])
        before = text
    return lines


def front_decoded(lines: Iterable[str]) -> list[str]:
    """The strings of front-coded lines, in order."""
    texts = []
    before = ""
    for line in lines:
        before = before[:ord(line[0]) - FIRST] + line[1:]
        texts.append(before)
    return texts


def encode(name: str, texts: Iterable[str]) -> bytes:
    """The file's bytes for these canonical strings (sorted, each once)."""
    lines = front_coded(texts)
    return zlib.compress("\n".join([f"{name} {len(lines)}", *lines]).encode("ascii"), 9)


def decode(data: bytes) -> tuple[str, tuple[str, ...]]:
    """(game name, its canonical strings in order) from the file's bytes; ValueError if
    they are not such a file."""
    header, *lines = zlib.decompress(data).decode("ascii").split("\n")
    name, count = header.split(" ")
    texts = front_decoded(lines)
    if len(texts) != int(count):
        raise ValueError(f"{name}: {len(texts)} games listed, the header says {count}")
    return name, tuple(texts)


@cache
def complete_games(name: str) -> tuple[str, ...] | None:
    """The canonical strings of every complete game of the game called `name`, or None
    if the package ships no list for it."""
    return read_decoded(name, FILE, decode)


def uniform_pieces(game: Game[Any], rng: Random) -> tuple[Placement, ...] | None:
    """A complete game drawn uniformly from every complete game (each way the game's
    symmetry writes one counted: IQ-Link's 180-degree twins are two games), its pieces
    as the list writes them (not always in a playing order: IQ-Steps), or None if the
    package lists no games for this game."""
    texts = complete_games(game.name)
    if not texts:
        return None
    pieces = game.strings.parse(texts[rng.randrange(len(texts))])
    return rng.choice(list(game.symmetry.variants(pieces)))


class GameIndex:
    """For each piece placement, the complete games (by their number in the list) that
    hold it, as a bitset: the games holding a set of placements are one AND away.

    The list keeps one way of writing each game (`Symmetry.variants`); a set's other ways
    are its pieces' other ways, one symmetry at a time, in the same order."""

    def __init__(self, game: Game[Any], texts: Sequence[str]):
        self.game = game
        # a complete game's canonical string is its pieces' items, all of one width
        width = len(texts[0]) // len(game.piece_ids) if texts else 1
        holders: dict[str, list[int]] = {}
        for number, text in enumerate(texts):
            for start in range(0, len(text), width):
                holders.setdefault(text[start:start + width], []).append(number)
        self.everything = (1 << len(texts)) - 1
        self.holders = {item: _bitset(numbers, len(texts)) for item, numbers in holders.items()}

    def games_with(self, placed: Placement) -> tuple[int, ...]:
        """The games holding a placement, one bitset per way of writing it."""
        return tuple(self.holders.get(str(variant[0]), 0)
                     for variant in self.game.symmetry.variants((placed,)))

    def count(self, each: Iterable[tuple[int, ...]]) -> int:
        """The number of complete games holding all of some placements, from their
        `games_with`."""
        found: list[int] | None = None
        for games in each:
            if found is None:
                found = list(games)
            elif len(games) == 1:  # the common case: one way of writing a game
                found[0] &= games[0]
            else:
                found = [a & b for a, b in zip(found, games, strict=True)]
        if found is None:  # no placement: every game, every way
            return self.everything.bit_count() * len(list(self.game.symmetry.variants(())))
        return sum(games.bit_count() for games in found)

    def holding(self, pieces: Iterable[Placement]) -> int:
        """The number of complete games that hold every one of `pieces`."""
        return self.count(self.games_with(placed) for placed in pieces)


@cache
def game_index(game: Game[Any]) -> GameIndex | None:
    """The index of the game's complete games (built on first use), None without a list."""
    texts = complete_games(game.name)
    return GameIndex(game, texts) if texts else None


def _bitset(numbers: list[int], size: int) -> int:
    bits = bytearray((size + 7) // 8)
    for number in numbers:
        bits[number >> 3] |= 1 << (number & 7)
    return int.from_bytes(bits, "little")
