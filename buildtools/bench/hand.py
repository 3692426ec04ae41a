"""A player's hand at a phone's speed (bench-web, --hand-only): how long a tap, a click and
a drag wait for the page's answer, with the CPU 4x slower. Two figures each: its
Interaction to Next Paint (Chromium's Event Timing API: the interaction's longest event,
from its input to the paint after it) and the time from its input to the new state drawn
(the piece in hand, placed, or its ghost where it aims: the attribute that says so
changed, then the next paint), which also counts the page's answers that come after that
paint (the Python worker's). A piece placed is drawn twice: set down where its legal
ghost showed, at once (ghost.js), then in the position the engine answers with (its
column "position"): the piece drawn is the first.

Real input sent by DevTools, as a phone's or a mouse's (Input.dispatchTouchEvent,
Input.dispatchMouseEvent), on IQ-Twist's booklet challenge 25: a finger at 390x844 taps a
tray piece, taps the board to place it, and drags it from the tray over the board; a
mouse at 1280x800 clicks and drags so. Each RUNS times, undone between placements. A
drag's moves are no interaction for Event Timing (it has no entries for moves): for them,
the time from each move to the ghost drawn."""

from __future__ import annotations

import math
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

from ..browsers import CHROMIUM, CHROMIUM_ARGS
from ..common import ROOT
from .actions import IDLE, wait_for_mark

EVENT_TIMING = Path(__file__).with_name("inp.js")  # run in the page before its scripts
GAME, CHALLENGE = "twist", "25"
RUNS = 20
CPU = 4
DEVICES: dict[str, dict[str, Any]] = {
    "finger": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "mouse": {"viewport": {"width": 1280, "height": 800}}}
# the targets (50, item 4), ms at CPU 4x: (p90, max) of the new state drawn
TARGETS = {"tap": (100, 200), "ghost": (50, 150)}
PATH = 6  # board locations a drag crosses before the one it drops the piece on

# a location's centre on the screen; a finger aims a cell below it (its piece is drawn,
# and goes, a cell above the fingertip)
SPOT = """([code, finger]) => {
  const board = document.getElementById("board");
  const r = board.querySelector(`.loc[data-code="${CSS.escape(code)}"]`).getBoundingClientRect();
  const cell = finger ? Number(board.dataset.cell) * board.getScreenCTM().a : 0;
  return [r.left + r.width / 2, r.top + r.height / 2 + cell];
}"""
# a piece placed: first drawn set down where its ghost was (data-landing), then in the
# position the engine answers with (data-placement)
PLACED = ("data-landing", "data-placement")
UNDONE = "p => document.getElementById('board').dataset.placement === p " \
    "&& document.documentElement.dataset.busy === 'false'"


class Hand:
    """A finger or a mouse, by DevTools' input events (the page's own event handling, as
    a real one's; each event stamped with when it was sent)."""

    def __init__(self, cdp, finger: bool):
        self.cdp, self.finger, self.down = cdp, finger, False

    def _send(self, kind: str, x: float, y: float) -> None:
        now = time.time()
        if self.finger:
            points = [] if kind == "up" else [{"x": x, "y": y}]
            self.cdp.send("Input.dispatchTouchEvent", {
                "type": {"down": "touchStart", "move": "touchMove", "up": "touchEnd"}[kind],
                "touchPoints": points, "timestamp": now})
            return
        self.cdp.send("Input.dispatchMouseEvent", {
            "type": {"down": "mousePressed", "move": "mouseMoved", "up": "mouseReleased"}[kind],
            "x": x, "y": y, "button": "left" if kind != "move" or self.down else "none",
            "buttons": int(self.down or kind == "down") if kind != "up" else 0,
            "clickCount": 0 if kind == "move" else 1, "timestamp": now})

    def press(self, x: float, y: float) -> None:
        if not self.finger:
            self._send("move", x, y)  # a mouse goes there first, then presses
        self._send("down", x, y)
        self.down = True

    def move(self, x: float, y: float) -> None:
        self._send("move", x, y)

    def release(self, x: float, y: float) -> None:
        self.down = False
        self._send("up", x, y)

    def tap(self, x: float, y: float) -> None:
        """A tap or a click: a short press (well under a long press's 500 ms)."""
        self.press(x, y)
        time.sleep(0.05)
        self.release(x, y)


