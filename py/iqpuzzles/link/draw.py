"""IQ-Link drawn: the board of pegs, the pieces as balls, rings with gaps and bars (view
primitives, core/draw.py), a piece held by its origin, the text drawing, and what a
front end needs once (info).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..core import draw as primitives
from ..core.i18n import tr
from ..core.position import Position
from ..core.types import Frame, PieceView, Shape
from .vocabulary import (
    AXIAL,
    COLUMNS,
    ORIENTATIONS,
    PEG_COUNT,
    PEGS,
    PIECES,
    ROWS,
    VOCABULARY,
    Placed,
    Unit,
)

ROW_HEIGHT = math.sqrt(3) / 2  # rows are this far apart when pegs are 1.0 apart
# each piece's colour as drawn: the colours the spec names (pieces.json; rules.COLOUR_NAME
# says them), not its raw CSS values (pure red, blue, yellow) but in the other games'
# paint: blue as IQ-Twist's, sky blue as IQ-Steps', red, green, yellow, pink, orange,
# purple and lime within a few CIEDE2000 units of theirs, each moved only as far as it
# takes for no two of the twelve to be nearer than the other games' nearest two, in
# normal vision and under deuteranopia and protanopia (tests/test_accessibility.py)
PAINT = {"A": "#966aca",  # purple
         "B": "#0a9a8d",  # jade green
         "C": "#a4c934",  # lime
         "D": "#4c2b8d",  # indigo
         "E": "#f16daa",  # pink
         "F": "#5cc3ee",  # sky blue
         "G": "#bd2988",  # magenta
         "H": "#f8ca39",  # yellow
         "I": "#30a952",  # bright green
         "J": "#2f6fd6",  # dark blue
         "K": "#e68328",  # orange
         "L": "#e03e39"}  # red
COLOURS = PAINT
# each piece's colour symbol (core/draw.py SYMBOLS), on its balls: twelve colours, some
# of them alike to many eyes (under deuteranopia and protanopia lime, bright green, jade
# green, yellow and orange), each with its own symbol, those of alike colours of unlike
# shapes (not plus and cross: lime has the bar; not a dot, which reads as a ball's shade:
# orange has the arrow); red, green, blue, yellow, pink and purple as in the other games
SYMBOL = dict(zip(PIECES, ("hexagon", "plus", "bar", "cross", "heart", "chevron", "ring",
                           "star", "square", "diamond", "arrow", "triangle"), strict=True))
BALL_RADIUS = 0.23  # inside a ring (its inner edge at 0.27) with its dark edge
MARK = 0.15  # a ball's symbol, centre to edge
# In the tray a piece is drawn small (a whole piece in a button): its balls are bigger
# there, so that their symbols read at about 10 px.
TRAY_BALL = 0.33
TRAY_MARK = 0.24
RING_RADIUS = 0.32
RING_WIDTH = 0.1
BAR_WIDTH = 0.12
GAP_DEGREES = 46.0
DARK = "#3b352c"
EDGE = 0.025  # the dark edge of balls, rings and bars
BOARD = "#ece7dd"
BOARD_EDGE = "#bdb3a2"
PEG = "#d6cfc2"
PEG_EDGE = "#a79d8b"
# the pegs' letters, which refusals name: 6:1 on the board, and at least 11 px tall at a
# 320 px wide phone, where the board is 7.1 units across 264 to 300 px (0.3 units); any
# larger and a wide letter's box (W, M) reaches a neighbour's ring. They are drawn over
# the pieces (LABEL_LAYER), each in a halo of the board's colour, so that a bar or a
# ring that passes by never hides one
LABEL = "#5c5446"
LABEL_SIZE = 0.3
LABEL_HALO = 0.07
LABEL_LAYER = 6  # over the pieces (bars 3, rings 4, balls 5)


def peg_xy(index: int) -> tuple[float, float]:
    """The centre of a peg in board units (x to the right, y down)."""
    row, col = divmod(index, COLUMNS)
    return col + 0.5 * (row % 2), row * ROW_HEIGHT


def _pieces(pieces: Sequence[Placed]) -> list[Placed]:
    """A position's pieces, in letter order."""
    return sorted(pieces, key=lambda p: p.piece)


