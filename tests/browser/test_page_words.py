"""What a player reads on the page (issue 25), scanned as a player meets it: the text on
screen and the names screen readers say (aria-label, title), in the states where the
issue found wrong words (IQ-Steps' and IQ-Link's picker notes, the IQ-Focus editor's
refusal, the lesson), for forbidden words (tests/test_words.py's FORBIDDEN); a reload of
an untouched challenge starts afresh in words; every address the page does not follow
gets a sentence. At desktop size in the light and phone size in the dark; screenshots of
the pickers go to screenshots/words/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from test_words import FORBIDDEN  # tests/test_words.py: one list of forbidden words

from .playing import READY_TIMEOUT

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "words"

READ = """() => {
  const said = [document.body.innerText];
  for (const node of document.querySelectorAll("[aria-label], [title], [alt]")) {
    for (const name of ["aria-label", "title", "alt"]) {
      const value = node.getAttribute(name);
      if (value) said.push(value);
    }
  }
  return said.join("\\n");
}"""


def idle(page: Page) -> None:
    page.wait_for_selector("html[data-busy=false]")


def go(page: Page, fragment: str) -> None:
    page.evaluate("(f) => { location.hash = f; }", fragment)
    idle(page)


def forbidden_on(page: Page, where: str) -> list[str]:
    text = page.evaluate(READ)
    return [f"{where}: …{text[max(0, m.start() - 40):m.end() + 40]}…"
            for m in FORBIDDEN.finditer(text)]


def status(page: Page):
    return page.locator("#status")


@pytest.mark.parametrize(("size", "scheme"), [((1280, 800), "light"), ((390, 844), "dark")],
                         ids=["desktop-light", "phone-dark"])
def test_what_a_player_reads_has_no_forbidden_words(browser, site_url, size, scheme):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height},
                                  color_scheme=scheme, has_touch=width < 600,
                                  is_mobile=width < 600)
    found: list[str] = []
    try:
        page = context.new_page()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.goto(f"{site_url}#game=twist&challenge=19")
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        idle(page)
        found += forbidden_on(page, "twist 19")

        # an untouched challenge, reloaded: a fresh start, not "goes on where you left it"
        page.reload()
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        idle(page)
        expect(status(page)).to_contain_text("Pick a piece to start.")
        expect(status(page)).not_to_contain_text("where you left it")

        # addresses the page does not follow, each with a sentence
        for fragment, words in [("game=chess", "no game called “chess”"),
                                ("game=twist&challenge=20&colour=red", "“colour”"),
                                ("game=twist&level=Expert", "a level but no seed")]:
            go(page, fragment)
            expect(status(page)).to_contain_text(words)
            expect(status(page)).to_have_attribute("data-kind", "error")

        # the pickers' notes: IQ-Steps' mended challenge, IQ-Link's original ones
        for game, challenge in [("steps", "25"), ("link", "T04")]:
            go(page, f"game={game}&challenge={challenge}")
            expect(page.locator("#board")).to_have_attribute("data-challenge", challenge)
            page.locator("#challenge-button").click()
            expect(page.locator(".picker-note")).to_be_visible()
            found += forbidden_on(page, f"{game} picker")
            page.screenshot(path=str(SHOTS / f"picker-{game}-{width}-{scheme}.png"))
            page.keyboard.press("Escape")
            expect(page.get_by_role("dialog")).to_be_hidden()

        # the IQ-Focus editor: a colour outside the middle is refused in words
        go(page, "game=focus&challenge=1")
        page.locator("#challenge-button").click()
        page.locator("[data-action=editor]").click()
        expect(page.locator("html")).to_have_attribute("data-mode", "edit")
        idle(page)
        page.get_by_role("button", name=re.compile(r"^Red(, .+)?$")).click()
        page.get_by_role("gridcell", name=re.compile(r"^00(: .+)?$")).click()
        expect(status(page)).to_contain_text("nine squares in the middle")
        found += forbidden_on(page, "focus editor")

        # the lesson
        page.get_by_role("button", name="How to play").click()
        expect(page.locator("html")).to_have_attribute("data-mode", "lesson")
        idle(page)
        found += forbidden_on(page, "focus lesson")
        assert found == []
    finally:
        context.close()