def measured(page, selector: str, attributes: tuple[str, ...], kind: str,
             act) -> tuple[float, float, float, float]:
    """(ms from the input `kind` that set it going to the first change of `attributes`
    of `selector` drawn, the action's INP in ms: its longest interaction, 0 when each was
    under 16 ms, ms from when the page received that input to that change drawn, ms from
    the input to the change of the last of `attributes` drawn) of act(); inf for a
    change that did not come."""
    page.evaluate("a => window.__arm(...a)", [selector, list(attributes), kind])
    since = page.evaluate("performance.now()")
    act()
    drawn = page.evaluate("window.__drawn")
    page.evaluate(IDLE)  # the paint's Event Timing entries come after it
    inp = max(page.evaluate("s => window.__interactions(s)", since), default=0)
    if not drawn:
        return math.inf, inp, math.inf, math.inf
    sent, received, changes = drawn
    first = min(painted for _, painted in changes.values())
    last = changes.get(attributes[-1], (math.inf, math.inf))[1]
    return first - sent, inp, first - received, last - sent


def _centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _way(board: list[Any], target: str, shown: list[str]) -> list[str]:
    """PATH locations a finger crosses to `target`, one next to the other as a finger
    goes (each a ghost of its own: one of `shown`): walked back from the target, each
    step to the nearest location farther from it."""
    at = {loc["code"]: (loc["x"], loc["y"]) for loc in board}

    def d2(a: str, b: str) -> float:
        return (at[a][0] - at[b][0]) ** 2 + (at[a][1] - at[b][1]) ** 2

    way = [target]
    for _ in range(PATH):
        here = way[-1]
        farther = [c for c in shown if c not in way and d2(c, target) > d2(here, target)]
        if not farther:
            break
        way.append(min(farther, key=lambda c: d2(c, here)))
    return way[1:][::-1]


def plan(page) -> tuple[str, str, list[str]]:
    """A tray piece, a location where it is legal as the tray holds it (from the package's
    own preview, as the page asks it; the highest such, so a finger below it is on the
    board), and the locations a drag crosses before it, one next to the other (each its
    own ghost)."""
    sys.path.insert(0, str(ROOT / "py"))
    from iqpuzzles import game  # the package from the sources, imported late

    g = game(GAME)
    board = g.page.info()["board"]["locations"]
    challenge = page.get_attribute("#board", "data-puzzle")
    placement = page.get_attribute("#board", "data-placement")
    tray = page.eval_on_selector_all("#tray .tray-piece", "bs => bs.map(b => "
                                     "[b.dataset.piece, b.dataset.orientation])")
    for piece, orientation in tray:
        ghosts = {loc["code"]: g.page.preview(challenge, placement, piece, orientation,
                                              loc["code"]) for loc in board}
        legal = [loc for loc in board if ghosts[loc["code"]].legal]
        if legal:
            target = min(legal, key=lambda loc: loc["y"])["code"]
            shown = [code for code, ghost in ghosts.items()
                     if ghost.placement and code != target]
            return piece, target, _way(board, target, shown)
    raise RuntimeError(f"no tray piece fits as it lies in challenge {CHALLENGE}")


