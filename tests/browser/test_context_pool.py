"""The contexts a worker keeps from one test to the next (tests/browser/pool.py): the next
test that takes one finds nothing of the last one's, or gets a context of its own."""

from playwright.sync_api import expect

ARGS = {"viewport": {"width": 700, "height": 500}, "locale": "en-GB"}  # this test's alone

STORE = """async () => {
  localStorage.setItem("iqpuzzles.v1.left", "by the last test");
  await new Promise((done) => {
    const request = indexedDB.open("left-by-the-last-test");
    request.onsuccess = () => { request.result.close(); done(); };
  });
  await (await caches.open("left-by-the-last-test")).put("x", new Response("x"));
  const kept = await caches.open((await caches.keys()).find((n) => n.startsWith("unpacked-")));
  return (await kept.keys()).length;
}"""
FOUND = """async () => ({
  stored: Object.keys(localStorage).filter((key) => key !== "iqpuzzles.v1.learned"),
  databases: (await indexedDB.databases()).map((db) => db.name),
  caches: (await caches.keys()).filter((name) => !name.startsWith("unpacked-")
                                       && name !== "kept-by-an-earlier-visit"),
  kept: (await (await caches.open((await caches.keys()).find(
    (n) => n.startsWith("unpacked-")))).keys()).length,
})"""


def test_a_kept_context_comes_back_empty_of_the_last_tests_storage(browser, site_url):
    first = browser.new_context(**ARGS)
    page = first.new_page()
    page.goto(site_url + "#game=steps")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=60_000)
    kept = page.evaluate(STORE)
    assert kept > 1, "the earlier visit's copies were not kept in the context"
    first.close()  # back to the pool: this test's next context of these arguments is it

    again = browser.new_context(**ARGS)
    assert again is first, "the pool made a new context where it had one kept"
    page = again.new_page()  # (on the site's origin, before the site's scripts run)
    found = page.evaluate(FOUND)
    assert found == {"stored": [], "databases": [], "caches": [], "kept": kept}, found
    page.goto(site_url + "#game=steps")
    expect(page.locator("html")).to_have_attribute("data-ready", "true", timeout=60_000)
    assert page.evaluate("() => document.documentElement.dataset.snapshot") == "true", \
        "the page did not start from the earlier visit's snapshot"
    again.close()


def test_a_context_a_test_changed_for_good_is_not_kept(browser, site_url):
    routed = browser.new_context(**ARGS)
    routed.route("**/never", lambda route: route.abort())
    routed.close()
    timed = browser.new_context(**ARGS)
    assert timed is not routed, "a context with a route of the last test's was kept"
    page = timed.new_page()
    page.clock.install()
    timed.close()
    elsewhere = browser.new_context(**ARGS)
    assert elsewhere is not timed, "a context with a clock of the last test's was kept"
    page = elsewhere.new_page()
    page.goto("data:text/html,<img src='http://127.0.0.1:9/elsewhere.png'>")
    elsewhere.close()
    last = browser.new_context(**ARGS)
    assert last is not elsewhere, "a context that reached another origin was kept"
    last.close()
