"""The hint ladder, "Say when stuck" and a game's explanation overlay, in the real page.

Hint climbs one rung a press (one `hint` call each): the piece to look at (marked in the
tray; on the board only the spot its reason names, in every game), the spots it covers
(marked on the board, nothing placed),
the piece as a ghost; the fourth press, or a click on the ghost, places it. "Say when
stuck" (a setting, off by default) is asked with each move and says only that the
position cannot be finished; Hint then names the piece to take back. IQ-Steps offers
"Show playing order"; the other games offer no such toggle."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import game, games

from .playing import Player, calls, calls_since, count_calls, press_hint

GAMES = games(registered=False)  # the package's own games (not the tests' tiny one)

pytestmark = pytest.mark.browser

TWIST = Player("twist")
GAME = TWIST.game
CHALLENGE = GAME.challenge_by_id("1")
START = GAME.strings.start_placement(CHALLENGE.challenge)
STUCK = "This position can no longer be finished. Hint shows which piece to take back."


def hinted_tray(page: Page):
    return page.locator(".tray-piece[data-hinted=true]")


def no_location_in(text: str, codes) -> None:
    for code in codes:
        assert not re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text), (code, text)


def test_each_press_of_hint_tells_a_little_more_then_places_the_piece(page, site_url):
    count_calls(page)
    site = TWIST.open(page, site_url, "challenge=1")
    look, where, exactly = (GAME.strings.hint(CHALLENGE.challenge, START, level)
                            for level in (1, 2, 3))
    board, status = TWIST.board(site), TWIST.status(site)
    asked = calls(site)
    # rung 1: which piece and why; the tray marks it; the board marks the spot it names
    # (in words, no code), nothing else
    assert len(look.locations) == 1 and look.locations[0] in where.locations
    press_hint(site, 1)
    expect(status).to_contain_text(look.message)
    expect(hinted_tray(site)).to_have_attribute("data-piece", look.piece)
    expect(board).to_have_attribute("data-hint-spots", look.locations[0])
    expect(site.locator(".hint-spot")).to_have_count(1)
    expect(site.locator(".hint-ghost")).to_have_count(0)
    assert TWIST.placement(site) == START
    words = status.inner_text()
    no_location_in(words, [loc["code"] for loc in TWIST.info["board"]["locations"]])
    assert exactly.placement not in words
    # rung 2: the spots it covers, marked on the board; nothing placed, no ghost
    press_hint(site, 1)
    expect(board).to_have_attribute("data-hint-spots", " ".join(where.locations))
    expect(site.locator(".hint-spot")).to_have_count(len(where.locations))
    expect(site.locator(".hint-ghost")).to_have_count(0)
    expect(status).to_contain_text(where.message)
    no_location_in(status.inner_text(), where.locations)
    assert TWIST.placement(site) == START
    # rung 3: the piece itself, as a ghost still to place
    press_hint(site, 1)
    expect(board).to_have_attribute("data-hint-ghost", "true")
    assert site.locator(".hint-ghost .shape").count() > 0
    expect(status).to_contain_text(exactly.message)
    assert TWIST.placement(site) == START
    # the fourth press places it, with no more calls: rung 3 carried the position after it
    press_hint(site, 1)
    after = GAME.strings.play(CHALLENGE.challenge, START, exactly.placement)
    expect(board).to_have_attribute("data-placement", after)
    expect(site.locator(".layer-hint > *")).to_have_count(0)
    expect(hinted_tray(site)).to_have_count(0)
    assert calls_since(site, asked) == {"hint": 3}
    # one hint counted (when its first rung was taken), saved with the game
    record = json.loads(site.evaluate("localStorage.getItem('iqpuzzles.v1.twist')"))
    assert record["current"]["hints"] == 1
    # a move starts the ladder again: the next press names the next piece, nothing more
    following = GAME.strings.hint(CHALLENGE.challenge, after, 1)
    press_hint(site, 1)
    expect(status).to_contain_text(following.message)
    expect(site.locator(".hint-spot")).to_have_count(len(following.locations))


def test_the_first_rung_on_a_hard_challenge_marks_the_spot_it_names(page, site_url):
    """IQ-Steps and IQ-Link have no spot every game covers: their first rung once named a
    piece and a count of places a player could not check (issue 38). On the booklet's
    last challenge it names a spot the piece must cover, in words, and the board marks
    that spot alone (the tray the piece). (One page: the second game by its address.)"""
    for name in ("steps", "link"):
        the_first_rung_marks_the_spot_it_names(page, site_url, name)


def the_first_rung_marks_the_spot_it_names(page, site_url, name: str) -> None:
    player = Player(name)
    entry = player.game.challenges[-1]
    site = player.open(page, site_url, f"challenge={entry.id}")
    expect(site.locator(f"#games [data-game={name}]")).to_have_attribute("aria-pressed", "true")
    expect(player.board(site)).to_have_attribute("data-challenge", entry.id)
    site.wait_for_selector("html[data-busy=false]")
    look = player.game.strings.hint(entry.challenge, player.placement(site), 1)
    spot = look.claims[0].spot
    assert spot and look.locations == (spot,)
    assert player.game.drawing.spot_words(spot) in look.message
    press_hint(site, 1)
    expect(player.status(site)).to_contain_text(look.message)
    expect(player.board(site)).to_have_attribute("data-hint-spots", spot)
    expect(site.locator(".hint-spot")).to_have_count(1)
    expect(hinted_tray(site)).to_have_attribute("data-piece", look.piece)


def test_a_click_on_the_ghost_places_it_and_undo_clears_the_ladder(page, site_url):
    site = TWIST.open(page, site_url, "challenge=1")
    exactly = GAME.strings.hint(CHALLENGE.challenge, START)
    press_hint(site, 3)
    expect(TWIST.board(site)).to_have_attribute("data-hint-ghost", "true")
    TWIST.location(site, exactly.locations[-1]).click()
    after = GAME.strings.play(CHALLENGE.challenge, START, exactly.placement)
    expect(TWIST.board(site)).to_have_attribute("data-placement", after)
    expect(TWIST.status(site)).to_contain_text(
        f"{GAME.vocabulary.capitalised_name(exactly.piece)} placed from the hint")
    site.keyboard.press("Control+z")
    expect(TWIST.board(site)).to_have_attribute("data-placement", START)
    expect(site.locator(".layer-hint > *")).to_have_count(0)
    # back at the start, the ladder starts at its first rung again
    press_hint(site, 1)
    expect(site.locator(".hint-spot")).to_have_count(
        len(GAME.strings.hint(CHALLENGE.challenge, START, 1).locations))
    expect(hinted_tray(site)).to_have_attribute("data-piece", exactly.piece)


def stuck_first_move() -> str:
    """A legal first move on challenge 1 after which it cannot be finished."""
    start = GAME.position(CHALLENGE.challenge)
    return next(str(p) for p in start.legal_placements() if not start.play(p).is_solvable)


def place_item(page: Page, item: str) -> None:
    """Place an IQ-Twist item ("a1A1": piece, then orientation as its fourth letter)."""
    TWIST.place(page, CHALLENGE.challenge, item[0], item[3], item)


def test_say_when_stuck_turned_on_checks_the_position_shown_once(page, site_url):
    """Turned on over a position that can no longer be finished, the setting checks it at
    once (one question to Python) and says so; turned off, the mark goes; turned on over one
    that can still be finished, it says that."""
    count_calls(page)
    site = TWIST.open(page, site_url, "challenge=1")
    board, status = TWIST.board(site), TWIST.status(site)
    place_item(site, stuck_first_move())
    setting = site.get_by_label("Say when stuck")
    asked = calls(site)
    site.locator("#challenge-button").click()
    setting.check()
    expect(board).to_have_attribute("data-stuck", "true")
    expect(status).to_have_text(STUCK)
    assert calls_since(site, asked) == {"solvable": 1}
    setting.uncheck()
    expect(board).not_to_have_attribute("data-stuck", "true")
    site.keyboard.press("Escape")
    site.keyboard.press("Control+z")
    expect(board).to_have_attribute("data-placement", START)
    site.locator("#challenge-button").click()
    setting.check()
    expect(status).to_have_text("This position can still be finished.")
    assert board.get_attribute("data-stuck") is None


def test_say_when_stuck_is_off_by_default_then_says_so_and_hint_names_the_piece(page, site_url):
    count_calls(page)
    site = TWIST.open(page, site_url, "challenge=1")
    board, status = TWIST.board(site), TWIST.status(site)
    bad = stuck_first_move()
    piece = GAME.notation.read_item(bad).piece
    # off (the default): a move that leaves no way to finish is just a move
    place_item(site, bad)
    expect(status).to_have_text(f"{GAME.vocabulary.capitalised_name(piece)} placed.")
    assert board.get_attribute("data-stuck") is None
    site.keyboard.press("Control+z")
    expect(board).to_have_attribute("data-placement", START)
    # on, in the picker beside "Show notation": kept in the settings
    site.locator("#challenge-button").click()
    setting = site.get_by_label("Say when stuck")
    expect(setting).not_to_be_checked()
    setting.check()
    site.keyboard.press("Escape")
    settings = json.loads(site.evaluate("localStorage.getItem('iqpuzzles.v1.settings')"))
    assert settings["solvable"] is True
    asked = calls(site)
    place_item(site, bad)
    expect(status).to_have_text(STUCK)
    expect(board).to_have_attribute("data-stuck", "true")
    made = calls_since(site, asked)
    assert made.get("move") == 1 and "solvable" not in made  # asked with the move itself
    # Hint names the piece to take back and rings it, on its first press
    stuck = TWIST.placement(site)
    blocker = GAME.strings.hint(CHALLENGE.challenge, stuck, 1)
    assert blocker.kind == "remove" and blocker.piece == piece
    press_hint(site, 1)
    expect(status).to_have_text(f"Hint: {blocker.message} Press Hint again to see where the "
                                "solution goes on.")
    expect(site.locator(".hint-spot.hint-remove")).to_have_count(len(blocker.locations))
    no_location_in(status.inner_text(), blocker.locations)
    # each press says something new: where the solution goes on without it (those spots
    # marked), then the piece taken back, a move Undo takes back
    going_on = GAME.strings.hint(CHALLENGE.challenge, stuck, 2)
    assert going_on.message != blocker.message and going_on.piece == piece
    press_hint(site, 1)
    expect(status).to_have_text(f"Hint: {going_on.message} Press Hint again to take it back.")
    expect(site.locator(".hint-spot.hint-place")).to_have_count(len(going_on.locations))
    assert set(board.get_attribute("data-hint-spots").split()) == set(going_on.locations)
    no_location_in(status.inner_text(), going_on.locations)
    press_hint(site, 1)
    expect(board).to_have_attribute("data-placement", START)
    expect(status).to_have_text(f"{GAME.vocabulary.capitalised_name(piece)} taken back from "
                                "the hint.")
    site.keyboard.press("Control+z")
    expect(board).to_have_attribute("data-placement", stuck)
    # taken back: playable again, nothing said about being stuck
    site.keyboard.press("Control+z")
    expect(board).to_have_attribute("data-placement", START)
    expect(board).not_to_have_attribute("data-stuck", "true")
    # and the setting outlives a reload
    site.reload()
    site.wait_for_selector("html[data-ready=true]", timeout=60_000)
    site.locator("#challenge-button").click()
    expect(site.get_by_label("Say when stuck")).to_be_checked()


def test_a_broken_setting_is_set_aside_and_the_check_stays_off(page, site_url):
    page.add_init_script("""
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('iqpuzzles.v1.settings',
                             JSON.stringify({notation: true, solvable: 'yes'}));
      }""")
    site = TWIST.open(page, site_url, "challenge=1")
    corrupt = site.evaluate("localStorage.getItem('iqpuzzles.v1.settings.corrupt')")
    assert corrupt and "yes" in corrupt
    expect(TWIST.status(site)).to_contain_text("settings could not be read")
    site.locator("#challenge-button").click()
    expect(site.get_by_label("Say when stuck")).not_to_be_checked()
    expect(site.get_by_label("Show notation")).to_be_checked()  # the good part is kept


def test_steps_shows_its_playing_order_and_the_other_games_offer_no_toggle(page, site_url):
    steps = Player("steps")
    entry = steps.game.challenge_by_id("25")
    site = steps.open(page, site_url, "challenge=25")
    toggle = site.get_by_label("Show playing order")
    expect(toggle).to_be_visible()
    expect(toggle).not_to_be_checked()
    expect(site.locator(".layer-overlay > *")).to_have_count(0)
    toggle.check()
    on_board = len(steps.game.position(entry.challenge).placed)
    badges = site.locator(".layer-overlay text[data-role=explain]")
    expect(badges).to_have_count(on_board)
    expect(steps.board(site)).to_have_attribute("data-overlay", "true")
    message, _ = steps.game.ordering.explanation(steps.game.position(entry.challenge))
    expect(steps.status(site)).to_have_text(message)
    # a move: the overlay follows the position (the new piece gets its number)
    start = steps.placement(site)
    item = steps.game.strings.hint(entry.challenge, start).placement
    placed = steps.game.notation.read_item(item)
    steps.place(site, entry.challenge, placed.piece, placed.orientation, item)
    expect(badges).to_have_count(on_board + 1)
    expect(site.locator(f".layer-overlay text[data-piece={placed.piece}]")).to_have_count(1)
    # off: gone
    toggle.uncheck()
    expect(site.locator(".layer-overlay > *")).to_have_count(0)
    # the games whose order does not matter have nothing to explain: no toggle
    for name in (n for n in GAMES if game(n).ordering is None):
        tab = site.locator(f".game-tab[data-game={name}]")
        tab.click()
        expect(tab).to_have_attribute("aria-pressed", "true")
        site.wait_for_selector("html[data-busy=false]")
        expect(site.locator(".board-option")).to_be_hidden()
        expect(site.locator(".layer-overlay > *")).to_have_count(0)
        assert "explain" not in game(name).page.info()


def test_a_hint_that_finds_the_board_stuck_offers_say_when_stuck_once(page, site_url):
    """With "Say when stuck" off, the first hint that finds no way on offers it (a line at
    the foot, with its button); taken, a dead end is said as it is made; the offer is made
    once, taken or not."""
    site = TWIST.open(page, site_url, "challenge=1")
    board, status = TWIST.board(site), TWIST.status(site)
    bad = stuck_first_move()
    offer = site.locator("[data-notice=stuck]")
    place_item(site, bad)
    expect(board).to_have_attribute("data-placement",
                                    GAME.strings.play(CHALLENGE.challenge, START, bad))
    expect(offer).to_have_count(0)  # a move alone asks nothing more of Python
    press_hint(site, 1)
    expect(offer).to_contain_text("Be told as soon as a move leaves no way to finish?")
    offer.get_by_role("button", name="Say when stuck").click()
    expect(offer).to_have_count(0)
    settings = json.loads(site.evaluate("localStorage.getItem('iqpuzzles.v1.settings')"))
    assert settings["solvable"] is True and settings["stuckOffered"] is True
    site.keyboard.press("Control+z")
    expect(board).to_have_attribute("data-placement", START)
    place_item(site, bad)
    expect(status).to_have_text(STUCK)  # now said as the move is made
    # turned off again in the picker: the offer is not made a second time
    site.locator("#challenge-button").click()
    site.get_by_label("Say when stuck").uncheck()
    site.keyboard.press("Escape")
    site.reload()
    site.wait_for_selector("html[data-ready=true]", timeout=60_000)
    site.wait_for_selector("html[data-busy=false]")
    press_hint(site, 1)
    expect(status).to_contain_text("Hint:")
    expect(offer).to_have_count(0)
