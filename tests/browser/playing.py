"""Playing any game in the browser the way a player does, for the per-game play tests.

The page is driven only through its accessible handles (tray buttons "Piece X, <colour>"
with data-orientation, the Rotate/Flip buttons, locations labelled with their codes) and
the board's data attributes (data-placement, data-ghost, data-ghost-legal). What to
play comes from iqpuzzles itself: the game's info() says how Rotate and Flip move
between orientations, preview() which location makes the ghost a wanted placement."""

from __future__ import annotations

import base64
import re
from collections import deque

from playwright.sync_api import Page, expect

from iqpuzzles import game
from iqpuzzles.core.errors import PuzzleError, Refusal

READY_TIMEOUT = 60_000


def spot(page: Page, code: str):
    """The board location `code` (its name: the code, then what is on it)."""
    return page.get_by_role("gridcell", name=re.compile(rf"^{re.escape(code)}(: .+)?$"))


# a location's centre on the screen, a cell lower: where a finger aims at it
FINGER_AT = """(code) => {
  const board = document.getElementById("board");
  const r = board.querySelector(`.loc[data-code="${CSS.escape(code)}"]`).getBoundingClientRect();
  const cell = Number(board.dataset.cell) * board.getScreenCTM().a;
  return [r.left + r.width / 2, r.top + r.height / 2 + cell];
}"""


