// Precompile Pyodide's python_stdlib.zip to .pyc inside Pyodide itself (same CPython,
// same magic number), so the browser skips compiling the standard library on every start
// (3 s more on a desktop without it), without docstrings or asserts (optimize=2).
// Usage: node precompile_stdlib.mjs IN_ZIP OUT_ZIP     (run by build.py; not shipped)
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error("usage: node precompile_stdlib.mjs IN_ZIP OUT_ZIP");
  process.exit(2);
}
// PYTHONNODEBUGRANGES: no column positions in the code (a quarter fewer bytes; tracebacks
// keep their line numbers and lose only the ^^^ under the failing part of a line)
const pyodide = await loadPyodide({ stdLibURL: input, env: { PYTHONNODEBUGRANGES: "1", HOME: "/home/pyodide" } });
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
const summary = pyodide.runPython(`
import importlib.util, marshal, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
compiled = kept = 0
with zipfile.ZipFile("/tmp/in.zip") as src, \\
        zipfile.ZipFile("/tmp/out.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for info in src.infolist():
        data = src.read(info)
        name = info.filename
        if name.endswith(".py"):
            try:
                # optimize=2: no docstrings, no asserts (a fifth fewer bytes to download)
                code = compile(data, prefix + name, "exec", dont_inherit=True, optimize=2)
            except SyntaxError:
                kept += 1
            else:
                pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                info = zipfile.ZipInfo(name[:-3] + ".pyc", info.date_time)
                info.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(info, bytes(pyc))
                compiled += 1
                continue
        out.writestr(info, data)
f"{compiled} modules compiled, {kept} kept as source, python {sys.version.split()[0]}"
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out.zip"));
console.log(summary);
