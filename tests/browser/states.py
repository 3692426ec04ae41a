"""The page's states a player meets, each reached in any language (tray pieces and tool
buttons found by their data attributes, never by their translated names): generators that
bring one page to their states and yield a name at each, for the tests that walk the states
(test_page_words_xa.py: every word through a catalog, and a switch of language whole;
test_page_words_fit.py: German and Polish on a small phone, every dialog's buttons whole)."""

from __future__ import annotations

import random
import re
import warnings
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar
from urllib.parse import quote

from playwright.sync_api import Page, expect

from iqpuzzles import game, games
from iqpuzzles.daily import daily

from .playing import HINT_PRESSES, READY_TIMEOUT, Player
from .words import KEY

SEED = 40
T = TypeVar("T")
S = TypeVar("S")


class Handles(Player):
    """A Player whose handles hold in any language: tray pieces, tool buttons and board
    locations found by their data attributes, not by their (translated) names."""

    @staticmethod
    def tray_piece(page: Page, piece: str):
        return page.locator(f".tray-piece[data-piece={piece}]")

    @staticmethod
    def button(page: Page, name: str):
        return page.locator(f"#toolbar [data-action={name.lower()}]")

    @staticmethod
    def location(page: Page, code: str):
        return page.locator(f'#board .loc[data-code="{code}"]')


def idle(page: Page) -> None:
    page.wait_for_selector("html[data-busy=false]")


# Once the page is laid out at a new size: a frame's rendering (its resize observers too:
# fit.js's slots, a card's room) is over when a task its animation-frame callbacks queued
# runs. Headless Chromium now and then draws no frame after a resize while another tab of
# the context is open (the frame callback never runs: the test hung, 400 s, until its
# renderer was killed), so a frame not drawn in FRAME_WATCH ms is a stall, not a slow
# page: the page is brought to the front and the frame asked for again.
DRAWN = """(watch) => new Promise((done) => {
  const stalled = setTimeout(() => done(false), watch);
  requestAnimationFrame(() => setTimeout(() => { clearTimeout(stalled); done(true); }));
})"""
FRAME_WATCH = 5_000


def laid_out_now(page: Page) -> None:
    """Wait until the page has drawn a frame at its size (see DRAWN); a stall is told in
    pytest's warnings summary (how often it happens is worth knowing)."""
    for attempt in range(3):
        if page.evaluate(DRAWN, FRAME_WATCH):
            return
        warnings.warn(f"no frame drawn in {FRAME_WATCH} ms (try {attempt + 1} of 3): the page is "
                      "brought to the front", stacklevel=2)
        page.bring_to_front()
    raise AssertionError(f"the page drew no frame in {3 * FRAME_WATCH} ms, brought to the front")


def laid_out(check: str) -> Callable[[Page], Any]:
    """What the page function `check` (a script of no arguments) returns, run once the page
    is laid out."""
    def run(page: Page) -> Any:
        laid_out_now(page)
        return page.evaluate(check)
    return run


def there_and_back(rounds: Iterable[T], sizes: list[S]) -> Iterator[tuple[T, list[S]]]:
    """(round, sizes) for each of `rounds`: the sizes in turn forwards, then backwards, so
    that a round starts at the size the last one ended at (a resize is a relayout)."""
    for n, each in enumerate(rounds):
        yield each, sizes if n % 2 == 0 else sizes[::-1]


def resize(page: Page, width: int, height: int) -> None:
    """The page's viewport at width x height (nothing asked if it is already)."""
    if page.viewport_size != {"width": width, "height": height}:
        page.set_viewport_size({"width": width, "height": height})


def open_game(page: Page, site_url: str, name: str, fragment: str = "", nth: int = 0) -> None:
    """The game's first challenge (else its `nth`) and `fragment`, shown (an address: no
    reload)."""
    chosen = game(name).challenges[nth].id
    page.goto(f"{site_url}#game={name}&challenge={chosen}{fragment}")
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(page.locator("#board")).to_have_attribute("data-challenge", chosen)
    idle(page)
    expect(page.locator(".tray-piece").first).to_be_visible()


def other_tab(page: Page, site_url: str) -> Page:
    """A second tab of `page`'s browser (on a file of the site, not the page), `page` in
    front again: what `switch` sets the language from."""
    other = page.context.new_page()
    other.goto(site_url + "build.json")
    page.bring_to_front()
    return other


