"""IQ-Twist's notation (docs/games/twist.md §3, §5.1): an item is 4 characters
`<piece><column><row><orientation>`, a peg's orientation always 0; a placement string
lists pieces a-h, then the pegs i-l; a challenge is pegs and at most one piece. The
notation reads and writes; the rules check (rules.py)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.errors import PlacementError, quote
from ..core.i18n import tr
from ..core.notation import check_frame
from ..core.parts import Notation
from ..core.position import Setup
from .vocabulary import COLUMNS, PEG_LIMIT, PEGS, PIECES, ROWS, Peg, Pegs, Placed, pegs_of

MAX_ITEMS = 15  # 8 pieces + 7 pegs


class TwistNotation(Notation[Placed]):
    """Pieces a-h and pegs i-l, each four characters (docs/games/twist.md §3); a challenge is
    pegs and at most one piece."""

    example_item = "d2A6"
    extra_words = "pegs"

    def read(self, text: str) -> tuple[tuple[Placed, ...], Pegs]:
        """Parse a placement string (docs/games/twist.md §5.1); PlacementError says what
        and where."""
        check_frame(text, 4, MAX_ITEMS, items=True)
        pieces: list[Placed] = []
        pegs: list[Peg] = []
        seen: dict[str, int] = {}
        previous = ""
        for start in range(0, len(text), 4):
            kind, column, row, orientation = (text[start + k] for k in range(4))
            if kind not in PIECES + PEGS:
                raise PlacementError(text, tr("%(kind)s is neither a piece (a-h) nor a peg "
                                        "(i-l)", kind=repr(kind)), start)
            if column not in COLUMNS:
                raise PlacementError(text, tr("column %(column)s is not 1-8",
                                                  column=quote(column)), start + 1)
            if row not in ROWS:
                raise PlacementError(text, tr("row %(row)s is not A-D", row=quote(row)), start + 2)
            if kind in PIECES and orientation not in "01234567":
                raise PlacementError(text, tr("orientation %(orientation)s is not 0-7",
                                        orientation=quote(orientation)),
                                     start + 3)
            if kind in PEGS and orientation != "0":
                raise PlacementError(text, tr("a peg's last character must be 0, not "
                                        "%(orientation)s", orientation=repr(orientation)),
                                     start + 3)
            if kind < previous:
                raise PlacementError(text, tr("%(kind)s comes after %(previous)s: items go in "
                                        "alphabetical order, pieces a-h then pegs i-l",
                                        kind=quote(kind), previous=quote(previous)), start)
            previous = kind
            seen[kind] = seen.get(kind, 0) + 1
            limit = PEG_LIMIT.get(kind, 1)
            if seen[kind] > limit:
                said = quote(kind)
                raise PlacementError(text, tr("piece %(piece)s appears more than once",
                                              piece=said) if kind in PIECES
                                     else tr("peg %(peg)s appears more than once", peg=said)
                                     if limit == 1
                                     else tr("peg %(peg)s appears more than twice", peg=said),
                                     start)
            col, row_index = COLUMNS.index(column), ROWS.index(row)
            if kind in PIECES:
                pieces.append(Placed(kind, col, row_index, int(orientation)))
            else:
                pegs.append(Peg(kind, row_index, col))
        return tuple(pieces), tuple(sorted(pegs))

    def write(self, setup: Setup[Placed], placed: Sequence[Placed]) -> str:
        return self.write_items(placed, pegs_of(setup))

    def write_items(self, placed: Sequence[Placed], pegs: Pegs) -> str:
        """A placement string of pieces and pegs: pieces a-h, then the pegs."""
        return "".join(str(p) for p in sorted(placed, key=lambda p: p.piece)) + \
            "".join(peg.encode() for peg in pegs)

    def read_challenge(self, text: str) -> Setup[Placed]:
        """Pegs and pieces (the booklet gives at most one), written in the notation's
        order; "" is the empty board."""
        pieces, pegs = self.read(text) if text else ((), ())
        return Setup(self.write_items(pieces, pegs), pieces, pegs)

    def board_of(self, extra: Pegs | None) -> Setup[Placed]:
        """The board of a placement string's own pegs."""
        pegs = extra or ()
        return Setup(self.write_items((), pegs), (), pegs)
