"""A phone's first visit (issue 22): the board at once, each file downloaded once, offline
after it (a release re-downloads only what changed: test_updates.py). Functional checks,
no timings (python build.py bench-web measures those).

Each test has a server of its own (the site's, gzipping as GitHub Pages does), which
counts what it sends and can hold a file back."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from buildtools.common import WEB
from buildtools.server import serve_in_thread

from .playing import READY_TIMEOUT, Player, press_hint

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

STEPS = Player("steps")
TWIST = Player("twist")
ENTRY = STEPS.game.challenge_by_id("2")


@pytest.fixture
def server(dist_dir):
    server = serve_in_thread(dist_dir)
    yield server
    server.release()
    server.shutdown()
    server.server_close()


def requested(server) -> Counter:
    return Counter(path.lstrip("/") or "index.html" for path, _ in server.requests)


def test_the_board_and_tray_are_there_while_the_engine_downloads(page: Page, server):
    """With the engine's WebAssembly held back by the server: the chosen challenge's
    board and tray are drawn, a piece can be picked and turned, and a move made then
    waits, visibly, and is played once the engine is ready. The clock does not count
    the engine's loading: it stands at 0:00 until the challenge is playable."""
    server.hold("pyodide.asm.wasm.xz")
    page.goto(f"{server.url}#game=steps&challenge={ENTRY.id}")
    expect(page.locator("html")).to_have_attribute("data-drawn", "true", timeout=READY_TIMEOUT)
    assert page.locator("html").get_attribute("data-ready") is None  # still loading
    expect(STEPS.board(page)).to_have_attribute("data-challenge", ENTRY.id)
    start = STEPS.game.strings.start_placement(ENTRY.challenge)
    expect(STEPS.board(page)).to_have_attribute("data-placement", start)
    expect(page.locator("#load-stage")).to_contain_text("Loading the puzzle engine")
    # the first piece of the solution the player still has to place, by the mouse
    item = next(p for p in STEPS.game.position(ENTRY.challenge, ENTRY.solution).played
                if p.piece not in STEPS.game.position(ENTRY.challenge).pieces)
    orientation, code = STEPS.grip(ENTRY.challenge, start, item)
    STEPS.hold(page, item.piece, orientation)  # picked and turned before the engine
    STEPS.location(page, code).click()
    expect(STEPS.status(page)).to_contain_text("still loading")
    assert STEPS.placement(page) == start
    timer = page.locator("#timer")  # while the piece was picked, turned and placed
    expect(timer).to_have_text("0:00")
    expect(timer).not_to_have_class(re.compile("running"))
    server.release()
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=READY_TIMEOUT)
    expect(STEPS.board(page)).to_have_attribute(
        "data-placement", STEPS.game.strings.play(ENTRY.challenge, start, str(item)))
    # that piece was the last: the challenge is won as the engine is ready, its time the
    # time it was playable, not the seconds of loading
    expect(page.locator("html")).to_have_attribute("data-solved", "true")
    expect(timer).to_have_text("0:00")
    record = json.loads(page.evaluate("localStorage.getItem('iqpuzzles.v1.steps')"))
    assert record["solved"][ENTRY.id]["best"] < 1000, record["solved"]


# Waits until the caches of the engine's unpacked files (web/python/packed.js) are `wanted` alone
KEPT_ALONE = """async ([wanted, timeout]) => {
  const deadline = performance.now() + timeout;
  for (;;) {
    const kept = (await caches.keys()).filter((name) => name.startsWith("unpacked-engine-"));
    if (kept.length === 1 && kept[0] === wanted) return kept;
    if (performance.now() > deadline) throw new Error(`kept: ${kept}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}"""


# whether the page registered its service worker after it was playable (marks "ready" and
# "release:register", web/chrome/updates.js)
REGISTERED_AFTER_READY = """() => performance.getEntriesByName("release:register")[0].startTime
  >= performance.getEntriesByName("ready")[0].startTime"""
# each key the player pressed (its event's own time), from the page's start
KEYS_PRESSED = """window.__pressed = [];
document.addEventListener("keydown", (e) => window.__pressed.push(e.timeStamp), true);"""
# how long a pause of the player's a first visit waits for before it registers its worker
# (read from web/chrome/updates.js, so that the two cannot drift apart)
PAUSE_MS = int(re.search(r"const PAUSE_MS = ([\d_]+);",
                         (WEB / "chrome" / "updates.js").read_text())[1])
