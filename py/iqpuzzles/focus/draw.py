"""IQ-Focus drawn: the board, its centre colours, the pieces square by square, as the
drawing primitives of core/draw.py; the piece held by its grip; the board as text."""

from __future__ import annotations

from collections.abc import Callable

from ..core import draw, geometry
from ..core.i18n import pmark, ptr, tr
from ..core.position import Position
from ..core.types import Frame, PieceView, Shape
from .vocabulary import (
    ANY,
    CENTRE,
    FORMS,
    HEIGHT,
    LOCATIONS,
    MISSING,
    PIECES,
    VOCABULARY,
    WIDTH,
    Placed,
    colours_by_count,
    colours_of,
    location_code,
    wanted,
)

# how the pieces look: each square its own colour, a darker edge for outlines
PAINT = {"W": "#f4f1ea", "R": "#d8363a", "B": "#2d68d0", "G": "#2f9e4f"}
PAINT_DARK = {"W": "#b9b2a3", "R": "#8f1c1f", "B": "#1a3f86", "G": "#1b6332"}
PAINT_PALE = {"W": "#e9e6df", "R": "#f0b7b3", "B": "#b4c8ee", "G": "#b3dcbf"}
# each colour's symbol (core/draw.py SYMBOLS), on the pieces' squares and the targets;
# white needs none (no other colour is as light)
SYMBOL = {"R": "triangle", "B": "diamond", "G": "plus"}
OUTLINE = "#11161d"
BOARD_FILL = "#3a4150"
HOLE_FILL = "#2a303c"
LABEL_FILL = "#6b7a90"
XY_OF = {location_code(i): xy for i, xy in enumerate(LOCATIONS)}
CODE_OF = {xy: code for code, xy in XY_OF.items()}
Point = tuple[float, float]


# a square as a screen reader says it: the colour it shows, or the colour its target wants
SQUARE_SAID = {"W": pmark("spot", "white square"), "R": pmark("spot", "red square"),
               "B": pmark("spot", "blue square"), "G": pmark("spot", "green square")}
TARGET_SAID = {"W": pmark("spot", "target, white"), "R": pmark("spot", "target, red"),
               "B": pmark("spot", "target, blue"), "G": pmark("spot", "target, green"),
               ANY: pmark("spot", "target, any colour")}

