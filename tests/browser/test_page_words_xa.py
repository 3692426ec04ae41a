"""Issues 40 and 54: every word the page shows or says passed through a catalog, and a
switch of language whole, in every state a player meets. With the pseudo-language stored
(en-XA: every message bracketed "⟦…⟧", buildtools.catalogs.pseudo) one page walks every
state (each game's board; a piece held, a move, a refusal, each rung of the hint ladder,
undo and redo, pause, the stuck help; the picker, its calendar and the print dialog; the
editor; Today and its result to share; the stats page and its tabs; a lesson; the question
before Solve; the win card) and, at each, reads every visible text, text box, accessible
name (Chromium's own computation among them) and everything a live region announced on the
way: any letters outside the brackets, other than words.ALLOWED, fail the test, listed with
the CSS path of their element.

At each state the language is then changed as another tab changes it (the page follows the
stored choice at once, whatever is open): to Japanese, where no word of the pseudo-language
may be left and the text the page composes keeps the catalog's own separators
(test_typography's rules, read on the page: no ASCII ", " "; " " · " inside Japanese text,
no double full stop); and back to the pseudo-language, where every word shown, every name
and everything announced after the switch is again in it, the position and the history
kept. The checker's own test shows it catches an unmarked word in each of those places."""

from __future__ import annotations

from playwright.sync_api import expect

from test_typography import ascii_separators, double_stop  # tests/test_typography.py

from .states import STATES, closed, other_tab, switch
from .words import LISTEN, PSEUDO, in_pseudo, outside_catalog, readable

# every text shown or named that still holds a word of the pseudo-language
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


def test_every_word_in_every_state_is_the_catalogs_and_a_switch_leaves_none_behind(
        browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    in_pseudo(context)
    try:
        page = context.new_page()
        other = other_tab(page, site_url)
        found: dict[str, list[dict]] = {}  # outside the catalog, as walked
        after: dict[str, list[dict]] = {}  # outside the catalog, switched back to it
        left: dict[str, list[dict]] = {}  # the pseudo-language's words left in Japanese
        typography: dict[str, list[str]] = {}
        checked = []
        for state in STATES:
            closed(page)
            for where in state(page, site_url):
                checked.append(where)
                expect(page.locator("html")).to_have_attribute("lang", PSEUDO)
                if bad := outside_catalog(page):  # (also empties what was announced)
                    found[where] = bad
                placement = page.locator("#board").get_attribute("data-placement")
                switch(page, other, "ja")
                if stale := page.evaluate(LEFT_OVER):
                    left[where] = stale
                if hits := japanese_typography(page):
                    typography[where] = sorted(set(hits))
                page.evaluate("window.__said = []")  # what is said from the switch back on
                switch(page, other, PSEUDO)
                if bad := outside_catalog(page):
                    after[where] = bad
                assert page.locator("#board").get_attribute("data-placement") == placement
        assert len(checked) >= 30, checked
        assert not found, "words outside the catalog (letters outside ⟦…⟧):\n" + readable(found)
        assert not left, f"words of the pseudo-language left after a switch: {left}"
        assert not typography, f"Japanese composed with ASCII separators: {typography}"
        assert not after, "words of the old language after a switch:\n" + readable(after)
    finally:
        context.close()


SELF_TEST = """<!doctype html><html lang="en-XA"><head><title>⟦Á títlé··⟧</title></head><body>
<p id="fine">⟦Hélló·⟧ 12:04 · IQ-Twist WIZARD T01 c1A0 http://127.0.0.1/#a=b <kbd>Ctrl</kbd></p>
<p id="split">⟦Twó <b>párts</b> óf óñé·⟧</p>
<div role="status" id="said"></div>
<button id="icon"><svg width="10" height="10"></svg></button>
<p id="hidden" hidden>Not shown</p>
<span id="turn-name" hidden>⟦Túrñ·⟧</span>
<button id="turn" aria-labelledby="turn-name">⟦x·⟧</button>
</body></html>"""


def test_the_checker_finds_a_word_left_outside_the_catalog(page):
    """The checker fails on an unbracketed text, name, title, value, announcement or
    computed name, each at its element, and passes bracketed words, the allowed names (in
    capitals too), digits, codes, an address, key caps and hidden text."""
    page.set_content(SELF_TEST)
    page.evaluate(LISTEN.rstrip().rstrip(";"))
    assert outside_catalog(page) == []
    page.evaluate("""() => {
        document.querySelector("#fine").append(" Hello");
        document.querySelector("#icon").setAttribute("title", "Rotate");
        const box = Object.assign(document.createElement("textarea"), { value: "⟦Ok·⟧ plain" });
        document.body.append(box);
        document.body.append(Object.assign(document.createElement("img"), { alt: "A picture" }));
        document.querySelector("#turn-name").textContent = "Turn"; // hidden: a name only
        document.querySelector("#said").textContent = "Placed.";
    }""")
    page.wait_for_function("() => window.__said.length > 0")
    found = {(f["where"], f["text"], f["path"]) for f in outside_catalog(page)}
    assert ("text", "Hello", "#fine") in found, found
    assert ("title", "Rotate", "#icon") in found, found
    assert ("value", "⟦Ok·⟧ plain", "body > textarea") in found, found
    assert ("alt", "A picture", "body > img") in found, found
    assert ("announced", "Placed.", "#said") in found, found
    assert ("name of a button", "Turn", "#turn") in found, found  # the computed name
    assert not [f for f in found if "Not shown" in f[1] or "párts" in f[1]], found
