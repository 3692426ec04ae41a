"""Issue 40, the page in the player's language: a first visit downloads the catalog of
its language only (none in English; a French-preferring browser fr's: the page's words
and Python's), and its stats, Today page and calendar speak it; the choice of language on
the stats page switches the page's words, <html lang> and Python's words at once, with the
game in progress (its position, its clock, its history) untouched, and it stays chosen
across a reload."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page, expect

import iqpuzzles
from iqpuzzles.core.errors import PuzzleError
from tests.browser.playing import READY_TIMEOUT, Player, place_own_piece

ROOT = Path(__file__).resolve().parents[2]
# a call Python refuses, in words (its refusal is translated); the words before the list of
# games (the tests' Python registers one more)
REFUSED = """() => window.iq.python.call("info", { game: "chess" }).then(
  () => null, (error) => error.message.split(";")[0])"""


def page_words(language: str) -> dict:
    """The page's messages in `language` (its catalog, as the page fetches it; English
    has none: its words are the messages themselves)."""
    if language == "en":
        return {}
    return json.loads((ROOT / "web" / "locale" / f"{language}.json").read_text())["messages"]


def refusal(language: str) -> str:
    """What Python answers for an unknown game, in `language`."""
    with iqpuzzles.language(language):
        try:
            iqpuzzles.game("chess")
        except PuzzleError as error:
            return str(error).split(";")[0]
    raise AssertionError("no refusal")


def open_stats(page: Page):
    page.locator("#stats-button").click()
    dialog = page.locator("#stats")
    expect(dialog).to_be_visible()
    return dialog


def seconds(page: Page) -> int:
    minutes, secs = page.locator("#timer").text_content().split(":")[-2:]
    return int(minutes) * 60 + int(secs)


def test_a_first_visit_downloads_the_catalog_of_its_language_only(browser, site_url):
    for locale, language in [("en-US", "en"), ("fr-FR", "fr")]:
        context = browser.new_context(locale=locale, service_workers="block")
        asked: list[str] = []
        context.on("request", lambda request, asked=asked: asked.append(request.url))
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        expect(page.locator("html")).to_have_attribute("lang", language)
        # Python speaks the page's language (once it has its catalog: the calls wait)
        assert page.evaluate(REFUSED) == refusal(language)
        catalogs = sorted(url.removeprefix(site_url) for url in asked if "/locale/" in url)
        wanted = [] if language == "en" else [f"locale/{language}.json", f"locale/{language}.mo"]
        assert catalogs == wanted
        words = page_words(language)
        heading = open_stats(page).locator("#stats-title")
        expect(heading).to_have_text(words.get("Your stats", "Your stats"))
        expect(page.locator("[data-setting=language]")).to_have_value(language)
        page.keyboard.press("Escape")
        # the Today page and its calendar: their words, the month's name through Intl
        page.locator("#today-button").click()
        today = page.locator("#today")
        expect(today.locator("#today-title")).to_have_text(words.get("Today", "Today"))
        month = page.evaluate("""() => new Intl.DateTimeFormat(document.documentElement.lang,
            { month: "long", timeZone: "UTC" }).format(new Date())""")
        expect(today.locator(".calendar-title")).to_contain_text(month)
        expect(today.locator(".calendar-prev")).to_have_attribute(
            "aria-label", words.get("Previous month", "Previous month"))
        context.close()


def test_a_change_of_language_keeps_the_game_and_stays_chosen(page, site_url):
    player = Player("twist")
    player.open(page, site_url, "")
    place_own_piece(page, player)
    position = player.placement(page)
    undo = page.get_by_role("button", name="Undo", exact=True)
    expect(undo).to_be_enabled()
    expect(page.locator("#timer")).not_to_have_text("0:00")  # the clock runs
    before = seconds(page)

    german = page_words("de")
    dialog = open_stats(page)
    dialog.locator("[data-setting=language]").select_option("de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(dialog.locator("#stats-title")).to_have_text(german["Your stats"])
    expect(dialog.locator(".stats-table thead th").first).to_have_text(german["Level"])
    expect(dialog.locator("[data-action=export]")).to_have_text(german["Export progress"])
    assert page.evaluate(REFUSED) == refusal("de")
    dialog.press("Escape")
    expect(dialog).to_be_hidden()

    # the game as it was: the position, the clock going on, the move to undo (its button
    # named in German now, as its neighbours are)
    assert player.placement(page) == position
    assert seconds(page) >= before
    expect(undo).to_have_count(0)
    undo = page.get_by_role("button", name=german["Undo"], exact=True)
    expect(page.locator(".tool-hint .tool-label")).to_have_text(german["Hint"])
    rotate = german["Rotate the piece in hand, or the one selected on the board (R)"]
    expect(page.locator(".tool-rotate")).to_have_attribute("title", rotate)
    undo.click()
    expect(player.board(page)).not_to_have_attribute("data-placement", position)
    page.get_by_role("button", name=german["Redo"], exact=True).click()
    expect(player.board(page)).to_have_attribute("data-placement", position)

    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(player.board(page)).to_have_attribute("data-placement", position)
    dialog = open_stats(page)
    expect(dialog.locator("#stats-title")).to_have_text(german["Your stats"])
    expect(dialog.locator("[data-setting=language]")).to_have_value("de")
    # and back to English, the page's own words
    dialog.locator("[data-setting=language]").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(dialog.locator("#stats-title")).to_have_text("Your stats")
    assert re.fullmatch("en", page.evaluate("() => localStorage.getItem('iqpuzzles.v1.language')"))
