"""Issue 40: every word the page shows or says passed through a catalog. With the
pseudo-language stored (en-XA: every message bracketed "⟦…⟧", buildtools.catalogs.pseudo)
one page walks every state a player meets (each game's board; a piece held, a move, a
refusal, each rung of the hint ladder, undo and redo, pause, the stuck help; the picker,
its calendar and the print dialog; the editor; Today and its result to share; the stats
page and its tabs; a lesson; the question before Solve; the win card) and, at each, reads
every visible text, text box, accessible name (Chromium's own computation among them) and
everything a live region announced on the way: any letters outside the brackets, other than
words.ALLOWED, fail the test, listed with the CSS path of their element. The checker's own
test shows it catches an unmarked word in each of those places."""

from __future__ import annotations

from playwright.sync_api import expect

from .states import STATES, closed
from .words import LISTEN, in_pseudo, outside_catalog, readable


def test_every_word_on_every_page_state_passed_through_a_catalog(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    in_pseudo(context)
    try:
        page = context.new_page()
        found: dict[str, list[dict]] = {}
        checked = []
        for state in STATES:
            closed(page)
            for where in state(page, site_url):
                checked.append(where)
                expect(page.locator("html")).to_have_attribute("lang", "en-XA")
                bad = outside_catalog(page)
                if bad:
                    found[where] = bad
        assert len(checked) >= 30, checked
        assert not found, "words outside the catalog (letters outside ⟦…⟧):\n" + readable(found)
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
