"""Touch and small screens: a phone's player places, turns and flips pieces with taps and
presses only (no Rotate/Flip button, no key), reads "tap" rather than keys and clicks, and
sees the board, the whole tray, every tool and every game tab at 320x568 upright and at
844x390 and 667x375 on its side. A mouse turns the piece in hand with the wheel and flips
it with a right click.

Touches are Chromium's own (Playwright's touch emulation and CDP touch events), against
the built site and real Pyodide."""

from __future__ import annotations

import re
import time
from contextlib import contextmanager

import pytest
from playwright.sync_api import Page, expect

from .playing import READY_TIMEOUT, Player

pytestmark = pytest.mark.browser

TWIST = Player("twist")
CHALLENGE = TWIST.game.challenge_by_id("1")
START = TWIST.game.strings.start_placement(CHALLENGE.challenge)
ROTATE = TWIST.pieces["d"]["rotate"]
FLIP = TWIST.pieces["d"]["flip"]

PHONES = {"320x568": (320, 568), "844x390": (844, 390), "667x375": (667, 375)}
# a challenge of each game with most pieces still in the tray
FULL_TRAY = {"twist": "120", "focus": "120", "steps": "120", "link": "G120"}
MIN_TARGET = 24  # px: the smallest thing a finger is asked to hit


