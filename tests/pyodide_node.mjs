// Run iqpuzzles inside real Pyodide under Node: the runtime from web/node_modules/pyodide,
// the standard library and the wheel from a built dist/ (packed there with xz).
// Usage: node tests/pyodide_node.mjs DIST_DIR < requests.jsonl > replies.jsonl
// Each input line is a request for iqpuzzles.api.handle; each output line is its reply.
// A first line {"ready": {...}} tells the Python and Pyodide versions.
// Test-only lines: "#heap" answers {"heap": bytes of WebAssembly memory}; "#gc disable",
// "#gc enable" and "#gc collect" call Python's gc and answer {"value": what it returned}
// (Python functions fetched once: running code would parse it, and the parser leaves
// garbage of its own).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createInterface } from "node:readline";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dist = resolve(process.argv[2] ?? join(root, "dist"));
const modules = join(root, "web/node_modules");
const { loadPyodide } = await import(join(modules, "pyodide/pyodide.mjs"));
const { XzReadableStream } = (await import(join(modules, "xz-decompress/dist/package/xz-decompress.js"))).default;

const manifest = JSON.parse(readFileSync(join(dist, "build.json"), "utf8"));
const engine = JSON.parse(readFileSync(join(dist, "engine.json"), "utf8"));

/** An engine file of the site, unpacked as the worker unpacks it (the site packs it). */
async function unpacked(name) {
  const packed = new Blob([readFileSync(join(dist, engine.files[name]))]).stream();
  return new Uint8Array(await new Response(new XzReadableStream(packed)).arrayBuffer());
}

const t0 = performance.now();
// Pyodide under Node reads the standard library from a file
const scratch = mkdtempSync(join(tmpdir(), "iq-pyodide-"));
writeFileSync(join(scratch, engine.stdlib), await unpacked(engine.stdlib));
const pyodide = await loadPyodide({
  stdLibURL: join(scratch, engine.stdlib), lockFileContents: engine.lock,
});
rmSync(scratch, { recursive: true, force: true });
// the wheel installed as web/worker.js does (unpacked into site-packages)
pyodide.FS.writeFile("/tmp/iqpuzzles.whl", await unpacked(manifest.wheel));
const sitePackages = pyodide.runPython(`
import site, zipfile
zipfile.ZipFile("/tmp/iqpuzzles.whl").extractall(site.getsitepackages()[0])
site.getsitepackages()[0]
`);
const pythonHandle = pyodide.pyimport("iqpuzzles.api").handle;
// a data file the site serves apart (DataNotHere) is read from dist/, as the worker
// fetches it from the site
function handle(request) {
  for (let tries = 0; ; tries++) {
    const reply = pythonHandle(request);
    const error = JSON.parse(reply).error;
    if (error?.type !== "DataNotHere" || tries >= 3) return reply;
    const target = `${sitePackages}/iqpuzzles/${error.path}`;
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, readFileSync(join(dist, error.path)));
  }
}
const gc = pyodide.pyimport("gc");
const ready = {
  python: pyodide.runPython("import sys; sys.version.split()[0]"),
  pyodide: pyodide.version,
  wheel: manifest.wheel,
  seconds: (performance.now() - t0) / 1000,
};
process.stdout.write(JSON.stringify({ ready }) + "\n");

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line === "#heap") {
    process.stdout.write(JSON.stringify({ heap: pyodide._module.HEAP8.length }) + "\n");
  } else if (line.startsWith("#gc ")) {
    const value = gc[line.slice(4)]();
    process.stdout.write(JSON.stringify({ value: value ?? null }) + "\n");
  } else if (line.trim()) {
    process.stdout.write(handle(line) + "\n");
  }
}
