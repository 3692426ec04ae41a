// Service worker: the site works offline after one visit, and each file is downloaded once.
//
// build.py replaces the BUILD line with this build's files and a revision of each (a hash
// of its content), and the files to keep for offline play. One cache per build, made
// from the one before:
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
//   from there, any other is downloaded and checked against its revision. If one cannot
//   be had, the install fails and the release before stays, its cache untouched (the
//   next update check tries again, going on from what this one kept). The new worker
//   then waits until no tab uses the old one (a page never mixes two releases) or a page
//   asks it to take over ("skip-waiting": updates.js, once the player's game is saved),
//   and drops the old caches only then.
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
 *  by saveRecord). A write that fails fails its caller alone, not the writes after it. */
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

/** A file of this release from the server (not the HTTP cache's copy), refused unless it
 *  is whole and of this release's revision (a host halfway through publishing the next
 *  release may answer with that one's). */
async function download(path) {
  const response = await fetch(new URL(path, SCOPE), { cache: "no-cache" });
  if (response.status !== 200) throw new Error(`${path}: the server answered ${response.status}`);
  const body = await response.arrayBuffer();
  const revision = hex(await crypto.subtle.digest("SHA-256", body)).slice(0, BUILD.files[path].length);
  if (revision !== BUILD.files[path]) throw new Error(`${path} is not this release's (${revision})`);
  // the body as read (unpacked): the headers that described it as sent go
  const headers = new Headers(response.headers);
  for (const name of ["Content-Encoding", "Content-Length"]) headers.delete(name);
  return new Response(body, { status: 200, statusText: response.statusText, headers });
}

/** Fill this release's cache: every offline file, and the early boards and the catalogs
 *  of languages (locale/) kept before. */
async function installRelease(others) {
  const revisions = await ourRevisions();
  const wanted = new Set(BUILD.offline);
  for (const { revisions: theirs } of others) {
    for (const path of Object.keys(theirs)) if (/^(early|locale)\//.test(path) && path in BUILD.files) wanted.add(path);
  }
  const missing = [];
  for (const path of wanted) {
    const revision = BUILD.files[path];
    if (revisions[path] === revision) continue; // kept by an install of this release that failed
    const from = others.find((other) => other.revisions[path] === revision);
    const response = await from?.cache.match(new URL(path, SCOPE).href);
    if (response) await keep(path, response);
    else missing.push(path);
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

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    if (!self.registration.active) {
      await self.skipWaiting(); // the first visit: keep its downloads from the start
      return;
    }
    await installRelease(await otherCaches());
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
  await writing.catch(() => {}); // what the page's downloads put in first
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
  // a page whose game is saved lets this release take over at once (it then reloads);
  // `alone`: only if the asking page is the only tab of the site (its page chose no moment
  // for the others; a tab that closed as it asked is no tab, and would otherwise reload
  // the one left under its player's hands)
  if (event.data?.type === "skip-waiting") {
    const port = event.ports[0];
    event.waitUntil((async () => {
      const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const applied = !event.data.alone || tabs.every((tab) => tab.id === event.source?.id);
      // answered before the take-over: the browser makes it wait until the release
      // before has no event in hand, which can be long (the page hears it happen:
      // controllerchange)
      port?.postMessage({ applied });
      if (applied) await self.skipWaiting();
    })());
    return;
  }
  if (event.data?.type !== "complete") return;
  const port = event.ports[0];
  event.waitUntil(complete(event.data.kept).then(
    (fetched) => port?.postMessage({ ok: true, fetched }),
    (e) => port?.postMessage({ ok: false, error: String(e) }),
  ));
});
