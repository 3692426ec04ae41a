"""The IQ-Steps solver's tables: every legal placement on the empty board as a row of a
SlotCover (core/search.py), and the playing order of the rows a search chooses.

Columns 0-49 are the locations (secondary: a ring on each at most), 50-57 the pieces
(primary: each placed once). The locations are the slots of the SlotCover, of two
kinds: the remaining pieces' lower rings need free pegs and their upper rings free
non-pegs (on the empty board 44 rings leave exactly 6 of the 50 locations empty). Two
rows that would each have to be played before the other also conflict (a 2-cycle can
never be played); longer cycles are caught when a solution is complete (`accept`).
Pieces already on the board rule out every row whose lower ring their upper rings
block: so a completion is always playable after them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache, cached_property
from random import Random

from ..core.bits import bits_of
from ..core.parts import Solver
from ..core.position import Setup
from ..core.reasoning import Board, Deduction, Technique
from ..core.search import SearchStats, SlotCover
from .vocabulary import CELLS, CODES, FULL_BOARD, ORIENTATIONS, PEGS, PIECES, Placed


class Tables:
    """The rows, their conflicts and their "must be played before" relation."""

    def __init__(self) -> None:
        self.placed: list[Placed] = []
        rows = []
        for p, piece in enumerate(PIECES):
            for orientation in ORIENTATIONS:
                for home in range(CELLS):
                    placed = Placed(piece, orientation, home)
                    if placed.problem() is None:
                        self.placed.append(placed)
                        rows.append(placed.cells | 1 << (CELLS + p))
        self.index = {placed: i for i, placed in enumerate(self.placed)}
        self.cover = SlotCover(rows, primary=((1 << len(PIECES)) - 1) << CELLS,
                               kinds=(PEGS, FULL_BOARD & ~PEGS),
                               accept=lambda rows: self.order(rows) is not None)
        self.lower = [placed.lower for placed in self.placed]
        self.shadow = [placed.shadow for placed in self.placed]
        # peg -> rows with a lower ring on it; peg -> rows whose upper rings block it
        self.lower_at = [0] * CELLS
        self.shadow_at = [0] * CELLS
        for i in range(len(self.placed)):
            for peg in bits_of(self.lower[i]):
                self.lower_at[peg] |= 1 << i
            for peg in bits_of(self.shadow[i]):
                self.shadow_at[peg] |= 1 << i
        # row -> the rows that must be played before it (if both are on the board)
        self.before = [self.rows_on(self.lower_at, shadow) & ~(1 << i)
                       for i, shadow in enumerate(self.shadow)]
        after = [self.rows_on(self.shadow_at, lower) & ~(1 << i)
                 for i, lower in enumerate(self.lower)]
        # row -> the rows it cannot go with in any order (each must come before the other)
        self.mutual = [self.before[i] & after[i] for i in range(len(self.placed))]
        for i in range(len(self.placed)):
            self.cover.conflicts[i] |= self.mutual[i]

    @cached_property
    def overlaps(self) -> list[int]:
        """Row -> the rows it overlaps (or are of its piece): its conflicts but for the
        order, which the reasoning solver leaves to WAIT."""
        return [self.cover.rows_using(row) for row in self.cover.rows]

    @staticmethod
    def rows_on(table: list[int], pegs: int) -> int:
        found = 0
        for peg in bits_of(pegs):
            found |= table[peg]
        return found

    def start(self, pieces: Sequence[Placed]) -> tuple[int, int]:
        """(rows still playable after `pieces`, the piece columns still to cover)."""
        alive = self.cover.all_rows
        uncovered = self.cover.primary
        shade = 0
        for placed in pieces:
            row = self.index[placed]
            alive &= ~self.cover.conflicts[row]
            uncovered &= ~self.cover.rows[row]
            shade |= self.shadow[row]
        return alive & ~self.rows_on(self.lower_at, shade), uncovered

    def order(self, rows: list[int]) -> list[int] | None:
        """A playing order of the rows (each after those it needs), None if cyclic."""
        chosen = 0
        for row in rows:
            chosen |= 1 << row
        order = []
        left = list(rows)
        while left:
            for row in left:
                if not self.before[row] & chosen:
                    break
            else:
                return None
            order.append(row)
            left.remove(row)
            chosen &= ~(1 << row)
        return order


class Wait(Deduction):
    """IQ-Steps' own technique: a lower ring beside an upper ring must be played before
    it (docs/games/steps.md §5), so a piece that would have a lower ring beside an upper
    ring of a piece down and an upper ring beside one of its lower rings cannot go there:
    each would have to wait for the other."""

    technique = Technique(25, "wait")

    def rule_out(self, placed: int, alive: int) -> int:
        mutual = tables().mutual
        ruled = 0
        for row in bits_of(placed):
            ruled |= mutual[row]
        return ruled & alive


WAIT = Wait()


@cache
def tables() -> Tables:
    """The tables, built on first use (about a second's work)."""
    return Tables()



class StepsSolver(Solver[Placed]):
    """Slot cover of pegs and the spaces between them."""

    def complete(self, setup: Setup[Placed], placed: tuple[Placed, ...],
                 limit: int | None = None, stats: SearchStats | None = None,
                 rng: Random | None = None) -> Iterator[tuple[Placed, ...]]:
        """Every way to finish the board after `placed`: the pieces added, in a playing
        order."""
        found = tables()
        alive, uncovered = found.start(placed)
        for rows in found.cover.solve(alive, uncovered, limit, stats, rng):
            order = found.order(rows)
            assert order is not None  # the search accepts only playable sets
            yield tuple(found.placed[row] for row in order)

    def count_completions(self, setup: Setup[Placed], limit: int | None) -> int:
        """The number of ways to finish the challenge's start (at most `limit`)."""
        found = tables()
        alive, uncovered = found.start(setup.fixed)
        return sum(1 for _ in found.cover.solve(alive, uncovered, limit))

    def legal(self, setup: Setup[Placed], placed: tuple[Placed, ...],
              piece: str | None) -> Iterator[Placed]:
        """Every placement (of `piece`, or of any piece not down) playable after
        `placed`."""
        found = tables()
        alive, _ = found.start(placed)
        for row in bits_of(alive):
            if piece is None or found.placed[row].piece == piece:
                yield found.placed[row]

    def canonical(self, setup: Setup[Placed], placed: Sequence[Placed]) -> tuple[Placed, ...]:
        """docs/games/steps.md §6: the placements sorted by piece letter."""
        return tuple(sorted(placed, key=lambda p: p.piece))

    def exact_cover(self, setup: Setup[Placed]) -> tuple[list[list[str]], list[str], list[str]]:
        """Finishing the challenge's start as plain exact cover (for the benchmark
        baselines): options are the rows the search starts from, primary items the
        pieces to place, secondary items the locations and, for every pair of options
        that would each have to be played before the other, one item both use. Longer
        dependency cycles cannot be written as exact cover; the booklet and the empty
        board have none that this misses (the bench compares the counts)."""
        found = tables()
        cover = found.cover
        alive, uncovered = found.start(setup.fixed)
        live = list(bits_of(alive))
        names = [CODES[c] for c in range(CELLS)] + [f"piece {p}" for p in PIECES]
        options = [[names[c] for c in range(len(names)) if cover.rows[r] >> c & 1]
                   for r in live]
        pairs: list[str] = []
        for a, r in enumerate(live):
            mutual = cover.conflicts[r] & ~cover.rows_using(cover.rows[r])
            for b in range(a + 1, len(live)):
                if mutual >> live[b] & 1:
                    item = f"cycle {len(pairs)}"
                    pairs.append(item)
                    options[a].append(item)
                    options[b].append(item)
        primary = [names[c] for c in range(len(names)) if uncovered >> c & 1]
        return options, primary, [CODES[c] for c in range(CELLS)] + pairs

    def board(self, setup: Setup[Placed], placed: tuple[Placed, ...]) -> Board | None:
        t = tables()
        alive, uncovered = t.start(placed)
        return Board(t.cover, t.placed, alive, uncovered, t.cover.primary,
                     conflicts=t.overlaps, deductions=(WAIT,))
