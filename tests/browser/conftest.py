"""Browser tests: every one checks that no request left 127.0.0.1 and that the page's
Content-Security-Policy refused nothing; and the player knows every game already (its
first lesson is not shown) unless the test is marked `newcomer`."""

import json
import lzma
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from playwright.sync_api._generated import BrowserContext as ContextClass

from buildtools.release import edited_release
from buildtools.server import serve_in_thread
from iqpuzzles import games

from .pool import ContextPool, taint_on_persistent_calls

# A move, a new challenge or a game switch runs Python in the page's worker. On a CI
# machine of two cores running three test workers, each with its own Chromium and
# Pyodide, that can take longer than Playwright's 5 s default: a waiting assertion gets
# 20 s. A wrong answer still fails; only a slow right one waits longer.
expect.set_options(timeout=20_000)


@pytest.fixture
def browser_context_args(browser_context_args, request):
    """What most tests need not pay for: the service worker's copy of the whole site for
    offline play (only tests marked service_worker get it). (Nor animations: every
    context asks for reduced motion, _players_as_most_are.)"""
    args = dict(browser_context_args)
    if not request.node.get_closest_marker("service_worker"):
        args["service_workers"] = "block"
    return args


# Every context a test opens (the `page` fixture's and browser.new_context's alike) is a
# player as most players are (and one who asks for reduced motion, unless the test is
# marked motion or asks otherwise: a box measured mid-animation is not where it stays):
# - one who has learned every game (the first time a player opens a game, its lesson,
#   web/modes/lesson.js, takes the board), unless the test is marked `newcomer`;
# - a returning one: the engine starts from the memory snapshot an earlier visit kept (put
#   in the context's Cache Storage, where the service worker keeps it), a second of CPU
#   less per page load than a first visit's fresh start, and from the engine's files that
#   visit unpacked (web/python/packed.js's copies: no xz to unpack, half a second of CPU
#   less); tests of the first visit or the service worker (marked first_visit or
#   service_worker) start as a new player does;
# - one whose page gets no service worker (it fetches and hashes the whole site once the
#   player pauses, a second of CPU), unless the test is marked first_visit or
#   service_worker;
# - kept for the worker's next tests if the test left nothing in it that lasts (pool.py).
LEARNED = f"""try {{
  if (!localStorage.getItem("iqpuzzles.v1.learned")) {{
    localStorage.setItem("iqpuzzles.v1.learned", {json.dumps(json.dumps(games(registered=False)))});
  }}
}} catch (e) {{ /* a page of no origin has no storage */ }}"""
KEEP_SNAPSHOT = """async (earlier) => {
  const engine = await (await fetch("engine.json")).json();
  const kept = await caches.open("kept-by-an-earlier-visit");
  if (engine.snapshot) await kept.add(engine.snapshot);
  // packed.js's copies, as its keep() leaves them: each file unpacked, then "kept-whole"
  const unpacked = await caches.open("unpacked-engine-" + engine.engine);
  await Promise.all(Object.keys(engine.files).map(async (name) => {
    const copy = await fetch(`${earlier}/${name}`);
    if (!copy.ok) throw new Error(`${name}: ${copy.status}`);
    await unpacked.put(new URL(name, location.href).href, copy);
  }));
  await unpacked.put("kept-whole", new Response(""));
}"""
EARLIER_VISIT = "__earlier-visit__"  # where the site's server serves those copies (mount)


@pytest.fixture(scope="session")
def _unpacked_engine(dist_dir, site_url_server, tmp_path_factory) -> None:
    """The engine's files unpacked (lzma reads web/python/packed.js's xz), served beside
    the site for each returning player's context to keep."""
    engine = json.loads((dist_dir / "engine.json").read_text())
    folder = tmp_path_factory.mktemp("unpacked-engine")
    for name, packed in engine["files"].items():
        (folder / name).write_bytes(lzma.decompress((dist_dir / packed).read_bytes()))
    site_url_server.mount(EARLIER_VISIT, folder)


# What the page's Content-Security-Policy refuses, told to the test (`refused`) from the
# start of every page of every context (a page's own listener would come too late). (So
# page.wait_for_function takes a function, "() => ...": an expression it evaluates with
# eval at every poll, which the policy refuses; a function it evaluates once.)
REFUSALS = """document.addEventListener("securitypolicyviolation", (event) => {
  window.__refused?.({ directive: event.effectiveDirective, blocked: event.blockedURI,
                       sample: event.sample, source: `${event.sourceFile}:${event.lineNumber}` });
});"""


@pytest.fixture
def refused() -> list[dict]:
    """Every refusal of the page's policy in the test's contexts (none, after the test)."""
    return []


