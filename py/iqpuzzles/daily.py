"""The daily challenge: one generated challenge per game and date, the same for every
player, graded through the week.

The rhythm (one level a day, easiest on Monday, hardest on the weekend):

    Monday Starter, Tuesday Junior, Wednesday Expert, Thursday Expert,
    Friday Master, Saturday Wizard, Sunday Wizard

Each level's days walk their own seeded permutation of the level's pool (generate.py):
the n-th day of a level since 2000 takes place n of it, so no daily repeats within its
level before the whole pool has been given. Like every generated challenge it has a
proven unique solution and is never a booklet challenge.

    >>> from iqpuzzles import game
    >>> daily(game("twist"), "2026-11-23")["level"]
    'Starter'
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from .core.errors import ChallengeError, quote
from .core.game import Game
from .core.i18n import pmark, ptr, tr
from .generate import generate

# Monday is weekday 0
RHYTHM = ("Starter", "Junior", "Expert", "Expert", "Master", "Wizard", "Wizard")
DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")  # ASCII digits only
DAILY_YEARS = 5  # a level's pool holds at least this many years of its days (tools/pools.py)
FIRST = dt.date(2000, 1, 1)  # dates outside these years are not days anyone plays
LAST = dt.date(2999, 12, 31)
# a daily challenge's name, short (it fits a phone's header): a whole message for each
# month, so that each language writes the day and its month's short name its own way
DAILY = "daily challenge's name"  # their context
NAMES = (
    pmark("daily challenge's name", "Daily %(day)s Jan"),
    pmark("daily challenge's name", "Daily %(day)s Feb"),
    pmark("daily challenge's name", "Daily %(day)s Mar"),
    pmark("daily challenge's name", "Daily %(day)s Apr"),
    pmark("daily challenge's name", "Daily %(day)s May"),
    pmark("daily challenge's name", "Daily %(day)s Jun"),
    pmark("daily challenge's name", "Daily %(day)s Jul"),
    pmark("daily challenge's name", "Daily %(day)s Aug"),
    pmark("daily challenge's name", "Daily %(day)s Sep"),
    pmark("daily challenge's name", "Daily %(day)s Oct"),
    pmark("daily challenge's name", "Daily %(day)s Nov"),
    pmark("daily challenge's name", "Daily %(day)s Dec"))
def day_of_the_month(day: int) -> str:
    """ "1" (French "1er") for the 1st, else the day's number, for a daily's name.

    >>> day_of_the_month(23)
    '23'
    """
    # (a message of its own: the 1st is the day some languages write otherwise)
    return ptr("the first of a month, in a daily challenge's name", "1") if day == 1 else str(day)


class DateError(ChallengeError):
    """A daily challenge's date that is not a day of the calendar (YYYY-MM-DD)."""


def parse_date(text: str) -> dt.date:
    """The date written exactly YYYY-MM-DD, a real day from 2000 to 2999; else a DateError
    in words a player reads."""
    match = DATE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise DateError(tr("%(text)s is not a date written as year-month-day in ASCII digits "
                           "(2026-11-23)", text=quote(text)))
    try:
        day = dt.date(*(int(part) for part in match.groups()))
    except ValueError:
        raise DateError(tr("%(text)s is not a day of the calendar", text=text)) from None
    if not FIRST <= day <= LAST:
        raise DateError(tr("%(text)s is a date, but daily challenges are from %(first)s to "
                           "%(last)s", text=text, first=FIRST, last=LAST))
    return day


def level_on(day: dt.date) -> str:
    return RHYTHM[day.weekday()]


FIRST_MONDAY = FIRST - dt.timedelta(days=FIRST.weekday())  # the week the days count from


def place_of(day: dt.date) -> int:
    """How many days of the day's level came before it since FIRST_MONDAY: its place in
    the level's walk."""
    level = level_on(day)
    weeks, weekday = divmod((day - FIRST_MONDAY).days, 7)
    per_week = RHYTHM.count(level)
    return weeks * per_week + RHYTHM[:weekday].count(level)


def daily(game: Game[Any], date: str) -> dict[str, Any]:
    """{date, level, challenge, name} of the game's challenge for that date."""
    day = parse_date(date)
    level = level_on(day)
    if not game.can_generate:
        raise ChallengeError(tr("%(game)s cannot make daily challenges", game=game.title))
    return {"date": day.isoformat(), "level": level,
            "challenge": generate(game, level, place_of(day), walk="daily"),
            "name": ptr(DAILY, NAMES[day.month - 1], day=day_of_the_month(day.day))}
