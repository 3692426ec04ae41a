"""The tiny game's rules: pieces on the board, on no other piece."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from iqpuzzles.core.errors import Refusal
from iqpuzzles.core.parts import Rules
from iqpuzzles.core.position import Setup

from .vocabulary import VOCABULARY, WIDTH, Placed, location_code


class TinyRules(Rules[Placed]):
    def breaks(self, setup: Setup[Placed], placed: Sequence[Placed],
               new: Placed) -> Refusal | None:
        """On the board, and on no other piece."""
        names = VOCABULARY
        item, name = new.encode(), names.capitalised_name(new.piece)
        if not new.fits():
            return Refusal("off-board", f"{item} hangs off the board",
                           f"{name} would hang off the board.", (new.piece,))
        for other in placed:
            shared = new.cells & other.cells
            if shared:
                where = location_code((shared & -shared).bit_length() - 1)
                return Refusal("overlap", f"{item} overlaps {other.encode()} at {where}",
                               f"{name} would overlap {names.piece_name(other.piece)}.",
                               (new.piece, other.piece), (where,))
        return None

    def covers(self, placement: Placed) -> Iterator[str]:
        return (location_code(y * WIDTH + x) for x, y in placement.squares())
