// Which files of the standard library the site needs: start real Pyodide with the whole
// library, install the wheel as the page's worker does, run one request of every op of
// every game (python -m iqpuzzles.tools.examples), format one traceback (the API prints one on
// a bug), and list the library files of every module imported by then, with the
// __init__ of every package above them. build.py ships a zip of just these.
// Usage: node stdlib_usage.mjs STDLIB_ZIP WHEEL REQUESTS_JSONL > files.json
import { readFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [stdlib, wheel, requests] = process.argv.slice(2);
if (!stdlib || !wheel || !requests) {
  console.error("usage: node stdlib_usage.mjs STDLIB_ZIP WHEEL REQUESTS_JSONL");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdLibURL: stdlib, env: { HOME: "/home/pyodide" } });
pyodide.FS.writeFile("/tmp/wheel.whl", readFileSync(wheel));
pyodide.FS.writeFile("/tmp/requests.jsonl", readFileSync(requests));
const files = pyodide.runPython(`
import json, os, random, site, sys, traceback, zipfile

# what web/worker.js's install step does
with zipfile.ZipFile("/tmp/wheel.whl") as whl:
    whl.extractall(site.getsitepackages()[0])
random.seed()

import iqpuzzles.api
failed = []
with open("/tmp/requests.jsonl") as lines:
    for line in lines:
        reply = json.loads(iqpuzzles.api.handle(line))
        if not reply["ok"] and reply["error"]["type"] == "InternalError":
            failed.append((line[:200], reply["error"]["message"]))
try:
    raise ValueError("a bug")
except ValueError:
    traceback.format_exc()
if failed:
    raise SystemExit(f"requests failed inside Python: {failed}")

ZIP = sys.path[1] + "/"  # /lib/python3XX.zip/
used = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or \\
        getattr(module, "__file__", None)
    if not isinstance(origin, str) or not origin.startswith(ZIP):
        continue
    name = origin[len(ZIP):]
    used.add(name)
    parts = name.split("/")[:-1]
    for depth in range(1, len(parts) + 1):  # the packages above it
        folder = "/".join(parts[:depth])
        for init in ("__init__.pyc", "__init__.py"):
            used.add(f"{folder}/{init}")
json.dumps(sorted(used))
`);
process.stdout.write(files + "\n");