def play(page, hand: Hand, runs: int) -> dict[str, list[tuple[float, float, float, float]]]:
    """`runs` times each: take the piece (tap), place it (tap), undo; then drag it from
    the tray over the board onto its location, undo. {action: [(drawn, INP)...]}."""
    piece, target, path = plan(page)
    tray = f"#tray .tray-piece[data-piece='{piece}']"
    start = page.get_attribute("#board", "data-placement")
    undo = _centre(page, "#toolbar [data-action=undo]")
    figures: dict[str, list[tuple[float, float, float, float]]] = {}

    def spot(code):
        return page.evaluate(SPOT, [code, hand.finger])

    def note(name, figure):
        figures.setdefault(name, []).append(figure)

    def undone():
        hand.tap(*undo)
        page.wait_for_function(UNDONE, arg=start)
        page.evaluate(IDLE)

    # where to touch or click, found out before each measure (Playwright's queries run in
    # the page too)
    for _ in range(runs):
        x, y = _centre(page, tray)
        note("take", measured(page, tray, ("aria-pressed",), "pointerup",
                              partial(hand.tap, x, y)))
        at = spot(target)
        if not hand.finger:  # a mouse points at the location first: its ghost shows
            page.evaluate("a => window.__arm(...a)", ["#board", ["data-ghost"], "pointermove"])
            hand.move(*at)
            page.evaluate("window.__drawn")
        page.evaluate(IDLE)
        note("place", measured(page, "#board", PLACED, "pointerup", partial(hand.tap, *at)))
        page.evaluate(IDLE)
        undone()
    for _ in range(runs):
        x, y = _centre(page, tray)
        spots = [spot(code) for code in [*path, target]]
        since = page.evaluate("performance.now()")  # the drag's interaction: press to lift
        hand.press(x, y)
        hand.move(x, y - 20)  # past the slop: a drag, the piece taken
        page.evaluate(IDLE)
        for at in spots:
            note("move", measured(page, "#board", ("data-ghost",), "pointermove",
                                  partial(hand.move, *at)))
        drawn, _, received, position = measured(page, "#board", PLACED, "pointerup",
                                                partial(hand.release, *spots[-1]))
        note("drop", (drawn, max(page.evaluate("s => window.__interactions(s)", since),
                                 default=0), received, position))
        undone()
    return figures


def bench_hand(url: str, runs: int = RUNS) -> dict:
    """A finger's and a mouse's taps (clicks) and drags, `runs` times each, the CPU 4x
    slower: p50, p90 and max of each, printed beside the targets."""
    from playwright.sync_api import sync_playwright  # a test dependency, imported late

    results = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for device, options in DEVICES.items():
                context = browser.new_context(bypass_csp=True, **options)
                page = context.new_page()
                page.add_init_script(path=EVENT_TIMING)
                page.goto(url.split("#")[0] + "build.json")  # the lesson learned: no lesson
                page.evaluate(f'localStorage.setItem("iqpuzzles.v1.learned", \'["{GAME}"]\')')
                page.goto(f"{url.split('#')[0]}#game={GAME}&challenge={CHALLENGE}")
                wait_for_mark(page, "ready")
                page.wait_for_selector("html[data-busy=false]")
                page.evaluate(IDLE)
                cdp = context.new_cdp_session(page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU})
                results[device] = play(page, Hand(cdp, device == "finger"), runs)
                context.close()
                report(device, results[device], options["viewport"])
        finally:
            browser.close()
    return results


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile `q` (0-100) of `values`."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def report(device: str, figures: dict, viewport: dict) -> None:
    """One line per action, ms p50 / p90 / max: INP; the new state drawn, from the input's
    own time and from when the page received it; a placement's position drawn (the
    engine's answer); with the target met (by the state drawn)."""
    size = f"{viewport['width']}x{viewport['height']}"
    names = {"take": f"{'tap' if device == 'finger' else 'click'} a tray piece",
             "place": f"{'tap' if device == 'finger' else 'click'} the board",
             "move": "drag: a move (ghost)", "drop": "drag: its lift (placed)"}
    print(f"\n{device.capitalize()}, {size}, CPU {CPU}x, #game={GAME}&challenge={CHALLENGE} "
          "(ms: p50 / p90 / max):")
    print(f"  {'action':26s} {'n':>3s} {'INP':>17s} {'drawn':>17s} {'from received':>17s}"
          f" {'position':>17s}   target (p90, max)")
    for name, rows in figures.items():
        inps = [inp for _, inp, _, _ in rows]
        drawn = [d for d, _, _, _ in rows]
        received = [r for _, _, r, _ in rows]
        position = _three([p for *_, p in rows]) if name in ("place", "drop") else ""
        p90, top = TARGETS["ghost" if name == "move" else "tap"]
        met = percentile(drawn, 90) <= p90 and max(drawn) <= top
        inp = "(no interaction)" if name == "move" else _three(inps)
        print(f"  {names[name]:26s} {len(rows):3d} {inp:>17s} {_three(drawn):>17s}"
              f" {_three(received):>17s} {position:>17s}"
              f"   {p90}, {top}: {'met' if met else 'NOT met'}",
              flush=True)


def _three(values: list[float]) -> str:
    """p50 / p90 / max; an INP of 0 (no event of 16 ms or more) as <16."""
    return " / ".join(f"{v:.0f}" if v else "<16"
                      for v in (percentile(values, q) for q in (50, 90, 100)))
