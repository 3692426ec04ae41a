"""How to play (issue 25): the first time a player opens a game, its first lesson (web/
lesson.js, each game's py/iqpuzzles/<game>/lesson.py) takes the board: take the piece,
turn it, flip it, place it, with the game's rule ringed where it bites, to the player's
first win; skippable, stored, never shown again unasked; the header's How to play button
brings it back. Driven with the mouse and keys at desktop size in the light, with the
fingers at phone size in the dark; screenshots go to screenshots/lesson/ to be looked at.
Hint follows the lesson's panel and never plays the piece for the player.

What to play comes from Python (the game's info: its lesson), never from a table here."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .playing import READY_TIMEOUT, Player

pytestmark = pytest.mark.newcomer  # no game learned yet: the lessons are shown

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "lesson"
LEARNED = "iqpuzzles.v1.learned"


def idle(page: Page) -> None:
    page.wait_for_selector("html[data-busy=false]")


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def learned(page: Page) -> list[str]:
    return json.loads(page.evaluate("(k) => localStorage.getItem(k)", LEARNED) or "[]")


def now(page: Page):
    return page.locator(".lesson-now")


def board_box(page: Page) -> list[int]:
    """The board's box, once the page has laid out what it just changed."""
    return page.evaluate("""async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const r = document.getElementById("board-wrap").getBoundingClientRect();
      return [r.left, r.top, r.width, r.height].map(Math.round);
    }""")


def expect_stage(page: Page, stage: str, words: str | re.Pattern) -> None:
    """The panel says what to do next, and its list marks that step as the current one."""
    expect(now(page)).to_have_attribute("data-stage", stage)
    expect(now(page)).to_contain_text(words)
    if stage in ("pick", "rotate", "flip", "place", "won"):
        current = page.locator(".lesson-stages [aria-current=step]")
        expect(current).to_have_attribute("data-stage", stage)


def expect_lesson(page: Page, player: Player, step: dict) -> None:
    """The lesson of the game shown, at its start: its panel, its board, the rule ringed
    where it bites, the tray holding only what the lesson places."""
    lesson = player.info["lesson"]
    expect(page.locator("html")).to_have_attribute("data-mode", "lesson")
    expect(page.get_by_role("heading", name=f"How to play {player.info['title']}")).to_be_visible()
    expect(player.board(page)).to_have_attribute("data-challenge", "lesson")
    expect(player.board(page)).to_have_attribute("data-rule-spots", " ".join(step["ruleAt"]))
    expect(page.locator(".lesson-rule")).to_have_text(step["rule"])
    expect(player.board(page)).to_have_attribute("data-placement", lesson["start"])
    expect(page.locator(".tray-piece")).to_have_count(len(lesson["steps"]))


def hold_spot(player: Player, step: dict, page: Page) -> str:
    """Where the lesson says to point with the piece as it is held now."""
    return step["holds"][player.tray_piece(page, step["piece"]).get_attribute("data-orientation")]


def arrows_to(page: Page, player: Player, code: str) -> None:
    """Move the board's keyboard cursor to `code` with the arrow keys only."""
    where = {loc["code"]: (loc["x"], loc["y"]) for loc in player.info["board"]["locations"]}
    for _ in range(40):
        here = page.evaluate("document.activeElement?.dataset?.code ?? null")
        assert here, "the board has the keyboard's focus"
        if here == code:
            return
        dx, dy = (where[code][i] - where[here][i] for i in (0, 1))
        page.keyboard.press(("ArrowRight" if dx > 0 else "ArrowLeft") if abs(dx) > 0.3
                            else ("ArrowDown" if dy > 0 else "ArrowUp"))
    raise AssertionError(f"the arrows did not reach {code}")


def long_press(page: Page, locator) -> None:
    """Touch and hold (Chromium's touch events, the lift stamped 750 ms after the touch:
    the page judges the gesture by the events' times, not by when they come)."""
    box = locator.bounding_box()
    finger = [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2, "id": 0}]
    cdp = page.context.new_cdp_session(page)
    down = time.time()
    cdp.send("Input.dispatchTouchEvent",
             {"type": "touchStart", "touchPoints": finger, "timestamp": down})
    cdp.send("Input.dispatchTouchEvent",
             {"type": "touchEnd", "touchPoints": [], "timestamp": down + 0.75})
    cdp.detach()