@pytest.fixture
def uncaught() -> list[str]:
    """Every error the page's scripts threw and nothing caught, in the test's contexts (none,
    after the test: a thrown error is a bug, whatever the test checks)."""
    return []


class Heard:
    """Where a context tells what it hears (a context may serve several tests: the test
    that holds it now hears it)."""
    refused: list[dict] = []
    uncaught: list[str] = []


@pytest.fixture(scope="session")
def _context_pool(browser, site_url):
    parts = urlsplit(site_url)
    pool = ContextPool(f"{parts.scheme}://{parts.netloc}")
    yield pool
    pool.close_all()


@pytest.fixture(autouse=True)
def _players_as_most_are(request, browser, site_url, _unpacked_engine, _context_pool,
                         monkeypatch, refused, uncaught):
    newcomer = bool(request.node.get_closest_marker("newcomer"))
    first_visit = request.node.get_closest_marker("first_visit") \
        or request.node.get_closest_marker("service_worker")
    motion = request.node.get_closest_marker("motion")
    new_context = browser.new_context
    pool = _context_pool
    Heard.refused, Heard.uncaught = refused, uncaught
    taint_on_persistent_calls(pool, monkeypatch)
    own = []  # contexts of this test alone, closed after it

    def made(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.expose_binding("__refused", lambda source, what: Heard.refused.append(what))
        context.on("weberror", lambda error: Heard.uncaught.append(
            f"{error.error} ({error.page.url if error.page else 'a worker'})"))
        context.add_init_script(REFUSALS)
        if not newcomer:
            context.add_init_script(LEARNED)
        return context

    def keep(page) -> None:
        page.evaluate(KEEP_SNAPSHOT, EARLIER_VISIT)

    def players_context(*args, **kwargs):
        if not motion:  # the page skips animations for them; tests marked motion see them
            kwargs.setdefault("reduced_motion", "reduce")
        if not first_visit:  # (the service worker's copy of the site: marked tests only)
            kwargs.setdefault("service_workers", "block")
        key = None if first_visit or args else pool.key(newcomer, kwargs)
        context = key and pool.take(key)
        if not context:
            context = made(*args, **kwargs)
            pool.adopt(context, kept=bool(key))
        if not first_visit:
            first_page = context.new_page

            def new_page(*args, **kwargs):
                """The context's first page keeps the snapshot (on the site's origin, at
                build.json, which runs none of the site's scripts) before the test has it,
                or, in a kept context, clears what the last test stored."""
                page = first_page(*args, **kwargs)
                if context.new_page is new_page:
                    context.new_page = first_page
                    page.goto(site_url + "build.json")
                    if key:
                        pool.settle(page, keep)
                    else:
                        keep(page)
                return page

            context.new_page = new_page
        if key:
            pool.lend(key, context)
        else:
            own.append(context)
        return context

    monkeypatch.setattr(browser, "new_context", players_context)
    yield
    pool.give_back_all()
    for context in own:
        ContextClass.close(context)  # (not the test's wrappers: it may have closed it)
    assert refused == [], f"the page's Content-Security-Policy refused: {refused}"
    assert uncaught == [], f"the page threw and nothing caught it: {uncaught}"


@pytest.fixture(autouse=True)
def _no_offsite_requests(_players_as_most_are, local_only):
    """(After the players are made: `local_only` opens the test's context.)"""
    yield


@pytest.fixture
def origin_page(page, site_url):
    """A page of the site's origin that runs none of the site's scripts (build.json), for
    tests of the runtime on its own."""
    page.goto(site_url + "build.json")
    return page


@pytest.fixture
def site(page, site_url):
    """The site opened in a fresh context, once Python answered (html[data-ready=true])."""
    page.goto(site_url)
    page.wait_for_selector("html[data-ready=true]", timeout=60_000)
    return page


# --------------------------------------------------------------------------- releases


class Host:
    """The site served at one address by a server of the test's own, where the next
    release can be published (a folder swapped under the server, as a host does)."""

    def __init__(self, folder: Path, site: Path):
        self.live = folder / "site"
        self.live.symlink_to(site, target_is_directory=True)
        self.server = serve_in_thread(self.live)
        self.url = self.server.url

    def publish(self, site: Path) -> None:
        self.live.unlink()
        self.live.symlink_to(site, target_is_directory=True)

    def close(self) -> None:
        """(Offline for good: the address answers nothing any more.)"""
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def host(tmp_path, dist_dir):
    """A Host serving dist/ (the first release) to the test alone."""
    host = Host(tmp_path, dist_dir)
    yield host
    host.close()


@pytest.fixture(scope="session")
def next_release(dist_dir) -> Path:
    """The dist/ of a next release of this tree (buildtools.release.NEXT_RELEASE: a module of
    the page and a string of the package's Python changed), built once and kept in .cache/
    for the same tree."""
    return edited_release()
