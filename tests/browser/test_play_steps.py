"""Playing IQ-Steps in the browser: a booklet challenge to the win with the mouse (rotate
and flip to the wanted orientation, pieces in a legal order), a piece that cannot be
played yet because of the order refused with the reason and the hint that says so, hint
and solve, the two layers and blocked pegs on the board, the URL restoring a position."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from iqpuzzles.core.data import load_json

from .playing import Player, press_hint, solve

pytestmark = pytest.mark.browser

STEPS = Player("steps")
GAME = STEPS.game
CHALLENGE = GAME.challenge_by_id("25")  # CHSFCLAHQHBNEAg: D, G, B to play, in that order
ENTRY = next(e for e in load_json("steps", "challenges.json") if e["id"] == 25)
START = GAME.strings.start_placement(CHALLENGE.challenge)
ORDER = [ENTRY["solution"][i:i + 3]
         for i in range(len(CHALLENGE.challenge), len(ENTRY["solution"]), 3)]


def place(page, item: str) -> None:
    STEPS.place(page, CHALLENGE.challenge, item[0], item[1], item)


def test_play_challenge_25_to_the_win_in_order(page, site_url):
    assert ORDER == ["DAi", "GHl", "BDx"]
    site = STEPS.open(page, site_url, "challenge=25")
    assert STEPS.placement(site) == START
    # two layers: lower rings on pegs, upper rings between them, blocked pegs marked, all
    # as the shapes' own tags
    board = STEPS.board(site)
    expect(board.locator("[data-tags~=lower]")).not_to_have_count(0)
    expect(board.locator("[data-tags~=upper]")).not_to_have_count(0)
    expect(board.locator("[data-tags~=blocked]")).not_to_have_count(0)
    # the cell codes are notation, not on the real board: hidden until asked for
    expect(board.locator("[data-tags~=notation]")).to_have_count(50)
    expect(board.locator("[data-tags~=notation]").first).to_be_hidden()
    for item in ORDER:  # GHl needs a flip (H) and BDx three turns or a flip and one
        place(site, item)
        if item == ORDER[0]:  # turned where it lies, or refused in words; undone in one step
            STEPS.turn_placed(site, item[0])
    STEPS.expect_won(site, CHALLENGE.challenge)
    expect(site.locator(".win-card")).to_be_visible()


def test_a_piece_played_out_of_order_is_refused_and_the_hint_says_why(page, site_url):
    site = STEPS.open(page, site_url, "challenge=25")
    place(site, "GHl")  # legal, but it blocks the peg DAi needs
    after = GAME.strings.play(CHALLENGE.challenge, START, "GHl")
    preview = GAME.page.preview(CHALLENGE.challenge, after, "D", "A", "i")
    assert not preview.legal and "cannot be played after GHl" in preview.reason
    STEPS.refused(site, CHALLENGE.challenge, "D", "A", "DAi", preview)
    hint = GAME.strings.hint(CHALLENGE.challenge, after)
    assert hint.kind == "remove" and hint.piece == "G"
    STEPS.button(site, "Hint").click()
    expect(STEPS.status(site)).to_contain_text(hint.message)
    assert STEPS.placement(site) == after
    # taken back, the hint respects the order: D first
    STEPS.button(site, "Undo").click()
    expect(STEPS.board(site)).to_have_attribute("data-placement", START)
    press_hint(site)
    expect(STEPS.board(site)).to_have_attribute(
        "data-placement", GAME.strings.play(CHALLENGE.challenge, START, "DAi"))


def test_solve_and_the_url_restores_a_position(page, site_url):
    position = GAME.strings.play(CHALLENGE.challenge, START, "DAi")
    site = STEPS.open(page, site_url, f"challenge=25&placed={quote(position)}")
    expect(STEPS.board(site)).to_have_attribute("data-placement", position)
    expect(STEPS.tray_piece(site, "D")).to_have_count(0)
    expect(STEPS.tray_piece(site, "G")).to_have_count(1)
    solve(site)
    STEPS.expect_won(site, CHALLENGE.challenge)
    assert f"placed={STEPS.placement(site)}" in site.url
