"""IQ-Link: twelve three-unit pieces of balls and rings on 24 pegs of a hexagonal lattice.

The spec is games/link/RULES.md (the COMP1110 2016 "LinkGame" encoding). Pegs A-X,
row by row, rows 1 and 3 half a spacing to the right. A piece placement is three
characters `<peg><piece><orientation>`: the peg under the piece's origin (unit 1),
the piece A-L and the orientation A-L (A-F for piece A).

Every peg holds at most one ball and one ring, and a ball may share a peg with a
ring only when every connection of the ball faces an opening of the ring. With 8
bits per peg (ball, ring, and the six directions: a ball sets its connections, a
ring the directions where it is closed) legality is "the masks are disjoint", so
the solver is the shared exact cover with the 12 pieces as primary columns and
the 192 peg bits as secondary ones.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

from ..core import draw
from ..core.errors import ChallengeError, IllegalPlacementError, PlacementError
from ..core.game import LEVELS, Challenge, Game, Hint, Preview, load_json
from ..core.notation import check_frame
from ..core.search import SearchStats, SlotCover
from ..core.solving import hint_from_solutions

PEGS = "ABCDEFGHIJKLMNOPQRSTUVWX"
PIECES = "ABCDEFGHIJKL"
ORIENTATIONS = "ABCDEFGHIJKL"
ROWS, COLUMNS = 4, 6
PEG_COUNT = ROWS * COLUMNS
DIRECTIONS = ("E", "NE", "NW", "W", "SW", "SE")  # index d: angle d * 60 degrees
AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # (dq, dr) of each direction
BITS_PER_PEG = 8  # bit 0 ball, bit 1 ring, bits 2..7 the directions
BALL, RING = 1, 2
PIECE_BITS = PEG_COUNT * BITS_PER_PEG  # the exact cover's piece columns start here
ALL_PIECES = (1 << len(PIECES)) - 1
ROW_HEIGHT = math.sqrt(3) / 2  # rows are this far apart when pegs are 1.0 apart
FIRST_HALF = 12  # pegs A-L: where the canonical form keeps piece A
MEMO_LIMIT = 1_000_000  # sub-board counts remembered by a count (about 400 MB)


def peg_xy(index: int) -> tuple[float, float]:
    """The centre of a peg in board units (x to the right, y down)."""
    row, col = divmod(index, COLUMNS)
    return col + 0.5 * (row % 2), row * ROW_HEIGHT


def _axial(index: int) -> tuple[int, int]:
    row, col = divmod(index, COLUMNS)
    return col - (row - row % 2) // 2, row


def _peg_at(q: int, r: int) -> int | None:
    if not 0 <= r < ROWS:
        return None
    col = q + (r - r % 2) // 2
    return r * COLUMNS + col if 0 <= col < COLUMNS else None


@dataclass(frozen=True)
class Unit:
    """One unit of a piece in one orientation: offset from the origin, kind, directions.

    `dirs` are a ball's connections or a ring's openings (direction indices)."""

    number: int  # 0, 1 (the origin) or 2
    dq: int
    dr: int
    ball: bool
    dirs: frozenset[int]

    def bits(self) -> int:
        """The unit's 8 bits on its peg (RULES.md §5)."""
        if self.ball:
            return BALL | sum(4 << d for d in self.dirs)
        return RING | sum(4 << d for d in range(6) if d not in self.dirs)

    def slots(self) -> int:
        """The peg slots (BALL, RING) the unit takes in the search. A closed ring takes
        both: no ball can ever join it (every ball has a connection), and counting it
        as a filled ball slot makes the slot bound of the search far tighter."""
        if self.ball:
            return BALL
        return RING | (BALL if not self.dirs else 0)


def _load_units() -> dict[str, list[tuple[Unit, ...]]]:
    data = load_json("link", "pieces.json")["pieces"]
    units = {}
    for piece in PIECES:
        units[piece] = []
        for orientation in ORIENTATIONS:
            found = []
            for u in data[piece]["orientations"][orientation]:
                dirs = u["connections"] if u["kind"] == "ball" else u["openings"]
                found.append(Unit(u["unit"], u["dq"], u["dr"], u["kind"] == "ball",
                                  frozenset(DIRECTIONS.index(d) for d in dirs)))
            units[piece].append(tuple(sorted(found, key=lambda x: x.number)))
    return units


