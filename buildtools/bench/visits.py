"""The visits a player makes, measured (python build.py bench-web): a first visit, a
return visit, and a return after a release that changed one JS file; on localhost and
on emulated links (the site's server, server.py, paces every byte it sends through one
shared link and waits a round trip before each answer, so the worker's and the service
worker's downloads are throttled too, which Chromium's own emulation does not promise).

For each: the bytes the server sent (gzipped, as GitHub Pages sends them) until a piece
can be placed and in all, the seconds until the board is drawn and until a piece can be
placed (the page's own clock: <html data-drawn> and <html data-ready>, noted by the page
as they are set), the longest task of the page's main thread until then (Long Tasks
API: 50 ms or more; 0 when there was none) and the load's layout shift (on localhost, at
each size issue 51 names too). A site that draws nothing before its engine
is ready (an older build) has its board drawn when it is ready. Where the CPU is slowed
(a phone's), then a player's actions on a page of its own (actions.py), and the longest
task and the Interaction to Next Paint of each (the hand's taps and drags: hand.py).
"""

from __future__ import annotations

import statistics
import tempfile
import threading
import time
from pathlib import Path

from ..browsers import CHROMIUM, CHROMIUM_ARGS
from ..release import clone_release
from ..server import make_server
from .actions import ACTIONS, open_challenge, run_actions, wait_for_mark
from .hand import EVENT_TIMING

# Run in every page before its own scripts: notes when the page marks its milestones,
# and its long tasks.
MILESTONES = Path(__file__).with_name("milestones.js")

# name -> (bits per second, seconds per request, how many times Chromium slows its CPU)
LINKS = {"localhost": (0, 0.0, 1), "9 Mbit/s, 40 ms": (9e6, 0.040, 1),
         "9 Mbit/s, 40 ms, CPU 4x slower": (9e6, 0.040, 4),
         "1.6 Mbit/s, 150 ms": (1.6e6, 0.150, 1)}


def one_visit(context, server, url: str, *, complete: bool, cpu: float = 1) -> dict:
    """One page load in `context`: seconds to drawn and ready, bytes until ready and in all
    (with `complete`: until the offline copy is done); `cpu`: how many times slower
    Chromium runs the page's scripts (DevTools' CPU throttling, as Lighthouse's mobile
    setting emulates a phone)."""
    before = len(server.requests)
    page = context.new_page()
    if cpu != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(url)
    wait_for_mark(page, "ready")  # (an observer of the page's: no polling by Playwright)
    if complete:  # the offline copy done: this build's page says so; an older one's
        # service worker precaches everything at its install, before it is ready
        # (polled by the page itself: Playwright's own polling evaluates a string, which
        # the page's Content-Security-Policy refuses)
        page.evaluate("""() => new Promise(done => {
          const held = () => document.documentElement.dataset.offline !== undefined
            || (!window.__offlineSignal && navigator.serviceWorker.controller);
          if (held()) return done();
          const every = setInterval(() => { if (held()) { clearInterval(every); done(); } }, 500);
        })""")
    # (a frame after ready: what the page moved as it became ready counted too)
    page.evaluate("() => new Promise((done) => requestAnimationFrame("
                  "() => requestAnimationFrame(done)))")
    marks = page.evaluate("({...window.__marks, origin: performance.timeOrigin})")
    shift = page.evaluate("window.__shift ?? 0")
    tasks = page.evaluate("window.__takeTasks?.(), window.__tasks")
    ready_at = (marks["origin"] + marks["ready"]) / 1000
    sent = list(zip(server.requests[before:], server.started[before:], strict=True))
    page.close()
    return {"drawn": marks.get("drawn", marks["ready"]) / 1000, "ready": marks["ready"] / 1000,
            "longest": max([d for t, d in tasks if t <= marks["ready"]], default=0) / 1000,
            "bytes_ready": sum(n for (_, n), t in sent if t <= ready_at),
            "bytes": sum(n for (_, n), _t in sent), "shift": shift}


def player_actions(context, url: str, cpu: float) -> dict[str, tuple[float, float]]:
    """The longest task of the page's main thread (Long Tasks API; 0 when none reached 50
    ms) and the Interaction to Next Paint (Event Timing API, inp.js: the longest of the
    action's interactions; 0 when none reached 16 ms) of each of a player's actions
    (actions.py), seconds, the CPU `cpu` times slower."""
    page = context.new_page()
    page.add_init_script(path=EVENT_TIMING)  # this page's only: the visits' loads stay bare
    if cpu != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    try:
        open_challenge(page, url)

        def longest(name, action) -> tuple[float, float]:
            start = page.evaluate("performance.now()")
            action()
            return (max(page.evaluate(TAKE_TASKS, start), default=0) / 1000,
                    max(page.evaluate(TAKE_INTERACTIONS, start), default=0) / 1000)
        return run_actions(page, longest)
    finally:
        page.close()


# the durations of the long tasks that started since `start`, ms (those the observer has
# not told yet taken too)
TAKE_TASKS = "(start) => { window.__takeTasks?.(); " \
    "return window.__tasks.filter(([t]) => t >= start).map(([, d]) => d); }"
# the longest event of each interaction that began since `start`, ms (inp.js)
TAKE_INTERACTIONS = "(start) => window.__interactions(start)"


