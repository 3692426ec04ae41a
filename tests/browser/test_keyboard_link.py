"""IQ-Link played with the keyboard alone, pieces 11 and 12 picked by their keys (- and
=); what a screen reader hears of the board and the tray; the board is one tab stop
with a focus ring that stands out on the light board."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from iqpuzzles import games

from .playing import Player, spot

LINK = Player("link")
CHALLENGE = LINK.game.challenge_by_id("T01")  # every piece given but K and L (11 and 12)
START = LINK.game.strings.start_placement(CHALLENGE.challenge)


def xy_of(player: Player) -> dict[str, tuple[float, float]]:
    return {loc["code"]: (loc["x"], loc["y"]) for loc in player.info["board"]["locations"]}


XY_LINK = xy_of(LINK)


def items(placement: str) -> list[str]:
    return re.findall(r"...", placement)


def focused_code(page: Page) -> str | None:
    return page.evaluate("document.activeElement?.dataset?.code ?? null")


def walk_to(page: Page, goal: str, xy: dict | None = None) -> None:
    """Arrow keys from the focused location to `goal`: rows first, then along the row."""
    table = xy or XY_LINK
    for _ in range(40):
        here = focused_code(page)
        assert here, "the board lost the focus"
        if here == goal:
            return
        (x, y), (gx, gy) = table[here], table[goal]
        if abs(gy - y) > 0.1:
            page.keyboard.press("ArrowDown" if gy > y else "ArrowUp")
        else:
            page.keyboard.press("ArrowRight" if gx > x else "ArrowLeft")
    raise AssertionError(f"arrows never reached {goal} (at {focused_code(page)})")


def test_a_keyboard_only_game_with_the_keys_for_pieces_11_and_12(page, site_url):
    site = LINK.open(page, site_url, "challenge=T01")
    todo = [item for item in items(CHALLENGE.solution) if item not in items(START)]
    assert sorted(item[1] for item in todo) == ["K", "L"]
    # the keys are shown: on the tray buttons and in the footer
    expect(site.locator(".tray-piece[data-piece=K] .key")).to_have_text("-")
    expect(site.locator(".tray-piece[data-piece=L] .key")).to_have_text("=")
    expect(site.locator(".piece-keys kbd")).to_have_text(["1", "9", "0", "-", "="])
    keys = {"K": "-", "L": "="}
    current = START
    todo.sort(key=lambda i: i[1])
    for item in todo:
        piece, orientation = item[1], item[2]
        site.keyboard.press(keys[piece])
        button = LINK.tray_piece(site, piece)
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(site.locator("#board .loc:focus")).to_have_count(1)  # the board has the focus
        for name in LINK.turns(piece, button.get_attribute("data-orientation"), orientation):
            site.keyboard.press(name[0].lower())  # R rotates, F flips
        expect(button).to_have_attribute("data-orientation", orientation)
        walk_to(site, LINK.anchor_for(CHALLENGE.challenge, current, piece, orientation, item))
        expect(LINK.board(site)).to_have_attribute("data-ghost", item)
        site.keyboard.press("Enter")
        current = LINK.game.strings.play(CHALLENGE.challenge, current, item)
        expect(LINK.board(site)).to_have_attribute("data-placement", current)
        # the move is announced, and the spot now says the piece is there
        said = "Solved" if item == todo[-1] else LINK.game.vocabulary.capitalised_name(piece)
        expect(LINK.status(site)).to_contain_text(said)
        expect(spot(site, item[0])).to_have_attribute(
            "aria-label", re.compile(re.escape(LINK.game.vocabulary.piece_name(piece))))
    LINK.expect_won(site, CHALLENGE.challenge)


def _a_refusal_is_announced_and_the_spots_say_what_is_there(site) -> None:
    """(On IQ-Twist's challenge 1, nothing in hand.)"""
    # spots say what is on them; the tray says colour and size
    expect(spot(site, "6B")).to_have_attribute("aria-label", "6B: red peg")
    expect(spot(site, "1A")).to_have_attribute("aria-label", "1A: empty")
    green = Player("twist").game.vocabulary.piece_name("f")
    expect(spot(site, "4C")).to_have_attribute("aria-label", re.compile("^4C: " + re.escape(green)))
    expect(site.locator(".tray-piece[data-piece=a]")).to_have_attribute(
        "aria-label", re.compile(r"^Piece a, red, 4 loops.*, key 1$"))
    # a placement the rules refuse, with the keyboard: the status line says why
    twist = Player("twist")
    challenge = twist.game.challenge_by_id("1").challenge
    start = twist.game.strings.start_placement(challenge)
    refused = next(code for code in twist.locations
                   if (p := twist.game.page.preview(challenge, start, "a", "0", code)).placement
                   and p.refusal)
    site.keyboard.press("1")
    expect(site.locator("#board .loc:focus")).to_have_count(1)
    walk_to(site, refused, xy_of(twist))
    site.keyboard.press("Enter")
    status = site.locator("#status")
    expect(status).to_have_attribute("data-kind", "error")
    expect(status).to_have_attribute("aria-live", "polite")
    assert not re.search(r"\b[a-h]\d[A-D]\d\b", status.inner_text())  # words, no codes


def test_the_board_is_one_tab_stop_with_a_ring_that_stands_out(page, site_url):
    """In every game (one page, each game opened in turn): the board is one tab stop, and
    the ring round the focused location stands out from the board; and on IQ-Twist's
    challenge 1 the spots say what is on them and a refusal is announced."""
    for number, name in enumerate(games(registered=False)):
        first = Player(name).game.challenges[0].id
        if number == 0:
            Player(name).open(page, site_url, f"challenge={first}")
        else:
            page.evaluate("(f) => { location.hash = f; }", f"game={name}&challenge={first}")
            expect(page.locator(f"#games [data-game={name}]")).to_have_attribute(
                "aria-pressed", "true")
        page.wait_for_selector("html[data-busy=false]")
        _one_stop_and_a_ring(page, name)
        if name == "twist":
            assert first == "1", first  # (the spots' words below are challenge 1's)
            _a_refusal_is_announced_and_the_spots_say_what_is_there(page)


def _one_stop_and_a_ring(page, name: str) -> None:
    # Tab from the toolbar's last button back round: the board is one stop, a location
    stops = []
    page.locator("#challenge-button").focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("""(() => { const e = document.activeElement;
            const name = `${e.tagName.toLowerCase()}.${e.getAttribute('class')}`;
            return e.dataset?.code ? 'loc' : name; })()"""))
    cycle = stops[:stops.index(stops[0], 1)] if stops[0] in stops[1:] else stops
    assert cycle.count("loc") == 1, (name, cycle)
    assert not [s for s in cycle if s.startswith("svg")], (name, cycle)
    # the ring round the focused location: dark outside, white inside, shown on focus
    while focused_code(page) is None:
        page.keyboard.press("Tab")
    ring = page.locator("#board .focus-ring")
    expect(ring).to_be_visible()
    outer = ring.locator(".focus-ring-outer").evaluate("e => getComputedStyle(e).stroke")
    inner = ring.locator(".focus-ring-inner").evaluate("e => getComputedStyle(e).stroke")
    board_fill = page.evaluate("""getComputedStyle(document.querySelector(
        '#board .layer-view rect, #board .layer-view polygon')).fill""")
    assert max(contrast(outer, board_fill), contrast(inner, board_fill)) >= 3, \
        (name, outer, inner, board_fill)
    page.screenshot(path=f"screenshots/focus-ring-{name}.png")


def contrast(a: str, b: str) -> float:
    def luminance(colour: str) -> float:
        r, g, b = (int(v) / 255 for v in re.findall(r"\d+", colour)[:3])
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
