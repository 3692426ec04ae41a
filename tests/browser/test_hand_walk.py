"""The hand, walked (issue 50): a seeded random walk of real gestures on every game, with
what the hand promises checked after each step.

Gestures are Chromium's own, sent through CDP with their own timestamps (a busy machine
may deliver them late; the page judges them by when they happened): finger taps from 30
to 800 ms on the tray and on the board, presses and slides from the tray and from a
placed piece, touches the browser cancels, a second finger; a mouse's clicks, drags and
wheel; the keys R, Shift+R, F, Escape and Undo. After each step, once the page is idle:

  - the board holds what it held, or what the last ghost shown during the step said
    (a piece put down where its ghost was, a slid piece moved where its ghost was), or
    one piece fewer (a piece taken back by a tap or a click, a step undone): computed
    here by Python from the ghost's placement, not by the page;
  - no ghost and no ghost's reason stay once a finger is lifted;
  - no piece stays set down where its ghost was (drawn so at the click, before the
    engine answers: ghost.js) once the engine has answered, and only a ghost shown in
    the step was set down;
  - the address names the position drawn.
"""

from __future__ import annotations

import itertools
import random
import time
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles.core import turning
from iqpuzzles.core.errors import PuzzleError, Refusal

from .playing import READY_TIMEOUT, Player

pytestmark = pytest.mark.browser

GAMES = {"twist": "25", "focus": "30", "steps": "30", "link": "G030"}
STEPS = 24

# every value the board's ghost took since the last step, and every ghost set down (the
# page's own attributes)
WATCH = """() => {
  window.__ghosts = [];
  window.__landed = [];
  const board = document.getElementById("board");
  new MutationObserver(() => {
    // a ghost drawn and set down in one task is seen set down: shown all the same
    const shown = board.dataset.ghost || board.dataset.landing;
    if (shown) window.__ghosts.push(shown);
    if (board.dataset.landing) window.__landed.push(board.dataset.landing);
  }).observe(board, { attributes: true, attributeFilter: ["data-ghost", "data-landing"] });
}"""
STATE = """() => {
  const board = document.getElementById("board");
  const tip = document.querySelector(".ghost-tip");
  return {placement: board.dataset.placement, ghost: board.dataset.ghost ?? null,
          tip: Boolean(tip?.classList.contains("shown") && tip.textContent.trim()),
          hash: location.hash, ghosts: window.__ghosts.splice(0),
          landing: board.dataset.landing ?? null, landed: window.__landed.splice(0),
          holding: board.dataset.holding ?? null};
}"""
# what a step aims at: a location's centre, or a tray piece's, on the screen
CENTRE = """(selector) => { const el = document.querySelector(selector);
  if (!el) return null; const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2]; }"""
# what a mouse's click at a point would place: the piece in hand, its orientation and the
# location under the point (null: nothing in hand, or no location there)
CLICKS = """([x, y]) => {
  const piece = document.getElementById("board").dataset.holding;
  const button = piece
    && document.querySelector(`#tray .tray-piece[data-piece="${CSS.escape(piece)}"]`);
  const loc = document.elementsFromPoint(x, y).find((e) => e.matches(".loc"));
  return button && loc ? [piece, button.dataset.orientation, loc.dataset.code] : null;
}"""
SETTLED = """() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(
  () => setTimeout(done, 0))))"""


def allowed(player: Player, challenge: str, before: str, ghosts: list[str], kind: str,
            seen: set[str]) -> set[str]:
    """The positions a step may leave, by Python: as it was, one piece fewer, or the last
    ghost's placement played (on the position before, or with that piece taken off it);
    keys may also turn a placed piece where it lies (R, Shift+R, F on the one selected),
    and Undo go back to a position the board held before (`seen`)."""
    game = player.game
    position = game.position(challenge, before)
    fixed = game.position(challenge).pieces
    outcomes = {before}
    own = [p.piece for p in position.played if p.piece not in fixed]
    outcomes |= {str(position.remove(piece)) for piece in own}
    if kind == "undo":
        outcomes |= seen
    if kind == "keys":
        for piece, how in itertools.product(own, turning.HOWS):
            try:
                after = turning.turned(position, piece, how).after
            except PuzzleError:  # the game's pieces do not turn so
                continue
            if not isinstance(after, Refusal):
                outcomes.add(str(after))
    if ghosts and (after := played(player, position, ghosts[-1])):
        outcomes.add(after)
    return outcomes


