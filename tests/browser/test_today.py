"""Issue 33, items 1-3: the Today page (every game's daily of the day, its level, its state,
one press to play, each game's streak and the streak over every game; the opening screen
of a returning player), the result to share (share sheet or clipboard, the same words)
and the calendar's levels, times and all-games view. Real Chromium against the built
site; what each says is checked against the stored records, read here on their own:
seeded random records of many days, the expected words and streaks computed in this file
(and the days' levels by Python's daily.py), never by the page's code.

Issue 38: the result to share appears once a daily of the day is finished, and says the
games finished only (never a line of "Not played"); a game's state reads as a state
(its words after a dot), not as a box to tick."""

from __future__ import annotations

import datetime as dt
import json
import random
import re

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import game, games
from iqpuzzles.daily import daily, level_on

from .playing import READY_TIMEOUT

pytestmark = pytest.mark.browser

GAMES = games(registered=False)
TITLES = {name: game(name).title for name in GAMES}
AT = "2026-01-01T00:00:00.000Z"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
SQUARES = {"won": "🟩", "hinted": "🟨", "helped": "🟧", "none": "⬜"}
WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]


def clock(ms: int) -> str:
    return f"{ms // 60_000}:{ms // 1000 % 60:02d}"


def long_date(day: dt.date) -> str:
    return f"{WEEKDAYS[day.weekday()]} {day.day} {MONTHS[day.month - 1]} {day.year}"


# ------------------------------------------------------------------ records and what they say


def random_win(rng: random.Random) -> dict | None:
    """One game's daily of a day as a record may hold it (None: not played)."""
    kind = rng.choice(["none", "won", "won", "hinted", "helped", "shared", "older"])
    time = rng.randrange(20_000, 900_000)
    hints = rng.randrange(1, 4)
    return {"none": None,
            "won": {"best": time, "time": time, "hints": 0, "at": AT, "helped": False},
            "hinted": {"best": None, "time": time, "hints": hints, "at": AT, "helped": False},
            "helped": {"best": None, "hints": hints, "at": AT, "helped": True},
            # from a shared position: won, no time of its own (a best kept from before)
            "shared": {"best": time, "hints": 0, "at": AT, "helped": False, "untimed": True},
            # as recorded before a win's own time was kept: its best, a fair time
            "older": {"best": time, "hints": 0, "at": AT, "helped": False}}[kind]


def random_records(seed: int, today: dt.date, days: int = 50) -> dict[str, dict]:
    rng = random.Random(seed)
    records = {name: {"daily": {}} for name in GAMES}
    for n in range(1, days):
        date = str(today - dt.timedelta(days=n))
        everyone = rng.random() < 0.35  # runs of days every game won, for the streaks
        for name in GAMES:
            win = ({"best": 61_000, "time": 61_000, "hints": 0, "at": AT, "helped": False}
                   if everyone else random_win(rng))
            if win:
                records[name]["daily"][date] = win
    return records


def said(win: dict | None, hide: bool = False) -> str:
    """The words of one game's daily result (README: a time only where it counts)."""
    if win is None:
        return "Not played"
    if win["helped"]:
        return "Solved with help"
    time = None if win.get("untimed") else win.get("time", win["best"])
    hints = f"{win['hints']} hint{'s' * (win['hints'] > 1)}" if win["hints"] else "no hints"
    return f"Solved{f' in {clock(time)}' if time is not None and not hide else ''} · {hints}"


def square(win: dict | None) -> str:
    if win is None:
        return "none"
    return "helped" if win["helped"] else "hinted" if win["hints"] else "won"


def streak(won: set[str], today: dt.date) -> tuple[int, int]:
    """(current, longest) of consecutive days in `won`, the current counted back from today
    (from yesterday while today's is not won)."""
    days = sorted(dt.date.fromisoformat(d) for d in won)
    longest = run = 0
    for i, day in enumerate(days):
        run = run + 1 if i and days[i - 1] == day - dt.timedelta(days=1) else 1
        longest = max(longest, run)
    day = today if str(today) in won else today - dt.timedelta(days=1)
    current = 0
    while str(day) in won:
        current += 1
        day -= dt.timedelta(days=1)
    return current, longest


def own(records: dict, name: str) -> set[str]:
    return {d for d, w in records[name]["daily"].items() if not w["helped"]}


def all_won(records: dict) -> set[str]:
    return set.intersection(*(own(records, name) for name in GAMES))


