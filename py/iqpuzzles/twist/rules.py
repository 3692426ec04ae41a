"""IQ-Twist's rules (docs/games/twist.md §5.2): pieces on free loops, a peg only through a
hole of its own colour, one peg a location."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..core.errors import Refusal
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
            return Refusal("off-board", f"{item} hangs off the board",
                           f"{name} would hang off the board.", (new.piece,))
        owner = {index: p for p in placed for index, _ in p.loops()}
        peg_at = {peg.index: peg for peg in pegs_of(setup)}
        for index, hole in new.loops():
            where = location_code(index)
            if index in owner:
                other = owner[index]
                return Refusal("overlap", f"{item} overlaps {other} at {where}",
                               f"{name} would overlap {names.piece_name(other.piece)}.",
                               (new.piece, other.piece), (where,))
            peg = peg_at.get(index)
            if peg is None:
                continue
            if not hole:
                return Refusal("peg", f"{item} puts a solid loop on the {peg.colour} peg at "
                               f"{where}", f"{name} has no hole over the {peg.colour} peg at "
                               f"{where}: a peg only goes through a hole.", (new.piece,),
                               (where,))
            if PIECE_COLOUR[new.piece] != peg.colour:
                colour = PIECE_COLOUR[new.piece]
                return Refusal("peg", f"{item} puts a {colour} hole on the {peg.colour} peg "
                               f"at {where}", f"The {peg.colour} peg at {where} only goes "
                               f"through a hole of a {peg.colour} piece.", (new.piece,),
                               (where,))
        return None

    def covers(self, placement: Placed) -> Iterator[str]:
        return (location_code(index) for index, _ in placement.loops())

    def breaks_board(self, setup: Setup[Placed]) -> str | None:
        """Two pegs on one location."""
        taken: set[int] = set()
        for peg in pegs_of(setup):
            if peg.index in taken:
                return f"two pegs on {location_code(peg.index)}"
            taken.add(peg.index)
        return None
