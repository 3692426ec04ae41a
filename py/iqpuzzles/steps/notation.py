"""IQ-Steps' notation (docs/games/steps.md §3): a piece placement is 3 characters
`<piece A-H><orientation A-H><home location>`; a placement string lists them in playing
order; a challenge is pieces. The notation reads and writes; the rules check (rules.py,
ordering.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import PlacementError, quote
from ..core.i18n import tr
from ..core.notation import check_frame
from ..core.parts import Notation
from ..core.position import Setup
from .vocabulary import CODES, ORIENTATIONS, PIECES, Placed


class StepsNotation(Notation[Placed]):
    """Pieces A-H, three characters each (docs/games/steps.md §3), in playing order."""

    example_item = "FHn"

    def read(self, text: str) -> tuple[tuple[Placed, ...], None]:
        """The placements of a placement string, in the written order."""
        check_frame(text, 3, len(PIECES))
        found: list[Placed] = []
        seen: set[str] = set()
        for start in range(0, len(text), 3):
            piece, orientation, code = text[start], text[start + 1], text[start + 2]
            if piece not in PIECES:
                raise PlacementError(text, tr("%(piece)s is not a piece: pieces are A-H",
                                        piece=quote(piece)),
                                     start)
            if orientation not in ORIENTATIONS:
                raise PlacementError(text, tr("%(orientation)s is not an orientation: "
                                        "orientations are A-H", orientation=quote(orientation)),
                                     start + 1)
            if code not in CODES:
                raise PlacementError(text, tr("%(code)s is not a location: locations are A-Y "
                                        "and a-y", code=repr(code)), start + 2)
            if piece in seen:
                raise PlacementError(text, tr("piece %(piece)s appears twice", piece=piece), start)
            seen.add(piece)
            found.append(Placed(piece, orientation, CODES.index(code)))
        return tuple(found), None

    def write(self, setup: Setup[Placed], placed: Sequence[Placed]) -> str:
        return "".join(p.encode() for p in placed)

    def read_challenge(self, text: str) -> Setup[Placed]:
        """A set of placements ("" is the empty board, whose solutions are all 8,374
        games), in the written order (the game puts them in a playing order)."""
        pieces, _ = self.read(text) if text else ((), None)
        return Setup(text, pieces)
