"""The Python runtime in the browser: worker, bridge, progress, errors, cancel, offline."""

import pytest

pytestmark = pytest.mark.browser

# Runs a script in the page with its own PythonBridge (independent of the game UI).
WITH_BRIDGE = """async (body) => {
  const { PythonBridge } = await import("./bridge.js");
  const progress = [];
  const py = new PythonBridge(new URL("./worker.js", location.href), (p) => progress.push(p));
  const run = new Function("py", "progress", "return (async () => {" + body + "})()");
  try {
    return await run(py, progress);
  } finally {
    py.terminate();
  }
}"""


def with_bridge(page, body: str):
    return page.evaluate(WITH_BRIDGE, body)


def test_site_starts_python_in_a_worker(site, manifest):
    pong = site.evaluate("window.iq.python.call('ping')")
    assert pong["python"].startswith("3.14.")
    assert site.get_attribute("html", "data-python") == pong["python"]
    info = site.evaluate("window.iq.python.info")
    assert info["pyodide"] == manifest["pyodide"]
    assert info["build"] == manifest["build"]


def test_progress_goes_from_downloads_to_ready(site):
    progress = with_bridge(site, "await py.ready; return progress;")
    stages = [p["stage"] for p in progress]
    assert stages[0] == "download" and stages[-1] == "import"
    assert {"download", "start", "package", "import"} <= set(stages)
    fractions = [p["fraction"] for p in progress]
    assert fractions == sorted(fractions) and fractions[-1] == 1
    downloads = [p for p in progress if p["stage"] == "download"]
    assert downloads[-1]["loaded"] == downloads[-1]["total"] > 10_000_000


def test_python_errors_become_readable_messages(site):
    error = site.evaluate("""window.iq.python.call('no-such-op').then(
        () => null, (e) => ({name: e.name, type: e.type, message: e.message}))""")
    assert error["name"] == "PythonError"
    assert error["type"] and "no-such-op" in error["message"]
    # and Python goes on answering
    assert site.evaluate("window.iq.python.call('ping')")["python"]


def test_cancel_rejects_pending_calls_and_restarts_python(site):
    result = with_bridge(site, """
      await py.ready;
      const first = py.info;
      const pending = py.call("solve", { game: "twist", challenge: "", limit: 1000 });
      py.cancel();
      const error = await pending.then(() => null, (e) => e.message);
      const again = await py.ready;
      const pong = await py.call("ping");
      return { error, restarted: again !== first, python: pong.python };
    """)
    assert result["error"] == "cancelled"
    assert result["restarted"] is True
    assert result["python"].startswith("3.14.")


def test_works_offline_after_one_visit(site, context, manifest):
    site.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    caches = site.evaluate("caches.keys()")
    assert [c for c in caches if c.startswith("iqpuzzles-")] == [f"iqpuzzles-{manifest['build']}"]
    context.set_offline(True)
    site.reload()
    site.wait_for_selector("html[data-ready=true]", timeout=60_000)
    assert site.evaluate("window.iq.python.call('ping')")["python"].startswith("3.14.")
    # every file came from the service worker's cache
    assert with_bridge(site, "return (await py.ready).python;").startswith("3.14.")
