"""bench-web: what a player waits for in Chromium, printed as numbers. Visits (bytes,
board drawn, piece placeable, the longest task until then and in a player's actions;
visits.py, actions.py) on localhost and emulated phone links, Lighthouse's mobile audit
(lighthouse.py), and in the ready page a finger's and a mouse's taps and drags (their
INP and the state drawn, CPU 4x; hand.py), the time to draw a new challenge, the taps to
place a piece by touch over the booklet's solutions (gestures.py, no browser) and the
solvable check and hint rungs over the booklet (in_page.py). Apart: --trace, the
functions in the main thread's long tasks (trace.py)."""

from __future__ import annotations

from pathlib import Path

from ..common import DIST, BuildError
from ..server import serve_in_thread
from ..site import build
from .gestures import bench_gestures
from .hand import bench_hand
from .in_page import bench_generate, bench_hints
from .lighthouse import bench_lighthouse
from .trace import bench_trace
from .visits import LINKS, bench_visits


def bench_web(runs: int = 3, links: list[str] | None = None, site: str | None = None,
              release: str | None = None, every: int = 1, visits_only: bool = False,
              lighthouse_only: bool = False, no_lighthouse: bool = False,
              hints_only: bool = False, trace: bool = False, throttle: bool = False,
              gestures_only: bool = False, hand_only: bool = False) -> None:
    """Every measure, or the ones the flags keep (build.py bench-web's options)."""
    if gestures_only:  # the pieces' turns alone: no site, no browser
        bench_gestures()
        return
    if trace:
        if not site:
            build()
        bench_trace(Path(site) if site else DIST, throttle=throttle)
        return
    if bool(site) != bool(release):
        raise BuildError("--site and --release go together (a site and its release)")
    build()
    chosen = [link for link in LINKS if not links or any(word in link for word in links)]
    if not (hints_only or hand_only):
        site_dir = Path(site) if site else None
        release_dir = Path(release) if release else None
        if not lighthouse_only:
            bench_visits(runs, chosen, site_dir, release_dir)
        if not no_lighthouse:
            bench_lighthouse(site_dir or DIST, runs)
        if visits_only or lighthouse_only:
            return
    server = serve_in_thread(DIST)
    try:
        if not hints_only:
            bench_hand(server.url)
            if hand_only:
                return
            bench_generate(server.url, runs=runs)
            bench_gestures()
        bench_hints(server.url, every=every)
    finally:
        server.shutdown()
