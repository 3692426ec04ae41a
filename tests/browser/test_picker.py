"""The picker with pictures and the daily calendar (issue 25, items 2 and 3), at desktop
and phone sizes, light and dark, with screenshots in screenshots/issue25/ to look at.

- Each challenge is a small picture of its start, drawn from the game's pictures file
  (fetched when the picker opens, never before: not on a first visit's way to a move), or
  of the player's own solution once solved (one worker call for all of them, none when the
  picker opens again); the levels are sections; the booklet's gap (IQ-Twist: 2-18) is shown
  and said; the challenges are one Tab stop and the arrow keys move between them.
- The daily challenges as a calendar: the player's results on their days, a day gone by
  played from it, a day to come refused with a sentence."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import game
from iqpuzzles.core.pictures import picture
from iqpuzzles.daily import daily

from .playing import READY_TIMEOUT, calls, calls_since, count_calls
from .states import closed

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "issue25"
TWIST = game("twist")
RECORD = "iqpuzzles.v1.twist"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def plant(page: Page, site_url: str, values: dict[str, str]) -> None:
    """Store values from a page of the site's origin that runs none of its scripts."""
    page.goto(site_url + "build.json")
    page.evaluate("(values) => { for (const [k, v] of Object.entries(values)) "
                  "localStorage.setItem(k, v); }", values)


def open_at(page: Page, site_url: str, fragment: str) -> None:
    page.goto(f"{site_url}#{fragment}")
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    page.wait_for_selector("html[data-busy=false]")


def focused(page: Page, attribute: str) -> str | None:
    return page.evaluate(f"document.activeElement?.dataset?.{attribute} ?? null")


def drawn(page: Page, cell) -> int:
    """How many shapes a cell's picture draws."""
    return cell.locator(".picture > g > *").count()