def _round_xy(xy: tuple[float, float]) -> tuple[float, float]:
    return round(xy[0], 4), round(xy[1], 4)


def _unit_xy(x: float, y: float, unit: Unit) -> tuple[float, float]:
    """A unit's centre, from the origin's centre (the axial offset on screen)."""
    return x + unit.dq + 0.5 * unit.dr, y + unit.dr * ROW_HEIGHT


def _toward(x: float, y: float, direction: int, distance: float) -> tuple[float, float]:
    angle = math.radians(60 * direction)
    return round(x + distance * math.cos(angle), 4), round(y - distance * math.sin(angle), 4)


def _direction(unit: Unit, other: Unit) -> int:
    return AXIAL.index((other.dq - unit.dq, other.dr - unit.dr))


class LinkDrawing(primitives.Drawing[Placed]):
    """The board of pegs with their letters, the pieces as balls, rings with gaps and
    bars, a piece held by its origin, and the text drawing."""

    paint = COLOURS

    def frame(self) -> Frame:
        """The board's view box and its 24 pegs (rules.VOCABULARY)."""
        width = COLUMNS - 0.5
        height = (ROWS - 1) * ROW_HEIGHT
        return {"viewBox": [-0.8, -0.85, width + 1.6, round(height + 1.6, 4)],
                "locations": [primitives.location(code, *_round_xy(peg_xy(i)), r=0.5,
                                                  row=VOCABULARY.row_name(i))
                              for i, code in enumerate(VOCABULARY.locations)]}


    # --- the board, a piece, a piece held ------------------------------------------------------
    def board(self, position: Position[Placed]) -> list[Shape]:
        """The board, its pegs with their letters, and the pieces (the challenge's "fixed")."""
        width = COLUMNS - 0.5
        height = (ROWS - 1) * ROW_HEIGHT
        shapes = [primitives.rect(-0.7, -0.75, width + 1.4, round(height + 1.4, 4), BOARD,
                                  rx=0.45, stroke=BOARD_EDGE, stroke_width=0.05, layer=0,
                                  tags=[primitives.PLATE, primitives.PALE])]
        for i in range(PEG_COUNT):
            x, y = _round_xy(peg_xy(i))
            # a peg, and its letter straight above it (its foot 0.45 above the peg): between
            # the bars to the NW and NE neighbours, and its box clear of a ring (0.37 out) on
            # this peg; over the pieces, in its halo
            shapes.append(primitives.circle(x, y, 0.11, PEG, stroke=PEG_EDGE, stroke_width=0.03,
                                            layer=1, role="peg",
                                            tags=[primitives.PEG, primitives.PALE]))
            shapes.append(primitives.text(x, round(y - 0.45, 4), PEGS[i], size=LABEL_SIZE,
                                          fill=LABEL, layer=LABEL_LAYER, stroke=BOARD,
                                          strokeWidth=LABEL_HALO,
                                          tags=[primitives.INK, primitives.PALE]))
        fixed = position.fixed_pieces
        for placed in _pieces(position.placed):
            shapes += self.piece_shapes(placed, *peg_xy(placed.peg), layer=3,
                                        role="fixed" if placed.piece in fixed else "piece")
        return shapes


    def piece(self, piece: str, orientation: str) -> PieceView:
        """One piece alone (for the tray), framed round its units."""
        placed = Placed(0, piece, ORIENTATIONS.index(orientation))
        points = [_unit_xy(0.0, 0.0, unit) for unit in placed.units]
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        return {"viewBox": [round(min(xs) - 0.5, 4), round(min(ys) - 0.5, 4),
                            round(max(xs) - min(xs) + 1.0, 4), round(max(ys) - min(ys) + 1.0, 4)],
                "shapes": self.piece_shapes(placed, 0.0, 0.0, layer=0, role="tray",
                                            ball=TRAY_BALL, mark=TRAY_MARK)}


    def hold(self, piece: str, orientation: str,
             location: str) -> tuple[Placed, list[Shape]]:
        """The piece held by its origin (unit 1) over the peg `location`, and its ghost. An
        IQ-Link placement can always be written, off the board or not: playing it says why
        it does not fit."""
        placed = Placed(PEGS.index(location), piece, ORIENTATIONS.index(orientation))
        return placed, self.piece_shapes(placed, *peg_xy(placed.peg), layer=10, role="ghost")


    def piece_shapes(self, placed: Placed, x: float, y: float, layer: int, role: str,
                     ball: float = BALL_RADIUS, mark: float = MARK) -> list[Shape]:
        """Balls as filled circles, rings as rings with gaps where they open, and the bars
        of the piece: from a ball's centre, from a ring's rim; all with a dark edge, as
        moulded plastic. A ball of another piece sits inside a ring (the ring is wider than
        a ball) with its bar through the ring's gap.
        Layers: bars, then rings, then balls, so a ball in a ring shows whole. `ball` and
        `mark`: the balls' radius and their symbols' size (bigger in the tray)."""
        colour = COLOURS[placed.piece]
        piece = placed.piece
        units = placed.units
        shapes = []
        for a, b in ((units[0], units[1]), (units[1], units[2])):
            ends = []
            for unit, other in ((a, b), (b, a)):
                cx, cy = _unit_xy(x, y, unit)
                reach = 0.0 if unit.ball else RING_RADIUS
                ends.append(_toward(cx, cy, _direction(unit, other), reach))
            shapes.append(primitives.bar(*ends[0], *ends[1], BAR_WIDTH + 2 * EDGE, DARK,
                                         layer=layer, role=role, piece=piece, cap="butt"))
            shapes.append(primitives.bar(*ends[0], *ends[1], BAR_WIDTH, colour, layer=layer,
                                         role=role, piece=piece, cap="butt"))
            if not any(unit.ball for unit in units):
                # a piece of rings only: its symbol on a bead halfway along each bar
                mx, my = _round_xy(((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2))
                bead = round(ball * 0.55, 4)  # it fits between the rings' rims
                shapes.append(primitives.circle(mx, my, bead, colour, stroke=DARK,
                                                stroke_width=EDGE, layer=layer, role=role,
                                                piece=piece))
                shapes.append(primitives.mark(mx, my, round(bead * 0.75, 4), SYMBOL[piece],
                                              primitives.ink_on(colour), layer=layer,
                                              role=role, piece=piece))
        for unit in units:
            cx, cy = _round_xy(_unit_xy(x, y, unit))
            if unit.ball:
                # shine: drawn with a highlight, a ball rather than a flat disc
                shapes.append(primitives.circle(cx, cy, ball, colour, stroke=DARK,
                                                stroke_width=EDGE, layer=layer + 2, role=role,
                                                piece=piece, unit=unit.number, shine=True))
                shapes.append(primitives.mark(cx, cy, mark, SYMBOL[piece],
                                              primitives.ink_on(colour), layer=layer + 2,
                                              role=role, piece=piece))
            else:
                shapes.append(primitives.ring(cx, cy, RING_RADIUS, RING_WIDTH, colour,
                                              openings=[60 * d for d in sorted(unit.dirs)],
                                              gap=GAP_DEGREES, layer=layer + 1, role=role,
                                              piece=piece, unit=unit.number, stroke=DARK,
                                              strokeWidth=EDGE))
        return shapes

    # --- the text drawing -----------------------------------------------------------------------
    def text(self, position: Position[Placed]) -> str:
        """The board row by row, odd rows indented: each peg as two characters, the piece of
        its ring (upper case) and of its ball (lower case), '.' for none."""
        ring = ["."] * PEG_COUNT
        ball = ["."] * PEG_COUNT
        for placed in _pieces(position.placed):
            for unit, peg in zip(placed.units, placed.pegs(), strict=True):
                if peg is None:
                    continue
                if unit.ball:
                    ball[peg] = placed.piece.lower()
                else:
                    ring[peg] = placed.piece
        lines = []
        for row in range(ROWS):
            cells = [PEGS[i] + ":" + ring[i] + ball[i]
                     for i in range(row * COLUMNS, (row + 1) * COLUMNS)]
            lines.append(("   " if row % 2 else "") + "  ".join(cells))
        return "\n".join(lines)

    def key(self, position: Position[Placed]) -> str:
        return tr("Key: each peg is its letter, a colon, then the piece whose ring is on it "
                  "(A-L) and the piece whose ball is on it (a-l); . none. A peg takes one ball "
                  "and one ring, and a ball sits in a ring only where its bar passes an opening "
                  "of the ring.")