@contextmanager
def phone(browser, site_url: str, width: int, height: int,
          fragment: str = "game=twist&challenge=1"):
    """A page on a touch screen of that size, the site loaded; no request leaves 127.0.0.1."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                                  is_mobile=True)
    urls: list[str] = []
    context.on("request", lambda request: urls.append(request.url))
    try:
        page = context.new_page()
        page.goto(f"{site_url}#{fragment}")
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        yield page
    finally:
        context.close()
    assert all(url.startswith(("data:", "blob:", site_url.rstrip("/"))) for url in urls), urls


def centre(page: Page, locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box, "on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch(page: Page, points: list[tuple[float, float]], hold_ms: int,
          held=None) -> None:
    """Fingers down at `points` together, held, and lifted (Chromium's touch events).

    The events carry their own times, `hold_ms` apart, as a phone's would: a busy test
    machine may deliver them later, but the page judges a gesture by when it happened.
    `held`: a check of what the page shows while the fingers are still down (the lift
    waits for it); without one the lift is sent at once, stamped `hold_ms` later (as a
    page too busy to see it before then gets it)."""
    cdp = page.context.new_cdp_session(page)
    fingers = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
    down = time.time()
    cdp.send("Input.dispatchTouchEvent",
             {"type": "touchStart", "touchPoints": fingers, "timestamp": down})
    if held is not None:
        held()
    cdp.send("Input.dispatchTouchEvent",
             {"type": "touchEnd", "touchPoints": [], "timestamp": down + hold_ms / 1000})
    cdp.detach()


def long_press(page: Page, locator) -> None:
    """Touch and hold `locator` (a tray piece) till the hold flips it, then lift."""
    before = locator.get_attribute("data-orientation")
    touch(page, [centre(page, locator)], 750,
          held=lambda: expect(locator).not_to_have_attribute("data-orientation", before))


def orientation(page: Page, piece: str) -> str:
    return TWIST.tray_piece(page, piece).get_attribute("data-orientation")


# ------------------------------------------------------------------ fingers


def test_a_piece_is_placed_turned_and_flipped_with_taps_only(browser, site_url):
    item = "d2A6"  # piece d: two quarter turns and a flip from where it starts
    with phone(browser, site_url, 390, 844) as page:
        piece = TWIST.tray_piece(page, "d")
        start = orientation(page, "d")
        piece.tap()
        expect(piece).to_have_attribute("aria-pressed", "true")
        status = TWIST.status(page)
        expect(status).to_contain_text("tap it again to turn it")
        expect(status).not_to_contain_text(re.compile(r"Click|R rotates|Escape"))

        piece.tap()  # the held piece, tapped again: a quarter turn, still in hand
        expect(piece).to_have_attribute("data-orientation", ROTATE[start])
        expect(piece).to_have_attribute("aria-pressed", "true")
        piece.tap()
        turned = ROTATE[ROTATE[start]]
        expect(piece).to_have_attribute("data-orientation", turned)

        long_press(page, piece)  # touch and hold: flipped, still in hand
        expect(piece).to_have_attribute("data-orientation", FLIP[turned])
        expect(piece).to_have_attribute("aria-pressed", "true")
        assert FLIP[turned] == item[3]

        code = TWIST.anchor_for(CHALLENGE.challenge, START, "d", item[3], item)
        TWIST.finger_tap(page, code)  # a finger aims a cell above it
        expect(TWIST.board(page)).to_have_attribute(
            "data-placement", TWIST.game.strings.play(CHALLENGE.challenge, START, item))
        expect(piece).to_have_count(0)


def lifted_target() -> tuple[str, str, str, str]:
    """A piece of challenge 1's tray, in the orientation the tray holds it in, and a
    location whose ghost is centred on it (its covered locations' box centred within a
    quarter cell), with a location a row below it: (piece, its placement there, the
    location, the one below), by Python's own previews."""
    where = {loc["code"]: (loc["x"], loc["y"]) for loc in TWIST.info["board"]["locations"]}
    below = {code: other for code, (x, y) in where.items()
             for other, (x2, y2) in where.items() if x2 == x and abs(y2 - (y + 1)) < 1e-6}
    fixed = TWIST.game.position(CHALLENGE.challenge).pieces
    for spec in TWIST.info["pieces"]:
        if spec["id"] in fixed:
            continue
        for code in below:
            preview = TWIST.game.page.preview(CHALLENGE.challenge, START, spec["id"],
                                              spec["orientations"][0], code)
            if not preview.legal:
                continue
            xs, ys = zip(*(where[c] for c in preview.covers), strict=True)
            x, y = where[code]
            middle = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
            if abs(middle[0] - x) <= 0.25 and abs(middle[1] - y) <= 0.25:
                return spec["id"], preview.placement, code, below[code]
    raise AssertionError("no piece of the tray is centred on a location")


# centres on the screen: a location's, the ghost's; a cell's side (two neighbours apart)
CENTRE = """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2]; }"""


def test_a_finger_holds_the_piece_a_cell_above_it_and_a_mouse_under_it(browser, site_url):
    """Issue 38 item 3: a piece dragged from the tray by a finger is drawn a cell above the
    fingertip (the finger hides nothing of it) and lands where it is drawn, not under the
    finger; a mouse's drag still holds it under the pointer and places it there."""
    piece, item, aim, under = lifted_target()
    with phone(browser, site_url, 390, 844) as page:
        page.wait_for_selector("html[data-busy=false]")
        start = centre(page, TWIST.tray_piece(page, piece))
        finger = page.evaluate(CENTRE, f"#board .loc[data-code='{under}']")
        target = page.evaluate(CENTRE, f"#board .loc[data-code='{aim}']")
        cell = finger[1] - target[1]  # a row apart: one cell
        assert cell > 20, cell
        cdp = page.context.new_cdp_session(page)
        at = time.time()

        def send(kind: str, x: float, y: float, after: float) -> None:
            points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 0}]
            cdp.send("Input.dispatchTouchEvent",
                     {"type": kind, "touchPoints": points, "timestamp": at + after})

        send("touchStart", *start, 0)
        for step in range(1, 11):  # the finger slides up from the tray onto the board
            x = start[0] + (finger[0] - start[0]) * step / 10
            y = start[1] + (finger[1] - start[1]) * step / 10
            send("touchMove", x, y, 0.03 * step)
        board = TWIST.board(page)
        expect(board).to_have_attribute("data-ghost", item)  # Python's piece a cell up
        ghost = page.evaluate(CENTRE, "#board .layer-ghost")
        lift = finger[1] - ghost[1]
        assert abs(ghost[0] - finger[0]) <= cell / 2 and abs(lift - cell) <= cell / 2, \
            f"the ghost's centre {ghost} is not a cell ({cell:.0f} px) above the finger {finger}"
        send("touchEnd", *finger, 0.5)
        cdp.detach()
        placed = TWIST.game.strings.play(CHALLENGE.challenge, START, item)
        expect(board).to_have_attribute("data-placement", placed)  # where the ghost was
        expect(TWIST.tray_piece(page, piece)).to_have_count(0)
        # a mouse: the piece under the pointer, placed there (the same place, aimed at)
        TWIST.button(page, "Undo").click()
        expect(board).to_have_attribute("data-placement", START)
        page.mouse.move(*centre(page, TWIST.tray_piece(page, piece)))
        page.mouse.down()
        page.mouse.move(target[0], target[1], steps=8)
        expect(board).to_have_attribute("data-ghost", item)
        page.mouse.up()
        expect(board).to_have_attribute("data-placement", placed)
        # the piece in hand, a finger resting on the board: its ghost a cell up, and there
        # the piece goes when the finger lifts (a quick tap still places it under the
        # finger: test_a_piece_is_placed_turned_and_flipped_with_taps_only)
        TWIST.button(page, "Undo").click()
        expect(board).to_have_attribute("data-placement", START)
        TWIST.tray_piece(page, piece).tap()
        expect(TWIST.tray_piece(page, piece)).to_have_attribute("aria-pressed", "true")
        touch(page, [finger], 400, held=lambda: expect(board).to_have_attribute("data-ghost", item))
        expect(board).to_have_attribute("data-placement", placed)


