"""The browsers the tests and benchmarks drive, from Debian (Playwright cannot download
its own here): Chromium for Playwright; Firefox ESR and WebKitGTK's driver (with its
MiniBrowser, under Xvfb) for the engine tests (tests/browser/engines/)."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
# The tests' Chromium: the same build's headless shell (what Playwright itself runs for
# headless Chromium: the same Blink and V8 without the browser's own windows, about a
# quarter less CPU per page load), with WebAssembly compiled by V8's baseline compiler
# only (Liftoff: Pyodide's 10 MB of code compiled at each page load without TurboFan's
# second pass, which costs more CPU than a test's Python ever wins back: a page load with
# the engine ready, 2.8 -> 1.6 CPU-seconds with both). The benchmarks and Lighthouse
# measure the full browser as players run it (CHROMIUM, CHROMIUM_ARGS).
TEST_CHROMIUM = "/usr/bin/chromium-headless-shell"
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
# A program of each package the test runner installs when it is missing -> the package.
BROWSERS = {CHROMIUM: "chromium", TEST_CHROMIUM: "chromium-headless-shell",
            "/usr/bin/firefox-esr": "firefox-esr",
            "/usr/bin/WebKitWebDriver": "webkit2gtk-driver", "/usr/bin/xvfb-run": "xvfb"}
