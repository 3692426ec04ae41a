#!/usr/bin/env python3
"""Build, serve and test the IQ Puzzles static site.  Standard library only.

    python build.py [build] [--force]       build dist/ (quick when nothing changed)
    python build.py serve [--port 8000]     build if needed, serve dist/ on 127.0.0.1
    python build.py test [PYTEST ARGS...]   install what the tests need, build, run pytest
    python build.py test --quick [ARGS...]  the fast loop: the tests that need no built
                                            site, browser or Pyodide, none marked slow
    python build.py catalogs                the message catalogs (Babel): extract the
                                            template, merge it into each language's .po,
                                            write the pseudo-language en_XA, compile the
                                            .mo files the package ships; say what is
                                            left untranslated
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
                                            [--hints-only] [--site DIR --release DIR];
                                            a finger's and a mouse's taps and drags, CPU
                                            4x (INP, state drawn) [--hand-only]; the
                                            taps to place a piece by touch, per game
                                            (no browser) [--gestures-only]
    python build.py bench-web --trace       the page's main-thread tasks over 50 ms until a
                                            piece can be placed (over 100 ms in a player's
                                            actions after), CPU 4x, with their functions
                                            [--site DIR] [--throttle]

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
import subprocess
import sys

from buildtools.bench import bench_web
from buildtools.common import DIST, BuildError
from buildtools.runner import run_tests
from buildtools.server import make_server
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
    quick = "--quick" in pytest_args
    return run_tests([a for a in pytest_args if a != "--quick"], quick=quick)


def cmd_catalogs(args: argparse.Namespace) -> int:
    from buildtools.catalogs import catalogs

    catalogs()
    return 0


def cmd_bench_web(args: argparse.Namespace) -> int:
    bench_web(runs=args.runs, links=args.links, site=args.site, release=args.release,
              every=args.every, visits_only=args.visits_only,
              lighthouse_only=args.lighthouse_only, no_lighthouse=args.no_lighthouse,
              hints_only=args.hints_only, trace=args.trace, throttle=args.throttle,
              gestures_only=args.gestures_only, hand_only=args.hand_only)
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
    sub.add_parser("test", help="install test tools, build, run pytest (extra args go to "
                   "pytest; --quick: the fast loop, no build)", add_help=False)
    sub.add_parser("catalogs", help="extract, update and compile the message catalogs")
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
    p.add_argument("--hand-only", action="store_true",
                   help="only a finger's and a mouse's taps and drags, CPU 4x: their INP "
                   "and the time to the new state drawn")
    p.add_argument("--gestures-only", action="store_true",
                   help="only the fewest gestures to place each piece of the booklets' "
                   "solutions by touch (no build, no browser)")
    p.add_argument("--trace", action="store_true",
                   help="only a trace of the main thread's long tasks and their functions "
                   "(with --site: another built site's)")
    p.add_argument("--throttle", action="store_true",
                   help="--trace: run the page 4x slower (DevTools), tasks by their wall time "
                   "(for a quiet machine), not its CPU time at full speed times 4")
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
        if args.command == "catalogs":
            return cmd_catalogs(args)
        return cmd_bench_web(args)
    except BuildError as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(f"build.py: command failed ({error.returncode}): {error.cmd}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