def test_a_long_press_flips_two_fingers_flip_and_the_trays_space_puts_back(browser, site_url):
    """On one phone, each from the challenge's start with another piece: a long press takes
    a piece and flips it; two fingers on the board flip the piece in hand without placing
    it; a tap on the tray's empty space puts the piece back."""
    with phone(browser, site_url, 390, 844) as page:
        a_long_press_takes_a_piece_and_flips_it(page)
        two_fingers_on_the_board_flip_the_piece_without_placing_it(page)
        a_tap_on_the_trays_empty_space_puts_the_piece_back(page)


def a_long_press_takes_a_piece_and_flips_it(page: Page) -> None:
    piece = TWIST.tray_piece(page, "c")
    start = orientation(page, "c")
    long_press(page, piece)
    expect(piece).to_have_attribute("aria-pressed", "true")
    expect(piece).to_have_attribute("data-orientation", TWIST.pieces["c"]["flip"][start])
    long_press(page, piece)  # and back: a long press never puts the piece away
    expect(piece).to_have_attribute("data-orientation", start)
    expect(piece).to_have_attribute("aria-pressed", "true")
    # a lift the page only gets after the hold is still a long press, not a tap (a
    # tap on the piece in hand would turn it, not flip it)
    touch(page, [centre(page, piece)], 750)
    expect(piece).to_have_attribute("data-orientation", TWIST.pieces["c"]["flip"][start])
    expect(piece).to_have_attribute("aria-pressed", "true")


def two_fingers_on_the_board_flip_the_piece_without_placing_it(page: Page) -> None:
    piece = TWIST.tray_piece(page, "d")
    start = orientation(page, "d")
    piece.tap()
    board = TWIST.board(page).bounding_box()
    y = board["y"] + board["height"] / 2
    left, right = board["x"] + board["width"] * 0.3, board["x"] + board["width"] * 0.6
    touch(page, [(left, y), (right, y)], 120)
    expect(piece).to_have_attribute("data-orientation", FLIP[start])
    expect(piece).to_have_attribute("aria-pressed", "true")
    assert TWIST.placement(page) == START


def a_tap_on_the_trays_empty_space_puts_the_piece_back(page: Page) -> None:
    piece = TWIST.tray_piece(page, "a")
    piece.tap()
    expect(piece).to_have_attribute("aria-pressed", "true")
    tray = page.locator("#tray").bounding_box()
    page.touchscreen.tap(tray["x"] + 4, tray["y"] + 4)  # the tray's padding, no piece
    expect(piece).to_have_attribute("aria-pressed", "false")
    expect(TWIST.board(page)).not_to_have_attribute("data-holding", re.compile("."))


