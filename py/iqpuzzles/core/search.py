"""The one search all four games share: exact cover over bitmask rows.

A game turns its puzzle into rows: each row is one possible placement, written as
the set of columns it uses (an int, one bit per column). Primary columns must be
used exactly once (every piece placed; in IQ-Twist and IQ-Focus every location
covered too); secondary columns at most once (a location in IQ-Steps, a ball or
ring slot on an IQ-Link peg).

The rows that are still possible are kept as one int with a bit per row ("alive"),
and for every row the rows it rules out are precomputed ("conflicts"). Choosing a
row is then a single AND-NOT, and counting the options of a column is a bit count:
Knuth's Algorithm X with the dancing links replaced by big-int bitsets, which is
the fastest form of it in pure Python. The column with the fewest options is
branched on first; a column with none ends the branch.

`SlotCover` adds slots for IQ-Steps and IQ-Link: secondary columns of a few kinds
(Steps: pegs and non-pegs; Link: ball and ring slots) that the pieces still to place
need a known number of, so that a board with too few free slots left dies early.
"""

import random
from collections.abc import Callable, Iterable, Iterator, Sequence

from .bits import bits_of, renumber
from .types import SearchStats as SearchStats  # a value (core/types.py), searched here

# _CYCLE: a recursive inner function refers to itself through its closure, a reference
# cycle that would keep it, and everything its closure holds (the dead sub-boards, the
# memo: tens of MB), alive until the next full garbage collection, which may be many
# requests away (memory grew by 55 MB per IQ-Link request). Each search rebinds its
# inner function's name to one of these when it ends, so its memory goes at once.


def _ended(*state: int) -> Iterator[list[int]]:
    return iter(())


def _no_count(*state: int) -> int:
    return 0

# a kind of slot as SlotCover.reach finds it: its reached slots (slot within the kind,
# live rows), its offset, whether a slot of it may stay empty, how many it must fill
Reach = tuple[list[tuple[int, int]], int, bool, int]

# dead sub-boards a SlotCover search remembers at most (IQ-Link: about 370 bytes each,
# so about 150 MB; the whole IQ-Link board meets tens of millions of them)
DEAD_LIMIT = 400_000


class OutOfBudget(Exception):
    """A search visited more positions than its SearchStats' budget allows."""


class ExactCover:
    """Rows (column bitmasks) with precomputed conflicts, searched many times.

    Build it once per game; each challenge then only restricts which rows are
    alive and which primary columns are still to cover.
    """

    def __init__(self, rows: Sequence[int], primary: int):
        self.rows = list(rows)
        self.primary = primary
        # column index -> bitset of the rows that use it
        columns: dict[int, int] = {}
        for index, row in enumerate(self.rows):
            for column in bits_of(row):
                columns[column] = columns.get(column, 0) | 1 << index
        self.column_rows = columns
        self.conflicts = [self.rows_using(row) for row in self.rows]
        self.all_rows = (1 << len(self.rows)) - 1

    def rows_using(self, columns: int) -> int:
        """Bitset of the rows that use any of `columns`."""
        found = 0
        for column in bits_of(columns):
            found |= self.column_rows.get(column, 0)
        return found

    def solve(
        self,
        alive: int | None = None,
        uncovered: int | None = None,
        limit: int | None = None,
        stats: SearchStats | None = None,
        rng: random.Random | None = None,
    ) -> Iterator[list[int]]:
        """Yield every solution as a list of row indices (at most `limit` of them).

        `alive`: the rows allowed (default all); `uncovered`: the primary columns
        still to cover (default all primary columns). With `rng` the options of
        each column are tried in a random order (for generators).
        """
        if alive is None:
            alive = self.all_rows
        if uncovered is None:
            uncovered = self.primary
        if limit is not None and limit <= 0:
            return
        stats = stats if stats is not None else SearchStats()
        column_rows = self.column_rows
        conflicts = self.conflicts
        rows = self.rows
        chosen: list[int] = []
        found = 0

        def search(alive: int, uncovered: int) -> Iterator[list[int]]:
            nonlocal found
            stats.nodes += 1
            if stats.nodes > stats.budget:
                raise OutOfBudget
            if not uncovered:
                found += 1
                yield list(chosen)
                return
            # the column with the fewest live options (Knuth's MRV heuristic)
            best_options = 0
            best_count = 1 << 30
            columns = uncovered
            while columns:
                low = columns & -columns
                columns ^= low
                options = column_rows.get(low.bit_length() - 1, 0) & alive
                count = options.bit_count()
                if count < best_count:
                    if count == 0:
                        return
                    best_count = count
                    best_options = options
                    if count == 1:
                        break
            if best_count == 1:
                stats.forced += 1
            else:
                stats.branches += 1
            order: Iterable[int] = bits_of(best_options)
            if rng is not None:
                shuffled = list(order)
                rng.shuffle(shuffled)
                order = shuffled
            for row in order:
                chosen.append(row)
                yield from search(alive & ~conflicts[row], uncovered & ~rows[row])
                chosen.pop()
                if limit is not None and found >= limit:
                    return

        try:
            yield from search(alive, uncovered)
        finally:
            search = _ended  # type: ignore[assignment]  # see _CYCLE

    def count(self, alive: int | None = None, uncovered: int | None = None,
              limit: int | None = None) -> int:
        return sum(1 for _ in self.solve(alive, uncovered, limit))