def switch(page: Page, other: Page, language: str) -> None:
    """The language chosen in another tab of the same browser: `page` follows it at once,
    whatever it shows."""
    other.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEY, language])
    expect(page.locator("html")).to_have_attribute("lang", language)
    idle(page)


def closed(page: Page) -> None:
    """No dialog open, no piece in hand: where each state starts from."""
    for _ in range(4):
        if not page.locator("dialog[open]").count():
            break
        page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.keyboard.press("Escape")


# ------------------------------------------------------------------ the states
# Each a generator that brings the page to its states and yields a name at each.

def boards(page: Page, site_url: str) -> Iterator[str]:
    for name in games(registered=False):
        open_game(page, site_url, name)
        yield name
        # a piece held over the board: the ghost and its tip
        page.locator(".tray-piece").first.click()
        page.locator("#board .loc").nth(20).hover()
        expect(page.locator("#board")).to_have_attribute("data-ghost", re.compile(".+"))
        yield f"{name} holding"
        page.keyboard.press("Escape")


def playing(page: Page, site_url: str) -> Iterator[str]:
    """IQ-Twist challenge 1: a seeded walk of moves (a placement of the solution, a refusal,
    a hint's rung, undo, redo, a turn where it lies), checked after each; then the stuck
    help."""
    twist = Handles("twist")
    entry = twist.game.challenge_by_id("1")
    challenge = entry.challenge
    open_game(page, site_url, "twist", "")
    board = twist.board(page)
    rng = random.Random(SEED)
    done: set[str] = set()
    for _ in range(16):
        current = twist.placement(page)
        position = twist.game.position(challenge, current)
        if position.is_solved:  # (the walk's moves and hints won: the walk ends)
            break
        kinds = ["place", "refuse", "hint", "undo", "redo"]
        # each kind once first (in a seeded order), then any
        kind = rng.choice([k for k in kinds if k not in done] or kinds)
        if kind == "place":
            if not position.is_solvable:
                continue  # (a turn where it lies left it so: undo or a hint goes on)
            step, placement, _ = position.path_to_solution()[0]
            if step != "play":
                continue
            twist.place(page, challenge, placement.piece, str(placement.orientation),
                        str(placement))
            page.keyboard.press("r")  # turned where it lies: turned, or refused in words
            idle(page)
        elif kind == "refuse":
            tried = _a_refusal(twist, challenge, current, rng)
            if tried is None:
                continue
            piece, orientation, item = tried
            code = twist.point(page, challenge, piece, orientation, item, legal=False)
            expect(page.locator(".ghost-tip")).not_to_be_empty()
            yield "refusal shown"
            twist.location(page, code).click()
            expect(twist.status(page)).to_have_attribute("data-kind", "error")
            assert twist.placement(page) == current
            page.keyboard.press("Escape")
        elif kind == "hint":
            for rung in range(1, HINT_PRESSES + 1):  # the last rung places the piece
                if twist.game.position(challenge, twist.placement(page)).is_solved:
                    break
                page.locator("#toolbar [data-action=hint]").click()
                idle(page)
                yield f"hint rung {rung}"
            page.keyboard.press("Escape")
        elif kind in ("undo", "redo"):
            button = twist.button(page, kind)
            if not button.is_enabled():
                continue
            before = twist.placement(page)
            button.click()
            expect(board).not_to_have_attribute("data-placement", before)
        done.add(kind)
        yield kind
    assert {"place", "refuse", "hint", "undo"} <= done, done

    # the stuck help: on in the picker, then a move after which it cannot be finished
    closed(page)
    fresh = twist.game.challenges[1]  # a fresh board
    challenge = fresh.challenge
    page.goto(f"{site_url}#game=twist&challenge={fresh.id}")
    expect(board).to_have_attribute("data-challenge", fresh.id)
    idle(page)
    page.locator("#challenge-button").click()
    page.locator("[data-setting=solvable]").check()
    closed(page)
    start = twist.game.position(challenge)
    bad = next(p for p in start.legal_placements() if not start.play(p).is_solvable)
    twist.place(page, challenge, bad.piece, str(bad.orientation), str(bad))
    expect(board).to_have_attribute("data-stuck", "true")
    yield "stuck"
    page.locator("#toolbar [data-action=hint]").click()
    idle(page)
    yield "stuck hint"
    page.locator("#challenge-button").click()
    page.locator("[data-setting=solvable]").uncheck()
    closed(page)


