"""What every game's placement-string grammar shares: text of whole items, not empty,
not too many. The games check the characters of each item themselves."""

from .errors import PlacementError, quote
from .i18n import ntr, tr


def check_frame(text: object, size: int, most: int, items: bool = False) -> int:
    """The number of `size`-character items in `text`; PlacementError if `text` is not
    text, is empty, ends in a broken item or has more than `most` items. The items are
    called piece placements, or items (`items`) where pegs are written too."""
    if not isinstance(text, str):
        raise PlacementError(quote(text), tr("a placement string must be text"))
    if not text:
        raise PlacementError(text, tr("the placement string is empty"))
    left = len(text) % size
    if left:
        reason = ntr("the last item has %(n)s character, items are %(size)s characters",
                     "the last item has %(n)s characters, items are %(size)s characters", left,
                     size=size) if items else \
            ntr("the last piece placement has %(n)s character, piece placements are "
                "%(size)s characters", "the last piece placement has %(n)s characters, piece "
                "placements are %(size)s characters", left, size=size)
        raise PlacementError(text, reason, len(text) - left)
    count = len(text) // size
    if count > most:
        reason = ntr("%(n)s item, at most %(most)s are allowed",
                     "%(n)s items, at most %(most)s are allowed", count, most=most) if items \
            else ntr("%(n)s piece placement, at most %(most)s are allowed",
                     "%(n)s piece placements, at most %(most)s are allowed", count, most=most)
        raise PlacementError(text, reason, most * size)
    return count
