"""A player's actions once the page is ready, scripted for bench-web (visits.py measures
the longest task of the page's main thread in each, trace.py names the functions of its
long tasks): pick a piece, move it over the board, place it, undo, a hint, open the
picker (twice), the Today page and the stats, and win. IQ-Steps, from one booklet
challenge.

Each action is made in two parts: what the script must find out first (where to click:
Playwright's own queries, which run in the page too), then, measured, the player's input
(mouse and keys, as the browser's input events) and a wait for the page's answer with a
cheap check, and for the page to be idle again (what the action set going has run)."""

from __future__ import annotations

import sys

from ..common import ROOT

LEARNED = 'localStorage.setItem("iqpuzzles.v1.learned", JSON.stringify(["steps"]))'
CHALLENGE = "31"  # an IQ-Steps booklet challenge where a piece fits as the tray holds it
# The page idle again: its answer drawn and what it set going run (a frame, then an idle
# moment; a slice of work left for idle time may still follow, each under 50 ms).
IDLE = """() => new Promise((done) => requestAnimationFrame(() => setTimeout(() =>
  (window.requestIdleCallback ?? setTimeout)(() => done(), { timeout: 3000 }), 0)))"""
BUSY_DONE = "document.documentElement.dataset.busy === 'false'"


def wait_for_mark(page, name: str, timeout: float = 600) -> None:
    """Wait until <html data-NAME> is set, with one observer in the page (no polling of
    Playwright's, whose queries would be the page's main thread's work too)."""
    page.evaluate("""([name, ms]) => new Promise((done, fail) => {
      const root = document.documentElement;
      if (root.dataset[name] !== undefined) return done();
      const late = setTimeout(() => fail(new Error(`no data-${name} in ${ms} ms`)), ms);
      new MutationObserver((_, observer) => {
        if (root.dataset[name] === undefined) return;
        observer.disconnect();
        clearTimeout(late);
        done();
      }).observe(root, { attributes: true });
    })""", [name, timeout * 1000])


def open_challenge(page, url: str) -> None:
    """The player's page (the game's lesson learned) at the booklet challenge CHALLENGE,
    ready: where the actions start."""
    base = url.split("#")[0]
    page.goto(base + "build.json")
    page.evaluate(LEARNED)
    page.goto(f"{base}#game=steps&challenge={CHALLENGE}")
    wait_for_mark(page, "ready")
    page.evaluate(IDLE)


def _steps():
    sys.path.insert(0, str(ROOT / "py"))
    from iqpuzzles import game  # the package from the sources, imported late

    return game("steps")


