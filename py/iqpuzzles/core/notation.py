"""What every game's placement-string grammar shares: text of whole items, not empty,
not too many. The games check the characters of each item themselves."""

from .errors import PlacementError, quote


def check_frame(text: object, size: int, most: int, item: str = "piece placement") -> int:
    """The number of `size`-character items in `text`; PlacementError if `text` is not
    text, is empty, ends in a broken item or has more than `most` items."""
    if not isinstance(text, str):
        raise PlacementError(quote(text), "a placement string must be text")
    if not text:
        raise PlacementError(text, "the placement string is empty")
    left = len(text) % size
    if left:
        raise PlacementError(text, f"the last {item} has {left} character{'s' * (left > 1)}, "
                             f"{item}s are {size} characters", len(text) - left)
    count = len(text) // size
    if count > most:
        raise PlacementError(text, f"{count} {item}s, at most {most} are allowed", most * size)
    return count
