// Dedicated module worker: loads Pyodide and the iqpuzzles wheel from this site's own
// files, then answers requests through iqpuzzles.api.handle (JSON in, JSON out).
//
// Page -> worker: {type: "call", id, op, args}
// Worker -> page: {type: "progress", stage, fraction, loaded, total}
//                 {type: "ready", python, pyodide, build, snapshot, seconds, marks}
//                 {type: "reply", id, ok: true, result} | {type: "reply", id, ok: false, error}
//                 {type: "failed", error: {type, message}}   (Pyodide could not start)

const BASE = new URL("./", import.meta.url);
const t0 = performance.now();
const marks = {};
const mark = (name) => (marks[name] = Math.round(performance.now() - t0));

// On a return visit the runtime's WebAssembly is compiled as soon as the worker knows the
// engine, while the rest starts: Pyodide compiles it only once the memory snapshot is read
// and unpacked, and WebKit keeps no compiled code from one visit to the next (Chromium
// does), so every start there paid its compile after all the rest. Pyodide's own fetch of
// the file gets a stand-in (the file is read once), and its instantiateStreaming the
// module compiled here. The marks say how long Pyodide waited for its module.
const WASM = "pyodide.asm.wasm";
let compiling = null; // Promise<WebAssembly.Module>
const standIns = new WeakSet();
const instantiateStreaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  mark("compile");
  let made;
  if (standIns.has(response)) {
    const module = await compiling;
    made = { module, instance: await WebAssembly.instantiate(module, imports) };
  } else {
    made = await instantiateStreaming(response, imports);
  }
  mark("compiled");
  return made;
};

function compileEarly(fetchFile) {
  // (`compiling` is set once this fetch is under way: the file's later fetches get stand-ins)
  compiling = fetchFile(WASM).then((response) => WebAssembly.compileStreaming(response));
  compiling.catch(() => {}); // (Pyodide's start reports it)
}

// Share of the overall progress bar for each stage after the downloads.
const STAGES = { download: [0, 0.75], start: [0.75, 0.88], package: [0.88, 0.94], import: [0.94, 1] };

let lastFraction = 0;
function progress(stage, within, extra = {}) {
  const [lo, hi] = STAGES[stage];
  const fraction = Math.max(lastFraction, lo + (hi - lo) * Math.min(1, Math.max(0, within)));
  lastFraction = fraction;
  self.postMessage({ type: "progress", stage, fraction, ...extra });
}

// Count the bytes of the runtime's own downloads as they arrive, without changing the
// responses handed to Pyodide (a clone is read, so WebAssembly streaming compilation and
// its code cache still see the original response).
// Responses come straight from the service worker's cache when it has them (no round
// trip through the service worker for megabytes), else from the network as usual.
function trackDownloads(sizes) {
  const total = Object.values(sizes).reduce((a, b) => a + b, 0);
  const seen = new Map();
  let loaded = 0;
  const report = () => progress("download", loaded / total, { loaded, total });
  const add = (name, n) => {
    const before = seen.get(name) ?? 0;
    const after = Math.min(sizes[name], before + n);
    seen.set(name, after);
    loaded += after - before;
    report();
  };
  const realFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    if (compiling && String(input instanceof Request ? input.url : input) === new URL(WASM, BASE).href) {
      const standIn = new Response(null); // compiled already (compileEarly)
      standIns.add(standIn);
      return standIn;
    }
    const hit = (!init || !init.method || init.method === "GET") && (await cached(input));
    const response = hit || (await realFetch(input, init));
    const url = new URL(response.url || String(input), BASE);
    const name = url.href.startsWith(BASE.href) ? url.href.slice(BASE.href.length) : null;
    if (name && name in sizes && !seen.has(name) && response.ok && response.body) {
      seen.set(name, 0);
      mark("got " + name);
      countBody(response.clone().body, (n) => add(name, n)).then(() => mark("read " + name)).catch(() => {});
    }
    return response;
  };
  report();
  return { done: (name) => add(name, sizes[name] ?? 0) };
}

async function countBody(body, onChunk) {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onChunk(value.byteLength);
  }
}

