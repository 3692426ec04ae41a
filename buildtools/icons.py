"""The app's PNG icons, rasterised from web/icon.svg with the standard library alone.

build.py is standard library only, and `python build.py serve` must work on a fresh
machine; a full SVG renderer (cairosvg needs the system's libcairo, resvg a binary wheel)
would be a build dependency for four circles on a rounded square. So this reads the small
subset the icon uses (<rect> with rx, <circle>, solid #rrggbb fills), draws each shape
with anti-aliased edges from its signed distance, and writes an RGBA PNG. Anything else
in the SVG is refused with a message, never drawn wrong in silence.

A maskable icon (Android crops it to any shape, keeping the centre circle of 80%) fills
the whole square with the first shape's colour and draws the rest scaled into that circle.
"""

from __future__ import annotations

import math
import struct
import xml.etree.ElementTree as ET
import zlib

SVG_NS = "{http://www.w3.org/2000/svg}"
MASKABLE_SCALE = 0.8  # the logo's farthest point lands at 36% of the side from the centre


class IconError(ValueError):
    """The SVG uses something this rasteriser does not draw."""


def _colour(text: str | None) -> tuple[int, int, int]:
    if not text or len(text) != 7 or not text.startswith("#"):
        raise IconError(f"fill must be #rrggbb, not {text!r}")
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def read_shapes(svg_text: str) -> tuple[tuple[float, float, float, float], list[dict]]:
    """The viewBox and the shapes of an icon SVG, in drawing order."""
    root = ET.fromstring(svg_text)
    box = tuple(float(v) for v in root.get("viewBox", "").replace(",", " ").split())
    if root.tag != SVG_NS + "svg" or len(box) != 4:
        raise IconError("the icon must be an <svg> with a viewBox")
    shapes = []
    for node in root:
        tag = node.tag.removeprefix(SVG_NS)
        def num(name: str, default: float | None = None, node: ET.Element = node) -> float:
            return float(node.get(name, default))  # type: ignore[arg-type]
        if tag == "rect":
            shapes.append({"kind": "rect", "x": num("x", 0), "y": num("y", 0),
                           "w": num("width"), "h": num("height"), "rx": num("rx", 0),
                           "fill": _colour(node.get("fill"))})
        elif tag == "circle":
            shapes.append({"kind": "circle", "cx": num("cx"), "cy": num("cy"), "r": num("r"),
                           "fill": _colour(node.get("fill"))})
        else:
            raise IconError(f"<{tag}> is not drawn by buildtools/icons.py (rect and circle are)")
    return box, shapes


def _distance(shape: dict, x: float, y: float) -> float:
    """Signed distance from (x, y) to the shape's edge, negative inside (viewBox units)."""
    if shape["kind"] == "circle":
        return math.hypot(x - shape["cx"], y - shape["cy"]) - shape["r"]
    rx = min(shape["rx"], shape["w"] / 2, shape["h"] / 2)
    qx = abs(x - shape["x"] - shape["w"] / 2) - (shape["w"] / 2 - rx)
    qy = abs(y - shape["y"] - shape["h"] / 2) - (shape["h"] / 2 - rx)
    return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - rx


def _bounds(shape: dict) -> tuple[float, float, float, float]:
    if shape["kind"] == "circle":
        r = shape["r"]
        return shape["cx"] - r, shape["cy"] - r, shape["cx"] + r, shape["cy"] + r
    return shape["x"], shape["y"], shape["x"] + shape["w"], shape["y"] + shape["h"]


def _scaled(shape: dict, k: float, cx: float, cy: float) -> dict:
    out = dict(shape)
    for key, centre in (("x", cx), ("y", cy), ("cx", cx), ("cy", cy)):
        if key in out:
            out[key] = centre + (out[key] - centre) * k
    for key in ("w", "h", "rx", "r"):
        if key in out:
            out[key] = out[key] * k
    return out


def render(svg_text: str, size: int, maskable: bool = False) -> bytes:
    """The icon as a size x size RGBA PNG."""
    (bx, by, bw, bh), shapes = read_shapes(svg_text)
    if not shapes:
        raise IconError("the icon has no shapes")
    unit = size / max(bw, bh)  # pixels per viewBox unit
    pixels = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]  # premultiplied RGBA, 0..1
    if maskable:
        r, g, b = (c / 255 for c in shapes[0]["fill"])
        for p in pixels:
            p[:] = [r, g, b, 1.0]
        centre_x, centre_y = bx + bw / 2, by + bh / 2
        shapes = [_scaled(s, MASKABLE_SCALE, centre_x, centre_y) for s in shapes[1:]]
    for shape in shapes:
        r, g, b = (c / 255 for c in shape["fill"])
        x0, y0, x1, y1 = _bounds(shape)
        left, right = max(0, int((x0 - bx) * unit) - 1), min(size, int((x1 - bx) * unit) + 2)
        top, bottom = max(0, int((y0 - by) * unit) - 1), min(size, int((y1 - by) * unit) + 2)
        for py in range(top, bottom):
            y = by + (py + 0.5) / unit
            row = py * size
            for px in range(left, right):
                d = _distance(shape, bx + (px + 0.5) / unit, y) * unit  # in pixels
                cover = 0.5 - d
                if cover <= 0:
                    continue
                a = 1.0 if cover >= 1 else cover
                p = pixels[row + px]
                keep = 1 - a
                p[0], p[1], p[2] = r * a + p[0] * keep, g * a + p[1] * keep, b * a + p[2] * keep
                p[3] = a + p[3] * keep
    raw = bytearray()
    for py in range(size):
        raw.append(0)  # filter: none
        for p in pixels[py * size:(py + 1) * size]:
            alpha = p[3]
            if alpha <= 0:
                raw += b"\0\0\0\0"
                continue
            rgb = bytes(min(255, round(c / alpha * 255)) for c in p[:3])
            raw += rgb + bytes([round(alpha * 255)])
    return _png(size, size, bytes(raw))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