def test_touch_screens_get_tap_words_and_no_key_list(browser, site_url):
    # a tablet: wide enough for the footer, which then says what to tap instead of keys
    with phone(browser, site_url, 1024, 768) as page:
        expect(page.locator(".footer .keys")).to_be_hidden()
        expect(page.locator("#touch-help")).to_be_visible()
        expect(page.locator("#touch-help")).to_contain_text("tap it again to turn it")
        expect(page.locator("#touch-help")).to_contain_text("touch and hold it to flip it")
        TWIST.location(page, TWIST.locations[0]).tap()  # empty hands, empty spot
        expect(TWIST.status(page)).to_contain_text("(tap it)")


# ------------------------------------------------------------------ small screens


def boxes(page: Page) -> dict:
    return page.evaluate("""() => {
      const box = (el) => {
        const b = el.getBoundingClientRect();
        return {x: b.x, y: b.y, w: b.width, h: b.height};
      };
      const all = (selector) => [...document.querySelectorAll(selector)];
      const shown = (el) => el.getClientRects().length > 0;
      const games = document.getElementById("games");
      const page = document.documentElement;
      return {
        board: box(document.getElementById("board")),
        tray: box(document.getElementById("tray")),
        verdict: box(document.getElementById("verdict")),
        controls: all(".tool, .game-tab").filter(shown)
          .map((el) => ({name: el.textContent.trim(), ...box(el)})),
        pieces: all("#tray .tray-piece").map((el) => ({name: el.dataset.piece, ...box(el)})),
        spot: Math.min(...all("#board .loc").map((el) => el.getBoundingClientRect().width)),
        scroll: [page.scrollWidth, page.scrollHeight],
        // the game tabs' strip scrolls sideways when they do not fit: one would be cut off
        tabsFit: games.scrollWidth <= games.clientWidth,
      };
    }""")


# the header's and the tools' buttons shown, each with the boxes of the words written on
# it (its text as laid out; words clipped away for screen readers only are not shown)
TARGETS = """() => {
  const shown = (n) => n.checkVisibility({ visibilityProperty: true });
  const box = (r) => ({x: r.x, y: r.y, w: r.width, h: r.height});
  const buttons = [...document.querySelectorAll(".topbar button, .toolbar button")];
  return buttons.filter(shown).map((b) => {
    const words = [];
    const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      if (!t.textContent.trim()) continue;
      let clipped = false;
      for (let n = t.parentElement; n && n !== b.parentElement; n = n.parentElement) {
        clipped ||= getComputedStyle(n).clipPath !== "none";
      }
      if (clipped) continue;
      const range = document.createRange();
      range.selectNodeContents(t);
      words.push(...[...range.getClientRects()].filter((r) => r.width > 0).map(box));
    }
    const name = b.getAttribute("aria-label") || b.textContent.trim();
    return {name, tool: b.classList.contains("tool"), ...box(b.getBoundingClientRect()), words};
  });
}"""
FINGER = 44  # px: a fingertip, each way
# Under 352 px, nine tools (Rotate both ways, Flip, play's Mark) share one line: each a
# column of the bar, narrower than a fingertip but taller, its area at least (and well over
# WCAG 2.5.8's 24 x 24)
NARROW_TOOLS, NARROW_TOOL, TALL_TOOL = 352, 35, 54


