"""IQ-Focus's rules (docs/games/focus.md §7): on the board, no overlap, and the centre's
squares the colours the challenge wants."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..core.errors import Refusal
from ..core.i18n import ptr, tr
from ..core.parts import Rules
from ..core.position import Setup
from .vocabulary import ANY, CENTRE, COLOUR_NAME, LOC_INDEX, VOCABULARY, Placed, wanted


class FocusRules(Rules[Placed]):
    """Pieces on free squares, the centre's colours wanted (docs/games/focus.md §7)."""

    def breaks(self, setup: Setup[Placed], placed: Sequence[Placed],
               new: Placed) -> Refusal | None:
        """The rule `new` breaks next to `placed` (on the board, no overlap, the
        challenge's colours in the centre), or None."""
        names = VOCABULARY
        name = names.capitalised_name(new.piece)
        why = new.off_board()
        if why:
            return Refusal("off-board", why, tr("%(name)s would hang off the board.", name=name),
                           (new.piece,))
        owners = [(p, p.cells) for p in placed]
        for x, y, _ in new.squares():
            bit = 1 << LOC_INDEX[x, y]
            for other, cells in owners:
                if cells & bit:
                    return Refusal("overlap", tr("%(item)s overlaps %(other)s at %(where)s",
                                                 item=new.encode(), other=other.encode(),
                                                 where=f"{x}{y}"),
                                   tr("%(name)s would overlap %(other)s.", name=name,
                                      other=names.piece_name(other.piece)),
                                   (new.piece, other.piece), (f"{x}{y}",))
        wrong = self.colour_breaks(wanted(setup), new)
        if wrong:
            x, y, colour, want = wrong
            said = {"name": name, "item": new.encode(), "where": f"{x}{y}",
                    "colour": ptr("colour", COLOUR_NAME[colour]),
                    "want": ptr("colour", COLOUR_NAME[want])}
            return Refusal("colour", tr("%(item)s puts %(colour)s on %(where)s, the challenge "
                                        "wants %(want)s", **said),
                           tr("%(name)s would put %(colour)s on a square of the middle that "
                              "must be %(want)s.", **said), (new.piece,), (f"{x}{y}",))
        return None

    def colour_breaks(self, colours: str, placed: Placed) -> tuple[int, int, str, str] | None:
        """The first centre square the piece covers with a colour the challenge
        (`colours`) does not want (column, row, the piece's colour, the wanted colour), or
        None."""
        for x, y, colour in placed.squares():
            if (x, y) not in CENTRE:
                continue
            want = colours[CENTRE.index((x, y))]
            if want not in (ANY, colour):
                return x, y, colour, want
        return None

    def covers(self, placement: Placed) -> Iterator[str]:
        return (f"{x}{y}" for x, y, _ in placement.squares())
