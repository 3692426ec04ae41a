"""A fair clock, the layout at phone and desktop sizes, and the focus (issue 25, items 4
and 5), light and dark, with screenshots in screenshots/issue25/ to look at.

- The clock runs from when the challenge is shown, not from the first move, waits while
  the picker covers the board, and the win card says how the time was taken; "Hide the
  clock" leaves the time out of the win card, the status and the shared result.
- No page scroll at 1280x800 in any game, no sideways scroll at 320x568; the ghost's
  reason line keeps its room (the tray does not move) and what it says is announced;
  the win card fits at 320x568 and reads at 844x390, a daily's share box fits at
  320x568, 390x844 and 844x390; Next challenge gives the focus to the new board."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import games
from iqpuzzles.core.i18n import LANGUAGES
from iqpuzzles.daily import daily

from .playing import READY_TIMEOUT, Player
from .states import laid_out, other_tab, resize, switch

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "issue25"
SETTINGS = "iqpuzzles.v1.settings"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def context_of(browser, width: int, height: int, dark: bool = False):
    return browser.new_context(viewport={"width": width, "height": height}, service_workers="block",
                               reduced_motion="reduce", color_scheme="dark" if dark else "light")


def open_at(page: Page, site_url: str, fragment: str) -> None:
    page.goto(f"{site_url}#{fragment}")
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    page.wait_for_selector("html[data-busy=false]")


def scroll(page: Page) -> list[int]:
    return page.evaluate("[document.documentElement.scrollWidth, "
                         "document.documentElement.scrollHeight]")


def seconds(text: str) -> int:
    m, s = re.search(r"(\d+):(\d\d)", text).groups()
    return int(m) * 60 + int(s)


def last_move(player: Player, challenge: str, solution: str) -> tuple[str, object, str, str]:
    """A position one piece from the solution, and that piece: (placement, item, the
    orientation to hold it in, the location to click) such that the click plays exactly it."""
    game = player.game
    start = game.position(challenge)
    todo = [p for p in game.position(challenge, solution).played if p.piece not in start.pieces]
    for last in reversed(todo):
        near = game.strings.start_placement(challenge)
        for item in todo:
            if item is not last:
                near = game.strings.play(challenge, near, str(item))
        for orientation in player.pieces[last.piece]["orientations"]:
            for code in player.locations:
                if game.page.preview(challenge, near, last.piece, orientation, code).placement \
                        == str(last):
                    return near, last, orientation, code
    raise AssertionError("no last piece is placed by a click")


def win_by_the_last_piece(page: Page, site_url: str, player: Player, fragment: str,
                          challenge: str, solution: str) -> None:
    near, last, orientation, code = last_move(player, challenge, solution)
    open_at(page, site_url, f"game={player.name}&{fragment}&placed={quote(near)}")
    player.hold(page, last.piece, orientation)
    player.location(page, code).click()
    expect(page.locator(".win-card")).to_be_visible()


# ------------------------------------------------------------------ the clock


def test_the_clock_runs_from_the_first_look_and_the_win_card_says_so(browser, site_url):
    steps = Player("steps")
    entry = steps.game.challenge_by_id("2")
    context = context_of(browser, 1280, 800)
    page = context.new_page()
    try:
        open_at(page, site_url, "game=steps&challenge=2")
        timer = page.locator("#timer")
        # no move made: the clock runs (the clock's own display, not a fixed wait)
        expect(timer).to_have_class(re.compile("running"))
        expect(timer).to_have_text(re.compile(r"^0:0[2-9]$"))
        studied = seconds(timer.text_content())
        # the picker over the board: the clock waits, and runs again once it is gone
        page.locator("#challenge-button").click()
        expect(timer).not_to_have_class(re.compile("running"))
        page.keyboard.press("Escape")
        expect(timer).to_have_class(re.compile("running"))
        # played from the start with the mouse, in the solution's order
        start = steps.game.position(entry.challenge)
        for item in steps.game.position(entry.challenge, entry.solution).played:
            if item.piece not in start.pieces:
                steps.place(page, entry.challenge, item.piece,
                            _orientation(steps, entry.challenge, page, item), str(item))
        steps.expect_won(page, entry.challenge)
        expect(page.locator(".win-card")).to_be_visible()  # (a frame after the win)
        detail = page.locator(".win-detail").text_content()
        assert seconds(detail) >= studied, detail  # the study time counts
        expect(page.locator(".win-clock")).to_have_text(
            "Timed from when the challenge appeared, pauses left out.")
        expect(page.locator(".win-best")).to_have_text("New best time")
        record = json.loads(page.evaluate("localStorage.getItem('iqpuzzles.v1.steps')"))
        assert record["solved"]["2"]["best"] >= studied * 1000
        assert record["solved"]["2"]["placement"] == steps.placement(page)  # for its picture
        shot(page, "win-steps-desktop-light")
        # Next challenge with the keyboard: the focus goes to the new board
        expect(page.get_by_role("button", name="Next challenge")).to_be_focused()
        page.keyboard.press("Enter")
        expect(steps.board(page)).not_to_have_attribute("data-challenge", "2")
        expect(page.locator("#board .loc:focus")).to_have_count(1)
        expect(timer).to_have_class(re.compile("running"))
    finally:
        context.close()


def _orientation(player: Player, challenge: str, page: Page, item) -> str:
    """An orientation of the piece whose click somewhere plays `item` exactly."""
    now = player.placement(page)
    for orientation in player.pieces[item.piece]["orientations"]:
        for code in player.locations:
            if player.game.page.preview(challenge, now, item.piece, orientation,
                                        code).placement == str(item):
                return orientation
    raise AssertionError(f"{item} cannot be played by a click")


def test_hide_the_clock_leaves_every_time_out(browser, site_url):
    """A daily won with the clock hidden: no time on the win card, in the status or in
    the result to share; the picker shows no best time either."""
    twist = Player("twist")
    date = "2025-11-24"  # a Monday gone by: a Starter
    want = daily(twist.game, date)
    solution = next(iter(twist.game.strings.solutions(want["challenge"], 1)))
    context = context_of(browser, 390, 844, dark=True)
    page = context.new_page()
    try:
        page.goto(site_url + "build.json")
        page.evaluate("""([key, record]) => {
            localStorage.setItem(key, JSON.stringify({hideClock: true}));
            localStorage.setItem('iqpuzzles.v1.twist', JSON.stringify(record)); }""",
                      [SETTINGS, {"solved": {"1": {"best": 61_000, "hints": 0}}}])
        win_by_the_last_piece(page, site_url, twist, f"daily={date}", want["challenge"],
                              solution)
        expect(page.locator("#timer")).to_be_hidden()
        expect(page.locator(".win-detail")).to_have_text(f"{want['level']} · {want['name']}")
        expect(page.locator(".win-best")).to_be_hidden()
        expect(page.locator(".win-clock")).to_be_hidden()
        share = page.locator(".share-text").input_value()  # (won from a link's position)
        assert share.splitlines()[1] == "Solved from a shared position · no hints", share
        # the share box fits a phone: its text wraps, nothing of it cut off
        for width, height, dark in ((390, 844, True), (320, 568, False), (844, 390, True)):
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(color_scheme="dark" if dark else "light")
            area = page.locator(".share-text")
            area.scroll_into_view_if_needed()
            page.wait_for_function("""() => { const t = document.querySelector('.share-text');
                return t.scrollHeight <= t.clientHeight && t.scrollWidth <= t.clientWidth; }""")
            at = area.bounding_box()
            assert at["x"] >= 0 and at["x"] + at["width"] <= width, (width, at)
            assert at["y"] >= 0 and at["y"] + at["height"] <= height, (height, at)
            shot(page, f"share-{width}x{height}{'-dark' if dark else ''}")
        page.set_viewport_size({"width": 390, "height": 844})
        page.emulate_media(color_scheme="dark")
        expect(page.locator("#status")).to_have_text(re.compile(r"^Solved! "))
        assert not re.search(r"\d+:\d\d", page.locator("#status").text_content())
        shot(page, "win-daily-hidden-clock-phone-dark")
        # All challenges after a daily: the calendar, the day solved, no time said
        page.get_by_role("button", name="All challenges").click()
        expect(page.get_by_role("tab", name="Daily")).to_have_attribute("aria-selected", "true")
        expect(page.locator(f".calendar-day[data-date='{date}']")).to_have_attribute(
            "aria-label", re.compile(r": solved$"))
        page.get_by_role("tab", name="Booklet").click()
        expect(page.locator(".challenge-cell[data-id='1']")).to_have_attribute(
            "aria-label", "Challenge 1, solved without help")  # and no time
    finally:
        context.close()


# ------------------------------------------------------------------ layout


def test_no_page_scroll_at_1280x800_in_any_game_nor_sideways_at_320(browser, site_url):
    context = context_of(browser, 1280, 800)
    page = context.new_page()
    try:
        for n, name in enumerate(games(registered=False)):
            first = Player(name).game.challenges[0].id
            page.set_viewport_size({"width": 1280, "height": 800})
            if n == 0:
                open_at(page, site_url, f"game={name}&challenge={first}")
            else:
                page.goto(f"{site_url}#game={name}&challenge={first}")
                expect(page.locator("#board")).to_have_attribute("data-challenge", first)
                page.wait_for_selector("html[data-busy=false]")
            expect(page.locator(".tray-piece").first).to_be_visible()
            assert scroll(page) == [1280, 800], f"{name} scrolls at 1280x800: {scroll(page)}"
            shot(page, f"play-{name}-1280x800")
            page.set_viewport_size({"width": 320, "height": 568})
            assert scroll(page)[0] == 320, f"{name} scrolls sideways at 320x568"
            assert_tray_fits(page, name)
        page.emulate_media(color_scheme="dark")
        shot(page, "play-link-320x568-dark")
        page.set_viewport_size({"width": 1280, "height": 800})
        assert scroll(page) == [1280, 800]
        shot(page, "play-link-1280x800-dark")
    finally:
        context.close()


TRAY_BOX = """() => {
  const tray = document.getElementById("tray"), style = getComputedStyle(tray);
  const px = (name) => parseFloat(style[name]) || 0;
  const rect = tray.getBoundingClientRect();
  return {
    width: rect.width - px("borderLeftWidth") - px("borderRightWidth")
      - px("paddingLeft") - px("paddingRight"),
    height: rect.height - px("borderTopWidth") - px("borderBottomWidth")
      - px("paddingTop") - px("paddingBottom"),
    gap: px("columnGap"), count: tray.querySelectorAll(".tray-piece").length,
    slot: tray.style.getPropertyValue("--slot"), scrolls: tray.scrollHeight > tray.clientHeight,
  };
}"""


def best_slot(box: dict) -> int:
    """The largest slot from 40 to 104 px at which the tray's pieces show in rows in its
    box without scrolling (40: none does), by plain enumeration."""
    width, height, gap, count = box["width"] - 1, box["height"] - 1, box["gap"], box["count"]

    def fits(slot: int) -> bool:
        columns = int((width + gap) // (slot + gap))
        return columns >= 1 and -(-count // columns) * (slot + gap) - gap <= height

    return next((slot for slot in range(104, 40, -1) if fits(slot)), 40)


def assert_tray_fits(page: Page, name: str) -> None:
    """A phone upright gives the tray the room under the board: its slot (fit.js) is the
    largest from 40 to 104 px at which every piece shows in rows without scrolling, by
    plain enumeration of the sizes against the tray's box."""
    # The tray's box settles a layout or two after a resize (the board takes its size
    # first): the box read again, a frame apart, until its slot is the one that fits it
    deadline = time.monotonic() + 10
    while True:
        box = page.evaluate(TRAY_BOX)
        best = best_slot(box)
        if box["slot"] == f"{best}px" or time.monotonic() > deadline:
            break
        page.evaluate("() => new Promise((done) => requestAnimationFrame(done))")
    assert box["slot"] == f"{best}px", (name, box, best)
    assert best == 40 or not box["scrolls"], (name, box)


