"""How well each challenge was solved, in the picker (issue 33, item 5): without help, with
hints or with help (Solve), and the best time against the player's median for its level
("1:35 · your Starter median 1:55"), from the stored records; no time at all with the
clock hidden. The marks are checked against the same records computed here on their own
(the median by statistics.median), at desktop and phone sizes, with screenshots.

Issue 38: a challenge finished with Solve is marked neutrally (seen, "solved with Solve",
no prize's star); a median is one only of at least 3 fair wins of its level, and a time's
difference from it is shown only when it is not 0:00 as shown."""

from __future__ import annotations

import json
import os
import re
import statistics
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import game

from .playing import READY_TIMEOUT
from .test_picker import RECORD, open_at, plant

pytestmark = pytest.mark.browser

TWIST = game("twist")
SCREENS = Path(os.environ.get("IQ_SCREENS", "/work/screens/h10"))
LEVEL = {c.id: c.level for c in TWIST.challenges}
STARTER = [c.id for c in TWIST.challenges if c.level == "Starter"][:7]
MEDIAN_WINS = 3  # fair wins of a level before its median is one to measure a time against
JUNIOR = [c.id for c in TWIST.challenges if c.level == "Junior"][:1]

# the stored wins: a best time (one of them with hints since), hints only, help (every
# piece from a hint, or a record from before the help was told apart), Solve's help, a
# win not from the start, a best time the same as the median as shown; a level with one
# fair win (no median worth the name); the log the stats count (a win with hints is not
# fair)
WINS = {
    STARTER[0]: {"best": 95_000, "hints": 0, "helped": False},
    STARTER[1]: {"best": 130_400, "hints": 2, "helped": False},
    STARTER[2]: {"best": None, "hints": 3, "helped": False},
    STARTER[3]: {"best": None, "hints": 0, "helped": True},
    STARTER[4]: {"best": None, "hints": 0, "helped": False},
    STARTER[5]: {"best": None, "hints": 0, "helped": True, "solve": True},
    STARTER[6]: {"best": 115_900, "hints": 0, "helped": False},
    JUNIOR[0]: {"best": 200_900, "hints": 0, "helped": False},
}
LOG = [{"level": "Starter", "time": t, "hints": 0, "fair": True, "at": "2026-11-01T10:00:00Z"}
       for t in (100_000, 130_400, 160_000, 70_000)] + [
    {"level": "Starter", "time": 50_000, "hints": 1, "fair": False, "at": "2026-11-02T10:00:00Z"},
    {"level": "Junior", "time": 200_900, "hints": 0, "fair": True, "at": "2026-11-03T10:00:00Z"}]


