"""The page itself, whatever the game (played on IQ-Twist challenge 1, the first a
player meets): addresses, saved progress, the picker and the game tabs, Restart, Solve
and Stop, touch and drag, the board drawn before the engine is ready."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from buildtools.server import serve_in_thread

from .playing import calls, calls_since, count_calls, press_hint, solve
from .test_play_twist import (
    CHALLENGE,
    INFO,
    LOCATIONS,
    START,
    TODO,
    TWIST,
    anchor_for,
    board,
    location,
    open_at,
    place_with_mouse,
    placement,
    status,
    tray_piece,
    turns,
)

pytestmark = pytest.mark.browser


@pytest.mark.motion  # the solve is drawn step by step
def test_solve_is_one_call_animated_then_undone(page, site_url):
    count_calls(page)
    site = open_at(page, site_url, "game=twist&challenge=1")
    site.evaluate("""() => { window.__seen = []; new MutationObserver(() => window.__seen.push(
        document.getElementById("board").dataset.placement)).observe(
        document.getElementById("board"), { attributeFilter: ["data-placement"] }); }""")
    asked = calls(site)
    # Solve asks first (issue 38), in the page's own dialog, by keyboard: its question is
    # its name, what it costs its description; Cancel has the focus, Escape says no and
    # changes nothing, the focus back on Solve
    button = site.get_by_role("button", name="Solve", exact=True)
    button.press("Enter")
    confirm = site.get_by_role("alertdialog", name="Show the whole solution?")
    expect(confirm).to_be_visible()
    expect(confirm).to_have_accessible_description(
        "This challenge will not count as solved by you.")
    expect(confirm.get_by_role("button", name="Cancel")).to_be_focused()
    expect(site.locator("#timer")).not_to_have_class(re.compile("running"))  # a dialog over it
    site.keyboard.press("Escape")
    expect(confirm).to_be_hidden()
    expect(button).to_be_focused()
    assert calls_since(site, asked) == {}
    expect(board(site)).to_have_attribute("data-placement", START)
    # asked again before the browser said the first question closed (its close event
    # comes with the next frame): that late event does not answer the new question
    button.press("Enter")
    expect(confirm).to_be_visible()
    site.evaluate("""() => { document.getElementById("confirm").close();
        document.querySelector('#toolbar [data-action="solve"]').click(); }""")
    expect(confirm).to_be_visible()
    site.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done)))")
    expect(confirm).to_be_visible()
    site.keyboard.press("Tab")
    expect(confirm.get_by_role("button", name="Solve")).to_be_focused()
    site.keyboard.press("Enter")
    expect(site.locator("html")).to_have_attribute("data-solved", "true", timeout=30_000)
    assert calls_since(site, asked) == {"solve": 1}
    # every step was drawn in turn: one more piece each time
    seen = list(dict.fromkeys(site.evaluate("window.__seen")))
    assert [len(p) for p in seen] == [len(START) + 4 * k for k in range(1, len(TODO) + 1)], seen
    assert TWIST.strings.is_solved(CHALLENGE.challenge, placement(site))
    expect(site.get_by_role("button", name="Solve", exact=True)).to_be_disabled()
    # a way on after Solve too (issue 51): the card, its words saying help was taken, its
    # Next challenge; the status says the computer solved it
    card = site.locator(".win-card")
    expect(card).to_be_visible()
    expect(card.locator(".win-title")).to_have_text("Solved with help")
    expect(card.get_by_role("button", name="Next challenge")).to_be_visible()
    expect(site.locator("#status")).to_contain_text("Solved by the computer")
    site.get_by_role("button", name="Undo", exact=True).click()
    expect(card).to_be_hidden()
    expect(board(site)).to_have_attribute("data-placement", START)
    expect(site.locator("html")).not_to_have_attribute("data-solved", "true")
    site.get_by_role("button", name="Redo", exact=True).click()
    expect(site.locator("html")).to_have_attribute("data-solved", "true")
    # solved with the computer's help: recorded as such, with no best time
    record = json.loads(site.evaluate("localStorage.getItem('iqpuzzles.v1.twist')"))
    assert record["solved"]["1"]["helped"] is True and record["solved"]["1"]["best"] is None


def test_restart_is_undoable(site):
    place_with_mouse(site, "d2A6")
    place_with_mouse(site, "e2C3")
    played = placement(site)
    site.get_by_role("button", name="Restart", exact=True).click()
    expect(board(site)).to_have_attribute("data-placement", START)
    site.get_by_role("button", name="Undo", exact=True).click()
    expect(board(site)).to_have_attribute("data-placement", played)


def test_the_url_restores_a_position(page, site_url):
    position = TWIST.strings.play(CHALLENGE.challenge, START, "d2A6")
    open_at(page, site_url, f"game=twist&challenge=1&placed={quote(position)}")
    expect(board(page)).to_have_attribute("data-placement", position)
    expect(tray_piece(page, "d")).to_have_count(0)
    # another challenge by its id, at its start
    other = TWIST.challenge_by_id("25")
    open_at(page, site_url, "game=twist&challenge=25")
    expect(board(page)).to_have_attribute("data-challenge", "25")
    start = TWIST.strings.start_placement(other.challenge)
    expect(board(page)).to_have_attribute("data-placement", start)
    # the hash follows play, so the address is a link to the position
    press_hint(page)
    other_start = TWIST.strings.start_placement(other.challenge)
    expect(board(page)).not_to_have_attribute("data-placement", other_start)
    now = placement(page)
    assert f"placed={now}" in page.url and "challenge=25" in page.url
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=60_000)
    expect(board(page)).to_have_attribute("data-placement", now)


# when the board is first shown, and when Python is ready, in the page's clock
SEEN = """
  window.__seen = {};
  new MutationObserver(() => {
    const board = document.getElementById("board");
    if (board && !board.hidden && !window.__seen.board) window.__seen.board = performance.now();
    if (document.documentElement.dataset.ready && !window.__seen.ready) {
      window.__seen.ready = performance.now();
    }
  }).observe(document, { subtree: true, attributes: true, childList: true });
