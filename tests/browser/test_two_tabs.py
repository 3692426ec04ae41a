"""Issue 37, items 1 and 7: nothing a player earned is lost, whatever two tabs of one
profile do. Two pages of one browser context (they share localStorage, as two tabs of a
profile do) against the built site, in real Chromium.

The walk: a seeded random walk of both tabs' actions (moves that win IQ-Steps' quick
challenges and dailies, challenges opened from the address, the Today page, the stats
page, the picker, the clock running on (every autosave), a reload, a tab closed and opened
again, an export, an import of any earlier export, the other tab's newer position taken).
The test keeps its own account of what each win was, from the win card of the tab that won
it (its time, ms); after EACH step it checks that storage holds exactly the wins and dailies
either tab earned, each best time the smaller of the fair wins' times, one log entry per
win, so nothing ever shrinks; and that a dialog left open in a tab follows storage without
a reload (the Today page's state, the stats' count, the picker's ticks).

WALK_SEED reruns one walk; its seed is in every assertion's message."""

from __future__ import annotations

import datetime as dt
import functools
import json
import os
import random
import re
import time

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .playing import READY_TIMEOUT, Player

pytestmark = pytest.mark.browser

SEED = int(os.environ.get("WALK_SEED", "37"))
NOW = dt.datetime(2026, 3, 16, 10, 0, 0)  # a Monday: IQ-Steps' Monday dailies need 1-2 pieces
TODAY = NOW.date().isoformat()
DAILIES = ["2026-03-02", "2026-03-09", TODAY]
class QuickPlayer(Player):
    """A player who remembers where to point (the walk plays the same few challenges)."""

    @functools.cache  # noqa: B019 (one player for the module's life)
    def anchor_for(self, challenge, current, piece, orientation, item):
        return super().anchor_for(challenge, current, piece, orientation, item)


STEPS_GAME = QuickPlayer("steps")
# IQ-Steps' booklet challenges with one piece to place, in the tray's orientation or a turn
# from it (a win is one step, and a quick one)
QUICK = ["9", "15", "4", "5", "6", "7"]
TWO = "11"  # two pieces, the first in the tray's orientation
RECORD = "iqpuzzles.v1.steps"
BUTTONS = {"today": "#today-button", "stats": "#stats-button", "picker": "#challenge-button"}
FOLLOW_MS = 5_000  # what another tab shows follows storage within this (a second, idle)


def open_site(page: Page, url: str, fragment: str = "game=steps") -> Page:
    page.goto(f"{url}#{fragment}")
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    page.wait_for_selector("html[data-busy=false]")
    return page


def stored(page: Page) -> dict:
    text = page.evaluate("(key) => localStorage.getItem(key)", RECORD)
    return json.loads(text) if text else {"solved": {}, "daily": {}, "log": []}


def board(page: Page):
    return page.locator("#board")


def play_next(page: Page) -> dict | None:
    """Place the next piece of a solution on the board shown, with the mouse; the win
    ({part, key, elapsed, fair}) if it won the challenge."""
    challenge = board(page).get_attribute("data-puzzle")
    position = STEPS_GAME.game.position(challenge, STEPS_GAME.placement(page))
    kind, placement, _ = position.path_to_solution()[0]
    assert kind == "play", (kind, str(placement))
    STEPS_GAME.place(page, challenge, placement.piece, str(placement.orientation), str(placement))
    page.wait_for_selector("html[data-busy=false]")
    if not page.locator("html[data-solved=true]").count():
        return None
    card = page.locator(".win")
    expect(card).to_be_visible()
    daily = board(page).get_attribute("data-kind") == "daily"
    key = re.search(r"daily=([\d-]+)" if daily else r"challenge=(\w+)", page.url).group(1)
    return {"part": "daily" if daily else "solved", "key": key,
            "elapsed": int(card.get_attribute("data-elapsed")),
            # every game here is played from its start without a hint: each win is fair,
            # and the card says why not if it were not
            "fair": not re.search(r"no best time", card.locator(".win-best").text_content())}


