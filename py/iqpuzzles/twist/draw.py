"""IQ-Twist drawn: a navy board of sockets, coloured pegs, loops with holes."""

from __future__ import annotations

from ..core import draw, geometry
from ..core.i18n import pmark, ptr, tr
from ..core.position import Position
from ..core.types import Frame, PieceView, Shape
from .vocabulary import (
    CELLS,
    COLUMNS,
    HEIGHT,
    PEG_COLOUR,
    PIECE_COLOUR,
    PIECES,
    ROWS,
    VOCABULARY,
    WIDTH,
    Placed,
    location_index,
    pegs_of,
)

PAINT = {"red": "#e0403a", "blue": "#2f6fd6", "green": "#2fa84f", "yellow": "#f2c230"}
PAINT_DARK = {"red": "#9c221d", "blue": "#1b4594", "green": "#1c6b31", "yellow": "#b08409"}
# each colour's symbol (core/draw.py SYMBOLS), on its pegs and its pieces alike
SYMBOL = {"red": "triangle", "blue": "diamond", "green": "plus", "yellow": "star"}


# a peg as a screen reader says it, each colour a whole message (its adjective agrees)
PEG_SAID = {"i": pmark("spot", "red peg"), "j": pmark("spot", "blue peg"),
            "k": pmark("spot", "green peg"), "l": pmark("spot", "yellow peg")}

