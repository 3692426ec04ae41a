"""IQ-Focus: ten multicoloured pieces cover a 9x5 board whose two bottom corners are cut off.

The spec is games/focus/RULES.md. A location is two digits `XY`, column 0-8 then
row 0-4 ("42"); 04 and 84 do not exist, which leaves 43 locations, numbered
0-42 row by row (bit index). A piece placement is 4 characters
`<piece a-j><X><Y><orientation 0-3>`; the reference point XY is the top-left
corner of the oriented piece's bounding box, which may be an empty square.

A challenge is 9 colours (W R B G) that the centre 3x3 (columns 3-5, rows 1-3)
must show, read row by row. The player's placement string holds only pieces, so a
game starts from the empty placement "" (the grammar itself rejects "": the
play functions take it as the empty board).

Extension beyond RULES.md: a challenge character may be `?`, "any colour".
`?????????` is the empty board of the benchmark: its solutions are the 8,624
colour-blind tilings. The booklet uses only W R B G.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from .core import draw
from .core.bits import mask_of
from .core.errors import ChallengeError, IllegalPlacementError, PlacementError
from .core.game import LEVELS, VERDICT_LIMIT, Challenge, Game, Hint, Preview, load_json
from .core.notation import check_frame
from .core.search import ExactCover, SearchStats
from .core.solving import hint_from_solutions

WIDTH, HEIGHT = 9, 5
MISSING = frozenset({(0, 4), (8, 4)})
LOCATIONS: tuple[tuple[int, int], ...] = tuple(
    (x, y) for y in range(HEIGHT) for x in range(WIDTH) if (x, y) not in MISSING)
LOC_INDEX = {xy: i for i, xy in enumerate(LOCATIONS)}
CELLS = len(LOCATIONS)  # 43
FULL_BOARD = (1 << CELLS) - 1
CENTRE: tuple[tuple[int, int], ...] = tuple((3 + k % 3, 1 + k // 3) for k in range(9))
CENTRE_INDEX = tuple(LOC_INDEX[xy] for xy in CENTRE)
PIECES = "abcdefghij"
COLOURS = "WRBG"
ANY = "?"  # challenge wildcard (extension, see the module docstring)
COLOUR_NAME = {"W": "white", "R": "red", "B": "blue", "G": "green"}
EMPTY_BOARD = ANY * 9
# how the pieces look: each square its own colour, a darker edge for outlines
PAINT = {"W": "#f4f1ea", "R": "#d8363a", "B": "#2d68d0", "G": "#2f9e4f"}
PAINT_DARK = {"W": "#b9b2a3", "R": "#8f1c1f", "B": "#1a3f86", "G": "#1b6332"}
PAINT_PALE = {"W": "#e9e6df", "R": "#f0b7b3", "B": "#b4c8ee", "G": "#b3dcbf"}
OUTLINE = "#11161d"
BOARD_FILL = "#3a4150"
HOLE_FILL = "#2a303c"


def location_code(index: int) -> str:
    x, y = LOCATIONS[index]
    return f"{x}{y}"


def location_index(code: str) -> int:
    """The bit index of a location code "XY"; PlacementError if it is not on the board."""
    if not isinstance(code, str) or len(code) != 2 or not code.isdigit():
        raise PlacementError(str(code), "a location is two digits XY, column 0-8 then row 0-4")
    xy = (int(code[0]), int(code[1]))
    if xy not in LOC_INDEX:
        raise PlacementError(code, f"{code} is not on the board", 0)
    return LOC_INDEX[xy]


@dataclass(frozen=True)
class Shape:
    """One orientation of one piece: its squares relative to the reference point."""

    width: int
    height: int
    squares: tuple[tuple[int, int, str], ...]  # (dx, dy, colour)
    canonical: int  # the lowest orientation with the same squares and colours


def _load_shapes() -> dict[str, list[Shape]]:
    data = load_json("focus", "pieces.json")["pieces"]
    shapes = {}
    for piece in PIECES:
        redundant = data[piece]["redundant_orientations"]
        shapes[piece] = [
            Shape(o["width"], o["height"], tuple((dx, dy, c) for dx, dy, c in o["cells"]),
                  int(redundant.get(str(n), n)))
            for n, o in ((n, data[piece]["orientations"][str(n)]) for n in range(4))
        ]
    return shapes


SHAPES = _load_shapes()


@dataclass(frozen=True)
class Placed:
    """A piece on the board: piece letter, reference column and row, orientation."""

    piece: str
    column: int
    row: int
    orientation: int

    def encode(self) -> str:
        return f"{self.piece}{self.column}{self.row}{self.orientation}"

    @property
    def shape(self) -> Shape:
        return SHAPES[self.piece][self.orientation]

    def canonical(self) -> Placed:
        """The same move with f2/f3/g2/g3 written as f0/f1/g0/g1 (RULES.md §5)."""
        lowest = self.shape.canonical
        if lowest == self.orientation:
            return self
        return Placed(self.piece, self.column, self.row, lowest)

    def squares(self) -> Iterator[tuple[int, int, str]]:
        """(column, row, colour) of every square, on the board or not."""
        for dx, dy, colour in self.shape.squares:
            yield self.column + dx, self.row + dy, colour

    def off_board(self) -> str | None:
        """Why a square of the piece is not on a location, or None when it fits."""
        for x, y, _ in self.squares():
            if (x, y) in MISSING:
                return f"{self.encode()} covers {x}{y}, which is not on the board " \
                       "(the two bottom corners are cut off)"
            if x >= WIDTH or y >= HEIGHT:
                return f"{self.encode()} hangs off the board"
        return None

    def fits(self) -> bool:
        return self.off_board() is None

    @property
    def cells(self) -> int:
        """The bitmask of the locations covered (only meaningful when it fits)."""
        return mask_of(LOC_INDEX[x, y] for x, y, _ in self.squares())


@dataclass
class FocusState:
    """A position: the pieces on the board, by letter."""

    pieces: dict[str, Placed] = field(default_factory=dict)

    def encode(self) -> str:
        return "".join(self.pieces[p].encode() for p in sorted(self.pieces))

    def canonical(self) -> str:
        return "".join(self.pieces[p].canonical().encode() for p in sorted(self.pieces))

    def occupied(self) -> int:
        mask = 0
        for placed in self.pieces.values():
            mask |= placed.cells
        return mask

    def colours(self) -> dict[tuple[int, int], tuple[str, str]]:
        """(column, row) -> (colour, piece) of every covered square."""
        return {(x, y): (colour, placed.piece) for placed in self.pieces.values()
                for x, y, colour in placed.squares()}


def parse_piece_placement(text: str, where: str | None = None, offset: int = 0) -> Placed:
    """One 4-character piece placement (RULES.md §6), e.g. `c113`."""
    where = text if where is None else where
    if len(text) != 4:
        raise PlacementError(where, f"{text!r} is not 4 characters: a piece placement is "
                             "<piece a-j><column 0-8><row 0-4><orientation 0-3>", offset)
    piece, column, row, orientation = text
    if piece not in PIECES:
        raise PlacementError(where, f"{piece!r} is not a piece (a-j)", offset)
    if column not in "012345678":
        raise PlacementError(where, f"column {column!r} is not 0-8", offset + 1)
    if row not in "01234":
        raise PlacementError(where, f"row {row!r} is not 0-4", offset + 2)
    if orientation not in "0123":
        raise PlacementError(where, f"orientation {orientation!r} is not 0-3", offset + 3)
    return Placed(piece, int(column), int(row), int(orientation))


def parse(text: str, require_order: bool = False) -> FocusState:
    """Parse a placement string (RULES.md §6); PlacementError says what and where.

    Pieces may come in any order (RULES.md recommends accepting that);
    `require_order=True` is the strict variant that wants them a to j.
    """
    check_frame(text, 4, len(PIECES))
    state = FocusState()
    previous = ""
    for start in range(0, len(text), 4):
        placed = parse_piece_placement(text[start:start + 4], text, start)
        if placed.piece in state.pieces:
            raise PlacementError(text, f"piece {placed.piece!r} appears twice", start)
        if require_order and placed.piece < previous:
            raise PlacementError(text, f"{placed.piece!r} comes after {previous!r}: pieces "
                                 "go in alphabetical order", start)
        previous = placed.piece
        state.pieces[placed.piece] = placed
    return state


def is_piece_placement_well_formed(text: str) -> bool:
    try:
        parse_piece_placement(text)
    except PlacementError:
        return False
    return isinstance(text, str)


def is_well_formed(text: str, require_order: bool = False) -> bool:
    try:
        parse(text, require_order)
    except PlacementError:
        return False
    return True


def _rule_breaks(state: FocusState) -> str | None:
    """The first placement rule the state breaks (RULES.md §7 rules 1-2), or None."""
    owner: dict[tuple[int, int], Placed] = {}
    for piece in sorted(state.pieces):
        placed = state.pieces[piece]
        why = placed.off_board()
        if why:
            return why
        for x, y, _ in placed.squares():
            if (x, y) in owner:
                return f"{placed.encode()} overlaps {owner[x, y].encode()} at {x}{y}"
            owner[x, y] = placed
    return None


def parse_challenge(text: str) -> str:
    """A challenge string checked: 9 of W R B G (or the `?` wildcard); ChallengeError if not."""
    if not isinstance(text, str):
        raise ChallengeError(f"a challenge must be text, not {type(text).__name__}")
    if len(text) != 9:
        raise ChallengeError(f"an IQ-Focus challenge is 9 colours (W R B G), the centre 3x3 "
                             f"row by row; {text!r} has {len(text)} characters")
    for k, colour in enumerate(text):
        if colour not in COLOURS and colour != ANY:
            hint = " (colours are upper case)" if colour.upper() in COLOURS else ""
            raise ChallengeError(f"character {k + 1} of the challenge {text!r} is {colour!r}, "
                                 f"not one of W R B G{hint}")
    return text


def _colour_breaks(state: FocusState, challenge: str, only: str | None = None) -> str | None:
    """The first centre square whose colour the challenge does not want, or None."""
    for piece in sorted(state.pieces):
        if only is not None and piece != only:
            continue
        placed = state.pieces[piece]
        for x, y, colour in placed.squares():
            if (x, y) not in CENTRE:
                continue
            wanted = challenge[CENTRE.index((x, y))]
            if wanted not in (ANY, colour):
                return (f"{placed.encode()} puts {COLOUR_NAME[colour]} on {x}{y}, "
                        f"the challenge wants {COLOUR_NAME[wanted]}")
    return None


def viable_piece_placements(placement: str, challenge: str, column: int,
                            row: int) -> set[str] | None:
    """The course's getViablePiecePlacements (RULES.md §8), with its exact semantics.

    Every `PXYO` (orientations 0-3, the f/g duplicates included) of a piece not in
    `placement` that lies on the board, covers (column, row), covers no square of
    `placement` and agrees with the challenge; None (not an empty set) when none.
    The placement is not validated: its squares are just marked (overlaps included).
    """
    taken: set[tuple[int, int]] = set()
    used = set()
    for start in range(0, len(placement or ""), 4):
        placed = parse_piece_placement(placement[start:start + 4])
        used.add(placed.piece)
        taken.update((x, y) for x, y, _ in placed.squares())
    parse_challenge(challenge)
    found = set()
    for piece in PIECES:
        if piece in used:
            continue
        for orientation in range(4):
            shape = SHAPES[piece][orientation]
            for dx, dy, _ in shape.squares:
                placed = Placed(piece, column - dx, row - dy, orientation)
                if placed.column < 0 or placed.row < 0 or placed.column >= WIDTH or \
                        placed.row >= HEIGHT or not placed.fits():
                    continue
                if any((x, y) in taken for x, y, _ in placed.squares()):
                    continue
                if _colour_breaks(FocusState({piece: placed}), challenge):
                    continue
                found.add(placed.encode())
    return found or None


class _Tables:
    """Every placement that fits, as exact-cover rows: columns 0-42 are the
    locations, 43-52 the pieces. Only canonical orientations are rows (f2, f3, g2
    and g3 are the same moves as f0, f1, g0, g1), so every solution found is
    canonical and counted once. killed[k, colour] is the bitset of the rows that
    put another colour on centre square k.

    The search is asked to cover the 43 location columns only: the piece columns
    still keep a piece from being placed twice (they are in every row's conflicts),
    and as the ten sizes add up to 43, covering every location uses every piece.
    Not branching on piece columns is about 15% faster (fewer columns to scan).
    """

    def __init__(self):
        self.placed: list[Placed] = []
        rows = []
        for p, piece in enumerate(PIECES):
            for orientation in range(4):
                if SHAPES[piece][orientation].canonical != orientation:
                    continue
                for y in range(HEIGHT):
                    for x in range(WIDTH):
                        placed = Placed(piece, x, y, orientation)
                        if placed.fits():
                            self.placed.append(placed)
                            rows.append(placed.cells | 1 << (CELLS + p))
        self.index = {placed: i for i, placed in enumerate(self.placed)}
        self.cover = ExactCover(rows, primary=(1 << (CELLS + len(PIECES))) - 1)
        self.killed = {(k, colour): 0 for k in range(9) for colour in COLOURS}
        for i, placed in enumerate(self.placed):
            for x, y, colour in placed.squares():
                if (x, y) in CENTRE:
                    k = CENTRE.index((x, y))
                    for other in COLOURS:
                        if other != colour:
                            self.killed[k, other] |= 1 << i
        self._alive_cache: dict[str, int] = {}

    def alive(self, challenge: str) -> int:
        """The rows that agree with the challenge's colours."""
        alive = self._alive_cache.get(challenge)
        if alive is None:
            alive = self.cover.all_rows
            for k, colour in enumerate(challenge):
                if colour != ANY:
                    alive &= ~self.killed[k, colour]
            if len(self._alive_cache) < 4096:
                self._alive_cache[challenge] = alive
        return alive

    def row_of(self, placed: Placed) -> int:
        return self.index[placed.canonical()]


class Focus(Game):
    name = "focus"
    title = "IQ-Focus"
    max_pieces = len(PIECES)

    # --- notation ------------------------------------------------------------
    def parse(self, text: str) -> FocusState:
        return parse(text)

    def is_well_formed(self, text: str, require_order: bool = False) -> bool:
        return is_well_formed(text, require_order)

    def rule_breaks(self, state: FocusState) -> str | None:
        return _rule_breaks(state)

    def is_complete(self, text: str) -> bool:
        state = self.validate(text)
        return len(state.pieces) == len(PIECES) and state.occupied() == FULL_BOARD

    def is_consistent(self, text: str, challenge: str) -> bool:
        """RULES.md §7: every centre square the placement covers has the wanted colour."""
        return _colour_breaks(self.validate(text), parse_challenge(challenge)) is None

    @cached_property
    def tables(self) -> _Tables:
        return _Tables()

    def canonical(self, text: str) -> str:
        """Pieces a to j, f2/f3/g2/g3 written as f0/f1/g0/g1 (RULES.md §5)."""
        return parse(text).canonical()

    def _state(self, placement: str) -> FocusState:
        """A player's position: "" is the empty board, anything else must be valid."""
        if placement == "":
            return FocusState()
        return self.validate(placement)

    def legal_placements(self, text: str, piece: str | None = None,
                         challenge: str | None = None) -> list[str]:
        """Every canonical piece placement that may be played next: on the board, on
        free squares, a piece not yet placed, and (given a challenge) of the colours
        it wants. `text` may be "" (the empty board)."""
        state = self._state(text)
        if piece is not None and (not isinstance(piece, str) or len(piece) != 1
                                  or piece not in PIECES):
            raise PlacementError(str(piece), "a piece is one of a-j", 0)
        tables = self.tables
        alive = tables.alive(parse_challenge(challenge)) if challenge is not None \
            else tables.cover.all_rows
        alive &= ~tables.cover.rows_using(state.occupied())
        wanted = [piece] if piece else list(PIECES)
        return sorted(placed.encode() for i, placed in enumerate(tables.placed)
                      if alive >> i & 1 and placed.piece in wanted
                      and placed.piece not in state.pieces)

    # --- challenges and solving --------------------------------------------------
    def parse_challenge(self, text: str) -> str:
        return parse_challenge(text)

    def _search(self, challenge: str, start: FocusState, limit: int | None,
                stats: SearchStats | None = None, rng=None) -> Iterator[FocusState]:
        """Every completion of `start` that agrees with the challenge, as states."""
        tables = self.tables
        alive = tables.alive(challenge)
        uncovered = FULL_BOARD  # see _Tables: the piece columns need no branching
        for placed in start.pieces.values():
            row = tables.row_of(placed)
            if not alive >> row & 1:
                return
            alive &= ~tables.cover.conflicts[row]
            uncovered &= ~tables.cover.rows[row]
        for rows in tables.cover.solve(alive, uncovered, limit, stats, rng):
            state = FocusState(dict(start.pieces))
            for row in rows:
                placed = tables.placed[row]
                state.pieces[placed.piece] = placed
            yield state

    def completions(self, challenge: str, placement: str = "",
                    limit: int | None = None) -> Iterator[FocusState]:
        """The solutions that keep the pieces of `placement` where they are."""
        challenge = parse_challenge(challenge)
        yield from self._search(challenge, self._state(placement), limit)

    def solutions(self, challenge: str, limit: int | None = None) -> Iterator[str]:
        """Canonical solutions (pieces a-j, f and g in orientation 0 or 1), each once."""
        challenge = parse_challenge(challenge)
        for state in self._search(challenge, FocusState(), limit):
            yield state.encode()

    def count_solutions(self, challenge: str, limit: int | None = 2) -> int:
        challenge = parse_challenge(challenge)
        if limit is not None and limit <= 0:
            return 0
        tables = self.tables
        return tables.cover.count(tables.alive(challenge), FULL_BOARD, limit)

    def start_placement(self, challenge: str) -> str:
        parse_challenge(challenge)
        return ""  # IQ-Focus starts from the empty board: the challenge is colours only

    def _position(self, challenge: str, placement: str) -> tuple[str, FocusState]:
        """The challenge and the player's position, checked against each other."""
        challenge = parse_challenge(challenge)
        state = self._state(placement)
        broken = _colour_breaks(state, challenge)
        if broken:
            raise IllegalPlacementError(broken)
        return challenge, state

    def play(self, challenge: str, placement: str, item: str) -> str:
        challenge, state = self._position(challenge, placement)
        if not isinstance(item, str) or len(item) != 4:
            raise PlacementError(str(item), "play one piece placement, such as c113")
        placed = parse_piece_placement(item)
        if placed.piece in state.pieces:
            raise IllegalPlacementError(f"piece {placed.piece} is already on the board", item)
        state.pieces[placed.piece] = placed
        broken = _rule_breaks(state) or _colour_breaks(state, challenge, only=placed.piece)
        if broken:
            error = IllegalPlacementError(broken)
            error.item = item
            raise error
        return state.encode()

    def remove(self, challenge: str, placement: str, piece: str) -> str:
        _, state = self._position(challenge, placement)
        if piece not in state.pieces:
            raise ChallengeError(f"piece {piece} is not on the board")
        del state.pieces[piece]
        return state.encode()

    def is_solved(self, challenge: str, placement: str) -> bool:
        try:
            _, state = self._position(challenge, placement)
        except (PlacementError, IllegalPlacementError, ChallengeError):
            return False
        return len(state.pieces) == len(PIECES) and state.occupied() == FULL_BOARD

    def hint(self, challenge: str, placement: str) -> Hint:
        challenge, state = self._position(challenge, placement)

        def keys(s: FocusState) -> dict[str, str]:
            return {p: pl.canonical().encode() for p, pl in s.pieces.items()}

        return hint_from_solutions(
            title=self.title,
            placed=keys(state),
            names={p: pl.encode() for p, pl in state.pieces.items()},
            completion=lambda: next(iter(self._search(challenge, state, 1)), None),
            solutions=lambda limit: list(self._search(challenge, FocusState(), limit)),
            pieces_of=keys,
            item_of=lambda s, p: s.pieces[p].canonical().encode(),
            options=lambda p: len(self.legal_placements(state.encode(), p, challenge)),
        )

    def empty_board(self) -> str:
        """The challenge whose solutions are every colour-blind tiling (8,624)."""
        return EMPTY_BOARD

    def exact_cover(self, challenge: str) -> tuple[list[list[str]], list[str], list[str]]:
        """The challenge as a plain exact-cover problem (for the benchmark baselines):
        options are the rows that agree with the colours, items locations and pieces."""
        tables = self.tables
        alive = tables.alive(parse_challenge(challenge))
        names = [location_code(i) for i in range(CELLS)] + list(PIECES)
        options = [[names[c] for c in range(len(names)) if tables.cover.rows[r] >> c & 1]
                   for r in range(len(tables.placed)) if alive >> r & 1]
        return options, names, []

    def difficulty(self, challenge: str) -> SearchStats:
        """The solver's work to solve a challenge and prove it unique."""
        stats = SearchStats()
        for _ in self._search(parse_challenge(challenge), FocusState(), 2, stats):
            pass
        return stats

    # --- hooks of the generic generator (iqpuzzles.generate) ----------------------
    # An IQ-Focus challenge is always all nine centre colours: the one "clue" is the
    # colouring of a random tiling, kept when that colouring has a single solution.
    def random_solution(self, rng) -> FocusState:
        """A random complete game (a random colour-blind tiling)."""
        return next(self._search(EMPTY_BOARD, FocusState(), 1, rng=rng))

    def clue_pool(self, solution: FocusState, rng) -> list[str]:
        colours = solution.colours()
        return ["".join(colours[xy][0] for xy in CENTRE)]

    def challenge_of(self, clues: list[str]) -> str:
        return clues[0] if clues else EMPTY_BOARD

    def generate(self, level: str, seed: int | str) -> str:
        from .generate import generate

        return generate(self, level, seed)

    def _load_challenges(self) -> list[Challenge]:
        entries = []
        for entry in load_json("focus", "challenges.json")["challenges"]:
            solutions = tuple(entry.get("all_solutions") or [entry["solution"]])
            note = ""
            if len(solutions) > 1:
                note = (f"This challenge has {len(solutions)} solutions, not one: "
                        "any of them solves it.")
            entries.append(Challenge(str(entry["id"]), entry["level"], entry["challenge"],
                                     solutions, note=note))
        return entries

    # --- drawing ---------------------------------------------------------------
    def show(self, text: str) -> str:
        """The board's colours as RULES.md §11 draws them (`.` an uncovered location,
        blank the two missing corners), then which piece covers each location."""
        state = self._state(text)
        colours = state.colours()
        header = "   " + "".join(str(x) for x in range(WIDTH))

        def grid(pick) -> list[str]:
            lines = [header]
            for y in range(HEIGHT):
                row = "".join(" " if (x, y) in MISSING else
                              pick(colours[x, y]) if (x, y) in colours else "."
                              for x in range(WIDTH))
                lines.append(f"{y}  {row}".rstrip())
            return lines

        return "\n".join(grid(lambda c: c[0]) + [""] + grid(lambda c: c[1]))

    def info(self) -> dict:
        rotate = {str(o): str((o + 1) % 4) for o in range(4)}
        unflipped = {str(o): str(o) for o in range(4)}  # pieces are never flipped
        return {
            "name": self.name,
            "title": self.title,
            "pieces": [{"id": p, "label": f"Piece {p}", "colour": PAINT[_main_colour(p)],
                        "colours": sorted({c for _, _, c in SHAPES[p][0].squares}),
                        "orientations": [str(o) for o in range(4)],
                        "rotate": rotate, "flip": unflipped} for p in PIECES],
            "canRotate": True,
            "canFlip": False,
            "levels": list(LEVELS),
            "colours": {c: {"name": COLOUR_NAME[c], "paint": PAINT[c]} for c in COLOURS},
            "board": self._board_frame(),
            "help": "Cover the whole board with the ten pieces so that the nine squares "
                    "in the middle show the challenge's colours. Pieces can be turned, "
                    "not flipped.",
        }

    def _board_frame(self) -> dict:
        return {"viewBox": [-0.6, -0.6, WIDTH + 0.9, HEIGHT + 0.9],
                "locations": [draw.location(location_code(i), x + 0.5, y + 0.5)
                              for i, (x, y) in enumerate(LOCATIONS)]}

    def view(self, challenge: str, placement: str) -> dict:
        """The board: its 43 squares (04 and 84 not drawn), the challenge's colours in
        the centre until a piece covers them, and the pieces square by square, each
        square its own colour, each piece outlined."""
        challenge, state = self._position(challenge, placement)
        outline = _outline({(x, y) for x, y in LOCATIONS})
        shapes = [draw.polygon(_grow(outline, 0.18), BOARD_FILL, layer=0)]
        for x in range(WIDTH):
            shapes.append(draw.text(x + 0.5, -0.35, str(x), size=0.28, fill="#6b7a90"))
        for y in range(HEIGHT):
            shapes.append(draw.text(-0.4, y + 0.6, str(y), size=0.28, fill="#6b7a90"))
        for x, y in LOCATIONS:
            shapes.append(draw.rect(x + 0.06, y + 0.06, 0.88, 0.88, HOLE_FILL, rx=0.08,
                                    layer=1, location=f"{x}{y}"))
        shapes.append(draw.rect(3 - 0.03, 1 - 0.03, 3.06, 3.06, "none", rx=0.1,
                                stroke="#c9ced8", stroke_width=0.04, layer=1, role="board"))
        covered = state.colours()
        for k, (x, y) in enumerate(CENTRE):
            wanted = challenge[k]
            if (x, y) in covered:
                continue
            if wanted == ANY:
                shapes.append(draw.text(x + 0.5, y + 0.62, "?", size=0.4, fill="#8b93a3",
                                        layer=2, role="target"))
                continue
            shapes.append(draw.rect(x + 0.1, y + 0.1, 0.8, 0.8, PAINT_PALE[wanted], rx=0.1,
                                    stroke=PAINT[wanted], stroke_width=0.06, layer=2,
                                    role="target", colour=wanted, location=f"{x}{y}"))
            shapes.append(draw.circle(x + 0.5, y + 0.5, 0.16, PAINT[wanted], layer=2,
                                      role="target", colour=wanted))
        for placed in state.pieces.values():
            shapes += self._piece_shapes(placed, placed.column, placed.row, layer=3,
                                         role="piece")
        return {"frame": self._board_frame(), "shapes": shapes,
                "placement": state.encode(), "challenge": challenge,
                "solved": len(state.pieces) == len(PIECES)}

    def _piece_shapes(self, placed: Placed, column: float, row: float, layer: int,
                      role: str) -> list[dict]:
        """Each square in its own colour, then the piece's outline on top."""
        piece = placed.piece
        shapes = []
        for dx, dy, colour in placed.shape.squares:
            shapes.append(draw.rect(column + dx, row + dy, 1, 1, PAINT[colour],
                                    stroke=PAINT_DARK[colour], stroke_width=0.025,
                                    layer=layer, role=role, piece=piece, colour=colour))
        points = _outline({(dx, dy) for dx, dy, _ in placed.shape.squares})
        shapes.append(draw.polygon([(column + x, row + y) for x, y in points], "none",
                                   stroke=OUTLINE, stroke_width=0.1, layer=layer + 1,
                                   role=role, piece=piece))
        return shapes

    def piece_view(self, piece: str, orientation: str) -> dict:
        if not isinstance(piece, str) or piece not in PIECES or len(piece) != 1 \
                or orientation not in ("0", "1", "2", "3"):
            raise PlacementError(f"{piece}{orientation}", "no such piece or orientation", 0)
        placed = Placed(piece, 0, 0, int(orientation))
        shape = placed.shape
        return {"viewBox": [-0.1, -0.1, shape.width + 0.2, shape.height + 0.2],
                "shapes": self._piece_shapes(placed, 0, 0, layer=0, role="tray")}

    def preview(self, challenge: str, placement: str, piece: str, orientation: str,
                location: str) -> Preview:
        challenge, state = self._position(challenge, placement)
        if not isinstance(piece, str) or piece not in PIECES or len(piece) != 1 \
                or orientation not in ("0", "1", "2", "3"):
            raise PlacementError(f"{piece}{orientation}", "no such piece or orientation", 0)
        shape = SHAPES[piece][int(orientation)]
        grip_x, grip_y = _grip(shape)
        x, y = LOCATIONS[location_index(location)]
        column, row = x - grip_x, y - grip_y
        placed = Placed(piece, column, row, int(orientation))
        ghost = self._piece_shapes(placed, column, row, layer=10, role="ghost")
        if column < 0 or row < 0 or column >= WIDTH or row >= HEIGHT:
            return Preview(None, False, "the piece hangs off the board", ghost)
        item = placed.encode()
        try:
            self.play(challenge, state.encode(), item)
        except (IllegalPlacementError, PlacementError) as error:
            return Preview(item, False, error.reason, ghost)
        return Preview(item, True, "", ghost)

    # --- the challenge editor (core.game.Game.edit and friends) -----------------------
    # A draft is a challenge with `?` for the centre squares not yet chosen; the tools
    # are the four colours. A colour clicked on a square of the same colour clears it,
    # on another colour replaces it; no tool clears the square. To be played, a
    # challenge needs all nine colours.
    def editor_empty(self) -> str:
        return EMPTY_BOARD

    def editor_info(self) -> dict:
        return {"tools": [{"id": c, "kind": "marker", "label": f"{COLOUR_NAME[c].capitalize()}",
                           "colour": PAINT[c], "orientations": ["0"], "rotate": {"0": "0"},
                           "flip": {"0": "0"}} for c in COLOURS],
                "empty": EMPTY_BOARD, "limit": VERDICT_LIMIT,
                "help": "Paint the nine squares in the middle: the solver counts the ways to "
                        "cover the board so that they show those colours. Click a square "
                        "again to clear it."}

    def editor_draft(self, draft: str) -> str:
        return parse_challenge(draft)

    def _centre_spot(self, location: str) -> int:
        index = location_index(location)
        if LOCATIONS[index] not in CENTRE:
            raise IllegalPlacementError("colours go on the nine squares in the middle "
                                        "(31 to 53)")
        return CENTRE.index(LOCATIONS[index])

    def edit(self, draft: str, tool: str | None, orientation: str | None,
             location: str) -> str:
        draft = parse_challenge(draft)
        k = self._centre_spot(location)
        if tool and tool not in COLOURS:
            raise PlacementError(str(tool), "a tool is a colour: W, R, B or G", 0)
        if not tool and draft[k] == ANY:
            raise ChallengeError(f"there is no colour to clear at {location}")
        colour = ANY if not tool or draft[k] == tool else tool
        return draft[:k] + colour + draft[k + 1:]

    def editor_view(self, draft: str) -> dict:
        return {**self.view(parse_challenge(draft), ""), "draft": draft, "solved": False}

    def editor_preview(self, draft: str, tool: str, orientation: str,
                       location: str) -> Preview:
        if tool not in COLOURS or len(tool) != 1:
            raise PlacementError(str(tool), "a tool is a colour: W, R, B or G", 0)
        x, y = LOCATIONS[location_index(location)]
        ghost = [draw.rect(x + 0.1, y + 0.1, 0.8, 0.8, PAINT[tool], rx=0.1,
                           stroke=PAINT_DARK[tool], stroke_width=0.06, layer=10, role="ghost")]
        try:
            new = self.edit(draft, tool, orientation, location)
        except (IllegalPlacementError, PlacementError, ChallengeError) as error:
            return Preview(None, False, getattr(error, "reason", None) or str(error), ghost)
        return Preview(new, True, "", ghost)

    def tool_view(self, tool: str, orientation: str) -> dict:
        if not isinstance(tool, str) or tool not in COLOURS or len(tool) != 1:
            raise PlacementError(str(tool), "a tool is a colour: W, R, B or G", 0)
        return {"viewBox": [0, 0, 1, 1],
                "shapes": [draw.rect(0.1, 0.1, 0.8, 0.8, PAINT[tool], rx=0.12,
                                     stroke=PAINT_DARK[tool], stroke_width=0.06, role="tray")]}

    def editor_ready(self, draft: str) -> str | None:
        unset = draft.count(ANY)
        if unset:
            if unset == 1:
                return "1 square in the middle still needs a colour"
            return f"{unset} squares in the middle still need a colour"
        return None


def _main_colour(piece: str) -> str:
    counts: dict[str, int] = {}
    for _, _, colour in SHAPES[piece][0].squares:
        counts[colour] = counts.get(colour, 0) + 1
    return max(COLOURS, key=lambda c: counts.get(c, 0))


def _grip(shape: Shape) -> tuple[int, int]:
    """The square nearest the piece's middle: the one the pointer holds."""
    mx = (shape.width - 1) / 2
    my = (shape.height - 1) / 2
    dx, dy, _ = min(shape.squares,
                    key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c[1], c[0]))
    return dx, dy


def _outline(cells: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The corner points, clockwise, of the boundary of a set of unit squares
    without holes (a piece, the board), collinear points dropped."""
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


def _grow(points: list[tuple[int, int]], margin: float) -> list[tuple[float, float]]:
    """A clockwise rectilinear outline pushed outwards by `margin`."""
    grown = []
    n = len(points)
    for i, (x, y) in enumerate(points):
        px, py = points[i - 1]
        nx, ny = points[(i + 1) % n]
        # outward normals of the edge in and the edge out (clockwise, y down: left side)
        ix, iy = _sign(x - px), _sign(y - py)
        ox, oy = _sign(nx - x), _sign(ny - y)
        grown.append((x + margin * (iy + oy), y - margin * (ix + ox)))
    return grown


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


GAME = Focus()