UNITS = _load_units()
COLOURS = {p: v["colour"] for p, v in load_json("link", "pieces.json")["pieces"].items()}


def valid_orientations(piece: str) -> str:
    return ORIENTATIONS[:6] if piece == "A" else ORIENTATIONS


def rotate_orientation(orientation: int) -> int:
    """The orientation 180 degrees round (RULES.md §6); keeps piece A within A-F."""
    return (orientation + 3) % 6 + (6 if orientation >= 6 else 0)


@dataclass(frozen=True)
class Placed:
    """A piece on the board: its origin peg (0-23), letter and orientation (0-11)."""

    peg: int
    piece: str
    orientation: int

    def encode(self) -> str:
        return PEGS[self.peg] + self.piece + ORIENTATIONS[self.orientation]

    @property
    def units(self) -> tuple[Unit, ...]:
        return UNITS[self.piece][self.orientation]

    def pegs(self) -> list[int | None]:
        """The peg of units 0, 1, 2 (None for a unit off the board)."""
        q, r = _axial(self.peg)
        return [_peg_at(q + u.dq, r + u.dr) for u in self.units]

    def fits(self) -> bool:
        return None not in self.pegs()

    @property
    def mask(self) -> int:
        """The 8-bits-per-peg mask; only meaningful when it fits."""
        mask = 0
        for unit, peg in zip(self.units, self.pegs(), strict=True):
            mask |= unit.bits() << (BITS_PER_PEG * peg)
        return mask

    @property
    def search_mask(self) -> int:
        """The mask plus the ball slot of a closed ring (see Unit.slots)."""
        mask = 0
        for unit, peg in zip(self.units, self.pegs(), strict=True):
            mask |= (unit.bits() | unit.slots()) << (BITS_PER_PEG * peg)
        return mask

    def rotated(self) -> Placed:
        """The same piece after the board turns 180 degrees."""
        return Placed(PEG_COUNT - 1 - self.peg, self.piece, rotate_orientation(self.orientation))


@dataclass
class LinkState:
    """A position: the pieces on the board, by letter, in the order they were written."""

    pieces: dict[str, Placed] = field(default_factory=dict)

    def encode(self) -> str:
        return "".join(self.pieces[p].encode() for p in sorted(self.pieces))

    @property
    def mask(self) -> int:
        mask = 0
        for placed in self.pieces.values():
            mask |= placed.mask
        return mask


def parse(text: str) -> LinkState:
    """Parse a placement string (RULES.md §4); PlacementError says what and where."""
    check_frame(text, 3, len(PIECES))
    state = LinkState()
    for start in range(0, len(text), 3):
        peg, piece, orientation = text[start:start + 3]
        if peg not in PEGS:
            raise PlacementError(text, f"peg {peg!r} is not one of A-X (upper case)", start)
        if piece not in PIECES:
            raise PlacementError(text, f"piece {piece!r} is not one of A-L (upper case)",
                                 start + 1)
        if orientation not in valid_orientations(piece):
            allowed = "A-F: its flips are turns" if piece == "A" else "A-L (upper case)"
            raise PlacementError(text, f"orientation {orientation!r} of piece {piece} is not "
                                 f"one of {allowed}", start + 2)
        if piece in state.pieces:
            raise PlacementError(text, f"piece {piece} appears twice", start + 1)
        state.pieces[piece] = Placed(PEGS.index(peg), piece, ORIENTATIONS.index(orientation))
    return state


def _kind(unit: Unit) -> str:
    return "ball" if unit.ball else "ring"


