#!/usr/bin/env python3
"""Build, serve and test the IQ Puzzles static site.  Standard library only.

    python build.py [build] [--force]       build dist/ (quick when nothing changed)
    python build.py serve [--port 8000]     build if needed, serve dist/ on 127.0.0.1
    python build.py test [PYTEST ARGS...]   install what the tests need, build, run pytest
    python build.py bench-web [--runs 3]    a first visit, a return visit and one after a
                                            release built from fresh clones (bytes, board
                                            drawn, piece placeable) on localhost and emulated
                                            phone links, one with the CPU slowed 4x;
                                            Lighthouse (mobile) on the first and return
                                            visit; the time to generate a challenge in the
                                            page; the solvable check and hint rungs over the
                                            booklet
                                            [--links W..] [--visits-only] [--every N]
                                            [--lighthouse-only] [--no-lighthouse]
                                            [--hints-only] [--site DIR --release DIR]

dist/ is a folder of static files with relative paths only, so any static host (GitHub
Pages under a sub-path included) serves it as is: the package's wheel, the Pyodide runtime
from web/node_modules/pyodide (pinned by web/package.json + lock) with its standard library
precompiled to .pyc (cached in .cache/), the files of web/, a service worker whose cache
name and precache list come from the content hashes of the build, and .nojekyll.
Each job is a module of buildtools/ (its docstring lists them); this file reads the
command line.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from buildtools.browsers import CHROMIUM, CHROMIUM_ARGS
from buildtools.common import DIST, ROOT, WEB, BuildError
from buildtools.node import NODE_MODULES
from buildtools.release import clone_release
from buildtools.runner import run_tests
from buildtools.server import make_server, serve_in_thread
from buildtools.site import build


def cmd_build(args: argparse.Namespace) -> int:
    build(force=args.force, snapshot=not args.no_snapshot)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    build()
    server = make_server(DIST, args.port, quiet=False)
    print(f"Serving dist/ at {server.url}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def cmd_test(pytest_args: list[str]) -> int:
    return run_tests(pytest_args)


def web_tool(name: str):
    """A module of web/tools/ (build-time helpers, not part of the site), imported late."""
    spec = importlib.util.spec_from_file_location(f"iq_{name}", WEB / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bench_visits(runs: int, links: list[str], site: Path | None = None,
                 release: Path | None = None) -> dict:
    """First visit, return visit and a return after a one-JS-file release, per emulated
    link (web/tools/visits.py): this tree's site, or `site` and its `release` (two builds
    of another tree, e.g. an older main's, served by this server)."""
    from playwright.sync_api import sync_playwright  # a test dependency, imported late

    visits = web_tool("visits")
    results: dict = {}
    with tempfile.TemporaryDirectory(prefix="iq-bench-") as tmp, sync_playwright() as pw:
        if site is None:
            site, release = clone_release(Path(tmp))
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for link in links:
                bits, latency, cpu = visits.LINKS[link]
                for _ in range(runs):
                    results.setdefault(link, []).append(visits.measure(
                        browser, make_server, site, release, "#game=steps", bits, latency,
                        cpu))
                visits.report({link: results[link]})
        finally:
            browser.close()
    return results


LIGHTHOUSE_COLUMNS = (("performance", "performance", "{:.0f}"), ("FCP", "fcp", "{:.2f} s"),
                      ("LCP", "lcp", "{:.2f} s"), ("TBT", "tbt", "{:.0f} ms"),
                      ("CLS", "cls", "{:.3f}"), ("SEO", "seo", "{:.0f}"))


