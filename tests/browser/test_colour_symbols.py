"""Colours told apart without seeing them: every colour of a game carries its own symbol
on pegs, pieces, target squares and tray pieces (Python's drawing; render.js draws the
symbol), the same symbol for the same colour everywhere.

Screenshots of each game under Chromium's emulation of deuteranopia, protanopia and
tritanopia (and normal vision) go to screenshots/vision/, to be looked at: that is how
the design was checked."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import game, games

from .playing import READY_TIMEOUT

GAMES = games(registered=False)  # the package's own games (not the tests' tiny one)

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "vision"
VISIONS = ("none", "deuteranopia", "protanopia", "tritanopia")


def half_solved(name: str) -> str:
    """The URL fragment of the game's first challenge with half its pieces placed (from
    its first solution), so that pieces, pegs, targets and tray pieces all show."""
    puzzle = game(name)
    challenge = puzzle.challenges[0]
    first = next(iter(puzzle.strings.solutions(challenge.challenge)))
    solved = puzzle.position(challenge.challenge, first)
    items = [str(p) for p in solved.placed if p.piece not in solved.fixed_pieces]
    near = puzzle.strings.start_placement(challenge.challenge)
    for item in items[:len(items) // 2]:
        near = puzzle.strings.play(challenge.challenge, near, item)
    return f"challenge={challenge.id}&placed={quote(near)}"


POSITIONS = {name: half_solved(name) for name in GAMES}

SYMBOLS_BY_FILL = """(root) => {
  // every colour symbol drawn, with the piece it belongs to (none: a peg or a target)
  const out = [];
  for (const mark of root.querySelectorAll("path[data-symbol]")) {
    const piece = mark.getAttribute("data-piece");
    const role = mark.getAttribute("data-role");
    out.push({ piece, role, symbol: mark.getAttribute("data-symbol") });
  }
  return out;
}"""


def open_game(page: Page, site_url: str, name: str) -> None:
    """The game's half-solved position, loaded or followed (one page goes through them)."""
    page.goto(f"{site_url}#game={name}&{POSITIONS[name]}")
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(page.locator(f"#games [data-game={name}]")).to_have_attribute("aria-pressed", "true")
    page.wait_for_selector("html[data-busy=false]")
    expect(page.locator(".tray-piece").first).to_be_visible()


def _one_symbol_a_colour(page: Page, name: str) -> None:
    board = page.evaluate(SYMBOLS_BY_FILL, page.locator("#board").element_handle())
    tray = page.evaluate(SYMBOLS_BY_FILL, page.locator("#tray").element_handle())
    assert board and tray, f"{name}: no colour symbols drawn"
    # each piece shows one symbol, on the board and in the tray alike
    symbols = defaultdict(set)
    for mark in board + tray:
        if mark["piece"]:
            symbols[mark["piece"]].add(mark["symbol"])
    buttons = page.locator(".tray-piece")
    for i in range(buttons.count()):
        piece = buttons.nth(i).get_attribute("data-piece")
        if name != "focus":  # a Focus piece has a square of each of its colours
            assert len(symbols[piece]) == 1, (name, piece, symbols[piece])
    # pieces of different colours carry different symbols (Focus: per square colour)
    if name != "focus":
        colours = {}
        for i in range(buttons.count()):
            button = buttons.nth(i)
            colour = button.get_attribute("aria-label").split(", ")[1]
            piece = button.get_attribute("data-piece")
            colours.setdefault(colour, set()).update(symbols[piece])
        seen = [s for group in colours.values() for s in group]
        assert len(seen) == len(set(seen)), (name, colours)


def test_each_colour_has_one_symbol_and_the_screenshots_in_each_vision(site_url, browser):
    """In every game (one page, desktop): each piece shows one symbol, on the board and in
    the tray alike, and pieces of different colours different symbols; and one screenshot
    per game and vision, with a piece in the tray and pieces, pegs or targets on the board
    (look at them in screenshots/vision/)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        assert set(POSITIONS) == set(GAMES)
        for name in POSITIONS:
            open_game(page, site_url, name)
            _one_symbol_a_colour(page, name)
            for vision in VISIONS:
                cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
                path = SHOTS / f"{name}-{vision}.png"
                page.screenshot(path=str(path))
                assert path.stat().st_size > 10_000
        cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
    finally:
        context.close()


@pytest.mark.parametrize(("size", "scheme"), [((390, 844), "dark"), ((1280, 800), "light")],
                         ids=["phone-dark", "desktop-light"])
def test_iq_link_pieces_are_told_apart_without_their_colours(browser, site_url, size, scheme):
    """Issue 25: under deuteranopia and protanopia IQ-Link's lime, bright green, yellow and
    orange look alike, so the symbols carry them: in the tray each piece shows its own
    symbol at least 8 px across (they were 4 px), and the pieces' names differ in their
    first word ("lime", not "yellow-green" beside "lime green"). Screenshots of the full
    tray under both emulations go to screenshots/vision/link-tray-*, to be looked at."""
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height},
                                  color_scheme=scheme, has_touch=width < 600,
                                  is_mobile=width < 600)
    try:
        page = context.new_page()
        page.goto(f"{site_url}#game=link&challenge=G120")  # most pieces in the tray
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        page.wait_for_selector("html[data-busy=false]")
        buttons = page.locator(".tray-piece")
        expect(buttons.first).to_be_visible()
        marks = page.evaluate("""() => [...document.querySelectorAll(".tray-piece")].map((b) => ({
            piece: b.dataset.piece, name: b.getAttribute("aria-label").split(", ")[1],
            symbols: [...b.querySelectorAll("path[data-symbol]")].map((m) => m.dataset.symbol),
            px: Math.max(0, ...[...b.querySelectorAll("path[data-symbol]")].map((m) => {
                const r = m.getBoundingClientRect(); return Math.max(r.width, r.height); })),
        }))""")
        assert len(marks) >= 6, marks
        small = [(m["piece"], round(m["px"], 1)) for m in marks if m["px"] < 8]
        assert small == [], f"symbols under 8 px in the tray: {small}"
        assert all(len(set(m["symbols"])) == 1 for m in marks), marks
        symbols = [m["symbols"][0] for m in marks]
        assert len(set(symbols)) == len(symbols), symbols
        names = [m["name"] for m in marks]
        assert len({name.split()[0] for name in names}) == len(names), names
        SHOTS.mkdir(parents=True, exist_ok=True)
        cdp = context.new_cdp_session(page)
        for vision in ("deuteranopia", "protanopia"):
            cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
            path = SHOTS / f"link-tray-{vision}-{width}-{scheme}.png"
            page.screenshot(path=str(path))
            assert path.stat().st_size > 10_000
    finally:
        context.close()
