// Dedicated module worker: loads Pyodide and the iqpuzzles wheel from this site's own
// files, then answers requests through iqpuzzles.api.handle (JSON in, JSON out). The site
// runs it bundled with its xz decoder (npm's xz-decompress) by web/tools/bundle.mjs.
//
// Page -> worker: {type: "call", id, op, args}
//                 {type: "language", language}   ("fr": Python speaks French from the next call)
//                 {type: "go"}   (the engine may start now: see mayStart)
// Worker -> page: {type: "progress", stage, fraction, loaded, total}
//                 {type: "ready", python, pyodide, build, snapshot, kept, seconds, marks}
//                 {type: "reply", id, ok: true, result} | {type: "reply", id, ok: false, error}
//                 {type: "failed", error: {type, message}}   (Pyodide could not start)

import { EngineFiles, PACKED } from "./python/packed.js";
import { answerWithData } from "./python/datafiles.js";

const BASE = new URL("./", import.meta.url);
const t0 = performance.now();
const marks = {};
const mark = (name) => (marks[name] = Math.round(performance.now() - t0));

// The engine's files: the runtime's three (Pyodide's names), asked for at once as the
// worker starts, with engine.json (what the engine is made of) and Pyodide's loader: one
// round trip for all of them on a slow link, not one after the other; and the wheel,
// named by engine.json. packed.js unpacks them (or has copies kept from a visit before).
const RUNTIME = "pyodide.asm.mjs";
const WASM = "pyodide.asm.wasm";
const STDLIB = "python_stdlib.zip";
const TYPES = { [RUNTIME]: "text/javascript", [WASM]: "application/wasm", [STDLIB]: "application/octet-stream" };

// The runtime's WebAssembly is compiled as its bytes are unpacked (streaming), while the
// rest arrives and, on a return visit, while the memory snapshot is read: Pyodide would
// compile it only once the snapshot is unpacked, and WebKit keeps no compiled code from
// one visit to the next. Pyodide's own fetch of the file gets a stand-in, and its
// instantiateStreaming the module compiled here. The marks say how long Pyodide waited
// for its module.
/** @type {Promise<WebAssembly.Module>} */
let compiling = null;
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

// Share of the overall progress bar for each stage after the downloads.
const STAGES = { download: [0, 0.75], start: [0.75, 0.88], package: [0.88, 0.94], import: [0.94, 1] };

let lastFraction = 0;
function progress(stage, within, extra = {}) {
  const [lo, hi] = STAGES[stage];
  const fraction = Math.max(lastFraction, lo + (hi - lo) * Math.min(1, Math.max(0, within)));
  lastFraction = fraction;
  self.postMessage({ type: "progress", stage, fraction, ...extra });
}

// The bytes of the engine's downloads, counted as they arrive (the total once engine.json
// says how many this visit needs).
const downloads = { loaded: 0, total: 0 };
function arrived(n) {
  downloads.loaded += n;
  if (downloads.total) progress("download", downloads.loaded / downloads.total, { ...downloads });
}

/** The service worker's copy of a file of the site, or null. */
async function cached(input) {
  try {
    return (self.caches && (await caches.match(new URL(String(input instanceof Request ? input.url : input), BASE).href))) || null;
  } catch {
    return null; // no Cache Storage here (an insecure context, a private mode)
  }
}

// Responses come straight from the service worker's cache when it has them (no round
// trip through the service worker for megabytes), else from the network as usual.
const realFetch = self.fetch.bind(self);
async function siteFetch(input, init) {
  const hit = (!init || !init.method || init.method === "GET") && (await cached(input));
  return hit || realFetch(input, init);
}

async function fetchOk(name, init) {
  const response = await siteFetch(new URL(name, BASE), init);
  if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
  return response;
}

/** The bytes of a response, or an error that names the file it was. */
async function bytesOf(name, response) {
  try {
    const bytes = new Uint8Array(await response.arrayBuffer());
    mark("unpacked " + name);
    return bytes;
  } catch (e) {
    throw new Error(`${name} could not be read whole (${e?.message ?? e})`);
  }
}

