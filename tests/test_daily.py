"""The daily challenge: the same for every player on a date, graded through the week,
unique, never from the booklet; a date that is not a day is a clear error."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from iqpuzzles import game, games
from iqpuzzles.api import handle
from iqpuzzles.daily import RHYTHM, DateError, daily, level_on, parse_date, place_of
from iqpuzzles.generate import pick, pool_sizes
from iqpuzzles.tools.levels import is_booklet

ROOT = Path(__file__).resolve().parents[1]
WEEK = [f"2026-11-{day}" for day in range(23, 30)]  # Monday 23 to Sunday 29


@pytest.mark.parametrize("name", games(registered=False))
def test_a_week_of_dailies_is_graded_unique_and_new(name):
    g = game(name)
    levels = []
    for date in WEEK:
        today = daily(g, date)
        assert today["date"] == date
        assert g.strings.count_solutions(today["challenge"], 2) == 1
        assert not is_booklet(g, today["challenge"])
        levels.append(today["level"])
    assert levels == list(RHYTHM) == ["Starter", "Junior", "Expert", "Expert", "Master",
                                      "Wizard", "Wizard"]


@pytest.mark.parametrize("name", games(registered=False))
def test_five_years_of_dailies_repeat_nothing_at_any_level(name):
    """Each level's days walk its pool: the n-th day of a level takes place n of a seeded
    permutation (picked here without the solver's proof, which `daily` adds). Over five
    years of days (1,827), from any first day, no level gives a challenge twice: its pool
    holds more than its days in any five years."""
    g = game(name)
    first = dt.date(2026, 11, 23)
    days = [first + dt.timedelta(days=k) for k in range(1827)]
    sizes = pool_sizes(g)
    by_level: dict[str, list[str]] = {}
    for day in days:
        by_level.setdefault(level_on(day), []).append(pick(g, level_on(day), place_of(day),
                                                           "daily"))
    for level, challenges in by_level.items():
        assert len(set(challenges)) == len(challenges), (level, sizes[level])
        most = max(sum(level_on(first + dt.timedelta(days=start + k)) == level
                       for k in range(1827)) for start in range(7))
        assert sizes[level] >= most, (level, most)
        # the walk goes on in the same order once a pool is used up
        again = pick(g, level, sizes[level] + 3, "daily")
        assert again == pick(g, level, 3, "daily")
    assert daily(g, "2027-09-25")["challenge"] == pick(g, "Wizard",
                                                       place_of(dt.date(2027, 9, 25)), "daily")


def test_the_same_date_gives_the_same_challenge_and_games_differ():
    first = daily(game("twist"), "2026-11-25")
    assert daily(game("twist"), "2026-11-25") == first
    assert daily(game("twist"), "2026-12-02")["challenge"] != first["challenge"]
    assert first["name"] == "Daily 25 Nov"


@pytest.mark.parametrize("text", ["2026-02-30", "2026-13-01", "26-11-23", "2026-11-23 ",
                                  "2026/11/23", "１２３４-11-23", "٢٠٢٦-١١-٢٣",
                                  "２０２６-１１-２３", ""])
def test_a_date_that_is_not_a_day_is_refused_in_words(text):
    with pytest.raises(DateError) as error:
        parse_date(text)
    assert "2026-11-23" in str(error.value) or "day" in str(error.value)


@pytest.mark.parametrize("text", ["1999-12-31", "3000-01-01"])
def test_a_real_date_outside_the_games_years_is_called_a_date(text):
    """It is a date (the message used to say it was not): only outside 2000-2999."""
    with pytest.raises(DateError) as error:
        parse_date(text)
    assert str(error.value) == (f"{text} is a date, but daily challenges are from "
                                "2000-01-01 to 2999-12-31")


def test_the_api_answers_a_daily_and_refuses_a_bad_date():
    ok = json.loads(handle(json.dumps({"id": 1, "op": "daily", "game": "focus",
                                       "date": "2026-11-28"})))
    assert ok["ok"] and ok["result"]["level"] == "Wizard"
    bad = json.loads(handle(json.dumps({"id": 2, "op": "daily", "game": "focus",
                                        "date": "2026-02-29"})))
    assert not bad["ok"] and bad["error"]["type"] == "DateError"


def test_the_cli_prints_the_daily():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    done = subprocess.run([sys.executable, "-m", "iqpuzzles", "daily", "steps", "2026-11-24"],
                          capture_output=True, text=True, env=env, timeout=120)
    today = daily(game("steps"), "2026-11-24")
    assert (done.returncode, done.stdout) == (0, f"2026-11-24 Junior {today['challenge']}\n")
    bad = subprocess.run([sys.executable, "-m", "iqpuzzles", "daily", "steps", "tomorrow"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert bad.returncode == 2 and "year-month-day" in bad.stderr


def test_the_first_of_a_month_is_written_as_each_language_writes_it():
    """Issue 54 (French review): the 1st is "1er" in French ("Défi du 1er avril"), its
    number elsewhere; every other day is its number in every language."""
    from iqpuzzles.core.i18n import LANGUAGES, language

    for code in LANGUAGES:
        with language(code):
            first, second = (daily(game("twist"), f"2026-04-0{d}")["name"] for d in (1, 2))
        assert first == second.replace("2", "1er" if code == "fr" else "1", 1), (code, first)
    with language("fr"):
        assert daily(game("twist"), "2026-04-01")["name"] == "Défi du 1er avril"
