"""Playing IQ-Twist in the browser, what the scenario every game plays (test_play.py)
does not: the keyboard alone, a refusal's notation shown on request, taking back a piece
but not the challenge's own; and IQ-Twist challenge 1's handles for the page's tests
(test_page.py). The expected moves come from iqpuzzles itself; the page is driven only
through its accessible handles (buttons named Rotate, Flip, Undo..., locations labelled
with their codes, tray pieces labelled "Piece a")."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from .playing import Player

pytestmark = pytest.mark.browser

TWIST_PLAYER = Player("twist")
TWIST = TWIST_PLAYER.game
INFO = TWIST_PLAYER.info
LOCATIONS = [loc["code"] for loc in INFO["board"]["locations"]]
CHALLENGE = TWIST.challenge_by_id("1")  # f3C4i6B0j2B0j1C0k3C0l4B0l5C0
START = TWIST.strings.start_placement(CHALLENGE.challenge)
FIXED = {item[0] for item in re.findall(r"[a-h]\d[A-D]\d", CHALLENGE.challenge)}
TODO = [item for item in re.findall(r"....", CHALLENGE.solution) if item[0] not in FIXED]


# ------------------------------------------------------------------ helpers


# the handles and the Rotate/Flip route are the shared player's (tests/browser/playing.py)
board = TWIST_PLAYER.board
status = TWIST_PLAYER.status
tray_piece = TWIST_PLAYER.tray_piece
location = TWIST_PLAYER.location
placement = TWIST_PLAYER.placement
turns = TWIST_PLAYER.turns


def anchor_for(current: str, item: str) -> str:
    """The location to point at so that the held piece's preview is exactly `item`."""
    return TWIST_PLAYER.anchor_for(CHALLENGE.challenge, current, item[0], item[3], item)


def place_with_mouse(page: Page, item: str) -> None:
    """Place `item` with the mouse (on challenge 1)."""
    TWIST_PLAYER.place(page, CHALLENGE.challenge, item[0], item[3], item)


def open_at(page: Page, site_url: str, fragment: str) -> Page:
    page.goto(f"{site_url}#{fragment}")
    page.wait_for_selector("html[data-ready=true]", timeout=60_000)
    return page


# ------------------------------------------------------------------ tests


def place_a_piece_with_the_keyboard_only(site: Page) -> None:
    item = "d2A6"
    assert item in TODO
    index = [p["id"] for p in INFO["pieces"]].index("d")
    site.keyboard.press(str(index + 1))  # number keys pick pieces; the board takes focus
    expect(tray_piece(site, "d")).to_have_attribute("aria-pressed", "true")
    for name in turns("d", "0", "6"):
        site.keyboard.press(name[0].lower())  # R rotates, F flips
    expect(tray_piece(site, "d")).to_have_attribute("data-orientation", "6")
    here = site.evaluate("document.activeElement.dataset.code")
    goal = anchor_for(START, item)
    dx = int(goal[0]) - int(here[0])
    dy = ord(goal[1]) - ord(here[1])
    for _ in range(abs(dx)):
        site.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
    for _ in range(abs(dy)):
        site.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    assert site.evaluate("document.activeElement.dataset.code") == goal
    expect(board(site)).to_have_attribute("data-ghost", item)
    site.keyboard.press("Enter")
    after = TWIST.strings.play(CHALLENGE.challenge, START, item)
    expect(board(site)).to_have_attribute("data-placement", after)
    # Tab reaches the tray and Enter picks a piece there; Escape drops it
    tray_piece(site, "a").focus()
    site.keyboard.press("Enter")
    expect(tray_piece(site, "a")).to_have_attribute("aria-pressed", "true")
    site.keyboard.press("Escape")
    expect(tray_piece(site, "a")).to_have_attribute("aria-pressed", "false")
    # Ctrl+Z / Ctrl+Y
    site.keyboard.press("Control+z")
    expect(board(site)).to_have_attribute("data-placement", START)
    site.keyboard.press("Control+y")
    expect(board(site)).to_have_attribute("data-placement", after)
    # the grid's keys: Home/End to the row's ends, Page Up/Down to the column's, and with
    # Ctrl the board's first and last spot; expected from the spots drawn on the page
    spots = site.evaluate("""() => [...document.querySelectorAll('#board .loc')].map((el) =>
        ({code: el.dataset.code, x: +el.getAttribute('cx'), y: +el.getAttribute('cy')}))""")
    at = {spot["code"]: spot for spot in spots}
    row = [s for s in spots if s["y"] == at[goal]["y"]]
    column = [s for s in spots if s["x"] == at[goal]["x"]]
    ends = {"Home": min(row, key=lambda s: s["x"]), "End": max(row, key=lambda s: s["x"]),
            "PageUp": min(column, key=lambda s: s["y"]),
            "PageDown": max(column, key=lambda s: s["y"]),
            "Control+Home": min(spots, key=lambda s: (s["y"], s["x"])),
            "Control+End": max(spots, key=lambda s: (s["y"], s["x"]))}
    for key, spot in ends.items():
        site.locator(f"#board .loc[data-code='{goal}']").focus()
        site.keyboard.press(key)
        assert site.evaluate("document.activeElement.dataset.code") == spot["code"], key
    assert len({spot["code"] for spot in ends.values()}) >= 4  # they do go somewhere


