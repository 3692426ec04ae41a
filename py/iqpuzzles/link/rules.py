"""IQ-Link's rules (docs/games/link.md §5): every unit on a peg, a peg takes at most one
ball and one ring, and a ball may sit in a ring only where every connection of the ball
faces an opening of the ring."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..core.errors import Refusal
from ..core.i18n import tr
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
                why = tr("%(item)s hangs off the board (its origin has no peg)", item=item) \
                    if unit.number == 1 else \
                    tr("%(item)s hangs off the board (its unit %(unit)s has no peg)", item=item,
                       unit=unit.number)
                return Refusal("off-board", why,
                               tr("%(name)s would hang off the board.", name=name),
                               (new.piece,))
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
                said = {"item": item, "peg": PEGS[peg], "other": owner.encode(),
                        "name": names.piece_name(owner.piece)}
                is_ball = unit.kind == "ball"
                return Refusal("slot", tr("%(item)s puts a second ball on peg %(peg)s (the ball "
                                          "of %(other)s is there)", **said) if is_ball else
                               tr("%(item)s puts a second ring on peg %(peg)s (the ring of "
                                  "%(other)s is there)", **said),
                               tr("Peg %(peg)s already holds a ball of %(name)s.", **said)
                               if is_ball else
                               tr("Peg %(peg)s already holds a ring of %(name)s.", **said),
                               (new.piece, owner.piece), (PEGS[peg],))
            if slots:  # the other kind is there: a ball and a ring share the peg
                ((other, other_unit),) = slots.values()
                (ball_piece, ball), (ring_piece, ring) = sorted(
                    ((new, unit), (other, other_unit)), key=lambda held: not held[1].ball)
                blocked = sorted(ball.dirs - ring.dirs)
                if blocked:
                    # the notation's directions (E, NE...) are codes: they stay as written
                    said = {"peg": PEGS[peg], "ball": ball_piece.encode(),
                            "ring": ring_piece.encode(),
                            "facing": " + ".join(DIRECTIONS[d] for d in blocked),
                            "ring_name": names.piece_name(ring_piece.piece),
                            "ball_name": names.piece_name(ball_piece.piece)}
                    return Refusal(
                        "connection", tr("on peg %(peg)s the ball of %(ball)s has a connection "
                                         "facing %(facing)s, but %(ring)s puts a closed ring "
                                         "there", **said) if not ring.dirs else
                        tr("on peg %(peg)s the ball of %(ball)s has a connection facing "
                           "%(facing)s, but %(ring)s puts a ring with no opening facing "
                           "%(facing)s there", **said),
                        tr("On peg %(peg)s the ring of %(ring_name)s has no opening where the "
                           "ball of %(ball_name)s connects.", **said),
                        (new.piece, other.piece), (PEGS[peg],))
        return None  # pragma: no cover - disjoint masks are exactly the rule (tested)

    def covers(self, placement: Placed) -> Iterator[str]:
        return (PEGS[peg] for peg in placement.pegs() if peg is not None)