SINCE_READY = "() => performance.now() - performance.getEntriesByName('ready')[0].startTime"
# when the page was playable, the keys pressed after, and when the worker was registered
PRESSED_AND_REGISTERED = """() => {
  const ready = performance.getEntriesByName("ready")[0].startTime;
  return [ready, window.__pressed.filter((t) => t >= ready),
          performance.getEntriesByName("release:register")[0].startTime];
}"""


def test_a_first_visit_downloads_each_file_once_and_then_plays_offline(page: Page, context,
                                                                         server, manifest,
                                                                         dist_dir):
    """The first visit downloads each file once; it keeps the engine's files unpacked
    (dropping the copies of an engine before), and the next visit, offline, starts from
    them and from the memory snapshot."""
    engine = json.loads((dist_dir / "engine.json").read_text())["engine"]
    page.goto(f"{server.url}build.json")  # the origin, none of its scripts
    page.evaluate("caches.open('unpacked-engine-0123456789abcdef')")  # an older engine's
    page.add_init_script(KEYS_PRESSED)
    page.goto(f"{server.url}#game=twist&challenge=1")
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    # a player who plays at once: keys pressed one after another until, by the page's own
    # clock, twice the pause has gone by since it was playable
    while page.evaluate(SINCE_READY) < 2 * PAUSE_MS:
        page.keyboard.press("ArrowRight")
    expect(page.locator("html")).to_have_attribute("data-offline", "ready",
                                                   timeout=READY_TIMEOUT)
    assert page.locator("html").get_attribute("data-snapshot") == "false"
    # its service worker was registered once the page was playable, not beside its start
    # (issue 41: it would pass each download through its thread and into its cache), and
    # in a pause of the player's, not beside their first moves: no key in the PAUSE_MS
    # before it (judged by the events' own times, however fast the machine sent them)
    assert page.evaluate(REGISTERED_AFTER_READY) is True
    ready, pressed, registered = page.evaluate(PRESSED_AND_REGISTERED)
    assert pressed, "no key reached the page once it was playable"
    assert registered - ready >= PAUSE_MS, (ready, registered)
    assert [t for t in pressed if registered - PAUSE_MS < t <= registered] == [], \
        (pressed, registered)
    page.evaluate(KEPT_ALONE, [f"unpacked-engine-{engine}", READY_TIMEOUT])
    counts = requested(server)
    # sw.js aside: Chromium checks a new registration's script once more at its first
    # event (the update check every service worker gets), 9 kB
    assert [path for path, n in counts.items() if n > 1 and path != "sw.js"] == [], \
        server.requests
    assert {"pyodide.asm.wasm.xz", manifest["wheel"] + ".xz", "python-snapshot.bin.gz"} \
        <= set(counts)
    server.reset()
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    assert page.locator("html").get_attribute("data-snapshot") == "true"  # kept, now used
    assert page.evaluate("window.iq.python.info.kept") is True  # nothing unpacked again
    # a page the worker serves registers at once (a release waiting applies at its start)
    assert page.evaluate(REGISTERED_AFTER_READY) is False
    before = TWIST.placement(page)
    press_hint(page)  # the engine plays offline: the hint ladder places a piece
    expect(TWIST.board(page)).not_to_have_attribute("data-placement", before)
    # a challenge whose early board was never kept: the service worker answers that it is
    # not here (a network error before), and the engine draws the board
    answers: list[tuple[str, int]] = []
    page.on("response", lambda r: answers.append((r.url, r.status)))
    page.evaluate("location.hash = '#game=twist&challenge=57'")
    expect(TWIST.board(page)).to_have_attribute("data-challenge", "57")
    expect(TWIST.board(page)).to_have_attribute(
        "data-placement", TWIST.game.strings.start_placement(
            TWIST.game.challenge_by_id("57").challenge))
    assert (server.url + "early/twist/57.json", 503) in answers, answers
    assert [path for path, _ in server.requests if path != "/sw.js"] == []