def bench_visits(runs: int, links: list[str], site: Path | None = None,
                 release: Path | None = None) -> dict:
    """First visit, return visit and a return after a one-JS-file release, per emulated
    link of LINKS, `runs` times: this tree's site and a release of it built from fresh
    clones (release.py), or `site` and its `release` (two builds of another tree, e.g. an
    older main's, served by this server); prints the medians."""
    from playwright.sync_api import sync_playwright  # a test dependency, imported late

    results: dict = {}
    with tempfile.TemporaryDirectory(prefix="iq-bench-") as tmp, sync_playwright() as pw:
        if site is None or release is None:
            site, release = clone_release(Path(tmp))
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for link in links:
                bits, latency, cpu = LINKS[link]
                for _ in range(runs):
                    results.setdefault(link, []).append(measure(
                        browser, site, release, "#game=steps", bits, latency, cpu))
                report({link: results[link]})
            if "localhost" in links:
                report_shifts(layout_shifts(browser, site))
        finally:
            browser.close()
    return results


# the sizes issue 51 holds the page's layout shift to 0.005 a load at (a phone upright, a
# small one, one on its side, a tablet on its side, a laptop)
SHIFT_SIZES = [(320, 568), (390, 844), (844, 390), (1024, 768), (1280, 800)]


def layout_shifts(browser, site: Path) -> dict[tuple[int, int], dict[str, float]]:
    """The layout shift of a first visit and a return visit (#game=twist, localhost) at
    each of SHIFT_SIZES, in a fresh context each (a phone's with touch)."""
    server = make_server(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    shifts = {}
    try:
        for width, height in SHIFT_SIZES:
            phone = width <= 640 or height <= 500
            context = browser.new_context(viewport={"width": width, "height": height},
                                          has_touch=phone, is_mobile=phone, bypass_csp=True)
            context.add_init_script(path=MILESTONES)
            try:
                url = server.url + "#game=twist"
                shifts[width, height] = {
                    visit: one_visit(context, server, url, complete=False)["shift"]
                    for visit in ("first visit", "return visit")}
            finally:
                context.close()
    finally:
        server.shutdown()
        server.server_close()
    return shifts


def report_shifts(shifts: dict[tuple[int, int], dict[str, float]]) -> None:
    print("\nlayout shift a load (localhost, #game=twist; issue 51: 0.005 at most):")
    print(f"  {'size':10s} {'first visit':>12s} {'return visit':>13s}")
    for (width, height), by_visit in shifts.items():
        print(f"  {f'{width}x{height}':10s} {by_visit['first visit']:12.4f} "
              f"{by_visit['return visit']:13.4f}")


def measure(browser, site: Path, release: Path, url_path: str, bits: float, latency: float,
            cpu: float = 1) -> dict[str, dict]:
    """First visit, return visit, and a return after `release` replaced `site` (at one
    address), in a fresh browser context."""
    with tempfile.TemporaryDirectory(prefix="iq-visits-") as tmp:
        live = Path(tmp) / "site"
        live.symlink_to(site, target_is_directory=True)
        server = make_server(live)
        server.warm(site)
        server.warm(release)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        server.throttle(bits, latency)
        context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
        context.add_init_script(path=MILESTONES)
        if (site / "engine.json").exists():  # a page that says when its offline copy is done
            context.add_init_script("window.__offlineSignal = true;")
        try:
            url = server.url + url_path
            first = one_visit(context, server, url, complete=True, cpu=cpu)
            again = one_visit(context, server, url, complete=True, cpu=cpu)
            if cpu != 1:  # a player's actions, where the CPU is a phone's
                again["actions"] = player_actions(context, url, cpu)
            live.unlink()
            live.symlink_to(release, target_is_directory=True)
            before = len(server.requests)
            released = one_visit(context, server, url, complete=True, cpu=cpu)
            # the browser asks for sw.js, finds the release's and installs it: its downloads
            # are the release's cost
            deadline = time.time() + 300
            while "/sw.js" not in [p for p, _ in server.requests[before:]]:
                if time.time() > deadline:
                    raise TimeoutError("the browser never asked for the new sw.js")
                time.sleep(0.2)
            page = context.new_page()
            page.goto(server.url + "engine.json")
            page.wait_for_function("navigator.serviceWorker.getRegistration()"
                                   ".then((r) => Boolean(r && !r.installing))", timeout=600_000)
            page.close()
            released["bytes"] = sum(n for _, n in server.requests[before:])
            return {"first visit": first, "return visit": again, "after a release": released}
        finally:
            context.close()
            server.shutdown()
            server.server_close()


def report(results: dict[str, list[dict[str, dict]]]) -> None:
    """Medians over the runs, one table per link."""
    for link, runs in results.items():
        print(f"\n{link} (median of {len(runs)} runs, 390x844, #game=steps):")
        print(f"  {'visit':18s} {'board drawn':>12s} {'piece placeable':>16s} "
              f"{'bytes until placeable':>22s} {'bytes in all':>13s} {'longest task':>13s} "
              f"{'layout shift':>13s}")
        for visit in runs[0]:
            drawn, ready, until, total, longest, shift = (
                statistics.median(run[visit][key] for run in runs)
                for key in ("drawn", "ready", "bytes_ready", "bytes", "longest", "shift"))
            print(f"  {visit:18s} {drawn:10.2f} s {ready:14.2f} s "
                  f"{until / 1e6:19.2f} MB {total / 1e6:10.2f} MB {longest * 1000:10.0f} ms "
                  f"{shift:13.4f}")
        if "actions" in runs[0]["return visit"]:
            print("  then a player's actions (median, max; INP 0: none reached 16 ms):")
            print(f"    {'action':20s} {'longest task':>23s} {'INP':>22s}")
            for name in ACTIONS:
                tasks, inps = ([run["return visit"]["actions"][name][i] * 1000 for run in runs]
                               for i in (0, 1))
                print(f"    {name:20s} {statistics.median(tasks):10.0f} ms {max(tasks):8.0f} ms"
                      f" {statistics.median(inps):10.0f} ms {max(inps):8.0f} ms")