def bench_lighthouse(site: Path, runs: int) -> dict:
    """Lighthouse (web/tools/lighthouse.mjs: mobile defaults, a simulated slow 4G link
    and a 4x slower CPU) over a first and a return visit of #game=steps, `runs` times,
    the site served gzipped as GitHub Pages serves it; prints the medians and where the
    main thread's time went."""
    server = make_server(site)
    server.warm(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        out = subprocess.run(
            ["node", str(WEB / "tools" / "lighthouse.mjs"), server.url + "#game=steps",
             str(runs)], cwd=WEB, capture_output=True, text=True, check=True,
            env=dict(os.environ, CHROME_PATH=CHROMIUM)).stdout
    finally:
        server.shutdown()
        server.server_close()
    results = json.loads(out)
    print(f"\nLighthouse {lighthouse_version()}, mobile (median of {runs} runs, #game=steps):")
    print("  " + f"{'visit':14s}" + "".join(f"{title:>13s}" for title, _, _ in
                                             LIGHTHOUSE_COLUMNS))
    for visit, steps in results.items():
        cells = []
        for _, key, form in LIGHTHOUSE_COLUMNS:
            value = median([step[key] for step in steps])
            cells.append(form.format(value / 1000 if form.endswith(" s") else value))
        print("  " + f"{visit + ' visit':14s}" + "".join(f"{c:>13s}" for c in cells))
    for visit, steps in results.items():
        groups = {g: median([step["mainThread"].get(g, 0) for step in steps])
                  for g in steps[0]["mainThread"]}
        work = ", ".join(f"{g} {ms / 1000:.2f} s" for g, ms in groups.items() if ms >= 10)
        longest = sorted((t["ms"], t["url"].rsplit("/", 1)[-1] or "the page")
                         for step in steps for t in step["longTasks"])[::-1][:4]
        print(f"  {visit} visit, main thread: {work}")
        print(f"    longest tasks (of {runs} runs): " + (", ".join(
            f"{ms} ms {where}" for ms, where in longest) or "none"))
        failing = sorted({a for step in steps for a in step["failing"]})
        if failing:
            print(f"    SEO audits failing: {', '.join(failing)}")
    return results


def lighthouse_version() -> str:
    return json.loads((NODE_MODULES / "lighthouse" / "package.json").read_text())["version"]


@contextlib.contextmanager
def ready_page(url: str):
    """A page of the site in headless Chromium, once Python answered; closed after."""
    from playwright.sync_api import sync_playwright  # a test dependency, imported late

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context().new_page()
            page.goto(url)
            page.wait_for_selector("html[data-ready=true]", timeout=60_000)
            yield page
        finally:
            browser.close()


def bench_generate(url: str, runs: int = 3) -> dict:
    """Seconds from a click on "New challenge" to the new challenge drawn, per game that
    can generate and per level, in headless Chromium (the page's own figure is the time
    of the generate op alone, html[data-generate-ms])."""
    results: dict[str, dict[str, list[float]]] = {}
    with ready_page(url) as page:
        games = page.eval_on_selector_all(".game-tab", "els => els.map(e => e.dataset.game)")
        for name in games:
            page.click(f".game-tab[data-game={name}]")
            page.wait_for_selector(f".game-tab[data-game={name}][aria-pressed=true]")
            page.wait_for_selector("html[data-busy=false]")
            page.click("#challenge-button")
            if page.is_disabled("[data-action=new-challenge]"):
                page.keyboard.press("Escape")
                print(f"{name:6s}: cannot generate challenges yet")
                continue
            page.keyboard.press("Escape")
            levels = page.eval_on_selector_all(".level-tab",
                                               "els => els.map(e => e.dataset.level)")
            for level in levels:
                for _ in range(runs):
                    page.click("#challenge-button")
                    page.click(f".level-tab[data-level='{level}']")
                    # a new challenge gets a new random seed, so its link changes
                    # (its puzzle may, rarely, equal the one before)
                    before = page.evaluate("location.hash")
                    t0 = time.perf_counter()
                    page.click("[data-action=new-challenge]")
                    page.wait_for_function(
                        "h => location.hash !== h && location.hash.includes('seed=') "
                        "&& document.documentElement.dataset.busy === 'false'", arg=before,
                        timeout=60_000)
                    results.setdefault(name, {}).setdefault(level, []).append(
                        time.perf_counter() - t0)
            for level, times in results.get(name, {}).items():
                times.sort()
                print(f"{name:6s} {level:8s}: new challenge drawn in median "
                      f"{times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s ({runs} runs)")
    return results


def booklet_walks(every: int = 1) -> dict[str, list[tuple[str, list[str]]]]:
    """Per game, per booklet challenge (every `every`-th), the positions on the way from its
    start to its solution, one piece at a time (the solved one left out)."""
    sys.path.insert(0, str(ROOT / "py"))
    from iqpuzzles import GAMES, game  # the package from the sources, imported late

    walks: dict[str, list[tuple[str, list[str]]]] = {}
    for name in GAMES:
        g = game(name)
        for entry in g.challenges[::every]:
            position = g.position(entry.challenge)
            solved = g.position(entry.challenge, entry.solution)
            steps = []
            for placement in (p for p in solved.played if p.piece not in position.pieces):
                steps.append(str(position))
                position = position.play(placement)
            walks.setdefault(name, []).append((entry.challenge, steps))
    return walks


BENCH_HINTS_JS = """async ([game, walks]) => {
  const py = window.iq.python, time = {solvable: [], 1: [], 2: [], 3: []};
  // not timed: the game's first calls build its tables once (a player waits for that on
  // the game's first move, not on every one)
  const [first, firstSteps] = walks[0];
  await py.call("solvable", {game, challenge: first, placement: firstSteps[0]});
  await py.call("hint", {game, challenge: first, placement: firstSteps[0], level: 1});
  for (const [challenge, steps] of walks) {
    for (const placement of steps) {
      const position = {game, challenge, placement};
      let t0 = performance.now();
      await py.call("solvable", position);
      time.solvable.push(performance.now() - t0);
      for (const level of [1, 2, 3]) {
        t0 = performance.now();
        await py.call("hint", {...position, level});
        time[level].push(performance.now() - t0);
      }
    }
  }
  return time;
}"""


def bench_hints(url: str, every: int = 1) -> dict:
    """Milliseconds per `solvable` check and per hint rung in the page's Python worker
    (the call as the page makes it: message to the worker, Python, answer back), over
    every position on the way from each booklet challenge's start to its solution."""
    walks = booklet_walks(every)
    results: dict = {}
    with ready_page(url) as page:
        for name, game_walks in walks.items():
            times = page.evaluate(BENCH_HINTS_JS, [name, game_walks])
            results[name] = times
            check = sorted(times["solvable"])
            rungs = ", ".join(f"rung {level} {median(times[str(level)]):.0f}"
                              for level in (1, 2, 3))
            print(f"{name:6s}: {len(check)} positions of {len(game_walks)} challenges"
                  f"{f' (every {every})' if every > 1 else ''}; solvable check median "
                  f"{median(check):.1f} ms, max {check[-1]:.1f} ms "
                  f"({sum(t >= 100 for t in check)} at 100 ms or more); hint median ms: "
                  f"{rungs}; slowest rung {max(max(times[str(k)]) for k in (1, 2, 3)):.0f} ms"
                  f" ({sum(t >= 150 for k in (1, 2, 3) for t in times[str(k)])} rungs at "
                  "150 ms or more)", flush=True)
    return results


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else float("nan")


def cmd_bench_web(args: argparse.Namespace) -> int:
    build()
    links = [link for link in web_tool("visits").LINKS if not args.links or any(
        word in link for word in args.links)]
    if not args.hints_only:
        site = Path(args.site) if args.site else None
        release = Path(args.release) if args.release else None
        if not args.lighthouse_only:
            bench_visits(args.runs, links, site, release)
        if not args.no_lighthouse:
            bench_lighthouse(site or DIST, args.runs)
        if args.visits_only or args.lighthouse_only:
            return 0
    server = serve_in_thread(DIST)
    try:
        if not args.hints_only:
            bench_generate(server.url, runs=args.runs)
        bench_hints(server.url, every=args.every)
    finally:
        server.shutdown()
    return 0


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("build", help="build dist/ (default)")
    p.add_argument("--force", action="store_true", help="rebuild even when dist/ is fresh")
    p.add_argument("--no-snapshot", action="store_true",
                   help="leave out the Pyodide memory snapshot (slower start, smaller site)")
    p = sub.add_parser("serve", help="build if needed and serve dist/ on 127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="install test tools, build, run pytest (extra args go to pytest)",
                   add_help=False)
    p = sub.add_parser("bench-web", help="visits (bytes, board drawn, piece placeable), new "
                       "challenges and hints, in headless Chromium")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--links", nargs="*", help="only the links named by these words "
                   "(localhost, 9, 1.6)")
    p.add_argument("--visits-only", action="store_true",
                   help="only the visits (and Lighthouse)")
    p.add_argument("--lighthouse-only", action="store_true", help="only Lighthouse")
    p.add_argument("--no-lighthouse", action="store_true", help="leave Lighthouse out")
    p.add_argument("--site", help="measure this built site (another tree's dist/) ...")
    p.add_argument("--release", help="... and this build of it with one JS file changed")
    p.add_argument("--every", type=int, default=1,
                   help="hints: walk every N-th booklet challenge only (default: all)")
    p.add_argument("--hints-only", action="store_true",
                   help="only the solvable check and hint rungs over the booklet walks")
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv[:1] == ["test"]:  # everything after `test` belongs to pytest
            return cmd_test(argv[1:])
        args = parser().parse_args(argv)
        if args.command in (None, "build"):
            args.force = getattr(args, "force", False)
            args.no_snapshot = getattr(args, "no_snapshot", False)
            return cmd_build(args)
        if args.command == "serve":
            return cmd_serve(args)
        return cmd_bench_web(args)
    except BuildError as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(f"build.py: command failed ({error.returncode}): {error.cmd}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
