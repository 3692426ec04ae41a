"""The Python runtime in the browser: worker, bridge, progress, errors, cancel, offline."""

import json

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

# Runs a script in the page with its own PythonBridge (independent of the game UI).
WITH_BRIDGE = """async (body) => {
  const { PythonBridge } = await import("./python/bridge.js");
  const progress = [];
  const py = new PythonBridge(new URL("./worker.js", location.href), (p) => progress.push(p));
  // the body as a module of its own (the page's policy runs blob: scripts, never eval)
  const code = "export default async (py, progress) => {" + body + "};";
  const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
  try {
    const { default: run } = await import(url);
    return await run(py, progress);
  } finally {
    py.terminate();
    URL.revokeObjectURL(url);
  }
}"""


def with_bridge(page, body: str):
    return page.evaluate(WITH_BRIDGE, body)


# Copies of this engine's files kept by a visit that did not finish keeping them: one file,
# not whole, and no "kept-whole" mark (web/python/packed.js)
HALF_KEPT = """async (engine) => {
  const cache = await caches.open("unpacked-engine-" + engine);
  await cache.put("pyodide.asm.wasm", new Response(new Uint8Array([0, 97, 115]), {
    headers: { "Content-Type": "application/wasm" } }));
}"""


@pytest.mark.first_visit
def test_worker_starts_python_from_the_site_files(origin_page, manifest, dist_dir):
    """A first visit: the engine's files from the site (copies a visit left half kept are
    not used), Python started afresh, its progress told from the downloads to ready; a
    Python error comes back as a readable message, and Python goes on answering."""
    engine = json.loads((dist_dir / "engine.json").read_text())
    origin_page.evaluate(HALF_KEPT, engine["engine"])
    info, pong, progress, error, again = with_bridge(origin_page, """
      const info = await py.ready, pong = await py.call("ping");
      const error = await py.call("no-such-op").then(
        () => null, (e) => ({ name: e.name, type: e.type, message: e.message }));
      return [info, pong, progress, error, await py.call("ping")];""")
    assert pong["python"].startswith("3.14.") and pong["python"] == info["python"]
    assert "twist" in pong["games"]
    assert info["pyodide"] == manifest["pyodide"]
    assert info["build"] == engine["engine"]
    assert info["snapshot"] is False  # a first visit starts afresh: no snapshot kept yet
    assert info["kept"] is False
    # the progress, from the downloads to ready
    stages = [p["stage"] for p in progress]
    assert stages[0] == "download" and stages[-1] == "import"
    assert {"download", "start", "package", "import"} <= set(stages)
    fractions = [p["fraction"] for p in progress]
    assert fractions == sorted(fractions) and fractions[-1] == 1
    downloads = [p for p in progress if p["stage"] == "download"]
    # the engine's packed files, all of them (no memory snapshot kept yet)
    packed = sum(engine["sizes"][name] for name in engine["files"].values())
    assert downloads[-1]["loaded"] == downloads[-1]["total"] == packed
    # an error
    assert error["name"] == "PythonError"
    assert error["type"] and "no-such-op" in error["message"]
    assert again["python"]  # and Python goes on answering


def test_cancel_rejects_pending_calls_and_restarts_python(origin_page):
    result = with_bridge(origin_page, """
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


def test_the_site_reaches_ready_and_works_offline_after_one_visit(site, context, manifest):
    site.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    site.wait_for_selector("html[data-offline=ready]", timeout=60_000)
    caches = site.evaluate("caches.keys()")
    assert [c for c in caches if c.startswith("iqpuzzles-")] == [f"iqpuzzles-{manifest['build']}"]
    context.set_offline(True)
    site.reload()
    site.wait_for_selector("html[data-ready=true]", timeout=60_000)
    assert with_bridge(site, "return (await py.call('ping')).python;").startswith("3.14.")
    # an address under the site's, offline too, is the site's own page, not one that
    # waits for good for files it looks for beside it
    root = site.url.split("#")[0]
    for under in ("index.html/", "x/y/"):
        site.goto(f"{root}{under}#game=focus&challenge=2")
        site.wait_for_selector("html[data-ready=true]", timeout=60_000)
        assert site.url.startswith(f"{root}#game=focus&challenge=2")
        expect(site.locator("#board")).to_have_attribute("data-challenge", "2")


WITHOUT_DECOMPRESSION = """async () => {
  const { PythonBridge } = await import("./python/bridge.js");
  const worker = new URL("./worker.js", location.href).href;
  const code = `delete self.DecompressionStream; await import(${JSON.stringify(worker)});`;
  const py = new PythonBridge(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
  try {
    const info = await py.ready;
    return { info, game: await py.call("info", { game: "twist" }) };
  } finally {
    py.terminate();
  }
}"""


def test_an_engine_without_decompression_streams_starts_python_too(origin_page):
    """Safari before 16.4 has no DecompressionStream: the worker needs none (its xz decoder
    is its own, and the wheel's files are stored, not deflated), and the package reads
    its data as usual."""
    warnings: list[str] = []
    origin_page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    started = origin_page.evaluate(WITHOUT_DECOMPRESSION)
    assert started["info"]["python"].startswith("3.14.")
    assert started["game"]["title"] == "IQ-Twist" and len(started["game"]["pieces"]) == 8
    assert not any("Python unzips it" in w for w in warnings), warnings
