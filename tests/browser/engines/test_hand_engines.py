"""The hand's walk (test_hand_walk.py) once in the other engines: Firefox ESR with real
touch events (WebDriver BiDi) and the mouse, WebKitGTK with the mouse and keys (its
WebDriver sends a finger's actions as a mouse's, so no touch there). After each step the
same promises as in Chromium: the board holds what the last ghost showed (by Python), or
what it held, or one piece fewer; no ghost or its reason stays after a finger lifts; the
address names the board."""

from __future__ import annotations

import json
import random
from urllib.parse import parse_qs

import pytest

from ..playing import Player
from ..test_hand_walk import CLICKS, STATE, WATCH, allowed, click_placed
from .drivers import ENGINES

GAME, CHALLENGE = "twist", "25"
STEPS = 30
SETTLED = "document.documentElement.dataset.busy === 'false'"
CENTRE = """(() => { const el = document.querySelector(%r);
  if (!el) return null; const r = el.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2]; })()"""
BOARD = """(() => { const r = document.getElementById('board').getBoundingClientRect();
  return [r.x, r.y, r.width, r.height]; })()"""
# a location's centre, a cell lower for a finger (its piece is drawn a cell above it)
FINGER_AT = """(code, finger) => {
  const board = document.getElementById("board");
  const r = board.querySelector(`.loc[data-code="${CSS.escape(code)}"]`).getBoundingClientRect();
  const cell = finger ? Number(board.dataset.cell) * board.getScreenCTM().a : 0;
  return [r.left + r.width / 2, r.top + r.height / 2 + cell];
}"""
TRAY = "[...document.querySelectorAll('#tray .tray-piece')].map((b) => b.dataset.piece)"


class EngineWalk:
    def __init__(self, engine, rng: random.Random):
        self.engine, self.rng = engine, rng
        self.player = Player(GAME)
        self.challenge = self.player.game.challenge_by_id(CHALLENGE).challenge
        self.touch = engine.name == "firefox"
        self.seen: set[str] = set()
        self.state: dict = {}  # as the last check read it
        self.clicked = None  # a mouse's click on the board: what it would place (CLICKS)

    def spot(self, on_board: bool = False) -> tuple[float, float]:
        x, y, w, h = self.engine.js(BOARD)
        low = 0.95 if on_board else 1.08
        return x + self.rng.uniform(0.03, 0.97) * w, y + self.rng.uniform(0.05, low) * h

    def aim(self, finger: bool, piece: str | None = None):
        """Most often a spot where the piece in hand (or `piece`) fits, by Python, where a
        finger (a cell below it) or the mouse aims at it; else anywhere on the board."""
        piece = piece or self.engine.js("document.getElementById('board').dataset.holding ?? null")
        if piece and self.rng.random() < 0.7:
            orientation = self.engine.js(
                f"document.querySelector('#tray .tray-piece[data-piece=\"{piece}\"]')"
                "?.dataset.orientation ?? null")
            placement = self.engine.js("document.getElementById('board').dataset.placement")
            if orientation:
                fits = [code for code in self.player.locations
                        if self.player.game.page.preview(self.challenge, placement, piece,
                                                         orientation, code).legal]
                if fits:
                    return self.engine.js(f"({FINGER_AT})({json.dumps(self.rng.choice(fits))},"
                                          f" {json.dumps(finger)})")
        return self.spot(on_board=not finger)

    def tray_piece(self):
        shown = self.engine.js(TRAY)
        if not shown:
            return None
        return self.engine.js(CENTRE % f"#tray .tray-piece[data-piece='{self.rng.choice(shown)}']")

    def placed(self):
        position = self.player.game.position(self.challenge, self.engine.js(
            "document.getElementById('board').dataset.placement"))
        fixed = self.player.game.position(self.challenge).pieces
        own = [p for p in position.played if p.piece not in fixed]
        if not own:
            return None
        code = self.rng.choice(list(self.player.game.rules.covers(self.rng.choice(own))))
        return self.engine.js(CENTRE % f"#board .loc[data-code='{code}']")

    def step(self) -> tuple[str, bool]:
        """One gesture; its kind, and whether a finger made it."""
        kind = self.rng.choices(["tap tray", "tap board", "slide tray", "slide placed", "keys",
                                 "wheel"], weights=[6, 8, 3, 3, 2, 1])[0]
        finger = self.touch and kind != "keys" and kind != "wheel" and self.rng.random() < 0.7
        pointer = "touch" if finger else "mouse"
        gesture = self.engine.gesture
        if kind in ("tap tray", "tap board"):
            at = self.tray_piece() if kind == "tap tray" else self.aim(finger)
            if at and kind == "tap board" and not finger:
                self.clicked = self.engine.js(f"({CLICKS})({json.dumps(at)})")
            if at:
                gesture(pointer, [("down", *at), ("pause", self.rng.choice([30, 400]), 0),
                                  ("up", *at)])
        elif kind in ("slide tray", "slide placed"):
            at = self.tray_piece() if kind == "slide tray" else self.placed()
            if at:
                to = self.spot(on_board=not finger)  # (its piece not in hand yet)
                path = [("move", at[0] + (to[0] - at[0]) * i / 5, at[1] + (to[1] - at[1]) * i / 5)
                        for i in range(1, 6)]
                gesture(pointer, [("down", *at), *path, ("up", *to)])
        elif kind == "keys":
            key, shift = self.rng.choice([("r", False), ("R", True), ("f", False),
                                          ("Escape", False)])
            self.engine.key(key, shift)
        else:
            x, y = self.spot(on_board=True)
            gesture("mouse", [("move", x, y), ("wheel", 0, self.rng.choice([-120, 120]))])
        if not finger:  # the mouse leaves the board: its hovering ghost is its own
            gesture("mouse", [("move", 2, 2)])
        return kind, finger

    def check(self, kind: str, finger: bool, before: str) -> str:
        self.engine.wait(SETTLED)
        state = self.state = self.engine.js(f"({STATE})()")
        now = state["placement"]
        where = f"{self.engine.name}, {kind} ({'finger' if finger else 'mouse or keys'})"
        self.seen.add(before)
        outcomes = allowed(self.player, self.challenge, before, state["ghosts"], kind, self.seen)
        if kind == "tap board" and not finger:
            outcomes.add(click_placed(self.player, self.challenge, before, self.clicked))
        self.clicked = None
        assert now in outcomes, f"{where}: {before} -> {now}, {state['ghosts']}"
        if finger:
            assert not state["ghost"] and not state["tip"], f"{where}: a ghost stayed {state}"
        placed = parse_qs(state["hash"].lstrip("#")).get("placed", [None])[0]
        start = self.player.game.strings.start_placement(self.challenge)
        assert (placed or start) == now, f"{where}: the address {placed}, the board {now}"
        return now


