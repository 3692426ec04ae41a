"""A piece's orientation in words, for players who do not see the tray: how it lies
compared with how the tray first shows it ("turned 90 degrees clockwise", "flipped top to
bottom, then turned 180 degrees"). Screen readers say it in the tray button's name and
as Rotate and Flip turn the piece.

The words come from the game's own tables (its vocabulary's `rotate` and `flip`): the orientations
Rotate reaches from the first are turns of a full circle split in as many steps; those it
reaches from the first one flipped are that flip, then turns. Rotate turns a piece
clockwise on the screen in every game, and the drawing says which way Flip turns it over
(`Drawing.flip_axis`); tests/test_accessibility.py checks both on the tray's drawings.
"""

from __future__ import annotations

from collections.abc import Mapping

from .i18n import mark, tr
from .vocabulary import Piece

# a piece turned over, by the drawing's `flip_axis`, in words
FLIPPED = {"top to bottom": mark("flipped top to bottom"),
           "left to right": mark("flipped left to right")}


def orbit(start: str, rotate: Mapping[str, str]) -> list[str]:
    """`start`, then each orientation Rotate turns it to, until it comes back."""
    found = [start]
    while (turned := rotate.get(found[-1], found[-1])) not in found:
        found.append(turned)
    return found


def turn_words(steps: int, of: int) -> str:
    """`steps` Rotate presses of `of` to a full circle, as an angle in words."""
    degrees = round(360 * (steps % of) / of)
    if degrees == 0:
        return ""
    if degrees == 180:
        return tr("turned 180 degrees")
    if degrees < 180:
        return tr("turned %(degrees)s degrees clockwise", degrees=degrees)
    return tr("turned %(degrees)s degrees anticlockwise", degrees=360 - degrees)


def orientation_words(piece: Piece, flip_axis: str) -> dict[str, str]:
    """orientation -> how the piece lies then, in words (see the module docstring)."""
    first = piece.orientations[0]
    rotate = piece.rotate
    turns = orbit(first, rotate)
    words = {o: turn_words(k, len(turns)) or tr("not turned") for k, o in enumerate(turns)}
    flipped = piece.flip.get(first, first)
    if flipped not in words:  # a flip that is not a turn: turned over, then turned
        over = orbit(flipped, rotate)
        for k, o in enumerate(over):
            turn = turn_words(k, len(over))
            flip = tr(FLIPPED[flip_axis])
            words.setdefault(o, tr("%(flip)s, then %(turn)s", flip=flip, turn=turn)
                             if turn else flip)
    for o in piece.orientations:  # none is left without words, whatever the tables
        words.setdefault(o, tr("orientation %(o)s", o=o))
    return words