class Player:
    """One game's handles, and placing a piece placement string with the mouse."""

    def __init__(self, name: str):
        self.name = name
        self.game = game(name)
        self.info = self.game.page.info()
        self.locations = [loc["code"] for loc in self.info["board"]["locations"]]
        self.pieces = {p["id"]: p for p in self.info["pieces"]}

    # ------------------------------------------------------------------ the page
    def open(self, page: Page, site_url: str, fragment: str) -> Page:
        page.goto(f"{site_url}#game={self.name}&{fragment}")
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        return page

    @staticmethod
    def board(page: Page):
        return page.locator("#board")

    def placement(self, page: Page) -> str:
        return self.board(page).get_attribute("data-placement")

    @staticmethod
    def status(page: Page):
        return page.locator("#status")

    @staticmethod
    def tray_piece(page: Page, piece: str):
        """A tray button: "Piece a, red" (its colour in words)."""
        return page.get_by_role("button", name=re.compile(rf"^Piece {piece}(, .+)?$"))

    @staticmethod
    def location(page: Page, code: str):
        """A board location, named by its code and what is on it ("4B: red peg")."""
        return spot(page, code)

    @staticmethod
    def under(page: Page, code: str) -> tuple[float, float]:
        """Where a finger touches to aim at location `code`: a cell below its centre (a
        finger's piece is drawn, and goes, a cell above the finger)."""
        return page.evaluate(FINGER_AT, code)

    def finger_tap(self, page: Page, code: str) -> None:
        """Tap the board with a finger aiming at `code` (the piece in hand goes there)."""
        page.touchscreen.tap(*self.under(page, code))

    @staticmethod
    def button(page: Page, name: str):
        return page.get_by_role("button", name=name, exact=True)

    # ------------------------------------------------------------------ moves
    def turns(self, piece: str, start: str, goal: str) -> list[str]:
        """The shortest list of button names (Rotate/Flip) from one orientation to another."""
        spec = self.pieces[piece]
        moves = [("Rotate", spec["rotate"])]
        if self.info["canFlip"]:
            moves.append(("Flip", spec["flip"]))
        seen, queue = {start: []}, deque([start])
        while queue:
            here = queue.popleft()
            if here == goal:
                return seen[here]
            for name, table in moves:
                there = table[here]
                if there not in seen:
                    seen[there] = [*seen[here], name]
                    queue.append(there)
        raise AssertionError(f"orientation {goal} of piece {piece} cannot be reached")

    def anchor_for(self, challenge: str, current: str, piece: str, orientation: str,
                   item: str) -> str:
        """The location to point at so that the held piece's preview is exactly `item`
        (else the same compared canonically, so a symmetric duplicate is the same placement;
        exactly first: in IQ-Link a canonical form is also the whole board's turned twin)."""
        previews = [(code, self.game.page.preview(challenge, current, piece, orientation, code))
                    for code in self.locations]
        for code, preview in previews:
            if preview.placement == item:
                return code
        want = self._canonical(item)
        for code, preview in previews:
            if preview.placement and self._canonical(preview.placement) == want:
                return code
        raise AssertionError(f"no location previews {item}")

    def grip(self, challenge: str, current: str, item) -> tuple[str, str] | None:
        """An orientation of the tray's piece and the location to click holding the piece
        so, that play `item` (a Placement) exactly at the position `current`: the item's
        own orientation tried first (most often it); None when no click plays it."""
        names = self.pieces[item.piece]["orientations"]
        own = [str(item.orientation)] if str(item.orientation) in names else []
        for orientation in own + [o for o in names if o not in own]:
            for code in self.locations:
                shown = self.game.page.preview(challenge, current, item.piece, orientation, code)
                if shown.legal and shown.placement == str(item):
                    return orientation, code
        return None

    def _canonical(self, item: str) -> str:
        try:
            return self.game.strings.canonical(item)
        except PuzzleError:  # e.g. off the board: only ever equal to itself
            return item

    def hold(self, page: Page, piece: str, orientation: str) -> None:
        """Pick a piece from the tray and turn it with the buttons to an orientation."""
        button = self.tray_piece(page, piece)
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        for name in self.turns(piece, button.get_attribute("data-orientation"), orientation):
            self.button(page, name).click()
        expect(button).to_have_attribute("data-orientation", orientation)

    def point(self, page: Page, challenge: str, piece: str, orientation: str, item: str,
              legal: bool = True) -> str:
        """Hold the piece over the location whose ghost is `item`; that location."""
        current = self.placement(page)
        self.hold(page, piece, orientation)
        code = self.anchor_for(challenge, current, piece, orientation, item)
        page.mouse.move(0, 0)  # a hover where the mouse already is would move nothing
        self.location(page, code).hover()
        expect(self.board(page)).to_have_attribute("data-ghost", item)
        expect(self.board(page)).to_have_attribute("data-ghost-legal", str(legal).lower())
        return code

    def place(self, page: Page, challenge: str, piece: str, orientation: str,
              item: str) -> dict[str, int] | None:
        """Place `item` (piece `piece` in `orientation`) with the mouse; the requests to
        the worker the click made, when the page counts them (count_calls)."""
        before = self.placement(page)
        code = self.point(page, challenge, piece, orientation, item)
        counting = page.evaluate("'__calls' in window")
        asked = calls(page) if counting else {}
        self.location(page, code).click()
        expect(self.board(page)).to_have_attribute(
            "data-placement", self.game.strings.play(challenge, before, item))
        expect(self.tray_piece(page, piece)).to_have_count(0)
        return calls_since(page, asked) if counting else None

    def turn_placed(self, page: Page, piece: str) -> None:
        """With nothing in hand, turn `piece` (just placed: the one selected) where it lies
        with each key its game has (R, F): the board goes where the model says or the
        status line says why not; a turn that fits is undone, in one step."""
        board = self.board(page)
        expect(board).to_have_attribute("data-selected", piece)
        challenge = board.get_attribute("data-puzzle")
        before = self.placement(page)
        for how in ("rotate", "flip") if self.info["canFlip"] else ("rotate",):
            after = self.game.position(challenge, before).turned(piece, how)
            page.keyboard.press(how[0])
            if isinstance(after, Refusal):
                expect(self.status(page)).to_have_text(after.message)
                assert self.placement(page) == before
                continue
            expect(board).to_have_attribute("data-placement", str(after))
            self.button(page, "Undo").click()
            expect(board).to_have_attribute("data-placement", before)

    def refused(self, page: Page, challenge: str, piece: str, orientation: str, item: str,
                preview) -> None:
        """Try `item` with the mouse: the ghost says why not in plain words (its notation a
        tooltip), a click is refused with the same words."""
        before = self.placement(page)
        code = self.point(page, challenge, piece, orientation, item, legal=False)
        tip = page.locator(".ghost-tip")
        why = preview.refusal
        expect(tip).to_have_text(why.message)
        expect(tip).to_have_attribute("title", why.notation)
        self.location(page, code).click()
        expect(self.status(page)).to_have_text(why.message)
        expect(self.status(page)).to_have_attribute("title", why.notation)
        expect(self.status(page)).to_have_attribute("data-kind", "error")
        assert self.placement(page) == before
        expect(self.tray_piece(page, piece)).to_have_attribute("aria-pressed", "true")
        page.keyboard.press("Escape")

    def expect_won(self, page: Page, challenge: str) -> None:
        expect(page.locator("html")).to_have_attribute("data-solved", "true", timeout=30_000)
        assert self.game.strings.is_solved(challenge, self.placement(page))


