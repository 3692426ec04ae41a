"""IQ-Twist's rules (docs/games/twist.md §5.2): pieces on free loops, a peg only through a
hole of its own colour, one peg a location."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..core.errors import Refusal
from ..core.i18n import ptr, tr
from ..core.parts import Rules
from ..core.position import Setup
from .vocabulary import PIECE_COLOUR, VOCABULARY, Placed, location_code, pegs_of


class TwistRules(Rules[Placed]):
    """Pieces on free loops, a peg only through a hole of its colour (docs/games/twist.md
    §5)."""

    def breaks(self, setup: Setup[Placed], placed: Sequence[Placed],
               new: Placed) -> Refusal | None:
        """The first rule `new` breaks on this board (docs/games/twist.md §5.2), or None."""
        names = VOCABULARY
        item, name = new.encode(), names.capitalised_name(new.piece)
        if not new.fits():
            return Refusal("off-board", tr("%(item)s hangs off the board", item=item),
                           tr("%(name)s would hang off the board.", name=name), (new.piece,))
        owner = {index: p for p in placed for index, _ in p.loops()}
        peg_at = {peg.index: peg for peg in pegs_of(setup)}
        for index, hole in new.loops():
            where = location_code(index)
            if index in owner:
                other = owner[index]
                return Refusal("overlap", tr("%(item)s overlaps %(other)s at %(where)s",
                                             item=item, other=str(other), where=where),
                               tr("%(name)s would overlap %(other)s.", name=name,
                                  other=names.piece_name(other.piece)),
                               (new.piece, other.piece), (where,))
            peg = peg_at.get(index)
            if peg is None:
                continue
            if not hole:
                return Refusal("peg", tr("%(item)s puts a solid loop on the %(colour)s peg at "
                                         "%(where)s", item=item, where=where,
                                         colour=ptr("peg colour", peg.colour)),
                               tr("%(name)s has no hole over the %(colour)s peg at %(where)s: "
                                  "a peg only goes through a hole.", name=name, where=where,
                                  colour=ptr("peg colour", peg.colour)), (new.piece,),
                               (where,))
            if PIECE_COLOUR[new.piece] != peg.colour:
                colour = PIECE_COLOUR[new.piece]
                return Refusal("peg", tr("%(item)s puts a %(hole)s hole on the %(colour)s peg "
                                         "at %(where)s", item=item, where=where,
                                         hole=ptr("colour", colour),
                                         colour=ptr("peg colour", peg.colour)),
                               tr("The %(colour)s peg at %(where)s only goes through a hole of "
                                  "a %(piece_colour)s piece.", where=where,
                                  colour=ptr("peg colour", peg.colour),
                                  piece_colour=ptr("colour", peg.colour)),
                               (new.piece,), (where,))
        return None

    def covers(self, placement: Placed) -> Iterator[str]:
        return (location_code(index) for index, _ in placement.loops())

    def breaks_board(self, setup: Setup[Placed]) -> str | None:
        """Two pegs on one location."""
        taken: set[int] = set()
        for peg in pegs_of(setup):
            if peg.index in taken:
                return tr("two pegs on %(where)s", where=location_code(peg.index))
            taken.add(peg.index)
        return None
