"""A phone's first visit (issue 22): the board at once, each file downloaded once, offline
after it, and a release re-downloads only what changed. Functional checks, no timings
(python build.py bench-web measures those).

Each test has a server of its own (the site's, gzipping as GitHub Pages does), which
counts what it sends and can hold a file back."""

from __future__ import annotations

import json
import re
import shutil
import threading
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from buildtools.common import WEB
from buildtools.release import RELEASE_CHANGE
from buildtools.server import make_server, serve_in_thread
from buildtools.site import build

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
    orientation, code = _grip(start, item)
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


def _grip(start: str, item) -> tuple[str, str]:
    """The orientation of the tray's piece and the location to click that play `item`."""
    for orientation in STEPS.pieces[item.piece]["orientations"]:
        try:
            return orientation, STEPS.anchor_for(ENTRY.challenge, start, item.piece,
                                                 orientation, str(item))
        except AssertionError:
            continue
    raise AssertionError(f"no orientation of piece {item.piece} plays {item}")


# Waits until the caches of the engine's unpacked files (web/packed.js) are `wanted` alone
KEPT_ALONE = """async ([wanted, timeout]) => {
  const deadline = performance.now() + timeout;
  for (;;) {
    const kept = (await caches.keys()).filter((name) => name.startsWith("unpacked-engine-"));
    if (kept.length === 1 && kept[0] === wanted) return kept;
    if (performance.now() > deadline) throw new Error(`kept: ${kept}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
    page.goto(f"{server.url}#game=twist&challenge=1")
    page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
    expect(page.locator("html")).to_have_attribute("data-offline", "ready",
                                                   timeout=READY_TIMEOUT)
    assert page.locator("html").get_attribute("data-snapshot") == "false"
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


def test_a_release_that_changes_one_file_downloads_that_file_only(page: Page, tmp_path: Path):
    """Two builds of the site at one address, the second with one JS module changed: a
    returning player's browser downloads the files of the page that changed with it (the
    page runs its modules bundled: index.html, boot.js, and the chunk that holds the
    module, under a new name) and the service worker itself, which says what changed, and
    no other: the new release's worker copies every other file from the old one's cache,
    and downloads each changed file once, as it installs (issue 37: all it needs offline,
    the renamed chunk too)."""
    web = tmp_path / "web"
    shutil.copytree(WEB, web, ignore=shutil.ignore_patterns("node_modules"))
    first, second = tmp_path / "first", tmp_path / "second"
    build(dist=first, web=web)
    changed = web / "tally.js"
    changed.write_text(changed.read_text() + RELEASE_CHANGE)
    build(dist=second, web=web)
    live = tmp_path / "site"
    live.symlink_to(first, target_is_directory=True)
    server = make_server(live)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        page.goto(server.url)
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        expect(page.locator("html")).to_have_attribute("data-offline", "ready",
                                                       timeout=READY_TIMEOUT)
        # ready for offline play: the worker's cache holds every file of the first build
        kept = set().union(*_kept(page).values())
        missing = set(_offline_files(first)) - kept
        assert not missing, f"not kept for offline play: {sorted(missing)}"
        old, new = _revisions(first), _revisions(second)
        changed = {name for name, revision in new.items() if old.get(name) != revision}
        assert "tally.js" in changed
        before = len(server.requests)
        live.unlink()
        live.symlink_to(second, target_is_directory=True)
        page.reload()  # the new release's pages, from the worker of the release before
        page.wait_for_selector("html[data-ready=true]", timeout=READY_TIMEOUT)
        _wait_for_a_waiting_worker(page)
        since = Counter(path.lstrip("/") for path, _ in server.requests[before:])
        # sw.js once or twice (the browser may check it at its own time too)
        needed = set(_offline_files(second)) | kept  # (kept: the early boards drawn)
        assert set(since) == {"sw.js"} | (changed & needed), (since, changed, _kept(page))
        assert any(name.startswith("chunk-") for name in set(since) - kept), since
        assert {"index.html", "boot.js"} <= set(since)
        assert all(n == 1 for name, n in since.items() if name != "sw.js"), since
    finally:
        server.shutdown()
        server.server_close()


def _build_line(site: Path) -> dict:
    """A build's service worker's record (its BUILD line)."""
    line = next(x for x in (site / "sw.js").read_text().splitlines()
                if x.startswith("const BUILD = "))
    return json.loads(line.removeprefix("const BUILD = ").rstrip(";"))


def _offline_files(site: Path) -> list[str]:
    """The files a build's service worker keeps for offline play."""
    return _build_line(site)["offline"]


def _revisions(site: Path) -> dict[str, str]:
    """Each file's revision (a hash of its content) in a build."""
    return _build_line(site)["files"]


def _kept(page: Page) -> dict[str, list[str]]:
    """Each of the site's caches and the files its record says it holds."""
    return page.evaluate("""async () => {
      const kept = {};
      for (const name of await caches.keys()) {
        const record = await (await caches.open(name)).match("__revisions__");
        kept[name] = record ? Object.keys(await record.json()) : [];
      }
      return kept;
    }""")


def _wait_for_a_waiting_worker(page: Page) -> None:
    """Ask for sw.js now (as the browser does after a navigation, at a time of its own),
    and wait until the new release's worker is installed and waiting. (wait_for_function
    cannot wait for this: it takes a promise for a true value.)"""
    page.evaluate("""(timeout) => navigator.serviceWorker.getRegistration().then((r) =>
      new Promise((resolve, reject) => {
        const check = () => r.waiting && resolve();
        const watch = (worker) => worker?.addEventListener("statechange", check);
        watch(r.installing);
        r.addEventListener("updatefound", () => watch(r.installing));
        setTimeout(() => reject(new Error("no new service worker installed")), timeout);
        check();
        r.update().catch(reject);
      }))""", READY_TIMEOUT)