"""


def test_progress_is_saved_and_restored(site):
    """The game saved comes back on a return visit, drawn before Python is ready, with its
    history."""
    place_with_mouse(site, "d2A6")
    played = placement(site)
    site.add_init_script(SEEN)
    site.goto(site.url.split("#")[0])  # no hash: the saved game comes back
    site.wait_for_selector("html[data-ready=true]", timeout=60_000)
    seen = site.evaluate("window.__seen")
    assert seen["board"] < seen["ready"], seen
    expect(board(site)).to_have_attribute("data-placement", played)
    site.get_by_role("button", name="Undo", exact=True).click()  # with its history
    expect(board(site)).to_have_attribute("data-placement", START)


def test_the_picker_opens_a_challenge_by_level(site):
    site.locator("#challenge-button").click()
    dialog = site.get_by_role("dialog")
    expect(dialog).to_be_visible()
    for level in INFO["levels"]:  # a section each, one after another
        expect(dialog.get_by_role("heading", name=level, exact=True)).to_have_count(1)
    dialog.locator(".level-jump[data-level='Wizard']").click()
    expect(site.locator(".challenge-cell[data-id='97']")).to_be_focused()  # its first
    site.locator(".challenge-cell[data-id='120']").click()
    expect(dialog).to_be_hidden()
    expect(board(site)).to_have_attribute("data-challenge", "120")
    expect(site.locator("#challenge-level")).to_have_text("Wizard")


def test_the_game_switcher_lists_the_available_games(site):
    from iqpuzzles import games

    names = games(registered=False)
    tabs = site.locator("#games .game-tab")
    expect(tabs).to_have_count(len(names))
    expect(site.locator("#games [data-game=twist]")).to_have_attribute("aria-pressed", "true")
    place_with_mouse(site, "d2A6")
    played = placement(site)
    others = [n for n in names if n != "twist"]
    assert others, "the other games are listed"
    # a keyboard player's cursor on this game's board (a piece in hand, moved once; the
    # mouse away from the board)...
    tab = site.locator(f"#games [data-game={others[0]}]")
    tab.hover()
    site.keyboard.press("1")
    site.keyboard.press("ArrowRight")
    expect(board(site)).to_have_attribute("data-ghost-legal", re.compile("."))
    tab.click()
    expect(tab).to_have_attribute("aria-pressed", "true")
    expect(site).to_have_url(re.compile(f"game={others[0]}&"))
    expect(board(site)).not_to_have_attribute("data-placement", played)
    # ...means nothing in the next game: a piece taken there by a click is in hand, with
    # no ghost asked for at the last game's spot (the worker answers in order: once the
    # pointer's ghost is drawn, any earlier answer has come)
    site.locator(".tray-piece").first.click()
    expect(board(site)).not_to_have_attribute("data-ghost-legal", re.compile("."))
    site.locator("#board .loc").first.hover()
    expect(board(site)).to_have_attribute("data-ghost-legal", re.compile("."))
    expect(status(site)).to_contain_text("in hand")
    site.keyboard.press("Escape")
    site.locator("#games [data-game=twist]").click()
    expect(board(site)).to_have_attribute("data-placement", played)  # each game keeps its game


def test_touch_on_a_phone_places_without_scrolling(browser, site_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    urls = []
    context.on("request", lambda request: urls.append(request.url))
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_selector("html[data-ready=true]", timeout=60_000)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        touch = page.evaluate("getComputedStyle(document.getElementById('board')).touchAction")
        assert touch == "none"
        item = "d2A6"
        tray_piece(page, "d").tap()
        for name in turns("d", "0", "6"):
            page.get_by_role("button", name=name, exact=True).tap()
        location(page, anchor_for(START, item)).tap()
        expect(board(page)).to_have_attribute("data-placement",
                                              TWIST.strings.play(CHALLENGE.challenge, START, item))
        # every control is on screen
        for name in ("Undo", "Redo", "Restart", "Rotate", "Flip", "Hint", "Solve"):
            box = page.get_by_role("button", name=name, exact=True).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390
            assert box["y"] + box["height"] <= 844
    finally:
        context.close()
    assert all(url.startswith(("data:", "blob:")) or url.startswith(site_url.rstrip("/"))
               for url in urls), urls


def test_drag_a_piece_from_the_tray_onto_the_board(site):
    item, code = next((p.placement, code) for piece in "abcdegh" for code in LOCATIONS
                      for p in [TWIST.page.preview(CHALLENGE.challenge, START, piece, "0", code)]
                      if p.legal)
    source = tray_piece(site, item[0]).bounding_box()
    target = location(site, code).bounding_box()
    site.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    site.mouse.down()
    site.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=8)
    expect(board(site)).to_have_attribute("data-ghost", item)
    site.mouse.up()
    expect(board(site)).to_have_attribute("data-placement",
                                          TWIST.strings.play(CHALLENGE.challenge, START, item))


@pytest.mark.motion  # the solve is drawn step by step
def test_stop_a_running_solve(site):
    solve(site)
    stop = site.get_by_role("button", name="Stop", exact=True)
    stop.click(timeout=10_000)
    expect(status(site)).to_contain_text("Stopped", timeout=60_000)
    expect(board(site)).to_have_attribute("data-placement", START, timeout=60_000)
    expect(site.locator("html")).not_to_have_attribute("data-solved", "true")
    press_hint(site)  # Python answers again
    expect(board(site)).not_to_have_attribute("data-placement", START)


def test_the_page_runs_nothing_but_the_sites_own_files(site, refused):
    """The page's Content-Security-Policy (a <meta>: GitHub Pages sends no header) runs
    the site's own scripts and the one build.py wrote into the page (the board's shape
    was set before the first paint), and refuses a script put into the page and an image
    the site does not serve; the browser tests hear every refusal (none anywhere else)."""
    policy = site.evaluate("""document.querySelector('meta[http-equiv="Content-Security-Policy"]')
      .content""")
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["default-src"] == "'self'" and directives["object-src"] == "'none'"
    assert site.evaluate("document.documentElement.style.getPropertyValue('--board-aspect')")
    site.evaluate("""() => {
      const script = document.createElement("script");
      script.textContent = "window.ran = true";
      document.head.append(script);
      new Image().src = URL.createObjectURL(new Blob(["<svg/>"], { type: "image/svg+xml" }));
    }""")
    for _ in range(200):  # (each refusal is told as an event of its own, a task later)
        if len(refused) >= 2:
            break
        site.wait_for_timeout(50)
    assert site.evaluate("window.ran ?? false") is False
    assert sorted(r["directive"] for r in refused) == ["img-src", "script-src-elem"], refused
    refused.clear()


def test_in_another_sites_frame_the_page_offers_its_own_tab(page, site_url, tmp_path):
    """Framed by a page of another origin (another port), the game does not start there
    (its buttons could be covered by that site's): a link opens it in a tab of its own."""
    (tmp_path / "index.html").write_text(
        f'<!doctype html><iframe src="{site_url}#game=focus" width="800" height="600"></iframe>')
    other = serve_in_thread(tmp_path)
    page.goto(other.url)
    framed = page.frame_locator("iframe")
    expect(framed.locator("html")).to_have_attribute("data-framed", "true")
    link = framed.get_by_role("link", name="Open IQ Puzzles in a tab of its own")
    expect(link).to_have_attribute("target", "_blank")
    assert link.get_attribute("href").startswith(site_url)
    expect(framed.locator("html")).not_to_have_attribute("data-ready", "true")
    other.shutdown()
    other.server_close()