def clock(ms: float) -> str:
    seconds = int(ms // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"


def medians() -> dict[str, float]:
    """Each level's median of fair times, for a level of at least MEDIAN_WINS of them."""
    fair: dict[str, list[int]] = {}
    for win in LOG:
        if win["fair"]:
            fair.setdefault(win["level"], []).append(win["time"])
    return {level: statistics.median(times) for level, times in fair.items()
            if len(times) >= MEDIAN_WINS}


def expected(cid: str, hidden: bool) -> tuple[str, str, str | None]:
    """A cell's name, its data-how and its marks ("1:35 −0:20": the best time, and its
    difference from the level's median), computed here."""
    win, level = WINS[cid], LEVEL[cid]
    name = TWIST.challenge_by_id(cid).name
    if win["helped"]:
        return f"{name}, solved with {'Solve' if win.get('solve') else 'help'}", "help", None
    if win["best"] is None:
        hints = win["hints"]
        return ((f"{name}, solved with {hints} hints", "hints", None) if hints
                else (f"{name}, solved", "solved", None))
    if hidden:
        return f"{name}, solved without help", "clean", None
    best = win["best"]
    if level not in medians():
        return f"{name}, solved without help, best {clock(best)}", "clean", clock(best)
    median = medians()[level]
    delta = best // 1000 - int(median // 1000)
    sign = "−" if delta < 0 else "+"
    return (f"{name}, solved without help, best {clock(best)}, your {level} median "
            f"{clock(median)}", "clean",
            f"{clock(best)} {sign}{clock(abs(delta) * 1000)}" if delta else clock(best))


def check_cells(page: Page, hidden: bool) -> None:
    dialog = page.locator("#picker")
    for cid in WINS:
        label, how, mark = expected(cid, hidden)
        cell = dialog.locator(f".challenge-cell[data-id='{cid}']")
        expect(cell).to_have_attribute("aria-label", label)
        expect(cell).to_have_attribute("data-how", how)
        best = cell.locator(".cell-best")
        marked = cell.locator(".cell-how .icon")  # seen (with help), the Hint's bulb
        expect(marked).to_have_count(1 if how in ("help", "hints") else 0)
        expect(best).to_have_count(0 if how == "help" else 1)  # a tick for an own win
        if how == "help":  # seen, not won: no prize's star, no tick, and said so
            expect(cell.locator(".icon-solve")).to_have_count(0)
            assert cell.locator("svg path").evaluate_all(
                "ps => ps.some((p) => p.getAttribute('d') === "
                "document.querySelector('.tool-solve svg path')?.getAttribute('d'))") is False
            expect(cell).to_have_attribute("title", re.compile("not counted as solved by you"))
        if mark is None:
            if how != "help":  # no time
                assert best.get_attribute("data-time") is None
            expect(cell.locator(".cell-delta")).to_have_count(0)
        else:
            time, *delta = mark.split(" ")
            shown = best.evaluate("b => getComputedStyle(b, '::after').content")
            assert shown == json.dumps(time), (cid, shown, mark)
            if not delta:  # no median worth the name, or no difference as shown
                expect(cell.locator(".cell-delta")).to_have_count(0)
                continue
            expect(cell.locator(".cell-delta")).to_have_text(delta[0])
            faster = "true" if delta[0].startswith("−") else "false"
            expect(cell.locator(".cell-delta")).to_have_attribute("data-faster", faster)
    unsolved = dialog.locator(f".challenge-cell[data-id='{TWIST.challenges[-1].id}']")
    assert unsolved.get_attribute("data-how") is None
    heading = dialog.locator(".level-section[data-level='Starter'] .level-count")
    median = "" if hidden else f" · your median {clock(medians()['Starter'])}"
    expect(heading).to_have_text(f"{sum(1 for c in STARTER if not WINS[c]['helped'])} of "
                                 f"{sum(1 for c in TWIST.challenges if c.level == 'Starter')}"
                                 f" solved{median}")


def test_the_picker_says_how_well_each_challenge_was_solved(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers="block", reduced_motion="reduce")
    page = context.new_page()
    try:
        plant(page, site_url, {RECORD: json.dumps({"solved": WINS, "log": LOG})})
        open_at(page, site_url, f"game=twist&challenge={TWIST.challenges[-1].id}")
        page.locator("#challenge-button").click()
        first = page.locator(f".challenge-cell[data-id='{STARTER[0]}']")
        first.scroll_into_view_if_needed()
        check_cells(page, hidden=False)
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / "how-well-desktop-light.png"))

        # phones, dark: the marks fit in their cells
        page.emulate_media(color_scheme="dark")
        for width, height in ((390, 844), (320, 568)):
            page.set_viewport_size({"width": width, "height": height})
            first.scroll_into_view_if_needed()
            for cid in WINS:
                cell = page.locator(f".challenge-cell[data-id='{cid}']")
                sizes = cell.locator(".cell-foot").evaluate("f => [f.scrollWidth, f.clientWidth]")
                assert sizes[0] <= sizes[1] + 1, (cid, width, sizes)
                if cell.locator(".cell-delta").count():  # on the picture, inside the cell
                    inner = cell.locator(".cell-delta").bounding_box()
                    outer = cell.locator(".picture").bounding_box()
                    assert outer["x"] <= inner["x"] and inner["x"] + inner["width"] <= \
                        outer["x"] + outer["width"] + 1, (cid, width, inner, outer)
            page.screenshot(path=str(SCREENS / f"how-well-phone-{width}-dark.png"))
        page.keyboard.press("Escape")

        # the clock hidden: no time, no median, the help still said
        page.evaluate("localStorage.setItem('iqpuzzles.v1.settings', "
                      "JSON.stringify({hideClock: true}))")
        page.set_viewport_size({"width": 1280, "height": 800})
        page.reload()
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        page.locator("#challenge-button").click()
        check_cells(page, hidden=True)
    finally:
        context.close()
