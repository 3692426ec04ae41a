// Service worker: the site works offline after one visit, and each file is downloaded once.
//
// build.py replaces the BUILD line with this build's files and a revision of each (the
// start of the SHA-256 of its bytes), and the files to keep for offline play. One cache
// per build, made from the one before:
//
// - First visit: the page registers this worker once it is playable (updates.js), and
//   nothing is fetched at install. The worker takes over at once and keeps each file the
//   page downloads as it passes; the page then asks for the rest of the offline files
//   ("complete"), which come from the browser's HTTP cache when the page fetched them
//   before this worker took over, so no file is downloaded twice (Workbox's precache
//   would fetch every file again, with a revision in its URL).
// - A new release: its worker is installed only once its cache holds every file the
//   release needs offline (BUILD.offline, and the early boards the player's cache held),
//   whatever their names: a file of a revision some cache of the site holds is copied
//   from there, any other is downloaded. If one cannot be had, the install fails and the
//   release before stays, its cache untouched (the next update check tries again, going
//   on from what this one kept). The new worker then waits until no tab uses the old one
//   (a page never mixes two releases) or a page asks it to take over ("skip-waiting":
//   updates.js, once the player's game is saved), and drops the old caches only then.
// - Every file kept is the release's own, byte for byte: each answer is checked against
//   its revision before it is kept, or served from the cache as the release's (isRelease).
//   A host halfway through publishing serves a file cut short, or the next release's, for
//   a while, and the browser's HTTP cache hands such a copy back later (with a 304; or the
//   release before's files, to a first visit after the browser evicted the site's storage
//   but kept that cache): kept, it would break the app for good. One that does not match
//   is asked again past the HTTP cache; if it still does not match, nothing is kept and the
//   page gets the network's answer (it says what it could not get): the next start asks
//   again.
// Other origins are never touched.
const BUILD = { version: "dev", files: {}, offline: [] };

// this worker's global scope, as the checker knows it: a service worker's (self, typed)
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
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

/** Put a response of this release's file `path` (checked: isRelease) in this build's
 *  cache, and its revision in the record (written by saveRecord). A write that fails
 *  fails its caller alone, not the writes after it. */
function keep(path, response) {
  const done = writing.catch(() => {}).then(async () => {
    const cache = await caches.open(CACHE);
    const revisions = await ourRevisions();
    await cache.put(new URL(path, SCOPE).href, response);
    revisions[path] = BUILD.files[path];
    unsaved = true;
  });
  writing = done;
  return done;
}

/** Write the record of what this build's cache holds, if it changed. */
function saveRecord() {
  const done = writing.catch(() => {}).then(async () => {
    if (!unsaved) return;
    unsaved = false;
    const cache = await caches.open(CACHE);
    await cache.put(REVISIONS, new Response(JSON.stringify(await ourRevisions())));
  });
  writing = done;
  return done;
}

/** Every other cache of the site, each with the record of what it holds. */
async function otherCaches() {
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  return Promise.all(names.map(async (name) => {
    const cache = await caches.open(name);
    return { cache, revisions: await revisionsOf(cache) };
  }));
}

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** Whether `response` is this release's `path` byte for byte: a whole answer whose bytes'
 *  SHA-256 starts with the path's revision (build.py). Read from a clone: the response
 *  itself stays unread, for the page or the cache. */
async function isRelease(path, response) {
  const revision = BUILD.files[path];
  if (!revision || response?.status !== 200) return false;
  try {
    const body = await response.clone().arrayBuffer();
    return hex(await crypto.subtle.digest("SHA-256", body)).slice(0, revision.length) === revision;
  } catch {
    return false; // its body broke off as it came
  }
}

/** The network's answer for this release's `path` (`request`: its URL, or the page's
 *  request) fetched as `init` says: {response, whole}, whole when it is the release's
 *  file. One that is not is asked again past the browser's HTTP cache, whose copy may be
 *  one a host served cut short. Rejects when the network does (offline). */
async function fromNetwork(path, request, init = {}) {
  const response = await fetch(request, init);
  if (await isRelease(path, response)) return { response, whole: true };
  if (response.status !== 200) return { response, whole: false }; // (a 404: the page says so)
  const again = await fetch(request, { ...init, cache: "reload" });
  return { response: again, whole: await isRelease(path, again) };
}

/** A file of this release from the server (revalidated: the HTTP cache's copy may be
 *  another release's, or cut short), refused unless it is whole and of this release's
 *  revision (a host halfway through publishing the next release may answer with that
 *  one's). */
async function download(path) {
  const { response, whole } = await fromNetwork(path, new URL(path, SCOPE), { cache: "no-cache" });
  if (!whole) throw new Error(`${path}: the server's file is not this release's (HTTP ${response.status})`);
  return response;
}

/** A copy of this release's `path` that one of the caches `kept` ({cache, revisions})
 *  holds, checked: a cache's record says which revision it was kept as, not that its
 *  bytes are whole (a worker before this one kept any answer). {from, response} or null. */
async function keptCopy(path, kept) {
  for (const from of kept) {
    if (from.revisions[path] !== BUILD.files[path]) continue;
    const response = await from.cache.match(new URL(path, SCOPE).href);
    if (await isRelease(path, response)) return { from, response };
  }
  return null;
}

/** Fill this release's cache: every offline file, and the early boards and the catalogs
 *  of languages (locale/) kept before. */
