"""IQ-Twist: eight pieces of loops (some with holes) over coloured pegs on an 8x4 board.

The spec is games/twist/RULES.md. A location is column 1-8 then row A-D ("3C");
bit index = row * 8 + column - 1. Pieces a-h, pegs i-l; an item is 4 characters
`<piece><column><row><orientation>`; a peg's orientation is always 0.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from .core import draw
from .core.bits import mask_of
from .core.errors import ChallengeError, IllegalPlacementError, PlacementError
from .core.game import LEVELS, Challenge, Game, Hint, Preview, load_json
from .core.notation import check_frame
from .core.search import ExactCover, SearchStats
from .core.solving import hint_from_solutions

COLUMNS = "12345678"
ROWS = "ABCD"
WIDTH, HEIGHT = 8, 4
CELLS = WIDTH * HEIGHT
FULL_BOARD = (1 << CELLS) - 1
PIECES = "abcdefgh"
PEGS = "ijkl"
PIECE_COLOUR = dict(zip(PIECES, ["red", "red", "blue", "blue", "green", "green",
                                 "yellow", "yellow"], strict=True))
PEG_COLOUR = {"i": "red", "j": "blue", "k": "green", "l": "yellow"}
PEG_LIMIT = {"i": 1, "j": 2, "k": 2, "l": 2}
MAX_ITEMS = 15  # 8 pieces + 7 pegs
PAINT = {"red": "#e0403a", "blue": "#2f6fd6", "green": "#2fa84f", "yellow": "#f2c230"}
PAINT_DARK = {"red": "#9c221d", "blue": "#1b4594", "green": "#1c6b31", "yellow": "#b08409"}


def location_code(index: int) -> str:
    return COLUMNS[index % WIDTH] + ROWS[index // WIDTH]


def location_index(code: str) -> int:
    return ROWS.index(code[1]) * WIDTH + COLUMNS.index(code[0])


@dataclass(frozen=True)
class Shape:
    """One orientation of one piece: its loops relative to the reference point."""

    width: int
    height: int
    loops: tuple[tuple[int, int, bool], ...]  # (dx, dy, hole)
    weak_min: int  # lowest orientation with the same cells


def _load_shapes() -> dict[str, list[Shape]]:
    data = load_json("twist", "pieces.json")["pieces"]
    return {
        piece: [
            Shape(o["width"], o["height"],
                  tuple((c["dx"], c["dy"], c["hole"]) for c in o["cells"]), o["weak_min"])
            for o in (data[piece]["orientations"][str(n)] for n in range(8))
        ]
        for piece in PIECES
    }


SHAPES = _load_shapes()


@dataclass(frozen=True)
class Placed:
    """A piece on the board: piece letter, reference column/row (0-based), orientation."""

    piece: str
    column: int
    row: int
    orientation: int

    def encode(self) -> str:
        return f"{self.piece}{COLUMNS[self.column]}{ROWS[self.row]}{self.orientation}"

    @property
    def shape(self) -> Shape:
        return SHAPES[self.piece][self.orientation]

    def fits(self) -> bool:
        shape = self.shape
        return self.column + shape.width <= WIDTH and self.row + shape.height <= HEIGHT

    def loops(self) -> Iterator[tuple[int, bool]]:
        """(location index, hole) of every loop; only meaningful when it fits."""
        for dx, dy, hole in self.shape.loops:
            yield (self.row + dy) * WIDTH + self.column + dx, hole

    @property
    def cells(self) -> int:
        return mask_of(index for index, _ in self.loops())


@dataclass(frozen=True)
class Peg:
    peg: str
    column: int
    row: int

    @property
    def index(self) -> int:
        return self.row * WIDTH + self.column

    @property
    def colour(self) -> str:
        return PEG_COLOUR[self.peg]

    def encode(self) -> str:
        return f"{self.peg}{COLUMNS[self.column]}{ROWS[self.row]}0"


@dataclass
class TwistState:
    """A position: the pieces on the board (by letter) and the pegs."""

    pieces: dict[str, Placed] = field(default_factory=dict)
    pegs: list[Peg] = field(default_factory=list)

    def encode(self) -> str:
        items = [self.pieces[p].encode() for p in sorted(self.pieces)]
        items += [peg.encode() for peg in sorted(self.pegs, key=lambda g: (g.peg, g.row, g.column))]
        return "".join(items)

    def occupied(self) -> int:
        mask = 0
        for placed in self.pieces.values():
            mask |= placed.cells
        return mask


def parse(text: str) -> TwistState:
    """Parse a placement string (RULES.md §5.1); PlacementError says what and where."""
    check_frame(text, 4, MAX_ITEMS, "item")
    state = TwistState()
    seen: dict[str, int] = {}
    previous = ""
    for start in range(0, len(text), 4):
        kind, column, row, orientation = text[start:start + 4]
        if kind not in PIECES + PEGS:
            raise PlacementError(text, f"{kind!r} is neither a piece (a-h) nor a peg (i-l)", start)
        if column not in COLUMNS:
            raise PlacementError(text, f"column {column!r} is not 1-8", start + 1)
        if row not in ROWS:
            raise PlacementError(text, f"row {row!r} is not A-D", start + 2)
        if kind in PIECES and orientation not in "01234567":
            raise PlacementError(text, f"orientation {orientation!r} is not 0-7", start + 3)
        if kind in PEGS and orientation != "0":
            raise PlacementError(text, f"a peg's last character must be 0, not {orientation!r}",
                                 start + 3)
        if kind < previous:
            raise PlacementError(text, f"{kind!r} comes after {previous!r}: items go in "
                                 "alphabetical order, pieces a-h then pegs i-l", start)
        previous = kind
        seen[kind] = seen.get(kind, 0) + 1
        limit = PEG_LIMIT.get(kind, 1)
        if seen[kind] > limit:
            what = "piece" if kind in PIECES else "peg"
            raise PlacementError(text, f"{what} {kind!r} appears more than "
                                 f"{'once' if limit == 1 else 'twice'}", start)
        col, row_index = COLUMNS.index(column), ROWS.index(row)
        if kind in PIECES:
            state.pieces[kind] = Placed(kind, col, row_index, int(orientation))
        else:
            state.pegs.append(Peg(kind, col, row_index))
    return state


def _rule_breaks(state: TwistState) -> str | None:
    """The first placement rule the state breaks (RULES.md §5.2), or None."""
    peg_at: dict[int, Peg] = {}
    for peg in state.pegs:
        if peg.index in peg_at:
            return f"two pegs on {location_code(peg.index)}"
        peg_at[peg.index] = peg
    owner: dict[int, str] = {}
    for piece in sorted(state.pieces):
        placed = state.pieces[piece]
        item = placed.encode()
        if not placed.fits():
            return f"{item} hangs off the board"
        for index, hole in placed.loops():
            where = location_code(index)
            if index in owner:
                return f"{item} overlaps {state.pieces[owner[index]].encode()} at {where}"
            owner[index] = piece
            peg = peg_at.get(index)
            if peg is None:
                continue
            if not hole:
                return f"{item} puts a solid loop on the {peg.colour} peg at {where}"
            if PIECE_COLOUR[piece] != peg.colour:
                return (f"{item} puts a {PIECE_COLOUR[piece]} hole on the {peg.colour} "
                        f"peg at {where}")
    return None


class _Tables:
    """Every (piece, orientation, location) that fits the board, as exact-cover rows.

    Columns 0-31 are the locations, 32-39 the pieces. All 8 orientations are kept:
    pegs can make one weak twin legal and the other not, so the weak-symmetry
    reduction happens per challenge (keep the lowest legal twin).
    """

    def __init__(self):
        self.placed: list[Placed] = []
        rows = []
        for p, piece in enumerate(PIECES):
            for orientation in range(8):
                for row in range(HEIGHT):
                    for column in range(WIDTH):
                        placed = Placed(piece, column, row, orientation)
                        if placed.fits():
                            self.placed.append(placed)
                            rows.append(placed.cells | 1 << (CELLS + p))
        self.index = {placed: i for i, placed in enumerate(self.placed)}
        self.cover = ExactCover(rows, primary=(1 << (CELLS + len(PIECES))) - 1)
        # rows that a peg of a colour on a location rules out
        self.killed = {(colour, location): 0 for colour in PAINT for location in range(CELLS)}
        for i, placed in enumerate(self.placed):
            for index, hole in placed.loops():
                for colour in PAINT:
                    if not (hole and PIECE_COLOUR[placed.piece] == colour):
                        self.killed[colour, index] |= 1 << i
        # weak twins: rows of one piece covering the same cells
        groups: dict[tuple[str, int], int] = {}
        for i, placed in enumerate(self.placed):
            key = (placed.piece, placed.cells)
            groups[key] = groups.get(key, 0) | 1 << i
        self.base_alive = 0
        self.twins_at: list[list[int]] = [[] for _ in range(CELLS)]
        for (_, cells), group in groups.items():
            self.base_alive |= group & -group
            if group & (group - 1):
                for location in range(CELLS):
                    if cells >> location & 1:
                        self.twins_at[location].append(group)

    def alive_with_pegs(self, pegs: list[Peg]) -> tuple[int, int]:
        """(rows legal with these pegs, the same reduced to the lowest legal twin)."""
        legal = self.cover.all_rows
        for peg in pegs:
            legal &= ~self.killed[peg.colour, peg.index]
        reduced = self.base_alive & legal
        for peg in pegs:
            for group in self.twins_at[peg.index]:
                twins = group & legal
                reduced = (reduced & ~group) | (twins & -twins)
        return legal, reduced


class Twist(Game):
    name = "twist"
    title = "IQ-Twist"
    max_pieces = len(PIECES)

    # --- notation ------------------------------------------------------------
    def parse(self, text: str) -> TwistState:
        return parse(text)

    def rule_breaks(self, state: TwistState) -> str | None:
        return _rule_breaks(state)

    def is_complete(self, text: str) -> bool:
        return _complete(self.validate(text))

    @cached_property
    def tables(self) -> _Tables:
        return _Tables()

    def canonical(self, text: str) -> str:
        """Pieces a-h then pegs, each piece as its lowest weak twin legal with the pegs."""
        state = self.validate(text)
        legal, _ = self.tables.alive_with_pegs(state.pegs)
        for piece, placed in list(state.pieces.items()):
            state.pieces[piece] = self._lowest_twin(placed, legal)
        return state.encode()

    def _lowest_twin(self, placed: Placed, legal: int) -> Placed:
        for orientation in range(8):
            twin = Placed(placed.piece, placed.column, placed.row, orientation)
            if twin.fits() and twin.cells == placed.cells and \
                    legal >> self.tables.index[twin] & 1:
                return twin
        return placed

    def legal_placements(self, text: str, piece: str | None = None,
                         challenge: str | None = None) -> list[str]:
        """The course's viable piece placements (§6.1), weak twins reduced."""
        state = self.validate(text)
        if piece is not None and piece not in PIECES:
            raise PlacementError(piece, "a piece is one of a-h", 0)
        tables = self.tables
        _, reduced = tables.alive_with_pegs(state.pegs)
        reduced &= ~tables.cover.rows_using(state.occupied())
        wanted = [piece] if piece else [p for p in PIECES if p not in state.pieces]
        found = []
        for i, placed in enumerate(tables.placed):
            if placed.piece in wanted and placed.piece not in state.pieces and reduced >> i & 1:
                found.append(placed.encode())
        return sorted(found)

    # --- challenges and solving --------------------------------------------------
    def parse_challenge(self, text: str) -> TwistState:
        if text == "":
            return TwistState()  # the empty board: its solutions are all 5,992 games
        try:
            state = self.validate(text)
        except (PlacementError, IllegalPlacementError) as error:
            raise ChallengeError(f"not a usable IQ-Twist challenge: {error}") from None
        return state

    def _search(self, start: TwistState, limit: int | None, stats: SearchStats | None = None,
                rng=None) -> Iterator[TwistState]:
        """Every completion of `start` (its pieces kept verbatim), as states."""
        tables = self.tables
        legal, alive = tables.alive_with_pegs(start.pegs)
        # branch on locations only: the loops add up to the 32 locations, so covering
        # them all uses every piece once (the piece columns still rule out reuse)
        uncovered = FULL_BOARD
        for placed in start.pieces.values():
            row = tables.index[placed]
            if not legal >> row & 1:
                return
            alive &= ~tables.cover.conflicts[row]
            uncovered &= ~tables.cover.rows[row]
        for rows in tables.cover.solve(alive, uncovered, limit, stats, rng):
            state = TwistState(dict(start.pieces), list(start.pegs))
            for row in rows:
                placed = tables.placed[row]
                state.pieces[placed.piece] = placed
            yield state

    def completions(self, challenge: str, placement: str | None = None,
                    limit: int | None = None) -> Iterator[TwistState]:
        start = self.parse_challenge(placement if placement else challenge)
        yield from self._search(start, limit)

    def solutions(self, challenge: str, limit: int | None = None) -> Iterator[str]:
        """Canonical solutions: the 8 piece placements only, a-h, lowest legal twins.

        The search already uses only the lowest legal twin of every piece it adds,
        so only the pieces the challenge gives verbatim need canonicalising."""
        start = self.parse_challenge(challenge)
        legal, _ = self.tables.alive_with_pegs(start.pegs)
        given = {p: self._lowest_twin(pl, legal).encode() for p, pl in start.pieces.items()}
        for state in self._search(start, limit):
            yield "".join(given.get(p) or state.pieces[p].encode() for p in PIECES)

    def count_solutions(self, challenge: str, limit: int | None = 2) -> int:
        return sum(1 for _ in self._search(self.parse_challenge(challenge), limit))

    def start_placement(self, challenge: str) -> str:
        return self.parse_challenge(challenge).encode()

    def _fixed_pieces(self, challenge: str) -> set[str]:
        return set(self.parse_challenge(challenge).pieces)

    def _position(self, challenge: str, placement: str) -> TwistState:
        """The player's position, checked against the challenge it belongs to."""
        start = self.parse_challenge(challenge)
        state = self.validate(placement) if placement else TwistState()  # "": empty board
        if sorted(state.pegs, key=_peg_key) != sorted(start.pegs, key=_peg_key):
            raise ChallengeError("the pegs of this position are not the challenge's pegs")
        for piece, placed in start.pieces.items():
            if state.pieces.get(piece) != placed:
                raise ChallengeError(f"the challenge's piece {placed.encode()} is missing")
        return state

    def play(self, challenge: str, placement: str, item: str) -> str:
        state = self._position(challenge, placement)
        added = parse(item)
        if added.pegs or len(added.pieces) != 1:
            raise PlacementError(item, "play one piece placement, such as a1A0")
        placed = next(iter(added.pieces.values()))
        if placed.piece in state.pieces:
            raise IllegalPlacementError(f"piece {placed.piece} is already on the board", item)
        state.pieces[placed.piece] = placed
        broken = _rule_breaks(state)
        if broken:
            raise IllegalPlacementError(broken)
        return state.encode()

    def remove(self, challenge: str, placement: str, piece: str) -> str:
        state = self._position(challenge, placement)
        if piece in self._fixed_pieces(challenge):
            raise ChallengeError(f"piece {piece} is part of the challenge and stays")
        if piece not in state.pieces:
            raise ChallengeError(f"piece {piece} is not on the board")
        del state.pieces[piece]
        return state.encode()

    def is_solved(self, challenge: str, placement: str) -> bool:
        try:
            state = self._position(challenge, placement)
        except (PlacementError, IllegalPlacementError, ChallengeError):
            return False
        return _complete(state)

    def hint(self, challenge: str, placement: str) -> Hint:
        state = self._position(challenge, placement)
        fixed = self._fixed_pieces(challenge)
        return hint_from_solutions(
            title=self.title,
            placed={p: pl.cells for p, pl in state.pieces.items() if p not in fixed},
            names={p: pl.encode() for p, pl in state.pieces.items()},
            completion=lambda: next(iter(self._search(state, 1)), None),
            solutions=lambda limit: list(self._search(self.parse_challenge(challenge), limit)),
            pieces_of=lambda s: {p: pl.cells for p, pl in s.pieces.items()},
            item_of=lambda s, p: self._lowest_twin(
                s.pieces[p], self.tables.alive_with_pegs(s.pegs)[0]).encode(),
            options=lambda p: len(self.legal_placements(state.encode(), p)),
        )

    def empty_board(self) -> str:
        return ""

    def exact_cover(self, challenge: str) -> tuple[list[list[str]], list[str], list[str]]:
        """The challenge as a plain exact-cover problem (for the benchmark baselines):
        options are the rows the search would start from, items locations and pieces."""
        start = self.parse_challenge(challenge)
        tables = self.tables
        _, alive = tables.alive_with_pegs(start.pegs)
        uncovered = tables.cover.primary
        for placed in start.pieces.values():
            row = tables.index[placed]
            alive &= ~tables.cover.conflicts[row]
            uncovered &= ~tables.cover.rows[row]
        names = [location_code(i) for i in range(CELLS)] + list(PIECES)
        options = [[names[c] for c in range(len(names)) if tables.cover.rows[r] >> c & 1]
                   for r in range(len(tables.placed)) if alive >> r & 1]
        return options, [names[c] for c in range(len(names)) if uncovered >> c & 1], []

    def difficulty(self, challenge: str) -> SearchStats:
        """The solver's work to solve a challenge and prove it unique."""
        stats = SearchStats()
        for _ in self._search(self.parse_challenge(challenge), 2, stats):
            pass
        return stats

    # --- generation hooks (iqpuzzles.generate) ---------------------------------------
    def generate(self, level: str, seed: int | str) -> str:
        from .generate import generate

        return generate(self, level, seed)

    def random_solution(self, rng) -> TwistState:
        return next(self._search(TwistState(), 1, rng=rng))

    def clue_pool(self, solution: TwistState, rng) -> list[str]:
        """Pegs in the solution's holes, as many of each colour as the game has."""
        pool = []
        for peg, colour in PEG_COLOUR.items():
            holes = [index for piece, placed in sorted(solution.pieces.items())
                     if PIECE_COLOUR[piece] == colour
                     for index, hole in placed.loops() if hole]
            rng.shuffle(holes)
            pool += [Peg(peg, i % WIDTH, i // WIDTH).encode() for i in holes[:PEG_LIMIT[peg]]]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: list[str]) -> str:
        return parse("".join(sorted(clues))).encode()

    def _load_challenges(self) -> list[Challenge]:
        return [Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                          (self.canonical(entry["solution"] + self._pegs_of(entry["challenge"]))
                           [: 4 * len(PIECES)],))
                for entry in load_json("twist", "challenges.json")]

    @staticmethod
    def _pegs_of(text: str) -> str:
        return "".join(peg.encode() for peg in parse(text).pegs)

    # --- drawing ---------------------------------------------------------------
    def show(self, text: str) -> str:
        """The board as RULES.md §10 draws it: lower case solid, upper case hole."""
        state = self.validate(text)
        grid = ["."] * CELLS
        for peg in state.pegs:
            grid[peg.index] = peg.peg
        for piece, placed in state.pieces.items():
            for index, hole in placed.loops():
                grid[index] = piece.upper() if hole else piece
        lines = ["    " + " ".join(COLUMNS)]
        for row in range(HEIGHT):
            lines.append(f"  {ROWS[row]} " + " ".join(grid[row * WIDTH:(row + 1) * WIDTH]))
        return "\n".join(lines)

    def info(self) -> dict:
        rotate = {str(o): str(o // 4 * 4 + (o % 4 + 1) % 4) for o in range(8)}
        flip = {str(o): str((o + 4) % 8) for o in range(8)}
        return {
            "name": self.name,
            "title": self.title,
            "pieces": [{"id": p, "label": f"Piece {p}", "colour": PAINT[PIECE_COLOUR[p]],
                        "orientations": [str(o) for o in range(8)],
                        "rotate": rotate, "flip": flip} for p in PIECES],
            "canRotate": True,
            "canFlip": True,
            "levels": list(LEVELS),
            "board": self._board_frame(),
            "help": "Cover the whole board with the eight pieces. A peg may only go "
                    "through a hole of its own colour.",
        }

    def _board_frame(self) -> dict:
        return {"viewBox": [-0.65, -0.7, WIDTH + 0.95, HEIGHT + 1.0],
                "locations": [draw.location(location_code(i), i % WIDTH + 0.5,
                                            i // WIDTH + 0.5) for i in range(CELLS)]}

    def view(self, challenge: str, placement: str) -> dict:
        state = self._position(challenge, placement)
        fixed = self._fixed_pieces(challenge)
        shapes = [draw.rect(-0.25, -0.25, WIDTH + 0.5, HEIGHT + 0.5, "#2c3e57", rx=0.3,
                            layer=0)]
        for i in range(CELLS):
            x, y = i % WIDTH + 0.5, i // WIDTH + 0.5
            shapes.append(draw.circle(x, y, 0.16, "#1d2a3c", layer=1))
        for c in range(WIDTH):
            shapes.append(draw.text(c + 0.5, -0.42, COLUMNS[c], size=0.28, fill="#6b7a90"))
        for r in range(HEIGHT):
            shapes.append(draw.text(-0.45, r + 0.6, ROWS[r], size=0.28, fill="#6b7a90"))
        for peg in state.pegs:
            x, y = peg.column + 0.5, peg.row + 0.5
            shapes.append(draw.circle(x, y, 0.2, PAINT[peg.colour],
                                      stroke=PAINT_DARK[peg.colour], stroke_width=0.05,
                                      layer=2, role="peg"))
        for piece, placed in state.pieces.items():
            shapes += self._piece_shapes(placed, placed.column, placed.row, layer=3,
                                         role="fixed" if piece in fixed else "piece")
        covered = state.occupied()
        for peg in state.pegs:  # pegs show through their holes
            if covered >> peg.index & 1:
                shapes.append(draw.circle(peg.column + 0.5, peg.row + 0.5, 0.13,
                                          PAINT[peg.colour], stroke=PAINT_DARK[peg.colour],
                                          stroke_width=0.04, layer=5, role="peg"))
        return {"frame": self._board_frame(), "shapes": shapes,
                "placement": state.encode(), "solved": _complete(state)}

    def _piece_shapes(self, placed: Placed, column: float, row: float, layer: int,
                      role: str) -> list[dict]:
        """Loops as rounded squares with a hole drawn as a dark ring, bars between loops."""
        colour = PIECE_COLOUR[placed.piece]
        fill, dark = PAINT[colour], PAINT_DARK[colour]
        shapes = []
        loops = placed.shape.loops
        cells = {(dx, dy) for dx, dy, _ in loops}
        for dx, dy in cells:  # joints between neighbouring loops
            for nx, ny in ((dx + 1, dy), (dx, dy + 1)):
                if (nx, ny) in cells:
                    shapes.append(draw.bar(column + dx + 0.5, row + dy + 0.5, column + nx + 0.5,
                                           row + ny + 0.5, 0.5, fill, layer=layer,
                                           role=role, piece=placed.piece))
        for dx, dy, hole in loops:
            x, y = column + dx + 0.5, row + dy + 0.5
            shapes.append(draw.circle(x, y, 0.42, fill, stroke=dark, stroke_width=0.05,
                                      layer=layer, role=role, piece=placed.piece))
            if hole:
                shapes.append(draw.circle(x, y, 0.22, "#f4efe6", stroke=dark,
                                          stroke_width=0.06, layer=layer + 1, role=role,
                                          piece=placed.piece))
        return shapes

    def piece_view(self, piece: str, orientation: str) -> dict:
        placed = Placed(piece, 0, 0, int(orientation))
        shape = placed.shape
        return {"viewBox": [0, 0, shape.width, shape.height],
                "shapes": self._piece_shapes(placed, 0, 0, layer=0, role="tray")}

    def preview(self, challenge: str, placement: str, piece: str, orientation: str,
                location: str) -> Preview:
        state = self._position(challenge, placement)
        if piece not in PIECES or orientation not in "01234567" or len(orientation) != 1:
            raise PlacementError(f"{piece}{orientation}", "no such piece or orientation", 0)
        shape = SHAPES[piece][int(orientation)]
        grip_x, grip_y = _grip(shape)
        target = location_index(location)
        column = target % WIDTH - grip_x
        row = target // WIDTH - grip_y
        placed = Placed(piece, column, row, int(orientation))
        ghost = self._piece_shapes(placed, column, row, layer=10, role="ghost")
        if column < 0 or row < 0 or not placed.fits():
            return Preview(None, False, "the piece hangs off the board", ghost)
        item = placed.encode()
        try:
            self.play(challenge, state.encode(), item)
        except (IllegalPlacementError, PlacementError) as error:
            return Preview(item, False, str(error), ghost)
        return Preview(item, True, "", ghost)

    # --- the challenge editor (core.game.Game.edit and friends) -----------------------
    # A draft is a challenge: pegs (i x1, j k l x2 each) and at most one piece. A peg
    # tool clicked on its own peg takes it off, on another peg replaces it; a piece
    # tool already on the board moves there; no tool takes off what is on top.
    PEG_LABEL = {"i": "Red peg", "j": "Blue peg", "k": "Green peg", "l": "Yellow peg"}

    def editor_info(self) -> dict:
        info = super().editor_info()
        info["tools"][:0] = [{"id": peg, "kind": "marker", "label": self.PEG_LABEL[peg],
                           "colour": PAINT[colour], "orientations": ["0"],
                           "rotate": {"0": "0"}, "flip": {"0": "0"}, "limit": PEG_LIMIT[peg]}
                          for peg, colour in PEG_COLOUR.items()]
        info["help"] = ("Put pegs (and at most one piece) on the board: the solver counts "
                        "the ways to finish. A peg may sit under a hole of its own colour. "
                        "Click a peg or piece on the board to take it off.")
        return info

    def editor_draft(self, draft: str) -> str:
        state = self.parse_challenge(draft)
        if len(state.pieces) > 1:
            raise ChallengeError(f"an IQ-Twist challenge has at most one piece, this one has "
                                 f"{len(state.pieces)}")
        return state.encode()

    def edit(self, draft: str, tool: str | None, orientation: str | None,
             location: str) -> str:
        state = self.parse_challenge(self.editor_draft(draft))
        index = _location(location)
        peg_here = next((peg for peg in state.pegs if peg.index == index), None)
        if not tool:
            covering = next((p for p, placed in state.pieces.items()
                             if placed.cells >> index & 1), None)
            if covering:
                del state.pieces[covering]
            elif peg_here:
                state.pegs.remove(peg_here)
            else:
                raise ChallengeError(f"there is nothing to take off at {location}")
            return state.encode()
        if tool in PEGS:
            if peg_here:
                state.pegs.remove(peg_here)
                if peg_here.peg == tool:
                    return state.encode()  # the same peg: a toggle
            if sum(peg.peg == tool for peg in state.pegs) >= PEG_LIMIT[tool]:
                count = "one" if PEG_LIMIT[tool] == 1 else "two"
                raise IllegalPlacementError(
                    f"IQ-Twist has only {count} {PEG_COLOUR[tool]} peg{'s' * (count != 'one')}: "
                    "take one off first")
            state.pegs.append(Peg(tool, index % WIDTH, index // WIDTH))
        elif tool in PIECES:
            state.pieces.pop(tool, None)  # already on the board: it moves
            if state.pieces:
                other = next(iter(state.pieces))
                raise IllegalPlacementError(f"a challenge has at most one piece: take piece "
                                            f"{other} off first")
            placed = self._held(tool, orientation, index)
            if placed is None:
                raise IllegalPlacementError("the piece hangs off the board")
            state.pieces[tool] = placed
        else:
            raise PlacementError(str(tool), "a tool is a piece (a-h) or a peg (i-l)", 0)
        broken = _rule_breaks(state)
        if broken:
            raise IllegalPlacementError(broken)
        return state.encode()

    def _held(self, piece: str, orientation: str | None, index: int) -> Placed | None:
        """The piece held by its grip over a location; None if it hangs off the board."""
        if orientation is None or len(str(orientation)) != 1 or str(orientation) not in "01234567":
            raise PlacementError(f"{piece}{orientation}", "no such orientation", 0)
        shape = SHAPES[piece][int(orientation)]
        grip_x, grip_y = _grip(shape)
        column, row = index % WIDTH - grip_x, index // WIDTH - grip_y
        placed = Placed(piece, column, row, int(orientation))
        return placed if column >= 0 and row >= 0 and placed.fits() else None

    def editor_view(self, draft: str) -> dict:
        draft = self.editor_draft(draft)
        view = self.view(draft, self.start_placement(draft))
        for shape in view["shapes"]:
            if shape.get("role") == "fixed":
                shape["role"] = "piece"
        return {**view, "draft": draft, "solved": False}

    def editor_preview(self, draft: str, tool: str, orientation: str,
                       location: str) -> Preview:
        index = _location(location)
        x, y = index % WIDTH, index // WIDTH
        if tool in PEGS:
            ghost = [draw.circle(x + 0.5, y + 0.5, 0.2, PAINT[PEG_COLOUR[tool]],
                                 stroke=PAINT_DARK[PEG_COLOUR[tool]], stroke_width=0.05,
                                 layer=10, role="ghost")]
            item = Peg(tool, x, y).encode()
        elif tool in PIECES:
            held = self._held(tool, orientation, index)  # checks the orientation too
            shape = SHAPES[tool][int(orientation)]
            grip_x, grip_y = _grip(shape)
            placed = Placed(tool, x - grip_x, y - grip_y, int(orientation))
            ghost = self._piece_shapes(placed, placed.column, placed.row, layer=10, role="ghost")
            item = placed.encode() if held else None
        else:
            raise PlacementError(str(tool), "a tool is a piece (a-h) or a peg (i-l)", 0)
        try:
            self.edit(draft, tool, orientation, location)
        except (IllegalPlacementError, PlacementError, ChallengeError) as error:
            return Preview(item, False, getattr(error, "reason", None) or str(error), ghost)
        return Preview(item, True, "", ghost)

    def tool_view(self, tool: str, orientation: str) -> dict:
        if tool in PEGS:
            colour = PEG_COLOUR[tool]
            return {"viewBox": [0, 0, 1, 1],
                    "shapes": [draw.circle(0.5, 0.5, 0.3, PAINT[colour], stroke=PAINT_DARK[colour],
                                           stroke_width=0.07, role="tray")]}
        return self.piece_view(tool, orientation)


def _location(code: str) -> int:
    if not isinstance(code, str) or len(code) != 2 or code[0] not in COLUMNS or \
            code[1] not in ROWS:
        raise PlacementError(str(code), "a location is a column 1-8 then a row A-D, as 3C")
    return location_index(code)


def _complete(state: TwistState) -> bool:
    """All eight pieces down: they then cover the board (the rules forbid overlaps)."""
    return len(state.pieces) == len(PIECES) and state.occupied() == FULL_BOARD


def _grip(shape: Shape) -> tuple[int, int]:
    """The loop nearest the piece's middle: the one the pointer holds."""
    mx = (shape.width - 1) / 2
    my = (shape.height - 1) / 2
    dx, dy, _ = min(shape.loops, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c[1], c[0]))
    return dx, dy


def _peg_key(peg: Peg) -> tuple:
    return (peg.peg, peg.row, peg.column)


GAME = Twist()
