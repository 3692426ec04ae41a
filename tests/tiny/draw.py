"""The tiny game drawn: squares on a grey board; a piece held by its grip."""

from __future__ import annotations

from iqpuzzles.core import draw, geometry
from iqpuzzles.core.position import Position
from iqpuzzles.core.types import Frame, PieceView, Shape

from .vocabulary import COLUMNS, FORMS, HEIGHT, ROWS, VOCABULARY, WIDTH, Placed

PAINT = {"a": "#e0403a", "b": "#2f6fd6", "c": "#2fa84f", "d": "#f2c230"}


def squares(piece: str, orientation: int, column: float, row: float, layer: int,
            role: str) -> list[Shape]:
    return [draw.rect(column + x + 0.05, row + y + 0.05, 0.9, 0.9, PAINT[piece], layer=layer,
                      role=role, piece=piece) for x, y in FORMS[piece][orientation]]


class TinyDrawing(draw.Drawing[Placed]):
    paint = PAINT

    def frame(self) -> Frame:
        return {"viewBox": [-0.5, -0.5, WIDTH + 1, HEIGHT + 1],
                "locations": [draw.location(code, i % WIDTH + 0.5, i // WIDTH + 0.5,
                                            row=VOCABULARY.rows[i])
                              for i, code in enumerate(VOCABULARY.locations)]}

    def board(self, position: Position[Placed]) -> list[Shape]:
        shapes = [draw.rect(-0.2, -0.2, WIDTH + 0.4, HEIGHT + 0.4, "#c9ced8", layer=0)]
        for p in position.placed:
            role = "fixed" if p.piece in position.fixed_pieces else "piece"
            shapes += squares(p.piece, p.orientation, p.column, p.row, 3, role)
        return shapes

    def piece(self, piece: str, orientation: str) -> PieceView:
        cells = FORMS[piece][int(orientation)]
        return {"viewBox": [0, 0, max(x for x, _ in cells) + 1, max(y for _, y in cells) + 1],
                "shapes": squares(piece, int(orientation), 0, 0, 0, "tray")}

    def hold(self, piece: str, orientation: str,
             location: str) -> tuple[Placed | None, list[Shape]]:
        turn = int(orientation)
        grip_x, grip_y = geometry.grip(FORMS[piece][turn])
        index = VOCABULARY.index(location)
        column, row = index % WIDTH - grip_x, index // WIDTH - grip_y
        ghost = squares(piece, turn, column, row, 10, "ghost")
        if not (0 <= column < WIDTH and 0 <= row < HEIGHT):
            return None, ghost  # not even written: its corner is off the board
        return Placed(piece, column, row, turn), ghost

    def text(self, position: Position[Placed]) -> str:
        grid = ["."] * (WIDTH * HEIGHT)
        for p in position.placed:
            for x, y in p.squares():
                grid[y * WIDTH + x] = p.piece
        return "\n".join(["  " + COLUMNS] + [ROWS[y] + " " + "".join(grid[y * WIDTH:
                                                                      (y + 1) * WIDTH])
                                             for y in range(HEIGHT)])