async function installRelease(others) {
  const ours = { cache: await caches.open(CACHE), revisions: await ourRevisions() };
  const wanted = new Set(BUILD.offline);
  for (const { revisions: theirs } of others) {
    for (const path of Object.keys(theirs)) if (/^(early|locale)\//.test(path) && path in BUILD.files) wanted.add(path);
  }
  const missing = [];
  for (const path of wanted) {
    // (ours first: kept by an install of this release that failed)
    const copy = await keptCopy(path, [ours, ...others]);
    if (!copy) missing.push(path);
    else if (copy.from !== ours) await keep(path, copy.response);
  }
  // downloaded four at a time; one that fails fails the install, but the rest still come
  // and are kept: a next try downloads only what failed (the order of the downloads, and
  // so what one failure would have stopped, is the network's)
  let failure = null;
  const next = async () => {
    while (missing.length) {
      const path = missing.shift();
      try {
        await keep(path, await download(path));
      } catch (e) {
        failure ??= e;
      }
    }
  };
  await Promise.all([next(), next(), next(), next()]);
  await saveRecord(); // what is in stays: a next try downloads only the rest
  if (failure) throw failure;
}

sw.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    if (!sw.registration.active) {
      await sw.skipWaiting(); // the first visit: keep its downloads from the start
      return;
    }
    await installRelease(await otherCaches());
  })());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = pathOf(request.url);
  if (path === null) return;
  event.respondWith(fromCache(event, path));
});

async function fromCache(event, path) {
  const request = event.request;
  if (request.mode === "navigate" && path.includes("/") && !(path in BUILD.files)) {
    // a page under the site's (…/index.html/, …/x/y/): the page itself, at its address,
    // whose files are found beside it (served there, it would wait for them for good)
    return Response.redirect(new URL(new URL(request.url).search, SCOPE).href, 302);
  }
  const wanted = request.mode === "navigate" && !(path in BUILD.files) ? "index.html" : path;
  const hit = await ourCopy(wanted);
  if (hit) return hit;
  try {
    if (!(path in BUILD.files)) return await fetch(request);
    // (read whole before the page has it, to be checked: a file this cache lacks, which
    // the first visit's big downloads, made before this worker, are not)
    const { response, whole } = await fromNetwork(path, request);
    if (whole && response.type === "basic") {
      // kept while the page reads the response; the worker stays up until it is written
      event.waitUntil(keep(path, response.clone()).then(saveRecord).catch(() => {}));
    }
    return response; // (not whole: the page reads what the network sent, kept nowhere)
  } catch {
    // offline, and a file never kept (an early board not drawn before): an answer the
    // page reads as "not here" (it asks the engine instead), not a network error
    return new Response("Not kept for offline play.", {
      status: 503, statusText: "Offline", headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/** This release's cache's copy of `path`, if it holds the release's: one its record lists
 *  was checked as it was kept; any other is checked now (kept, its record not written). */
async function ourCopy(path) {
  const cache = await caches.open(CACHE);
  const [hit, revisions] = await Promise.all([cache.match(new URL(path, SCOPE).href), ourRevisions()]);
  if (!hit) return null;
  return revisions[path] === BUILD.files[path] || (await isRelease(path, hit)) ? hit : null;
}

/** Keep the offline files not kept yet, and the files of early/ the page drew from
 *  (`drawn`): from the HTTP cache when the page fetched them before this worker took
 *  over, from the network otherwise; each only once it is checked. Answers how many were
 *  kept, and the paths that could not be had whole (the page's next start asks again). */
async function complete(drawn) {
  await writing.catch(() => {}); // what the page's downloads put in first
  const revisions = await ourRevisions();
  const early = (Array.isArray(drawn) ? drawn : []).filter(
    (path) => typeof path === "string" && path.startsWith("early/") && path in BUILD.files);
  let fetched = 0;
  const missing = [];
  for (const path of new Set([...BUILD.offline, ...early])) {
    if (revisions[path] === BUILD.files[path]) continue;
    // index.html was fetched as the page itself ("./"): that is the HTTP cache's entry
    const url = new URL(path === "index.html" ? "./" : path, SCOPE);
    const answer = await fromNetwork(path, url, { cache: "force-cache" }).catch(() => null);
    if (!answer?.whole) {
      missing.push(path);
      continue;
    }
    await keep(path, answer.response);
    fetched++;
  }
  await saveRecord();
  return { fetched, missing };
}

sw.addEventListener("message", (event) => {
  // a page whose game is saved lets this release take over at once (it then reloads);
  // `alone`: only if the asking page is the only tab of the site (its page chose no moment
  // for the others; a tab that closed as it asked is no tab, and would otherwise reload
  // the one left under its player's hands)
  if (event.data?.type === "skip-waiting") {
    const port = event.ports[0];
    event.waitUntil((async () => {
      const tabs = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const applied = !event.data.alone || tabs.every((tab) => tab.id === /** @type {Client} */ (event.source)?.id);
      // answered before the take-over: the browser makes it wait until the release
      // before has no event in hand, which can be long (the page hears it happen:
      // controllerchange)
      port?.postMessage({ applied });
      if (applied) await sw.skipWaiting();
    })());
    return;
  }
  if (event.data?.type !== "complete") return;
  const port = event.ports[0];
  event.waitUntil(complete(event.data.kept).then(
    ({ fetched, missing }) => port?.postMessage({ ok: missing.length === 0, fetched, missing }),
    (e) => port?.postMessage({ ok: false, error: String(e) }),
  ));
});
