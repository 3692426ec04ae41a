"""The browsers the tests and benchmarks drive, from Debian (Playwright cannot download
its own here): Chromium for Playwright; Firefox ESR and WebKitGTK's driver (with its
MiniBrowser, under Xvfb) for the engine tests (tests/browser/engines/)."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
# A program of each package the test runner installs when it is missing -> the package.
BROWSERS = {CHROMIUM: "chromium", "/usr/bin/firefox-esr": "firefox-esr",
            "/usr/bin/WebKitWebDriver": "webkit2gtk-driver", "/usr/bin/xvfb-run": "xvfb"}