class Tabs:
    """Two tabs of one profile and the test's own account of what they earned."""

    def __init__(self, context: BrowserContext, url: str, rng: random.Random, tmp_path):
        self.context, self.url, self.rng, self.tmp = context, url, rng, tmp_path
        self.tabs = [open_site(context.new_page(), url, f"game=steps&challenge={QUICK[0]}"),
                     open_site(context.new_page(), url, f"game=steps&challenge={QUICK[0]}")]
        self.dialog: list[str | None] = [None, None]  # the dialog each tab left open
        self.best: dict[tuple[str, str], int | None] = {}  # (part, key) -> best fair time
        self.wins = 0
        self.exports = []
        self.log: list[str] = []

    # ------------------------------------------------------------------ the account

    def earned(self, win: dict) -> None:
        key = (win["part"], win["key"])
        times = [t for t in (self.best.get(key), win["elapsed"] if win["fair"] else None)
                 if t is not None]
        self.best[key] = min(times) if times else None
        self.wins += 1

    def check(self, step: int, what: str) -> None:
        why = f"seed {SEED}, step {step} ({what}); steps: {self.log}"
        record = stored(self.tabs[0])
        for part in ("solved", "daily"):
            mine = {k: b for (p, k), b in self.best.items() if p == part}
            there = record.get(part, {})
            assert set(there) == set(mine), why  # the union of both tabs' wins: no more, no less
            for key, best in mine.items():
                assert there[key]["helped"] is False, why
                assert there[key]["best"] == best, f"{part} {key}: {there[key]} != {best}; {why}"
        assert len(record.get("log", [])) == self.wins, why
        for tab, dialog in zip(self.tabs, self.dialog, strict=True):
            if dialog:
                self.check_dialog(tab, dialog, why)

    def check_dialog(self, tab: Page, dialog: str, why: str) -> None:
        """A dialog left open shows what storage holds now (it followed the other tab)."""
        if dialog == "today":
            won = ("daily", TODAY) in self.best
            row = tab.locator("#today .today-game[data-game=steps]")
            state = "won" if won else re.compile("open|started")
            expect(row, why).to_have_attribute("data-state", state, timeout=FOLLOW_MS)
        elif dialog == "stats":
            wins = str(self.wins)  # every win here is a Starter one of IQ-Steps
            cell = tab.locator("#stats tr[data-level=Starter] td").first
            expect(cell, why).to_have_text(wins, timeout=FOLLOW_MS)
        else:
            ticks = sorted(k for (p, k) in self.best if p == "solved")
            cells = tab.locator("#picker .challenge-cell[data-solved=true]")
            expect(cells, why).to_have_count(len(ticks), timeout=FOLLOW_MS)
            assert sorted(cells.evaluate_all("(cs) => cs.map((c) => c.dataset.id)")) == ticks, why

    # ------------------------------------------------------------------ the steps

    def step(self, what: str) -> str:
        i = self.rng.randrange(2)
        tab = self.tabs[i]
        tab.bring_to_front()  # the tab the player acts in (a tab behind is hidden: its frames wait)
        if what in ("today", "stats", "picker"):
            return self.open_dialog(i, what)
        if what == "time":
            self.context.clock.run_for(6_000)  # both tabs' clocks run on: every autosave
            return "time"
        self.close_dialog(i)
        if what == "newer":
            return self.newer(i)
        if what == "play":
            if tab.locator("html[data-solved=true]").count():
                what = "open"
            else:
                win = play_next(tab)
                if win:
                    self.earned(win)
                return f"play {i}" + (" (won)" if win else "")
        if what == "open":  # from the picker: a challenge won starts afresh
            return self.open_challenge(i, self.rng.choice(QUICK))
        if what == "daily":
            date = self.rng.choice(DAILIES)
            tab.evaluate("(f) => { location.hash = f; }", f"game=steps&daily={date}")
            return self.settled(i, "daily")
        if what == "reload":
            tab.reload()
            return self.settled(i, "reload")
        if what == "close":
            tab.close()
            # (at a challenge: a tab opened at none would greet with the Today page)
            at = f"game=steps&challenge={self.rng.choice(QUICK)}"
            self.tabs[i] = open_site(self.context.new_page(), self.url, at)
            return f"close and open {i}"
        if what == "export":
            return self.export(i)
        return self.import_(i) if self.exports else self.export(i)

    def open_challenge(self, i: int, challenge: str) -> str:
        self.open_dialog(i, "picker")
        self.tabs[i].locator("#picker-tab-booklet").click()
        self.tabs[i].locator(f"#picker .challenge-cell[data-id='{challenge}']").click()
        self.dialog[i] = None
        return self.settled(i, f"open {challenge}")

    def newer(self, i: int) -> str:
        """The other tab opens this tab's challenge and moves on in it: this tab says it is
        behind (and its clock's autosave writes nothing over it); it takes the newer position."""
        tab, j = self.tabs[i], 1 - i
        self.open_challenge(i, TWO)  # (two pieces: the newer game is one move on, not won)
        self.tabs[j].bring_to_front()
        self.close_dialog(j)
        self.open_challenge(j, TWO)
        if self.tabs[j].locator("html[data-solved=true]").count():
            tab.bring_to_front()
            return f"newer {i}: nothing to move"
        win = play_next(self.tabs[j])
        if win:
            self.earned(win)
        tab.bring_to_front()
        notice = tab.locator("[data-notice=elsewhere]")
        expect(notice).to_be_visible(timeout=FOLLOW_MS)
        self.context.clock.run_for(6_000)  # this tab's autosave: the newer game stays stored
        wanted = self.tabs[j].locator("#board").get_attribute("data-placement")
        assert stored(tab)["current"]["placement"] == wanted
        notice.locator("[data-action=notice-elsewhere]").click()
        self.settled(i, "newer")
        expect(board(tab)).to_have_attribute("data-placement", wanted)
        expect(notice).to_have_count(0)
        return f"newer {i}" + (" (won)" if win else "")

    def settled(self, i: int, what: str) -> str:
        tab = self.tabs[i]
        tab.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        expect(tab.locator("html")).to_have_attribute("data-busy", "false")
        expect(tab.locator("#games [aria-pressed=true]")).to_have_attribute("data-game", "steps")
        # a reload at no position (an import's) may greet with the Today page
        self.dialog[i] = "today" if tab.locator("#today[open]").count() else None
        return f"{what} {i}"

    def open_dialog(self, i: int, what: str) -> str:
        self.close_dialog(i)
        tab = self.tabs[i]
        tab.locator(BUTTONS[what]).click()
        expect(tab.locator(f"#{what}")).to_be_visible()
        self.dialog[i] = what
        return f"{what} {i}"

    def close_dialog(self, i: int) -> None:
        if self.dialog[i]:
            self.tabs[i].keyboard.press("Escape")
            expect(self.tabs[i].locator("dialog[open]")).to_have_count(0)
            self.dialog[i] = None

    def export(self, i: int) -> str:
        self.open_dialog(i, "stats")
        with self.tabs[i].expect_download() as done:
            self.tabs[i].locator("#stats [data-action=export]").click()
        path = self.tmp / f"export-{len(self.exports)}.json"
        done.value.save_as(path)
        self.exports.append(path)
        return f"export {i}"

    def import_(self, i: int) -> str:
        path = self.rng.choice(self.exports)  # an old one may lack what was won since
        self.open_dialog(i, "stats")
        with self.tabs[i].expect_navigation():
            self.tabs[i].locator("#stats [data-action=import-file]").set_input_files(str(path))
        self.dialog[i] = None
        self.settled(i, "import")
        return f"import {path.name} {i}"


