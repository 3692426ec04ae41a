"""Playing IQ-Link in the browser: an original challenge with two solutions won with each of
them (rotate by 60 degrees and flip to the wanted orientation), a ball refused by a ring
with the reason, hint and solve, peg letters clear of every ring, the URL restoring a
position, and the picker saying which challenges come from the original game."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from .playing import Player, press_hint, solve

pytestmark = pytest.mark.browser

LINK = Player("link")
GAME = LINK.game
CHALLENGE = GAME.challenge_by_id("M01")  # 9 pieces given, 2 solutions (the course's)
START = GAME.strings.start_placement(CHALLENGE.challenge)


def items(placement: str) -> list[str]:
    return re.findall(r"...", placement)


def todo(solution: str) -> list[str]:
    return [item for item in items(solution) if item not in items(START)]


def place(page, item: str) -> None:
    LINK.place(page, CHALLENGE.challenge, item[1], item[2], item)


def test_win_course_challenge_m01_with_its_second_solution(page, site_url):
    assert len(CHALLENGE.solutions) == 2 and CHALLENGE.source == "original"
    site = LINK.open(page, site_url, "challenge=M01")
    assert LINK.placement(site) == START
    for i, item in enumerate(todo(CHALLENGE.solutions[1])):
        place(site, item)
        if i == 0:  # turned where it lies, or refused in words; undone in one step
            LINK.turn_placed(site, item[1])
    LINK.expect_won(site, CHALLENGE.challenge)
    assert GAME.strings.canonical(LINK.placement(site)) == CHALLENGE.solutions[1]
    expect(site.locator(".win-card")).to_be_visible()
    # no peg letter lies under a ring of the full board
    rings = [s for s in GAME.page.view(CHALLENGE.challenge, LINK.placement(site))["shapes"]
             if s["kind"] == "ring"]
    boxes = site.evaluate("""[...document.querySelectorAll('#board .layer-view text')]
        .map((t) => { const b = t.getBBox();
                      return [t.textContent, b.x, b.y, b.width, b.height]; })""")
    assert len([b for b in boxes if re.fullmatch("[A-X]", b[0])]) == 24
    for text, x, y, w, h in boxes:
        for ring in rings:
            reach = ring["r"] + ring["width"] / 2
            nx = min(max(ring["cx"], x), x + w)  # the box's point nearest the ring's centre
            ny = min(max(ring["cy"], y), y + h)
            assert (nx - ring["cx"]) ** 2 + (ny - ring["cy"]) ** 2 > reach ** 2, (text, ring)


def test_the_url_restores_a_position_and_the_first_solution_wins_too(page, site_url):
    rest = todo(CHALLENGE.solutions[0])
    position = GAME.strings.play(CHALLENGE.challenge, START, rest[0])
    position = GAME.strings.play(CHALLENGE.challenge, position, rest[1])
    site = LINK.open(page, site_url, f"challenge=M01&placed={quote(position)}")
    expect(LINK.board(site)).to_have_attribute("data-placement", position)
    expect(LINK.tray_piece(site, rest[0][1])).to_have_count(0)
    place(site, rest[2])
    LINK.expect_won(site, CHALLENGE.challenge)
    assert GAME.strings.canonical(LINK.placement(site)) == CHALLENGE.solutions[0]


def test_a_ball_a_ring_refuses_is_refused_with_the_reason(page, site_url):
    site = LINK.open(page, site_url, "challenge=M01")
    preview = GAME.page.preview(CHALLENGE.challenge, START, "J", "A", "I")
    assert not preview.legal and "no opening facing E" in preview.reason
    LINK.refused(site, CHALLENGE.challenge, "J", "A", "IJA", preview)


def test_hint_then_solve_and_the_picker_says_where_challenges_come_from(page, site_url):
    site = LINK.open(page, site_url, "challenge=M01")
    hint = GAME.strings.hint(CHALLENGE.challenge, START)
    press_hint(site)
    expect(LINK.board(site)).to_have_attribute(
        "data-placement", GAME.strings.play(CHALLENGE.challenge, START, hint.placement))
    expect(LINK.status(site)).to_contain_text(
        f"{GAME.vocabulary.capitalised_name(hint.piece)} placed from the hint")
    solve(site)
    LINK.expect_won(site, CHALLENGE.challenge)
    assert GAME.strings.canonical(LINK.placement(site)) in CHALLENGE.solutions
    site.locator("#challenge-button").click()
    expect(site.locator(".challenge-cell[data-id='M01']")).to_have_attribute(
        "aria-label", re.compile("^Challenge M01, original: from the original game"))
    expect(site.locator(".picker-summary")).to_contain_text("from the original game")
    expect(site.locator(".challenge-cell[data-id='G073']")).to_have_attribute(
        "data-source", "generated")
    expect(site.locator(".challenge-cell[data-id='G073'] .cell-source")).to_have_text("ours")
