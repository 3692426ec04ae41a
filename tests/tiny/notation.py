"""The tiny game's notation: an item is `<piece><column><row><orientation>` ("c2B1"); a
challenge is pieces already on the board. The notation reads and writes; the rules check
(rules.py)."""

from __future__ import annotations

from collections.abc import Sequence

from iqpuzzles.core.errors import PlacementError, quote
from iqpuzzles.core.notation import check_frame
from iqpuzzles.core.parts import Notation
from iqpuzzles.core.position import Setup

from .vocabulary import COLUMNS, FORMS, PIECES, ROWS, Placed


class TinyNotation(Notation[Placed]):
    example_item = "c2B1"

    def read(self, text: str) -> tuple[tuple[Placed, ...], None]:
        """The pieces of a placement string, in written order; PlacementError says where."""
        check_frame(text, 4, len(PIECES))
        found: list[Placed] = []
        for start in range(0, len(text), 4):
            piece, column, row, orientation = text[start:start + 4]
            if piece not in PIECES:
                raise PlacementError(text, f"{quote(piece)} is not a piece (a-d)", start)
            if column not in COLUMNS:
                raise PlacementError(text, f"column {quote(column)} is not 1-4", start + 1)
            if row not in ROWS:
                raise PlacementError(text, f"row {quote(row)} is not A-C", start + 2)
            if not orientation.isascii() or not orientation.isdigit() \
                    or int(orientation) >= len(FORMS[piece]):
                raise PlacementError(text, f"piece {piece} has no orientation "
                                     f"{quote(orientation)}", start + 3)
            if any(p.piece == piece for p in found):
                raise PlacementError(text, f"piece {piece} appears twice", start)
            found.append(Placed(piece, COLUMNS.index(column), ROWS.index(row),
                                int(orientation)))
        return tuple(found), None

    def write(self, setup: Setup[Placed], placed: Sequence[Placed]) -> str:
        return "".join(p.encode() for p in sorted(placed, key=lambda p: p.piece))

    def read_challenge(self, text: str) -> Setup[Placed]:
        """Pieces on the board ("" is the empty board), in the written order."""
        pieces, _ = self.read(text) if text else ((), None)
        return Setup(text, pieces)
