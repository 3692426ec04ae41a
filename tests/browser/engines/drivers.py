"""The other engines a player may use, driven for real (Playwright drives only Chromium
here): Firefox ESR (Debian's firefox-esr, puppeteer-core over WebDriver BiDi, firefox.mjs)
and WebKitGTK (Debian's WebKitWebDriver with its MiniBrowser under Xvfb, WebDriver
classic over plain HTTP). Both answer one small interface, so a test is written once
(Chromium answers it too, through Playwright, for the engines' benchmark, bench.py):

    with launch("webkit") as engine:
        engine.size(1280, 800)
        engine.open(url)
        engine.wait("document.documentElement.dataset.ready === 'true'")
        engine.click("#board .loc[data-code='4B']")

`js` and `wait` take a JavaScript expression; `wait` polls it in the page until it is
truthy (a state, never a fixed time) and answers its value.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from buildtools.lines import Lines

HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
XVFB_RUN = "/usr/bin/xvfb-run"
# Debian's webkit2gtk-driver runs this browser (the library's own small shell)
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
ENGINES = ("firefox", "webkit")
# What each engine needs of Debian (the test runner installs it: buildtools/runner.py).
NEEDS = {"chromium": (CHROMIUM,), "firefox": (FIREFOX,),
         "webkit": (WEBKIT_DRIVER, MINIBROWSER, XVFB_RUN)}

SHIFT, ESCAPE = "\ue008", "\ue00c"  # WebDriver's Shift and Escape keys
WAIT_SECONDS = 90.0  # a loaded 2-core machine starts Pyodide in two engines at once


class EngineError(RuntimeError):
    """The engine refused a command or could not start; the message says what."""


def missing(name: str) -> list[str]:
    """The programs `name` needs that are not installed."""
    return [path for path in NEEDS[name] if not Path(path).exists()]


class Firefox:
    """Firefox ESR through firefox.mjs (puppeteer-core, WebDriver BiDi)."""

    name = "firefox"

    def __init__(self, scheme: str = "light"):
        node = shutil.which("node")
        if node is None:
            raise EngineError("node is needed to drive Firefox (puppeteer-core)")
        self.process = subprocess.Popen(
            [node, str(HERE / "firefox.mjs"), FIREFOX, scheme], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, text=True, start_new_session=True)
        self.lines = Lines(self.process.stdout, "Firefox's driver")
        self.version = self._answer("its start")

    def _answer(self, what: str, seconds: float = WAIT_SECONDS):
        # puppeteer's own limits end every command within `seconds` and a margin (its
        # protocol's 180 s, a wait's own timeout): past them the driver itself is stuck
        line = self.lines.next(seconds + 240, what)
        if not line:
            raise EngineError(f"Firefox's driver ended (exit {self.process.wait()})")
        answer = json.loads(line)
        if not answer["ok"]:
            raise EngineError(answer["error"])
        return answer["value"]

    def _do(self, command: str, **args):
        self.process.stdin.write(json.dumps({"do": command, **args}) + "\n")
        self.process.stdin.flush()
        return self._answer(f"its answer to {command}",
                            args.get("timeout", WAIT_SECONDS * 1000) / 1000)

    def open(self, url: str) -> None:
        self._do("open", url=url)

    def reload(self) -> None:
        self._do("reload")

    def js(self, expr: str):
        return self._do("js", expr=expr)

    def wait(self, expr: str, timeout: float = WAIT_SECONDS):
        return self._do("wait", expr=expr, timeout=int(timeout * 1000))

    def click(self, selector: str) -> None:
        self._do("click", selector=selector)

    def gesture(self, pointer: str, steps: list[tuple]) -> None:
        """Real input: `steps` of ("down" | "move" | "up", x, y), ("wheel", 0, dy) or
        ("pause", ms, 0), by a finger ("touch": Firefox's touch events) or the mouse."""
        self._do("gesture", pointer=pointer, steps=[list(step) for step in steps])

    def key(self, key: str, shift: bool = False) -> None:
        self._do("key", key=key, shift=shift)

    def size(self, width: int, height: int) -> tuple[int, int]:
        self._do("size", width=width, height=height)
        return tuple(self.js("[innerWidth, innerHeight]"))

    def screenshot(self, path: Path) -> None:
        self._do("screenshot", path=str(path))

    def tab(self, index: int) -> None:
        """Send what follows to tab `index` of the profile (a new one: the next index)."""
        self._do("tab", index=index)

    def close(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(BrokenPipeError):
                self.process.stdin.write(json.dumps({"do": "close"}) + "\n")
                self.process.stdin.close()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # WebDriver's key for an element reference

# execute/async's last argument is the callback; the expression is polled until truthy
WAIT_SCRIPT = """const done = arguments[arguments.length - 1];
const poll = async () => {
  let value;
  try { value = await (%s); } catch (e) { value = undefined; }
  if (value) done(value); else setTimeout(poll, 50);
};
poll();"""


class WebKit:
    """WebKitGTK's MiniBrowser through WebKitWebDriver (WebDriver classic), under Xvfb."""

    name = "webkit"

    def __init__(self, scheme: str = "light"):
        with socket.socket() as s:  # a free port for the driver
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [XVFB_RUN, "-a", "-s", "-screen 0 1600x1200x24", WEBKIT_DRIVER, f"--port={port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        self.session = None
        try:
            self._until_listening()
            answer = self._call("POST", "/session", {"capabilities": {"alwaysMatch": {
                "webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": [
                    "--automation", *(["--dark-mode"] if scheme == "dark" else [])]},
            }}})
            self.session = f"/session/{answer['sessionId']}"
            self.version = answer["capabilities"]["browserVersion"]
            self._call("POST", self.session + "/timeouts",
                       {"script": int(WAIT_SECONDS * 1000), "pageLoad": 120_000})
            self.chrome = (0, 0)  # the window's own bars, around the page
        except BaseException:
            self.close()
            raise

    def _until_listening(self) -> None:
        deadline = time.monotonic() + 30
        while True:
            try:
                self._call("GET", "/status")
                return
            except (urllib.error.URLError, ConnectionError):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise EngineError("WebKitWebDriver did not start") from None
                try:  # the driver's process is still starting: wait on it, briefly
                    self.process.wait(timeout=0.05)
                except subprocess.TimeoutExpired:
                    pass

    def _call(self, method: str, path: str, body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=WAIT_SECONDS + 30) as answer:
                return json.loads(answer.read())["value"]
        except urllib.error.HTTPError as error:
            value = json.loads(error.read() or b"{}").get("value", {})
            raise EngineError(f"{value.get('error')}: {value.get('message')}") from None

    def _session(self, method: str, path: str, body: dict | None = None):
        return self._call(method, self.session + path, body)

    def open(self, url: str) -> None:
        self._session("POST", "/url", {"url": url})

    def reload(self) -> None:
        self._session("POST", "/refresh", {})

    def js(self, expr: str):
        return self._session("POST", "/execute/sync", {"script": f"return ({expr});",
                                                       "args": []})

    def wait(self, expr: str, timeout: float = WAIT_SECONDS):
        self._session("POST", "/timeouts", {"script": int(timeout * 1000)})
        return self._session("POST", "/execute/async", {"script": WAIT_SCRIPT % expr,
                                                        "args": []})

    def click(self, selector: str) -> None:
        element = self._session("POST", "/element", {"using": "css selector",
                                                     "value": selector})
        self._session("POST", f"/element/{element[ELEMENT]}/click", {})

    def gesture(self, pointer: str, steps: list[tuple]) -> None:
        """As Firefox's, by WebDriver's actions. WebKitGTK has no touch through WebDriver:
        a "touch" pointer's actions reach the page as a mouse's (pointerType "mouse"), so
        a finger is refused here rather than pretended."""
        if pointer == "touch":
            raise EngineError("WebKitGTK's WebDriver sends no touch events")
        moves, wheel = [], []
        for kind, x, y in steps:
            if kind == "pause":
                moves.append({"type": "pause", "duration": int(x)})
            elif kind == "wheel":
                wheel.append({"type": "scroll", "x": 1, "y": 1, "deltaX": 0, "deltaY": int(y),
                              "origin": "viewport"})
            else:
                moves.append({"type": "pointerMove", "x": int(x), "y": int(y),
                              "origin": "viewport", "duration": 60 if kind == "move" else 0})
                if kind != "move":
                    moves.append({"type": "pointerDown" if kind == "down" else "pointerUp",
                                  "button": 0})
        actions = [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
                    "actions": moves}] if moves else []
        if wheel:
            actions.append({"type": "wheel", "id": "wheel", "actions": wheel})
        self._session("POST", "/actions", {"actions": actions})

    def key(self, key: str, shift: bool = False) -> None:
        key = {"Escape": ESCAPE}.get(key, key)
        keys = [{"type": "keyDown", "value": SHIFT}] if shift else []
        keys += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        keys += [{"type": "keyUp", "value": SHIFT}] if shift else []
        self._session("POST", "/actions", {"actions": [{"type": "key", "id": "keys",
                                                        "actions": keys}]})

    def size(self, width: int, height: int) -> tuple[int, int]:
        """The page's size as near as the window allows (MiniBrowser's window is at least
        447 px wide: its toolbar)."""
        extra_w, extra_h = self.chrome
        self._session("POST", "/window/rect", {"width": width + extra_w,
                                               "height": height + extra_h})
        inner = tuple(self.js("[innerWidth, innerHeight]"))
        if self.chrome == (0, 0):  # learnt once: the bars around the page
            rect = self._session("GET", "/window/rect")
            self.chrome = (rect["width"] - inner[0], rect["height"] - inner[1])
            if self.chrome != (0, 0):
                return self.size(width, height)
        return inner

    def screenshot(self, path: Path) -> None:
        Path(path).write_bytes(base64.b64decode(self._session("GET", "/screenshot")))

    def close(self) -> None:
        if self.session:
            with contextlib.suppress(EngineError, OSError):
                self._call("DELETE", self.session)
            self.session = None
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


class Chromium:
    """Debian's Chromium through Playwright, behind the same interface (for the engines'
    benchmark: the browser tests drive Chromium with Playwright's own fixtures)."""

    name = "chromium"

    def __init__(self, scheme: str = "light"):
        from playwright.sync_api import sync_playwright  # a test dependency

        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM,
                                                       args=["--no-sandbox"])
        self.version = self.browser.version
        self.page = self.browser.new_page(color_scheme=scheme)

    def open(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def js(self, expr: str):
        return self.page.evaluate(f"({expr})")

    def wait(self, expr: str, timeout: float = WAIT_SECONDS):
        return self.page.wait_for_function(f"() => ({expr})", timeout=timeout * 1000,
                                           polling=50).json_value()

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def size(self, width: int, height: int) -> tuple[int, int]:
        self.page.set_viewport_size({"width": width, "height": height})
        return tuple(self.js("[innerWidth, innerHeight]"))

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()


@contextlib.contextmanager
def launch(name: str, scheme: str = "light") -> Iterator[Chromium | Firefox | WebKit]:
    """A fresh browser of engine `name` (a new profile: a first visit), closed after; the
    system's colour scheme as its pages see it is `scheme` ("light" or "dark")."""
    lacking = missing(name)
    if lacking:
        raise EngineError(f"{name} needs {', '.join(lacking)}: `python build.py test` "
                          "installs it (apt-get)")
    engine = {"chromium": Chromium, "firefox": Firefox, "webkit": WebKit}[name](scheme)
    try:
        yield engine
    finally:
        engine.close()