def _rule_breaks(state: LinkState) -> tuple[str, str] | None:
    """(the first placement rule the state breaks (RULES.md §5), the piece to blame), or None."""
    # peg -> {"ball"/"ring": (placed, unit)}
    held: dict[int, dict[str, tuple[Placed, Unit]]] = {}
    for placed in state.pieces.values():
        item = placed.encode()
        pegs = placed.pegs()
        for unit, peg in zip(placed.units, pegs, strict=True):
            if peg is None:
                where = "its origin" if unit.number == 1 else f"its unit {unit.number}"
                return f"{item} hangs off the board ({where} has no peg)", placed.piece
        for unit, peg in zip(placed.units, pegs, strict=True):
            kind = _kind(unit)
            slots = held.setdefault(peg, {})
            if kind in slots:
                other = slots[kind][0].encode()
                return (f"{item} puts a second {kind} on peg {PEGS[peg]} "
                        f"(the {kind} of {other} is there)", placed.piece)
            slots[kind] = (placed, unit)
            if len(slots) == 2:
                ball, ring = slots["ball"][1], slots["ring"][1]
                blocked = sorted(ball.dirs - ring.dirs)
                if blocked:
                    ball_item, ring_item = slots["ball"][0].encode(), slots["ring"][0].encode()
                    facing = " and ".join(DIRECTIONS[d] for d in blocked)
                    closed = "a closed ring" if not ring.dirs else "a ring with no opening " \
                        f"facing {facing}"
                    return (f"on peg {PEGS[peg]} the ball of {ball_item} has a connection "
                            f"facing {facing}, but {ring_item} puts {closed} there",
                            placed.piece)
    return None


class _Tables:
    """Every (peg, piece, orientation) that fits the board, as exact-cover rows:
    the peg mask (secondary columns) plus one column per piece (primary).

    The ball and ring bits of the pegs are the slots of a SlotCover: 16 balls and
    the 6 closed rings (which no ball can join) take a ball slot, 20 rings a ring
    slot, on 24 pegs, so a branch dies as soon as fewer free slots of a kind can
    still be reached than the pieces to place need. Leaving a ball slot empty is a
    branch; a ring slot is branched on only once none is to spare. Sub-boards proven
    dead are remembered."""

    def __init__(self):
        self.placed: list[Placed] = []
        rows = []
        for p, piece in enumerate(PIECES):
            for orientation in range(len(valid_orientations(piece))):
                for peg in range(PEG_COUNT):
                    placed = Placed(peg, piece, orientation)
                    if placed.fits():
                        self.placed.append(placed)
                        rows.append(placed.search_mask | 1 << (PIECE_BITS + p))
        self.index = {placed: i for i, placed in enumerate(self.placed)}
        ball_slots = sum(BALL << (BITS_PER_PEG * peg) for peg in range(PEG_COUNT))
        self.cover = SlotCover(rows, primary=ALL_PIECES << PIECE_BITS,
                               kinds=(ball_slots, ball_slots << 1), leave_empty=(True, False),
                               remember_dead=True)
        # the rows of piece A with the origin on pegs M-X: off for the empty board, whose
        # solutions then come once per pair of 180-degree twins, in canonical form
        self.a_second_half = 0
        for i, placed in enumerate(self.placed):
            if placed.piece == "A" and placed.peg >= FIRST_HALF:
                self.a_second_half |= 1 << i

    def solve(self, state: LinkState, limit: int | None = None,
              stats: SearchStats | None = None, rng=None) -> Iterator[list[int]]:
        """Every completion of `state` as a list of rows (the empty board: piece A on A-L)."""
        begun = self.start(state)
        if begun is not None:
            yield from self.cover.solve(*begun, limit, stats, rng)

    def count(self, state: LinkState, stats: SearchStats | None = None) -> int:
        """The number of completions of `state` (the empty board: piece A on A-L),
        remembering the count of every sub-board met (it saves about a third of the
        nodes on the empty board), at most `MEMO_LIMIT` of them at a time."""
        begun = self.start(state)
        if begun is None:
            return 0
        return self.cover.count(*begun, stats=stats, memo_limit=MEMO_LIMIT)

    def start(self, state: LinkState) -> tuple[int, int] | None:
        """(rows alive, pieces to place) after the pieces of `state`; None if illegal."""
        cover = self.cover
        alive = cover.all_rows
        uncovered = cover.primary
        if not state.pieces:
            alive &= ~self.a_second_half
        for placed in state.pieces.values():
            row = self.index.get(placed)
            if row is None or not alive >> row & 1:
                return None
            alive &= ~cover.conflicts[row]
            uncovered &= ~cover.rows[row]
        return alive, uncovered


