"""Orientation transforms on a square grid (y grows downwards, as on screen).

The games' pieces.json files hold every orientation already; these transforms are
what the specs derive them from, so the tests can check the data against them and
generators/tools can rotate shapes without game-specific code.
"""

from collections.abc import Iterable

Cell = tuple[int, int]


def rotate_cw(cells: list[Cell]) -> list[Cell]:
    """A quarter turn clockwise on screen: (x, y) -> (-y, x)."""
    return [(-y, x) for x, y in cells]


def flip_top_bottom(cells: list[Cell]) -> list[Cell]:
    return [(x, -y) for x, y in cells]


def normalise(cells: list[Cell]) -> list[Cell]:
    """Shift so the smallest x and y are 0 (the bounding box's top-left is the origin)."""
    min_x = min(x for x, _ in cells)
    min_y = min(y for _, y in cells)
    return sorted((x - min_x, y - min_y) for x, y in cells)


def grip(cells: Iterable[Cell]) -> Cell:
    """The cell nearest a piece's middle (topmost, then leftmost, of a tie): the one a
    pointer holds it by, so the piece stays under the pointer as it turns."""
    cells = list(cells)
    mx = max(x for x, _ in cells) / 2
    my = max(y for _, y in cells) / 2
    return min(cells, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c[1], c[0]))
