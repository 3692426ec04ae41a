"""The smallest phones, upright (320x568) and on their side (844x390), light and dark
(issue 30): the challenge picker keeps its head and its Close on screen, opens with the
challenge played in the middle of its list, and a tap on the page around it closes it;
the lesson's piece to take shows above the phone's tools without scrolling, in every
game, and nothing moves under the finger as the lesson goes (Hint, a refusal, the next
step) at 320x568, 390x844 and 844x390; IQ-Link's peg letters, which its refusals name,
read at 11 px or more. Screenshots go to screenshots/phones/ to be looked at."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import games

from .playing import READY_TIMEOUT, Player

SHOTS = Path(__file__).resolve().parents[2] / "screenshots" / "phones"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def phone(browser, width: int, height: int):
    return browser.new_context(viewport={"width": width, "height": height}, has_touch=True,
                               is_mobile=True, reduced_motion="reduce", service_workers="block")


def idle(page: Page) -> None:
    page.wait_for_selector("html[data-busy=false]")


def opened(page: Page, url: str) -> None:
    """The page at `url`, ready and idle."""
    page.goto(url)
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    idle(page)


def box(page: Page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def on_screen(page: Page, rect: dict) -> bool:
    size = page.viewport_size
    return rect["y"] >= 0 and rect["y"] + rect["height"] <= size["height"] \
        and rect["x"] >= 0 and rect["x"] + rect["width"] <= size["width"]


def expect_picker_fits(page: Page, current: str, name: str) -> None:
    """The picker open at a challenge: its title and Close on screen, the dialog itself not
    scrolled (what scrolls is inside it), the current challenge in view within the list
    and drawn, Today and Make your own on screen."""
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    cell = page.locator(f".challenge-cell[data-id='{current}']")
    expect(cell).to_have_attribute("aria-current", "true")
    expect(cell).to_be_focused()
    expect(cell.locator(".picture")).to_have_attribute("data-drawn", "true")
    assert dialog.evaluate("d => d.scrollTop") == 0
    assert dialog.evaluate("d => d.scrollHeight <= d.clientHeight"), "the whole dialog scrolls"
    for part in (page.get_by_role("heading", name=re.compile(" challenges$")),
                 dialog.get_by_role("button", name="Close", exact=True),
                 page.locator("[data-action=daily]"), page.locator("[data-action=editor]")):
        assert on_screen(page, part.bounding_box()), (name, part)
    held = cell.bounding_box()
    scroller = page.locator(".picker-body").bounding_box()
    list_box = page.locator(".challenge-list").evaluate(
        "l => getComputedStyle(l).overflowY === 'visible'")
    view = scroller if list_box else page.locator(".challenge-list").bounding_box()
    assert on_screen(page, held), (name, held)
    assert view["y"] - 1 <= held["y"]
    assert held["y"] + held["height"] <= view["y"] + view["height"] + 1
    shot(page, f"picker-{name}")


def test_the_picker_keeps_its_head_on_screen_and_a_tap_beside_it_closes_it(browser, site_url):
    context = phone(browser, 320, 568)
    try:
        page = context.new_page()
        opened(page, f"{site_url}#game=focus&challenge=120")
        picker = page.locator("#challenge-button")
        for width, height, dark, current, beside in (
                (320, 568, False, "120", (160, 20)), (320, 568, True, "60", (300, 24)),
                (844, 390, False, "60", (16, 200)), (844, 390, True, "1", (830, 360))):
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(color_scheme="dark" if dark else "light")
            if page.locator("#board").get_attribute("data-challenge") != current:
                picker.tap()
                page.locator(f".challenge-cell[data-id='{current}']").tap()
                expect(page.get_by_role("dialog")).to_be_hidden()
                expect(page.locator("#board")).to_have_attribute("data-challenge", current)
                idle(page)
            picker.tap()
            expect_picker_fits(page, current, f"focus-{current}-{width}x{height}"
                               f"{'-dark' if dark else ''}")
            # the arrows still move between the challenges, in view
            page.keyboard.press("ArrowRight" if current == "1" else "ArrowLeft")
            moved = page.locator(".challenge-cell:focus")
            expect(moved).not_to_have_attribute("data-id", current)
            assert on_screen(page, moved.bounding_box())
            page.touchscreen.tap(*beside)  # the dimmed page beside the dialog
            expect(page.get_by_role("dialog")).to_be_hidden()
            expect(page.locator("#board")).to_have_attribute("data-challenge", current)
        # then, on the same phone held upright in the light, IQ-Twist's message box
        page.set_viewport_size({"width": 320, "height": 568})
        page.emulate_media(color_scheme="light")
        opened(page, f"{site_url}#game=twist&challenge=1")
        expect(page.locator("#games [data-game=twist]")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#board")).to_have_attribute("data-challenge", "1")
        idle(page)
        words_past_the_message_box_show_a_cue_until_scrolled_to(page)
    finally:
        context.close()


# where the lesson's parts are, once the page has laid itself out at the size it has (the
# tray's pieces by their place in the layout: a piece in hand is lifted by a transform)
LESSON_LAYOUT = """async () => {
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const rect = (node) => node.getBoundingClientRect();
  const tray = document.querySelector(".tray"), bar = document.querySelector(".message-bar");
  const lesson = document.querySelector(".lesson"), panel = rect(lesson);
  const now = document.querySelector(".lesson-now"), status = document.querySelector("#status");
  const said = rect(status), t = rect(tray);
  return {
    tray: [t.left, t.top, t.width, t.height].map(Math.round),
    pieces: [...tray.querySelectorAll(".tray-piece")]
      .map((b) => [b.offsetLeft, b.offsetTop, b.offsetWidth, b.offsetHeight]),
    tools: rect(document.querySelector("#toolbar")).top, scrolled: [scrollX, scrollY],
    kind: status.dataset.kind ?? null, said: status.textContent, now: now.textContent,
    // the status read whole: nothing of it scrolled away, outside its box or under the tray
    whole: bar.scrollHeight <= bar.clientHeight + 1 && said.bottom <= rect(bar).bottom + 1
      && (said.bottom <= t.top || said.right <= t.left),
    nowSeen: rect(now).top >= panel.top - 1 && rect(now).bottom <= panel.bottom + 1,
    panelWhole: lesson.scrollHeight <= lesson.clientHeight + 1,
  };
}"""
SIZES = ((320, 568), (390, 844), (844, 390))


def lesson_layouts(page: Page, name: str, state: str, dark: bool, look: bool = False) -> dict:
    """The lesson's layout at each size of SIZES (`look`: a screenshot of each), back at
    320x568."""
    seen = {}
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        seen[width, height] = page.evaluate(LESSON_LAYOUT)
        if look:
            shot(page, f"lesson-{name}-{state}-{width}x{height}{'-dark' if dark else ''}")
    page.set_viewport_size({"width": 320, "height": 568})
    return seen


def expect_nothing_moved(name: str, states: dict) -> None:
    """At each size, the tray and its pieces where they were at the lesson's start, above
    the tools, the page not scrolled; what the status says read whole, the panel's
    instruction in sight unless the status says it, and with nothing said over it the
    whole panel."""
    for size in SIZES:
        first = states["start"][size]
        for state, seen in ((s, v[size]) for s, v in states.items()):
            where = f"{name}, {state}, {size[0]}x{size[1]}"
            assert (seen["tray"], seen["pieces"]) == (first["tray"], first["pieces"]), \
                f"{where}: the tray moved: {seen['tray']} {seen['pieces']} against " \
                f"{first['tray']} {first['pieces']}"
            assert seen["scrolled"] == [0, 0], where
            assert seen["tray"][1] + seen["tray"][3] <= seen["tools"] + 1, where
            assert seen["whole"], f"{where}: the status is cut: {seen['said']}"
            assert seen["nowSeen"] or seen["now"] in seen["said"], \
                f"{where}: the panel's {seen['now']!r} is out of sight"
            if seen["kind"] == "info":  # nothing said over it: the whole panel reads
                assert seen["panelWhole"], f"{where}: the panel scrolls"


@pytest.mark.newcomer
def test_the_lessons_piece_shows_above_the_tools_on_the_smallest_phone(browser, site_url):
    """Every game's lesson at 320x568, the first two in the light, the last two in the
    dark: the piece it asks for is on screen, above the phone's tools, the page not
    scrolled; IQ-Link's peg letters are 11 px or more there and on its board in play.
    Then, at 320x568, 390x844 and 844x390: Hint, the piece taken (the next step), a
    refusal and Hint again move neither the tray nor its pieces (a second tap lands on
    what the first did), the status reads whole, and the panel's instruction stays in
    sight (or the status says it)."""
    context = phone(browser, 320, 568)
    try:
        page = context.new_page()
        for n, name in enumerate(games(registered=False)):
            page.emulate_media(color_scheme="dark" if n >= 2 else "light")
            if n == 0:
                page.goto(f"{site_url}#game={name}")
                page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
            else:
                page.locator(f"#games [data-game={name}]").tap()
            expect(page.locator("html")).to_have_attribute("data-mode", "lesson")
            expect(page.locator(".lesson-now")).to_have_attribute("data-stage", "pick")
            idle(page)
            piece = page.locator(".tray-piece[data-hinted=true]")
            expect(piece).to_be_visible()
            # read in the lesson's first frame drawn: its tray's slots are sized as the frame
            # is laid out (fit.js's ResizeObserver), not when the lesson's mode is set (read
            # in between, on a loaded machine, a piece was the size of the play's tray)
            page.evaluate("() => new Promise((done) => requestAnimationFrame("
                          "() => requestAnimationFrame(done)))")
            assert page.evaluate("window.scrollY") == 0
            at = piece.bounding_box()
            tools = box(page, "#toolbar")
            assert at["y"] >= 0 and at["y"] + at["height"] <= tools["y"], (name, at, tools)
            hit = piece.evaluate("""b => { const r = b.getBoundingClientRect();
                const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height - 4);
                return b.contains(at); }""")
            assert hit, f"{name}: the lesson's piece is covered"
            shot(page, f"lesson-{name}-320x568{'-dark' if n >= 2 else ''}")
            dark = n >= 2
            states = {"start": lesson_layouts(page, name, "start", dark)}
            hint = page.get_by_role("button", name="Hint", exact=True)
            hint.tap()
            expect(page.locator("#status")).to_have_attribute("data-kind", "hint")
            states["hint"] = lesson_layouts(page, name, "hint", dark, look=True)
            player = Player(name)
            lesson = player.info["lesson"]
            step = lesson["steps"][0]
            taken = player.tray_piece(page, step["piece"])
            taken.tap()
            expect(taken).to_have_attribute("aria-pressed", "true")
            idle(page)
            states["taken"] = lesson_layouts(page, name, "taken", dark)
            held = taken.get_attribute("data-orientation")  # a spot it cannot go, by Python
            wrong = next(c for c in player.locations if not player.game.page.preview(
                lesson["challenge"], lesson["start"], step["piece"], held, c).legal)
            player.finger_tap(page, wrong)
            expect(page.locator("#status")).to_have_attribute("data-kind", "error")
            states["refused"] = lesson_layouts(page, name, "refused", dark, look=True)
            hint.tap()
            expect(page.locator("#status")).to_have_attribute("data-kind", "hint")
            idle(page)
            states["hint again"] = lesson_layouts(page, name, "hint-again", dark)
            expect_nothing_moved(name, states)
            if name == "link":
                assert min(letter_sizes(page)) >= 11, letter_sizes(page)
                page.get_by_role("button", name="Skip the lesson").tap()
                expect(page.locator("html")).not_to_have_attribute("data-mode", "lesson")
                for width, height in ((320, 568), (390, 844)):
                    page.set_viewport_size({"width": width, "height": height})
                    assert min(letter_sizes(page)) >= 11, (width, letter_sizes(page))
                shot(page, "play-link-390x844-dark")
    finally:
        context.close()


def letter_sizes(page: Page) -> list[float]:
    """The font size on screen (px) of each letter drawn on the board (IQ-Link's pegs)."""
    return page.locator("#board text").evaluate_all(
        "ts => ts.map(t => t.getScreenCTM().a * parseFloat(t.getAttribute('font-size')))")


FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"

# the message box's bottom edge (whole pixels inside it), its words made invisible: what
# is left is its cue
EDGE = """(bar) => {
  for (const words of [bar, ...bar.querySelectorAll("*")]) words.style.color = "transparent";
  const r = bar.getBoundingClientRect();
  const [x, y] = [Math.ceil(r.x), Math.floor(r.bottom) - 5];
  return { x, y, width: Math.floor(r.width) - 1, height: 4 };
}"""


def words_past_the_message_box_show_a_cue_until_scrolled_to(page: Page) -> None:
    """Issue 54, item 5: a hint longer than the message box (Polish on the smallest phone)
    is never cut without a sign: the box's lower edge is shaded while words go on below
    it, and plain once they are scrolled to their end, as it is with words that fit.
    (The status line's words are set here: what makes one long is the catalog's.)"""
    bar = page.locator(".message-bar")
    page.evaluate("document.querySelector('#status').textContent = 'Fits.'")
    page.evaluate(FRAME)
    edge = bar.evaluate(EDGE)
    plain = page.screenshot(clip=edge)
    page.evaluate("document.querySelector('#status').textContent = 'Goes on. '.repeat(60)")
    assert bar.evaluate("(b) => b.scrollHeight > b.clientHeight + 8")
    page.evaluate(FRAME)
    assert page.screenshot(clip=edge) != plain, "no cue where the words go on"
    bar.evaluate("(b) => { b.scrollTop = b.scrollHeight; }")
    page.evaluate(FRAME)
    assert page.screenshot(clip=edge) == plain, "a cue at the words' end"
