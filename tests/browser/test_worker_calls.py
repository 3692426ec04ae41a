"""One player action, at most one call to the Python worker (issue 23), counted by the
messages the page posts to its worker: place a piece by mouse, keyboard and touch, take
it back, rotate and flip it (in hand, and where it lies on the board), undo, climb a rung
of the hint ladder, an editor action, switching games, playing a daily (from the Today
page and the picker's Today: the daily op brings its start and view), switching to a game
whose saved game is a daily or a new challenge with moves, and reloading a daily with
moves (the op opening, or daily, brings the start and the view of the saved position).
What the site's built answers know (a game's pieces in every orientation, its booklet, a
booklet start) costs no call at all."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .playing import (
    READY_TIMEOUT,
    Player,
    ahead_calls,
    calls,
    calls_since,
    count_calls,
    press_hint,
)

pytestmark = pytest.mark.browser

TWIST = Player("twist")
CHALLENGE = TWIST.game.challenge_by_id("1")
START = TWIST.game.strings.start_placement(CHALLENGE.challenge)
SOLVED = TWIST.game.position(CHALLENGE.challenge, CHALLENGE.solution)
FIRST = next(p for p in SOLVED.played)  # a piece of the solution, not the challenge's own
# the orientation of the tray's piece and the location whose click plays FIRST
FIRST_GRIP = TWIST.grip(CHALLENGE.challenge, START, FIRST)


# the location nearest `code` on the screen (another one)
NEXT_DOOR = """(code) => {
  const at = (e) => {
    const r = e.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  const [x, y] = at(document.querySelector(`#board [data-code="${code}"]`));
  const others = [...document.querySelectorAll("#board [data-code]")]
    .filter((e) => e.dataset.code !== code);
  const d = (e) => { const [ex, ey] = at(e); return (ex - x) ** 2 + (ey - y) ** 2; };
  return others.sort((a, b) => d(a) - d(b))[0].dataset.code;
}"""


def idle(page: Page) -> None:
    page.wait_for_selector("html[data-busy=false]")


def test_each_action_asks_the_worker_once_at_most(page: Page, site_url):
    count_calls(page)
    page.goto(f"{site_url}#game=twist&challenge=1")
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    idle(page)
    orientation, code = FIRST_GRIP
    board = TWIST.board(page)

    # rotate and flip in the tray, the pointer off the board: no call (every orientation
    # of every piece is drawn from the site's built answers)
    button = TWIST.tray_piece(page, FIRST.piece)
    button.click()
    for name in ("Rotate", "Flip"):
        before = calls(page)
        TWIST.button(page, name).click()
        idle(page)
        assert calls_since(page, before) == {}, name
    page.keyboard.press("Escape")
    TWIST.hold(page, FIRST.piece, orientation)

    # place by mouse: pointing draws the ghost (one preview), the click is one move
    TWIST.location(page, code).hover()
    expect(board).to_have_attribute("data-ghost", str(FIRST))
    # the ghosts round it are asked ahead, one at a time, once the page is idle: the next
    # spot's ghost is drawn without asking the worker
    page.wait_for_function("() => (window.__ahead.preview ?? 0) >= 2")
    ahead = ahead_calls(page)["preview"]
    assert ahead <= 12, ahead  # (the spots round one: no more)
    next_door = page.evaluate(NEXT_DOOR, code)
    before = calls(page)
    TWIST.location(page, next_door).hover()
    expect(board).not_to_have_attribute("data-ghost", str(FIRST))
    assert calls_since(page, before) == {}
    TWIST.location(page, code).hover()
    expect(board).to_have_attribute("data-ghost", str(FIRST))
    before = calls(page)
    TWIST.location(page, code).click()
    expect(board).not_to_have_attribute("data-placement", START)
    idle(page)
    assert calls_since(page, before) == {"move": 1}

    # take it back: one move
    before = calls(page)
    TWIST.location(page, code).click()
    expect(board).to_have_attribute("data-placement", START)
    idle(page)
    assert calls_since(page, before) == {"move": 1}
    page.keyboard.press("Escape")

    # back at a position shown before (the take-back, as Undo): the piece's ghost there is
    # drawn with no call (the ghosts of the last positions are kept)
    TWIST.hold(page, FIRST.piece, orientation)
    before = calls(page)
    TWIST.location(page, next_door).hover()
    TWIST.location(page, code).hover()
    expect(board).to_have_attribute("data-ghost", str(FIRST))
    assert calls_since(page, before) == {}

    # rotate (the R key) with the pointer on the board: one preview, the ghost turned
    before = calls(page)
    page.keyboard.press("r")
    expect(board).not_to_have_attribute("data-ghost", str(FIRST))
    idle(page)
    assert calls_since(page, before) == {"preview": 1}
    page.keyboard.press("Escape")

    # place by keyboard: the arrows move the ghost, Enter is one move
    TWIST.hold(page, FIRST.piece, orientation)
    TWIST.location(page, code).focus()
    before = calls(page)
    page.keyboard.press("Enter")
    expect(board).not_to_have_attribute("data-placement", START)
    idle(page)
    assert calls_since(page, before).get("move") == 1
    assert set(calls_since(page, before)) <= {"move", "preview"}

    # turn the piece placed where it lies (R: nothing in hand, the cursor on it): one move,
    # one step of the undo history
    placed = TWIST.placement(page)
    before = calls(page)
    page.keyboard.press("r")
    expect(board).not_to_have_attribute("data-placement", placed)
    idle(page)
    assert calls_since(page, before) == {"move": 1}
    TWIST.button(page, "Undo").click()
    expect(board).to_have_attribute("data-placement", placed)
    idle(page)

    # undo: one call at most (a booklet start is drawn from the built answers)
    before = calls(page)
    TWIST.button(page, "Undo").click()
    expect(board).to_have_attribute("data-placement", START)
    idle(page)
    assert sum(calls_since(page, before).values()) <= 1

    # a rung of the hint ladder: one hint
    before = calls(page)
    TWIST.button(page, "Hint").click()
    idle(page)
    assert calls_since(page, before) == {"hint": 1}

    # the picker: its pictures come from a file, not the worker (no win to draw here)
    before = calls(page)
    page.locator("#challenge-button").click()
    expect(page.locator(".challenge-cell[data-id='1'] .picture")).to_have_attribute(
        "data-drawn", "true")
    assert calls_since(page, before) == {}
    page.keyboard.press("Escape")

    # the Today page: every game's day from the records and the site's own calendar, no
    # call; the game's daily played from it: one call (the daily op answers the day's
    # challenge with its start and the start's view, as a booklet challenge's are built in)
    before = calls(page)
    page.locator("#today-button").click()
    expect(page.locator("#today .today-game")).to_have_count(4)
    assert calls_since(page, before) == {}
    before = calls(page)
    page.locator("#today .today-game[data-game=twist]").click()
    expect(TWIST.board(page)).to_have_attribute("data-kind", "daily", timeout=30_000)
    idle(page)
    assert calls_since(page, before) == {"daily": 1}, calls_since(page, before)

    # the picker's Today (the Today page again), another game's daily played from it: one
    # call too (that game's pieces, info and booklet are built in)
    before = calls(page)
    page.locator("#challenge-button").click()
    page.locator("#picker [data-action=daily]").click()
    expect(page.locator("#today .today-game")).to_have_count(4)
    page.locator("#today .today-game[data-game=focus]").click()
    expect(page.locator("#games [data-game=focus]")).to_have_attribute("aria-pressed", "true")
    expect(TWIST.board(page)).to_have_attribute("data-kind", "daily", timeout=30_000)
    idle(page)
    assert calls_since(page, before) == {"daily": 1}, calls_since(page, before)
    press_hint(page)  # a piece placed: the daily has a move
    daily_at = TWIST.placement(page)

    # switching games (to one not played yet): one call at most (the game's pieces, info
    # and booklet are built in)
    before = calls(page)
    page.locator("#games [data-game=steps]").click()
    expect(page.locator("#games [data-game=steps]")).to_have_attribute("aria-pressed", "true")
    idle(page)
    assert sum(calls_since(page, before).values()) <= 1, calls_since(page, before)

    # a new challenge there, with a move that does not finish it (the last level's: a
    # Starter challenge may miss one piece only, which the hint would place and win)
    page.locator("#challenge-button").click()
    page.locator("[data-action=new-challenge]").last.click()
    expect(board).to_have_attribute("data-kind", "generated", timeout=30_000)
    idle(page)
    press_hint(page)
    generated_at = TWIST.placement(page)
    assert not Player("steps").game.position(board.get_attribute("data-puzzle"),
                                             generated_at).is_solved

    # switching to a game whose saved game is a daily, or a new challenge, with moves: one
    # call (the op opening: the challenge's start and the view of the saved position)
    for name, kind, placement in (("focus", "daily", daily_at),
                                  ("steps", "generated", generated_at),
                                  ("focus", "daily", daily_at)):
        before = calls(page)
        page.locator(f"#games [data-game={name}]").click()
        expect(page.locator(f"#games [data-game={name}]")).to_have_attribute("aria-pressed",
                                                                             "true")
        expect(board).to_have_attribute("data-kind", kind, timeout=30_000)
        expect(board).to_have_attribute("data-placement", placement)
        idle(page)
        expect(TWIST.status(page)).to_contain_text("Your game goes on where you left it.")
        assert calls_since(page, before) == {"opening": 1}, (name, calls_since(page, before))

    # a daily with moves reloaded (its address names the day and the position): one call
    # to open it (the daily op brings the start and the view of the position)
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(board).to_have_attribute("data-kind", "daily", timeout=30_000)
    expect(board).to_have_attribute("data-placement", daily_at)
    idle(page)
    expect(TWIST.status(page)).to_contain_text("Your game goes on where you left it.")
    # (and, once a load, the engine's first move asked ahead of the player's: Hand.warmUp)
    assert calls(page) == {"daily": 1, "move": 1}, calls(page)


def test_placing_by_touch_and_an_editor_action_ask_once(browser, site_url):
    context = browser.new_context(has_touch=True, viewport={"width": 390, "height": 844},
                                  service_workers="block")
    page = context.new_page()
    try:
        count_calls(page)
        page.goto(f"{site_url}#game=twist&challenge=1")
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        idle(page)
        orientation, code = FIRST_GRIP
        TWIST.tray_piece(page, FIRST.piece).tap()
        for name in TWIST.turns(FIRST.piece, TWIST.pieces[FIRST.piece]["orientations"][0],
                                orientation):
            TWIST.button(page, name).tap()
        expect(TWIST.tray_piece(page, FIRST.piece)).to_have_attribute("data-orientation",
                                                                      orientation)
        idle(page)
        before = calls(page)
        TWIST.finger_tap(page, code)  # a finger aims a cell above it
        expect(TWIST.board(page)).not_to_have_attribute("data-placement", START)
        idle(page)
        # a quick tap: its ghost shown as the finger touches (one preview), one move
        assert calls_since(page, before) in ({"move": 1}, {"move": 1, "preview": 1})

        # the editor: a peg put on the board, one edit (with its verdict)
        page.locator("#challenge-button").tap()
        page.locator("[data-action=editor]").tap()
        expect(page.locator("#verdict")).to_be_visible()
        idle(page)
        page.get_by_role("button", name="Red peg").first.tap()
        before = calls(page)
        TWIST.location(page, "1A").tap()
        expect(page.locator("#verdict")).to_have_attribute("data-state", "several")
        idle(page)
        # (its ghost shown as the finger touches: one preview at most)
        assert calls_since(page, before) in ({"edit": 1}, {"edit": 1, "editor_preview": 1})
    finally:
        context.close()
