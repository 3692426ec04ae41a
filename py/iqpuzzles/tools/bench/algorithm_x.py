"""Baseline only (not the product): Knuth's Algorithm X on a dict of sets.

The well-known short form (after Ali Assaf): X maps a column to the set of rows
that use it, Y maps a row to its columns. Secondary columns are removed when a
chosen row uses them but are never chosen to branch on.
"""

import time
from collections.abc import Hashable, Iterator, Sequence


class OutOfTime(Exception):
    """The search ran past its deadline."""


def solve(options: Sequence[Sequence[Hashable]], primary: Sequence[Hashable],
          secondary: Sequence[Hashable] = (), limit: int | None = None,
          deadline: float | None = None) -> Iterator[list[int]]:
    """Every exact cover; raises OutOfTime past `deadline` (a perf_counter value)."""
    Y = {i: list(option) for i, option in enumerate(options)}
    X: dict[Hashable, set[int]] = {c: set() for c in (*primary, *secondary)}
    for i, columns in Y.items():
        for c in columns:
            X[c].add(i)
    primaries = set(primary)
    found = 0

    def select(r: int) -> list[set[int]]:
        cols = []
        for j in Y[r]:
            for i in X[j]:
                for k in Y[i]:
                    if k != j:
                        X[k].remove(i)
            cols.append(X.pop(j))
        return cols

    def deselect(r: int, cols: list[set[int]]) -> None:
        for j in reversed(Y[r]):
            X[j] = cols.pop()
            for i in X[j]:
                for k in Y[i]:
                    if k != j:
                        X[k].add(i)

    def search(solution: list[int]) -> Iterator[list[int]]:
        nonlocal found
        if deadline is not None and time.perf_counter() > deadline:
            raise OutOfTime
        open_primary = [c for c in X if c in primaries]
        if not open_primary:
            found += 1
            yield list(solution)
            return
        c = min(open_primary, key=lambda col: len(X[col]))
        for r in list(X[c]):
            solution.append(r)
            cols = select(r)
            yield from search(solution)
            deselect(r, cols)
            solution.pop()
            if limit is not None and found >= limit:
                return

    yield from search([])
