"""axe-core on every page state, at desktop and phone sizes: no serious or critical
violation. axe comes from web/node_modules (a dev dependency, npm ci installs it) and is
injected into the page by the test only; it never goes into dist/.

A page state is a name and a generator that brings the page there (by the addresses the page
follows, dialogs closed before it) and yields once per state to check. One page walks every
state at each size and in the dark (a page load is the suite's dearest step); add one to
STATES (a stats page, a new dialog) and it is checked at both sizes. The desktop walk
turns each state of DARK dark too (the page follows the system's scheme at once), where
axe checks the rules of colour: the dark theme changes colours only."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from buildtools.node import AXE_SCRIPT
from iqpuzzles import game, games

from . import states
from .playing import READY_TIMEOUT, Player
from .states import closed

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "axe"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
BAD = ("serious", "critical")
ALSO = ("page-has-heading-one",)  # moderate, but every page state has its heading


def open_game(page: Page, site_url: str, name: str, fragment: str = "") -> None:
    """The game's first challenge (and `fragment`), loaded or followed, shown."""
    first = game(name).challenges[0].id
    page.goto(f"{site_url}#game={name}&challenge={first}{fragment}")
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(page.locator(f"#games [data-game={name}]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board")).to_have_attribute("data-challenge", first)
    page.wait_for_selector("html[data-busy=false]")
    expect(page.locator(".tray-piece").first).to_be_visible()


def play(page: Page, site_url: str) -> Iterator[str]:
    """Every game's board, one after another in the same page (an address each)."""
    for name in games(registered=False):
        open_game(page, site_url, name)
        yield name


def picker(page: Page, site_url: str, name: str = "twist") -> None:
    """The booklet's challenges, their pictures drawn."""
    open_game(page, site_url, name)
    page.locator("#challenge-button").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    page.get_by_role("tab", name="Booklet").click()  # the picker opens where it was left
    expect(page.locator(".challenge-cell").first).to_be_visible()
    expect(page.locator(".challenge-cell[aria-current=true] .picture")).to_have_attribute(
        "data-drawn", "true")


def calendar(page: Page, site_url: str) -> None:
    """The daily challenges as a calendar, a day to come refused in words."""
    picker(page, site_url)
    page.get_by_role("tab", name="Daily").click()
    expect(page.locator(".calendar")).to_be_visible()
    future = page.locator(".calendar-day[data-state=future]")
    if future.count():
        future.first.dispatch_event("click")
        expect(page.locator(".calendar-said")).not_to_be_empty()


def editor(page: Page, site_url: str) -> None:
    open_game(page, site_url, "twist")
    page.locator("#challenge-button").click()
    page.locator("[data-action=editor]").click()
    expect(page.locator("html")).to_have_attribute("data-mode", "edit")
    page.wait_for_selector("html[data-busy=false]")
    expect(page.locator("#verdict")).not_to_have_attribute("data-state", "counting")


def win_card(page: Page, site_url: str) -> None:
    """IQ-Twist challenge 1 won: opened one piece from the end, the last placed."""
    twist = Player("twist")
    booklet = twist.game.challenge_by_id("1")
    challenge = booklet.challenge
    fixed = {item[0] for item in re.findall(r"[a-h]\d[A-D]\d", challenge)}
    *before, last = [item for item in re.findall(r"....", booklet.solution)
                     if item[0] not in fixed]
    near = twist.game.strings.start_placement(challenge)
    for item in before:
        near = twist.game.strings.play(challenge, near, item)
    open_game(page, site_url, "twist", f"&placed={quote(near)}")
    expect(twist.board(page)).to_have_attribute("data-placement", near)
    twist.place(page, challenge, last[0], last[3], last)
    expect(page.locator(".win-card")).to_be_visible()


def holding(page: Page, site_url: str) -> None:
    """IQ-Link with a piece in hand over the board (the ghost and its tip drawn)."""
    open_game(page, site_url, "link")
    page.locator(".tray-piece").first.click()
    page.locator("#board .loc").nth(20).hover()
    expect(page.locator("#board")).to_have_attribute("data-ghost", re.compile(".+"))


def stats(page: Page, site_url: str) -> None:
    open_game(page, site_url, "twist")
    page.locator("#stats-button").click()
    expect(page.locator("#stats")).to_be_visible()


def today(page: Page, site_url: str) -> None:
    """The Today page: every game's daily, the result to share, the calendar of every game."""
    open_game(page, site_url, "twist")
    page.locator("#today-button").click()
    expect(page.locator("#today .calendar-day").first).to_be_visible()


def today_result(page: Page, site_url: str) -> None:
    """The Today page with a game's daily of today finished: the result to share shown."""
    open_game(page, site_url, "twist")
    page.evaluate("""() => {
        const d = new Date();
        const day = new Date(d - d.getTimezoneOffset() * 6e4).toISOString().slice(0, 10);
        const win = { best: 95000, time: 95000, hints: 0, at: "2026-01-01", helped: false };
        localStorage.setItem("iqpuzzles.v1.focus", JSON.stringify({ daily: { [day]: win } }));
    }""")
    page.locator("#today-button").click()
    expect(page.locator("#today .result-card")).to_be_visible()