def paused(page: Page, site_url: str) -> Iterator[str]:
    """The game paused: the board under its cover (then resumed)."""
    open_game(page, site_url, "twist")
    page.locator("[data-action=pause]").click()
    expect(page.locator(".pause-cover")).to_be_visible()
    yield "paused"
    page.locator("[data-action=resume]").click()
    expect(page.locator(".pause-cover")).to_be_hidden()


def _a_refusal(twist: Player, challenge: str, current: str, rng: random.Random):
    """A placement the game refuses on this board: (piece, orientation, item), or None."""
    pieces = list(twist.game.position(challenge, current).pieces_left)
    rng.shuffle(pieces)
    for piece in pieces[:3]:
        orientation = twist.pieces[piece]["orientations"][0]
        codes = list(twist.locations)
        rng.shuffle(codes)
        for code in codes:
            preview = twist.game.page.preview(challenge, current, piece, orientation, code)
            if preview.placement and preview.refusal is not None:
                return piece, orientation, preview.placement
    return None


def picker(page: Page, site_url: str) -> Iterator[str]:
    for name in ("twist", "link"):
        open_game(page, site_url, name)
        page.locator("#challenge-button").click()
        page.locator("#picker-tab-booklet").click()
        expect(page.locator(".challenge-cell[aria-current=true] .picture")).to_have_attribute(
            "data-drawn", "true")
        yield f"picker {name}"
    page.locator("#picker-tab-daily").click()
    expect(page.locator("#picker .calendar")).to_be_visible()
    future = page.locator("#picker .calendar-day[data-state=future]")
    if future.count():
        future.first.dispatch_event("click")
        expect(page.locator("#picker .calendar-said")).not_to_be_empty()
    yield "picker calendar"
    page.locator("#picker-tab-booklet").click()
    page.locator("[data-action=print]").click()
    expect(page.locator("#print-dialog")).to_be_visible()
    yield "print dialog"


def editor(page: Page, site_url: str) -> Iterator[str]:
    open_game(page, site_url, "twist")
    page.locator("#challenge-button").click()
    page.locator("[data-action=editor]").click()
    expect(page.locator("html")).to_have_attribute("data-mode", "edit")
    idle(page)
    expect(page.locator("#verdict")).not_to_have_attribute("data-state", "counting")
    yield "editor"
    page.locator("#toolbar [data-action=close]").click()
    expect(page.locator("html")).not_to_have_attribute("data-mode", "edit")


def today(page: Page, site_url: str) -> Iterator[str]:
    open_game(page, site_url, "twist")
    page.locator("#today-button").click()
    expect(page.locator("#today .calendar-day").first).to_be_visible()
    yield "today"
    closed(page)
    page.evaluate("""() => {
        const d = new Date();
        const day = new Date(d - d.getTimezoneOffset() * 6e4).toISOString().slice(0, 10);
        const win = { best: 95000, time: 95000, hints: 1, at: "2026-01-01", helped: false };
        localStorage.setItem("iqpuzzles.v1.focus", JSON.stringify({ daily: { [day]: win } }));
    }""")
    page.locator("#today-button").click()
    expect(page.locator("#today .result-card")).to_be_visible()
    yield "today with a result to share"


def stats(page: Page, site_url: str) -> Iterator[str]:
    open_game(page, site_url, "twist")
    page.locator("#stats-button").click()
    expect(page.locator("#stats")).to_be_visible()
    yield "stats"
    for name in games(registered=False):
        tab = page.locator(f"#stats .level-tab[data-game={name}]")
        if tab.count():
            tab.click()
            expect(tab).to_have_attribute("aria-selected", "true")
            yield f"stats {name}"


