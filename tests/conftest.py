"""Shared fixtures: the built site (dist/) served on 127.0.0.1, Debian's Chromium for
Playwright, a check that no request leaves 127.0.0.1, and the package in Pyodide under Node.

Plain CPython tests use none of these, so they never trigger a build."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import iqpuzzles
from buildtools.browsers import BROWSERS, TEST_CHROMIUM, TEST_CHROMIUM_ARGS
from buildtools.common import DIST, BuildError
from buildtools.lines import Lines
from buildtools.server import serve_in_thread
from buildtools.site import build
from tiny import GAME as TINY

ROOT = Path(__file__).resolve().parents[1]
iqpuzzles.register(TINY)  # a game declared in the tests (tests/tiny): every games() has it


def pytest_collection_modifyitems(config, items):
    """Markers by what a test reaches, for selecting (`python build.py test --quick`
    leaves these out): everything under tests/browser/ drives a browser, and a test that
    uses the built site (the dist_dir fixture, itself or through another) is `site`."""
    browser_dir = ROOT / "tests" / "browser"
    for item in items:
        if browser_dir in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
        if "dist_dir" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.site)


# --------------------------------------------------------------------------- the site


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """dist/, built once per session (reused as is when it is fresh)."""
    try:
        build()
    except (BuildError, subprocess.CalledProcessError) as error:
        pytest.fail(f"could not build dist/: {error}")
    return DIST


@pytest.fixture(scope="session")
def manifest(dist_dir: Path) -> dict:
    return json.loads((dist_dir / "build.json").read_text())


@pytest.fixture(scope="session")
def site_url_server(dist_dir: Path):
    """dist/ served on 127.0.0.1 on a free port by the site's own server."""
    server = serve_in_thread(dist_dir)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def site_url(site_url_server) -> str:
    return site_url_server.url


# --------------------------------------------------------------------------- Chromium


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium headless shell (playwright install cannot download browsers
    here; buildtools/browsers.py says why the shell)."""
    if not Path(TEST_CHROMIUM).exists():
        pytest.fail(f"{TEST_CHROMIUM} is missing: `python build.py test` installs it "
                    f"(apt-get install {BROWSERS[TEST_CHROMIUM]})")
    # Let Playwright report the service worker's own requests too.
    os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")
    return {**browser_type_launch_args, "executable_path": TEST_CHROMIUM,
            "args": [*TEST_CHROMIUM_ARGS, *browser_type_launch_args.get("args", [])]}


class RequestLog:
    """Every request a browser context makes; `offsite` lists those that left 127.0.0.1."""

    def __init__(self):
        self.urls: list[str] = []

    def record(self, request) -> None:
        self.urls.append(request.url)

    @property
    def offsite(self) -> list[str]:
        def local(url: str) -> bool:
            parts = urlsplit(url)
            return parts.scheme in ("data", "blob") or (
                parts.scheme in ("http", "https") and parts.hostname == "127.0.0.1")
        return [url for url in self.urls if not local(url)]


@pytest.fixture
def requests_log(context) -> RequestLog:
    """Records the requests of the test's browser context (pages, workers, service worker)."""
    log = RequestLog()
    context.on("request", log.record)
    return log


@pytest.fixture
def local_only(requests_log):
    """Fails the test if any request left 127.0.0.1 (the site's own origin)."""
    yield requests_log
    assert requests_log.offsite == [], f"requests outside the site: {requests_log.offsite}"


# --------------------------------------------------------------------------- Pyodide in Node


# How long Pyodide under Node may take to start or to answer, far above what any test's
# request takes on a loaded machine: a runtime that stops answering fails the test.
ANSWER_SECONDS = 240


class PyodideNode:
    """iqpuzzles inside real Pyodide under Node (tests/pyodide_node.mjs): one process,
    requests to iqpuzzles.api.handle one line at a time."""

    def __init__(self, dist: Path):
        node = shutil.which("node")
        if node is None:
            pytest.fail("node is needed for the Pyodide tests")
        self.process = subprocess.Popen(
            [node, str(ROOT / "tests" / "pyodide_node.mjs"), str(dist)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT)
        self.lines = Lines(self.process.stdout, "Pyodide under Node")
        first = self.lines.next(ANSWER_SECONDS, "its start")
        if not first:
            raise RuntimeError(f"Pyodide did not start (exit {self.process.wait()})")
        self.info = json.loads(first)["ready"]
        self.next_id = 1

    def request(self, line: str) -> dict:
        """Send one raw request line; the decoded reply."""
        self.process.stdin.write(line.replace("\n", " ") + "\n")
        self.process.stdin.flush()
        reply = self.lines.next(ANSWER_SECONDS, f"the answer to {line[:80]!r}")
        if not reply:
            raise RuntimeError(f"Pyodide exited ({self.process.wait()})")
        return json.loads(reply)

    def call(self, op: str, **args) -> dict:
        """The reply to {"id": n, "op": op, **args}."""
        request_id, self.next_id = self.next_id, self.next_id + 1
        reply = self.request(json.dumps({**args, "id": request_id, "op": op}))
        assert reply.get("id") == request_id, reply
        return reply

    def heap(self) -> int:
        """Bytes of WebAssembly memory the runtime holds now (it never shrinks)."""
        return self.request("#heap")["heap"]

    def gc(self, call: str) -> object:
        """gc.disable(), gc.enable() or gc.collect() inside the runtime: what it returned."""
        return self.request(f"#gc {call}")["value"]

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


@pytest.fixture(scope="session")
def pyodide_node(dist_dir: Path):
    runner = PyodideNode(dist_dir)
    yield runner
    runner.close()