class FocusDrawing(draw.Drawing[Placed]):
    paint = {p: PAINT[colours_by_count(p)[0]] for p in PIECES}

    def frame(self) -> Frame:
        """The board's view box and its 43 locations (VOCABULARY), each on its square."""
        locations = [draw.location(code, x + 0.5, y + 0.5, row=VOCABULARY.row_name(i))
                     for i, (code, (x, y)) in enumerate(zip(VOCABULARY.locations, LOCATIONS,
                                                            strict=True))]
        return Frame(viewBox=[-0.6, -0.6, WIDTH + 0.9, HEIGHT + 0.9], locations=locations)

    def board(self, position: Position[Placed]) -> list[Shape]:
        """The board: its 43 squares (04 and 84 not drawn), the challenge's colours in the
        centre until a piece covers them, and the pieces square by square, each square its
        own colour, each piece outlined."""
        placed = position.placed
        shapes = [draw.polygon(_grow(_outline(set(LOCATIONS)), 0.18), BOARD_FILL, layer=0,
                               tags=[draw.PLATE, draw.DEEP])]
        shapes += [draw.text(x + 0.5, -0.35, str(x), size=0.28, fill=LABEL_FILL)
                   for x in range(WIDTH)]
        shapes += [draw.text(-0.4, y + 0.6, str(y), size=0.28, fill=LABEL_FILL)
                   for y in range(HEIGHT)]
        shapes += [draw.rect(x + 0.06, y + 0.06, 0.88, 0.88, HOLE_FILL, rx=0.08, layer=1,
                             location=f"{x}{y}", tags=[draw.SPOT, draw.DEEP]) for x, y in LOCATIONS]
        shapes.append(draw.rect(3 - 0.03, 1 - 0.03, 3.06, 3.06, "none", rx=0.1,
                                stroke="#c9ced8", stroke_width=0.04, layer=1, role="board",
                                tags=[draw.EDGE, draw.DEEP]))
        covered = colours_of(placed)
        for (x, y), want in zip(CENTRE, wanted(position.setup), strict=True):
            if (x, y) not in covered:
                shapes += self.target(x, y, want)
        for p in placed:
            shapes += self.piece_shapes(p.piece, p.orientation, p.column, p.row, layer=3,
                                        role="piece")
        return shapes

    def piece(self, piece: str, orientation: str) -> PieceView:
        form = FORMS[piece][int(orientation)]
        return PieceView(viewBox=[-0.1, -0.1, form.width + 0.2, form.height + 0.2],
                         shapes=self.piece_shapes(piece, int(orientation), 0, 0, layer=0,
                                                  role="tray"))

    def hold(self, piece: str, orientation: str,
             location: str) -> tuple[Placed | None, list[Shape]]:
        """The piece held by its grip (core.geometry.grip) over `location`: its placement
        (None when its reference point is off the grid, so it cannot be written) and its
        ghost."""
        turn = int(orientation)
        grip_x, grip_y = geometry.grip((dx, dy) for dx, dy, _ in FORMS[piece][turn].squares)
        x, y = XY_OF[location]
        column, row = x - grip_x, y - grip_y
        ghost = self.piece_shapes(piece, turn, column, row, layer=10, role="ghost")
        if not (0 <= column < WIDTH and 0 <= row < HEIGHT):
            return None, ghost
        return Placed(piece, column, row, turn), ghost

    def text(self, position: Position[Placed]) -> str:
        """The board's colours as docs/games/focus.md §11 draws them (`.` an uncovered
        location, blank the two missing corners), then which piece covers each location."""
        colours = colours_of(position.placed)
        header = "   " + "".join(str(x) for x in range(WIDTH))

        def grid(pick: Callable[[tuple[str, str]], str]) -> list[str]:
            lines = [header]
            for y in range(HEIGHT):
                row = "".join(" " if (x, y) in MISSING else
                              pick(colours[x, y]) if (x, y) in colours else "."
                              for x in range(WIDTH))
                lines.append(f"{y}  {row}".rstrip())
            return lines

        return "\n".join(grid(lambda c: c[0]) + [""] + grid(lambda c: c[1]))

    def key(self, position: Position[Placed]) -> str:
        """What text() draws, in words, and the colours the challenge wants in the middle."""
        colours = wanted(position.setup)
        rows = ["  " + " ".join(colours[row * 3:row * 3 + 3]) for row in range(3)]
        return "\n".join([tr("Key: first the colour each square shows (R red, B blue, G "
                             "green, W white; . not covered yet), then the piece on it (a-j)."),
                          tr("The nine squares in the middle must show (? any colour):"),
                          *rows])

    def spot_words(self, location: str) -> str:
        """By the board's labels: columns 0-8 along the top, rows 0-4 down the side."""
        return tr("the square in column %(column)s, row %(row)s", column=location[0],
                  row=location[1])

    def spots(self, position: Position[Placed]) -> dict[str, list[str]]:
        """Each covered square's colour, each open target's, for screen readers."""
        said = {CODE_OF[xy]: [ptr("spot", SQUARE_SAID[colour])]
                for xy, (colour, _) in colours_of(position.placed).items()}
        for xy, want in zip(CENTRE, wanted(position.setup), strict=True):
            if CODE_OF[xy] not in said:
                said[CODE_OF[xy]] = [ptr("spot", TARGET_SAID[want])]
        return said

    # --- squares, targets and pieces drawn (the editor's markers too) ---------------------
    def target(self, x: int, y: int, want: str) -> list[Shape]:
        """A centre square's wanted colour (a `?` for any)."""
        if want == ANY:
            return [draw.text(x + 0.5, y + 0.62, "?", size=0.4, fill="#8b93a3", layer=2,
                              role="target")]
        return [draw.rect(x + 0.1, y + 0.1, 0.8, 0.8, PAINT_PALE[want], rx=0.1,
                          stroke=PAINT[want], stroke_width=0.06, layer=2, role="target",
                          colour=want, location=f"{x}{y}"),
                draw.mark(x + 0.5, y + 0.5, 0.2, SYMBOL.get(want, "dot"), PAINT[want],
                          layer=2, role="target", colour=want)]

    def marks(self, colour: str, x: float, y: float, size: float, layer: int, role: str,
              piece: str | None = None) -> list[Shape]:
        """A square's colour symbol (none for white)."""
        if colour not in SYMBOL:
            return []
        return [draw.mark(x, y, size, SYMBOL[colour], draw.ink_on(PAINT[colour]),
                          layer=layer, role=role, piece=piece)]

    def piece_shapes(self, piece: str, orientation: int, column: float, row: float,
                     layer: int, role: str) -> list[Shape]:
        """Each square in its own colour, then the piece's outline on top."""
        squares = FORMS[piece][orientation].squares
        shapes = [draw.rect(column + dx, row + dy, 1, 1, PAINT[colour],
                            stroke=PAINT_DARK[colour], stroke_width=0.025, layer=layer,
                            role=role, piece=piece, colour=colour)
                  for dx, dy, colour in squares]
        for dx, dy, colour in squares:
            shapes += self.marks(colour, column + dx + 0.5, row + dy + 0.5, 0.2, layer, role,
                                 piece)
        points = _outline({(dx, dy) for dx, dy, _ in squares})
        shapes.append(draw.polygon([(column + x, row + y) for x, y in points], "none",
                                   stroke=OUTLINE, stroke_width=0.1, layer=layer + 1,
                                   role=role, piece=piece))
        return shapes


def _outline(cells: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The corner points, clockwise, of the boundary of a set of unit squares without
    holes (a piece, the board), collinear points dropped."""
    edges: dict[tuple[int, int], tuple[int, int]] = {}
    for x, y in cells:  # each square's sides, clockwise, kept where no neighbour is
        if (x, y - 1) not in cells:
            edges[x, y] = (x + 1, y)
        if (x + 1, y) not in cells:
            edges[x + 1, y] = (x + 1, y + 1)
        if (x, y + 1) not in cells:
            edges[x + 1, y + 1] = (x, y + 1)
        if (x - 1, y) not in cells:
            edges[x, y + 1] = (x, y)
    start = min(edges)
    points = [start]
    point = edges[start]
    while point != start:
        points.append(point)
        point = edges[point]
    corners = []
    for i, (x, y) in enumerate(points):
        px, py = points[i - 1]
        nx, ny = points[(i + 1) % len(points)]
        if (x - px) * (ny - y) - (y - py) * (nx - x) != 0:
            corners.append((x, y))
    return corners


def _grow(points: list[tuple[int, int]], margin: float) -> list[Point]:
    """A clockwise rectilinear outline pushed outwards by `margin`."""
    grown = []
    for i, (x, y) in enumerate(points):
        px, py = points[i - 1]
        nx, ny = points[(i + 1) % len(points)]
        # outward normals of the edge in and the edge out (clockwise, y down: left side)
        ix, iy = _sign(x - px), _sign(y - py)
        ox, oy = _sign(nx - x), _sign(ny - y)
        grown.append((x + margin * (iy + oy), y - margin * (ix + ox)))
    return grown


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)
