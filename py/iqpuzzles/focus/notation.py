"""IQ-Focus's notation (docs/games/focus.md §6): a piece placement is 4 characters
`<piece a-j><column 0-8><row 0-4><orientation 0-3>`, a placement string 1 to 10 of them
(read in any order, written a to j), a challenge the centre's nine colours (W R B G, or
`?` for any). The notation reads and writes; the rules check (rules.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import ChallengeError, PlacementError, quote
from ..core.notation import check_frame
from ..core.parts import Notation
from ..core.position import Setup
from .vocabulary import ANY, COLOURS, EMPTY_BOARD, PIECES, Placed


class FocusNotation(Notation[Placed]):
    """Pieces a-j, four characters each (docs/games/focus.md §3); a challenge is the
    centre's nine colours."""

    example_item = "c113"
    empty_challenge = EMPTY_BOARD

    def read(self, text: str) -> tuple[tuple[Placed, ...], None]:
        """The pieces of a placement string, a to j (the order the rules are checked in;
        IQ-Focus has no playing order); PlacementError says what and where."""
        check_frame(text, 4, len(PIECES))
        pieces: dict[str, Placed] = {}
        for start in range(0, len(text), 4):
            placed = self._item(text, start)
            if placed.piece in pieces:
                raise PlacementError(text, f"piece {quote(placed.piece)} appears twice", start)
            pieces[placed.piece] = placed
        return tuple(pieces[p] for p in sorted(pieces)), None

    def _item(self, text: str, start: int) -> Placed:
        """The piece placement of the 4 characters of `text` from `start` (e.g. `c113`)."""
        piece, column, row, orientation = (text[start + k] for k in range(4))
        if piece not in PIECES:
            raise PlacementError(text, f"{quote(piece)} is not a piece (a-j)", start)
        if column not in "012345678":
            raise PlacementError(text, f"column {quote(column)} is not 0-8", start + 1)
        if row not in "01234":
            raise PlacementError(text, f"row {quote(row)} is not 0-4", start + 2)
        if orientation not in "0123":
            raise PlacementError(text, f"orientation {quote(orientation)} is not 0-3",
                                 start + 3)
        return Placed(piece, int(column), int(row), int(orientation))

    def write(self, setup: Setup[Placed], placed: Sequence[Placed]) -> str:
        """A placement string: the pieces a to j, as played."""
        return "".join(p.encode() for p in sorted(placed, key=lambda p: p.piece))

    def read_challenge(self, text: str) -> Setup[Placed]:
        """A challenge: 9 of W R B G (or the `?` wildcard); ChallengeError if not. It puts
        no piece down; its colours are the setup's `extra`."""
        if len(text) != 9:
            raise ChallengeError(f"an IQ-Focus challenge is 9 colours (W R B G), the centre "
                                 f"3x3 row by row; {quote(text)} has {len(text)} characters")
        for k, colour in enumerate(text):
            if colour not in COLOURS and colour != ANY:
                hint = " (colours are upper case)" if colour.upper() in COLOURS else ""
                raise ChallengeError(f"character {k + 1} of the challenge {quote(text)} is "
                                     f"{colour!r}, not one of W R B G{hint}")
        return Setup(text, (), text)
