"""Browser contexts kept from one test to the next of a pytest worker, as a player's browser
is kept from one visit to the next: a context costs about 0.35 s of CPU before its first
page (a renderer, and the engine's 20 MB that a returning player's earlier visit left in
Cache Storage, copied in), a third of what a test that loads the page once costs.

A context goes back to the pool at the end of the test that took it (or when the test
closes it) only if nothing of that test can reach the next one:
- its pages are closed (their routes, init scripts, clocks of the page, sessionStorage);
- the listeners the test added to it are removed;
- the test changed nothing a context keeps that cannot be taken back: no route, init
  script, binding, permission, offline switch, header, geolocation, cookie, timeout or
  clock of the context's (`PERSISTENT`), and no request left the site's origin (the storage
  of another origin, a release server of the test's own, would stay). Such a context is
  closed, as every context was before;
- the next test's first page starts on the site's origin, where CLEAN empties every
  storage the page uses (local storage, IndexedDB, Cache Storage but the earlier visit's
  copies, and those only if they are still exactly what KEEP_SNAPSHOT put there).
Only contexts that block service workers are kept: a registration outlives its pages. Tests
of the first visit or of the service worker always get contexts of their own."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api._generated import BrowserContext as ContextClass
from playwright.sync_api._generated import Clock

# What a test may do to a context that no closing of pages or clearing of storage undoes.
PERSISTENT = ("add_cookies", "add_init_script", "clear_cookies", "clear_permissions",
              "expose_binding", "expose_function", "grant_permissions", "route",
              "route_from_har", "route_web_socket", "set_default_navigation_timeout",
              "set_default_timeout", "set_extra_http_headers", "set_geolocation",
              "set_offline", "set_storage_state", "unroute", "unroute_all")
CLOCK = ("fast_forward", "install", "pause_at", "resume", "run_for", "set_fixed_time",
         "set_system_time")
KEPT_IDLE = 3  # contexts a worker keeps idle (each holds the engine's copies in memory)

# Run on build.json of the site's origin (no script of the site runs there): empties what a
# test's pages stored, keeping the earlier visit's copies only if they are still whole
# (`kept`: the names and entries KEEP_SNAPSHOT wrote); says whether they were.
CLEAN = """async (kept) => {
  localStorage.clear();
  sessionStorage.clear();
  for (const { name } of await indexedDB.databases()) {
    await new Promise((done, fail) => {
      const request = indexedDB.deleteDatabase(name);
      request.onsuccess = done;
      request.onerror = request.onblocked = () => fail(new Error(`IndexedDB ${name} stays`));
    });
  }
  let whole = true;
  for (const name of await caches.keys()) {
    const entries = kept[name];
    const now = entries && (await (await caches.open(name)).keys()).map((r) => r.url).sort();
    if (entries && JSON.stringify(now) === JSON.stringify(entries)) continue;
    whole = whole && !entries;
    await caches.delete(name);
  }
  return whole && (await caches.keys()).length === Object.keys(kept).length;
}"""
# The names and entries of the earlier visit's copies, as KEEP_SNAPSHOT left them.
KEPT_ENTRIES = """async () => Object.fromEntries(await Promise.all((await caches.keys()).map(
  async (name) => [name, (await (await caches.open(name)).keys()).map((r) => r.url).sort()])))"""


def _known(context: BrowserContext) -> int:
    """What the pool knows a context by: its connection's object, which a clock also knows."""
    return id(context._impl_obj)