class Link(Game):
    name = "link"
    title = "IQ-Link"
    max_pieces = len(PIECES)

    # --- notation ------------------------------------------------------------
    def parse(self, text: str) -> LinkState:
        return parse(text)

    def rule_breaks(self, state: LinkState) -> str | None:
        broken = _rule_breaks(state)
        return broken[0] if broken else None

    def is_complete(self, text: str) -> bool:
        return len(self.validate(text).pieces) == len(PIECES)

    @cached_property
    def tables(self) -> _Tables:
        return _Tables()

    def canonical(self, text: str) -> str:
        """Pieces A-L; turned 180 degrees when piece A's origin is on M-X (RULES.md §6)."""
        return _canonical(self.validate(text))

    def _position_or_empty(self, text: str) -> LinkState:
        return LinkState() if text == "" else self.validate(text)

    def legal_placements(self, text: str, piece: str | None = None,
                         challenge: str | None = None) -> list[str]:
        """Every piece placement of a piece not yet placed that keeps the position valid
        ("" is the empty board)."""
        state = self._position_or_empty(text)
        if piece is not None and (not isinstance(piece, str) or piece not in PIECES
                                  or len(piece) != 1):
            raise PlacementError(str(piece), "a piece is one of A-L", 0)
        occupied = state.mask
        wanted = {piece} if piece else set(PIECES)
        return sorted(placed.encode() for placed in self.tables.placed
                      if placed.piece in wanted and placed.piece not in state.pieces
                      and not placed.mask & occupied)

    # --- challenges and solving --------------------------------------------------
    def parse_challenge(self, text: str) -> LinkState:
        if text == "":
            return LinkState()  # the empty board: every complete game
        try:
            return self.validate(text)
        except (PlacementError, IllegalPlacementError) as error:
            raise ChallengeError(f"not a usable IQ-Link challenge: {error}") from None

    def _search(self, start: LinkState, limit: int | None, stats: SearchStats | None = None,
                rng=None) -> Iterator[LinkState]:
        """Every completion of `start` (its pieces kept verbatim), as states. The empty
        board yields one of each pair of 180-degree twins (piece A on A-L)."""
        tables = self.tables
        for rows in tables.solve(start, limit, stats, rng):
            state = LinkState(dict(start.pieces))
            for row in rows:
                placed = tables.placed[row]
                state.pieces[placed.piece] = placed
            yield state

    def completions(self, challenge: str, placement: str | None = None,
                    limit: int | None = None) -> Iterator[LinkState]:
        start = self.parse_challenge(placement if placement else challenge)
        yield from self._search(start, limit)

    def solutions(self, challenge: str, limit: int | None = None) -> Iterator[str]:
        """Canonical solutions (RULES.md §6). A non-empty start has no two solutions that
        are 180-degree twins, so each is yielded once; so is each pair on the empty board."""
        for state in self._search(self.parse_challenge(challenge), limit):
            yield _canonical(state)

    def count_solutions(self, challenge: str, limit: int | None = 2) -> int:
        return sum(1 for _ in self._search(self.parse_challenge(challenge), limit))

    def start_placement(self, challenge: str) -> str:
        return self.parse_challenge(challenge).encode()

    def _fixed_pieces(self, challenge: str) -> set[str]:
        return set(self.parse_challenge(challenge).pieces)

    def _position(self, challenge: str, placement: str) -> LinkState:
        """The player's position, checked against the challenge it belongs to."""
        start = self.parse_challenge(challenge)
        state = self._position_or_empty(placement)
        for piece, placed in start.pieces.items():
            if state.pieces.get(piece) != placed:
                raise ChallengeError(f"the challenge's piece {placed.encode()} is missing")
        return state

    def play(self, challenge: str, placement: str, item: str) -> str:
        state = self._position(challenge, placement)
        added = parse(item)
        if len(added.pieces) != 1:
            raise PlacementError(item, "play one piece placement, such as BAA")
        placed = next(iter(added.pieces.values()))
        if placed.piece in state.pieces:
            raise IllegalPlacementError(f"piece {placed.piece} is already on the board", item)
        state.pieces[placed.piece] = placed
        broken = _rule_breaks(state)
        if broken:
            raise IllegalPlacementError(broken[0])
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
        """Any complete valid game that keeps the challenge's pieces (the M challenges
        have several)."""
        try:
            state = self._position(challenge, placement)
        except (PlacementError, IllegalPlacementError, ChallengeError):
            return False
        return len(state.pieces) == len(PIECES)

    def hint(self, challenge: str, placement: str) -> Hint:
        state = self._position(challenge, placement)
        fixed = self._fixed_pieces(challenge)
        start = self.parse_challenge(challenge)
        return hint_from_solutions(
            title=self.title,
            placed={p: pl for p, pl in state.pieces.items() if p not in fixed},
            names={p: pl.encode() for p, pl in state.pieces.items()},
            completion=lambda: next(iter(self._search(state, 1)), None),
            solutions=lambda limit: list(self._search(start, limit)),
            pieces_of=lambda s: dict(s.pieces),
            item_of=lambda s, p: s.pieces[p].encode(),
            options=lambda p: len(self.legal_placements(state.encode(), p)),
        )

    def empty_board(self) -> str:
        """The bench's "empty board": a bounded stand-in, the sub-board BAAHBATCJ (see
        bench_extra and count.py for the whole board)."""
        return BENCH_SUBBOARD

    def exact_cover(self, challenge: str) -> tuple[list[list[str]], list[str], list[str]]:
        """The challenge as a plain exact-cover problem (for the benchmark baselines):
        options are the rows the search starts from; items are the pieces (primary)
        and the peg bits (secondary: "B.ball", "B.ring", "B.NE"...)."""
        tables = self.tables
        begun = tables.start(self.parse_challenge(challenge))
        if begun is None:
            return [], list(PIECES), []
        alive, uncovered = begun
        names = [f"{PEGS[i // 8]}.{('ball', 'ring', *DIRECTIONS)[i % 8]}"
                 for i in range(PIECE_BITS)] + list(PIECES)
        options = [[names[c] for c in range(len(names)) if tables.cover.rows[r] >> c & 1]
                   for r in range(len(tables.placed)) if alive >> r & 1]
        used = set()
        for option in options:
            used.update(option)
        primary = [names[c] for c in range(PIECE_BITS, len(names)) if uncovered >> c & 1]
        secondary = [names[c] for c in range(PIECE_BITS) if names[c] in used]
        return options, primary, secondary

    def difficulty(self, challenge: str) -> SearchStats:
        """The solver's work to solve a challenge and prove it unique."""
        stats = SearchStats()
        for _ in self._search(self.parse_challenge(challenge), 2, stats):
            pass
        return stats

    # --- generation hooks (iqpuzzles.generate) ---------------------------------------
    # our G-series grades by pieces given (RULES.md §8): Starter 8 ... Wizard 4
    level_clues = {"Starter": (8, 8), "Junior": (7, 7), "Expert": (6, 6), "Master": (5, 5),
                   "Wizard": (4, 4)}

    def generate(self, level: str, seed: int | str) -> str:
        from ..generate import generate

        return generate(self, level, seed)

    def random_solution(self, rng) -> LinkState:
        return next(self._search(LinkState(), 1, rng=rng))

    def clue_pool(self, solution: LinkState, rng) -> list[str]:
        pool = [placed.encode() for placed in solution.pieces.values()]
        rng.shuffle(pool)
        return pool

    def challenge_of(self, clues: list[str]) -> str:
        return parse("".join(clues)).encode()

    def _load_challenges(self) -> list[Challenge]:
        found = []
        for entry in load_json("link", "challenges.json")["challenges"]:
            key = entry["id"]
            solutions = tuple(entry.get("solutions") or [entry["solution"]])
            given = len(entry["challenge"]) // 3
            if key.startswith("G"):
                source = "generated"
                note = (f"Our own challenge: {given} pieces kept from one of the course's "
                        "reference games, checked to have exactly one solution "
                        f"({entry['source']}).")
            else:
                source = "course"
                several = f"{len(solutions)} solutions by design; " if len(solutions) > 1 \
                    else "one solution; "
                note = (f"From the COMP1110 2016 LinkGame course tests ({entry['source']}): "
                        f"{several}level by pieces given, our convention.")
            found.append(Challenge(key, entry["level"] or level_for(given),
                                   entry["challenge"], solutions, source, note))
        return found

    # --- drawing ---------------------------------------------------------------
    def show(self, text: str) -> str:
        """The board row by row, odd rows indented: each peg as two characters, the
        piece of its ring (upper case) and of its ball (lower case), '.' for none."""
        state = self._position_or_empty(text)
        ring = ["."] * PEG_COUNT
        ball = ["."] * PEG_COUNT
        for piece, placed in state.pieces.items():
            for unit, peg in zip(placed.units, placed.pegs(), strict=True):
                if unit.ball:
                    ball[peg] = piece.lower()
                else:
                    ring[peg] = piece
        lines = []
        for row in range(ROWS):
            cells = [PEGS[i] + ":" + ring[i] + ball[i]
                     for i in range(row * COLUMNS, (row + 1) * COLUMNS)]
            lines.append(("   " if row % 2 else "") + "  ".join(cells))
        return "\n".join(lines)

    def info(self) -> dict:
        def turn(o: int) -> int:
            return (o + 1) % 6 + (6 if o >= 6 else 0)

        pieces = []
        for p in PIECES:
            names = valid_orientations(p)
            rotate = {ORIENTATIONS[o]: ORIENTATIONS[turn(o)] for o in range(len(names))}
            if p == "A":  # its flips are turns (RULES.md §3): G=D, H=E, I=F, J=A, K=B, L=C
                flip = {ORIENTATIONS[o]: ORIENTATIONS[(o + 3) % 6] for o in range(6)}
            else:
                flip = {ORIENTATIONS[o]: ORIENTATIONS[(o + 6) % 12] for o in range(12)}
            pieces.append({"id": p, "label": f"Piece {p}", "colour": COLOURS[p],
                           "orientations": list(names), "rotate": rotate, "flip": flip})
        return {
            "name": self.name,
            "title": self.title,
            "pieces": pieces,
            "canRotate": True,
            "canFlip": True,
            "levels": list(LEVELS),
            "board": self._board_frame(),
            "help": "Place all twelve pieces on the pegs. A peg takes at most one ball and "
                    "one ring, and a ball may sit in a ring only where every bar of the "
                    "ball passes through an opening of the ring.",
        }

    def _board_frame(self) -> dict:
        width = COLUMNS - 0.5
        height = (ROWS - 1) * ROW_HEIGHT
        return {"viewBox": [-0.8, -0.85, width + 1.6, round(height + 1.6, 4)],
                "locations": [draw.location(PEGS[i], *_round_xy(peg_xy(i)), r=0.5)
                              for i in range(PEG_COUNT)]}

    def view(self, challenge: str, placement: str) -> dict:
        state = self._position(challenge, placement)
        fixed = self._fixed_pieces(challenge)
        width = COLUMNS - 0.5
        height = (ROWS - 1) * ROW_HEIGHT
        shapes = [draw.rect(-0.7, -0.75, width + 1.4, round(height + 1.4, 4), BOARD,
                            rx=0.45, stroke=BOARD_EDGE, stroke_width=0.05, layer=0)]
        for i in range(PEG_COUNT):
            x, y = _round_xy(peg_xy(i))
            # a peg, and its letter straight above it: between the bars to the NW and NE
            # neighbours and clear of a ring on this peg or on those neighbours
            shapes.append(draw.circle(x, y, 0.11, PEG, stroke=PEG_EDGE, stroke_width=0.03,
                                      layer=1, role="peg"))
            shapes.append(draw.text(x, round(y - 0.42, 4), PEGS[i], size=0.15,
                                    fill=LABEL, layer=1))
        for piece, placed in state.pieces.items():
            shapes += _piece_shapes(placed, *peg_xy(placed.peg), layer=3,
                                    role="fixed" if piece in fixed else "piece")
        return {"frame": self._board_frame(), "shapes": shapes,
                # the position is checked already: all twelve pieces down is a win
                "placement": state.encode(), "solved": len(state.pieces) == len(PIECES)}

    def piece_view(self, piece: str, orientation: str) -> dict:
        if not isinstance(piece, str) or piece not in PIECES or len(piece) != 1 \
                or not isinstance(orientation, str) or len(orientation) != 1 \
                or orientation not in valid_orientations(piece):
            raise PlacementError(f"{piece}{orientation}", "no such piece or orientation", 0)
        placed = Placed(0, piece, ORIENTATIONS.index(orientation))
        points = [_unit_xy(0.0, 0.0, unit) for unit in placed.units]
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        return {"viewBox": [round(min(xs) - 0.5, 4), round(min(ys) - 0.5, 4),
                            round(max(xs) - min(xs) + 1.0, 4), round(max(ys) - min(ys) + 1.0, 4)],
                "shapes": _piece_shapes(placed, 0.0, 0.0, layer=0, role="tray")}

    def preview(self, challenge: str, placement: str, piece: str, orientation: str,
                location: str) -> Preview:
        """The piece held by its origin (unit 1) over the peg `location`."""
        state = self._position(challenge, placement)
        if not isinstance(piece, str) or piece not in PIECES or len(piece) != 1 \
                or not isinstance(orientation, str) or len(orientation) != 1 \
                or orientation not in valid_orientations(piece):
            raise PlacementError(f"{piece}{orientation}", "no such piece or orientation", 0)
        if not isinstance(location, str) or len(location) != 1 or location not in PEGS:
            raise PlacementError(str(location), "a peg is one of A-X", 0)
        placed = Placed(PEGS.index(location), piece, ORIENTATIONS.index(orientation))
        ghost = _piece_shapes(placed, *peg_xy(placed.peg), layer=10, role="ghost")
        item = placed.encode()
        try:
            self.play(challenge, state.encode(), item)
        except (IllegalPlacementError, PlacementError) as error:
            return Preview(item, False, str(error), ghost)
        return Preview(item, True, "", ghost)

    # --- the empty board -------------------------------------------------------------
    def bench_extra(self) -> None:
        from .count import bench_line

        bench_line(self)


