"""Issue 54: a switch of language is whole. In every page state a player meets (each
game's board, a piece held, a move, a refusal, the hint ladder, pause, the picker, the
editor, Today, the stats page, a lesson, the question before Solve, the win card), the
language is changed as another tab changes it (the page follows the stored choice at
once, whatever is open): every word shown, every name and everything announced after it
is then in the new language (the pseudo-language, en-XA: any letters outside its
brackets fail), the position and the history kept; then in Japanese, whose text the page
composes with the catalog's own separators (test_typography's rules, read on the page: no
ASCII ", " "; " " · " inside Japanese text, no double full stop); switched back, no word of
the pseudo-language is left."""

from __future__ import annotations

from playwright.sync_api import expect

from test_typography import ascii_separators, double_stop  # tests/test_typography.py

from .states import STATES, closed
from .words import KEY, LISTEN, PSEUDO, outside_catalog, readable

LEFT_OVER = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  for (let el = walker.currentNode; el; el = walker.nextNode()) {
    if (!el.checkVisibility?.({ visibilityProperty: true }) && !el.closest("[aria-live]")) continue;
    for (const text of [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data)
      .concat([el.getAttribute("aria-label"), el.getAttribute("title")])) {
      if (text && text.includes("\u27e6")) {
        found.push({ text, path: el.id || el.className || el.tagName });
      }
    }
  }
  return found;
}"""


SHOWN = """() => {
  const said = [document.body.innerText];
  for (const node of document.querySelectorAll("[aria-label], [title]")) {
    for (const name of ["aria-label", "title"]) {
      if (node.getAttribute(name)) said.push(node.getAttribute(name));
    }
  }
  return said;
}"""


def japanese_typography(page) -> list[str]:
    """What the page shows and names in Japanese that breaks the catalog's rules."""
    return [hit for text in page.evaluate(SHOWN) for rule in (ascii_separators, double_stop)
            for hit in rule(text)]


def switch(page, other, language: str) -> None:
    """The language chosen in another tab of the same browser: this page follows it."""
    other.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, language])
    expect(page.locator("html")).to_have_attribute("lang", language)
    page.wait_for_selector("html[data-busy=false]")


def test_a_switch_of_language_leaves_no_word_of_the_old_one_in_any_state(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(LISTEN)
    try:
        page, other = context.new_page(), context.new_page()
        other.goto(site_url + "build.json")
        page.bring_to_front()
        found: dict[str, list[dict]] = {}
        left: dict[str, list[dict]] = {}
        typography: dict[str, list[str]] = {}
        checked = []
        for state in STATES:
            closed(page)
            for where in state(page, site_url):
                checked.append(where)
                placement = page.locator("#board").get_attribute("data-placement")
                page.evaluate("window.__said = []")  # what is said from the switch on
                switch(page, other, PSEUDO)
                bad = outside_catalog(page)
                if bad:
                    found[where] = bad
                assert page.locator("#board").get_attribute("data-placement") == placement
                switch(page, other, "ja")
                if hits := japanese_typography(page):
                    typography[where] = sorted(set(hits))
                switch(page, other, "en")
                stale = page.evaluate(LEFT_OVER)
                if stale:
                    left[where] = stale
        assert len(checked) >= 30, checked
        assert not found, "words of the old language after a switch:\n" + readable(found)
        assert not left, f"words of the pseudo-language after a switch back: {left}"
        assert not typography, f"Japanese composed with ASCII separators: {typography}"
    finally:
        context.close()