def click_placed(player: Player, challenge: str, before: str, clicked) -> str:
    """What a mouse's click placed (`clicked`: CLICKS's answer before it; else `before`), by
    Python's own preview at the location under it: a click may come before the ghost of
    where the mouse hovers is drawn (the engine's answer is slow under load), and places
    what that ghost would show."""
    if not clicked:
        return before
    piece, orientation, code = clicked
    ghost = player.game.page.preview(challenge, before, piece, orientation, code)
    if not (ghost.legal and ghost.placement):
        return before
    return played(player, player.game.position(challenge, before), ghost.placement) or before


def played(player: Player, position, ghost: str) -> str | None:
    """The position a ghost's placement makes, played on `position` (with its piece taken
    off it first if it lies there), by Python; None if the rules refuse it."""
    item = player.game.notation.read_item(ghost)
    base = position.remove(item.piece) if item.piece in position.pieces else position
    after = base.after(item)
    return None if isinstance(after, Refusal) else str(after)


class Fingers:
    """Touches through CDP, each event stamped with the time it happens on the phone."""

    def __init__(self, page: Page):
        self.cdp = page.context.new_cdp_session(page)
        self.clock = time.time()

    def send(self, kind: str, points: list[tuple[float, float]], after_ms: float) -> None:
        self.clock += after_ms / 1000
        touches = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
        self.cdp.send("Input.dispatchTouchEvent",
                      {"type": kind, "touchPoints": touches, "timestamp": self.clock})

    def tap(self, at: tuple[float, float], hold_ms: float) -> None:
        self.send("touchStart", [at], 0)
        self.send("touchEnd", [], hold_ms)

    def slide(self, start: tuple[float, float], end: tuple[float, float], steps: int,
              cancel: bool = False) -> None:
        self.send("touchStart", [start], 0)
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i / steps
            y = start[1] + (end[1] - start[1]) * i / steps
            self.send("touchMove", [(x, y)], 30)
        self.send("touchCancel" if cancel else "touchEnd", [], 40)

    def two(self, a: tuple[float, float], b: tuple[float, float]) -> None:
        self.send("touchStart", [a, b], 0)
        self.send("touchEnd", [], 120)


