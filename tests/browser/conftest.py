"""Browser tests: every one checks that no request left 127.0.0.1; and the player knows
every game already (its first lesson is not shown) unless the test is marked `newcomer`."""

import json

import pytest
from playwright.sync_api import expect

from iqpuzzles import available_games

# A move, a new challenge or a game switch runs Python in the page's worker. On a CI
# machine of two cores running three test workers, each with its own Chromium and
# Pyodide, that can take longer than Playwright's 5 s default: a waiting assertion gets
# 20 s. A wrong answer still fails; only a slow right one waits longer.
expect.set_options(timeout=20_000)


@pytest.fixture
def browser_context_args(browser_context_args, request):
    """Two things most tests need not pay for: the service worker's copy of the whole site
    for offline play (only tests marked service_worker get it), and animations (the page
    skips them for players who ask for reduced motion; tests marked motion see them)."""
    args = dict(browser_context_args)
    if not request.node.get_closest_marker("service_worker"):
        args["service_workers"] = "block"
    if not request.node.get_closest_marker("motion"):
        args["reduced_motion"] = "reduce"
    return args


# The first time a player opens a game, its lesson (web/lesson.js) takes the board: a
# test of anything else plays as a player who has learned every game, in every context it
# opens (the `page` fixture's and browser.new_context's alike), unless marked `newcomer`.
LEARNED = f"""try {{
  if (!localStorage.getItem("iqpuzzles.v1.learned")) {{
    localStorage.setItem("iqpuzzles.v1.learned", {json.dumps(json.dumps(available_games()))});
  }}
}} catch (e) {{ /* a page of no origin has no storage */ }}"""


@pytest.fixture(autouse=True)
def _players_know_the_games(request, browser, monkeypatch):
    if request.node.get_closest_marker("newcomer"):
        yield
        return
    new_context = browser.new_context

    def learned_context(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.add_init_script(LEARNED)
        return context

    monkeypatch.setattr(browser, "new_context", learned_context)
    yield


@pytest.fixture(autouse=True)
def _no_offsite_requests(_players_know_the_games, local_only):
    """(After the players learned the games: `local_only` opens the test's context.)"""
    yield


@pytest.fixture(autouse=True)
def _returning_player(request, site_url):
    """Most tests play as a returning player does: the engine starts from the memory
    snapshot an earlier visit kept (put in the page's Cache Storage here, where the
    service worker keeps it), which costs a page load a second of CPU less than a first
    visit's fresh start. Tests of the first visit or the service worker (marked
    first_visit or service_worker) start as a new player does."""
    if "page" not in request.fixturenames or request.node.get_closest_marker("first_visit") \
            or request.node.get_closest_marker("service_worker"):
        yield
        return
    page = request.getfixturevalue("page")
    page.goto(site_url + "build.json")
    page.evaluate("""async () => {
      const engine = await (await fetch("engine.json")).json();
      const kept = await caches.open("kept-by-an-earlier-visit");
      if (engine.snapshot) await kept.add(engine.snapshot);
    }""")
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
