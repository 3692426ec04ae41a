"""The challenge editor in the page: pegs, pieces or colours on the board, the solver's
verdict at once (none, exactly one, several), a unique challenge played and shared as a
#custom= link, and a broken custom link that still leaves a playable board. Expected
verdicts come from iqpuzzles itself."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import game

from .playing import solve_with_hints, spot

pytestmark = pytest.mark.browser

TWIST = game("twist")
FOCUS = game("focus")
PEG_NAMES = {"i": "Red peg", "j": "Blue peg", "k": "Green peg", "l": "Yellow peg"}
COLOUR_NAMES = {"W": "White", "R": "Red", "B": "Blue", "G": "Green"}
UNIQUE_PEGS = "i1D0j2B0k4A0k7A0"  # pegs only, one solution (a generated Wizard once)


def board(page: Page):
    return page.locator("#board")


def verdict(page: Page):
    return page.locator("#verdict")


def status(page: Page):
    return page.locator("#status")


def idle(page: Page) -> None:
    page.wait_for_selector("html[data-busy=false]")
    expect(verdict(page)).not_to_have_attribute("data-state", "counting")


def open_editor(page: Page, name: str = "twist") -> None:
    if name != "twist":
        page.locator(f".game-tab[data-game={name}]").click()
        expect(board(page)).to_have_attribute("data-kind", "booklet")
        page.wait_for_selector("html[data-busy=false]")
    page.locator("#challenge-button").click()
    page.locator("[data-action=editor]").click()
    expect(verdict(page)).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-mode", "edit")
    idle(page)


def tool(page: Page, name: str):
    """A tool in the tray: "Red peg", or a piece with its colour ("Piece a, red")."""
    return page.get_by_role("button", name=re.compile(rf"^{re.escape(name)}(, .+)?$"))


def put(page: Page, tool_name: str, code: str) -> None:
    """Pick a tool from the tray (unless it is held) and click a location with it."""
    tool_button = tool(page, tool_name)
    if tool_button.get_attribute("aria-pressed") != "true":
        tool_button.click()
    before = board(page).get_attribute("data-draft")
    spot(page, code).click()
    expect(board(page)).not_to_have_attribute("data-draft", before)
    idle(page)


def put_pegs(page: Page, pegs: str) -> None:
    for start in range(0, len(pegs), 4):
        peg, code = pegs[start], pegs[start + 1:start + 3]
        put(page, PEG_NAMES[peg], code)


def expect_verdict(page: Page, draft: str) -> dict:
    game = TWIST if page.url.find("twist") >= 0 else FOCUS
    expected = game.editor.verdict(draft)
    expect(board(page)).to_have_attribute("data-draft", draft)
    expect(verdict(page)).to_have_attribute("data-count", str(expected["count"]))
    expect(verdict(page)).to_have_attribute("data-capped", str(expected["capped"]).lower())
    expect(verdict(page)).to_have_attribute("data-playable", str(expected["playable"]).lower())
    return expected


def test_twist_verdicts_several_none_and_one(site):
    open_editor(site)
    expect(verdict(site)).to_have_attribute("data-state", "several")
    expect(verdict(site)).to_contain_text("At least 20 solutions")
    put_pegs(site, "i1A0j2A0")
    assert expect_verdict(site, "i1A0j2A0")["count"] == 10
    expect(verdict(site)).to_contain_text("10 solutions")
    expect(site.locator("[data-action=play-draft]")).to_be_disabled()
    put_pegs(site, "j3A0")
    expect_verdict(site, "i1A0j2A0j3A0")
    expect(verdict(site)).to_have_attribute("data-state", "none")
    expect(verdict(site)).to_contain_text("No solution")
    # a click with empty hands takes a peg off; Undo puts it back
    site.keyboard.press("Escape")
    spot(site, "3A").click()
    idle(site)
    expect_verdict(site, "i1A0j2A0")
    site.get_by_role("button", name="Undo", exact=True).click()
    idle(site)
    expect_verdict(site, "i1A0j2A0j3A0")
    # the game's own limits: one red peg only
    tool(site, "Red peg").click()
    spot(site, "8D").click()
    expect(status(site)).to_contain_text("only one red peg")
    expect(board(site)).to_have_attribute("data-draft", "i1A0j2A0j3A0")


def test_twist_a_piece_over_pegs_and_the_hole_rule(site):
    open_editor(site)
    put_pegs(site, "i2A0")
    # piece a held at 2A: refused or accepted exactly as Python says
    tool(site, "Piece a").click()
    spot(site, "2A").hover()
    preview = TWIST.editor.preview("i2A0", "a", "0", "2A")
    expect(board(site)).to_have_attribute("data-ghost-legal", str(preview.legal).lower())
    spot(site, "2A").click()
    idle(site)
    if preview.legal:
        expect_verdict(site, TWIST.editor.edit("i2A0", "a", "0", "2A"))
    else:
        expect(status(site)).to_have_text(preview.refusal.message)
    # somewhere free, a piece always goes; a second piece is refused
    site.keyboard.press("Escape")
    draft = board(site).get_attribute("data-draft")
    if "a" in draft[:1]:
        spot(site, "2A").click()  # take it off
        idle(site)
    put(site, "Piece c", "5C")
    expected = TWIST.editor.edit("i2A0", "c", "0", "5C")
    expect_verdict(site, expected)
    # the status line follows the hand: the piece put down is no longer said to be in it
    expect(status(site)).to_have_text(re.compile(
        rf"^{re.escape(TWIST.vocabulary.capitalised_name('c'))} placed\. "))
    expect(status(site)).not_to_contain_text("in hand")
    tool(site, "Piece d").click()
    spot(site, "2D").click()
    expect(status(site)).to_contain_text("at most one piece")


def test_a_unique_twist_challenge_is_played_and_shared(site, context):
    open_editor(site)
    put_pegs(site, UNIQUE_PEGS)
    expect_verdict(site, UNIQUE_PEGS)
    expect(verdict(site)).to_have_attribute("data-state", "unique")
    expect(verdict(site)).to_contain_text("Exactly one solution")
    link = verdict(site).get_by_role("link", name="Link to share")
    assert parse_qs(urlsplit(link.get_attribute("href")).fragment)["custom"] == [UNIQUE_PEGS]
    site.get_by_role("button", name="Play it").click()
    expect(board(site)).to_have_attribute("data-kind", "custom")
    expect(board(site)).to_have_attribute("data-puzzle", UNIQUE_PEGS)
    expect(site.locator("html")).not_to_have_attribute("data-mode", "edit")
    assert parse_qs(urlsplit(site.url).fragment)["custom"] == [UNIQUE_PEGS]
    url = site.url
    solve_with_hints(site)
    expect(site.locator(".win-detail")).to_contain_text("Custom · Your challenge")
    # every piece came from a hint's top rung: a win with help, not the player's own
    expect(site.locator(".win-title")).to_have_text("Solved with help")
    record = json.loads(site.evaluate("localStorage.getItem('iqpuzzles.v1.twist')"))
    assert record["generated"][f"custom:{UNIQUE_PEGS}"]["helped"] is True
    assert record["solved"] == {} and record["log"] == []  # not a win the stats count
    # the link opens the same challenge elsewhere
    other = context.new_page()
    other.goto(url.split("&placed=")[0])
    other.wait_for_selector("html[data-ready=true]", timeout=60_000)
    expect(board(other)).to_have_attribute("data-kind", "custom")
    expect(board(other)).to_have_attribute("data-puzzle", UNIQUE_PEGS)
    other.close()


def test_focus_colours_and_all_nine_to_play(site):
    entry = next(e for e in FOCUS.challenges if len(e.solutions) == 1)
    open_editor(site, "focus")
    expect_verdict(site, "?????????")
    codes = [f"{3 + k % 3}{1 + k // 3}" for k in range(9)]
    for k, colour in enumerate(entry.challenge[:8]):
        put(site, COLOUR_NAMES[colour], codes[k])
    partial = entry.challenge[:8] + "?"
    expected = expect_verdict(site, partial)
    if expected["count"] == 1:
        expect(verdict(site)).to_contain_text("still needs a colour")
    expect(site.locator("[data-action=play-draft]")).to_be_disabled()
    # outside the middle: a clear refusal
    spot(site, "00").click()
    expect(status(site)).to_contain_text("nine squares in the middle")
    put(site, COLOUR_NAMES[entry.challenge[8]], codes[8])
    expect_verdict(site, entry.challenge)
    expect(verdict(site)).to_have_attribute("data-state", "unique")
    site.get_by_role("button", name="Play it").click()
    expect(board(site)).to_have_attribute("data-kind", "custom")
    expect(board(site)).to_have_attribute("data-puzzle", entry.challenge)
    expect(site.locator(".tray-piece").first).to_be_visible()


def test_back_leaves_the_editor_for_the_game(site):
    """...and the footer's keys name M and B (mark, back to it) only where they do
    something: in play, not in the editor, which keeps no mark."""
    mark_keys = site.locator(".footer .keys .key-mark")
    expect(mark_keys).to_be_visible()
    expect(mark_keys.locator("kbd")).to_have_text(["M", "B"])
    open_editor(site)
    expect(mark_keys).to_be_hidden()
    put_pegs(site, "k5B0")
    site.get_by_role("button", name="Back", exact=True).click()
    site.wait_for_selector("html[data-busy=false]")
    expect(site.locator("html")).not_to_have_attribute("data-mode", "edit")
    expect(board(site)).to_have_attribute("data-challenge", "1")
    expect(site.get_by_role("button", name="Hint", exact=True)).to_be_visible()
    expect(mark_keys).to_be_visible()
    # the draft is kept for next time
    open_editor(site)
    expect(board(site)).to_have_attribute("data-draft", "k5B0")


def test_a_corrupted_custom_link_gives_a_message_and_a_playable_board(page, site_url):
    """A custom link that is no challenge, then one with no solution (followed): a
    sentence each, and a booklet challenge to play in the address."""
    for number, (custom, words) in enumerate([("zzzz", "cannot be played"),
                                              ("i1A0j2A0j3A0", "has no solution")]):
        if number == 0:
            page.goto(f"{site_url}#game=twist&custom={custom}")
            page.wait_for_selector("html[data-ready=true]", timeout=60_000)
        else:
            page.evaluate("(f) => { location.hash = f; }", f"game=twist&custom={custom}")
        expect(page.locator("#status")).to_contain_text(words)
        expect(page.locator("#status")).to_have_attribute("data-kind", "error")
        expect(board(page)).to_have_attribute("data-kind", "booklet")
        expect(page.locator(".tray-piece").first).to_be_visible()
        page.wait_for_selector("html[data-busy=false]")
        assert re.search(r"challenge=\d+", page.url)


def test_a_kept_draft_python_cannot_read_opens_the_empty_board(site):
    """A draft kept with the game's record that Python cannot read (a damaged save) opens
    the editor on the empty board, its verdict counted, nothing thrown; the next draft is
    kept in its place."""
    site.evaluate("""() => {
        const key = "iqpuzzles.v1.twist";
        const record = JSON.parse(localStorage.getItem(key) || "{}");
        localStorage.setItem(key, JSON.stringify({ ...record, draft: "zz9Z9" }));
    }""")
    site.reload()
    site.wait_for_selector("html[data-ready=true]", timeout=60_000)
    open_editor(site)
    expect_verdict(site, TWIST.editor.empty())
    put_pegs(site, "k5B0")
    expect_verdict(site, "k5B0")
    kept = json.loads(site.evaluate("localStorage.getItem('iqpuzzles.v1.twist')"))
    assert kept["draft"] == "k5B0", kept