SAID_AT = """(code) => {
  const board = document.getElementById("board"), said = document.getElementById("fit-said");
  if (board.dataset.ghostAt !== code || !said.textContent) return null;
  return { legal: board.dataset.ghostLegal, ghost: board.dataset.ghost ?? null,
           tip: document.querySelector(".ghost-tip").textContent, words: said.textContent };
}"""


def test_the_reason_line_keeps_its_room_and_is_announced(browser, site_url):
    """IQ-Twist 22, the held piece moved with the arrow keys over places where it fits and
    where it does not: nothing below the message moves, and a screen reader hears it."""
    twist = Player("twist")
    context = context_of(browser, 390, 844)
    page = context.new_page()
    try:
        open_at(page, site_url, "game=twist&challenge=22")
        said = page.locator("#fit-said")
        # along row B, then down the right edge and back along row D (and up again): the
        # red piece fits in row B and hangs off the board at the edges
        paths = {390: ["ArrowRight"] * 7 + ["ArrowDown"] * 3 + ["ArrowLeft"] * 7,
                 1280: ["ArrowUp"] * 2 + ["ArrowRight"] * 7}
        for width, height in ((390, 844), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.keyboard.press("1")  # the first piece in hand, the board focused
            seen: dict[str, list] = {"true": [], "false": []}
            code = None
            for key in paths[width]:
                page.keyboard.press(key)
                moved_to = page.evaluate("document.activeElement.dataset.code")
                if moved_to == code:  # the board's edge: nothing new to say
                    continue
                code = moved_to
                # said once the ghost is drawn there (read at once: what is said, shown
                # and drawn of one spot, not a redrawn spot's words before this one's)
                shown = page.wait_for_function(SAID_AT, arg=code).json_value()
                legal, tip, words = shown["legal"], shown["tip"], shown["words"]
                if legal == "true":  # and where: the spots Python says the piece covers
                    ghost = twist.game.notation.read_item(shown["ghost"])
                    covered = re.fullmatch(r".+ fits here, covering (.+)\.", words)
                    assert covered, (code, words)
                    assert re.split(r", | and ", covered[1]) == list(twist.game.rules.covers(ghost))
                else:
                    assert words == tip and tip, (code, words, tip)
                box = page.locator("#tray").bounding_box()
                seen[legal].append((round(box["y"]), round(box["height"])))
                said.evaluate("e => { e.textContent = ''; }")  # the next answer is new
            assert seen["true"] and seen["false"], seen
            places = {b for boxes in seen.values() for b in boxes}
            assert len(places) == 1, f"the tray moves at {width}x{height}: {places}"
            page.keyboard.press("Escape")
            shot(page, f"reason-line-{width}x{height}")
    finally:
        context.close()


# the boxes under the finger, and whether the message box shows all it holds
BOXES = """() => {
  const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
    return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; };
  const bar = document.querySelector(".message-bar"), status = document.querySelector("#status");
  const line = parseFloat(getComputedStyle(status).lineHeight);
  return { board: box("#board-wrap"), tray: box("#tray"), tools: box("#toolbar"),
           whole: bar.scrollHeight <= bar.clientHeight + 1,
           lines: Math.round(status.getBoundingClientRect().height / line) };
}"""
# a status of `n` lines at the width shown: words added until it wraps to n lines
SAY_LINES = """(n) => {
  const status = document.querySelector("#status");
  const line = parseFloat(getComputedStyle(status).lineHeight);
  let words = [];
  status.textContent = "Placed.";
  while (Math.round(status.getBoundingClientRect().height / line) < n) {
    words.push(words.length % 2 ? "piece" : "yellow");
    status.textContent = `The ${words.join(" ")} placed.`;
  }
  return Math.round(status.getBoundingClientRect().height / line);
}"""


def test_the_status_line_reads_whole_and_moves_nothing(browser, site_url):
    """Issue 29 item 2, issue 30: a hint is read whole (not cut at 160 characters) at
    320 px too, and the status growing from one line to four moves neither the board nor
    the tray nor the tools, at 320x568, 390x844, 844x390 and 1280x800, light and dark."""
    twist = Player("twist")
    entry = twist.game.challenge_by_id("22")
    message = twist.game.position(entry.challenge).hint(1).message  # Python's words
    context = context_of(browser, 320, 568)
    page = context.new_page()
    try:
        open_at(page, site_url, "game=twist&challenge=22")
        page.get_by_role("button", name="Hint", exact=True).click()
        status = page.locator("#status")
        expect(status).to_have_attribute("data-kind", "hint")
        text = status.text_content()
        assert text.startswith(f"Hint: {message} ") and "again" in text, text  # whole
        for width, height in ((320, 568), (390, 844), (844, 390), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            for dark in (False, True):
                page.emulate_media(color_scheme="dark" if dark else "light")
                page.evaluate("(t) => { const s = document.querySelector('#status'); "
                              "s.dataset.kind = 'hint'; s.textContent = t; }", text)
                with_hint = page.evaluate(BOXES)
                assert with_hint["whole"], f"the hint is cut or scrolls at {width}x{height}"
                shot(page, f"status-hint-{width}x{height}{'-dark' if dark else ''}")
                for lines in (1, 2, 3, 4):
                    assert page.evaluate(SAY_LINES, lines) == lines
                    boxes = page.evaluate(BOXES)
                    assert boxes["whole"], f"{lines} lines do not fit at {width}x{height}"
                    for part in ("board", "tray", "tools"):
                        assert boxes[part] == with_hint[part], \
                            f"{lines} lines move the {part} at {width}x{height}: {boxes[part]} " \
                            f"against {with_hint[part]}"
                assert scroll(page)[0] == width, f"sideways scroll at {width}x{height}"
    finally:
        context.close()


def test_the_win_card_fits_a_small_phone_and_reads_on_its_side(browser, site_url):
    twist, link = Player("twist"), Player("link")
    for player, cid, sizes in ((twist, "21", [(320, 568, False), (320, 568, True)]),
                               (link, "T04", [(844, 390, False), (844, 390, True),
                                              (1280, 800, False)])):
        entry = player.game.challenge_by_id(cid)
        width, height, _ = sizes[0]
        context = context_of(browser, width, height)
        page = context.new_page()
        try:
            win_by_the_last_piece(page, site_url, player, f"challenge={cid}", entry.challenge,
                                  entry.solution)
            for width, height, dark in sizes:
                page.set_viewport_size({"width": width, "height": height})
                page.emulate_media(color_scheme="dark" if dark else "light")
                card = page.locator(".win-card").bounding_box()
                assert scroll(page)[0] == width, f"sideways scroll at {width}x{height}"
                assert card["x"] >= 0 and card["x"] + card["width"] <= width, card
                # the words in lines, not a word a line: the title on one line
                title = page.locator(".win-title").bounding_box()
                assert title["height"] < 2 * 30 and title["width"] > 60, title
                assert page.locator(".win-text").bounding_box()["width"] >= 200
                # Next challenge on screen and not under the phone's tools
                page.locator(".win-card").scroll_into_view_if_needed()
                button = page.get_by_role("button", name="Next challenge")
                hit = button.evaluate("""b => { const r = b.getBoundingClientRect();
                    const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                    return at?.closest('button') === b; }""")
                assert hit, f"Next challenge is covered at {width}x{height}"
                shot(page, f"win-{player.name}-{width}x{height}{'-dark' if dark else ''}")
        finally:
            context.close()


# ------------------------------------------------------------------ the board, the hero (issue 38)

HERO_SIZES = ((320, 568), (390, 844), (844, 390), (768, 1024), (1024, 768), (1280, 800),
              (1920, 1080))
# where each game is won, with the confetti flying (the test sees the page's animations)
WIN_AT = {"twist": (320, 568), "focus": (390, 844), "steps": (844, 390), "link": (1280, 800)}
# The board's box; the width of its column (the first track of the play area's grid); the
# widest empty band in that column between the things seen there (the board, the status's
# words, the toggle, the lesson's panel, the tray, the win card, the tools), which a
# board that does not fill its column's width must not leave (the room is the board's);
# the win card's box; the page's scroll size, once the page has laid out its new size.
ROOM = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const rect = (node) => node.getBoundingClientRect();
  const board = rect(document.getElementById("board-wrap"));
  const play = document.getElementById("play");
  const column = parseFloat(getComputedStyle(play).gridTemplateColumns.split(" ")[0]);
  const seen = [...document.querySelectorAll("#board-wrap, #status, .ghost-tip.shown, "
      + ".board-option:not([hidden]), .lesson:not([hidden]), #tray, .win-card, #toolbar")]
    .filter((n) => n.checkVisibility({ visibilityProperty: true })).map(rect)
    .filter((b) => b.height > 0 && b.left < board.right && b.right > board.left)
    .sort((a, b) => a.top - b.top);
  let band = 0, bottom = seen.length ? seen[0].bottom : 0;
  for (const b of seen.slice(1)) {
    band = Math.max(band, b.top - bottom);
    bottom = Math.max(bottom, b.bottom);
  }
  const card = document.querySelector(".win:not([hidden]) .win-card");
  const box = (b) => [b.left, b.top, b.width, b.height];
  const page = document.scrollingElement;
  return { board: box(board), column, band, card: card ? box(rect(card)) : null,
           scroll: [page.scrollWidth, page.scrollHeight] };
}"""
# the page's widest and tallest scroll size over every frame until the win's confetti
# have all landed (their animations finished): never wider than the window
CONFETTI_SCROLL = """async () => {
  const pieces = [...document.querySelectorAll(".confetti i")];
  const page = document.scrollingElement;
  let wide = 0, tall = 0, frames = 0;
  while (pieces.some((p) => p.getAnimations().some((a) => a.playState !== "finished"))) {
    wide = Math.max(wide, page.scrollWidth);
    tall = Math.max(tall, page.scrollHeight);
    frames++;
    await new Promise((done) => requestAnimationFrame(done));
  }
  return { pieces: pieces.length, frames, wide, tall };
}"""


def near(a: list[float], b: list[float]) -> bool:
    return all(abs(x - y) <= 1 for x, y in zip(a, b, strict=True))


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[0] + b[2] - 1 and b[0] < a[0] + a[2] - 1 \
        and a[1] < b[1] + b[3] - 1 and b[1] < a[1] + a[3] - 1


@pytest.mark.motion
def test_the_board_takes_its_room_and_keeps_it_at_the_win(browser, site_url):
    """Issue 38 item 2. Each game one piece from its first challenge's win, at every size
    from 320x568 to 1920x1080: the board fills its column's width or leaves no empty band
    in it, and nothing scrolls; won (the confetti flying), the page never scrolls sideways
    while they fly, and at every size the board is where it was, to the pixel, the win
    card beside or over the tray, never over the board, and nothing scrolls."""
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  service_workers="block", reduced_motion="no-preference")
    page = context.new_page()
    try:
        for n, name in enumerate(games(registered=False)):
            player = Player(name)
            entry = player.game.challenges[0]
            near_win, last, orientation, code = last_move(player, entry.challenge,
                                                          entry.solution)
            fragment = f"game={name}&challenge={entry.id}&placed={quote(near_win)}"
            if n == 0:
                open_at(page, site_url, fragment)
            else:
                page.goto(f"{site_url}#{fragment}")
                expect(page.locator("#board")).to_have_attribute("data-placement", near_win)
                page.wait_for_selector("html[data-busy=false]")
            before = {}
            for width, height in HERO_SIZES:
                page.set_viewport_size({"width": width, "height": height})
                room = before[width, height] = page.evaluate(ROOM)
                where = f"{name} at {width}x{height}"
                assert room["scroll"] == [width, height], f"{where}: the page scrolls {room}"
                assert room["board"][2] >= room["column"] - 1 or room["band"] <= 40, \
                    f"{where}: the board ({room['board']}) leaves an empty band of " \
                    f"{room['band']:.0f} px in its column ({room['column']:.0f} px wide)"
            width, height = WIN_AT[name]
            page.set_viewport_size({"width": width, "height": height})
            player.hold(page, last.piece, orientation)
            player.location(page, code).click()
            expect(page.locator(".win-card")).to_be_visible()
            # the confetti burst a frame after the card (wincard.js)
            expect(page.locator(".confetti i").first).to_be_attached()
            flight = page.evaluate(CONFETTI_SCROLL)
            assert flight["pieces"] and flight["frames"], flight  # they flew, and were seen
            assert flight["wide"] <= width and flight["tall"] <= height, \
                f"{name}: the confetti scroll the page at {width}x{height}: {flight}"
            # from now on the card is there: a turned phone or a resized window must not
            # play its entrance again (a layout that took its animation away and gave it
            # back replayed it: the card rose anew when a phone was turned upright)
            page.evaluate("() => { window.__entrances = []; addEventListener('animationstart',"
                          " (e) => __entrances.push(e.animationName), true); }")
            for (width, height), was in before.items():
                page.set_viewport_size({"width": width, "height": height})
                room = page.evaluate(ROOM)
                where = f"{name} won at {width}x{height}"
                assert near(room["board"], was["board"]), \
                    f"{where}: the board moved: {room['board']} against {was['board']}"
                assert room["scroll"] == [width, height], f"{where}: the page scrolls {room}"
                card = room["card"]
                assert card and card[0] >= 0 and card[0] + card[2] <= width + 0.5 \
                    and card[1] >= 0 and card[1] + card[3] <= height + 0.5, f"{where}: {card}"
                assert not overlap(card, room["board"]), f"{where}: the card covers the board"
                if name == "twist" and (width, height) in SHOT_SIZES:
                    shot(page, f"hero-win-{name}-{width}x{height}")
            assert page.evaluate("window.__entrances") == [], \
                f"{name}: an entrance played again as the window changed size"
            page.get_by_role("button", name="Close").click()
            expect(page.locator(".win-card")).to_be_hidden()
    finally:
        context.close()


SHOT_SIZES = {(320, 568), (390, 844), (844, 390), (1280, 800)}
# the header's height, the challenge button's and the name's lines (the name's box in line
# heights: one line, cut short with an ellipsis when it must be)
HEADER = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const rect = (s) => document.querySelector(s).getBoundingClientRect();
  const name = document.getElementById("challenge-name");
  const line = parseFloat(getComputedStyle(name).lineHeight);
  return { header: rect(".topbar").height, button: rect("#challenge-button").height,
           lines: name.getBoundingClientRect().height / line,
           tools: rect("#toolbar").height, scroll: document.scrollingElement.scrollWidth };
}"""


def test_the_header_keeps_one_row_for_every_kind_of_name(browser, site_url):
    """Issue 38 item 2: a booklet's challenge, a generated one ("New challenge 335733"), a
    daily and a custom one: at each size the header is as high for every one, its name
    on one line; on a computer, a tablet and a phone on its side the header is one row
    of buttons, and the tools too (Hint and Solve never alone on a second row)."""
    twist = Player("twist")
    kinds = {"booklet": "challenge=120", "generated": "seed=335733&level=Expert",
             "daily": "daily=2025-11-24",
             "custom": f"custom={quote(twist.game.challenge_by_id('60').challenge)}"}
    context = context_of(browser, 1280, 800)
    page = context.new_page()
    try:
        seen: dict[tuple[int, int], dict[str, dict]] = {size: {} for size in HERO_SIZES}
        for n, (kind, fragment) in enumerate(kinds.items()):
            if n == 0:
                open_at(page, site_url, f"game=twist&{fragment}")
            else:
                page.goto(f"{site_url}#game=twist&{fragment}")
                expect(page.locator("#challenge-level")).to_have_text(
                    {"generated": "Expert", "daily": "Starter", "custom": "Custom"}[kind])
                page.wait_for_selector("html[data-busy=false]")
            for width, height in HERO_SIZES:
                page.set_viewport_size({"width": width, "height": height})
                got = seen[width, height][kind] = page.evaluate(HEADER)
                where = f"{kind} at {width}x{height}"
                assert got["lines"] < 1.5, f"{where}: the name wraps: {got}"
                assert got["scroll"] == width, f"{where}: sideways scroll"
                if width > 640 or height <= 500:  # one row: no higher than its buttons
                    assert got["header"] <= got["button"] + 12, f"{where}: two rows: {got}"
                    assert got["tools"] <= 46, f"{where}: the tools wrap: {got}"
        for size, by_kind in seen.items():
            heights = {kind: round(got["header"]) for kind, got in by_kind.items()}
            assert len(set(heights.values())) == 1, f"at {size}: {heights}"
    finally:
        context.close()


# the header's name on a phone: its short form shown (a daily's date) and its whole words
# (for screen readers), and whether what shows is cut
SHORT_NAME = """() => {
  const name = document.getElementById("challenge-name");
  const short = name.querySelector(".name-short"), lead = name.querySelector(".name-lead");
  return { shown: Boolean(short?.getClientRects().length), whole: lead?.textContent ?? "",
           short: short?.textContent ?? "", cut: name.scrollWidth - name.clientWidth,
           level: document.getElementById("challenge-level").getClientRects().length > 0 };
}"""


def test_a_dailys_date_shows_whole_in_a_phones_header_in_every_language(browser, site_url):
    """Issue 51 item 2: on a phone upright a daily's name gives way to its date ("23.
    Sept.", September's the longest in most languages), shown whole beside the level at
    390 px and wider, in every language, while screen readers hear the whole name."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True)
    page = context.new_page()
    try:
        open_at(page, site_url, "game=twist&daily=2026-09-23")
        other = other_tab(page, site_url)
        for language in LANGUAGES:
            switch(page, other, language)
            for width in (390, 412):
                page.set_viewport_size({"width": width, "height": 844})
                page.evaluate("() => new Promise((done) => requestAnimationFrame(done))")
                got = page.evaluate(SHORT_NAME)
                where = f"{language} at {width}: {got}"
                assert got["shown"] and got["level"], where
                assert "23" in got["short"] and got["short"] != got["whole"], where
                assert got["short"].strip(".") in got["whole"] or language != "en", where
                assert got["cut"] <= 0, f"the date is cut: {where}"
    finally:
        context.close()


CARD_BUTTONS = """() => {
  const card = document.querySelector(".win-card").getBoundingClientRect();
  const shown = [...document.querySelectorAll(".win-actions button")]
    .filter((b) => b.getClientRects().length);
  return shown
    .map((b) => { const r = b.getBoundingClientRect();
      return {name: b.textContent.trim(), x: r.x, right: r.right, card: [card.x, card.right],
              page: innerWidth}; });
}"""


CARD_BUTTONS_LAID_OUT = laid_out(CARD_BUTTONS)


def test_a_dailys_card_after_solve_shows_its_buttons_whole(browser, site_url):
    """Issue 51: after Solve a daily ends with its card (its way on), and each of its
    buttons lies whole within the card and the page ("Next game's daily" began at x = -2
    at 390 px, its first letter cut), on a phone held upright and then turned."""
    context = context_of(browser, 390, 844)
    try:
        page = context.new_page()
        open_at(page, site_url, "game=link&daily=2026-12-02")
        page.wait_for_selector("html[data-busy=false]")
        page.locator("#toolbar [data-action=solve]").click()
        page.get_by_role("alertdialog").get_by_role("button", name="Solve").click()
        expect(page.locator(".win-card")).to_be_visible(timeout=30_000)
        card = page.locator(".win-card")
        expect(card.get_by_role("button", name="Next game's daily")).to_be_visible()
        for width, height in ((390, 844), (844, 390)):
            resize(page, width, height)
            buttons = CARD_BUTTONS_LAID_OUT(page)
            assert len(buttons) >= 2, buttons
            for b in buttons:
                left, right = b["card"]
                assert left <= b["x"] and b["right"] <= right and 0 <= b["x"] \
                    and b["right"] <= b["page"], f"{width}: {b['name']} is cut: {b}"
    finally:
        context.close()
