// Service worker: the whole site works offline after one visit.
// build.py replaces the next line with the build's cache name (from content hashes) and
// the list of every file of dist/, so each new build installs a fresh cache and drops
// the old ones. Cache first for this origin's GET requests; other origins are never touched.
const BUILD = { cache: "iqpuzzles-dev", files: [] };

const PREFIX = "iqpuzzles-";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(BUILD.cache);
      // cache: "reload" skips the HTTP cache, so the precache is exactly this build.
      await cache.addAll(BUILD.files.map((f) => new Request(f, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== BUILD.cache) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith(cacheFirst(request, url));
});

async function cacheFirst(request, url) {
  const cache = await caches.open(BUILD.cache);
  // Navigations carry the game state in the hash (never sent) and maybe a query: any
  // page of the site is index.html or another precached file.
  const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
  if (hit) return hit;
  if (request.mode === "navigate" && url.pathname.endsWith("/")) {
    const index = await cache.match("index.html");
    if (index) return index;
  }
  return fetch(request);
}
