"""IQ-Link's notation (docs/games/link.md §4): a piece placement is three characters
`<peg><piece><orientation>`, the peg under the piece's origin (unit 1), the piece A-L and
the orientation A-L (A-F for piece A); a challenge is a starting placement. The notation
reads and writes; the rules check (rules.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import PlacementError, quote
from ..core.i18n import tr
from ..core.notation import check_frame
from ..core.parts import Notation
from ..core.position import Setup
from .vocabulary import ORIENTATIONS, PEGS, PIECES, Placed, valid_orientations


class LinkNotation(Notation[Placed]):
    """Three characters a piece: peg, piece, orientation (docs/games/link.md §3)."""

    example_item = "BAA"

    def read(self, text: str) -> tuple[tuple[Placed, ...], None]:
        """The pieces of a placement string, in written order; PlacementError says what
        and where it breaks the grammar."""
        check_frame(text, 3, len(PIECES))
        pieces: list[Placed] = []
        seen = set()
        for start in range(0, len(text), 3):
            peg, piece, orientation = text[start], text[start + 1], text[start + 2]
            if peg not in PEGS:
                raise PlacementError(text, tr("peg %(peg)s is not one of A-X (upper case)",
                                        peg=quote(peg)),
                                     start)
            if piece not in PIECES:
                raise PlacementError(text, tr("piece %(piece)s is not one of A-L (upper case)",
                                        piece=quote(piece)), start + 1)
            if orientation not in valid_orientations(piece):
                said = {"orientation": quote(orientation), "piece": piece}
                raise PlacementError(text, tr(
                    "orientation %(orientation)s of piece %(piece)s is not one of A-F: its "
                    "flips are turns", **said) if piece == "A" else tr(
                    "orientation %(orientation)s of piece %(piece)s is not one of A-L (upper "
                    "case)", **said), start + 2)
            if piece in seen:
                raise PlacementError(text, tr("piece %(piece)s appears twice", piece=piece),
                                     start + 1)
            seen.add(piece)
            pieces.append(Placed(PEGS.index(peg), piece, ORIENTATIONS.index(orientation)))
        return tuple(pieces), None

    def write(self, setup: Setup[Placed], placed: Sequence[Placed]) -> str:
        """A placement string, its pieces in letter order."""
        return "".join(p.encode() for p in sorted(placed, key=lambda p: p.piece))

    def read_challenge(self, text: str) -> Setup[Placed]:
        """A starting placement ("" is the empty board: its solutions are every game), in
        the written order (the game checks each piece on the ones before it)."""
        pieces, _ = self.read(text) if text else ((), None)
        return Setup(text, pieces)
