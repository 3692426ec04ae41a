"""IQ-Steps' symmetry (docs/games/steps.md §6): none of the board's is the game's, but a
challenge is a set of pieces."""

from __future__ import annotations

from collections.abc import Iterator

from ..core.parts import Symmetry
from ..core.position import Setup
from .vocabulary import Placed


class StepsSymmetry(Symmetry[Placed]):
    """No symmetry of the board, but a challenge is a set of pieces: the same pieces
    written in another order are the same challenge."""

    def challenge_twins(self, setup: Setup[Placed]) -> Iterator[str]:
        """A challenge under the board's symmetries: itself only, in canonical form (sorted
        by piece). The board's one symmetry, top to bottom, is none of the game's: it maps
        piece B to E and C to D, but A and G to no piece at all (docs/games/steps.md §6)."""
        yield "".join(p.encode() for p in sorted(setup.fixed, key=lambda p: p.piece))