// What Pyodide fetches itself is served from here: the standard library (unpacked) and a
// stand-in for the WebAssembly (compiled already); anything else as siteFetch serves it.
const served = new Map(); // URL -> Promise<Uint8Array>, a file's unpacked bytes
self.fetch = async (input, init) => {
  const url = new URL(String(input instanceof Request ? input.url : input), BASE).href;
  if (compiling && url === new URL(WASM, BASE).href) {
    const standIn = new Response(null);
    standIns.add(standIn);
    return standIn;
  }
  if (served.has(url)) return new Response(await served.get(url));
  return siteFetch(input, init);
};

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

/** A gzipped stream's bytes (the memory snapshot, which the browser unpacks natively). */
async function gunzip(body) {
  const r = new Uint8Array(await new Response(body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
  mark("gunzipped");
  return r;
}

/** Rejects when any of `promises` does; never resolves. */
const firstFailure = (promises) => Promise.race(promises.map((p) => p.then(() => new Promise(() => {}))));

async function start() {
  // Everything at once: engine.json, Pyodide's loader and the runtime's files (unpacked as
  // they arrive), and the memory snapshot (the engine already started), used only when it
  // is kept from an earlier visit: on a first visit its megabytes would cost more than
  // starting afresh, so the service worker fetches it in the background once the game is
  // playable.
  const manifestLoaded = fetchOk("engine.json").then((r) => r.json());
  manifestLoaded.catch(() => {}); // (awaited below)
  const loader = import("./pyodide.mjs");
  loader.catch(() => {});
  const files = await EngineFiles.open(manifestLoaded, { base: BASE, fetchFile: fetchOk, onBytes: arrived, mark, mayUnpack: mayStart });
  // the downloads start now (held as they arrive); what reads them waits for the word
  const arriving = [RUNTIME, STDLIB, WASM].map((name) => files.response(name, TYPES[name]));
  for (const promise of arriving) promise.catch(() => {}); // (raced below)
  // (a return visit's copies are kept unpacked: nothing to download, so nothing to gain
  // by waiting, and a returning player waits for Python, not for the page's board)
  mark(files.fromKept ? "go:kept" : `go:${await mayStart}`); // (the ready message's marks)
  const [runtimeFile, stdlibFile, wasmFile] = arriving;
  const runtime = runtimeFile.then((r) => r.blob()).then(async (blob) => {
    const url = URL.createObjectURL(blob);
    try {
      return (await import(url)).default; // Pyodide's createPyodideModule
    } finally {
      URL.revokeObjectURL(url);
    }
  });
  const stdlib = stdlibFile.then((r) => bytesOf(STDLIB, r));
  compiling = wasmFile.then((r) => WebAssembly.compileStreaming(r));
  for (const promise of [runtime, stdlib, compiling]) promise.catch(() => {}); // (raced below)
  const manifest = await manifestLoaded;
  mark("manifest");
  for (const name of [RUNTIME, WASM, STDLIB, manifest.wheel]) {
    if (manifest.files?.[name] !== name + PACKED) throw new Error(`engine.json serves ${name} otherwise: ${JSON.stringify(manifest.files)}`);
  }
  const snapshot = manifest.snapshot && (await cached(manifest.snapshot)) ? manifest.snapshot : null;
  const memory = snapshot ? gunzip(files.arriving(snapshot)) : null;
  memory?.catch(() => {}); // (a snapshot that cannot be read: Python starts afresh)
  const wheel = files.response(manifest.wheel, "application/zip").then((r) => bytesOf(manifest.wheel, r));
  const wheelFiles = wheel.then((bytes) => unzip(bytes.buffer)); // while the runtime starts
  wheelFiles.catch(() => {});
  const downloading = [...(files.fromKept ? [] : [RUNTIME, WASM, STDLIB, manifest.wheel].map((name) => name + PACKED)),
    ...(snapshot ? [snapshot] : [])];
  downloads.total = downloading.reduce((sum, name) => sum + (manifest.sizes[name] ?? 0), 0);
  arrived(0);
  served.set(new URL(STDLIB, BASE).href, stdlib);
  // a file that cannot be had fails the start (Pyodide itself would wait for ever on it)
  const failed = firstFailure([runtime, stdlib, compiling, wheel]);
  failed.catch(() => {});
  const { loadPyodide } = await Promise.race([loader, failed]);
  const createPyodideModule = await Promise.race([runtime, failed]);
  mark("pyodide.mjs");
  const options = {
    indexURL: BASE.href,
    stdLibURL: new URL(STDLIB, BASE).href,
    lockFileContents: manifest.lock,
    createPyodideModule,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  };
  let pyodide = null;
  if (snapshot) {
    try {
      pyodide = await Promise.race([loadPyodide({ ...options, _loadSnapshot: memory }), failed]);
    } catch (e) {
      console.warn("could not start from the memory snapshot; starting afresh", e);
    }
  }
  const fromSnapshot = pyodide !== null;
  pyodide ??= await Promise.race([loadPyodide(options), failed]);
  mark("loadPyodide");
  progress("start", 1);
  await wheel; // (its download failing fails the start)
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const python = await installWheel(pyodide, sitePackages, wheelFiles, wheel);
  mark("wheel");
  progress("package", 1);
  const api = pyodide.pyimport("iqpuzzles.api");
  mark("import");
  progress("import", 1);
  return {
    handle: (request) => answerWithData(api.handle, request, {
      fetchFile: fetchOk,
      write: (path, bytes) => {
        const target = `${sitePackages}/iqpuzzles/${path}`;
        pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
        pyodide.FS.writeFile(target, bytes);
      },
      forget: (path) => pyodide.FS.unlink(`${sitePackages}/iqpuzzles/${path}`),
    }),
    keep: () => files.keep(manifest.engine),
    speak: (language, mo) => {
      // the catalog where iqpuzzles.core.i18n finds it (the site's wheel has none)
      const code = language.replace("-", "_");
      if (mo) {
        const folder = `${sitePackages}/iqpuzzles/locale/${code}/LC_MESSAGES`;
        pyodide.FS.mkdirTree(folder);
        pyodide.FS.writeFile(`${folder}/iqpuzzles.mo`, mo);
      }
      const i18n = pyodide.pyimport("iqpuzzles.core.i18n");
      try {
        return i18n.set_language(code);
      } finally {
        i18n.destroy();
      }
    },
    info: {
      python,
      pyodide: pyodide.version,
      build: manifest.engine,
      snapshot: fromSnapshot,
      kept: files.fromKept,
      seconds: (performance.now() - t0) / 1000,
      marks,
    },
  };
}

// On a first visit the engine's files are downloaded at once, but unpacked, compiled and
// started only when the page says so (mayStart): once its first board is drawn (from the
// site's built answers), or when it asks what only Python knows (a call), or after
// GO_WAIT_MS at the latest. That work keeps a core busy for seconds: on a phone's few
// cores, at the same time as the page builds its first board, it made that work's tasks
// two or three times longer (issue 41: Lighthouse's blocking time about halved with the
// start after the board); the downloads, no work for a core, need not wait, and on a
// phone's link they take longer than the board anyway.
const GO_WAIT_MS = 3000;
let go = () => {};
const mayStart = new Promise((resolve) => {
  go = () => resolve("page");
  setTimeout(() => resolve("timeout"), GO_WAIT_MS);
});
const engine = start();

engine.then(
  ({ info, keep }) => {
    self.postMessage({ type: "ready", ...info });
    keep().catch((e) => console.warn("could not keep the engine's files for the next visit", e));
  },
  (e) => self.postMessage({ type: "failed", error: errorOf(e) }),
);

// Python's language: each change fetches that language's catalog (the service worker's
// copy once fetched) and switches to it; calls wait for the change before them. A
// catalog that cannot be had leaves Python in the language it spoke.
const LANGUAGE = /^[a-z]{2}(-[A-Z]{2})?$/;
let speaking = Promise.resolve();
function speak(language) {
  speaking = speaking.then(async () => {
    const { speak: use } = await engine;
    const mo = language === "en" ? null : new Uint8Array(await (await fetchOk(`locale/${language}.mo`)).arrayBuffer());
    use(language, mo);
  }).catch((e) => console.warn(`Python's words stay as they were (${language}):`, e));
}

self.onmessage = async (event) => {
  const msg = event.data;
  if (msg?.type === "language" && LANGUAGE.test(msg.language)) speak(msg.language);
  if (msg?.type === "go") go();
  if (!msg || msg.type !== "call") return;
  go(); // a question only Python can answer: it starts now
  const id = msg.id;
  let reply;
  try {
    await speaking;
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