def _centre(page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    if box is None:
        raise RuntimeError(f"{selector} is not shown")
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _placement(page) -> str:
    return page.locator("#board").get_attribute("data-placement")


def _changed(page, before: str) -> None:
    page.wait_for_function("b => document.getElementById('board').dataset.placement !== b",
                           arg=before)


def _cell(code: str) -> str:
    return f"#board [role=gridcell][aria-label^='{code}']"


class Script:
    """The actions in order on one page; `plan`: the piece and the location where it is
    legal as the tray holds it (from the package's own preview, as the page asks it)."""

    def __init__(self, page):
        self.page = page
        steps = _steps()
        board = page.locator("#board")
        challenge, placement = board.get_attribute("data-puzzle"), _placement(page)
        codes = [loc["code"] for loc in steps.page.info()["board"]["locations"]]
        self.plan = next(
            (piece, code)
            for piece, orientation in page.eval_on_selector_all(
                "#tray button[data-orientation]", "bs => bs.map(b => [b.dataset.piece, "
                "b.dataset.orientation])")
            for code in codes
            if steps.page.preview(challenge, placement, piece, orientation, code).legal)

    def pick(self):
        piece, _ = self.plan
        x, y = _centre(self.page, f"#tray button[data-piece='{piece}']")

        def act():
            self.page.mouse.click(x, y)
            self.page.wait_for_function("p => document.querySelector("
                                        "'#tray button[aria-pressed=true]')?.dataset.piece === p",
                                        arg=piece)
        return act

    def move(self):
        """Over a few locations, then over the one where the piece held is legal."""
        cells = self.page.eval_on_selector_all(
            "#board [role=gridcell]", "cs => cs.map(c => { const r = c.getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })")
        path = cells[:: max(1, len(cells) // 6)] + [_centre(self.page, _cell(self.plan[1]))]

        def act():
            for x, y in path:
                self.page.mouse.move(x, y, steps=3)
            self.page.wait_for_function(
                "document.getElementById('board').dataset.ghostLegal === 'true'")
        return act

    def place(self):
        before = _placement(self.page)

        def act():
            self.page.mouse.down()
            self.page.mouse.up()
            _changed(self.page, before)
        return act

    def _button(self, name: str):
        return _centre(self.page, f"#toolbar [data-action={name}]")

    def undo(self):
        before, (x, y) = _placement(self.page), self._button("undo")

        def act():
            self.page.mouse.click(x, y)
            _changed(self.page, before)
        return act

    def hint(self):
        x, y = self._button("hint")

        def act():
            self.page.mouse.click(x, y)
            self.page.wait_for_function(BUSY_DONE)
        return act

    def dialog(self, opener: str):
        def prepare():
            x, y = _centre(self.page, opener)

            def act():
                self.page.mouse.click(x, y)
                self.page.wait_for_function("document.querySelector('dialog[open]') !== null")
            return act
        return prepare

    def close_dialog(self):
        self.page.keyboard.press("Escape")
        self.page.wait_for_function("document.querySelector('dialog[open]') === null")

    def win(self):
        """The challenge one piece from its solution (by its address) and the hint ladder
        up to the press that places that piece; measured: that press, the win, its card."""
        steps = _steps()
        entry = steps.challenge_by_id(CHALLENGE)
        position = steps.position(entry.challenge)
        played = [p for p in steps.position(entry.challenge, entry.solution).played
                  if p.piece not in position.pieces]
        for placement in played[:-1]:
            position = position.play(placement)
        self.page.evaluate("h => { location.hash = h; }",
                           f"game=steps&challenge={CHALLENGE}&placed={position}")
        self.page.wait_for_function(
            f"p => document.getElementById('board').dataset.placement === p && {BUSY_DONE}",
            arg=str(position))
        for _ in range(3):
            self.hint()()
            self.page.evaluate(IDLE)
        x, y = self._button("hint")

        def act():
            self.page.mouse.click(x, y)
            self.page.wait_for_function("document.documentElement.dataset.solved === 'true' "
                                        "&& document.querySelector('.win:not([hidden])') !== null")
        return act

    def actions(self):
        """(name, prepare, after): prepare() finds out what the action needs and returns
        the action; after(): what follows it, unmeasured."""
        return (
            ("pick a piece", self.pick, None),
            ("move over the board", self.move, None),
            ("place it", self.place, None),
            ("undo", self.undo, None),
            ("hint", self.hint, None),
            ("open the picker", self.dialog("#challenge-button"), self.close_dialog),
            # once more: what the first opening left (its pictures, its observer) at work
            ("open the picker again", self.dialog("#challenge-button"), self.close_dialog),
            ("open Today", self.dialog("#today-button"), self.close_dialog),
            ("open stats", self.dialog("#stats-button"), self.close_dialog),
            ("win", self.win, None),
        )


ACTIONS = ("pick a piece", "move over the board", "place it", "undo", "hint",
           "open the picker", "open the picker again", "open Today", "open stats", "win")


def run_actions(page, measure) -> dict:
    """Every action on `page` (from open_challenge), each run inside `measure(name,
    action)`, which returns its figure; {name: figure}."""
    script = Script(page)
    figures = {}
    for name, prepare, after in script.actions():
        act = prepare()
        page.evaluate(IDLE)

        def step(act=act):
            act()
            page.evaluate(IDLE)
        figures[name] = measure(name, step)
        if after is not None:
            after()
            page.evaluate(IDLE)
    return figures
