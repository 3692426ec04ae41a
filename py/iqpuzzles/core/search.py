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
"""

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass


@dataclass
class SearchStats:
    """How much work a search did: the difficulty score of generators is built on it."""

    nodes: int = 0  # positions visited
    forced: int = 0  # positions where the chosen column had exactly one option
    branches: int = 0  # positions where it had two or more


class ExactCover:
    """Rows (column bitmasks) with precomputed conflicts, searched many times.

    Build it once per game; each challenge then only restricts which rows are
    alive and which primary columns are still to cover.
    """

    def __init__(self, rows: Sequence[int], primary: int):
        self.rows = list(rows)
        self.primary = primary
        columns: dict[int, int] = {}
        for index, row in enumerate(self.rows):
            bit = 1 << index
            mask = row
            while mask:
                low = mask & -mask
                column = low.bit_length() - 1
                columns[column] = columns.get(column, 0) | bit
                mask ^= low
        # column index -> bitset of the rows that use it
        self.column_rows = columns
        self.conflicts = []
        for row in self.rows:
            conflict = 0
            mask = row
            while mask:
                low = mask & -mask
                conflict |= columns[low.bit_length() - 1]
                mask ^= low
            self.conflicts.append(conflict)
        self.all_rows = (1 << len(self.rows)) - 1

    def rows_using(self, columns: int) -> int:
        """Bitset of the rows that use any of `columns`."""
        found = 0
        while columns:
            low = columns & -columns
            found |= self.column_rows.get(low.bit_length() - 1, 0)
            columns ^= low
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
            if rng is None:
                order = _bits(best_options)
            else:
                order = list(_bits(best_options))
                rng.shuffle(order)
            for row in order:
                chosen.append(row)
                yield from search(alive & ~conflicts[row], uncovered & ~rows[row])
                chosen.pop()
                if limit is not None and found >= limit:
                    return

        yield from search(alive, uncovered)

    def count(self, alive: int | None = None, uncovered: int | None = None,
              limit: int | None = None) -> int:
        return sum(1 for _ in self.solve(alive, uncovered, limit))


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
