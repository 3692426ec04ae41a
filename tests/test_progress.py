"""Progress merged, never overwritten (issue 37): the laws of web/progress/progress.js's merge on
seeded random records (commutative, associative, idempotent on what was earned; no win,
best time, daily or logged win lost; per challenge the game moved last), and the rule of a
daily's day and a streak across time zones (web/progress/tally.js): the day is the date on the
player's own clock where they are; a streak counts dates, whatever the zone or its summer
time. Both run the page's own modules under Node."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

HERE = Path(__file__).resolve().parent


def node(script: str, *args: str, env: dict[str, str] | None = None) -> dict:
    exe = shutil.which("node")
    if exe is None:
        pytest.fail("node is needed for the page's modules")
    done = subprocess.run([exe, str(HERE / script), *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **(env or {})}, check=False)
    assert done.stdout, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("seed", [1, 2])
def test_the_merge_keeps_everything_either_record_earned(seed):
    result = node("progress_laws.mjs", str(seed), "500")
    assert result == {"checked": 500}, json.dumps(result)[:4000]


ZONES = ["Pacific/Pago_Pago", "America/Los_Angeles", "America/New_York", "UTC",
         "Europe/Berlin", "Asia/Tokyo", "Pacific/Kiritimati"]
# instants around midnights and a summer-time change (New York, 8 March 2026)
INSTANTS = [dt.datetime(2026, 3, 7, 23, 30, tzinfo=dt.UTC),
            dt.datetime(2026, 3, 8, 7, 30, tzinfo=dt.UTC),
            dt.datetime(2026, 3, 8, 10, 59, tzinfo=dt.UTC),
            dt.datetime(2026, 12, 31, 23, 59, tzinfo=dt.UTC)]
# a run of dailies over New York's change to summer time, then a gap, then one more
WINS = ["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09", "2026-03-11"]


@pytest.mark.parametrize("zone", ZONES)
def test_a_dailys_day_is_the_players_own_date_and_a_streak_counts_dates(zone):
    asked = {"instants": [int(i.timestamp() * 1000) for i in INSTANTS], "wins": WINS,
             "today": "2026-03-09"}
    result = node("tally_zones.mjs", json.dumps(asked), env={"TZ": zone})
    # the date on the player's clock where they are, as zoneinfo says it
    assert result["days"] == [i.astimezone(ZoneInfo(zone)).date().isoformat() for i in INSTANTS]
    # the same dates make the same streak in every zone: four days to today, five never
    assert result["streak"] == {"current": 4, "longest": 4}


# (wins, today, current): dailies won further east, a day or two ahead of the player's
# date after flying west, still count; the longer run counts where today is not won
AHEAD = [
    (["2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10"], "2026-03-09", 4),
    (["2026-03-07", "2026-03-08", "2026-03-10"], "2026-03-09", 2),
    (["2026-03-08", "2026-03-10", "2026-03-11"], "2026-03-09", 2),
    (["2026-03-07", "2026-03-08", "2026-03-09", "2026-03-10", "2026-03-11"], "2026-03-09", 5),
    (["2026-03-07", "2026-03-08", "2026-03-12"], "2026-03-09", 2),
    (["2026-03-07", "2026-03-08"], "2026-03-09", 2),
]


@pytest.mark.parametrize(("wins", "today", "current"), AHEAD)
def test_a_streak_counts_a_daily_won_further_east(wins, today, current):
    asked = {"instants": [], "wins": wins, "today": today}
    result = node("tally_zones.mjs", json.dumps(asked), env={"TZ": "America/Los_Angeles"})
    assert result["streak"]["current"] == current
