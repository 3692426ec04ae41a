"""IQ-Twist's symmetry (docs/games/twist.md §6): the pieces turn over, so weak twins (same
piece, same loops, holes elsewhere) are one move, and every symmetry of the 8x4 board is
one of the game's: the identity, the mirror left to right, the mirror top to bottom and
the half turn."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from ..core.parts import Symmetry
from ..core.position import Setup
from .notation import TwistNotation
from .vocabulary import HEIGHT, PIECES, WIDTH, Peg, Placed, pegs_of

SYMMETRIES = ((False, False), (True, False), (False, True), (True, True))  # (across, down)


class TwistSymmetry(Symmetry[Placed]):
    """The pieces turn over: weak twins are one move, and a challenge mirrored left to right,
    top to bottom or both is the same one (docs/games/twist.md §6)."""

    notation = TwistNotation()  # the twins are written in it

    def equivalent(self, setup: Setup[Placed], a: Placed, b: Placed) -> bool:
        """Weak twins (same piece, same loops) legal with the same pegs are the same move."""
        return a.piece == b.piece and a.cells == b.cells

    def challenge_twins(self, setup: Setup[Placed]) -> Iterator[str]:
        """A challenge (pegs and pieces) under each symmetry of the board, the identity
        first, each piece in its lowest orientation with the same picture."""
        for across, down in SYMMETRIES:
            pieces = [self.image(p, across, down) for p in setup.fixed]
            pegs = []
            for peg in pegs_of(setup):
                row, column = divmod(_mirrored(peg.index, across, down), WIDTH)
                pegs.append(Peg(peg.peg, row, column))
            yield self.notation.write_items(pieces, tuple(sorted(pegs)))

    def image(self, placed: Placed, across: bool, down: bool) -> Placed:
        """A piece placement mirrored left to right (`across`) and/or top to bottom, in its
        lowest orientation with the same picture (holes included)."""
        loops = frozenset((_mirrored(index, across, down), hole)
                          for index, hole in placed.loops())
        return _by_loops()[placed.piece, loops]

    def pictures(self, placed: Placed) -> tuple[Placed, ...]:
        """The piece's placements on the same cells with different pictures (its weak twins,
        docs/games/twist.md §6, each strict pair once), lowest orientation first."""
        return _pictures()[placed.piece, placed.cells]


def _mirrored(index: int, across: bool, down: bool) -> int:
    """A location's image: mirrored left to right (`across`) and/or top to bottom."""
    row, column = divmod(index, WIDTH)
    return (HEIGHT - 1 - row if down else row) * WIDTH + \
        (WIDTH - 1 - column if across else column)


@cache
def _by_loops() -> dict[tuple[str, frozenset[tuple[int, bool]]], Placed]:
    """(piece, its loops with their holes) -> the placement, lowest orientation first."""
    found: dict[tuple[str, frozenset[tuple[int, bool]]], Placed] = {}
    for piece in PIECES:
        for orientation in range(8):
            for row in range(HEIGHT):
                for column in range(WIDTH):
                    placed = Placed(piece, column, row, orientation)
                    if placed.fits():
                        found.setdefault((piece, frozenset(placed.loops())), placed)
    return found


@cache
def _pictures() -> dict[tuple[str, int], tuple[Placed, ...]]:
    found: dict[tuple[str, int], list[Placed]] = {}
    for (piece, _), placed in _by_loops().items():
        found.setdefault((piece, placed.cells), []).append(placed)
    return {key: tuple(sorted(twins, key=lambda p: p.orientation))
            for key, twins in found.items()}
