"""New challenges in the page: "New challenge" per level in the picker, the link
#game=...&seed=...&level=... that restores exactly that challenge, their progress kept
apart from the booklet's, and a clear message for a game that cannot generate."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import game
from iqpuzzles.generate import generate

from .playing import Player, place_own_piece, press_hint, solve_with_hints

pytestmark = pytest.mark.browser

TWIST = game("twist")


def board(page: Page):
    return page.locator("#board")


def status(page: Page):
    return page.locator("#status")


def hash_of(page: Page) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(page.url).fragment).items()}


def open_at(page: Page, site_url: str, fragment: str) -> Page:
    page.goto(f"{site_url}#{fragment}")
    page.wait_for_selector("html[data-ready=true]", timeout=60_000)
    page.wait_for_selector("html[data-busy=false]")
    return page


def new_challenge(page: Page, level: str) -> None:
    page.locator("#challenge-button").click()
    button = page.locator(f"[data-action=new-challenge][data-level='{level}']")
    expect(button).to_have_text(f"New {level} challenge")
    before = board(page).get_attribute("data-puzzle")
    # (the button's own click: what it does is tested here; a pointer's click on the list
    # as it is redrawn on a loaded machine once went to the cell beneath)
    button.dispatch_event("click")
    expect(board(page)).to_have_attribute("data-kind", "generated")
    expect(board(page)).not_to_have_attribute("data-puzzle", before or "")
    page.wait_for_selector("html[data-busy=false]")


def test_new_challenge_per_level_plays_and_its_link_restores_it(site, context, site_url):
    new_challenge(site, "Expert")
    params = hash_of(site)
    assert params["game"] == "twist" and params["level"] == "Expert"
    assert re.fullmatch(r"\d+", params["seed"])
    puzzle = board(site).get_attribute("data-puzzle")
    assert puzzle == generate(TWIST, "Expert", params["seed"])  # same seed, same challenge
    assert TWIST.strings.count_solutions(puzzle, 2) == 1
    expect(site.locator("#challenge-level")).to_have_text("Expert")
    expect(site.locator("#challenge-name")).to_contain_text(params["seed"])
    # play a move: the placement joins the link
    press_hint(site)
    start = TWIST.strings.start_placement(puzzle)
    expect(board(site)).not_to_have_attribute("data-placement", start)
    placed = board(site).get_attribute("data-placement")
    expect(site).to_have_url(re.compile("placed="))
    link = site.url
    # the link, in another page, restores that challenge and that position
    other = context.new_page()
    other.goto(link)
    other.wait_for_selector("html[data-ready=true]", timeout=60_000)
    expect(board(other)).to_have_attribute("data-kind", "generated")
    expect(board(other)).to_have_attribute("data-puzzle", puzzle)
    expect(board(other)).to_have_attribute("data-placement", placed)
    other.close()


def test_a_solved_new_challenge_is_kept_apart_from_the_booklet(site):
    new_challenge(site, "Starter")
    key = f"seed:Starter:{hash_of(site)['seed']}"
    place_own_piece(site, Player("twist"))  # a win of the player's own: not every piece hinted
    solve_with_hints(site)
    expect(site.locator(".win-card")).to_be_visible()
    expect(site.locator(".win-detail")).to_contain_text("Starter · New challenge")
    expect(site.get_by_role("button", name="Another Starter")).to_be_visible()
    record = json.loads(site.evaluate("localStorage.getItem('iqpuzzles.v1.twist')"))
    assert key in record["generated"] and record["solved"] == {}
    # "Another Starter" makes a new one of the same level
    before = board(site).get_attribute("data-puzzle")
    site.get_by_role("button", name="Another Starter").click()
    expect(board(site)).not_to_have_attribute("data-puzzle", before)
    site.wait_for_selector("html[data-busy=false]")
    site.locator("#challenge-button").click()
    expect(site.locator(".picker-summary")).to_have_text(
        f"0 of {len(TWIST.challenges)} solved · 1 new or own solved")
    site.keyboard.press("Escape")
    expect(site.locator("#challenge-level")).to_have_text("Starter")


def test_the_same_link_gives_the_same_focus_challenge(page, site_url):
    open_at(page, site_url, "game=focus&seed=4242&level=Junior")
    expect(board(page)).to_have_attribute("data-kind", "generated")
    expect(board(page)).to_have_attribute("data-puzzle", generate(game("focus"), "Junior", "4242"))
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=60_000)
    expect(board(page)).to_have_attribute("data-puzzle", generate(game("focus"), "Junior", "4242"))


BROKEN_LINKS = [
    ("game=twist&seed=12&level=Impossible", "is not a level"),
    ("game=twist&seed=1%202&level=Expert", "is not a seed"),
    ("game=twist&seed=12", "names no level"),
]


def test_a_broken_generated_link_gives_a_message_and_a_playable_board(page, site_url):
    """Opened with a broken link, then the others followed: a sentence each, a booklet
    challenge to play."""
    for number, (fragment, words) in enumerate(BROKEN_LINKS):
        if number == 0:
            open_at(page, site_url, fragment)
        else:
            page.evaluate("(f) => { location.hash = f; }", fragment)
        expect(status(page)).to_contain_text(words)
        expect(status(page)).to_have_attribute("data-kind", "error")
        expect(board(page)).to_have_attribute("data-kind", "booklet")
        expect(page.locator(".tray-piece").first).to_be_visible()
        page.wait_for_selector("html[data-busy=false]")


def test_new_challenges_walk_the_pool_and_say_when_it_is_used_up(site):
    """Each New challenge is the next place of the player's walk through the level's pool
    (stored), so none comes twice before the pool is used up; then the page says so."""
    from iqpuzzles.generate import pool_sizes

    size = pool_sizes(TWIST)["Wizard"]
    site.evaluate("""size => localStorage.setItem('iqpuzzles.v1.walks',
        JSON.stringify({twist: {Wizard: {start: 5, step: size - 1}}}))""", size)
    new_challenge(site, "Wizard")
    assert hash_of(site)["seed"] == str(4 + size)
    assert board(site).get_attribute("data-puzzle") == generate(TWIST, "Wizard", 4 + size)
    expect(status(site)).not_to_contain_text("come round again")
    new_challenge(site, "Wizard")  # the pool is used up: it starts again, and says so
    assert hash_of(site)["seed"] == str(5 + size)
    assert board(site).get_attribute("data-puzzle") == generate(TWIST, "Wizard", 5)
    expect(status(site)).to_contain_text(f"You have had all {size:,} new Wizard challenges")
    walks = json.loads(site.evaluate("localStorage.getItem('iqpuzzles.v1.walks')"))
    assert walks["twist"]["Wizard"] == {"start": 5, "step": size + 1}


def test_the_picker_says_how_focus_levels_its_new_challenges(page, site_url):
    open_at(page, site_url, "game=focus&seed=7&level=Expert")
    page.locator("#challenge-button").click()
    expect(page.locator(".picker-note")).to_contain_text("levelled by the reasoning they need")
