"""core.search on its own: exact cover over hand-made instances with known answers, and
the slot cover's dead-board memo (capped) never changing an answer."""

import random
from itertools import combinations

import pytest

from iqpuzzles import game
from iqpuzzles.core.search import DEAD_LIMIT, ExactCover, SearchStats, SlotCover
from iqpuzzles.link.solver import tables as link_tables


def mask(*columns: int) -> int:
    return sum(1 << c for c in columns)


# Knuth's example (Dancing Links, 2000): columns A-G, one exact cover: rows 0, 3 and 4.
KNUTH_ROWS = [mask(2, 4, 5), mask(0, 3, 6), mask(1, 2, 5), mask(0, 3), mask(1, 6),
              mask(3, 4, 6)]


def covers(rows: list[int], primary: int) -> list[frozenset[int]]:
    """Every exact cover, by brute force: each primary column once, others at most once,
    every row chosen for a primary column (a row of secondary columns only is never one)."""
    found = []
    useful = [r for r in range(len(rows)) if rows[r] & primary]
    for size in range(len(useful) + 1):
        for chosen in combinations(useful, size):
            used, clash = 0, False
            for r in chosen:
                clash |= bool(used & rows[r])
                used |= rows[r]
            if not clash and used & primary == primary:
                found.append(frozenset(chosen))
    return found


def solved(cover: ExactCover, **options) -> list[frozenset[int]]:
    return [frozenset(s) for s in cover.solve(**options)]


def test_knuths_example_has_its_one_cover():
    cover = ExactCover(KNUTH_ROWS, primary=mask(*range(7)))
    assert solved(cover) == [frozenset({0, 3, 4})]
    assert cover.count() == 1


def test_the_empty_problem_has_one_cover_the_empty_one():
    assert solved(ExactCover([], primary=0)) == [frozenset()]
    assert solved(ExactCover([mask(0), mask(1)], primary=0)) == [frozenset()]


def test_an_impossible_problem_has_none():
    # column 2 is in no row
    assert solved(ExactCover([mask(0), mask(1), mask(0, 1)], primary=mask(0, 1, 2))) == []
    # every way to cover column 0 clashes with the only way to cover column 1
    assert ExactCover([mask(0, 2), mask(0, 3), mask(1, 2, 3)], primary=mask(0, 1)).count() == 0


def test_secondary_columns_are_used_at_most_once():
    # column 5 is secondary: rows 0 and 1 may not both be chosen, and need not cover it
    cover = ExactCover([mask(0, 5), mask(1, 5), mask(1)], primary=mask(0, 1))
    assert solved(cover) == [frozenset({0, 2})]


def test_limit_stops_the_search():
    rows = [mask(c) for c in range(6) for _ in range(2)]  # two ways per column: 64 covers
    cover = ExactCover(rows, primary=mask(*range(6)))
    assert cover.count() == 64
    assert [cover.count(limit=n) for n in (0, 1, 5, 64, 100)] == [0, 1, 5, 64, 64]
    assert len(solved(cover, limit=5)) == 5 == len(set(solved(cover, limit=5)))
    assert solved(cover, limit=-1) == []


def test_alive_and_uncovered_restrict_the_problem():
    cover = ExactCover(KNUTH_ROWS, primary=mask(*range(7)))
    assert solved(cover, alive=mask(0, 1, 2, 4, 5)) == []  # row 3 (A D) gone
    # only B and G to cover; the other columns at most once
    assert sorted(solved(cover, uncovered=mask(1, 6)), key=sorted) == \
        [frozenset({1, 2}), frozenset({2, 5}), frozenset({4})]


@pytest.mark.parametrize("seed", range(40))
def test_solve_and_count_agree_with_brute_force(seed):
    rng = random.Random(seed)
    columns = rng.randint(1, 6)
    rows = [rng.randint(1, (1 << (columns + 2)) - 1) for _ in range(rng.randint(0, 11))]
    primary = rng.randint(0, (1 << columns) - 1)
    cover = ExactCover(rows, primary)
    expected = sorted(covers(rows, primary), key=sorted)
    assert sorted(solved(cover), key=sorted) == expected
    assert cover.count() == len(expected)
    shuffled = solved(cover, rng=random.Random(seed))  # another order, the same covers
    assert sorted(shuffled, key=sorted) == expected


def test_stats_count_the_work():
    stats = SearchStats()
    solved(ExactCover(KNUTH_ROWS, primary=mask(*range(7))), stats=stats)
    assert stats.nodes >= 4 and stats.forced + stats.branches <= stats.nodes


# --------------------------------------------------------------------------- SlotCover

def small_slot_cover(**options) -> SlotCover:
    """Two pieces (columns 0, 1) and three slots of one kind (columns 2, 3, 4): piece 0
    fits slot 2 or 3, piece 1 slot 3 or 4; the third slot may stay empty."""
    rows = [mask(0, 2), mask(0, 3), mask(1, 3), mask(1, 4)]
    return SlotCover(rows, primary=mask(0, 1), kinds=[mask(2, 3, 4)], **options)


@pytest.mark.parametrize("options", [{}, {"remember_dead": True},
                                     {"remember_dead": True, "dead_limit": 1}])
def test_slot_cover_finds_every_cover(options):
    cover = small_slot_cover(**options)
    assert sorted(solved(cover), key=sorted) == sorted(
        [frozenset({0, 2}), frozenset({0, 3}), frozenset({1, 3})], key=sorted)
    assert cover.count() == 3 and cover.count(limit=2) == 2


def test_the_dead_board_memo_is_capped_by_default():
    assert small_slot_cover(remember_dead=True).dead_limit == DEAD_LIMIT
    assert 0 < DEAD_LIMIT <= 1_000_000


@pytest.mark.parametrize("challenge", ["BAAHBATCJ", "ALD"])
def test_a_tiny_dead_board_memo_changes_no_answer(challenge):
    """IQ-Link's search with its memo cut down to a few boards: the same solutions in the
    same order, only more work."""
    link = game("link")
    cover = link_tables().cover
    setup = link.setup(challenge)
    before = SearchStats()
    expected = list(link.solver.complete(setup, setup.fixed, None, before))
    saved = cover.dead_limit
    cover.dead_limit = 4
    try:
        after = SearchStats()
        found = list(link.solver.complete(setup, setup.fixed, None, after))
    finally:
        cover.dead_limit = saved
    assert found == expected != []
    assert after.nodes >= before.nodes
