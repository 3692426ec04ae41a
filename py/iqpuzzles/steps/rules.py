"""IQ-Steps' rules for one piece played (docs/games/steps.md §4): rings on the board,
each layer where it goes (lower rings on pegs, upper rings between them), no overlap,
and no lower ring on a peg an earlier piece's upper ring blocks. Which pieces must be
played before which, for a set of them, is ordering.py."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..core.bits import bits_of, lowest_bit
from ..core.errors import Refusal
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
            if "hangs off" in problem:
                return Refusal("off-board", problem, f"{name} would hang off the board.",
                               (new.piece,))
            return Refusal("layer", problem, f"{name} does not sit on the pegs that way: "
                           "turn or flip it, or move it by one hole.", (new.piece,))
        item = new.encode()
        lower, upper = new.lower, new.upper
        for other in placed:
            shared = (lower | upper) & other.cells
            if shared:
                where = lowest_bit(shared)
                layer = "lower" if lower >> where & 1 else "upper"
                return Refusal("overlap", f"{item} overlaps {other.encode()} at "
                               f"{CODES[where]} (both have a {layer} ring there)",
                               f"{name} would overlap {names.piece_name(other.piece)}.",
                               (new.piece, other.piece), (CODES[where],))
            covered = lower & other.shadow
            if covered:
                peg = lowest_bit(covered)
                ring = lowest_bit(NEIGHBOURS[peg] & other.upper)
                return Refusal(
                    "order", f"{item} cannot be played after {other.encode()}: its lower "
                    f"ring would go on the peg {CODES[peg]}, which the upper ring of "
                    f"{other.encode()} at {CODES[ring]} blocks",
                    f"{name} needs a peg that {names.piece_name(other.piece)} already blocks "
                    "with its upper ring: it would have to be played before it.",
                    (new.piece, other.piece), (CODES[peg], CODES[ring]))
        return None

    def covers(self, placement: Placed) -> Iterator[str]:
        return (CODES[index] for index in bits_of(placement.cells))