def check_targets(page: Page, where: str) -> None:
    """Every button of the header and the tools is a fingertip or more each way, and its
    words lie within it, clear of every other button's."""
    buttons = page.evaluate(TARGETS)
    assert len(buttons) >= 12, buttons
    narrow = page.viewport_size["width"] < NARROW_TOOLS
    for b in buttons:
        if narrow and b["tool"] and b["h"] >= TALL_TOOL:  # nine tools on a 320 px phone
            assert b["w"] >= NARROW_TOOL and b["w"] * b["h"] >= FINGER * FINGER, \
                f"{where}: {b['name']} is {b['w']}x{b['h']}"
            continue
        assert b["w"] >= FINGER and b["h"] >= FINGER, f"{where}: {b['name']} is {b['w']}x{b['h']}"
        for w in b["words"]:
            assert b["x"] - 0.5 <= w["x"] and w["x"] + w["w"] <= b["x"] + b["w"] + 0.5, \
                f"{where}: the words of {b['name']} overflow it: {w} in {b}"
    words = [(b["name"], w) for b in buttons for w in b["words"]]
    for i, (one, a) in enumerate(words):
        for other, c in words[i + 1:]:
            if one != other:
                apart = max(c["x"] - (a["x"] + a["w"]), a["x"] - (c["x"] + c["w"]),
                            c["y"] - (a["y"] + a["h"]), a["y"] - (c["y"] + c["h"]))
                assert apart >= 0, f"{where}: the words of {one} and {other} touch: {a} {c}"


def inside(box: dict, width: int, height: int) -> bool:
    return box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["w"] <= width + 0.5 \
        and box["y"] + box["h"] <= height + 0.5


def test_small_screens_show_board_tray_and_every_control(browser, site_url):
    """Every game at every phone size (one phone, turned and resized between them); the
    stats dialog at 320 px shows every game's tab."""
    with phone(browser, site_url, *PHONES[next(iter(PHONES))], "game=twist") as page:
        for size, (width, height) in PHONES.items():
            page.set_viewport_size({"width": width, "height": height})
            for name, challenge in FULL_TRAY.items():
                page.goto(f"{site_url}#game={name}&challenge={challenge}")
                expect(page.locator(f".game-tab[data-game={name}]")).to_have_attribute(
                    "aria-pressed", "true")
                expect(TWIST.board(page)).to_have_attribute("data-challenge", challenge)
                # the tray's slots are sized after it is drawn: a busy machine takes a while
                where = f"{name} at {size}"
                settled(page, lambda where=where, width=width, height=height:
                        check_layout(page, where, width, height))
            if size == "320x568":  # IQ-Link's stats: the first tab no less in sight
                page.get_by_role("button", name="Your stats").tap()
                dialog = page.get_by_role("dialog")
                expect(dialog.get_by_role("tab", name="IQ-Link")).to_have_attribute(
                    "aria-selected", "true")
                whole = dialog.bounding_box()
                right = whole["x"] + whole["width"]
                for tab in dialog.get_by_role("tab").all():
                    at = tab.bounding_box()
                    assert at["x"] >= whole["x"] and at["x"] + at["width"] <= right \
                        and at["y"] >= whole["y"], f"the stats' {tab.text_content()} tab: {at}"
                page.keyboard.press("Escape")
                expect(dialog).to_be_hidden()


def test_the_editor_fits_the_narrowest_phone(browser, site_url):
    # its help, its verdict and a row of its tools all on screen, with nothing to scroll
    with phone(browser, site_url, 320, 568, "game=twist") as page:
        for name in FULL_TRAY:
            page.goto(f"{site_url}#game={name}")
            expect(page.locator(f".game-tab[data-game={name}]")).to_have_attribute(
                "aria-pressed", "true")
            page.wait_for_selector("html[data-busy=false]")
            page.locator("#challenge-button").click()
            page.locator("[data-action=editor]").click()
            expect(page.locator("html")).to_have_attribute("data-mode", "edit")
            expect(page.locator("#verdict")).to_be_visible()
            settled(page, lambda name=name: check_editor(page, name))
            page.get_by_role("button", name="Back", exact=True).click()
            expect(page.locator("html")).not_to_have_attribute("data-mode", "edit")


def check_editor(page: Page, name: str) -> None:
    seen = boxes(page)
    assert seen["scroll"] == [320, 568], f"{name}'s editor scrolls {seen['scroll']}"
    for part in ("verdict", "tray"):
        assert inside(seen[part], 320, 568), f"{name}: the {part} {seen[part]}"
    for target in seen["pieces"]:
        assert min(target["w"], target["h"]) >= MIN_TARGET, f"{name}: {target}"
    first = seen["pieces"][0]  # the first tool is on screen, above the toolbar
    assert inside(first, 320, 568), f"{name}: {first}"


