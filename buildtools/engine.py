"""The engine's files as the site ships them: Pyodide's runtime from the pinned npm
package, its standard library precompiled to .pyc and cut to what the package imports,
an empty package lock, and a memory snapshot of Python with the package imported; and
engine.json, what the worker starts from. The big files are served packed with xz
(compress.py). Each dear step is cached in .cache/ by the
hashes of its inputs."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import time
import zipfile
from pathlib import Path

from .common import CACHE, ROOT, digest_paths, keep_newest, log, package_python, sha256_file
from .compress import pack_site_files
from .node import PYODIDE_DIR, WEB, node_tool, pyodide_version

# Files of the Pyodide npm package the site ships (the standard library and the lock file
# are cut to what the site uses: cut_stdlib, LOCK).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
LOCK = "pyodide-lock.json"  # the site loads no Pyodide package: its lock (in ENGINE) lists none
# The engine's files the site serves packed with xz, unpacked by its worker as they arrive
# (compress.py); and the wheel.
PACKED = ("pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
STDLIB = "python_stdlib.zip"
ENGINE = "engine.json"  # what the worker starts from (changes only when the engine does)
SNAPSHOT = "python-snapshot.bin.gz"
# Bump when the precompile step changes, so cached stdlib zips are rebuilt.
STDLIB_RECIPE = "3"


def precompiled_stdlib() -> Path:
    """python_stdlib.zip with every module compiled to .pyc by Pyodide's own CPython (cached)."""
    src = PYODIDE_DIR / STDLIB
    key = f"{pyodide_version()}-{sha256_file(src)[:16]}-r{STDLIB_RECIPE}"
    out = CACHE / "stdlib" / key / STDLIB
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.stem}.{os.getpid()}.tmp")
    t0 = time.perf_counter()
    node_tool("precompile_stdlib.mjs", str(src), str(tmp))
    tmp.replace(out)
    log(f"stdlib precompiled in {time.perf_counter() - t0:.1f}s -> {out.relative_to(ROOT)}")
    return out


def cut_stdlib(stdlib: Path, wheel: Path) -> Path:
    """The standard library cut to the files Pyodide and the package import: found by
    running one request of every op of every game in real Pyodide with the whole library
    (web/tools/stdlib_usage.mjs over python -m iqpuzzles.tools.examples). Its files are stored,
    not deflated: the site packs the whole archive with xz (PACKED), which then finds
    what they share (574 kB against 855 kB deflated), and Python reads them as they are.
    Cached by the hashes of the whole library, the wheel and the tool."""
    tool = WEB / "tools" / "stdlib_usage.mjs"
    key = hashlib.sha256("stored".join(sha256_file(p) for p in (stdlib, wheel, tool)).encode())
    out = CACHE / "stdlib-cut" / key.hexdigest()[:16] / STDLIB
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    requests = out.with_name("requests.jsonl")
    requests.write_text(package_python("iqpuzzles.tools.examples", capture_output=True,
                                       text=True).stdout)
    used = json.loads(node_tool(tool.name, str(stdlib), str(wheel), str(requests),
                                capture_output=True, text=True).stdout)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile(tmp, "w") as target:
        names = set(source.namelist())
        for name in sorted(set(used) & names):
            data = source.read(name)
            info = source.getinfo(name)
            info.compress_type = zipfile.ZIP_STORED
            target.writestr(info, data)
    tmp.replace(out)
    log(f"standard library cut to {len(set(used) & names)} of {len(names)} files "
        f"({out.stat().st_size / 1e6:.2f} of {stdlib.stat().st_size / 1e6:.2f} MB) "
        f"in {time.perf_counter() - t0:.1f}s")
    return out


def add_runtime(stage: Path, stdlib: Path, wheel: Path) -> None:
    """Pyodide's runtime, the standard library and the wheel, into `stage` (the lock goes
    into engine.json)."""
    for name in PYODIDE_FILES:
        shutil.copyfile(PYODIDE_DIR / name, stage / name)
    shutil.copyfile(stdlib, stage / STDLIB)
    shutil.copyfile(wheel, stage / wheel.name)


def memory_snapshot(site: Path, wheel_name: str) -> Path:
    """A gzipped Pyodide memory snapshot with iqpuzzles imported, made from the site's own
    runtime, standard library and wheel (cached: it is valid only with exactly those)."""
    h = hashlib.sha256()
    for path in (site / "pyodide.asm.wasm", site / STDLIB, site / wheel_name,
                 WEB / "tools" / "make_snapshot.mjs"):
        h.update(sha256_file(path).encode())
    out = CACHE / "snapshot" / h.hexdigest()[:16] / SNAPSHOT
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    t0 = time.perf_counter()
    node_tool("make_snapshot.mjs", str(site), wheel_name, str(tmp))
    tmp.replace(out)
    log(f"memory snapshot made in {time.perf_counter() - t0:.1f}s")
    keep_newest(CACHE / "snapshot", 3)
    return out


def add_snapshot(stage: Path, wheel_name: str) -> bool:
    """The memory snapshot into `stage`; False when it could not be made (the worker then
    starts Python afresh)."""
    try:
        shutil.copyfile(memory_snapshot(stage, wheel_name), stage / SNAPSHOT)
    except subprocess.CalledProcessError:
        log("WARNING: no memory snapshot (see the error above); Python will start afresh")
        return False
    return True


def write_engine(stage: Path, wheel_name: str, snapshot: bool) -> None:
    """The engine's big files packed (compress.py), and engine.json: the files, their
    packed names and sizes (the worker's download progress), the lock, and a hash of them
    all (the engine's build, which the worker reports)."""
    packed = pack_site_files(stage, [*PACKED, wheel_name], CACHE)
    files = [*packed.values(), *([SNAPSHOT] if snapshot else [])]
    lock = json.loads((PYODIDE_DIR / LOCK).read_text())
    engine = {"engine": digest_paths([stage / n for n in files], stage)[:16],
              "wheel": wheel_name, "stdlib": STDLIB, "files": packed,
              "lock": {"info": lock["info"], "packages": {}},
              "snapshot": SNAPSHOT if snapshot else None,
              "sizes": {n: (stage / n).stat().st_size for n in files}}
    (stage / ENGINE).write_text(json.dumps(engine, indent=1) + "\n")
