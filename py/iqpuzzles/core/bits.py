"""Bitboards as plain ints: a set of locations is an int with one bit per location."""

from collections.abc import Iterable, Iterator


def mask_of(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def bits_of(mask: int) -> Iterator[int]:
    """The indices of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def lowest_bit(mask: int) -> int:
    """Index of the lowest set bit (mask must be non-zero)."""
    return (mask & -mask).bit_length() - 1


def renumber(columns: int, number: dict[int, int]) -> int:
    """The bits of `columns` that `number` knows, as the bits it gives them (a search's
    columns as a part's own numbering)."""
    found = 0
    for column in bits_of(columns):
        found |= number.get(column, 0)
    return found
