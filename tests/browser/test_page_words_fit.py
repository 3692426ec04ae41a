"""Issue 40: German and Polish, the page's longest words, on a small phone (320x568): at each
state of a representative walk (each game's board and a piece held, the pause cover, the
picker, its calendar and the print dialog, Today and its result to share, the stats page
and its tabs, the question before Solve, the win card) the page never scrolls sideways and
no text is clipped: no text container or button whose content is wider than its box (nor a
button's taller), none past either edge of the screen nor cut by a box that hides what
overflows it; in a box the player scrolls on purpose (overflow-x auto or scroll) only what
starts before its left edge, which no scroll reaches. One page switches from German to
Polish on the stats page. Screenshots go to screenshots/words-fit/ (look at them).

Issue 51: every dialog and card (the picker, its calendar and the print dialog, Today, the
stats, the lesson's panel, the question before Solve, and the cards of a win, a daily's win
and Solve's ending) shows each of its buttons whole, in its box and on the screen, at
320x568, 390x844, 844x390, 1024x768 and 1280x800, in every language the page speaks: as
it opens, or scrolled to in a part made to scroll (the picker's challenges, the stats' and
Today's pages); a card's, the question's and the lesson's buttons without any scrolling."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles.core.i18n import LANGUAGES

from .states import (
    DIALOGS_AND_CARDS,
    SOME,
    closed,
    daily_card,
    laid_out,
    laid_out_now,
    lesson,
    open_game,
    other_tab,
    picker,
    resize,
    solve_card,
    solve_question,
    stats,
    switch,
    there_and_back,
    today,
    win_card,
)

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "words-fit"
SIZE = {"width": 320, "height": 568}

# What does not fit: the page's sideways scroll, and each element that shows text (its own
# text nodes, or a button, label or text box) whose content overflows its box
FIT = r"""() => {
  const found = [];
  const root = document.scrollingElement;
  if (root.scrollWidth > innerWidth) {
    found.push(`the page scrolls sideways: ${root.scrollWidth} px in ${innerWidth}`);
  }
  const path = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      if (e.id) { parts.unshift(`#${e.id}`); break; }
      parts.unshift(e.localName + [...e.classList].slice(0, 2).map((c) => `.${c}`).join(""));
    }
    return parts.join(" > ");
  };
  const scrolled = (el) => {
    for (let e = el.parentElement; e; e = e.parentElement) {
      if (e === root || e === document.body) break;
      if (/auto|scroll/.test(getComputedStyle(e).overflowX)) return true;
    }
    return false;
  };
  // the nearest ancestor that cuts the box of `el`: one that hides what overflows it, or
  // one the player scrolls whose content starts before its left edge (never reached)
  const clipper = (el, box) => {
    for (let e = el.parentElement; e && e !== document.body && e !== root; e = e.parentElement) {
      const overflow = getComputedStyle(e).overflowX;
      if (overflow === "visible") continue;
      const room = e.getBoundingClientRect();
      const scrolls = /auto|scroll/.test(overflow);
      if (box.left < room.left - 1 && !(scrolls && e.scrollLeft > 0)) return e;
      if (scrolls) return null; // past its right edge a scroll reaches it (outer boxes cut it)
      if (box.right > room.right + 1) return e;
    }
    return null;
  };
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest("svg, script, style, template, option")) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
    const control = /^(button|label|select|input|textarea|h[1-6])$/.test(el.localName);
    if (!own && !control) continue;
    const style = getComputedStyle(el);
    // inline (its box is its line's), or visually hidden for screen readers (a 1 px box)
    if (style.display === "inline" || el.clientWidth <= 1 || el.clientHeight <= 1) continue;
    const text = (el.innerText || el.value || "").trim().slice(0, 60);
    const where = path(el);
    if (!/auto|scroll/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
      found.push(`${where}: ${el.scrollWidth} px of content in ${el.clientWidth} ("${text}")`);
    }
    const tall = el.scrollHeight > el.clientHeight + 1;
    if (el.localName === "button" && !/auto|scroll/.test(style.overflowY) && tall) {
      found.push(`${where}: ${el.scrollHeight} px tall in ${el.clientHeight} ("${text}")`);
    }
    const box = el.getBoundingClientRect();
    if (box.left < -1 || (box.right > innerWidth + 1 && !scrolled(el))) {
      const [left, right] = [Math.round(box.left), Math.round(box.right)];
      found.push(`${where}: ${left} to ${right} px, off a screen ${innerWidth} wide ("${text}")`);
    }
    const cut = clipper(el, box);
    if (cut) found.push(`${where}: cut by ${path(cut)}, whose box is narrower ("${text}")`);
  }
  return found;
}"""


def choose(page: Page, language: str) -> None:
    """The page's language chosen on the stats page."""
    closed(page)
    page.locator("#stats-button").click()
    page.locator("#stats [data-setting=language]").select_option(language)
    expect(page.locator("html")).to_have_attribute("lang", language)
    closed(page)