class TwistDrawing(draw.Drawing[Placed]):
    paint = {p: PAINT[PIECE_COLOUR[p]] for p in PIECES}

    def frame(self) -> Frame:
        """The board's view box and its locations (VOCABULARY), each in its socket."""
        return {"viewBox": [-0.65, -0.7, WIDTH + 0.95, HEIGHT + 1.0],
                "locations": [draw.location(code, i % WIDTH + 0.5, i // WIDTH + 0.5,
                                            row=VOCABULARY.row_name(i))
                              for i, code in enumerate(VOCABULARY.locations)]}

    def board(self, position: Position[Placed]) -> list[Shape]:
        pegs = pegs_of(position.setup)
        shapes = [draw.rect(-0.25, -0.25, WIDTH + 0.5, HEIGHT + 0.5, "#2c3e57", rx=0.3,
                            layer=0, tags=[draw.PLATE, draw.DEEP])]
        for i in range(CELLS):
            shapes.append(draw.circle(i % WIDTH + 0.5, i // WIDTH + 0.5, 0.16, "#1d2a3c",
                                      layer=1, tags=[draw.SPOT, draw.DEEP]))
        for c in range(WIDTH):
            shapes.append(draw.text(c + 0.5, -0.42, COLUMNS[c], size=0.28, fill="#6b7a90"))
        for r in range(HEIGHT):
            shapes.append(draw.text(-0.45, r + 0.6, ROWS[r], size=0.28, fill="#6b7a90"))
        for peg in pegs:
            shapes += self.peg_shapes(peg.peg, peg.column + 0.5, peg.row + 0.5)
        covered = 0
        for placed in position.placed:
            role = "fixed" if placed.piece in position.fixed_pieces else "piece"
            shapes += self.piece_shapes(placed, placed.column, placed.row, layer=3, role=role)
            covered |= placed.cells
        for peg in pegs:  # pegs show through their holes
            if covered >> peg.index & 1:
                shapes += self.peg_shapes(peg.peg, peg.column + 0.5, peg.row + 0.5, r=0.13,
                                          layer=5)
        return shapes

    def piece(self, piece: str, orientation: str) -> PieceView:
        placed = Placed(piece, 0, 0, int(orientation))
        form = placed.form
        return {"viewBox": [0, 0, form.width, form.height],
                "shapes": self.piece_shapes(placed, 0, 0, layer=0, role="tray")}

    def hold(self, piece: str, orientation: str,
             location: str) -> tuple[Placed | None, list[Shape]]:
        placed = self.held(piece, orientation, location)
        ghost = self.piece_shapes(placed, placed.column, placed.row, layer=10, role="ghost")
        return (placed if placed.fits() else None), ghost

    def text(self, position: Position[Placed]) -> str:
        """The board as docs/games/twist.md §10 draws it: lower case solid, upper case
        hole."""
        grid = ["."] * CELLS
        for peg in pegs_of(position.setup):
            grid[peg.index] = peg.peg
        for placed in position.placed:
            for index, hole in placed.loops():
                grid[index] = placed.piece.upper() if hole else placed.piece
        lines = ["    " + " ".join(COLUMNS)]
        for row in range(HEIGHT):
            lines.append(f"  {ROWS[row]} " + " ".join(grid[row * WIDTH:(row + 1) * WIDTH]))
        return "\n".join(lines)

    def key(self, position: Position[Placed]) -> str:
        """What text() draws, in words."""
        return tr("Key: a-h the pieces, in lower case where a loop is solid and in upper case "
                  "where it has a hole; i-l the pegs no piece covers yet (i red, j blue, "
                  "k green, l yellow); . an empty place. A peg only goes through a hole of "
                  "its own colour.")

    def spot_words(self, location: str) -> str:
        """By the board's labels: columns 1-8 along the top, rows A-D down the side."""
        return tr("the spot in column %(column)s, row %(row)s", column=location[0],
                  row=location[1])

    def spots(self, position: Position[Placed]) -> dict[str, list[str]]:
        """The pegs, for screen readers ("red peg")."""
        return {COLUMNS[peg.column] + ROWS[peg.row]: [ptr("spot", PEG_SAID[peg.peg])]
                for peg in pegs_of(position.setup)}

    # --- the pieces and pegs drawn (the editor's tools too) -------------------------------
    def peg_shapes(self, peg: str, x: float, y: float, r: float = 0.2, layer: int = 2,
                   role: str = "peg") -> list[Shape]:
        """A peg and its colour's symbol."""
        colour = PEG_COLOUR[peg]
        return [draw.circle(x, y, r, PAINT[colour], stroke=PAINT_DARK[colour],
                            stroke_width=0.05 if r >= 0.2 else 0.04, layer=layer, role=role),
                draw.mark(x, y, r * 0.55, SYMBOL[colour], draw.ink_on(PAINT[colour]),
                          layer=layer, role=role)]

    def piece_shapes(self, placed: Placed, column: float, row: float, layer: int,
                     role: str) -> list[Shape]:
        """Loops as discs with a hole drawn as a dark ring, bars between loops."""
        colour = PIECE_COLOUR[placed.piece]
        fill, dark = PAINT[colour], PAINT_DARK[colour]
        shapes = []
        loops = placed.form.loops
        cells = {(dx, dy) for dx, dy, _ in loops}
        for dx, dy in cells:  # joints between neighbouring loops
            for nx, ny in ((dx + 1, dy), (dx, dy + 1)):
                if (nx, ny) in cells:
                    shapes.append(draw.bar(column + dx + 0.5, row + dy + 0.5,
                                           column + nx + 0.5, row + ny + 0.5, 0.5, fill,
                                           layer=layer, role=role, piece=placed.piece))
        for dx, dy, hole in loops:
            x, y = column + dx + 0.5, row + dy + 0.5
            shapes.append(draw.circle(x, y, 0.42, fill, stroke=dark, stroke_width=0.05,
                                      layer=layer, role=role, piece=placed.piece))
            if hole:
                shapes.append(draw.circle(x, y, 0.22, "#f4efe6", stroke=dark,
                                          stroke_width=0.06, layer=layer + 1, role=role,
                                          piece=placed.piece))
            else:  # the colour's symbol on every solid loop
                shapes.append(draw.mark(x, y, 0.17, SYMBOL[colour], draw.ink_on(fill),
                                        layer=layer + 1, role=role, piece=placed.piece))
        return shapes

    def held(self, piece: str, orientation: str, location: str) -> Placed:
        """The piece held by its grip (core.geometry.grip) over a location (it may hang
        off the board)."""
        o = int(orientation)
        grip_x, grip_y = geometry.grip((dx, dy) for dx, dy, _ in
                                       Placed(piece, 0, 0, o).form.loops)
        target = location_index(location)
        return Placed(piece, target % WIDTH - grip_x, target // WIDTH - grip_y, o)
