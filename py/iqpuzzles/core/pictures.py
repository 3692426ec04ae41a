"""Small pictures of positions, for the challenge picker: a position's own drawing (the
game's `board()`, the same shapes the page draws full size) cut down to what a picture a
few centimetres wide can show. Nothing here knows a game.

A picture is the view's shapes in the order they are drawn (by layer), without what is
too small to see at that size (labels and notation, the colours' symbols), without what
only the full board uses (roles, pieces, tags, layers: a picture is not clicked), and with
its numbers rounded to hundredths of a location. The renderer draws it as any view.

A game's booklet pictures are one file (written at build time, fetched when the picker
opens), each shape written once: `shapes` lists every different shape of the booklet's
starts, `base` the ones every picture starts with (the board), and each challenge's own
are indices into `shapes`. (IQ-Steps' 120 starts: 1 MB as plain views, 140 kB this way.)
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .types import Shape

if TYPE_CHECKING:
    from .game import Game
    from .position import Position

# kinds a picture leaves out: words and symbols a few pixels high
UNSEEN_KINDS = frozenset({"text", "mark"})
# keys only the full board uses
BOARD_ONLY = frozenset({"layer", "role", "piece", "tags", "location", "unit"})
DIGITS = 2  # hundredths of a location: a tenth of a pixel in a picker's picture


def _rounded(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, float):
        near = round(value, DIGITS)
        return int(near) if near.is_integer() else near
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    return value


def picture_shapes(shapes: list[Shape]) -> list[Shape]:
    """A view's shapes as a picture draws them: in drawing order, the unseen ones left out,
    each with only the keys that change how it looks."""
    ordered = sorted(shapes, key=lambda shape: shape.get("layer", 0))  # stable
    picture = []
    for shape in ordered:
        if shape.get("kind") in UNSEEN_KINDS or "notation" in (shape.get("tags") or ()):
            continue
        kept = {key: _rounded(value) for key, value in shape.items()
                if key not in BOARD_ONLY and value is not None}
        if not kept.get("stroke"):  # no outline: its width means nothing
            kept.pop("strokeWidth", None)
        picture.append(kept)
    return picture


def picture(game: Game[Any], position: Position[Any]) -> list[Shape]:
    """The picture of a position (its viewBox is the board's: info's board frame)."""
    return picture_shapes(game.drawing.board(position))


def booklet_pictures(game: Game[Any]) -> dict[str, Any]:
    """Every booklet challenge's start as a picture: {box: the board's viewBox, shapes:
    every different shape, base: those every picture starts with, starts: {id: the
    shapes after them}} (base and starts as indices into shapes)."""
    starts = {c.id: picture(game, game.position(c.challenge)) for c in game.challenges}
    lists = list(starts.values())
    shared = 0
    while lists and all(len(shapes) > shared and shapes[shared] == lists[0][shared]
                        for shapes in lists):
        shared += 1
    shapes: list[Shape] = []
    index: dict[str, int] = {}

    def numbered(drawn: list[Shape]) -> list[int]:
        numbers = []
        for shape in drawn:
            key = json.dumps(shape, sort_keys=True)
            if key not in index:
                index[key] = len(shapes)
                shapes.append(shape)
            numbers.append(index[key])
        return numbers

    base = numbered(lists[0][:shared]) if lists else []
    own = {cid: numbered(drawn[shared:]) for cid, drawn in starts.items()}
    return {"box": game.page.info()["board"]["viewBox"], "shapes": shapes,
            "base": base, "starts": own}


def unpacked(pictures: dict[str, Any], challenge_id: str) -> list[Shape]:
    """One challenge's picture from booklet_pictures (what the page does with them)."""
    return [pictures["shapes"][i]
            for i in [*pictures["base"], *pictures["starts"][challenge_id]]]
