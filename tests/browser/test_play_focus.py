"""Playing IQ-Focus in the browser: a booklet challenge to the win with the mouse, a
placement that breaks the challenge's colours refused with the reason, hint and solve,
challenge 57 won with any of its four solutions, the URL restoring a position."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from .playing import Player, press_hint, solve

pytestmark = pytest.mark.browser

FOCUS = Player("focus")
GAME = FOCUS.game
ONE = GAME.challenge_by_id("1")  # RRRBWBBRB
SHARED = GAME.challenge_by_id("57")  # BBBBWBBBB: four solutions


def items(placement: str) -> list[str]:
    return re.findall(r"[a-j]\d\d\d", placement)


def place(page, challenge: str, item: str) -> None:
    FOCUS.place(page, challenge, item[0], item[3], item)


def test_play_challenge_1_to_the_win_with_the_mouse(page, site_url):
    site = FOCUS.open(page, site_url, "challenge=1")
    expect(FOCUS.board(site)).to_have_attribute("data-challenge", "1")
    assert FOCUS.placement(site) == ""
    # the nine target colours are drawn in the centre until covered
    targets = site.locator("#board [data-role=target]")
    expect(targets).not_to_have_count(0)
    first = targets.count()
    for i, item in enumerate(items(ONE.solution)):
        place(site, ONE.challenge, item)
        if item == "d302":  # covers 31 41 51
            assert targets.count() < first
        if i == 0:  # turned where it lies, or refused in words; undone in one step
            FOCUS.turn_placed(site, item[0])
    FOCUS.expect_won(site, ONE.challenge)
    expect(site.locator(".win-card")).to_be_visible()
    expect(FOCUS.status(site)).to_contain_text(re.compile(r"Solved.* in \d+:\d\d"))


def test_a_placement_against_the_challenge_is_refused_with_the_reason(page, site_url):
    site = FOCUS.open(page, site_url, "challenge=1")
    preview = GAME.page.preview(ONE.challenge, "", "d", "0", "20")
    assert not preview.legal and preview.reason == "d100 puts blue on 31, the challenge wants red"
    FOCUS.refused(site, ONE.challenge, "d", "0", "d100", preview)
    # one that fits is taken
    place(site, ONE.challenge, "d302")


def test_hint_then_solve_then_undo(page, site_url):
    site = FOCUS.open(page, site_url, "challenge=1")
    hint = GAME.strings.hint(ONE.challenge, "")
    press_hint(site)
    after = GAME.strings.play(ONE.challenge, "", hint.placement)
    expect(FOCUS.board(site)).to_have_attribute("data-placement", after)
    expect(FOCUS.status(site)).to_contain_text(
        f"{GAME.vocabulary.capitalised_name(hint.piece)} placed from the hint")
    solve(site)
    FOCUS.expect_won(site, ONE.challenge)
    assert FOCUS.placement(site) == ONE.solution
    FOCUS.button(site, "Undo").click()
    expect(site.locator("html")).not_to_have_attribute("data-solved", "true")


def test_challenge_57_accepts_any_of_its_four_solutions(page, site_url):
    """For solutions 2 to 4 in turn, the address opens a position one piece short of it
    (restoring it), and the last piece played with the mouse wins."""
    assert len(SHARED.solutions) == 4
    for which in (1, 2, 3):
        solution = items(SHARED.solutions[which])
        last = solution[which * 3]  # a different last piece each time
        before = "".join(item for item in solution if item != last)
        fragment = f"challenge=57&placed={quote(before)}"
        if which == 1:
            site = FOCUS.open(page, site_url, fragment)
        else:
            site.evaluate("(f) => { location.hash = f; }", f"game=focus&{fragment}")
        expect(FOCUS.board(site)).to_have_attribute("data-placement",
                                                    GAME.strings.canonical(before))
        expect(FOCUS.board(site)).to_have_attribute("data-challenge", "57")
        site.wait_for_selector("html[data-busy=false]")
        for item in solution:
            expect(FOCUS.tray_piece(site, item[0])).to_have_count(1 if item == last else 0)
        place(site, SHARED.challenge, last)
        FOCUS.expect_won(site, SHARED.challenge)
        assert FOCUS.placement(site) == SHARED.solutions[which]
