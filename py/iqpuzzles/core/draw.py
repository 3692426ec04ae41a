"""Drawing primitives: what `view()` returns and the one SVG renderer draws.

Every primitive is a plain dict (JSON-able), in board units (one location step is
usually 1.0). Keys common to all: `kind`, `layer` (higher is drawn later, on top),
`role` ("board", "peg", "piece", "target", "ghost", "hint", "label"), and
`piece` (the piece it belongs to, or None) so that a click on it can take the
piece back. The renderer knows these kinds and nothing about any game.
"""

from .types import Location


def _shape(kind: str, layer: int, role: str, piece: str | None, extra: dict, **fields) -> dict:
    shape = {"kind": kind, "layer": layer, "role": role, "piece": piece}
    shape.update(fields)
    shape.update(extra)
    return shape


def rect(x, y, w, h, fill, *, rx=0.0, stroke=None, stroke_width=0.0, layer=0,
         role="board", piece=None, **extra) -> dict:
    return _shape("rect", layer, role, piece, extra, x=x, y=y, w=w, h=h, rx=rx,
                  fill=fill, stroke=stroke, strokeWidth=stroke_width)


def circle(cx, cy, r, fill, *, stroke=None, stroke_width=0.0, layer=0, role="board",
           piece=None, **extra) -> dict:
    return _shape("circle", layer, role, piece, extra, cx=cx, cy=cy, r=r, fill=fill,
                  stroke=stroke, strokeWidth=stroke_width)


def ring(cx, cy, r, width, colour, *, openings=(), gap=56.0, layer=0, role="piece",
         piece=None, **extra) -> dict:
    """A ring of radius r (centre line) and stroke `width`; `openings` are the
    directions of its gaps in degrees (0 = east, 90 = north, as on screen), each
    gap `gap` degrees wide."""
    return _shape("ring", layer, role, piece, extra, cx=cx, cy=cy, r=r, width=width,
                  colour=colour, openings=list(openings), gap=gap)


def bar(x1, y1, x2, y2, width, colour, *, layer=0, role="piece", piece=None, **extra) -> dict:
    return _shape("bar", layer, role, piece, extra, x1=x1, y1=y1, x2=x2, y2=y2,
                  width=width, colour=colour)


def polygon(points, fill, *, stroke=None, stroke_width=0.0, layer=0, role="board",
            piece=None, **extra) -> dict:
    return _shape("polygon", layer, role, piece, extra,
                  points=[[round(x, 4), round(y, 4)] for x, y in points], fill=fill,
                  stroke=stroke, strokeWidth=stroke_width)


def text(x, y, content: str, *, size=0.3, fill="#333", layer=0, role="label", piece=None,
         **extra) -> dict:
    return _shape("text", layer, role, piece, extra, x=x, y=y, text=content, size=size,
                  fill=fill)


def location(code: str, x: float, y: float, r: float = 0.5) -> Location:
    """A place the player can point at, focus and click: its code and centre."""
    return {"code": code, "x": x, "y": y, "r": r}