function errorOf(e) {
  if (e && e.name === "PythonError") {
    // A Python exception that escaped handle(): its type, and the last traceback line.
    const lines = String(e.message).trim().split("\n");
    const last = lines[lines.length - 1] || "";
    const colon = last.indexOf(":");
    return { type: e.type || "PythonError", message: colon > 0 ? last.slice(colon + 1).trim() : last };
  }
  return { type: (e && e.name) || "Error", message: String((e && e.message) || e) };
}

// The wheel's files go into site-packages (what pip would do; the wheel has no
// dependencies). JavaScript unzips them while the runtime starts, so Python does not: a
// fresh WebAssembly instance runs cold code slowly, WebKit slowest of all (its Python
// unzipping the wheel took seconds there, a few milliseconds in Firefox). After a snapshot
// the package is already imported, but its files (package data) are not there: the file
// system is not part of the snapshot.

/** The files of a zip archive (the wheel): [[path, bytes], ...], inflated. */
async function unzip(buffer) {
  const view = new DataView(buffer);
  let end = buffer.byteLength - 22; // the end-of-central-directory record, found backwards
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("the wheel is not a zip archive");
  const names = new TextDecoder();
  const files = [];
  let at = view.getUint32(end + 16, true); // the central directory: one entry a file
  for (let n = view.getUint16(end + 10, true); n > 0; n--) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("the wheel is a broken zip archive");
    const [method, size, nameLength] = [view.getUint16(at + 10, true), view.getUint32(at + 20, true), view.getUint16(at + 28, true)];
    const local = view.getUint32(at + 42, true);
    const name = names.decode(new Uint8Array(buffer, at + 46, nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    if (!/^[\w.-]+(\/[\w.-]+)*$/.test(name) || name.split("/").includes("..")) throw new Error(`the wheel holds an odd path: ${name}`);
    const data = new Uint8Array(buffer, local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true), size);
    if (method !== 0 && method !== 8) throw new Error(`the wheel packs ${name} in a way not read here`);
    files.push(method === 0 ? [name, data] : inflate(data).then((bytes) => [name, bytes]));
  }
  return Promise.all(files);
}

async function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// Python's part once the files are there (or all of it, where JavaScript could not unzip)
const SETTLE = `
def _settle(wheel):
    import random, site, sys, zipfile
    base = site.getsitepackages()[0]
    if wheel:  # an engine without DecompressionStream (Safari before 16.4): unzip it here
        with zipfile.ZipFile(wheel) as whl:
            whl.extractall(base)
    sys.path_importer_cache.pop(base, None)  # forget the listing from before
    if "random" in sys.modules:
        random.seed()  # a snapshot would otherwise give every visitor the same sequence
    return sys.version.split()[0]
_settle
`;

/** Put the wheel's files in site-packages, `base` (unzipped by JavaScript when it could);
 *  Python's version. */
async function installWheel(pyodide, base, files, bytes) {
  const unzipped = await files.catch((e) => {
    console.warn("could not unzip the wheel here; Python unzips it", e);
    return null;
  });
  let wheel = null;
  if (unzipped) {
    for (const [name, data] of unzipped) {
      const target = `${base}/${name}`;
      pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
      pyodide.FS.writeFile(target, data);
    }
  } else {
    wheel = "/tmp/iqpuzzles.whl";
    pyodide.FS.writeFile(wheel, new Uint8Array(await bytes));
  }
  const settle = pyodide.runPython(SETTLE);
  try {
    return settle(wheel);
  } finally {
    settle.destroy();
  }
}

async function fetchOk(name) {
  const response = await fetch(new URL(name, BASE));
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response;
}

async function gunzip(response) {
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  const r = new Uint8Array(await new Response(stream).arrayBuffer());
  mark("gunzipped");
  return r;
}

/** The service worker's copy of a file of the site, or null. */
async function cached(input) {
  try {
    return (self.caches && (await caches.match(new URL(String(input instanceof Request ? input.url : input), BASE).href))) || null;
  } catch {
    return null; // no Cache Storage here (an insecure context, a private mode)
  }
}

