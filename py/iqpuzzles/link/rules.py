"""IQ-Link's rules (docs/games/link.md §5): every unit on a peg, a peg takes at most one
ball and one ring, and a ball may sit in a ring only where every connection of the ball
faces an opening of the ring."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..core.errors import Refusal
from ..core.parts import Rules
from ..core.position import Setup
from .vocabulary import DIRECTIONS, PEGS, VOCABULARY, Placed, Unit


class LinkRules(Rules[Placed]):
    """Balls into rings, rings on pegs (docs/games/link.md §5)."""

    def breaks(self, setup: Setup[Placed], placed: Sequence[Placed],
               new: Placed) -> Refusal | None:
        """The first rule `new` breaks when put on a board holding the (legal) `placed`,
        or None: off the board, a second ball or ring on a peg, or a ball's connection
        facing no opening of the ring on its peg."""
        names = VOCABULARY
        item, name = new.encode(), names.capitalised_name(new.piece)
        pegs = new.pegs()
        for unit, peg in zip(new.units, pegs, strict=True):
            if peg is None:
                where = "its origin" if unit.number == 1 else f"its unit {unit.number}"
                return Refusal("off-board", f"{item} hangs off the board ({where} has no peg)",
                               f"{name} would hang off the board.", (new.piece,))
        occupied = 0
        for other in placed:
            occupied |= other.mask
        if not new.mask & occupied:
            return None
        # the masks meet: say where and why, peg by peg
        held: dict[int, dict[str, tuple[Placed, Unit]]] = {}  # peg -> {kind: (piece, unit)}
        for other in placed:
            for unit, peg in zip(other.units, other.pegs(), strict=True):
                if peg is not None:
                    held.setdefault(peg, {})[unit.kind] = (other, unit)
        for unit, peg in zip(new.units, pegs, strict=True):
            assert peg is not None
            slots = held.get(peg, {})
            if unit.kind in slots:
                owner = slots[unit.kind][0]
                return Refusal("slot", f"{item} puts a second {unit.kind} on peg {PEGS[peg]} "
                               f"(the {unit.kind} of {owner.encode()} is there)",
                               f"Peg {PEGS[peg]} already holds a {unit.kind} of "
                               f"{names.piece_name(owner.piece)}.", (new.piece, owner.piece),
                               (PEGS[peg],))
            if slots:  # the other kind is there: a ball and a ring share the peg
                ((other, other_unit),) = slots.values()
                (ball_piece, ball), (ring_piece, ring) = sorted(
                    ((new, unit), (other, other_unit)), key=lambda held: not held[1].ball)
                blocked = sorted(ball.dirs - ring.dirs)
                if blocked:
                    facing = " and ".join(DIRECTIONS[d] for d in blocked)
                    closed = "a closed ring" if not ring.dirs else \
                        f"a ring with no opening facing {facing}"
                    return Refusal(
                        "connection", f"on peg {PEGS[peg]} the ball of {ball_piece.encode()} "
                        f"has a connection facing {facing}, but {ring_piece.encode()} puts "
                        f"{closed} there",
                        f"On peg {PEGS[peg]} the ring of {names.piece_name(ring_piece.piece)} "
                        f"has no opening where the ball of "
                        f"{names.piece_name(ball_piece.piece)} connects.",
                        (new.piece, other.piece), (PEGS[peg],))
        return None  # pragma: no cover - disjoint masks are exactly the rule (tested)

    def covers(self, placement: Placed) -> Iterator[str]:
        return (PEGS[peg] for peg in placement.pegs() if peg is not None)
