"""IQ-Steps drawn: the board with its pegs (blocked ones crossed out), pieces as rings
in two layers, the tray, the piece held by its home ring, and the board as text."""

from __future__ import annotations

from ..core import draw
from ..core.i18n import ptr, tr
from ..core.position import Position
from ..core.types import Frame, PieceView, Shape
from .vocabulary import CODES, COLS, ROWS, VOCABULARY, Placed, blocked, is_peg, occupied

PAINT = {"A": "#f06ba8", "B": "#9bd13b", "C": "#e0403a", "D": "#2fa84f", "E": "#f28b2c",
         "F": "#8e5cc4", "G": "#f2c230", "H": "#5cc3ee"}
PAINT_DARK = {"A": "#a8336c", "B": "#5f8a16", "C": "#9c221d", "D": "#1c6b31", "E": "#a8540d",
              "F": "#5a3388", "G": "#b08409", "H": "#2379a3"}

# each colour's symbol (core/draw.py SYMBOLS), in the hole of the piece's upper rings
SYMBOL = {"A": "heart", "B": "chevron", "C": "triangle", "D": "plus", "E": "square",
          "F": "hexagon", "G": "star", "H": "diamond"}


class StepsDrawing(draw.Drawing[Placed]):
    flip_axis = "left to right"
    paint = PAINT

    def frame(self) -> Frame:
        """The board's view box and its 50 locations (VOCABULARY), pegs and the spots
        between them alike."""
        locations = [draw.location(code, *self.centre(i), row=VOCABULARY.row_name(i))
                     for i, code in enumerate(VOCABULARY.locations)]
        return {"viewBox": [-0.6, -0.6, COLS + 1.2, ROWS + 1.2], "locations": locations}

    def board(self, position: Position[Placed]) -> list[Shape]:
        """The board, its pegs (those an upper ring blocks crossed out) and the pieces."""
        pieces, fixed = position.placed, position.fixed_pieces
        taken, covered = occupied(pieces), blocked(pieces)
        shapes = [draw.rect(-0.3, -0.3, COLS + 0.6, ROWS + 0.6, "#dfe4ea", rx=0.35,
                            stroke="#aab4c0", stroke_width=0.05, layer=0,
                            tags=[draw.PLATE, draw.PALE])]
        for i in range(len(CODES)):
            x, y = self.centre(i)
            # the code in the cell's top-left corner: clear of every ring (an upper ring
            # reaches 0.44 from its centre, its shadow falls to the bottom right). It is
            # notation, not on the real board: the page shows it with "Show notation" only
            shapes.append(draw.text(x - 0.41, y - 0.32, CODES[i], size=0.15, fill="#8a96a6",
                                    layer=1, tags=["notation"]))
            if not is_peg(i):
                if not taken >> i & 1:  # a flat spot; under an upper ring, just board
                    shapes.append(draw.circle(x, y, 0.07, "#c3cbd5", layer=1,
                                              tags=[draw.SPOT, draw.PALE]))
                continue
            if covered >> i & 1 and not taken >> i & 1:
                # a peg an upper ring has covered the side of: no lower ring can go here
                shapes.append(draw.circle(x, y, 0.2, "#b9c0c9", stroke="#7d8794",
                                          stroke_width=0.04, layer=1, role="peg",
                                          tags=["blocked", draw.PEG, draw.PALE]))
                for sign in (1, -1):
                    shapes.append(draw.bar(x - 0.13, y - 0.13 * sign, x + 0.13,
                                           y + 0.13 * sign, 0.05, "#c0392b", layer=2,
                                           role="peg", tags=["blocked"]))
            else:
                shapes.append(draw.circle(x, y, 0.2, "#fbfbfb", stroke="#9aa5b1",
                                          stroke_width=0.04, layer=1, role="peg",
                                          tags=[draw.PEG, draw.PALE]))
        for placed in pieces:
            x, y = self.centre(placed.home)
            shapes += self._piece_shapes(placed, x, y, base=3,
                                         role="fixed" if placed.piece in fixed else "piece")
        return shapes

    def piece(self, piece: str, orientation: str) -> PieceView:
        """One piece alone, its home ring in the middle of its 3x3 square."""
        placed = Placed(piece, orientation, 0)
        return {"viewBox": [0, 0, 3, 3],
                "shapes": self._piece_shapes(placed, 1.5, 1.5, base=0, role="tray")}

    def hold(self, piece: str, orientation: str,
             location: str) -> tuple[Placed | None, list[Shape]]:
        """The piece held by its home ring over `location` (any location can be
        written), and its ghost."""
        placed = Placed(piece, orientation, CODES.index(location))
        x, y = self.centre(placed.home)
        return placed, self._piece_shapes(placed, x, y, base=10, role="ghost")

    def text(self, position: Position[Placed]) -> str:
        """The board as text: a lower ring as its piece's letter in lower case, an upper
        ring in upper case; `o` an empty peg, `x` an empty peg that an upper ring blocks,
        `.` an empty non-peg. The location codes are drawn alongside."""
        pieces = position.placed
        covered = blocked(pieces)
        grid = ["x" if covered >> i & 1 else "o" if is_peg(i) else "."
                for i in range(len(CODES))]
        for placed in pieces:
            for row, col, lower in placed.rings():
                grid[row * COLS + col] = placed.piece.lower() if lower else placed.piece
        lines = []
        for row in range(ROWS):
            cells = " ".join(grid[row * COLS:(row + 1) * COLS])
            codes = " ".join(CODES[row * COLS:(row + 1) * COLS])
            lines.append(f"{cells}    {codes}")
        lines.append(tr("lower ring: a-h, upper ring: A-H, empty peg: o, blocked peg: x"))
        return "\n".join(lines)

    def spots(self, position: Position[Placed]) -> dict[str, list[str]]:
        """The free spots, for screen readers: pegs, open or blocked, and the flat spots
        between them (where upper rings go)."""
        pieces = position.placed
        taken, covered = occupied(pieces), blocked(pieces)
        return {CODES[i]: [ptr("spot", "between pegs") if not is_peg(i) else
                           ptr("spot", "blocked peg") if covered >> i & 1 else ptr("spot", "peg")]
                for i in range(len(CODES)) if not taken >> i & 1}

    def centre(self, index: int) -> tuple[float, float]:
        """The centre (x, y) of a location, in board units."""
        return index % COLS + 0.5, index // COLS + 0.5

    def _piece_shapes(self, placed: Placed, x: float, y: float, base: int,
                      role: str) -> list[Shape]:
        """A piece whose home ring is at (x, y): lower rings low and dark (the peg shows
        in them), upper rings high and bright with a shadow, and fused joints between
        them. Layers: base lower rings, base+1 joints, base+2 shadows, base+3 upper
        rings."""
        piece = placed.piece
        fill, dark = PAINT[piece], PAINT_DARK[piece]
        rings = [(x + dc, y + dr, lower) for dr, dc, lower in placed.form]
        shapes = []
        for cx, cy, lower in rings:
            if lower:
                shapes.append(draw.ring(cx, cy, 0.3, 0.15, dark, layer=base, role=role,
                                        piece=piece, tags=["lower"]))
        for cx, cy, lower in rings:
            if lower:
                continue
            for ox, oy, other_lower in rings:
                if other_lower and abs(ox - cx) + abs(oy - cy) == 1:
                    shapes.append(draw.bar(cx + (ox - cx) * 0.36, cy + (oy - cy) * 0.36,
                                           cx + (ox - cx) * 0.72, cy + (oy - cy) * 0.72, 0.2,
                                           fill, layer=base + 1, role=role, piece=piece))
            # its shadow on the board, seen through its hole too (no peg there: a lower
            # ring's hole shows its white peg instead)
            shapes.append(draw.circle(cx + 0.05, cy + 0.07, 0.44, "rgba(0,0,0,0.2)",
                                      layer=base + 2, role=role, piece=piece))
            shapes.append(draw.ring(cx, cy, 0.34, 0.2, fill, layer=base + 3, role=role,
                                    piece=piece, tags=["upper"], stroke=dark))
            shapes.append(draw.mark(cx, cy, 0.13, SYMBOL[piece], dark, layer=base + 3,
                                    role=role, piece=piece))
        return shapes