# the tray's pieces where they lie, at each of 20 frames: the set of layouts seen
TRAY_LAYOUTS = """(() => { const seen = new Set(); let frames = 0; window.__trayLayouts = null;
  const look = () => {
    seen.add([...document.querySelectorAll('#tray .tray-piece')].map((b) => {
      const r = b.getBoundingClientRect();
      return `${b.dataset.piece}:${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.width)}`;
    }).join(' '));
    if (++frames < 20) requestAnimationFrame(look); else window.__trayLayouts = [...seen];
  };
  requestAnimationFrame(look); return true; })()"""


def open_challenge(engine, server) -> None:
    """The walk's challenge at a phone's size, its lesson marked learned, once it plays;
    and its tray still: one layout over 20 frames (Firefox's scrollbars once made the
    fitted tray flip between two layouts every frame, a piece's place changing under the
    finger)."""
    engine.size(480, 844)
    engine.open(server.url + "build.json")  # the site's origin: no lesson first
    engine.js(f"localStorage.setItem('iqpuzzles.v1.learned', {json.dumps(json.dumps([GAME]))})")
    engine.open(f"{server.url}#game={GAME}&challenge={CHALLENGE}")
    engine.wait("document.documentElement.dataset.ready === 'true'")
    engine.wait(SETTLED)
    engine.js(TRAY_LAYOUTS)
    engine.wait("Array.isArray(window.__trayLayouts)")
    layouts = engine.js("window.__trayLayouts")
    assert len(layouts) == 1, f"{engine.name}: the tray moves by itself: {layouts}"


@pytest.mark.parametrize("engine", ENGINES, indirect=True)
def test_the_hands_walk_in_every_engine(engine, server):
    open_challenge(engine, server)
    engine.js(f"({WATCH})()")
    walk = EngineWalk(engine, random.Random(7100 + len(engine.name)))
    placement = engine.js("document.getElementById('board').dataset.placement")
    kinds, log = set(), []
    for _ in range(STEPS):
        kind, finger = walk.step()
        kinds.add((kind, finger))
        placement = walk.check(kind, finger, placement)
        log.append(f"{kind} ({'finger' if finger else 'mouse or keys'}): holding "
                   f"{walk.state['holding']}, {placement}")
    assert any(kind == "slide placed" for kind, _ in kinds), kinds
    assert len(walk.seen | {placement}) >= 2, "the walk placed nothing:\n" + "\n".join(log)
    if walk.touch:
        assert any(finger for _, finger in kinds), kinds


@pytest.mark.parametrize("engine", ["firefox"], indirect=True)
def test_a_fingers_press_on_a_tray_piece_takes_it_however_long(engine, server):
    """Firefox sends no click after a touch of a third of a second or more: a finger's
    press on a tray piece takes it all the same, and on the piece in hand turns it."""
    open_challenge(engine, server)
    piece = engine.js(TRAY)[0]
    button = f"#tray .tray-piece[data-piece='{piece}']"
    orientations = []
    for pause in (400, 400, 30):
        at = engine.js(CENTRE % button)
        engine.gesture("touch", [("down", *at), ("pause", pause, 0), ("up", *at)])
        engine.wait(SETTLED)
        assert engine.js("document.getElementById('board').dataset.holding ?? null") == piece
        orientations.append(engine.js(f"document.querySelector({json.dumps(button)}).dataset.orientation"))
    assert len(set(orientations)) == 3, orientations  # taken, then turned twice