class SlotCover(ExactCover):
    """ExactCover whose secondary columns include slots of a few kinds (masks).

    Every row places one piece (one primary column). From the rows, each piece's
    fewest slots of each kind and in all are known, so the pieces still to place need
    at least that many free slots. A free slot that no live row can reach any more is
    a hole; when the holes leave too few free slots, of a kind or in all, the branch
    dies. A free slot is a column too: each live row filling it, plus "it stays
    empty" while its kind and the total have one to spare; a kind not in
    `leave_empty` is branched on only when none of it is to spare.

    `accept` filters complete solutions (a check only possible at the leaves);
    `remember_dead` keeps the sub-boards (pieces left, rows alive) proven to have no
    solution, which is only sound without `accept`. At most `dead_limit` of them are
    kept, the most recent: when the newer half is full the older half is dropped
    (forgetting costs only search, never a solution, so memory stays bounded on any
    input: the whole IQ-Link board would otherwise remember gigabytes).
    """

    def __init__(self, rows: Sequence[int], primary: int, kinds: Sequence[int],
                 leave_empty: Sequence[bool] | None = None,
                 accept: Callable[[list[int]], bool] | None = None,
                 remember_dead: bool = False, dead_limit: int = DEAD_LIMIT):
        super().__init__(rows, primary)
        assert not (accept and remember_dead), "a leaf filter makes dead sub-boards unsound"
        assert primary.bit_count() <= 16, "the needs are tabled for every set of pieces"
        self.leave_empty = list(leave_empty) if leave_empty else [True] * len(kinds)
        self.accept = accept
        self.remember_dead = remember_dead
        self.dead_limit = dead_limit
        # the search numbers pieces and slots 0, 1, ... (small ints are fast; the slots
        # kind by kind): piece / slot -> its rows, row -> its piece / its slots
        pieces = list(bits_of(primary))
        slots = [column for mask in kinds for column in bits_of(mask)]
        self.slot_columns = slots  # slot number -> its column
        self.piece_number = {column: 1 << p for p, column in enumerate(pieces)}
        slot_number = {column: 1 << s for s, column in enumerate(slots)}
        self.piece_rows = [self.column_rows.get(column, 0) for column in pieces]
        self.slot_rows = [self.column_rows.get(column, 0) for column in slots]
        self.row_piece = [self.to_pieces(row) for row in self.rows]
        self.row_slots = [renumber(row, slot_number) for row in self.rows]
        self.kind_slots = [renumber(mask, slot_number) for mask in kinds]
        self.all_slots = (1 << len(slots)) - 1
        # set of pieces -> (the fewest slots their rows fill, and per kind: its first
        # slot, all its slots from there, slot -> rows, may it stay empty, the fewest
        # slots of it they fill)
        least = []
        for rows_of_piece in self.piece_rows:
            used = [self.row_slots[r] for r in bits_of(rows_of_piece)] or [0]
            least.append([min(r.bit_count() for r in used)]
                         + [min((r & mask).bit_count() for r in used) for mask in self.kind_slots])
        sums = [[0] * (1 + len(kinds))]
        for todo in range(1, 1 << len(pieces)):
            add = least[(todo & -todo).bit_length() - 1]
            sums.append([a + b for a, b in zip(sums[todo & (todo - 1)], add, strict=True)])
        tables, first = [], 0
        for mask, leave in zip(kinds, self.leave_empty, strict=True):
            size = mask.bit_count()
            tables.append((first, (1 << size) - 1, self.slot_rows[first:first + size], leave))
            first += size
        self.needs = [(total, tuple((*table, fewest) for table, fewest
                                    in zip(tables, kind_sums, strict=True)))
                      for total, *kind_sums in sums]

    def to_pieces(self, columns: int) -> int:
        """The pieces (numbered) among `columns`."""
        return renumber(columns & self.primary, self.piece_number)

    def reach(self, alive: int, todo: int, free: int) -> tuple[int, int, list[Reach]] | None:
        """The free slots live rows still reach, for `choose` and `slack`: (the free slots
        less those no live row reaches, how many slots there are to spare in all, per kind
        (its reached slots as (slot within the kind, live rows), its offset, whether a slot
        of it may stay empty, how many it must fill)), or None when a kind has too few."""
        total, kinds = self.needs[todo]
        spare = -total
        found: list[Reach] = []
        for offset, width, slot_rows, leave, least in kinds:
            reached: list[tuple[int, int]] = []
            slots = free >> offset & width
            while slots:
                low = slots & -slots
                slots ^= low
                options = slot_rows[low.bit_length() - 1] & alive
                if options:
                    reached.append((low, options))
                else:
                    free ^= low << offset
            if len(reached) < least:
                return None
            spare += len(reached)
            found.append((reached, offset, leave, least))
        return free, spare, found

    def choose(self, alive: int, todo: int, free: int) -> tuple[int, int, int] | None:
        """The column to branch on: (its live rows, the slot to leave empty as one more
        branch or 0, the free slots still reachable); None when the branch is dead."""
        reach = self.reach(alive, todo, free)
        if reach is None:
            return None
        free, spare, kinds = reach
        if spare < 0:
            return None
        best_count, best_options, best_hole = 1 << 30, 0, 0
        piece_rows = self.piece_rows
        pieces = todo
        while pieces:  # the piece with the fewest live rows
            low = pieces & -pieces
            pieces ^= low
            options = piece_rows[low.bit_length() - 1] & alive
            count = options.bit_count()
            if count < best_count:
                if count == 0:
                    return None
                if count == 1:
                    return options, 0, free
                best_count, best_options = count, options
        for reached, offset, leave, least in kinds:  # or the slot with the fewest choices,
            hole = spare > 0 and len(reached) > least  # "stays empty" among them
            if hole and not leave:
                continue
            for low, options in reached:
                count = options.bit_count() + hole
                if count < best_count:
                    best_count, best_options, best_hole = count, options, hole and low << offset
        return best_options, best_hole, free

    def slack(self, alive: int, todo: int, free: int) -> tuple[int, list[tuple[int, int]]] | None:
        """What `choose` knows of the slots, for the reasoning solver (core/reasoning.py):
        (the free slots still reachable, each free slot that may not stay empty, by its
        number, with its live rows: the slots of a kind with none to spare), or None when
        too few are left."""
        reach = self.reach(alive, todo, free)
        if reach is None:
            return None
        free, spare, kinds = reach
        if spare < 0:
            return None
        must = [((low << offset).bit_length() - 1, options) for reached, offset, _, least
                in kinds if spare == 0 or len(reached) == least for low, options in reached]
        return free, must

    def solve(
        self,
        alive: int | None = None,
        uncovered: int | None = None,
        limit: int | None = None,
        stats: SearchStats | None = None,
        rng: random.Random | None = None,
    ) -> Iterator[list[int]]:
        """As ExactCover.solve, with the slots, `accept` and `remember_dead`."""
        if limit is not None and limit <= 0:
            return
        stats = stats if stats is not None else SearchStats()
        conflicts, row_piece, row_slots = self.conflicts, self.row_piece, self.row_slots
        choose, accept = self.choose, self.accept
        dead: set[tuple[int, int]] | None = set() if self.remember_dead else None
        older: set[tuple[int, int]] = set()
        half = max(1, self.dead_limit // 2)
        chosen: list[int] = []
        found = 0

        def search(alive: int, todo: int, free: int) -> Iterator[list[int]]:
            nonlocal found, dead, older
            stats.nodes += 1
            if stats.nodes > stats.budget:
                raise OutOfBudget
            if not todo:
                if accept is None or accept(chosen):
                    found += 1
                    yield list(chosen)
                return
            if dead is not None:
                key = (todo, alive)
                if key in dead or (older and key in older):
                    return
            choice = choose(alive, todo, free)
            if choice is None:
                return
            options, hole, free = choice
            before = found
            if options & (options - 1) or hole:
                stats.branches += 1
            else:
                stats.forced += 1
            order = list(bits_of(options))
            if rng is not None:
                rng.shuffle(order)
            for row in order:
                chosen.append(row)
                yield from search(alive & ~conflicts[row], todo & ~row_piece[row],
                                  free & ~row_slots[row])
                chosen.pop()
                if limit is not None and found >= limit:
                    return
            if hole:  # the slot stays empty
                yield from search(alive & ~options, todo, free & ~hole)
            if dead is not None and found == before:
                if len(dead) >= half:  # the older half goes: memory stays bounded
                    older, dead = dead, set()
                dead.add(key)

        try:
            yield from search(*self.begin(alive, uncovered))
        finally:
            search = _ended  # type: ignore[assignment]  # see _CYCLE

    def count(self, alive: int | None = None, uncovered: int | None = None,
              limit: int | None = None, stats: SearchStats | None = None,
              memo_limit: int = 1_000_000) -> int:
        """The number of solutions. Without `limit` and `accept`, the count of every
        sub-board met (pieces left, rows alive) is remembered: different pasts often
        leave the same one. The memo is emptied at `memo_limit` entries."""
        if limit is not None or self.accept is not None:
            return sum(1 for _ in self.solve(alive, uncovered, limit, stats))
        stats = stats if stats is not None else SearchStats()
        conflicts, row_piece, row_slots = self.conflicts, self.row_piece, self.row_slots
        choose = self.choose
        memo: dict[tuple[int, int], int] = {}

        def count(alive: int, todo: int, free: int) -> int:
            stats.nodes += 1
            if stats.nodes > stats.budget:
                raise OutOfBudget
            if not todo:
                return 1
            known = memo.get((todo, alive))
            if known is not None:
                return known
            choice = choose(alive, todo, free)
            found = 0
            if choice is not None:
                options, hole, free = choice
                for row in bits_of(options):
                    found += count(alive & ~conflicts[row], todo & ~row_piece[row],
                                   free & ~row_slots[row])
                if hole:
                    found += count(alive & ~options, todo, free & ~hole)
            if len(memo) >= memo_limit:
                memo.clear()
            memo[todo, alive] = found
            return found

        try:
            return count(*self.begin(alive, uncovered))
        finally:
            count = _no_count  # type: ignore[assignment]  # see _CYCLE

    def begin(self, alive: int | None, uncovered: int | None) -> tuple[int, int, int]:
        """The first node: (rows alive, pieces to place, slots free: all, for the slots
        of rows already chosen are reached by no live row)."""
        alive = self.all_rows if alive is None else alive
        uncovered = self.primary if uncovered is None else uncovered
        return alive, self.to_pieces(uncovered), self.all_slots