def solve_confirm(page: Page, site_url: str) -> None:
    """Solve pressed: the question it asks first."""
    open_game(page, site_url, "twist")
    page.get_by_role("button", name="Solve", exact=True).click()
    expect(page.locator("#confirm")).to_be_visible()


def paused(page: Page, site_url: str) -> Iterator[str]:
    """The game paused, the board under its cover (the words walk's route, states.py), then
    resumed for the next state."""
    for _ in states.paused(page, site_url):
        yield ""


def print_dialog(page: Page, site_url: str) -> None:
    picker(page, site_url)
    page.locator("[data-action=print]").click()
    expect(page.locator("#print-dialog")).to_be_visible()


def lesson(page: Page, site_url: str) -> Iterator[str]:
    """IQ-Twist's first lesson from How to play (the words walk's route, states.py): at
    its start, the piece in hand over its spot, and won."""
    for name in states.lesson(page, site_url):
        yield name.removeprefix("lesson").strip() or "start"


State = Callable[[Page, str], Iterator[str]]


def once(state: Callable[[Page, str], None]) -> State:
    """A state reached by one function: one page state to check."""
    def run(page: Page, site_url: str) -> Iterator[str]:
        state(page, site_url)
        yield ""
    return run


STATES: dict[str, State] = {
    "play": play,
    "picker-twist": once(picker),
    "picker-link": once(lambda page, site_url: picker(page, site_url, "link")),
    "calendar": once(calendar),
    "holding-link": once(holding),
    "editor": once(editor),
    "stats": once(stats),
    "today": once(today),
    "today-result": once(today_result),
    "solve-confirm": once(solve_confirm),
    "paused": paused,
    "print": once(print_dialog),
    "lesson": lesson,
    "win-card": once(win_card),
}
# the dark theme changes colours only: these states, at the desktop size, checked dark too
# (with the rules of colour: COLOURS)
DARK = ("play", "picker-twist", "calendar", "stats", "today", "today-result", "solve-confirm",
        "paused", "lesson", "win-card")


# what the dark theme changes: the rules of colour (the light runs check every other)
COLOURS = ["color-contrast", "link-in-text-block"]


def run_axe(page: Page, rules: list[str] | None = None) -> list[dict]:
    """axe's violations on the page (of `rules` only, if given); axe is put into a document
    once (its half megabyte of script parsed again at every state cost seconds)."""
    if not page.evaluate("() => typeof axe === 'object'"):
        page.evaluate(AXE_SCRIPT.read_text())  # (the page's policy would refuse a script tag)
    return page.evaluate("""async (rules) => {
        const only = rules ? { runOnly: { type: "rule", values: rules } } : {};
        const result = await axe.run(document, { resultTypes: ["violations"], ...only });
        return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target.join(" "), summary: n.failureSummary })),
        }));
    }""", rules)


def readable(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['impact']}: {v['id']} ({v['help']}), {len(v['nodes'])} nodes")
        for node in v["nodes"][:6]:
            summary = " / ".join(node["summary"].splitlines()[1:3])
            lines.append(f"    {node['target']}: {summary}")
    return "\n".join(lines)


BACKGROUND = "() => getComputedStyle(document.body).backgroundColor"
# each size's walk: every state light; at the desktop size the states of DARK dark too
RUNS = {"desktop": ("desktop", DARK), "phone": ("phone", ())}


@pytest.mark.parametrize("run", RUNS)
def test_no_serious_axe_violations(browser, site_url, run):
    size, dark = RUNS[run]
    width, height = SIZES[size]
    # reduced motion: every animation ends at once, so axe sees the final colours
    context = browser.new_context(viewport={"width": width, "height": height},
                                  color_scheme="light", reduced_motion="reduce")
    try:
        page = context.new_page()
        SHOTS.mkdir(parents=True, exist_ok=True)  # screenshots to look at, as a player would
        found, checked = [], []

        def check(where: str, rules: list[str] | None = None) -> None:
            checked.append(where)
            page.screenshot(path=str(SHOTS / f"{where}-{size}.png"))
            bad = [v for v in run_axe(page, rules) if v["impact"] in BAD or v["id"] in ALSO]
            if bad:
                found.append(f"{where} at {width}x{height}:\n{readable(bad)}")

        for state in STATES:
            closed(page)
            for part in STATES[state](page, site_url):
                where = "-".join(filter(None, (state, part)))
                check(where)
                if state in dark:  # the same state in the dark (the page follows at once)
                    light = page.evaluate(BACKGROUND)
                    page.emulate_media(color_scheme="dark")
                    assert page.evaluate(BACKGROUND) != light, f"{where}: not dark"
                    check(f"dark-{where}", COLOURS)
                    page.emulate_media(color_scheme="light")
        assert {w.split("-")[0] for w in checked} >= {s.split("-")[0] for s in STATES}, checked
        assert len([w for w in checked if w.startswith("dark-")]) >= len(dark), checked
        assert not found, "\n".join(found)
    finally:
        context.close()


def test_axe_is_a_test_tool_not_part_of_the_site(dist_dir):
    assert AXE_SCRIPT.exists(), "npm ci in web/ installs axe-core (devDependencies)"
    shipped = [p.name for p in dist_dir.rglob("*") if p.is_file()]
    assert not [name for name in shipped if "axe" in name.lower()], shipped
