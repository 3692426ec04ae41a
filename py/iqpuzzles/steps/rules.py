"""IQ-Steps' rules for one piece played (docs/games/steps.md §4): rings on the board,
each layer where it goes (lower rings on pegs, upper rings between them), no overlap,
and no lower ring on a peg an earlier piece's upper ring blocks. Which pieces must be
played before which, for a set of them, is ordering.py."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..core.bits import bits_of, lowest_bit
from ..core.errors import Refusal
from ..core.i18n import tr
from ..core.parts import Rules
from ..core.position import Setup
from .vocabulary import CODES, NEIGHBOURS, VOCABULARY, Placed


class StepsRules(Rules[Placed]):
    """Rings on pegs and between them; an upper ring blocks the empty pegs beside it for
    every later piece (docs/games/steps.md §5)."""

    def breaks(self, setup: Setup[Placed], placed: Sequence[Placed],
               new: Placed) -> Refusal | None:
        """Why `new` cannot be played after the pieces `placed` (docs/games/steps.md §4),
        or None."""
        names = VOCABULARY
        name = names.capitalised_name(new.piece)
        problem = new.problem()
        if problem:
            if new.hangs_off():
                return Refusal("off-board", problem,
                               tr("%(name)s would hang off the board.", name=name),
                               (new.piece,))
            return Refusal("layer", problem, tr("%(name)s does not sit on the pegs that way: "
                                                "turn or flip it, or move it by one hole.",
                                                name=name), (new.piece,))
        item = new.encode()
        lower, upper = new.lower, new.upper
        for other in placed:
            shared = (lower | upper) & other.cells
            if shared:
                where = lowest_bit(shared)
                said = {"item": item, "other": other.encode(), "where": CODES[where]}
                return Refusal("overlap", tr("%(item)s overlaps %(other)s at %(where)s (both "
                                             "have a lower ring there)", **said)
                               if lower >> where & 1 else
                               tr("%(item)s overlaps %(other)s at %(where)s (both have an "
                                  "upper ring there)", **said),
                               tr("%(name)s would overlap %(other)s.", name=name,
                                  other=names.piece_name(other.piece)),
                               (new.piece, other.piece), (CODES[where],))
            covered = lower & other.shadow
            if covered:
                peg = lowest_bit(covered)
                ring = lowest_bit(NEIGHBOURS[peg] & other.upper)
                return Refusal(
                    "order", tr("%(item)s cannot be played after %(other)s: its lower ring "
                                "would go on the peg %(peg)s, which the upper ring of "
                                "%(other)s at %(ring)s blocks", item=item, other=other.encode(),
                                peg=CODES[peg], ring=CODES[ring]),
                    tr("%(name)s needs a peg that %(other)s already blocks with its upper "
                       "ring: it would have to be played before it.", name=name,
                       other=names.piece_name(other.piece)),
                    (new.piece, other.piece), (CODES[peg], CODES[ring]))
        return None

    def covers(self, placement: Placed) -> Iterator[str]:
        return (CODES[index] for index in bits_of(placement.cells))