def settled(page: Page, check, seconds: float = 10) -> None:
    """`check` passes, at once or within `seconds` (layout settles after a redraw)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return check()
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            # the next frame drawn: layout may have settled by then
            page.evaluate("() => new Promise((r) => "
                          "requestAnimationFrame(() => requestAnimationFrame(r)))")


# The header's challenge name: the width it is given and the width it needs to read whole.
NAME_WIDTHS = """(() => {
  const name = document.querySelector("#challenge-name");
  const whole = name.cloneNode(true);
  whole.removeAttribute("id");
  whole.style.cssText = "position: absolute; width: max-content; overflow: visible";
  name.parentNode.append(whole);
  const widths = [name.getBoundingClientRect().width, whole.getBoundingClientRect().width];
  whole.remove();
  return widths;
})()"""


def check_layout(page: Page, where: str, width: int, height: int) -> None:
    landscape = width > height
    seen = boxes(page)
    assert seen["scroll"] == [width, height], f"{where}: the page scrolls {seen['scroll']}"
    for part in ("board", "tray"):
        assert inside(seen[part], width, height), f"{where}: the {part} {seen[part]}"
    names = {c["name"] for c in seen["controls"]}
    assert {"Undo", "Redo", "Restart", "Rotate", "Hint", "Solve"} <= names, names
    assert {"IQ-Twist", "IQ-Focus", "IQ-Steps", "IQ-Link"} <= names, names
    assert seen["tabsFit"], f"{where}: a game tab is cut off"
    shown, whole = page.evaluate(NAME_WIDTHS)
    assert whole <= shown + 1, f"{where}: the challenge's name is cut ({shown} of {whole} px)"
    for target in seen["controls"] + seen["pieces"]:
        assert inside(target, width, height), f"{where}: {target}"
        assert min(target["w"], target["h"]) >= MIN_TARGET, f"{where}: {target}"
    assert len(seen["pieces"]) >= 2, where
    tray = seen["tray"]
    for piece in seen["pieces"]:
        within = {**piece, "x": piece["x"] - tray["x"], "y": piece["y"] - tray["y"]}
        assert inside(within, tray["w"], tray["h"]), f"{where}: {piece} out of the tray"
    assert seen["spot"] >= MIN_TARGET, f"{where}: board spots of {seen['spot']} px"
    check_targets(page, where)
    if landscape:  # side by side
        assert seen["tray"]["x"] >= seen["board"]["x"] + seen["board"]["w"], where


# ------------------------------------------------------------------ a mouse


PREVENTED = """
  window.__prevented = {};
  for (const type of ["wheel", "contextmenu"]) {
    window.addEventListener(type, (event) => {
      window.__prevented[type] = event.defaultPrevented;
    });
  }
"""


def test_the_wheel_rotates_and_a_right_click_flips_the_piece_in_hand(site):
    site.evaluate(PREVENTED)
    piece = TWIST.tray_piece(site, "d")
    start = orientation(site, "d")
    spot = TWIST.location(site, "4B")

    spot.hover()
    site.mouse.wheel(0, 120)  # empty hands: the page's own wheel, the menu untouched
    spot.click(button="right")
    assert site.evaluate("window.__prevented") == {"wheel": False, "contextmenu": False}

    piece.click()
    expect(TWIST.status(site)).to_contain_text("R rotates")
    spot.hover()
    site.mouse.wheel(0, 120)
    expect(piece).to_have_attribute("data-orientation", ROTATE[start])
    spot.click(button="right")
    expect(piece).to_have_attribute("data-orientation", FLIP[ROTATE[start]])
    expect(piece).to_have_attribute("aria-pressed", "true")
    assert site.evaluate("window.__prevented") == {"wheel": True, "contextmenu": True}
    assert TWIST.placement(site) == START
    piece.click()  # a mouse click on the held piece still puts it back
    expect(piece).to_have_attribute("aria-pressed", "false")