class Walk:
    """One game's walk: its steps, and the checks after each."""

    def __init__(self, page: Page, player: Player, challenge: str, rng: random.Random):
        self.page, self.player, self.rng = page, player, rng
        self.entry = player.game.challenge_by_id(challenge)
        self.fingers = Fingers(page)
        self.pieces = [p["id"] for p in player.info["pieces"]]
        self.log: list[str] = []
        self.seen: set[str] = set()  # every position the board has held
        self.landed = 0  # ghosts set down at a click, a tap or a lift
        self.placed = 0  # steps that placed a piece by a click, a tap or a lift
        self.unmet = rng.sample(list(KINDS), len(KINDS))  # each kind once first, in this order
        self.clicked = None  # a mouse's click on the board: what it would place (CLICKS)

    # ------------------------------------------------------------------ where things are
    def centre(self, selector: str):
        return self.page.evaluate(CENTRE, selector)

    def spot(self) -> tuple[float, float]:
        """A random point on or just below the board (a finger aims a cell above)."""
        box = self.page.locator("#board").bounding_box()
        return (box["x"] + self.rng.uniform(0.02, 0.98) * box["width"],
                box["y"] + self.rng.uniform(0.05, 1.08) * box["height"])

    def tray_piece(self):
        shown = self.page.evaluate(
            "[...document.querySelectorAll('#tray .tray-piece')].map((b) => b.dataset.piece)")
        if not shown:
            return None
        piece = self.rng.choice(shown)
        return self.centre(f"#tray .tray-piece[data-piece='{piece}']")

    def placed_spot(self):
        """The centre of a location covered by one of the player's pieces, or None."""
        placed = self.player.game.position(self.entry.challenge, self.placement())
        own = [p for p in placed.played if p.piece not in
               self.player.game.position(self.entry.challenge).pieces]
        if not own:
            return None
        spots = list(self.player.game.rules.covers(self.rng.choice(own)))
        return self.centre(f"#board .loc[data-code='{self.rng.choice(spots)}']")

    def placement(self) -> str:
        return self.page.locator("#board").get_attribute("data-placement") or ""

    # ------------------------------------------------------------------ the steps
    def step(self) -> str:
        rng = self.rng
        kind = self.unmet.pop() if self.unmet else rng.choices(list(KINDS), list(KINDS.values()))[0]
        f = self.fingers
        if kind in ("tap tray", "press tray"):
            at = self.tray_piece()
            if at:
                f.tap(at, rng.uniform(30, 400) if kind == "tap tray" else rng.uniform(550, 800))
        elif kind == "tap board":
            f.tap(self.spot(), rng.uniform(30, 800))
        elif kind in ("slide tray", "cancelled slide"):
            at = self.tray_piece()
            if at:
                f.slide(at, self.spot(), rng.randint(4, 10), cancel=kind == "cancelled slide")
        elif kind == "slide placed":
            at = self.placed_spot()
            if at:
                f.slide(at, self.spot(), rng.randint(4, 10))
        elif kind == "two fingers":
            box = self.page.locator("#board").bounding_box()
            y = box["y"] + box["height"] / 2
            f.two((box["x"] + box["width"] * 0.3, y), (box["x"] + box["width"] * 0.6, y))
        elif kind == "mouse click":
            x, y = self.spot()
            box = self.page.locator("#board").bounding_box()
            at = [x, min(y, box["y"] + box["height"] - 2)]  # on the board
            self.clicked = self.page.evaluate(CLICKS, at)
            self.page.mouse.click(*at)
        elif kind == "mouse drag":
            at = self.placed_spot() if rng.random() < 0.5 else self.tray_piece()
            if at:
                self.page.mouse.move(*at)
                self.page.mouse.down()
                self.page.mouse.move(*self.spot(), steps=6)
                self.page.mouse.up()
        elif kind == "wheel":
            self.page.mouse.move(*self.spot())
            self.page.mouse.wheel(0, rng.choice([-120, 120]))
        elif kind == "keys":
            self.page.keyboard.press(rng.choice(["r", "Shift+R", "f", "Escape"]))
        elif kind == "undo":
            undo = self.page.locator("[data-action=undo]")
            if undo.is_enabled():
                undo.click()
        if kind in ("mouse click", "mouse drag", "wheel", "undo"):
            # the mouse leaves the board: a ghost it left hovering is the mouse's, not a
            # finger's (a page whose layout changes under a resting mouse moves it there)
            self.page.mouse.move(1, 1)
        return kind

    # ------------------------------------------------------------------ the checks
    def settle(self) -> dict:
        self.page.wait_for_selector("html[data-busy=false]", timeout=30_000)
        self.page.evaluate(SETTLED)
        self.page.wait_for_selector("html[data-busy=false]", timeout=30_000)
        return self.page.evaluate(STATE)

    def check(self, kind: str, before: str, state: dict, finger: bool) -> None:
        where = f"{self.player.name} step {len(self.log)} ({kind}); walk: {self.log[-6:]}"
        now = state["placement"]
        self.seen.add(before)
        outcomes = allowed(self.player, self.entry.challenge, before, state["ghosts"], kind,
                           self.seen)
        if kind == "mouse click":
            outcomes.add(click_placed(self.player, self.entry.challenge, before, self.clicked))
        self.clicked = None
        assert now in outcomes, f"{where}: {before} -> {now}, ghosts {state['ghosts']}"
        if finger:
            assert state["ghost"] in (None, ""), \
                f"{where}: a ghost stayed: {state['ghost']} ({before} -> {now}, {state})"
            assert not state["tip"], f"{where}: a ghost's reason stayed"
        assert state["landing"] is None, f"{where}: a piece stayed set down: {state}"
        if state["landed"] and now != before:  # set down, then played: where it was set down
            position = self.player.game.position(self.entry.challenge, before)
            assert now == played(self.player, position, state["landed"][-1]), \
                f"{where}: set down {state['landed']}, then {before} -> {now}"
        self.landed += len(state["landed"])
        self.placed += now != before and kind in PLACING
        placed = parse_qs(state["hash"].lstrip("#")).get("placed", [None])[0]
        start = self.player.game.strings.start_placement(self.entry.challenge)
        assert (placed or start) == now, f"{where}: the address names {placed}, the board {now}"