def lesson(page: Page, site_url: str) -> Iterator[str]:
    """IQ-Twist's first lesson: its start, the piece over its spot, won."""
    twist = Handles("twist")
    step = twist.info["lesson"]["steps"][0]
    open_game(page, site_url, "twist")
    page.locator("[data-action=how-to-play]").click()
    expect(page.locator(".lesson-now")).to_have_attribute("data-stage", "pick")
    yield "lesson"
    twist.tray_piece(page, step["piece"]).click()
    for name in twist.turns(step["piece"], twist.pieces[step["piece"]]["orientations"][0],
                            next(iter(step["holds"]))):
        twist.button(page, name).click()
    code = next(iter(step["holds"].values()))
    twist.location(page, code).hover()
    expect(page.locator("#board")).to_have_attribute("data-ghost-legal", "true")
    yield "lesson held"
    twist.location(page, code).click()
    expect(page.locator(".lesson-now")).to_have_attribute("data-stage", "won")
    yield "lesson won"
    page.locator("[data-action=end-lesson]").click()


def solve_question(page: Page, site_url: str) -> Iterator[str]:
    open_game(page, site_url, "twist")
    page.locator("#toolbar [data-action=solve]").click()
    expect(page.locator("#confirm")).to_be_visible()
    yield "solve question"


def win_card(page: Page, site_url: str) -> Iterator[str]:
    """IQ-Twist's third challenge opened one piece from the end, the last placed: the card
    (a challenge no other state plays: the boards stay playable for a next walk)."""
    twist = Handles("twist")
    booklet = twist.game.challenges[2]
    challenge = booklet.challenge
    near, last = _one_from_the_end(twist, challenge, booklet.solution)
    open_game(page, site_url, "twist", f"&placed={quote(near)}", nth=2)
    twist.place(page, challenge, last[0], last[3], last)
    expect(page.locator(".win-card")).to_be_visible()
    yield "win card"


def daily_card(page: Page, site_url: str) -> Iterator[str]:
    """An IQ-Twist daily opened one piece from the end, the last placed: its card, with its
    result to share and "Next game's daily"."""
    twist = Handles("twist")
    date = "2025-11-24"
    challenge = daily(twist.game, date)["challenge"]
    solution = next(iter(twist.game.strings.solutions(challenge, 1)))
    near, last = _one_from_the_end(twist, challenge, solution)
    page.goto(f"{site_url}#game=twist&daily={date}&placed={quote(near)}")
    expect(page.locator("#board")).to_have_attribute("data-placement", near)
    idle(page)
    twist.place(page, challenge, last[0], last[3], last)
    expect(page.locator(".win-card .share-text")).to_be_visible()
    yield "daily card"


def solve_card(page: Page, site_url: str) -> Iterator[str]:
    """IQ-Twist's fourth challenge solved by Solve: the card of that ending."""
    open_game(page, site_url, "twist", nth=3)
    page.locator("#toolbar [data-action=solve]").click()
    page.locator("#confirm [data-answer=yes]").click()
    expect(page.locator(".win-card")).to_be_visible(timeout=30_000)
    yield "solve card"
    page.locator("#toolbar [data-action=undo]").click()  # (its solution taken back: a next
    expect(page.locator(".win-card")).to_be_hidden()    # walk solves it again)


def _one_from_the_end(twist: Player, challenge: str, solution: str) -> tuple[str, str]:
    """IQ-Twist's `challenge` one piece from `solution`: (its placement, the last piece)."""
    fixed = {item[0] for item in re.findall(r"[a-h]\d[A-D]\d", challenge)}
    *before, last = [item for item in re.findall(r"....", solution) if item[0] not in fixed]
    near = twist.game.strings.start_placement(challenge)
    for item in before:
        near = twist.game.strings.play(challenge, near, item)
    return near, last


STATES: list[Callable[[Page, str], Iterator[str]]] = [
    boards, playing, paused, picker, editor, today, stats, lesson, solve_question, win_card]
# a representative set (each kind of page and dialog, without the walk of moves)
SOME: list[Callable[[Page, str], Iterator[str]]] = [
    boards, paused, picker, today, stats, solve_question, win_card]
# every dialog and card: the picker (its calendar and the print dialog), Today, the stats,
# the lesson's panel (How to play), the question before Solve, and each ending's card
DIALOGS_AND_CARDS: list[Callable[[Page, str], Iterator[str]]] = [
    picker, today, stats, lesson, solve_question, win_card, daily_card, solve_card]
