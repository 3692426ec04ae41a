"""A piece turned where it lies (issue 33): with nothing in hand, Rotate and Flip (buttons,
R and F) turn the player's piece under the board's cursor, the piece just placed or one
pressed and held (mouse or finger); the board goes to the position Python's model gives
(core/turning.py, checked by enumeration in tests/test_turning.py), the status line says
how it lies now and the spots it covers, a refusal says why in words and changes nothing,
and Undo takes a turn back in one step. At desktop and phone sizes, light and dark, with
screenshots."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles.core.errors import Refusal

from .playing import READY_TIMEOUT, Player, colours_in
from .test_touch import centre, phone, touch

pytestmark = pytest.mark.browser

TWIST = Player("twist")
CHALLENGE = TWIST.game.challenge_by_id("1")
START = TWIST.game.position(CHALLENGE.challenge)
SOLVED = TWIST.game.position(CHALLENGE.challenge, CHALLENGE.solution)
ITEMS = {p.piece: p for p in SOLVED.played}
SCREENS = Path(os.environ.get("IQ_SCREENS", "/work/screens/h10"))


def turned(position, piece: str, how: str):
    """The position after the turn, as the model makes it (a Refusal when it cannot)."""
    return position.turned(piece, how)


def said_after(position, piece: str, how: str) -> str:
    """What the status line says after a turn that fits: how the piece lies, its spots."""
    after = turned(position, piece, how)
    assert not isinstance(after, Refusal), after
    new = after.pieces[piece]
    spots = list(TWIST.game.rules.covers(new))
    listed = f"{', '.join(spots[:-1])} and {spots[-1]}"
    lies = TWIST.pieces[piece]["orientationNames"][str(new.orientation)]
    return (f"{TWIST.game.vocabulary.capitalised_name(piece)} turned where it lies: now "
            f"{lies}, covering {listed}.")


def place(page: Page, position, piece: str):
    item = ITEMS[piece]
    TWIST.place(page, CHALLENGE.challenge, piece, str(item.orientation), str(item))
    return position.play(item)


# the middle of each bar between a piece's loops, where the board shows it, and its colour
BARS = """(piece) => [...document.querySelectorAll(`.layer-view line[data-piece="${piece}"]`)]
  .map((line) => {
    const at = (name) => Number(line.getAttribute(name));
    const middle = new DOMPoint((at("x1") + at("x2")) / 2, (at("y1") + at("y2")) / 2)
      .matrixTransform(line.getScreenCTM());
    return { x: middle.x, y: middle.y, colour: line.getAttribute("stroke"),
             selected: line.classList.contains("selected") };
  })"""


def expect_whole(page: Page, piece: str) -> None:
    """A selected piece is drawn whole (issue 38): each bar between its loops shows its
    colour in the middle, where no loop covers it (a filter on a bar once drew none)."""
    bars = page.evaluate(BARS, piece)
    assert bars and all(bar["selected"] for bar in bars), bars
    for bar in bars:
        want = tuple(int(bar["colour"][i:i + 2], 16) for i in (1, 3, 5))
        seen = colours_in(page, {"x": bar["x"] - 1, "y": bar["y"] - 1, "width": 3, "height": 3})
        assert all(max(abs(a - b) for a, b in zip(c, want, strict=True)) <= 12 for c in seen), \
            (piece, bar, want, seen)


def shoot(page: Page, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"))


def test_mouse_and_keys_turn_a_placed_piece_where_it_lies(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  color_scheme="light", service_workers="block")
    page = context.new_page()
    try:
        TWIST.open(page, site_url, "challenge=1")
        board, status = TWIST.board(page), TWIST.status(page)
        rotate, flip = TWIST.button(page, "Rotate"), TWIST.button(page, "Flip")
        expect(rotate).to_be_disabled()  # nothing in hand, nothing of the player's placed

        # a piece that cannot turn where it lies: why, in words; nothing changes
        position = place(page, START, "d")
        expect(board).to_have_attribute("data-selected", "d")  # the piece just placed
        expect_whole(page, "d")
        expect(rotate).to_be_enabled()
        refusal = turned(position, "d", "rotate")
        assert isinstance(refusal, Refusal)
        rotate.click()
        expect(status).to_have_text(refusal.message)
        expect(status).to_have_attribute("data-kind", "error")
        assert TWIST.placement(page) == str(position)

        # the piece just placed turns with the buttons, one undo step each
        position = place(page, position, "a")
        expect(board).to_have_attribute("data-selected", "a")
        rotated = turned(position, "a", "rotate")
        rotate.click()
        expect(board).to_have_attribute("data-placement", str(rotated))
        expect(status).to_have_text(said_after(position, "a", "rotate"))
        expect(board).to_have_attribute("data-selected", "a")  # still the one to turn
        shoot(page, "turn-desktop-light")
        TWIST.button(page, "Undo").click()
        expect(board).to_have_attribute("data-placement", str(position))
        TWIST.button(page, "Redo").click()
        expect(board).to_have_attribute("data-placement", str(rotated))

        # keys: the cursor on the piece, F flips it where it lies; the words say how
        spot = next(iter(TWIST.game.rules.covers(rotated.pieces["a"])))
        TWIST.location(page, spot).focus()
        flipped = turned(rotated, "a", "flip")
        page.keyboard.press("f")
        expect(board).to_have_attribute("data-placement", str(flipped))
        expect(status).to_have_text(said_after(rotated, "a", "flip"))
        covered = set(TWIST.game.rules.covers(flipped.pieces["a"]))
        focused = page.evaluate("document.activeElement.dataset.code")
        assert focused in covered  # the focus stays on the piece: F again turns it again
        expect(TWIST.location(page, focused)).to_have_attribute("aria-label", re.compile(
            rf"^{focused}: {re.escape(TWIST.game.vocabulary.piece_name('a'))}.*; "
            r"selected: R and F turn it where it lies$"))

        # the mouse held down on another placed piece selects it, and does not take it back
        d_spot = next(iter(TWIST.game.rules.covers(position.pieces["d"])))
        x, y = centre(page, TWIST.location(page, d_spot))
        page.mouse.move(x, y)
        page.mouse.down()
        expect(status).to_contain_text("selected: Rotate and Flip (R, F) turn it where it lies")
        page.mouse.up()
        expect(board).to_have_attribute("data-selected", "d")
        assert TWIST.placement(page) == str(flipped)
        flip.click()
        expect(status).to_have_text(turned(flipped, "d", "flip").message)
        assert TWIST.placement(page) == str(flipped)
        shoot(page, "turn-desktop-refused-light")
        page.emulate_media(color_scheme="dark")
        shoot(page, "turn-desktop-refused-dark")

        # two undos: the flip, then the turn (each one step), then the placement
        for back in (rotated, position):
            TWIST.button(page, "Undo").click()
            expect(board).to_have_attribute("data-placement", str(back))
    finally:
        context.close()


def test_a_finger_turns_a_placed_piece_where_it_lies(browser, site_url):
    with phone(browser, site_url, 390, 844) as page:
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        board = TWIST.board(page)
        position = START
        for piece in ("h", "a"):  # placed with taps: the tray, Rotate/Flip, the board
            item = ITEMS[piece]
            tray = TWIST.tray_piece(page, piece)
            tray.tap()
            for name in TWIST.turns(piece, tray.get_attribute("data-orientation"),
                                    str(item.orientation)):
                TWIST.button(page, name).tap()
            code = TWIST.anchor_for(CHALLENGE.challenge, str(position), piece,
                                    str(item.orientation), str(item))
            expect(tray).to_have_attribute("aria-pressed", "true")  # in hand: now the board
            TWIST.finger_tap(page, code)  # a finger aims a cell above it
            position = position.play(item)
            expect(board).to_have_attribute("data-placement", str(position))
        expect(board).to_have_attribute("data-selected", "a")

        # touch and hold the other piece: selected, not taken back; Rotate turns it
        spot = next(iter(TWIST.game.rules.covers(position.pieces["h"])))
        touch(page, [centre(page, TWIST.location(page, spot))], 750,
              held=lambda: expect(TWIST.status(page)).to_contain_text("selected"))
        expect(board).to_have_attribute("data-selected", "h")
        assert TWIST.placement(page) == str(position)
        expect(TWIST.status(page)).to_contain_text("selected: Rotate and Flip turn it")
        TWIST.button(page, "Rotate").tap()
        rotated = turned(position, "h", "rotate")
        expect(board).to_have_attribute("data-placement", str(rotated))
        expect(TWIST.status(page)).to_have_text(said_after(position, "h", "rotate"))
        shoot(page, "turn-phone-390")
        # the smallest phone, dark: the words and the tools on screen
        page.set_viewport_size({"width": 320, "height": 568})
        page.emulate_media(color_scheme="dark")
        for part in (TWIST.status(page), TWIST.button(page, "Rotate"), TWIST.button(page, "Undo")):
            box = part.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 320, box
        shoot(page, "turn-phone-320-dark")
        TWIST.button(page, "Undo").tap()
        expect(board).to_have_attribute("data-placement", str(position))