def test_german_and_polish_fit_a_small_phone(browser, site_url):
    context = browser.new_context(viewport=SIZE, locale="de-DE", has_touch=True,
                                  is_mobile=True)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        page = context.new_page()
        open_game(page, site_url, "twist")
        found, checked = [], []
        for language in ("de", "pl"):
            choose(page, language)
            for state in SOME:
                closed(page)
                for where in state(page, site_url):
                    expect(page.locator("html")).to_have_attribute("lang", language)
                    checked.append((language, where))
                    name = f"{language}-{where.replace(' ', '-')}-320"
                    page.screenshot(path=str(SHOTS / f"{name}.png"))
                    found += [f"{language}, {where}: {bad}" for bad in page.evaluate(FIT)]
        assert len(checked) >= 2 * 15, checked
        assert not found, "clipped or sideways at 320x568:\n" + "\n".join(found)
    finally:
        context.close()


CRAMPED = """<!doctype html><html><head><meta name="viewport" content="width=device-width">
<style>body { margin: 0; } .narrow { width: 40px; white-space: nowrap; }
.room { width: 100px; overflow: hidden; display: flex; justify-content: center; }
.room button { flex: none; width: 160px; } .wide { width: 400px; }
.room.scroller { overflow: visible auto; }</style></head><body>
<button class="narrow" id="long">Podpowiedź</button>
<div class="room"><button id="cut">Następne zadanie</button></div>
<div class="room scroller"><button id="unreached">Następne zadanie</button></div>
<p id="fine">Fits.</p>
<div id="wide" class="wide">A line wider than the phone.</div>
</body></html>"""


def test_the_fit_check_finds_what_does_not_fit(page):
    """A button's words wider than it, a button cut by a box that hides its overflow (and
    off the screen's left edge), one before the left edge of a box that scrolls (never
    reached), a block wider than the screen: each found; what fits is not."""
    page.set_viewport_size(SIZE)
    page.set_content(CRAMPED)
    found = "\n".join(page.evaluate(FIT))
    assert "the page scrolls sideways" in found, found
    assert re.search(r"#long: \d+ px of content in \d+ \(\"Podpowiedź\"\)", found), found
    assert re.search(r"#cut: cut by div\.room", found), found
    assert re.search(r"#cut: -\d+ to \d+ px, off a screen 320 wide", found), found
    assert re.search(r"#unreached: cut by div\.room\.scroller", found), found
    assert "Fits." not in found, found


