"""Issue 40, the page in the player's language: a first visit downloads the catalog of
its language only (none in English; a French-preferring browser fr's: the page's words
and Python's), and its stats, Today page and calendar speak it; the choice of language on
the stats page switches the page's words, <html lang> and Python's words at once, with the
game in progress (its position, its clock, its history) untouched, and it stays chosen
across a reload. Offline, a language fetched before switches (the service worker kept its
catalogs) and one never fetched is not chosen, the page saying why and playing on; another
tab follows a change at once."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

import iqpuzzles
from iqpuzzles import api
from iqpuzzles.core.errors import PuzzleError
from tests.browser.playing import READY_TIMEOUT, Player, place_own_piece

ROOT = Path(__file__).resolve().parents[2]
KEY = "iqpuzzles.v1.language"
SHOTS = ROOT / "screenshots" / "languages"
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
        # the first board from the site's built answers, the game's words built in the
        # page's language (one file); its spots in the page's words once Python is ready:
        # each spot says what Python says of it in that language
        worded = [url.removeprefix(site_url) for url in asked
                  if re.search(r"/early/[a-z]{2}(-[A-Z]{2})?/\w+\.json$", url)]
        assert len(worded) == (language != "en") and all(
            url.startswith(f"early/{language}/") for url in worded), worded
        board = page.locator("#board")
        shown = page.locator("#games [aria-pressed=true]").get_attribute("data-game")
        asked_view = {"id": 0, "op": "view", "game": shown,
                      "challenge": board.get_attribute("data-puzzle"),
                      "placement": board.get_attribute("data-placement")}
        with iqpuzzles.language(language):
            spots = api.call(asked_view)["result"]["spots"]
        labels = board.locator(".loc").evaluate_all(
            "(ls) => ls.map((l) => l.getAttribute('aria-label'))")
        assert spots and all(any(said in label for label in labels) for said in spots.values()), (
            spots, labels)
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


def choose_language(page: Page, language: str):
    """Choose `language` on the stats page (left open: its choice and what it says)."""
    dialog = page.locator("#stats")
    if not dialog.is_visible():
        open_stats(page)
    dialog.locator("[data-setting=language]").select_option(language)
    return dialog


@pytest.mark.service_worker
def test_offline_a_language_fetched_before_switches_and_one_never_fetched_says_why(
        browser, site_url):
    """After a first visit online (French chosen once, then English again), offline and
    reloaded: German, never fetched, is not chosen: the page says why in its own language
    and plays on in it; French, fetched before, comes from the service worker's copy, for
    the page's words and Python's; the position, the clock and the history stay through
    both."""
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        player = Player("twist")
        player.open(page, site_url, "challenge=1")
        expect(page.locator("html")).to_have_attribute("data-offline", "ready",
                                                       timeout=READY_TIMEOUT)
        french = page_words("fr")
        dialog = choose_language(page, "fr")
        expect(dialog.locator("#stats-title")).to_have_text(french["Your stats"])
        assert page.evaluate(REFUSED) == refusal("fr")  # Python's catalog fetched too
        choose_language(page, "en")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        dialog.press("Escape")
        place_own_piece(page, player)
        position = player.placement(page)

        context.set_offline(True)
        page.reload()
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        expect(player.board(page)).to_have_attribute("data-placement", position)
        expect(page.locator("#timer")).not_to_have_text("0:00")
        before = seconds(page)

        dialog = choose_language(page, "de")
        expect(dialog.locator(".language-said")).to_have_text(
            "Deutsch could not be downloaded: connect to the internet and choose it again.")
        expect(dialog.locator("[data-setting=language]")).to_have_value("en")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(dialog.locator("#stats-title")).to_have_text("Your stats")
        assert page.evaluate(REFUSED) == refusal("en")
        assert page.evaluate(f"localStorage.getItem({KEY!r})") == "en"  # not chosen
        SHOTS.mkdir(parents=True, exist_ok=True)  # what the player reads, wide and narrow
        for width, height in ((1280, 800), (320, 568)):
            page.set_viewport_size({"width": width, "height": height})
            dialog.locator(".language-said").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"offline-language-said-{width}.png"))

        choose_language(page, "fr")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(dialog.locator("#stats-title")).to_have_text(french["Your stats"])
        expect(dialog.locator(".language-said")).to_be_hidden()  # said no more
        assert page.evaluate(REFUSED) == refusal("fr")
        dialog.press("Escape")
        expect(dialog).to_be_hidden()

        # the game as it was, and playable: the clock going on, the move to undo and redo
        assert player.placement(page) == position
        shown = page.locator("#timer").text_content()
        expect(page.locator("#timer")).not_to_have_text(shown)  # it runs on
        assert seconds(page) >= before
        page.locator("#toolbar [data-action=undo]").click()
        expect(player.board(page)).not_to_have_attribute("data-placement", position)
        page.locator("#toolbar [data-action=redo]").click()
        expect(player.board(page)).to_have_attribute("data-placement", position)
    finally:
        context.close()


def test_a_change_of_language_in_one_tab_is_followed_by_the_other(browser, site_url):
    """Two tabs of one browser: a language chosen in one is spoken in the other at once
    (its words, <html lang>, Python's), its game untouched; back to English the same."""
    context = browser.new_context(locale="en-US", service_workers="block")
    try:
        player = Player("twist")
        one = player.open(context.new_page(), site_url, "challenge=1")
        other = player.open(context.new_page(), site_url, "challenge=19")
        place_own_piece(other, player)
        position = player.placement(other)
        polish = page_words("pl")
        choose_language(one, "pl")
        expect(one.locator("html")).to_have_attribute("lang", "pl")
        expect(other.locator("html")).to_have_attribute("lang", "pl")
        expect(open_stats(other).locator("#stats-title")).to_have_text(polish["Your stats"])
        expect(other.locator("[data-setting=language]")).to_have_value("pl")
        assert other.evaluate(REFUSED) == refusal("pl")
        assert player.placement(other) == position

        choose_language(one, "en")
        expect(other.locator("html")).to_have_attribute("lang", "en")
        expect(other.locator("#stats-title")).to_have_text("Your stats")
        expect(other.locator("[data-setting=language]")).to_have_value("en")
        assert other.evaluate(REFUSED) == refusal("en")
        other.locator("#stats").press("Escape")
        other.locator("#toolbar [data-action=undo]").click()
        expect(player.board(other)).not_to_have_attribute("data-placement", position)
    finally:
        context.close()


CUSTOM = "level of a challenge\u0004Custom"  # a custom challenge's level, in the page's catalog


def test_a_custom_challenge_is_named_in_the_players_language(page, site_url):
    """"Custom", the level of a challenge the player made or was sent (not one of the
    levels SmartGames prints), is a word of each language: in the header at once when the
    language changes, and in the status that names the challenge as it opens."""
    player = Player("twist")
    custom = player.game.challenge_by_id("60").challenge
    player.open(page, site_url, f"custom={quote(custom)}")
    expect(page.locator("#challenge-level")).to_have_text("Custom")
    words = ""
    for code in ("fr", "de", "nl", "es", "pl", "ja"):
        words = page_words(code)[CUSTOM]
        assert words != "Custom", code
        choose_language(page, code).press("Escape")
        expect(page.locator("#challenge-level")).to_have_text(words)
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(page.locator("#challenge-level")).to_have_text(words)
    expect(player.status(page)).to_contain_text(words)