# each kind of step, and how often it is drawn once each has been taken
KINDS = {"tap tray": 14, "press tray": 3, "tap board": 16, "slide tray": 8, "slide placed": 8,
         "cancelled slide": 3, "two fingers": 3, "mouse click": 6, "mouse drag": 5, "wheel": 3,
         "keys": 5, "undo": 3}
# steps that may place a piece from the hand where its ghost shows
PLACING = {"tap board", "slide tray", "slide placed", "mouse click", "mouse drag"}
FINGER_STEPS = {"tap tray", "press tray", "tap board", "slide tray", "slide placed",
                "cancelled slide", "two fingers"}


@pytest.mark.parametrize("name", list(GAMES))
def test_every_gesture_leaves_the_piece_where_its_ghost_was(browser, site_url, name):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{site_url}#game={name}&challenge={GAMES[name]}")
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        page.evaluate(WATCH)
        walk = Walk(page, Player(name), GAMES[name], random.Random(5000 + len(name)))
        state = walk.settle()
        kinds = set()
        for _ in range(STEPS):
            before = state["placement"]
            kind = walk.step()
            walk.log.append(kind)
            kinds.add(kind)
            state = walk.settle()
            walk.check(kind, before, state, kind in FINGER_STEPS)
        assert not errors, errors
        assert {"tap board", "slide tray", "slide placed"} <= kinds, kinds
        # (IQ-Link's walk places no piece: its taps fall where no piece fits)
        assert walk.landed or not walk.placed, "no ghost was set down at a tap or a lift"
    finally:
        context.close()


# the page's main thread busy for `ms`, from its next task on (the call returns at once)
SPIN = """(ms) => {
  setTimeout(() => { const end = performance.now() + ms; while (performance.now() < end); });
}"""


