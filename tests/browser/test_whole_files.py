"""Every file the service worker keeps is the release's own, byte for byte (issue 55): a
host halfway through publishing serves a file cut short for a while, and a first visit
then must not keep it (the app would be broken for good, online and offline), nor a new
release copy it forward or take the release before's files from the browser's HTTP
cache. The page says what it could not get, in its words, and recovers by itself once
the whole file is published: at the next reload, online, and offline after.

The server of each test (conftest's Host) sends the files named by `halve` cut to half
their bytes, as such a host does."""

from __future__ import annotations

from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from iqpuzzles import game
from iqpuzzles.daily import daily

from .playing import READY_TIMEOUT, Player
from .test_languages import choose_language
from .test_updates import (
    _kept,
    _revisions,
    _version,
    back_online,
    on_the_next_release,
    play_the_first_release,
    plays_on,
    publish_as_it_starts,
    reloads_by_itself,
    start,
)

pytestmark = [pytest.mark.browser, pytest.mark.service_worker]

TWIST = Player("twist")
STEPS = Player("steps")
DATES = ("2025-11-26", "2025-11-27")  # days gone by (the days to come are refused)

ENGINE_WORDS = "The puzzle engine could not start. Reload the page to try again."
POOLS_WORDS = "The daily and new challenges could not be downloaded. Try again in a moment."
FRENCH_WORDS = ("Français could not be downloaded from the site, so the page is in English."
                " Reload the page in a moment.")
GERMAN_WORDS = "Deutsch could not be downloaded from the site: choose it again in a moment."

# Each of the site's caches' files whose bytes are not the revision its record says:
# [cache, path, revision kept, revision of the bytes]
NOT_THEIR_REVISION = """async () => {
  const wrong = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("iqpuzzles-")) continue;
    const cache = await caches.open(name);
    const record = await (await cache.match("__revisions__"))?.json() ?? {};
    for (const [path, revision] of Object.entries(record)) {
      const copy = await cache.match(new URL(path, location.href).href);
      const digest = await crypto.subtle.digest("SHA-256", await copy.arrayBuffer());
      const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
      if (!hex.startsWith(revision)) wrong.push([name, path, revision, hex.slice(0, 12)]);
    }
  }
  return wrong;
}"""


def offline_copy(page: Page, state: str) -> None:
    """The service worker's copy for offline play is done ("ready"), or done but for a file
    it could not have whole ("failed"); every file it holds is its revision."""
    expect(page.locator("html")).to_have_attribute("data-offline", state, timeout=READY_TIMEOUT)
    assert page.evaluate(NOT_THEIR_REVISION) == []


def kept_files(page: Page) -> set[str]:
    """The files some cache of the service worker holds."""
    return set().union(*_kept(page).values())


def test_a_wheel_half_published_on_a_first_visit_is_not_kept(page: Page, context, host,
                                                              manifest):
    """The package's wheel cut short: the page says that the engine could not start, and
    the service worker keeps every other file but that one. Once the whole wheel is
    published, the next reload plays, online and then offline."""
    wheel = manifest["wheel"] + ".xz"
    host.server.halve(wheel)
    page.goto(f"{host.url}#game=twist&challenge=1")
    expect(TWIST.status(page)).to_have_text(ENGINE_WORDS, timeout=READY_TIMEOUT)
    offline_copy(page, "failed")
    assert wheel not in kept_files(page)
    assert page.locator("html").get_attribute("data-ready") is None

    host.server.halve()  # the upload is done
    start(page)
    offline_copy(page, "ready")
    assert wheel in kept_files(page)
    context.set_offline(True)
    start(page)
    plays_on(page, TWIST.placement(page))


def test_a_pools_file_half_published_is_said_and_fetched_again(page: Page, context, host):
    """IQ-Steps' pools cut short: a daily link says that the daily and new challenges could
    not be downloaded (and shows a challenge of the booklet), and the file is not kept.
    Once it is whole, the same page opens the daily (the engine fetches it again), and
    offline after a reload another day's."""
    pools = "data/steps/pools.zlib"
    host.server.halve(pools)
    STEPS.open(page, host.url, f"daily={DATES[0]}")
    expect(STEPS.status(page)).to_have_text(POOLS_WORDS)
    expect(STEPS.board(page)).to_have_attribute("data-kind", "booklet")
    offline_copy(page, "failed")
    assert pools not in kept_files(page)

    host.server.halve()
    opens_the_daily(page, DATES[0])
    start(page)
    offline_copy(page, "ready")
    context.set_offline(True)
    start(page)
    opens_the_daily(page, DATES[1])