# ------------------------------------------------------------------ pixels

# A screenshot's pixels, decoded by the browser's own image decoder (not the page's code):
# the colours in it and how many pixels of each, leaving out the rectangles `skip`.
PIXELS = """async ({ png, skip }) => {
  // decoded here, not fetched: the page's policy lets it fetch its own files only
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const blob = new Blob([bytes], { type: "image/png" });
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const g = canvas.getContext("2d");
  g.drawImage(bitmap, 0, 0);
  const { data } = g.getImageData(0, 0, bitmap.width, bitmap.height);
  const colours = {};
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      if (skip.some(([x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1)) continue;
      const i = 4 * (y * bitmap.width + x);
      const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
      colours[key] = (colours[key] ?? 0) + 1;
    }
  }
  return colours;
}"""


def colours_in(page: Page, box: dict, skip: list[dict] = ()) -> dict[tuple[int, int, int], int]:
    """The colours the page shows in `box` ({x, y, width, height} in CSS pixels, as
    bounding_box gives it) and how many pixels of each, leaving out the boxes `skip`."""
    png = page.screenshot(clip=box, scale="css", animations="disabled")
    rects = [[b["x"] - box["x"], b["y"] - box["y"], b["x"] - box["x"] + b["width"],
              b["y"] - box["y"] + b["height"]] for b in skip]
    found = page.evaluate(PIXELS, {"png": base64.b64encode(png).decode(), "skip": rects})
    return {tuple(int(c) for c in key.split(",")): n for key, n in found.items()}


# ------------------------------------------------------------------ Solve


def solve(page: Page) -> None:
    """Press Solve and say yes to the question it asks first (the whole solution shown,
    the game not the player's win)."""
    page.get_by_role("button", name="Solve", exact=True).click()
    confirm = page.locator("#confirm")
    expect(confirm).to_be_visible()
    confirm.locator("[data-answer=yes]").click()
    expect(confirm).to_be_hidden()


# ------------------------------------------------------------------ hints

HINT_PRESSES = 4  # the ladder: which piece, its spots, its ghost; the fourth press places it


def press_hint(page: Page, times: int = HINT_PRESSES) -> None:
    """Press Hint `times` times, each once the page is idle again (by default the whole
    ladder, which places the hinted piece)."""
    for _ in range(times):
        page.get_by_role("button", name="Hint", exact=True).click()
        page.wait_for_selector("html[data-busy=false]")


def place_own_piece(page: Page, player: Player) -> str:
    """Place the next piece of a solution of the position shown with the mouse, as the
    player's own move (a win whose every piece came from hints is a win with help, not the
    player's own); that piece."""
    challenge = page.locator("#board").get_attribute("data-puzzle")
    position = player.game.position(challenge, player.placement(page))
    kind, placement, _ = position.path_to_solution()[0]
    assert kind == "play", (kind, str(placement))
    player.place(page, challenge, placement.piece, str(placement.orientation), str(placement))
    return placement.piece


def solve_with_hints(page: Page, pieces: int = 12) -> None:
    """Climb the hint ladder piece after piece until the challenge is solved."""
    for _ in range(pieces * HINT_PRESSES):
        if page.locator("html[data-solved=true]").count():
            return
        press_hint(page, 1)
    expect(page.locator("html")).to_have_attribute("data-solved", "true")


# ------------------------------------------------------------------ what the page asks Python

COUNT_CALLS = """
  window.__calls = {};
  window.__ahead = {};  // the calls asked ahead (a guess at the next ghost), apart
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === "call") {
      const count = message.ahead ? window.__ahead : window.__calls;
      count[message.op] = (count[message.op] ?? 0) + 1;
    }
    return post.call(this, message, ...rest);
  };
"""


def count_calls(page: Page) -> None:
    """Count the requests the page sends its Python worker, by op (before the page loads)."""
    page.add_init_script(COUNT_CALLS)


def calls(page: Page) -> dict[str, int]:
    """The requests sent to the worker so far for the player's actions, by op."""
    return page.evaluate("({...window.__calls})")


def ahead_calls(page: Page) -> dict[str, int]:
    """The requests sent to the worker so far ahead of the player (ghosts round the one
    shown), by op."""
    return page.evaluate("({...window.__ahead})")


def calls_since(page: Page, before: dict[str, int]) -> dict[str, int]:
    now = calls(page)
    return {op: n - before.get(op, 0) for op, n in now.items() if n != before.get(op, 0)}