SIZES = [(320, 568), (390, 844), (844, 390), (1024, 768), (1280, 800)]
# Each button of each dialog and card open (and the lesson's panel) that is not whole: past
# its card's or dialog's box, off the screen, cut by a box that hides what overflows it, or
# its words wider or taller than it. A button in a part made to scroll (a box whose
# content overflows it and scrolls, inside a dialog other than the question's) is scrolled
# to first; in a card, the question or the lesson's panel none may be out of sight.
WHOLE = r"""() => {
  const found = [];
  const strict = ".win-card, .confirm-dialog, .lesson";
  const boxes = [
    ...document.querySelectorAll("dialog[open], .win:not([hidden]) .win-card, .lesson")]
    .filter((box) => box.checkVisibility({ visibilityProperty: true }));
  const name = (b) => (b.innerText || b.getAttribute("aria-label") || b.title || b.className).trim()
    .replace(/\s+/g, " ").slice(0, 40);
  const at = (r) => `${[r.left, r.top, r.right, r.bottom].map(Math.round)}`;
  const outside = (r, room) => r.left < room.left - 0.5 || r.right > room.right + 0.5
    || r.top < room.top - 0.5 || r.bottom > room.bottom + 0.5;
  const scrolls = (e) => /auto|scroll/.test(
      getComputedStyle(e).overflowY + getComputedStyle(e).overflowX)
    && (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1);
  for (const box of boxes) {
    const where = box.id ? `#${box.id}` : `.${box.classList[0]}`;
    for (const b of box.querySelectorAll("button")) {
      if (!b.checkVisibility({ visibilityProperty: true }) || b.closest(".sr-only")) continue;
      const ancestors = [];
      for (let e = b.parentElement; e && e !== box.parentElement; e = e.parentElement) {
        ancestors.push(e);
      }
      if (!box.matches(strict) && ancestors.some(scrolls)) {
        b.scrollIntoView({ block: "nearest", inline: "nearest" });
      }
      const r = b.getBoundingClientRect();
      const bad = [];
      const room = box.getBoundingClientRect();
      if (outside(r, room)) bad.push(`past its box ${at(room)}`);
      const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      if (outside(r, screen)) bad.push("off the screen");
      for (const e of ancestors) {
        const style = getComputedStyle(e);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const room = e.getBoundingClientRect();
        const inside = scrolls(e) ? " (scrolled inside)" : "";
        if (outside(r, room)) bad.push(`cut by ${e.className || e.localName} ${at(room)}${inside}`);
      }
      if (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1) {
        const [words, button] = [[b.scrollWidth, b.scrollHeight], [b.clientWidth, b.clientHeight]];
        bad.push(`its words ${words.join("x")} in ${button.join("x")}`);
      }
      if (bad.length) found.push(`${where}: "${name(b)}" at ${at(r)}: ${bad.join(", ")}`);
    }
  }
  return found;
}"""
WHOLE_LAID_OUT = laid_out(WHOLE)


# the dialogs and cards in four groups, a test each (side by side on the workers); in each
# state every language in turn, switched as another tab switches it (the page follows at
# once, whatever is open: test_page_words_xa), rather than the walk again per language
# (each with the states it must have met)
GROUPS = {"picker": ([picker], {"picker twist", "print dialog"}),
          "Today and stats": ([today, stats], {"today", "stats"}),
          "lesson and question": ([lesson, solve_question], {"lesson", "solve question"}),
          "cards": ([win_card, daily_card, solve_card], {"win card", "daily card", "solve card"})}
assert [s for states, _ in GROUPS.values() for s in states] == DIALOGS_AND_CARDS


@pytest.mark.parametrize("group", GROUPS)
def test_every_dialog_and_card_shows_its_buttons_whole(browser, site_url, group):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        page = context.new_page()
        other = other_tab(page, site_url)
        open_game(page, site_url, "twist")
        found, seen = [], set()
        states, must = GROUPS[group]
        for state in states:
            closed(page)
            for where in state(page, site_url):
                seen.add(where)
                # (a resize is most of this test's time: each language's sizes start where
                # the last one's ended)
                for language, sizes in there_and_back(LANGUAGES, SIZES):
                    switch(page, other, language)
                    for width, height in sizes:
                        resize(page, width, height)
                        found += [f"{language}, {where}, {width}x{height}: {bad}"
                                  for bad in WHOLE_LAID_OUT(page)]
                        if language in ("de", "pl") and width < 400:
                            name = f"whole-{language}-{where.replace(' ', '-')}-{width}"
                            page.screenshot(path=str(SHOTS / f"{name}.png"))
                resize(page, 390, 844)  # (where the next state is reached)
                laid_out_now(page)
        assert must <= seen, seen
        assert not found, "buttons not whole:\n" + "\n".join(found)
    finally:
        context.close()
