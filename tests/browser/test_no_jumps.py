"""Issue 51, item 3: nothing jumps.

- Layout shift (the browser's own measure, a PerformanceObserver of 'layout-shift' from
  before the page's first script) of 0.005 or less a load at 320x568, 390x844, 844x390,
  1024x768 and 1280x800: a newcomer's first visit (the engine started fresh, the lesson
  following the first board) and a player's return (the engine from its kept snapshot).
- The footer's room (style.css: kept from the first paint, the board's room on a computer)
  holds the key line of every language and game at every band of widths it is kept for.
- A challenge of the picker scrolled to, or reached by its level's button, stays within a
  pixel of where it was while the levels near it are laid out and their pictures drawn."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import games
from iqpuzzles.core.i18n import LANGUAGES

from .playing import READY_TIMEOUT
from .states import laid_out, other_tab, resize, switch, there_and_back

pytestmark = pytest.mark.browser

SIZES = [(320, 568), (390, 844), (844, 390), (1024, 768), (1280, 800)]
MOST = 0.005

# every layout shift a player did not cause, from the page's start: [value, what moved]
SHIFTS = """(() => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const moved = e.sources.map((s) => s.node?.id || s.node?.className || s.node?.nodeName);
      window.__shifts.push([e.value, moved.join(", ")]);
    }
  }).observe({ type: "layout-shift", buffered: true });
})();"""
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def loaded(page: Page, url: str) -> list:
    """The page opened at `url` until it is playable and drawn (a lesson's words there
    too), and a frame after: its layout shifts."""
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    page.wait_for_selector("html[data-busy=false]")
    expect(page.locator(".tray-piece").first).to_be_visible()
    if page.locator("html[data-mode=lesson]").count():
        expect(page.locator(".lesson-now")).not_to_be_empty()
    page.evaluate(FRAMES)
    return page.evaluate("window.__shifts")


@pytest.mark.parametrize("visit", [
    pytest.param("first", marks=[pytest.mark.first_visit, pytest.mark.newcomer]),
    "return"])
@pytest.mark.motion  # the page as most players see it load, its entrances animated
def test_no_layout_shift_as_the_page_loads(browser, site_url, visit):
    found = []
    for width, height in SIZES:
        phone = width <= 640 or height <= 500
        context = browser.new_context(viewport={"width": width, "height": height},
                                      has_touch=phone, is_mobile=phone)
        context.add_init_script(SHIFTS)
        try:
            page = context.new_page()
            shifts = loaded(page, f"{site_url}#game=twist")
            total = sum(value for value, _ in shifts)
            print(f"{visit} visit, {width}x{height}: layout shift {total:.4f}")
            if total > MOST:
                found.append(f"{width}x{height}: {total:.4f} {shifts}")
        finally:
            context.close()
    assert not found, f"layout shift over {MOST} a load ({visit} visit):\n" + "\n".join(found)


# the footer's height with its content alone, and the room kept for it
FOOTER = """() => {
  const footer = document.getElementById("footer");
  const kept = parseFloat(getComputedStyle(footer).minHeight) || 0;
  footer.style.minHeight = "0";
  const needs = footer.getBoundingClientRect().height;
  footer.style.minHeight = "";
  return [needs, kept];
}"""
FOOTER_LAID_OUT = laid_out(FOOTER)
# the widest and narrowest width of each band of style.css's footer rules
BANDS = [641, 699, 700, 759, 760, 959, 960, 1479, 1480, 1879, 1880, 2400]


def test_the_footer_keeps_room_for_every_languages_keys(page, site_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{site_url}#game=twist")
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    other = other_tab(page, site_url)  # (each language switched as another tab does)
    over = []
    for name in games(registered=False):
        page.set_viewport_size({"width": 1280, "height": 800})
        page.locator(f"#games [data-game={name}]").click()
        expect(page.locator(f"#games [data-game={name}]")).to_have_attribute(
            "aria-pressed", "true")
        page.wait_for_selector("html[data-busy=false]")
        for language, bands in there_and_back(LANGUAGES, BANDS):
            switch(page, other, language)
            for width in bands:
                resize(page, width, 800)
                needs, kept = FOOTER_LAID_OUT(page)
                if needs > kept + 0.5:
                    over.append(f"{language}, {name}, {width} px: {needs:.0f} px in {kept:.0f}")
    assert not over, "the footer's words need more room than it keeps:\n" + "\n".join(over)


# the cell's top on the screen at every frame until every picture in the picker's view is
# drawn, and ten frames more (the levels and cells near the view laid out meanwhile; 600
# frames at most)
WATCH = """async (id) => {
  const cell = document.querySelector(`.challenge-cell[data-id="${id}"]`);
  const list = document.querySelector(".challenge-list");
  const scroller = getComputedStyle(list).overflowY === "visible"
    ? document.querySelector(".picker-body") : list;
  const shown = () => {
    const view = scroller.getBoundingClientRect();
    return [...document.querySelectorAll(".challenge-cell .picture")].filter((p) => {
      const r = p.getBoundingClientRect();
      return r.bottom > view.top && r.top < view.bottom;
    });
  };
  const tops = [];
  let after = 0;
  while (after < 10 && tops.length < 600) {
    tops.push(cell.getBoundingClientRect().top);
    if (shown().every((p) => p.hasAttribute("data-drawn"))) after++;
    await new Promise((done) => requestAnimationFrame(done));
  }
  return tops;
}"""
# the picker's scroller scrolled to put the cell 60 px below its top
SCROLL_TO = """(id) => {
  const list = document.querySelector(".challenge-list");
  const scroller = getComputedStyle(list).overflowY === "visible"
    ? document.querySelector(".picker-body") : list;
  const cell = document.querySelector(`.challenge-cell[data-id="${id}"]`);
  scroller.scrollTop += cell.getBoundingClientRect().top
    - scroller.getBoundingClientRect().top - 60;
}"""
# its level's button pressed
JUMP = """(id) => {
  const level = document.querySelector(`.challenge-cell[data-id="${id}"]`)
    .closest(".level-section");
  const i = [...document.querySelectorAll(".level-section")].indexOf(level);
  document.querySelectorAll(".level-jump")[i].click();
}"""


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844), (320, 568)])
def test_a_picker_cell_stays_where_it_was_scrolled_to(page, site_url, width, height):
    page.set_viewport_size({"width": width, "height": height})
    for name, start, target, how in (("link", "T01", "T06", SCROLL_TO),
                                     ("twist", "1", "90", JUMP)):
        page.goto(f"{site_url}#game={name}&challenge={start}")
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        expect(page.locator("#board")).to_have_attribute("data-challenge", start)
        page.locator("#challenge-button").click()
        expect(page.locator(".challenge-cell[aria-current=true] .picture")).to_have_attribute(
            "data-drawn", "true")
        page.evaluate(how, target)
        tops = page.evaluate(WATCH, target)
        moved = max(abs(top - tops[0]) for top in tops)
        assert moved <= 1, f"{name} {target} at {width}x{height} moved {moved:.0f} px: {tops}"
        page.keyboard.press("Escape")
        expect(page.locator("#picker")).to_be_hidden()
