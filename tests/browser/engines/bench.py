"""What each engine costs a player to start the game, on localhost: the seconds until a
piece can be placed (the page's performance mark "ready") on a first visit and on a return
visit (the service worker's copy and the kept memory snapshot), and where the engine's
worker spends them (its marks: the runtime's files read, the WebAssembly compile, Python's
start, the package).

    python -m tests.browser.engines.bench [--runs 3] [--engines chromium firefox webkit]

Each run starts a fresh browser of each engine in turn (a new player), so the engines
share the machine's load alike. Medians over the runs are printed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from buildtools.common import DIST
from buildtools.server import serve_in_thread
from buildtools.site import build

from .drivers import launch

URL_PATH = "#game=steps&challenge=1"
LEARNED = json.dumps(json.dumps(["twist", "focus", "steps", "link"]))
# the ready mark once it is there, and the worker's own marks (ms since it started)
READY = """(() => {
  const ready = performance.getEntriesByName("ready")[0];
  const info = window.iq && window.iq.python && window.iq.python.info;
  return ready && info ? {ready: ready.startTime, worker: info.seconds * 1000,
                          snapshot: info.snapshot, marks: info.marks} : null;
})()"""


def phases(visit: dict) -> dict[str, float]:
    """Seconds from navigation to ready, and the worker's phases (the runtime's files:
    until the last of them is read; then the compile, Python's start, the package)."""
    marks = visit["marks"]
    files = max((t for name, t in marks.items() if name.startswith("read ")), default=0)
    return {
        "ready": visit["ready"] / 1000,
        "worker starts": (visit["ready"] - visit["worker"]) / 1000,
        "files read": files / 1000,
        "compile": (marks.get("compiled", 0) - marks.get("compile", 0)) / 1000,
        "python starts": (marks["loadPyodide"] - marks.get("compiled", 0)) / 1000,
        "package": (marks["import"] - marks["loadPyodide"]) / 1000,
    }


def visits(name: str, url: str) -> dict[str, dict]:
    """A new player's first visit and return visit in a fresh browser of engine `name`."""
    with launch(name) as engine:
        engine.size(390, 844)
        engine.open(url + "build.json")
        engine.js(f"localStorage.setItem('iqpuzzles.v1.learned', {LEARNED})")
        engine.open(url + URL_PATH)
        first = engine.wait(READY, 300)
        engine.wait("document.documentElement.dataset.offline", 300)
        engine.open(url + "build.json")  # away, then back: a new page, a new worker
        engine.open(url + URL_PATH)
        again = engine.wait(READY, 300)
        assert not first["snapshot"] and again["snapshot"], (first, again)
        return {"first visit": phases(first), "return visit": phases(again),
                "version": engine.version}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--engines", nargs="*", default=["chromium", "firefox", "webkit"])
    parser.add_argument("--site", type=Path, help="measure this built site (default: dist/, "
                        "built first)")
    args = parser.parse_args(argv)
    if args.site is None:
        build()
    server = serve_in_thread(args.site or DIST)
    results: dict[str, list[dict]] = {name: [] for name in args.engines}
    try:
        for run in range(args.runs):
            for name in args.engines:
                results[name].append(visits(name, server.url))
                print(f"run {run + 1}: {name} {json.dumps(results[name][-1])}",
                      file=sys.stderr, flush=True)
    finally:
        server.shutdown()
    columns = ["ready", "worker starts", "files read", "compile", "python starts", "package"]
    print(f"{'engine':24s} {'visit':13s} " + " ".join(f"{c:>13s}" for c in columns))
    for name, runs in results.items():
        for visit in ("first visit", "return visit"):
            cells = [statistics.median(r[visit][c] for r in runs) for c in columns]
            print(f"{name + ' ' + runs[0]['version']:24s} {visit:13s} "
                  + " ".join(f"{c:13.2f}" for c in cells))
    print(f"(seconds, median of {args.runs}; 'ready' from navigation, the worker's phases "
          "from its own start)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