async function start() {
  // engine.json: what the engine is made of (it changes only when the engine does)
  const manifest = await (await fetchOk("engine.json")).json();
  // The memory snapshot (the engine already started) only when it is kept from an
  // earlier visit: on a first visit its megabytes would cost more than starting afresh,
  // so the service worker fetches it in the background once the game is playable.
  const snapshot = manifest.snapshot && (await cached(manifest.snapshot)) ? manifest.snapshot : null;
  const names = ["pyodide.asm.mjs", "pyodide.asm.wasm", manifest.stdlib, manifest.lock, manifest.wheel];
  if (snapshot) names.push(snapshot);
  const sizes = Object.fromEntries(names.map((name) => [name, manifest.sizes[name] ?? 0]));
  const tracker = trackDownloads(sizes);
  mark("manifest");
  // a return visit: every file is kept, so nothing else waits for this one's bytes (on a
  // first visit the download is what takes the time, and Pyodide asks for it in its turn)
  if (snapshot) compileEarly(fetchOk);
  const wheel = fetchOk(manifest.wheel).then((r) => r.arrayBuffer());
  wheel.catch(() => {});
  const wheelFiles = wheel.then(unzip); // while the runtime starts
  wheelFiles.catch(() => {});
  const { loadPyodide } = await import("./pyodide.mjs");
  mark("pyodide.mjs");
  const options = {
    indexURL: BASE.href,
    stdLibURL: new URL(manifest.stdlib, BASE).href,
    lockFileURL: new URL(manifest.lock, BASE).href,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  };
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...options, _loadSnapshot: fetchOk(snapshot).then(gunzip) });
    } catch (e) {
      console.warn("could not start from the memory snapshot; starting afresh", e);
    }
  }
  const fromSnapshot = pyodide !== null;
  pyodide ??= await loadPyodide(options);
  // pyodide.asm.mjs is loaded with import(), which fetch() does not see.
  tracker.done("pyodide.asm.mjs");
  mark("loadPyodide");
  progress("start", 1);
  await wheel; // (its download failing fails the start, as before)
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const python = await installWheel(pyodide, sitePackages, wheelFiles, wheel);
  tracker.done(manifest.wheel);
  if (snapshot) tracker.done(snapshot);
  mark("wheel");
  progress("package", 1);
  const api = pyodide.pyimport("iqpuzzles.api");
  mark("import");
  progress("import", 1);
  return {
    handle: (request) => answerWithData(api.handle, request, (path, bytes) => {
      const target = `${sitePackages}/iqpuzzles/${path}`;
      pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
      pyodide.FS.writeFile(target, bytes);
    }),
    info: {
      python,
      pyodide: pyodide.version,
      build: manifest.engine,
      snapshot: fromSnapshot,
      seconds: (performance.now() - t0) / 1000,
      marks,
    },
  };
}

/** handle(request), and when Python answers that a data file of the site is not here yet
 *  (DataNotHere: py/iqpuzzles/core/data.py), fetch it, write it where the package reads
 *  it, and ask again: a file costs its download only when first used. */
async function answerWithData(handle, request, write) {
  for (let tries = 0; ; tries++) {
    const reply = JSON.parse(handle(request));
    const path = reply?.error?.type === "DataNotHere" ? reply.error.path : null;
    if (!path || tries >= 3 || !/^data\/[a-z0-9_-]+\/[\w.-]+$/.test(path)) return reply;
    const response = await fetchOk(path);
    write(path, new Uint8Array(await response.arrayBuffer()));
  }
}

const engine = start();

engine.then(
  ({ info }) => self.postMessage({ type: "ready", ...info }),
  (e) => self.postMessage({ type: "failed", error: errorOf(e) }),
);

self.onmessage = async (event) => {
  const msg = event.data;
  if (!msg || msg.type !== "call") return;
  const id = msg.id;
  let reply;
  try {
    const { handle } = await engine;
    const request = JSON.stringify({ ...(msg.args || {}), id, op: msg.op });
    reply = await handle(request);
    if (!reply || typeof reply !== "object" || reply.id !== id) {
      throw new Error(`bad reply from iqpuzzles.api.handle: ${JSON.stringify(reply).slice(0, 200)}`);
    }
  } catch (e) {
    reply = { id, ok: false, error: errorOf(e) };
  }
  self.postMessage({ type: "reply", ...reply });
};
