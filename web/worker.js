// Dedicated module worker: loads Pyodide and the iqpuzzles wheel from this site's own
// files, then answers requests through iqpuzzles.api.handle (JSON in, JSON out).
//
// Page -> worker: {type: "call", id, op, args}
// Worker -> page: {type: "progress", stage, fraction, loaded, total}
//                 {type: "ready", python, pyodide, build, seconds}
//                 {type: "reply", id, ok: true, result} | {type: "reply", id, ok: false, error}
//                 {type: "failed", error: {type, message}}   (Pyodide could not start)

const BASE = new URL("./", import.meta.url);
const t0 = performance.now();
const marks = {};
const mark = (name) => (marks[name] = Math.round(performance.now() - t0));

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
    const response = await realFetch(input, init);
    const url = new URL(response.url || String(input), BASE);
    const name = url.href.startsWith(BASE.href) ? url.href.slice(BASE.href.length) : null;
    if (name && name in sizes && !seen.has(name) && response.ok && response.body) {
      seen.set(name, 0);
      countBody(response.clone().body, (n) => add(name, n)).catch(() => {});
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

async function start() {
  const manifest = await (await fetch(new URL("build.json", BASE))).json();
  const sizes = {};
  for (const name of ["pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", manifest.wheel]) {
    sizes[name] = manifest.files[name] ?? 0;
  }
  const tracker = trackDownloads(sizes);
  mark("manifest");
  const { loadPyodide } = await import("./pyodide.mjs");
  mark("pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: BASE.href,
    stdout: (line) => console.log("[python]", line),
    stderr: (line) => console.warn("[python]", line),
  });
  // pyodide.asm.mjs is loaded with import(), which fetch() does not see.
  tracker.done("pyodide.asm.mjs");
  mark("loadPyodide");
  progress("start", 1);
  await pyodide.loadPackage(new URL(manifest.wheel, BASE).href, {
    messageCallback: () => {},
    errorCallback: (line) => console.warn("[pyodide]", line),
    checkIntegrity: false,
  });
  tracker.done(manifest.wheel);
  mark("wheel");
  progress("package", 1);
  const api = pyodide.pyimport("iqpuzzles.api");
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  mark("import");
  progress("import", 1);
  return {
    handle: api.handle,
    info: { python, pyodide: pyodide.version, build: manifest.build, seconds: (performance.now() - t0) / 1000, marks },
  };
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
    reply = JSON.parse(handle(request));
    if (!reply || typeof reply !== "object" || reply.id !== id) {
      throw new Error(`bad reply from iqpuzzles.api.handle: ${JSON.stringify(reply).slice(0, 200)}`);
    }
  } catch (e) {
    reply = { id, ok: false, error: errorOf(e) };
  }
  self.postMessage({ type: "reply", ...reply });
};