def level_for(given: int) -> str:
    """Our level scale (challenges.json): pieces given 8+ Starter ... 4 or fewer Wizard."""
    return LEVELS[min(4, max(0, 8 - given))]


def _canonical(state: LinkState) -> str:
    placed = list(state.pieces.values())
    if "A" in state.pieces and state.pieces["A"].peg >= FIRST_HALF:
        placed = [p.rotated() for p in placed]
    return "".join(p.encode() for p in sorted(placed, key=lambda p: p.piece))


# --- drawing ------------------------------------------------------------------------
BALL_RADIUS = 0.2
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
LABEL = "#9e9584"


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


def _piece_shapes(placed: Placed, x: float, y: float, layer: int, role: str) -> list[dict]:
    """Balls as filled circles, rings as rings with gaps where they open, and the bars
    of the piece: from a ball's centre, from a ring's rim; all with a dark edge, as
    moulded plastic. A ball of another piece sits inside a ring (the ring is wider than
    a ball) with its bar through the ring's gap.
    Layers: bars, then rings, then balls, so a ball in a ring shows whole."""
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
        shapes.append(draw.bar(*ends[0], *ends[1], BAR_WIDTH + 2 * EDGE, DARK, layer=layer,
                               role=role, piece=piece, cap="butt"))
        shapes.append(draw.bar(*ends[0], *ends[1], BAR_WIDTH, colour, layer=layer,
                               role=role, piece=piece, cap="butt"))
    for unit in units:
        cx, cy = _round_xy(_unit_xy(x, y, unit))
        if unit.ball:
            # shine: drawn with a highlight, a ball rather than a flat disc
            shapes.append(draw.circle(cx, cy, BALL_RADIUS, colour, stroke=DARK,
                                      stroke_width=EDGE, layer=layer + 2, role=role,
                                      piece=piece, unit=unit.number, shine=True))
        else:
            shapes.append(draw.ring(cx, cy, RING_RADIUS, RING_WIDTH, colour,
                                    openings=[60 * d for d in sorted(unit.dirs)],
                                    gap=GAP_DEGREES, layer=layer + 1, role=role, piece=piece,
                                    unit=unit.number, stroke=DARK, strokeWidth=EDGE))
    return shapes


# what bench link times as its "empty board": the whole board is minutes of search
# (see count.py), so the bench solves this sub-board of it and bench_extra adds a
# bounded sample of the whole count
BENCH_SUBBOARD = "BAAHBATCJ"


GAME = Link()
