"""IQ-Focus's symmetry (docs/games/focus.md §5): a piece's own only."""

from __future__ import annotations

from ..core.parts import Symmetry
from ..core.position import Setup
from .vocabulary import Placed


class FocusSymmetry(Symmetry[Placed]):
    """f2, f3, g2 and g3 are the moves f0, f1, g0, g1 (docs/games/focus.md §5). A challenge
    is itself only: the board is symmetric left to right, but the game is not, for pieces
    are never flipped and no piece's mirror image is a piece."""

    def equivalent(self, setup: Setup[Placed], a: Placed, b: Placed) -> bool:
        """Whether two placements are the same move (f2 is f0, g3 is g1...)."""
        return a.canonical() == b.canonical()
