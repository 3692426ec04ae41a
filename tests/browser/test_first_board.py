"""Issue 41: nothing the first board does not show is built before it is playable. The page
counts its builds of what a player does not see at first (web/lib/built.js: the dialogs, the
Today page, the calendar, the picker's pictures, the how-well marks and their medians)
and the counts as they stood at <html data-ready> ride on the performance mark "ready":
read after the fact, they say what ran before, whatever the machine's speed.

A newcomer's first visit (the game's lesson is the first board; Python started only
once it is drawn), a return visit (the kept board drawn at once), and a returning
player's first opening of a day, whose first screen is the Today page: built too, but
after the board is playable. Then the same counters count the picker's parts as it
opens, and the win card (made once the page is playable, not at the first win), so the
zeros above are not a counter that counts nothing."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from playwright.sync_api import Page, expect

from .playing import READY_TIMEOUT

pytestmark = [pytest.mark.browser, pytest.mark.newcomer]

BUILT_AT_READY = "performance.getEntriesByName('ready')[0].detail.built"
# the names of every build so far, in order (a mark "built:<name>" each)
BUILDS = """() => performance.getEntriesByType("mark").filter((m) => m.name.startsWith("built:"))
  .map((m) => m.name.slice(6))"""

# what the page said as it let Python start (web/python/bridge.js go): whether its board was drawn
GO = "performance.getEntriesByName('engine:go')[0]?.detail ?? null"


def open_ready(page: Page, url: str) -> dict:
    """Open `url`, wait until a piece can be placed; what was built before that."""
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    return page.evaluate(BUILT_AT_READY)


def test_nothing_unseen_is_built_before_the_first_board(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  service_workers="block", reduced_motion="reduce")
    try:
        # a newcomer's first visit: the game's first lesson is the first board
        page = context.new_page()
        assert open_ready(page, f"{site_url}#game=steps") == {}
        expect(page.locator(".lesson")).to_be_visible()
        # and Python was started only once that board was drawn (its start, a core busy
        # for seconds, would have slowed the board's work): nothing asked it before
        assert page.evaluate(GO) == {"drawn": True}
        page.close()

        # a return visit (a tab of its own): the board kept from the last one, at once
        page = context.new_page()
        assert open_ready(page, f"{site_url}#game=steps") == {}
        expect(page.locator("html")).to_have_attribute("data-drawn", "true")
        page.close()

        # a returning player's first opening of a day: the Today page opens, after the
        # board is playable
        page = context.new_page()
        page.goto(site_url + "build.json")  # the site's origin, none of its scripts
        yesterday = str(dt.date.fromisoformat(page.evaluate(
            "new Date(Date.now() - 864e5 - new Date().getTimezoneOffset() * 6e4)"
            ".toISOString().slice(0, 10)")))
        at = f"{yesterday}T12:00:00.000Z"
        record = {"solved": {"1": {"best": 95_000, "time": 95_000, "hints": 0, "at": at,
                                   "helped": False}},
                  "log": [{"level": "Starter", "time": 95_000, "hints": 0, "fair": True,
                           "at": at}]}
        page.evaluate("(r) => { localStorage.setItem('iqpuzzles.v1.steps', r); "
                      "localStorage.setItem('iqpuzzles.v1.learned', '[\"steps\"]'); }",
                      json.dumps(record))
        assert open_ready(page, site_url) == {}
        expect(page.locator("#today")).to_be_visible()
        assert "today" in page.evaluate(BUILDS)  # built, after the board was playable

        # the counters count: the picker's parts, built as it opens, and the win card,
        # made once the page is playable (not at the first win)
        page.keyboard.press("Escape")
        expect(page.locator("#today")).to_be_hidden()
        page.locator("#challenge-button").click()
        expect(page.locator("#picker")).to_be_visible()
        builds = page.evaluate(BUILDS)
        wanted = {"dialog:picker", "medians", "how-well", "pictures", "win-card"}
        assert wanted <= set(builds), builds
    finally:
        context.close()


# Every CSS animation that starts on the page (its name and iteration count, read as it
# starts), the loading line's changes (when, in the page's clock) and the lesson's ring's
# breath (web/board/breath.js: each level of its layer's --breath as it is set; "" when it stops).
WATCH = """(() => {
  window.__motion = { animations: [], loading: [], breath: [] };
  document.addEventListener("animationstart", (event) => {
    window.__motion.animations.push([event.animationName,
      getComputedStyle(event.target, event.pseudoElement || null).animationIterationCount]);
  }, true);
  // the line's words as they are set (the time of the change itself: an observer's
  // callback may run later, after other work of the same task)
  const text = Object.getOwnPropertyDescriptor(Node.prototype, "textContent");
  Object.defineProperty(Node.prototype, "textContent", { ...text, set(value) {
    if (this.id === "load-stage") window.__motion.loading.push(performance.now());
    text.set.call(this, value);
  } });
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.target.classList?.contains("layer-overlay")) {
        window.__motion.breath.push(change.target.style.getPropertyValue("--breath"));
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["style"] });
})()"""


@pytest.mark.motion  # the animations a player who has not asked for less sees
def test_nothing_moves_without_end_and_the_loading_line_is_calm(browser, site_url):
    """Issue 41: an endless animation is a frame 60 times a second for as long as it runs
    (on a phone's few cores beside the page's own start), and a loading line redrawn for
    each of the engine's hundreds of chunks a frame each: none runs on a newcomer's first
    visit, the line changes at most every 300 ms, and the lesson's ring breathes in steps
    and then stays."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    try:
        context.add_init_script(WATCH)
        page = context.new_page()
        page.goto(f"{site_url}#game=steps")
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        expect(page.locator(".lesson .mark-spot, .board .mark-spot").first).to_be_attached()
        # the ring's breath ends: its layer's level is let go (a state, not a time)
        page.wait_for_function("() => window.__motion.breath.at(-1) === ''", timeout=30_000)
        motion = page.evaluate("window.__motion")
        endless = [name for name, count in motion["animations"] if count == "infinite"]
        assert not endless, endless
        levels = [float(level) for level in motion["breath"][:-1]]
        assert len(levels) >= 10 and min(levels) < 0.6 and max(levels) == 1, levels
        assert len(set(levels)) >= 4  # in steps, not on and off
        times = motion["loading"]
        assert len(times) >= 2  # the line did change while the engine loaded
        gaps = [b - a for a, b in zip(times, times[1:], strict=False)]
        assert min(gaps) >= 290, gaps
        assert page.evaluate(
            "getComputedStyle(document.querySelector('.mark-spot')).strokeOpacity") == "1"
    finally:
        context.close()