def test_the_picker_draws_each_challenge_and_the_arrows_move_between_them(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    pictures_file = lambda: [u for u in fetched if u.endswith("/early/twist.pictures.json")]  # noqa: E731
    try:
        mine = TWIST.challenge_by_id("19")
        plant(page, site_url, {RECORD: json.dumps({"solved": {
            "19": {"best": 61_000, "hints": 0, "helped": False, "placement": mine.solution},
            # solved with Solve (or every piece from hints): its solution is stored, but
            # it is not drawn as a win, neither ticked nor pictured solved
            "20": {"best": None, "hints": 0, "helped": True,
                   "placement": TWIST.challenge_by_id("20").solution}}})})
        count_calls(page)
        open_at(page, site_url, "game=twist&challenge=21")
        assert pictures_file() == []  # not on the way to the first move
        before = calls(page)
        page.locator("#challenge-button").click()
        dialog = page.locator("#picker")
        current = dialog.locator(".challenge-cell[data-id='21']")
        expect(current).to_be_focused()
        # the start of 21, as Python draws it; 19 as the player solved it (one call)
        start = picture(TWIST, TWIST.position(TWIST.challenge_by_id("21").challenge))
        expect(current).to_have_attribute("data-picture", "start")
        assert drawn(page, current) == len(start)
        solved = dialog.locator(".challenge-cell[data-id='19']")
        expect(solved).to_have_attribute("data-picture", "solution")
        assert drawn(page, solved) == len(picture(TWIST, TWIST.position(mine.challenge,
                                                                         mine.solution)))
        expect(solved).to_have_attribute("aria-label",
                                         "Challenge 19, solved without help, best 1:01")
        helped = dialog.locator(".challenge-cell[data-id='20']")
        expect(helped).to_have_attribute("aria-label", "Challenge 20, solved with help")
        expect(helped).to_have_attribute("data-picture", "start")
        expect(helped.locator(".cell-best")).to_have_count(0)
        assert helped.get_attribute("data-solved") is None
        expect(solved.locator(".cell-best")).to_have_count(1)
        assert calls_since(page, before) == {"pictures": 1}
        assert len(pictures_file()) == 1
        # the levels as sections; the gap in the numbers shown and said
        for level in TWIST.page.info()["levels"]:
            expect(dialog.get_by_role("heading", name=level, exact=True)).to_be_visible()
        expect(dialog.locator(".challenge-gap")).to_have_text(re.compile("2–18"))
        expect(dialog.locator(".booklet-note")).to_contain_text("2 to 18")
        shot(page, "picker-desktop-light")

        # one Tab stop; the arrows move as the cells are laid out
        assert dialog.locator(".challenge-cell[tabindex='0']").count() == 1
        page.keyboard.press("ArrowRight")
        assert focused(page, "id") == "22"
        for want in ("21", "20", "19"):
            page.keyboard.press("ArrowLeft")
            assert focused(page, "id") == want
        box = solved.bounding_box()
        page.keyboard.press("ArrowDown")  # the one under it (1, the gap, 19, 20, 21 above)
        assert focused(page, "id") == "24"
        below = page.locator(".challenge-cell:focus").bounding_box()
        assert below["y"] > box["y"] and abs(below["x"] - box["x"]) < 2, (box, below)
        page.keyboard.press("ArrowUp")
        assert focused(page, "id") == "19"
        page.keyboard.press("Control+End")
        assert focused(page, "id") == "120"
        page.keyboard.press("PageUp")  # the level before: Master's first
        assert focused(page, "id") == "73"
        assert dialog.locator(".challenge-cell[tabindex='0']").count() == 1
        page.keyboard.press("Tab")  # one press leaves the challenges
        assert focused(page, "id") is None
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()

        # opened again: nothing asked again
        before = calls(page)
        page.locator("#challenge-button").click()
        expect(solved).to_have_attribute("data-picture", "solution")
        assert calls_since(page, before) == {} and len(pictures_file()) == 1

        # a phone, dark: the picker fills the screen, nothing wider than it, the settings
        # side by side or under each other at the same edge (no staircase)
        page.keyboard.press("Escape")
        page.set_viewport_size({"width": 390, "height": 844})
        page.emulate_media(color_scheme="dark")
        page.locator("#challenge-button").click()
        expect(current).to_be_focused()
        sizes = dialog.evaluate(
            "d => [d.scrollWidth, d.clientWidth, d.getBoundingClientRect().right]")
        assert sizes[0] <= sizes[1] and sizes[2] <= 390, sizes
        lefts = dialog.locator(".picker-setting").evaluate_all(
            "labels => labels.map((l) => [Math.round(l.getBoundingClientRect().left), "
            "Math.round(l.getBoundingClientRect().top)])")
        rows = {}
        for left, top in lefts:
            rows.setdefault(top, []).append(left)
        assert len({min(row) for row in rows.values()}) == 1, lefts
        shot(page, "picker-phone-dark")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")  # the keyboard opens a challenge
        expect(page.locator("#board")).to_have_attribute("data-challenge", "22")
    finally:
        context.close()


def _day(date: dt.date) -> str:
    return date.isoformat()


def test_the_daily_calendar_marks_results_and_refuses_days_to_come(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    try:
        page.goto(site_url + "build.json")
        today = dt.date.fromisoformat(
            page.evaluate("(async () => (await import('./progress/tally.js')).today())()"))
        won, helped, started = (today - dt.timedelta(days=n) for n in (1, 2, 3))
        puzzle = daily(TWIST, _day(started))
        in_progress = {"kind": "daily", "date": _day(started), "level": puzzle["level"],
                       "puzzle": puzzle["challenge"], "history": [""], "index": 0}
        plant(page, site_url, {RECORD: json.dumps({
            "daily": {_day(won): {"best": 75_000, "hints": 0, "helped": False},
                      _day(helped): {"best": None, "hints": 0, "helped": True}},
            "others": [in_progress]})})
        open_at(page, site_url, "game=twist&challenge=1")
        page.locator("#challenge-button").click()
        page.get_by_role("tab", name="Daily").click()
        calendar = page.locator(".calendar")
        expect(calendar).to_be_visible()
        today_button = calendar.locator(f"[data-date='{_day(today)}']")
        expect(today_button).to_have_attribute("aria-current", "date")
        today_button.focus()

        def step(key: str, date: dt.date, state: str, words: str) -> None:
            page.keyboard.press(key)
            assert focused(page, "date") == _day(date)
            here = calendar.locator(f"[data-date='{_day(date)}']")
            expect(here).to_have_attribute("data-state", state)
            expect(here).to_have_attribute("aria-label", re.compile(words))

        step("ArrowLeft", won, "solved", r": solved in 1:15$")
        step("ArrowLeft", helped, "helped", r": solved with help$")
        step("ArrowLeft", started, "started", r": started$")
        step("ArrowUp", started - dt.timedelta(days=7), "open", r": not played$")
        step("ArrowDown", started, "started", r": started$")
        assert calendar.locator(".calendar-day[tabindex='0']").count() == 1
        shot(page, "calendar-desktop-light")
        # a day to come: shown, refused with a sentence, the picker stays
        tomorrow = today + dt.timedelta(days=1)
        if tomorrow.month == today.month:
            future = calendar.locator(f"[data-date='{_day(tomorrow)}']")
            expect(future).to_have_attribute("aria-disabled", "true")
            for _ in range(4):
                page.keyboard.press("ArrowRight")
            assert focused(page, "date") == _day(tomorrow)
            page.keyboard.press("Enter")
            expect(page.locator(".calendar-said")).to_have_text(
                re.compile(r"^The challenge of .+ is not out yet: it opens that day\.$"))
            expect(page.locator("#picker")).to_be_visible()
        else:  # the month's last day: the next month is not there to open
            expect(page.locator("[data-action=next-month]")).to_be_disabled()

        # a phone, dark; then a day gone by, played from the calendar
        page.set_viewport_size({"width": 390, "height": 844})
        page.emulate_media(color_scheme="dark")
        cells = calendar.evaluate("t => [t.scrollWidth, t.parentElement.clientWidth]")
        assert cells[0] <= cells[1], cells
        shot(page, "calendar-phone-dark")
        calendar.locator(f"[data-date='{_day(won)}']").click()
        expect(page.locator("#picker")).to_be_hidden()
        board = page.locator("#board")
        expect(board).to_have_attribute("data-kind", "daily", timeout=30_000)
        expect(board).to_have_attribute("data-puzzle", daily(TWIST, _day(won))["challenge"])
        assert f"daily={_day(won)}" in page.url
    finally:
        context.close()


# Where a button lies, frame by frame for 30 frames after it is scrolled into view.
TOPS_AFTER_SCROLL = """async (selector) => {
  const button = document.querySelector(selector);
  button.scrollIntoView({ block: "center" });
  const tops = [];
  for (let frame = 0; frame < 30; frame++) {
    tops.push(button.getBoundingClientRect().top);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return tops;
}"""


def test_on_a_small_phone_print_stays_where_it_was_scrolled_to(browser, site_url):
    """A small phone scrolls the booklet with the settings and Print under it: the levels
    above, laid out as they come near the view, do not move what the player scrolled to,
    from the top of the list or from a level jumped to (IQ-Twist's picker, then, on the
    same page, IQ-Link's, laid out afresh)."""
    context = browser.new_context(viewport={"width": 320, "height": 568}, has_touch=True,
                                  is_mobile=True, service_workers="block")
    page = context.new_page()
    try:
        for game_name in ("twist", "link"):
            open_at(page, site_url, f"game={game_name}&challenge=1")
            expect(page.locator(f"#games [data-game={game_name}]")).to_have_attribute(
                "aria-pressed", "true")
            page.locator("#challenge-button").click()
            expect(page.locator("#picker")).to_be_visible()
            jumps = page.locator("#picker .level-jump")
            for route in range(jumps.count() + 1):
                if route:  # a level jumped to first, then Print
                    jumps.nth(route - 1).click()
                tops = page.evaluate(TOPS_AFTER_SCROLL, "#picker [data-action=print]")
                assert max(tops) - min(tops) <= 2, (game_name, route, tops)
                assert 0 <= tops[-1] <= 568 - 40, (game_name, route, tops)  # on screen, whole
            page.locator("#picker [data-action=print]").click()
            expect(page.locator("#print-dialog")).to_be_visible()
            closed(page)
    finally:
        context.close()