def late_slide(page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A mouse's slide from `start` to `end` in 0.15 s by its events' own times (Chromium's
    input events given their time), which the page gets only after 0.8 s of other work."""
    cdp = page.context.new_cdp_session(page)
    now = time.time()

    def mouse(kind: str, x: float, y: float, after: float, buttons: int) -> None:
        cdp.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                               "buttons": buttons, "clickCount": 1,
                                               "timestamp": now + after})

    mouse("mouseMoved", *start, 0, 0)
    mouse("mousePressed", *start, 0.01, 1)
    page.evaluate(SPIN, 800)
    for i in range(1, 9):
        x, y = (a + (b - a) * i / 8 for a, b in zip(start, end, strict=True))
        mouse("mouseMoved", x, y, 0.01 + 0.016 * i, 1)
    mouse("mouseReleased", *end, 0.15, 0)
    cdp.detach()


CURSORS = """() => ["#board .loc", "#tray .tray-piece", "#toolbar button", "#status", "html"]
  .map((part) => getComputedStyle(document.querySelector(part)).cursor)"""


def test_a_placed_piece_slides_elsewhere_in_one_step_or_goes_back(site, site_url):
    """A placed piece dragged by the mouse lands where it is let go: one step, which one
    Undo takes back; let go off the board it goes back where it was, and the page says
    so. The keyboard's way: Enter on the piece, the arrows, Enter; one Undo too. A slide
    a busy page gets late is judged by its events' times: a slide still."""
    twist = Player("twist")
    entry = twist.game.challenge_by_id("25")
    start = twist.game.strings.start_placement(entry.challenge)
    site.goto(f"{site_url}#game=twist&challenge=25")
    site.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    board = twist.board(site)
    orientation = twist.tray_piece(site, "c").get_attribute("data-orientation")
    # two places the piece fits, by Python: where it goes first, and where it slides to
    fits = [code for code in twist.locations
            if twist.game.page.preview(entry.challenge, start, "c", orientation, code).legal]
    first, second = fits[0], fits[-1]
    twist.tray_piece(site, "c").click()
    twist.location(site, first).click()
    placed = twist.game.page.hold(twist.game.position(entry.challenge, start), "c",
                                  orientation, first)
    expect(board).to_have_attribute("data-placement", str(placed.after))
    moved = twist.game.page.hold(twist.game.position(entry.challenge, start), "c",
                                 orientation, second)

    def centre(code: str) -> tuple[float, float]:
        return site.evaluate(CENTRE, f"#board .loc[data-code='{code}']")

    site.mouse.move(*centre(first))
    site.mouse.down()
    site.mouse.move(*centre(second), steps=8)
    expect(board).to_have_attribute("data-ghost", str(moved.placement))
    # the hand grabs wherever a drag goes: the board, the tray, the toolbar, the words
    assert site.evaluate(CURSORS) == ["grabbing"] * 5
    site.mouse.up()
    expect(board).to_have_attribute("data-placement", str(moved.after))
    assert site.evaluate(CURSORS)[0] == "pointer"  # (a location's own, the drag over)
    site.get_by_role("button", name="Undo", exact=True).click()
    expect(board).to_have_attribute("data-placement", str(placed.after))  # one step back
    # (and Undo's work done: a fresh-clone run under load once saw the next press taken
    # as a click on the piece, no drag, the page still busy with Undo)
    site.wait_for_selector("html[data-busy=false]")

    # held still till the piece is selected, then slid: a slide all the same (a busy page
    # may take a quick drag's press for a hold: its moves came after the hold's time)
    site.mouse.move(*centre(first))
    site.mouse.down()
    expect(twist.status(site)).to_contain_text("selected")
    site.mouse.move(*centre(second), steps=8)
    site.mouse.up()
    expect(board).to_have_attribute("data-placement", str(moved.after))
    site.get_by_role("button", name="Undo", exact=True).click()
    expect(board).to_have_attribute("data-placement", str(placed.after))
    site.wait_for_selector("html[data-busy=false]")

    # let go off the board: back where it was, said
    site.mouse.move(*centre(first))
    site.mouse.down()
    box = board.bounding_box()
    site.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] + 200, steps=8)
    site.mouse.up()
    expect(twist.status(site)).to_contain_text("is back where it was")
    expect(board).to_have_attribute("data-placement", str(placed.after))
    expect(site.get_by_role("button", name="Redo", exact=True)).to_be_disabled()

    # the keyboard: Enter on the piece takes it, the arrows move it, Enter puts it down
    twist.location(site, first).focus()
    site.keyboard.press("Enter")
    expect(board).to_have_attribute("data-holding", "c")
    where = {loc["code"]: (loc["x"], loc["y"]) for loc in twist.info["board"]["locations"]}
    for _ in range(20):
        here = site.evaluate("document.activeElement?.dataset?.code ?? null")
        if here == second:
            break
        dx, dy = (where[second][i] - where[here][i] for i in (0, 1))
        site.keyboard.press(("ArrowRight" if dx > 0 else "ArrowLeft") if abs(dx) > 0.3
                            else ("ArrowDown" if dy > 0 else "ArrowUp"))
    site.keyboard.press("Enter")
    expect(board).to_have_attribute("data-placement", str(moved.after))
    site.get_by_role("button", name="Undo", exact=True).click()
    expect(board).to_have_attribute("data-placement", str(placed.after))
    site.wait_for_selector("html[data-busy=false]")

    # a slow phone: the page busy for 0.8 s just after the press, the slide's moves (made
    # 16 ms apart, as the events' own times say) reach it after the press-and-hold's
    # timer is due: by their times a slide, and the piece lands where it was let go
    late_slide(site, centre(first), centre(second))
    expect(board).to_have_attribute("data-placement", str(moved.after))