def result_text(records: dict, date: dt.date, base: str, name: str | None = None) -> str | None:
    """The result card's words, from the records (computed here, not by the page): the
    games whose daily of the day is finished (won, with help or not); None when there is
    none (no card)."""
    day = str(date)
    level = level_on(date)
    wins = {g: records[g]["daily"][day] for g in GAMES if records[g]["daily"].get(day)}
    if (name and name not in wins) or not wins:
        return None
    if name:
        lines = [f"{TITLES[name]} · Daily {day} · {level}",
                 f"{SQUARES[square(wins[name])]} {said(wins[name])}"]
        current = streak(own(records, name), date)[0]
        if current > 1:
            lines.append(f"Daily streak: {current} days")
        return "\n".join([*lines, f"{base}#game={name}&daily={day}"])
    picture = "".join(SQUARES[square(w)] for w in wins.values())
    lines = [f"IQ Puzzles · Daily {day} · {level}", picture,
             *(f"{TITLES[g]}: {said(w)}" for g, w in wins.items())]
    current = streak(all_won(records), date)[0]  # over every game, finished today or not
    if current > 1:
        lines.append(f"All-four streak: {current} days")
    return "\n".join([*lines, f"{base}#daily={day}"])


# ------------------------------------------------------------------ the page


def plant(page: Page, site_url: str, records: dict) -> None:
    page.goto(site_url + "build.json")  # the site's origin, none of its scripts
    page.evaluate("(values) => { localStorage.clear(); "
                  "for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v); "
                  "localStorage.setItem('iqpuzzles.v1.learned', "
                  "JSON.stringify(Object.keys(values).map((k) => k.split('.').pop()))); }",
                  {f"iqpuzzles.v1.{name}": json.dumps(r) for name, r in records.items()})


def browser_today(page: Page) -> dt.date:
    return dt.date.fromisoformat(page.evaluate(
        "(() => { const d = new Date(); return new Date(d - d.getTimezoneOffset() * 6e4)"
        ".toISOString().slice(0, 10); })()"))


def ready(page: Page) -> None:
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    page.wait_for_selector("html[data-busy=false]")


def days(n: int) -> str:
    return f"{n} day{'s' * (n != 1)}"


def check_rows(dialog, records: dict, today: dt.date, states: dict[str, str]) -> None:
    """Each game's row: its level, its state in words (after a dot of its kind, no box to
    tick), its streak; the streak over all."""
    expect(dialog.locator(".today-game .result-square, .today-game input")).to_have_count(0)
    for name in GAMES:
        row = dialog.locator(f".today-game[data-game={name}]")
        expect(row.locator(".today-game-title")).to_have_text(f"{TITLES[name]} · {level_on(today)}")
        expect(row.locator(".today-game-state")).to_have_text(states[name])
        win = records[name]["daily"].get(str(today))
        mark = square(win) if win else row.get_attribute("data-state")
        expect(row.locator(".today-game-state")).to_have_attribute("data-mark", mark)
        dot = row.locator(".today-game-state").evaluate(
            "s => { const d = getComputedStyle(s, '::before'); "
            "return [d.content, d.borderRadius, d.width, d.height]; }")
        assert dot[0] == '""' and dot[1] == "50%" and dot[2] == dot[3], (name, dot)
        current, longest = streak(own(records, name), today)
        expect(row.locator(".today-game-streak")).to_have_text(
            f"Daily streak {days(current)} · longest {days(longest)}")
    current, longest = streak(all_won(records), today)
    expect(dialog.locator(".today-streak")).to_have_attribute("data-current", str(current))
    expect(dialog.locator(".today-streak")).to_have_attribute("data-longest", str(longest))


def check_calendar(dialog, records: dict, today: dt.date, name: str | None) -> int:
    """Every day of the month shown, up to today: its level and result in its name, its
    mark; for every game, solved only when each game's daily was won. The days checked."""
    labels = dialog.locator(".calendar-day:not([data-state=future])").evaluate_all(
        "(ds) => ds.map((d) => [d.dataset.date, d.dataset.state, d.getAttribute('aria-label')])")
    assert labels and labels[-1][0] == str(today)
    for date, state, label in labels:
        day = dt.date.fromisoformat(date)
        head = f"{'Today, ' if day == today else ''}{long_date(day)}, {level_on(day)}: "
        if name:
            win = records[name]["daily"].get(date)
            words = ("not played" if win is None else said(win).lower().replace(" · ", ", ")
                     .replace(", no hints", ""))
            want = "open" if win is None else "helped" if win["helped"] else "solved"
        else:
            wins = {g: records[g]["daily"].get(date) for g in GAMES}
            words = ", ".join(f"{TITLES[g]} {said(w).lower().replace(' · ', ', ')}"
                              for g, w in wins.items())
            if date in all_won(records):
                words = f"every game solved: {words}"
            want = ("solved" if date in all_won(records)
                    else "started" if any(wins.values()) else "open")
        assert label == head + words, (label, head + words)
        assert state == want, (date, state, want)
    # each weekday's level over its column, as Python grades the week
    monday = today - dt.timedelta(days=today.weekday())
    expect(dialog.locator(".calendar th .weekday-level")).to_have_text(
        [level_on(monday + dt.timedelta(days=i)) for i in range(7)])
    return len(labels)