def an_illegal_placement_is_refused_in_plain_words_and_the_notation_on_request(site: Page) -> None:
    preview = TWIST.page.preview(CHALLENGE.challenge, START, "d", "0", "2B")
    why = preview.refusal
    assert not preview.legal and why.message != why.notation
    tip = site.locator(".ghost-tip")
    tray_piece(site, "d").click()
    location(site, "2B").hover()
    expect(board(site)).to_have_attribute("data-ghost-legal", "false")
    expect(tip).to_have_text(why.message)  # words for players; the notation a tooltip
    expect(tip).to_have_attribute("title", why.notation)
    location(site, "2B").click()
    expect(status(site)).to_have_text(why.message)
    expect(status(site)).to_have_attribute("data-kind", "error")
    assert placement(site) == START
    expect(tray_piece(site, "d")).to_have_attribute("aria-pressed", "true")  # still held
    # "Show notation" (in the picker) writes it beside the words, and is kept
    site.keyboard.press("Escape")
    site.locator("#challenge-button").click()
    site.get_by_label("Show notation").check()
    site.keyboard.press("Escape")
    tray_piece(site, "d").click()
    location(site, "2B").hover()
    expect(tip.locator(".notation")).to_have_text(why.notation)
    settings = json.loads(site.evaluate("localStorage.getItem('iqpuzzles.v1.settings')"))
    assert settings["notation"] is True and settings["solvable"] is False
    site.reload()
    site.wait_for_selector("html[data-ready=true]", timeout=60_000)
    # a fast hand: the picker's button, then Escape before the picker shows (the browser
    # runs a key before the task that shows it): it never comes, and the key is spent
    tray_piece(site, "d").click()
    site.evaluate("""() => new Promise((shown) => {
        document.querySelector("#challenge-button").click();
        document.activeElement.dispatchEvent(
            new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
        setTimeout(() => setTimeout(shown)); // (the tasks queued before these have run)
    })""")
    expect(site.locator("dialog[open]")).to_have_count(0)
    expect(tray_piece(site, "d")).to_have_attribute("aria-pressed", "true")
    site.keyboard.press("Escape")
    site.locator("#challenge-button").click()
    expect(site.locator("dialog[open]")).to_be_visible()  # (a key pressed now is the picker's)
    expect(site.get_by_label("Show notation")).to_be_checked()
    site.keyboard.press("Escape")
    expect(site.locator("dialog[open]")).to_have_count(0)


def take_back_a_piece_but_not_the_challenges_own(site: Page) -> None:
    place_with_mouse(site, "d2A6")
    location(site, "3A").click()  # a loop of d2A6
    expect(board(site)).to_have_attribute("data-placement", START)
    expect(tray_piece(site, "d")).to_have_attribute("aria-pressed", "true")  # back in the hand
    site.keyboard.press("Escape")
    location(site, "4D").click()  # the challenge's f3C4
    expect(status(site)).to_contain_text("Only your own pieces")
    assert placement(site) == START


def test_refuse_in_words_play_by_the_keyboard_alone_and_take_back(site):
    """One page: an illegal placement refused in plain words, the notation on request (and
    kept over a reload, which leaves the challenge's start and every piece as the tray
    first holds it); a piece placed with the keyboard only; undone, a piece taken back but
    not the challenge's own."""
    an_illegal_placement_is_refused_in_plain_words_and_the_notation_on_request(site)
    expect(board(site)).to_have_attribute("data-placement", START)
    expect(tray_piece(site, "d")).to_have_attribute("data-orientation", "0")
    place_a_piece_with_the_keyboard_only(site)
    site.keyboard.press("Control+z")
    expect(board(site)).to_have_attribute("data-placement", START)
    take_back_a_piece_but_not_the_challenges_own(site)
