// Service worker: the site works offline after one visit, and each file is downloaded once.
//
// build.py replaces the BUILD line with this build's files and a revision of each (a hash
// of its content), and the files to keep for offline play. One cache per build, made
// from the one before:
//
// - First visit: nothing is fetched at install. The worker takes over at once and keeps
//   each file the page downloads as it passes; once the page is playable it asks for the
//   rest of the offline files ("complete"), which come from the browser's HTTP cache
//   when the page fetched them before this worker took over, so no file is downloaded
//   twice (Workbox's precache would fetch every file again, with a revision in its URL).
// - A new release: the new worker copies every unchanged file from the old cache and
//   downloads only the files whose revision changed; it waits until no tab uses the old
//   one (a page never mixes two releases), then drops the old cache.
// Other origins are never touched.
const BUILD = { version: "dev", files: {}, offline: [] };

const PREFIX = "iqpuzzles-";
const CACHE = PREFIX + BUILD.version;
const REVISIONS = "__revisions__"; // a cache's own record: path -> revision it holds
const SCOPE = new URL("./", self.location.href);

const pathOf = (url) => {
  const href = new URL(url, SCOPE).href.split("#")[0].split("?")[0];
  if (!href.startsWith(SCOPE.href)) return null;
  const path = href.slice(SCOPE.href.length);
  return path === "" ? "index.html" : path;
};

async function revisionsOf(cache) {
  const record = await cache.match(REVISIONS);
  return record ? record.json() : {};
}

// This worker's record of its own cache, read once; its writes go one after another,
// and the record is written once a batch of files is in (not once per file: a release
// copies hundreds of them).
let ours = null;
let writing = Promise.resolve();
let unsaved = false;
const ourRevisions = async () => (ours ??= revisionsOf(await caches.open(CACHE)));

/** Put a file's response in this build's cache, and its revision in the record (written
 *  by saveRecord). */
function keep(path, response) {
  writing = writing.then(async () => {
    const cache = await caches.open(CACHE);
    const revisions = await ourRevisions();
    await cache.put(new URL(path, SCOPE).href, response);
    revisions[path] = BUILD.files[path];
    unsaved = true;
  });
  return writing;
}

/** Write the record of what this build's cache holds, if it changed. */
function saveRecord() {
  writing = writing.then(async () => {
    if (!unsaved) return;
    unsaved = false;
    const cache = await caches.open(CACHE);
    await cache.put(REVISIONS, new Response(JSON.stringify(await ourRevisions())));
  });
  return writing;
}

/** The newest other cache of this site (the release before), or null. */
async function previousCache() {
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  return names.length ? caches.open(names[names.length - 1]) : null;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await caches.open(CACHE); // made first: every other cache of the site is older
    const before = await previousCache();
    if (!before) {
      await self.skipWaiting(); // the first visit: keep its downloads from the start
      return;
    }
    const old = await revisionsOf(before);
    const revisions = await ourRevisions();
    for (const [path, revision] of Object.entries(BUILD.files)) {
      if (!(path in old) || revisions[path] === revision) continue;
      if (old[path] === revision) {
        const response = await before.match(new URL(path, SCOPE).href);
        if (response) {
          await keep(path, response);
          continue;
        }
      }
      // changed since the last release: the server's copy, not the HTTP cache's
      const response = await fetch(new URL(path, SCOPE), { cache: "no-cache" });
      if (response.status === 200) await keep(path, response);
    }
    await saveRecord();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = pathOf(request.url);
  if (path === null) return;
  event.respondWith(fromCache(event, path));
});

async function fromCache(event, path) {
  const request = event.request;
  const cache = await caches.open(CACHE);
  const wanted = request.mode === "navigate" && !(path in BUILD.files) ? "index.html" : path;
  const hit = await cache.match(new URL(wanted, SCOPE).href);
  if (hit) return hit;
  let response;
  try {
    response = await fetch(request);
  } catch {
    // offline, and a file never kept (an early board not drawn before): an answer the
    // page reads as "not here" (it asks the engine instead), not a network error
    return new Response("Not kept for offline play.", {
      status: 503, statusText: "Offline", headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (response.status === 200 && path in BUILD.files && response.type === "basic") {
    // kept while the page reads the response; the worker stays up until it is written
    event.waitUntil(keep(path, response.clone()).then(saveRecord).catch(() => {}));
  }
  return response;
}

/** Keep the offline files not kept yet, and the files of early/ the page drew from
 *  (`drawn`): from the HTTP cache when the page fetched them before this worker took
 *  over, from the network otherwise. Answers how many. */
async function complete(drawn) {
  await writing; // what the page's downloads put in first
  const revisions = await ourRevisions();
  const early = (Array.isArray(drawn) ? drawn : []).filter(
    (path) => typeof path === "string" && path.startsWith("early/") && path in BUILD.files);
  let fetched = 0;
  for (const path of new Set([...BUILD.offline, ...early])) {
    if (revisions[path] === BUILD.files[path]) continue;
    // index.html was fetched as the page itself ("./"): that is the HTTP cache's entry
    const url = new URL(path === "index.html" ? "./" : path, SCOPE);
    const response = await fetch(url, { cache: "force-cache" });
    if (response.status !== 200) continue;
    await keep(path, response);
    fetched++;
  }
  await saveRecord();
  return fetched;
}

self.addEventListener("message", (event) => {
  if (event.data?.type !== "complete") return;
  const port = event.ports[0];
  event.waitUntil(complete(event.data.kept).then(
    (fetched) => port?.postMessage({ ok: true, fetched }),
    (e) => port?.postMessage({ ok: false, error: String(e) }),
  ));
});
