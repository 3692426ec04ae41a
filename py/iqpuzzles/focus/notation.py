"""IQ-Focus's notation (docs/games/focus.md §6): a piece placement is 4 characters
`<piece a-j><column 0-8><row 0-4><orientation 0-3>`, a placement string 1 to 10 of them
(read in any order, written a to j), a challenge the centre's nine colours (W R B G, or
`?` for any). The notation reads and writes; the rules check (rules.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import ChallengeError, PlacementError, quote
from ..core.i18n import ntr, tr
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
                raise PlacementError(text, tr("piece %(piece)s appears twice",
                                              piece=quote(placed.piece)), start)
            pieces[placed.piece] = placed
        return tuple(pieces[p] for p in sorted(pieces)), None

    def _item(self, text: str, start: int) -> Placed:
        """The piece placement of the 4 characters of `text` from `start` (e.g. `c113`)."""
        piece, column, row, orientation = (text[start + k] for k in range(4))
        if piece not in PIECES:
            raise PlacementError(text, tr("%(piece)s is not a piece (a-j)", piece=quote(piece)),
                                 start)
        if column not in "012345678":
            raise PlacementError(text, tr("column %(column)s is not 0-8", column=quote(column)),
                                 start + 1)
        if row not in "01234":
            raise PlacementError(text, tr("row %(row)s is not 0-4", row=quote(row)), start + 2)
        if orientation not in "0123":
            raise PlacementError(text, tr("orientation %(orientation)s is not 0-3",
                                          orientation=quote(orientation)),
                                 start + 3)
        return Placed(piece, int(column), int(row), int(orientation))

    def write(self, setup: Setup[Placed], placed: Sequence[Placed]) -> str:
        """A placement string: the pieces a to j, as played."""
        return "".join(p.encode() for p in sorted(placed, key=lambda p: p.piece))

    def read_challenge(self, text: str) -> Setup[Placed]:
        """A challenge: 9 of W R B G (or the `?` wildcard); ChallengeError if not. It puts
        no piece down; its colours are the setup's `extra`."""
        if len(text) != 9:
            raise ChallengeError(ntr(
                "an IQ-Focus challenge is 9 colours (W R B G), the centre 3x3 row by row; "
                "%(text)s has %(n)s character", "an IQ-Focus challenge is 9 colours (W R B G), "
                "the centre 3x3 row by row; %(text)s has %(n)s characters", len(text),
                text=quote(text)))
        for k, colour in enumerate(text):
            if colour not in COLOURS and colour != ANY:
                said = {"k": k + 1, "text": quote(text), "colour": repr(colour)}
                raise ChallengeError(tr(
                    "character %(k)s of the challenge %(text)s is %(colour)s, not one of "
                    "W R B G (colours are upper case)", **said) if colour.upper() in COLOURS
                    else tr("character %(k)s of the challenge %(text)s is %(colour)s, not one "
                            "of W R B G", **said))
        return Setup(text, (), text)
