// Make a Pyodide memory snapshot with iqpuzzles already imported, so the browser skips
// starting CPython and importing the package (Pyodide's experimental _makeSnapshot /
// _loadSnapshot). The snapshot is only valid with the very same pyodide.asm.wasm,
// python_stdlib.zip and wheel, so build.py makes it from dist/ and keys it on them.
// Usage: node make_snapshot.mjs DIST_DIR WHEEL_NAME OUT_FILE.gz   (run by build.py)
//
// The snapshot is the same bytes from the same inputs (reproducible builds: a release
// that leaves the engine alone leaves players their cached copy of it). What would make
// two snapshots differ is what CPython reads from outside while it starts and imports:
// entropy (its hash secret, mimalloc's and random's seeds) and the clock (the file
// system's times, which importlib caches). Both are made deterministic here, for the
// snapshot's making only: the browser reseeds random after restoring it (worker.js), and
// its clock and entropy are the real ones from then on.
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

// a fixed stream of pseudo-random bytes (Pyodide under Node reads its entropy from
// node:crypto's randomFillSync, and Math.random for a few things of its own)
let seed = 0x9e3779b9;
const nextRandom = () => {
  seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
  return seed;
};
nodeCrypto.randomFillSync = (view) => {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) bytes[i] = nextRandom() & 255;
  return view;
};
Math.random = () => nextRandom() / 2 ** 32;
// a clock that moves on by one millisecond a reading (importlib sees a folder change when
// its time changes: a frozen clock would hide the package it has just unpacked)
const EPOCH_MS = Date.UTC(2024, 0, 1);
let readings = 0;
Date.now = () => EPOCH_MS + readings++;
performance.now = () => readings++ / 1000;

const [dist, wheel, output] = process.argv.slice(2);
if (!dist || !wheel || !output) {
  console.error("usage: node make_snapshot.mjs DIST_DIR WHEEL_NAME OUT_FILE.gz");
  process.exit(2);
}
// the program's name (sys.argv[0], $_) without the folder it was run from
process.argv[1] = "make_snapshot.mjs";
const pyodide = await loadPyodide({
  stdLibURL: join(dist, "python_stdlib.zip"),
  _makeSnapshot: true,
  // LANG said, not left to the Node version (navigator.language, where it has one)
  env: { HOME: "/home/pyodide", LANG: "C.UTF-8" },
});
// The same install the worker does after loading the snapshot (worker.js installWheel).
pyodide.FS.writeFile("/tmp/wheel.whl", readFileSync(join(dist, wheel)));
const imported = pyodide.runPython(`
import json, os, site, sys, zipfile

base = site.getsitepackages()[0]
with zipfile.ZipFile("/tmp/wheel.whl") as whl:
    whl.extractall(base)

# Import the package and warm what the page asks first, so the snapshot holds it.
# A game that fails here is simply imported later, in the browser, from its files.
import iqpuzzles, iqpuzzles.api
for name in iqpuzzles.games():
    for op in ("info", "challenges"):
        try:
            iqpuzzles.api.handle(json.dumps({"id": 0, "op": op, "game": name}))
        except Exception as error:
            print(f"snapshot: {name} {op}: {error!r}", file=sys.stderr)
", ".join(sorted(m for m in sys.modules if m.startswith("iqpuzzles")))
`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(output, gzipSync(snapshot, { level: 6 }));
console.log(`snapshot: ${(snapshot.length / 1e6).toFixed(1)} MB with ${imported}`);
