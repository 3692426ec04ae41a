"""The site's HTTP server, for `python build.py serve`, the tests and the benchmarks:
static files with the MIME types a module worker and WebAssembly need, gzipped and with
ETags as GitHub Pages sends them; it counts what it sends, can emulate a slow link
(throttle), hold files back until released (tests: the board drawn before the engine),
send files cut to half their bytes (tests: a host halfway through publishing them) and
hear what a page's Content-Security-Policy refuses (tests: every engine's reports)."""

from __future__ import annotations

import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import sys
import threading
import time
from pathlib import Path

from .common import DIST, tree_files

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".xz": "application/x-xz",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    "": "application/octet-stream",
}
# Types sent as they are (already compressed); everything else is gzipped when the
# browser accepts it, as GitHub Pages does, so that what is measured here is what players
# download.
NOT_GZIPPED = (".png", ".gz", ".xz", ".whl", ".zip", ".zlib", ".ico")
CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"')
CSP_REPORTS = "/__csp-reports"  # where pages report what their policy refused (police)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types a module worker and WebAssembly need, gzipped as
    GitHub Pages sends them; the server counts what it sends (SiteServer.sent)."""

    extensions_map = MIME_TYPES
    quiet = True
    server: SiteServer

    def end_headers(self) -> None:
        # Always revalidate, so a rebuilt site (and its sw.js) is picked up at once.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_POST(self) -> None:
        """A report of what a page's policy refused (police); nothing else is posted."""
        if self.path != CSP_REPORTS or self.server.policy is None:
            self.send_error(405)
            return
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            report = json.loads(body)
        except ValueError:
            report = body.decode(errors="replace")
        with self.server.lock:
            self.server.csp_reports.append(report)
        self.send_response(204)
        self.end_headers()

    def send_head(self):
        """Every file with an ETag of its content (a build rewrites files within a second:
        dates would not tell them apart), gzipped unless it is already compressed."""
        mounted = self.server.mounted(self.path)
        path = mounted or self.translate_path(self.path)
        self.server.wait_for(self.path)
        if self.server.latency:
            time.sleep(self.server.latency)  # a round trip of the emulated link
        if os.path.isdir(path):
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()  # the redirect to the folder's "/"
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()  # the 404
        gzipped = "gzip" in self.headers.get("Accept-Encoding", "") \
            and not path.endswith(NOT_GZIPPED) and not mounted
        half = self.path.split("?")[0].lstrip("/") in self.server.halved
        body, etag = self.server.body(path, gzipped, half)
        if etag in self.headers.get("If-None-Match", ""):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            self.server.count(self.path, 0)
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_policy(path)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.end_headers()
        self.server.count(self.path, len(body))
        return io.BytesIO(body)

    def send_policy(self, path: str) -> None:
        """With a policy to police (SiteServer.police): a page gets it again as a header
        that reports what it refuses (a <meta> policy can name no place to report to), and
        the engine's worker gets it enforced (some browsers hold a dedicated worker to its
        page's policy; the rest give it its response's)."""
        policy = self.server.policy
        if policy is None:
            return
        if path.endswith(".html"):
            header = "Content-Security-Policy-Report-Only"
        elif os.path.basename(path) == "worker.js":
            header = "Content-Security-Policy"
        else:
            return
        self.send_header(header, f"{policy}; report-uri {CSP_REPORTS}")

    def copyfile(self, source, outputfile) -> None:
        try:
            while chunk := source.read(16 * 1024):
                self.server.pace(len(chunk))
                outputfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client went away (a cancelled load, a HEAD-like probe)

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """The site's server: what it sent (`requests`: (path, body bytes) in order, 0 for a
    "not modified"), and files it holds back until released (tests: the board is drawn
    before the engine)."""

    daemon_threads = True
    # every server's answers, kept while their file is unchanged (gzip costs a second of
    # CPU for the WebAssembly: paid once, not once per server or per visit)
    _bodies: dict[tuple[str, int, int, bool, bool], tuple[bytes, str]] = {}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.requests: list[tuple[str, int]] = []
        self.started: list[float] = []  # when each of `requests` began (time.time())
        self.arrived_held: set[str] = set()  # the held files asked for since hold()
        self.lock = threading.Lock()
        self.arrival = threading.Condition(self.lock)  # (one more held file asked for)
        self.latency = 0.0  # seconds before each answer (throttle)
        self.rate = 0.0  # bytes per second of the whole link, 0: unlimited (throttle)
        self._link_free = 0.0
        self.held: set[str] = set()
        self.released = threading.Event()
        self.policy: str | None = None  # police()
        self.csp_reports: list = []
        self.halved: set[str] = set()  # halve()
        self.mounts: dict[str, Path] = {}  # mount()

    def handle_error(self, request, client_address) -> None:
        """A browser that hangs up mid-answer (a cancelled load, a closed tab) is no error
        worth a traceback; anything else is."""
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        host, port = self.socket.getsockname()[:2]
        return f"http://{host}:{port}/"

    def count(self, path: str, written: int, started: float | None = None) -> None:
        with self.lock:
            self.requests.append((path.split("?")[0], written))
            self.started.append(time.time() if started is None else started)

    def throttle(self, bits_per_second: float = 0.0, latency: float = 0.0) -> None:
        """Emulate a link (bench-web): every answer waits `latency`, and all of them share
        `bits_per_second` (0: no limit)."""
        self.rate, self.latency = bits_per_second / 8, latency

    def pace(self, size: int) -> None:
        """Wait until the link has carried `size` more bytes (shared by all requests)."""
        if not self.rate:
            return
        with self.lock:
            start = max(time.time(), self._link_free)
            self._link_free = start + size / self.rate
            done = self._link_free
        time.sleep(max(0.0, done - time.time()))

    @property
    def sent(self) -> int:
        with self.lock:
            return sum(written for _, written in self.requests)

    def reset(self) -> None:
        with self.lock:
            self.requests.clear()
            self.started.clear()

    def police(self, policy: str) -> list:
        """From now on, what `policy` (a page's Content-Security-Policy: page_policy)
        refuses in a page or in the engine's worker is reported here: the list of reports,
        each as the browser posted it."""
        self.policy = policy
        return self.csp_reports

    def hold(self, *names: str) -> None:
        """Hold back requests for these files (names relative to the site) until release()."""
        self.released.clear()
        self.held = {name.lstrip("/") for name in names}
        with self.lock:
            self.arrived_held.clear()

    def release(self) -> None:
        self.held = set()
        self.released.set()

    def wait_for(self, path: str) -> None:
        name = path.split("?")[0].lstrip("/")
        if name in self.held:
            with self.arrival:
                self.arrived_held.add(name)
                self.arrival.notify_all()
            self.released.wait(timeout=120)

    def wait_for_held(self, name: str, timeout: float) -> bool:
        """Wait until the held file `name` is asked for (a request in hand, not answered);
        False if it is not within `timeout` seconds."""
        with self.arrival:
            return self.arrival.wait_for(lambda: name in self.arrived_held, timeout)

    def halve(self, *names: str) -> None:
        """Send these files (names relative to the site) cut to half their bytes, as a host
        halfway through publishing them does, until halve() names others (or none)."""
        self.halved = {name.lstrip("/") for name in names}

    def mount(self, prefix: str, folder: Path) -> None:
        """Serve the files of `folder` at /`prefix`/ as well as the site's (tests: what an
        earlier visit kept, handed to a page of the site's origin)."""
        self.mounts[prefix.strip("/")] = folder

    def mounted(self, path: str) -> str | None:
        """The file a mounted folder serves at `path`, or None."""
        prefix, _, name = path.split("?")[0].lstrip("/").partition("/")
        folder = self.mounts.get(prefix)
        return str(folder / name) if folder is not None and name and "/" not in name else None

    def warm(self, folder: Path) -> None:
        """Compress every file of `folder` now, as a static host has it ready (bench-web:
        the first visit measured is not one of the server's first gzips)."""
        for path in tree_files(folder):
            self.body(str(path), not str(path).endswith(NOT_GZIPPED))

    def body(self, path: str, gzipped: bool, half: bool = False) -> tuple[bytes, str]:
        """A file's bytes as sent (gzipped or not; its first half alone if `half`) and its
        ETag, kept while it is unchanged."""
        path = os.path.realpath(path)
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns, stat.st_size, gzipped, half)
        with self.lock:
            known = self._bodies.get(key)
        if known is None:
            with open(path, "rb") as f:
                raw = f.read()
            if half:
                raw = raw[:len(raw) // 2]
            body = gzip.compress(raw, compresslevel=9, mtime=0) if gzipped else raw
            etag = f'"{hashlib.sha256(raw).hexdigest()[:20]}{"-gz" if gzipped else ""}"'
            known = (body, etag)
            with self.lock:
                self._bodies[key] = known
        return known


def page_policy(site: Path) -> str:
    """The Content-Security-Policy of a site's page (the <meta> of its index.html)."""
    found = CSP_META.search((site / "index.html").read_text())
    if not found:
        raise ValueError(f"{site}/index.html has no Content-Security-Policy")
    return found.group(1)


def make_server(directory: Path = DIST, port: int = 0, host: str = "127.0.0.1",
                quiet: bool = True) -> SiteServer:
    """A server for directory on host:port (port 0: a free one); call serve_forever()."""
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
    return SiteServer((host, port), functools.partial(handler, directory=str(directory)))


def serve_in_thread(directory: Path = DIST, port: int = 0) -> SiteServer:
    """A server for directory, answering from a thread of its own until shutdown()."""
    server = make_server(directory, port)
    threading.Thread(target=server.serve_forever, daemon=True, name="site-server").start()
    return server
