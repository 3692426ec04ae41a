// Make a Pyodide memory snapshot with iqpuzzles already imported, so the browser skips
// starting CPython and importing the package (Pyodide's experimental _makeSnapshot /
// _loadSnapshot). The snapshot is only valid with the very same pyodide.asm.wasm,
// python_stdlib.zip and wheel, so build.py makes it from dist/ and keys it on them.
// Usage: node make_snapshot.mjs DIST_DIR WHEEL_NAME OUT_FILE.gz   (run by build.py)
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [dist, wheel, output] = process.argv.slice(2);
if (!dist || !wheel || !output) {
  console.error("usage: node make_snapshot.mjs DIST_DIR WHEEL_NAME OUT_FILE.gz");
  process.exit(2);
}
const pyodide = await loadPyodide({
  stdLibURL: join(dist, "python_stdlib.zip"),
  _makeSnapshot: true,
  env: { HOME: "/home/pyodide" },
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
for name in iqpuzzles.available_games():
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