def test_a_newcomer_learns_by_mouse_and_keys_skips_and_asks_again(browser, site_url):
    """Desktop, light. IQ-Twist's lesson on the first visit, played with the mouse and
    R, F: it ends in a win, then the player's first challenge; a reload does not show it
    again. IQ-Focus, opened for the first time, shows its own, its address naming it (a
    reload shows it again); skipped, it stays away until How to play, and then it is
    played with the keys alone. The board keeps its place and size through the lesson,
    whatever its panel and message say (issue 38)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="light")
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        idle(page)
        twist = Player("twist")
        step = twist.info["lesson"]["steps"][0]
        expect_lesson(page, twist, step)
        expect(twist.status(page)).to_contain_text("How to play IQ-Twist")
        expect_stage(page, "pick", "click it in the tray, or press")
        expect(twist.tray_piece(page, step["piece"])).to_have_attribute("data-hinted", "true")
        shot(page, "desktop-twist-start")
        boxes = {"pick": board_box(page)}

        twist.tray_piece(page, step["piece"]).click()
        expect_stage(page, "rotate", "press R")
        boxes["rotate"] = board_box(page)
        page.keyboard.press("r")
        expect_stage(page, "flip", "press F")
        boxes["flip"] = board_box(page)
        twist.button(page, "Flip").click()
        expect_stage(page, "place", "click the board on the gold ring")
        boxes["place"] = board_box(page)
        code = hold_spot(twist, step, page)
        expect(twist.board(page)).to_have_attribute("data-hint-spots", code)
        twist.location(page, code).hover()
        expect(twist.board(page)).to_have_attribute("data-ghost-legal", "true")
        shot(page, "desktop-twist-place")
        twist.location(page, code).click()
        expect_stage(page, "won", "Solved!")
        expect(twist.status(page)).to_have_attribute("data-kind", "success")
        done = page.locator("[data-action=end-lesson]")
        expect(done).to_be_focused()
        expect(done).to_have_text("Play Challenge 1")
        assert learned(page) == ["twist"]
        shot(page, "desktop-twist-won")
        boxes["won"] = board_box(page)
        assert len({tuple(box) for box in boxes.values()}) == 1, \
            f"the board moves or resizes during the lesson: {boxes}"

        page.keyboard.press("Enter")  # the focused button: on to the first challenge
        expect(page.locator("html")).not_to_have_attribute("data-mode", "lesson")
        expect(twist.board(page)).to_have_attribute("data-challenge", "1")
        expect(twist.status(page)).to_contain_text("Challenge 1. Pick a piece to start.")
        expect(page.locator(".lesson")).to_be_hidden()
        page.reload()
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        idle(page)
        expect(twist.board(page)).to_have_attribute("data-challenge", "1")
        expect(page.locator("html")).not_to_have_attribute("data-mode", "lesson")

        focus = Player("focus")
        page.locator("#games [data-game=focus]").click()
        idle(page)
        step = focus.info["lesson"]["steps"][0]
        expect_lesson(page, focus, step)
        # the address follows the lesson (not the game left): a reload comes back to it
        expect(page).to_have_url(re.compile(r"#game=focus$"))
        page.reload()
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        idle(page)
        expect_lesson(page, focus, step)
        page.get_by_role("button", name="Skip the lesson").click()
        expect(page.locator("html")).not_to_have_attribute("data-mode", "lesson")
        expect(focus.status(page)).to_contain_text("How to play brings it back")
        assert learned(page) == ["twist", "focus"]

        page.get_by_role("button", name="How to play").click()
        idle(page)
        expect_lesson(page, focus, step)
        key = str(next(i for i, p in enumerate(focus.info["pieces"])
                       if p["id"] == step["piece"]) + 1)
        page.keyboard.press(key)  # picked by its key: the board has the keyboard's focus
        expect_stage(page, "rotate", re.compile(r"Turn it( \d times)?: press R"))
        while now(page).get_attribute("data-stage") == "rotate":
            said = now(page).text_content()
            page.keyboard.press("r")
            # one press, one turn: the next press waits for the panel to say this one
            # landed (on a loaded machine a press read before it would turn one too many)
            expect(now(page)).not_to_have_text(said)
        expect_stage(page, "place", "arrow keys")
        arrows_to(page, focus, hold_spot(focus, step, page))
        expect(focus.board(page)).to_have_attribute("data-ghost-legal", "true")
        page.keyboard.press("Enter")
        expect_stage(page, "won", "Solved!")
        shot(page, "desktop-focus-won-by-keys")
    finally:
        context.close()


def test_a_newcomer_learns_by_touch_on_a_phone_in_the_dark(browser, site_url):
    """Phone, dark, fingers only. IQ-Steps' lesson shows its order rule where it bites:
    the second piece placed first is named as too early; taken back, the pieces go in
    order (tap, tap again to turn, touch and hold to flip, tap the board) to the win. The
    goal and the gestures are read on the phone, in the panel (the footer is hidden
    there). Then IQ-Link's lesson: Hint says at each stage what the panel says and places
    nothing, even pressed twice or its ghost tapped; won by the player, then undone."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, color_scheme="dark")
    try:
        page = context.new_page()
        page.goto(f"{site_url}#game=steps")
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        idle(page)
        steps = Player("steps")
        first, second = steps.info["lesson"]["steps"]
        expect_lesson(page, steps, first)
        expect(page.locator("#footer")).to_be_hidden()
        expect(page.locator(".lesson-goal")).to_have_text(steps.info["help"])
        gestures = page.locator(".lesson-gestures")
        expect(gestures).to_be_visible()
        expect(gestures).to_contain_text("touch and hold it to flip it")
        expect(now(page)).to_contain_text("Tap the yellow piece in the tray")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, "phone-steps-start")

        # the second piece first: the lesson says the order matters
        later = steps.tray_piece(page, second["piece"])
        later.tap()
        expect_stage(page, "pick", "Not yet: the yellow piece goes first.")
        steps.finger_tap(page, hold_spot(steps, second, page))  # placed all the same
        expect_stage(page, "order", "The order matters")
        expect(now(page)).to_contain_text("the yellow piece goes before the orange piece")
        shot(page, "phone-steps-order")

        # take the early piece back (a tap on it), then in order
        steps.location(page, second["covers"][0]).tap()
        idle(page)
        expect(later).to_have_attribute("aria-pressed", "true")  # back in hand
        page.locator(".tray").tap(position={"x": 8, "y": 8})  # an empty part: put back
        expect(later).to_have_attribute("aria-pressed", "false")
        piece = steps.tray_piece(page, first["piece"])
        piece.tap()
        expect(piece).to_have_attribute("aria-pressed", "true")
        start = piece.get_attribute("data-orientation")
        for how in steps.turns(first["piece"], start, next(iter(first["holds"]))):
            if how == "Rotate":
                expect_stage(page, "rotate", "tap it again in the tray")
                piece.tap()
            else:
                expect_stage(page, "flip", "touch and hold it in the tray")
                long_press(page, piece)
        expect_stage(page, "place", "just below the gold ring")
        steps.finger_tap(page, hold_spot(steps, first, page))
        expect_stage(page, "pick", "Tap the orange piece")
        later.tap()
        expect(later).to_have_attribute("aria-pressed", "true")  # in hand: now the board
        steps.finger_tap(page, hold_spot(steps, second, page))
        expect_stage(page, "won", "Solved!")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, "phone-steps-won")

        # IQ-Link: Hint follows the panel. It shows where the piece goes and says to take
        # it; pressed again, or its ghost tapped, it places nothing: at each stage it says
        # what the panel says (to turn it, not to tap it), and the lesson is won and
        # stored as learned only once the player has turned, flipped and placed it
        link = Player("link")
        step = link.info["lesson"]["steps"][0]
        page.locator("#games [data-game=link]").tap()
        idle(page)
        expect_lesson(page, link, step)
        hint = page.get_by_role("button", name="Hint", exact=True)
        hint.tap()
        expect(link.board(page)).to_have_attribute("data-hint-ghost", "true")
        expect(link.status(page)).to_contain_text("Tap the red piece in the tray to take it.")
        shot(page, "phone-link-hint")
        hint.tap()
        idle(page)
        link.location(page, step["covers"][0]).tap()  # the ghost tapped: not placed
        idle(page)
        expect(link.status(page)).to_contain_text("Tap the red piece in the tray to take it.")
        expect_stage(page, "pick", "Tap the red piece")
        expect(link.board(page)).to_have_attribute("data-placement", link.info["lesson"]["start"])
        piece = link.tray_piece(page, step["piece"])
        piece.tap()
        start = piece.get_attribute("data-orientation")
        for how in link.turns(step["piece"], start, next(iter(step["holds"]))):
            stage, words = ("rotate", "Turn it") if how == "Rotate" else ("flip", "Flip it")
            expect_stage(page, stage, words)
            hint.tap()
            expect(link.status(page)).to_contain_text(now(page).text_content())
            expect(link.status(page)).not_to_contain_text("Tap it")
            hint.tap()
            expect_stage(page, stage, words)  # a second Hint does not do it for the player
            expect(link.board(page)).to_have_attribute("data-placement",
                                                       link.info["lesson"]["start"])
            if how == "Rotate":
                piece.tap()
            else:
                long_press(page, piece)
        expect_stage(page, "place", "just below the gold ring")
        assert learned(page) == ["steps"]  # not by Hint
        link.finger_tap(page, hold_spot(link, step, page))
        expect_stage(page, "won", "Solved!")
        shot(page, "phone-link-won")
        assert learned(page) == ["steps", "link"]
        page.get_by_role("button", name="Undo", exact=True).tap()  # the win taken back
        expect_stage(page, "pick", "Tap the red piece")
        skip = page.get_by_role("button", name="Skip the lesson")
        expect(skip).to_be_visible()
        # on a phone it reads "Skip", on the row of the lesson's steps (no row of its own)
        expect(skip).to_have_text("Skip the lesson")  # the words every reader hears
        expect(skip.locator(".lesson-skip-more")).to_be_hidden()  # not shown: its short word is
        expect(skip).to_have_attribute("data-short", "Skip")
        stages = page.locator(".lesson-stages").bounding_box()
        button = skip.bounding_box()
        assert button["y"] < stages["y"] + stages["height"], (button, stages)
    finally:
        context.close()