RECORDER = """() => {
  // headless Chromium has no share sheet: the absent navigator.share is stood in for by a
  // recorder of what the page hands it (nothing else of the browser is replaced)
  window.__shared = [];
  navigator.share = async (data) => { window.__shared.push(data); };
}"""


@pytest.mark.parametrize("size", SIZES)
def test_today_page_says_what_the_records_say(browser, site_url, size):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  service_workers="block", reduced_motion="reduce")
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.goto(site_url + "build.json")
        today = browser_today(page)
        records = random_records(33 + len(size), today)
        plant(page, site_url, records)
        if size == "phone":  # an address that names a position: no Today page over it
            page.goto(f"{site_url}#game=link&challenge=T01")
            ready(page)
            expect(page.locator("#games [data-game=link]")).to_have_attribute(
                "aria-pressed", "true")
            assert page.locator("#today[open]").count() == 0
            page.goto(site_url + "build.json")
        # a returning player, none of today's dailies played: the day opens on Today
        page.goto(site_url)
        ready(page)
        dialog = page.locator("#today")
        expect(dialog).to_be_visible()
        expect(dialog.locator(".today-date")).to_have_text(
            f"{long_date(today)} · {level_on(today)}")
        check_rows(dialog, records, today, dict.fromkeys(GAMES, "Not started"))
        assert check_calendar(dialog, records, today, None) == today.day
        # by keyboard: it opens on its first game, Escape leaves it, the header's button
        # brings it back
        expect(dialog.locator(".today-game").first).to_be_focused()
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        if size == "desktop":  # the opening screen once per opening: not on a reload...
            page.goto(site_url)
            ready(page)
            assert page.locator("#today[open]").count() == 0
            page.evaluate("sessionStorage.clear()")  # ... but on the next opening
            page.goto(site_url)
            ready(page)
            expect(dialog).to_be_visible()
            page.keyboard.press("Escape")
        page.locator("#today-button").focus()
        page.keyboard.press("Enter")
        expect(dialog.locator(".today-game").first).to_be_focused()

        # nothing of today's finished: no result to share (no card of "Not played"), in
        # every game's view; the calendar of one game
        assert result_text(records, today, site_url) is None
        expect(dialog.locator(".result")).to_be_hidden()
        dialog.locator(".today-views [data-view=twist]").click()
        expect(dialog.locator(".result")).to_be_hidden()
        check_calendar(dialog, records, today, "twist")
        dialog.locator(".today-views [data-view=all]").click()

        # one press plays a game's daily; back on Today it is in progress, with its time
        dialog.locator(".today-game[data-game=steps]").click()
        expect(dialog).to_be_hidden()
        expect(page.locator("#games [data-game=steps]")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#board")).to_have_attribute("data-kind", "daily", timeout=30_000)
        made = daily(game("steps"), str(today))["challenge"]
        expect(page.locator("#board")).to_have_attribute("data-puzzle", made)
        ready(page)
        page.locator("#today-button").click()
        expect(dialog).to_be_visible()
        expect(dialog.locator(".today-game[data-game=steps] .today-game-state")).to_have_text(
            re.compile(r"^In progress · \d+:\d\d so far$"))
        expect(dialog.locator(".today-game[data-game=steps]")).to_have_attribute(
            "data-state", "started")

        # today's results of the other games, stored meanwhile (the page writes only the
        # game shown): Today, the calendar and the card say them
        for name in GAMES:
            if name != "steps":
                records[name]["daily"][str(today)] = random_win(random.Random(name)) or \
                    {"best": None, "time": 95_000, "hints": 2, "at": AT, "helped": False}
        page.evaluate("(values) => { for (const [k, v] of Object.entries(values)) "
                      "localStorage.setItem(k, v); }",
                      {f"iqpuzzles.v1.{n}": json.dumps(r) for n, r in records.items()
                       if n != "steps"})
        page.keyboard.press("Escape")
        page.locator("#today-button").click()
        states = {n: said(records[n]["daily"][str(today)]) for n in GAMES if n != "steps"}
        check_rows(dialog, records, today, {**states, "steps": re.compile("^In progress")})
        # the result to share, of the games finished (IQ-Steps, in progress, is not one of
        # them) and of one, in the same words both ways
        base = site_url.split("#")[0]
        text = dialog.locator(".result-text")
        expect(dialog.locator(".result")).to_be_visible()
        expect(text).to_have_value(result_text(records, today, base))
        assert "Not played" not in text.input_value() and "IQ-Steps" not in text.input_value()
        expect(dialog.locator(".result-squares .result-square")).to_have_count(len(GAMES) - 1)
        dialog.locator(".today-views [data-view=steps]").click()  # not finished: no card
        expect(dialog.locator(".result-card")).to_be_hidden()
        expect(dialog.locator(".result-none")).to_have_text(
            "IQ-Steps has no result today yet: it comes once its daily is solved.")
        assert page.evaluate("typeof navigator.share") in ("undefined", "function")
        if page.evaluate("typeof navigator.share") == "undefined":
            page.evaluate(RECORDER)
        dialog.locator(".today-views [data-view=twist]").click()  # shown again: a share sheet now
        expect(text).to_have_value(result_text(records, today, base, "twist"))
        dialog.get_by_role("button", name="Share result").click()
        expect(dialog.locator(".share-said")).to_have_text("Shared.")
        shared = page.evaluate("window.__shared")
        assert len(shared) == 1
        assert shared[0]["text"] + "\n" + shared[0]["url"] == text.input_value()
        assert shared[0]["url"] == f"{base}#game=twist&daily={today}"
        page.evaluate("() => { delete navigator.share; }")  # no share sheet: the clipboard
        dialog.locator(".today-views [data-view=all]").click()
        dialog.get_by_role("button", name="Copy result").click()
        expect(dialog.locator(".share-said")).to_have_text("Copied.")
        assert page.evaluate("navigator.clipboard.readText()") == result_text(records, today, base)
    finally:
        context.close()


SHARE_BOX = """async (text) => {
  const { shareBox } = await import("./dialogs/share.js");
  const sent = async () => {
    const { text: words, send } = shareBox(text);  // (the words, and the row of the button)
    const box = document.createElement("div");
    box.append(words, send);
    document.body.append(box);
    const button = box.querySelector("button");
    const label = button.textContent;
    button.click();
    const said = box.querySelector(".share-said");
    const until = performance.now() + 20000;  // (nothing said in 20 s: the test says so)
    while (!said.textContent && performance.now() < until) {
      await new Promise((r) => setTimeout(r, 20));
    }
    box.remove();
    return { label, said: said.textContent };
  };
  const shared = [];
  navigator.share = async (data) => { shared.push(data); };  // a recorder, where none is
  const sheet = await sent();
  delete navigator.share;
  const copied = await sent();
  return { sheet, shared, copied, clipboard: await navigator.clipboard.readText() };
}"""


def test_the_win_cards_result_goes_to_the_share_sheet_or_the_clipboard(origin_page):
    """A finished daily's share box (share.js, on the win card): where the browser has a
    share sheet its button says Share and hands it the words and the link; where it has
    none (headless Chromium: the sheet is a recorder then, and then taken away) it copies
    the same words with the link on the last line, to the real clipboard."""
    origin_page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    link = origin_page.url.split("build.json")[0] + "#game=twist&daily=2026-03-04"
    text = ("IQ-Twist · Daily 2026-03-04 · Expert\n"
            f"Solved in 1:01 from the first look · no hints\n{link}")
    # the recorder stands in only for a sheet this Chromium lacks (a test opens no real one)
    assert origin_page.evaluate("typeof navigator.share") == "undefined", \
        "this Chromium has a share sheet of its own: the test would open it"
    out = origin_page.evaluate(SHARE_BOX, text)
    assert out["sheet"] == {"label": "Share result", "said": "Shared."}
    lines = text.splitlines()
    assert out["shared"] == [{"title": lines[0], "text": "\n".join(lines[:-1]), "url": link}]
    assert out["copied"] == {"label": "Copy result", "said": "Copied."}
    assert out["clipboard"] == text