# the kinds of step, each at least once, in a seeded order (26 steps: every kind meets
# every other in both tabs' orders often enough; a page loaded again costs the most, so
# there are few of those)
DECK = (["play"] * 9 + ["open"] * 2 + ["daily"] * 2 + ["today", "stats", "picker"] * 2
        + ["time"] * 2 + ["reload", "close", "export", "import", "newer"])


def test_two_tabs_never_lose_what_either_earned(context, site_url, tmp_path):
    context.clock.install(time=NOW)  # the page's days are March 2026's; time flows
    rng = random.Random(SEED)
    tabs = Tabs(context, site_url, rng, tmp_path)
    tabs.check(0, "open")
    deck = rng.sample(DECK, len(DECK))
    cost: dict[str, float] = {}
    for n, kind in enumerate(deck, 1):
        t0 = time.perf_counter()
        try:
            what = tabs.step(kind)
        except Exception as e:
            e.add_note(f"seed {SEED}, step {n} ({kind}) after {tabs.log}")
            raise
        tabs.log.append(what)
        tabs.check(n, what)
        cost[kind] = cost.get(kind, 0) + time.perf_counter() - t0
    costs = {k: round(v, 1) for k, v in sorted(cost.items(), key=lambda kv: -kv[1])}
    print(f"two tabs, seed {SEED}: {tabs.wins} wins; seconds per kind of step: {costs}; "
          f"steps: {tabs.log}")
    assert tabs.wins >= 3, f"seed {SEED}: too few wins to check: choose another seed ({tabs.log})"