def opens_the_daily(page: Page, date: str) -> None:
    """IQ-Steps' daily of `date`, opened by its address, is shown."""
    page.evaluate(f"location.hash = '#game=steps&daily={date}'")
    want = daily(game("steps"), date)
    expect(STEPS.board(page)).to_have_attribute("data-kind", "daily", timeout=READY_TIMEOUT)
    expect(STEPS.board(page)).to_have_attribute("data-puzzle", want["challenge"])


def test_a_catalog_half_published_is_said_and_fetched_again(browser, host):
    """A player whose browser speaks French, the French catalog cut short: the page plays
    in English and says why; German chosen, cut short too, is not chosen, and the page
    says that the site did not send it (not that the player is offline). Nothing of either
    is kept. Once they are whole, the next reload speaks French, online and offline."""
    context = browser.new_context(locale="fr-FR")
    try:
        host.server.halve("locale/fr.json", "locale/de.json")
        page = TWIST.open(context.new_page(), host.url, "challenge=1")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(TWIST.status(page)).to_have_text(FRENCH_WORDS)
        offline_copy(page, "ready")
        dialog = choose_language(page, "de")
        expect(dialog.locator(".language-said")).to_have_text(GERMAN_WORDS)
        expect(page.locator("html")).to_have_attribute("lang", "en")
        assert not any(path.startswith("locale/") for path in kept_files(page))

        host.server.halve()
        start(page)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(TWIST.status(page)).not_to_have_text(FRENCH_WORDS)
        context.set_offline(True)
        start(page)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        assert page.evaluate(NOT_THEIR_REVISION) == []
    finally:
        context.close()


# Cuts a cache's copy of a file to half its bytes (its record unchanged), as the service
# worker of a release before this fix kept one
CUT_COPY = """async ([name, path]) => {
  const cache = await caches.open(name);
  const url = new URL(path, location.href).href;
  const bytes = await (await cache.match(url)).arrayBuffer();
  await cache.put(url, new Response(bytes.slice(0, bytes.byteLength >> 1)));
}"""


def test_a_release_installs_only_whole_files(page: Page, context, host, dist_dir,
                                             next_release):
    """A returning player's cache holds a file cut short under its revision (kept by a
    worker before this one), and the next release's wheel is published half: the release
    is not installed. Once the wheel is whole, the next check installs it, with that file
    downloaded again, not copied; the new release starts offline."""
    placement = play_the_first_release(page, host)
    old, new = _revisions(dist_dir), _revisions(next_release)
    wheel = next(name for name in new if name.endswith(".whl.xz"))
    cut = "data/focus/pools.zlib"  # (the same in both releases; not read by this visit)
    assert old[cut] == new[cut] and old[wheel] != new[wheel]
    page.evaluate(CUT_COPY, [f"iqpuzzles-{_version(dist_dir)}", cut])

    before = len(host.server.requests)
    host.server.halve(wheel)
    assert publish_as_it_starts(page, host, next_release, tried=True) == "redundant"
    expect(page.locator(".update-line")).to_have_count(0)

    host.server.halve()
    back_online(page, host, next_release)
    asked = Counter(path.lstrip("/") for path, _ in host.server.requests[before:])
    assert asked[cut] == 1 and asked[wheel] >= 2, asked  # (the first try kept the rest)
    reloads_by_itself(page, page.locator(".update-now").click)
    on_the_next_release(page, placement)
    assert page.evaluate(NOT_THEIR_REVISION) == []  # (the cache before: dropped)
    context.set_offline(True)
    start(page)
    on_the_next_release(page, placement)
    plays_on(page, placement)


# The browser evicts the site's storage (its service worker and caches; its HTTP cache
# stays): the next visit is a first one
EVICT = """async () => {
  const registrations = await navigator.serviceWorker.getRegistrations();
  for (const registration of registrations) await registration.unregister();
  for (const name of await caches.keys()) await caches.delete(name);
}"""


def test_after_storage_is_evicted_a_new_release_keeps_none_of_the_last(page: Page, context,
                                                                        host, next_release):
    """The HTTP cache holds the release before's files (the memory snapshot among them,
    under the same name): the next release's first visit keeps its own, each checked."""
    play_the_first_release(page, host)
    page.evaluate(EVICT)
    page.close()
    host.publish(next_release)
    page = start(context.new_page(), f"{host.url}#game=twist&challenge=1")
    assert page.evaluate("window.iqRelease ?? null") == "2"
    offline_copy(page, "ready")
    assert "python-snapshot.bin.gz" in kept_files(page)
