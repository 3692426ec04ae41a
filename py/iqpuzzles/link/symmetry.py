"""IQ-Link's symmetry (docs/games/link.md §6): the board turned 180 degrees."""

from __future__ import annotations

from collections.abc import Iterator

from ..core.parts import Symmetry
from ..core.position import Setup
from .notation import LinkNotation
from .vocabulary import Placed


class LinkSymmetry(Symmetry[Placed]):
    """The board turns 180 degrees (docs/games/link.md §6): a canonical solution may write
    the challenge's own pieces turned, and a challenge turned is the same one."""

    notation = LinkNotation()  # the twins are written in it

    def variants(self, pieces: tuple[Placed, ...]) -> Iterator[tuple[Placed, ...]]:
        """As written, then turned 180 degrees."""
        yield pieces
        yield tuple(p.rotated() for p in pieces)

    def challenge_twins(self, setup: Setup[Placed]) -> Iterator[str]:
        """A challenge's pieces as written and turned 180 degrees, the board's one
        symmetry, each in letter order."""
        for pieces in self.variants(setup.fixed):
            yield self.notation.write(setup, pieces)
