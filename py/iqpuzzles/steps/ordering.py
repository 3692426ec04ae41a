"""IQ-Steps' playing order (docs/games/steps.md §5): a piece must be played before another
when an upper ring of the other would be beside one of its lower rings. A set of
placements is legal when some order is, that is when that "before" relation has no
cycle; this part puts a set in such an order, says why there is none, counts what a
challenge would allow in any order, and draws the order over the board."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core import draw
from ..core.bits import bits_of, lowest_bit
from ..core.errors import IllegalPlacementError
from ..core.i18n import clauses, mark, tr
from ..core.parts import Ordering
from ..core.position import Position, Setup
from ..core.types import Shape
from .draw import StepsDrawing
from .solver import tables
from .vocabulary import CODES, NEIGHBOURS, Placed, must_precede

INK, HALO = "#1d2733", "#ffffff"  # the order's arrows and steps over the board


class StepsOrdering(Ordering[Placed]):
    """The playing order matters: which pieces must come before which, how many games a
    challenge has if its pieces may come in any order, and the order drawn over the
    board."""

    explain_label = mark("Show playing order")
    drawing = StepsDrawing()  # the order is drawn over its board

    def arrange(self, setup: Setup[Placed], placed: tuple[Placed, ...],
                rest: Sequence[Placed]) -> list[Placed]:
        """The pieces already down first (they are in a legal order), then `rest` in a
        legal order, the written one kept wherever the rules allow;
        IllegalPlacementError says exactly why there is none (naming the cycle)."""
        pieces = [*placed, *rest]
        for piece in pieces:
            problem = piece.problem()
            if problem:
                raise IllegalPlacementError(problem)
        for k, piece in enumerate(pieces):
            for other in pieces[:k]:
                shared = piece.cells & other.cells
                if shared:
                    raise IllegalPlacementError(tr("%(item)s overlaps %(other)s at %(where)s",
                                                   item=piece.encode(), other=other.encode(),
                                                   where=CODES[lowest_bit(shared)]))
        given = {p.piece for p in placed}
        for fixed in placed:
            for other in pieces:
                if other.piece not in given and must_precede(other, fixed):
                    raise IllegalPlacementError(tr("the challenge's pieces are on the board "
                                                   "first, but %(why)s",
                                                   why=self.why(other, fixed)))
        # Kahn's algorithm, always taking the earliest written piece that may go now
        left = list(pieces)
        order: list[Placed] = []
        while left:
            for piece in left:
                if piece.piece not in given and any(o.piece in given for o in left):
                    continue
                if self.may_come_next(left, piece):
                    break
            else:
                stuck = [p for p in left if p.piece in given] or left
                raise IllegalPlacementError(tr("no playing order exists: %(why)s",
                                               why=self._cycle(stuck)))
            order.append(piece)
            left.remove(piece)
        return order[len(placed):]

    def may_come_next(self, rest: Iterable[Placed], candidate: Placed) -> bool:
        """Whether no other of `rest` must be played before `candidate`."""
        return not any(other is not candidate and must_precede(other, candidate)
                       for other in rest)

    def played_too_early(self, mine: Sequence[Placed],
                         needed: Sequence[Placed]) -> tuple[Placed, Placed] | None:
        """The first of the player's pieces that a needed piece must be played before,
        and that piece."""
        for placed in mine:
            for other in sorted(needed, key=lambda p: p.piece):
                if must_precede(other, placed):
                    return placed, other
        return None

    def count_any_order(self, setup: Setup[Placed], limit: int | None) -> int:
        """The number of complete games that contain the challenge's pieces when any
        playing order is allowed (they need not come first), at most `limit`: a measure
        of how much a challenge leans on the "challenge first" rule (generators)."""
        found = tables()
        alive, uncovered = found.cover.all_rows, found.cover.primary
        fixed = [found.index[p] for p in setup.fixed]
        for row in fixed:
            alive &= ~found.cover.conflicts[row]
            uncovered &= ~found.cover.rows[row]
        total = 0
        for rows in found.cover.solve(alive, uncovered):
            if found.order(fixed + rows) is not None:
                total += 1
                if limit is not None and total >= limit:
                    break
        return total

    def explanation(self, position: Position[Placed]) -> tuple[str, list[Shape]]:
        """Which pieces on the board must be played before which, drawn: an arrow from
        each lower ring whose peg a later piece's upper ring blocks to that upper ring,
        and on each piece's home ring its step in the order (pieces of the same step may
        go in either order). Only what is on the board: nothing of a solution."""
        pieces = position.placed
        if not pieces:
            return tr("No pieces on the board yet, so nothing must come before anything."), []
        step = {p.piece: 1 for p in pieces}
        for placed in pieces:  # `pieces` is in a legal order, so every earlier step is final
            for other in pieces:
                if other is not placed and must_precede(other, placed):
                    step[placed.piece] = max(step[placed.piece], step[other.piece] + 1)
        shapes: list[Shape] = []
        for first in pieces:
            for then in pieces:
                if first is then or not must_precede(first, then):
                    continue
                for peg in bits_of(then.shadow & first.lower):
                    for ring in bits_of(NEIGHBOURS[peg] & then.upper):
                        shapes += _arrow(self.drawing.centre(peg),
                                         self.drawing.centre(ring), first.piece, then.piece)
        for placed in pieces:
            x, y = self.drawing.centre(placed.home)
            tags = ["order", f"step-{step[placed.piece]}"]
            shapes.append(draw.circle(x, y, 0.2, HALO, stroke=INK, stroke_width=0.04,
                                      layer=41, role="explain", piece=placed.piece,
                                      tags=tags))
            shapes.append(draw.text(x, y + 0.09, str(step[placed.piece]), size=0.26,
                                    fill=INK, layer=42, role="explain", piece=placed.piece,
                                    tags=tags, weight="700"))
        if max(step.values()) == 1:
            message = tr("No piece on the board blocks another, so they could go in any order.")
        else:
            message = tr("An arrow runs from a lower ring to the upper ring that would block "
                         "its peg: that piece comes later. Numbers: an order that works.")
        return message, shapes

    def why(self, first: Placed, then: Placed) -> str:
        """The reason `first` must come before `then`, in words (they must depend)."""
        peg = lowest_bit(then.shadow & first.lower)
        upper = lowest_bit(NEIGHBOURS[peg] & then.upper)
        return tr("%(first)s must be played before %(then)s: the upper ring of %(then)s at "
                  "%(upper)s would block the peg %(peg)s under the lower ring of %(first)s",
                  first=first.encode(), then=then.encode(), upper=CODES[upper], peg=CODES[peg])

    def _cycle(self, pieces: list[Placed]) -> str:
        """Every piece here has one that must precede it: walk back to a cycle and say
        it."""
        walk = [pieces[0]]
        while True:
            last = walk[-1]
            before = next(o for o in pieces if o is not last and must_precede(o, last))
            if before in walk:
                cycle = walk[walk.index(before):] + [before]
                break
            walk.append(before)
        cycle.reverse()  # now each one must precede the next
        reasons = clauses([self.why(a, b) for a, b in zip(cycle, cycle[1:], strict=False)])
        names = " -> ".join(p.encode() for p in cycle)
        return tr("the pieces %(names)s each must come before the next, a cycle (%(reasons)s)",
                  names=names, reasons=reasons)


def _arrow(start: tuple[float, float], end: tuple[float, float], first: str,
           then: str) -> list[Shape]:
    """A short arrow from a peg towards the upper ring beside it (one step away), dark
    with a white halo so it reads on every colour of ring."""
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    tail = (x1 + dx * 0.08, y1 + dy * 0.08)
    neck = (x1 + dx * 0.5, y1 + dy * 0.5)
    tip = (x1 + dx * 0.78, y1 + dy * 0.78)
    side = (-dy * 0.16, dx * 0.16)
    head = [tip, (neck[0] + side[0], neck[1] + side[1]), (neck[0] - side[0], neck[1] - side[1])]
    tags = ["order", f"before-{then}"]
    return [draw.bar(*tail, *neck, 0.16, HALO, layer=38, role="explain", piece=first,
                     tags=tags),
            draw.polygon(head, INK, stroke=HALO, stroke_width=0.05, layer=40, role="explain",
                         piece=first, tags=tags),
            draw.bar(*tail, *neck, 0.08, INK, layer=39, role="explain", piece=first,
                     tags=tags)]
