"""By the words alone (issue 30): a player who hears the page and does not see it learns
every game from its lesson and wins a whole challenge. Every action here is chosen from
what the accessibility tree says (roles and names: Playwright's aria snapshot) and what
the live regions announce, never from the drawing, a data attribute or a table of the
game; data attributes are only waited on, so that an answer is read once it is there.

- The lesson names the piece to take; the tray's buttons name each piece by its colour,
  size and how it lies, which changes with every Rotate and Flip (and is announced); the
  board's rows are named as rows, the spot to place on says "gold ring" and the spot
  where the rule bites "ringed".
- In a challenge, Hint names the piece and rings the spots it covers ("marked with a gold
  ring"); moved over the board with the keys, the piece says where it fits and which
  spots it would cover, so the player turns it until those are the marked spots.

Screenshots go to screenshots/readers/ to be looked at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .playing import READY_TIMEOUT

pytestmark = pytest.mark.newcomer  # every game's lesson shows on its first visit

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "readers"
LINE = re.compile(r'^(?P<role>[a-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<attrs>(?: \[[^\]]*\])*)'
                  r'(?::\s*(?P<text>.*))?$')


def heard(locator) -> list[dict]:
    """What a screen reader finds in `locator`, in reading order: each node's role, name,
    text and states ([disabled], [pressed]...), from the aria snapshot."""
    nodes = []
    for raw in locator.aria_snapshot().splitlines():
        line = raw.strip()
        if not line.startswith("- "):
            continue
        line = unquoted(line[2:])
        match = LINE.match(line)
        if match:
            text = (match["text"] or "").strip().strip('"')
            nodes.append({"role": match["role"], "name": (match["name"] or "").replace('\\"', '"'),
                          "text": text, "attrs": match["attrs"] or ""})
    return nodes


def unquoted(line: str) -> str:
    """A snapshot line as written, without YAML's single quotes round its first part (a
    name with ": " in it is quoted, and doubles its own quotes)."""
    if not line.startswith("'"):
        return line
    i, out = 1, []
    while i < len(line):
        if line[i] == "'" and line[i + 1:i + 2] == "'":
            out.append("'")
            i += 2
        elif line[i] == "'":
            return "".join(out) + line[i + 1:]
        else:
            out.append(line[i])
            i += 1
    return "".join(out)


def named(page: Page, role: str, contains: str = "", within: str = "body") -> list[str]:
    """The names of the nodes of `role` whose name contains `contains`, on the page or
    in one of its parts (the tray: "region", "Pieces to place")."""
    scope = page.locator("body") if within == "body" else page.get_by_role("region", name=within)
    return [n["name"] for n in heard(scope) if n["role"] == role and contains in n["name"]]


def idle(page: Page) -> None:
    page.wait_for_selector("html[data-busy=false]")


def said(page: Page) -> str:
    """The live region that says how a held piece lies and where it fits."""
    return page.locator("#fit-said").text_content()


def status(page: Page) -> str:
    return " ".join(n["text"] or n["name"] for n in heard(page.locator("body"))
                    if n["role"] == "status")


def piece_button(page: Page, words: str) -> str:
    """The tray button of a piece as the page names it in a sentence ("the red piece (4
    loops, 2 with holes)"): its colour and size, as the tray says them."""
    found = re.search(r"the (.+?) piece(?: \((.+?)\))?", words, re.I)
    assert found, words
    colour, size = found.groups()
    buttons = [name for name in named(page, "button", f", {colour}, ", "Pieces to place")
               if name.startswith("Piece ") and (size is None or f", {size}" in name)]
    assert len(buttons) == 1, (words, buttons)
    return buttons[0]


def code_of(cell_name: str) -> str:
    return cell_name.split(":")[0]


def press(page: Page, role: str, name: str) -> None:
    """Activate a control from the keyboard, as a screen reader does."""
    page.get_by_role(role, name=name, exact=True).press("Enter")
    idle(page)


def take(page: Page, words: str) -> str:
    """Take the piece `words` name from the tray; the name of its button."""
    button = piece_button(page, words)
    press(page, "button", button)
    expect(page.get_by_role("button", name=button, exact=True)).to_have_attribute(
        "aria-pressed", "true")
    return button


def turn(page: Page, how: str, words: str) -> str:
    """Rotate or Flip the held piece: it is said at once how it lies now, and its tray
    button's name says the same. The new button name."""
    before = piece_button(page, words)
    page.locator("#fit-said").evaluate("e => { e.textContent = ''; }")  # hear the new words
    press(page, "button", how)
    expect(page.locator("#fit-said")).not_to_be_empty()
    after = piece_button(page, words)
    lies = re.fullmatch(r".+: (.+)\.", said(page))
    assert lies and lies[1] in after and lies[1] not in before, (said(page), before, after)
    return after


def point(page: Page, cell: str) -> str:
    """Move the keyboard's cursor onto a board spot with the piece held: what is said."""
    page.locator("#fit-said").evaluate("e => { e.textContent = ''; }")
    page.get_by_role("gridcell", name=cell, exact=True).focus()
    expect(page.locator("#fit-said")).not_to_be_empty()
    return said(page)


def lesson_now(page: Page) -> str:
    region = page.get_by_role("region", name=re.compile(r"^How to play "))
    paragraphs = [n["text"] for n in heard(region) if n["role"] == "paragraph"]
    return paragraphs[0]