class ContextPool:
    """A pytest worker's idle contexts, by the arguments that made them, and those it lent
    to the test running now."""

    def __init__(self, origin: str):
        self.origin = origin  # the site's scheme://host:port
        self.idle: list[tuple[tuple, BrowserContext]] = []
        self.lent: dict[int, tuple[tuple, BrowserContext, dict]] = {}  # with its listeners
        self.kept: dict[int, dict] = {}  # the earlier visit's copies in each (KEPT_ENTRIES)
        self.tainted: set[int] = set()

    def key(self, newcomer: bool, kwargs: dict) -> tuple | None:
        """What a context made with `kwargs` is known by, or None if it is not kept."""
        if kwargs.get("service_workers") != "block":
            return None
        return newcomer, repr(sorted(kwargs.items()))

    def take(self, key: tuple) -> BrowserContext | None:
        for i, (idle_key, context) in enumerate(self.idle):
            if idle_key == key:
                del self.idle[i]
                return context
        return None

    def adopt(self, context: BrowserContext, kept: bool) -> None:
        """A new context, made by the pool's test (its own calls on it taint nothing); if it
        is to be `kept`, a request outside the site's origin taints it."""
        self._forget(context)  # (a closed context's id may be this one's now)
        if not kept:
            return

        def on_request(request) -> None:
            parts = urlsplit(request.url)
            if parts.scheme not in ("data", "blob") and \
                    f"{parts.scheme}://{parts.netloc}" != self.origin:
                self.tainted.add(_known(context))
        context.on("request", on_request)

    def settle(self, page: Page, keep: Callable[[Page], None]) -> None:
        """The first page of a test in a context of the pool's, on build.json of the site's
        origin: what the last test stored emptied, and the earlier visit's copies whole
        (kept again by `keep` unless they still are)."""
        known = self.kept.get(_known(page.context))
        if known is None or not page.evaluate(CLEAN, known):
            keep(page)
            self.kept[_known(page.context)] = page.evaluate(KEPT_ENTRIES)

    def lend(self, key: tuple, context: BrowserContext) -> None:
        """`context` is the running test's until it closes it or ends (give_back)."""
        emitter = context._impl_obj
        listeners = {event: list(emitter.raw_listeners(event)) for event in emitter.event_names()}
        self.lent[_known(context)] = (key, context, listeners)
        context.close = lambda *args, **kwargs: self.give_back(context)

    def give_back(self, context: BrowserContext) -> None:
        """`context` idle again if the test left nothing in it that reaches the next one,
        else closed: the listeners it added removed, its pages closed."""
        if (lent := self.lent.pop(_known(context), None)) is None:
            return  # (given back already)
        key, _, listeners = lent
        for attribute in ("close", "new_page"):  # the test's wrappers of them
            context.__dict__.pop(attribute, None)
        emitter = context._impl_obj
        for event in emitter.event_names():
            for listener in emitter.raw_listeners(event):
                if listener not in listeners.get(event, ()):
                    emitter.remove_listener(event, listener)
        for page in context.pages:
            page.close()
        if _known(context) in self.tainted:
            self.drop(context)
            return
        self.idle.append((key, context))
        while len(self.idle) > KEPT_IDLE:
            self.drop(self.idle.pop(0)[1])

    def give_back_all(self) -> None:
        """At the end of a test: every context it still holds."""
        for _, context, _ in list(self.lent.values()):
            self.give_back(context)

    def drop(self, context: BrowserContext) -> None:
        self._forget(context)
        context.close()

    def _forget(self, context: BrowserContext) -> None:
        """Nothing known of `context` any more: closed, or new with a closed one's id."""
        self.tainted.discard(_known(context))
        self.kept.pop(_known(context), None)

    def close_all(self) -> None:
        for _, context in self.idle:
            context.close()
        self.idle.clear()


def taint_on_persistent_calls(pool: ContextPool, monkeypatch) -> None:
    """For the test (monkeypatch undoes it): a context whose PERSISTENT methods or clock a
    test calls is closed after it, not kept."""
    for name in PERSISTENT:
        original = getattr(ContextClass, name)

        def tainting(self, *args, _original=original, **kwargs):
            pool.tainted.add(_known(self))
            return _original(self, *args, **kwargs)
        monkeypatch.setattr(ContextClass, name, tainting)
    for name in CLOCK:
        original = getattr(Clock, name)

        def tainting_clock(self, *args, _original=original, **kwargs):
            pool.tainted.add(id(self._impl_obj._browser_context))
            return _original(self, *args, **kwargs)
        monkeypatch.setattr(Clock, name, tainting_clock)

