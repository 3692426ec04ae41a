"""The rules of a win in one place (issue 52: web/progress/winrules.js, which the record,
the stats, the dailies and the picker's marks read), checked under Node on seeded random
games against the rules written out plainly here: a win took help when Solve was used or
every piece the player put down came from a hint; its time counts when it was played from
the start without help, and is fair (a best time, a stats time) when it also took no hint;
a win with help never takes an own win's place; the best time is the least fair time of
the own wins so far; the picker's mark says the stored win's kind."""

from __future__ import annotations

import json
import random

import pytest

from test_progress import node  # tests/test_progress.py: the page's modules under Node

PIECES = "abcdefg"


def random_win(rng: random.Random) -> dict:
    mine = rng.sample(PIECES, rng.randint(0, 4))
    given = rng.sample(PIECES, rng.randint(0, 4)) if rng.random() < 0.6 else list(mine)
    return {"elapsed": rng.randint(1, 5) * 1000, "hints": rng.choice([0, 0, 1, 3]),
            "solve": rng.random() < 0.2, "fromStart": rng.random() < 0.7,
            "mine": mine, "given": given}


def expected(wins: list[dict]) -> list[dict]:
    """Each win's verdicts and what is kept after it, by plain rules."""
    out, fair_times, owned, last_own = [], [], False, None
    for win in wins:
        by_hints = bool(win["mine"]) and set(win["mine"]) <= set(win["given"])
        helped = win["solve"] or by_hints
        counts = win["fromStart"] and not helped
        fair = counts and win["hints"] == 0
        best_before = min(fair_times) if fair_times else None
        if not helped:
            owned, last_own = True, win
            if fair:
                fair_times.append(win["elapsed"])
        best_now = min(fair_times) if fair_times else None
        if owned:  # the picker's mark: a fair time ever, else the latest own win's hints
            how = "clean" if best_now is not None else ("hints" if last_own["hints"] else "solved")
        else:
            how = "help"
        # a daily's time: the latest own win's, where it counts (from the start)
        time = last_own["elapsed"] if owned and last_own["fromStart"] else None
        out.append({"helped": helped, "counts": counts, "fair": fair,
                    "best": fair and (best_before is None or win["elapsed"] < best_before),
                    "logged": not helped, "own": owned, "bestTime": best_now, "how": how,
                    "time": time})
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_rules_of_a_win_hold_over_random_games(seed):
    rng = random.Random(seed)
    games = [[random_win(rng) for _ in range(rng.randint(1, 6))] for _ in range(150)]
    found = node("win_rules.mjs", json.dumps(games))
    for wins, got in zip(games, found, strict=True):
        for step, (want, seen) in enumerate(zip(expected(wins), got, strict=True)):
            where = f"game {wins!r}, win {step}"
            for verdict in ("helped", "counts", "fair", "best", "logged", "own", "how", "time"):
                assert seen[verdict] == want[verdict], f"{verdict} at {where}: {seen} vs {want}"
            assert seen["stored"]["best"] == want["bestTime"], where
            # a stored own win is never replaced by one with help
            assert seen["stored"]["helped"] is not want["own"], where


def test_every_kind_of_win_is_met():
    rng = random.Random(1)
    seen = {(w["solve"], bool(w["mine"]) and set(w["mine"]) <= set(w["given"]),
             w["fromStart"], w["hints"] > 0) for w in (random_win(rng) for _ in range(400))}
    assert len(seen) == 16, sorted(seen)
