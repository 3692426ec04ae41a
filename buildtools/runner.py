"""The test runner (`python build.py test`): install what the tests need and is missing
(the package and its test extra from pip, the pinned npm packages, Debian's browsers),
build dist/, then pytest with workers. `--quick` is the fast loop: only the tests that
need no built site, no browser and no Pyodide and are not marked slow, with no build and
no browser install first."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .browsers import BROWSERS
from .common import CACHE, ROOT, log, run
from .node import ensure_node_modules
from .site import build

# The fast loop's tests, by the markers tests/conftest.py gives every test that reaches
# the built site (site), drives a browser (browser) or runs Pyodide (pyodide).
QUICK = "not site and not browser and not pyodide and not slow"
# Four pytest workers on two cores, idle ones stealing queued tests: a browser test
# often waits (on Chromium, on Pyodide in its worker, and on Playwright's expect, which
# looks again every 500 ms once a state has not come within 270 ms), and other workers
# use that time. Two cores with a CPU-heavy job beside the suite: 605 s with 3 workers,
# 557 s with 4, 564 s with 5. The quick loop's tests only compute: one worker a core.
WORKERS = ["-n", "4", "--dist", "worksteal"]
QUICK_WORKERS = ["-n", "2", "--dist", "worksteal"]


def run_tests(pytest_args: list[str], quick: bool = False) -> int:
    """Install what is missing, build (unless quick), run pytest; its exit status. A -n of
    `pytest_args` overrides the workers; a -m of them replaces the quick selection."""
    ensure_python_tools()
    if not quick:
        ensure_node_modules()
        ensure_browsers()
        build()
    own_workers = any(a.startswith(("-n", "--numprocesses")) for a in pytest_args)
    workers = [] if own_workers else QUICK_WORKERS if quick else WORKERS
    selection = ["-m", QUICK] if quick else []
    cmd = [sys.executable, "-m", "pytest", *workers, *selection, *pytest_args]
    log("$", " ".join(cmd))
    return subprocess.call(cmd, cwd=ROOT, env=compiled_once())


def compiled_once() -> dict[str, str]:
    """The environment for pytest, with bytecode kept between runs even where the shell
    asks Python to write none (PYTHONDONTWRITEBYTECODE): each worker would compile the
    package and rewrite the asserts of every test module again, about 20 s of collection
    per worker. Kept in .cache/pycache/, not beside the sources."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", str(CACHE / "pycache"))
    return env


def python_tools_missing() -> list[str]:
    """What of pip install -e '.[test]' is not there (iqpuzzles must be this tree's)."""
    code = (
        "import importlib.util, shutil\n"
        "tools = ('pytest', 'hypothesis', 'mypy', 'playwright', 'pytest_playwright', 'xdist',\n"
        "         'pytest_timeout', 'pdoc', 'build', 'babel')\n"
        "missing = [n for n in tools\n"
        "           if importlib.util.find_spec(n) is None]\n"
        "spec = importlib.util.find_spec('iqpuzzles')\n"
        f"if spec is None or not (spec.origin or '').startswith({str(ROOT / 'py')!r}):\n"
        "    missing.append('iqpuzzles-editable-from-this-tree')\n"
        "if shutil.which('ruff') is None:\n"
        "    missing.append('ruff')\n"
        "print(','.join(missing))\n"
    )
    # Run from / so that the current directory does not shadow the installed package.
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/")
    return [m for m in out.stdout.strip().split(",") if m]


def ensure_python_tools() -> None:
    """pip install -e '.[test]' unless its tools and this tree's package are there."""
    missing = python_tools_missing()
    if missing:
        log("installing the test tools, missing:", ", ".join(missing))
        run([sys.executable, "-m", "pip", "install", "--quiet", "-e", ".[test]"], cwd=ROOT)


def ensure_browsers() -> None:
    """Debian's packages of the BROWSERS that are not installed."""
    packages = sorted({package for path, package in BROWSERS.items() if not Path(path).exists()})
    if packages:
        log("installing Debian's", ", ".join(packages))
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        run([*sudo, "apt-get", "update", "-qq"], env=env)
        run([*sudo, "apt-get", "install", "-y", "-qq", *packages], env=env)