def learn_by_ear(page: Page, title: str) -> None:
    """Play the lesson shown from its words: take what it names, turn and flip as it
    says, place on the spot the board names as the gold ring, to the win."""
    expect(page.get_by_role("heading", name=f"How to play {title}")).to_be_attached()
    idle(page)
    rows = named(page, "row")
    assert rows and all(re.fullmatch(r"Row \w+(: pegs \w to \w)?", r) for r in rows), rows
    ringed = named(page, "gridcell", "; ringed")
    rule = [n["text"] for n in heard(page.get_by_role("region", name=f"How to play {title}"))
            if n["role"] == "paragraph"][1]
    assert ringed and "ringed" in rule, (ringed, rule)
    rule_spots = page.locator("#board").get_attribute("data-rule-spots").split()
    assert {code_of(name) for name in ringed} == set(rule_spots), (ringed, rule_spots)
    start = page.locator("#board").get_attribute("data-placement")
    piece = ""
    for _ in range(20):
        now = lesson_now(page)
        if now.startswith("Solved!"):
            return
        if now.startswith("Take ") or "Not yet" in now:
            piece = re.search(r"Take (.+?):", now)[1]
            # Hint follows the panel: it says the same, and never places the piece
            press(page, "button", "Hint")
            assert lesson_now(page) in status(page), (status(page), now)
            take(page, piece)
        elif now.startswith("Turn it"):
            # Hint says to turn it (not to tap it), twice over, and places nothing
            for _ in range(2):
                press(page, "button", "Hint")
                assert now in status(page) and "Tap it" not in status(page), status(page)
            expect(page.locator("#board")).to_have_attribute("data-placement", start)
            turn(page, "Rotate", piece)
        elif now.startswith("Flip it"):
            press(page, "button", "Hint")
            assert now in status(page) and "Tap it" not in status(page), status(page)
            turn(page, "Flip", piece)
        elif now.startswith("Now click the board on the gold ring"):
            gold = named(page, "gridcell", "gold ring")
            assert len(gold) == 1, gold
            words = point(page, gold[0])
            assert re.search(r" fits here, covering .+\.$", words), words
            page.get_by_role("gridcell", name=re.compile(rf"^{re.escape(code_of(gold[0]))}:"),
                             exact=False).press("Enter")
            idle(page)
        else:
            raise AssertionError(f"the lesson says what a player cannot do by ear: {now}")
    raise AssertionError("the lesson was not won")


def win_by_ear(page: Page) -> int:
    """Win the challenge shown from the words alone: Hint twice names the piece and marks
    its spots; the piece, held, is turned until the board says it fits covering exactly
    the marked spots there, and placed. The number of pieces placed."""
    placed = 0
    for _ in range(14):
        if status(page).startswith("Solved!"):
            return placed
        press(page, "button", "Hint")
        press(page, "button", "Hint")
        hint = status(page)
        assert hint.startswith("Hint: "), hint
        marked = named(page, "gridcell", "marked with a gold ring")
        assert marked, hint
        want = {code_of(name) for name in marked}
        piece = re.search(r"Hint: (The .+?) goes over the marked spots", hint)[1]
        take(page, piece)
        fitted = find_the_fit(page, piece, marked, want)
        assert fitted, f"{piece} never fits over {sorted(want)}"
        page.get_by_role("gridcell", name=re.compile(rf"^{re.escape(fitted)}:")).press("Enter")
        idle(page)
        placed += 1
    raise AssertionError("the challenge was not won")


def find_the_fit(page: Page, piece: str, marked: list[str], want: set[str]) -> str | None:
    """Turn the held piece through the ways it lies (Rotate until its words come back,
    then Flip) and point it at each marked spot, until the board says it fits there
    covering the marked spots: that spot's code, or None."""
    seen = set()
    for _ in range(2):
        for _ in range(8):
            lies = piece_button(page, piece)
            if lies in seen:
                break
            seen.add(lies)
            for name in marked:  # their names stay while the piece is held
                code = code_of(name)
                words = point(page, name)
                covering = re.search(r"fits here, covering (.+)\.$", words)
                if covering and set(re.split(r", | and ", covering[1])) == want:
                    return code
            turn(page, "Rotate", piece)
        if not page.get_by_role("button", name="Flip", exact=True).is_visible():
            return None
        turn(page, "Flip", piece)
    return None


def test_a_player_who_cannot_see_learns_every_game_and_wins_a_challenge(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, color_scheme="light")
    try:
        page = context.new_page()
        page.goto(f"{site_url}#game=twist")
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        learn_by_ear(page, "IQ-Twist")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "twist-lesson-won.png"))
        press(page, "button", "Play Challenge 1")
        expect(page.locator("#board")).to_have_attribute("data-challenge", "1")
        assert win_by_ear(page) == 7
        expect(page.get_by_role("button", name="Next challenge")).to_be_visible()
        page.screenshot(path=str(SHOTS / "twist-1-won-by-ear.png"))
        for title in ("IQ-Focus", "IQ-Steps", "IQ-Link"):
            games = page.get_by_role("navigation", name="Games")
            games.get_by_role("button", name=title).press("Enter")
            learn_by_ear(page, title)
    finally:
        context.close()
