"""dist/: the site, put together from web/'s files, the engine (engine.py), the wheel
(wheel.py), the page's built files (page.py) and the API reference (apidocs.py), with a
service worker that knows every file by a revision of its content and a record of the
build (build.json). A build is
skipped when dist/ is fresh: made from the same inputs."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import shutil
import tempfile
import time
from pathlib import Path

from . import apidocs, catalogs, engine, page
from .common import (
    CACHE,
    DIST,
    DIST_BUILT,
    ROOT,
    WEB,
    BuildError,
    cache_is_cold,
    digest_paths,
    log,
    sha256_file,
    tree_files,
)
from .node import PYODIDE_DIR, ensure_node_modules, pyodide_version
from .wheel import (
    PACKAGE_SOURCES,
    build_wheel,
    package_inputs,
    remote_data,
    site_wheel,
    source_date_epoch,
)

# What of web/ is not part of the site: the npm tools and their settings, the type
# checker's and the linter's (tests/test_lint.py) with the type declarations only they read.
CHECK_ONLY = {"jsconfig.json", "jsconfig.worker.json", "eslint.config.mjs", "types.d.ts",
              "engine-files.d.ts", "pyodide.d.mts"}
WEB_EXCLUDE = {"package.json", "package-lock.json", "node_modules", "tools", "README.md",
               *CHECK_ONLY}
SW_BUILD_LINE = 'const BUILD = { version: "dev", files: {}, offline: [] };'


def input_fingerprint() -> str:
    """A hash of everything dist/ is made from; equal fingerprints mean dist/ is fresh."""
    h = hashlib.sha256()
    h.update(digest_paths([ROOT / "build.py", *tree_files(ROOT / "buildtools")], ROOT).encode())
    h.update(digest_paths(package_inputs(), ROOT).encode())
    h.update(str(source_date_epoch(*PACKAGE_SOURCES)).encode())  # the site wheel's dates
    h.update(digest_paths(tree_files(WEB, {"node_modules"}), ROOT).encode())
    pkg = PYODIDE_DIR / "package.json"
    h.update(pkg.read_bytes() if pkg.exists() else b"no pyodide")
    return h.hexdigest()


def read_manifest(dist: Path = DIST) -> dict | None:
    try:
        return json.loads((dist / "build.json").read_text())
    except (OSError, ValueError):
        return None


def is_fresh(dist: Path = DIST) -> bool:
    manifest = read_manifest(dist)
    if not manifest or manifest.get("inputs") != input_fingerprint():
        return False
    return all((dist / name).is_file() for name in manifest["files"])


def service_worker(version: str, revisions: dict[str, str], offline: list[str],
                   web: Path = WEB) -> str:
    """web/sw.js with this build's files: every file's revision, and the ones to keep for
    offline play."""
    template = (web / "sw.js").read_text()
    if SW_BUILD_LINE not in template:
        raise BuildError(f"web/sw.js must contain the line {SW_BUILD_LINE!r}")
    build = json.dumps({"version": version, "files": revisions, "offline": offline},
                       separators=(",", ":"))
    return template.replace(SW_BUILD_LINE, f"const BUILD = {build};", 1)


@contextlib.contextmanager
def build_lock():
    """One build at a time in this tree (tests and a server may build concurrently)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build(force: bool = False, dist: Path = DIST, snapshot: bool = True,
          web: Path = WEB) -> dict:
    """Build dist/ unless it is already fresh; returns the manifest (dist/build.json).
    snapshot=False leaves out the memory snapshot (the worker then starts Python afresh);
    `web`: another copy of the front end's files (tests build a release that differs)."""
    with build_lock():
        return _build(force, dist, snapshot, web)


def _build(force: bool, dist: Path, snapshot: bool, web: Path = WEB) -> dict:
    manifest = read_manifest(dist)
    if not force and dist == DIST and web == WEB and manifest and is_fresh(dist) \
            and bool(manifest.get("snapshot")) == snapshot:
        log("dist/ is up to date")
        return manifest
    t0 = time.perf_counter()
    cold = cache_is_cold()
    ensure_node_modules()
    full_wheel = build_wheel()
    wheel = site_wheel(full_wheel)
    stdlib = engine.cut_stdlib(engine.precompiled_stdlib(), full_wheel)
    inputs = input_fingerprint()

    dist.parent.mkdir(parents=True, exist_ok=True)
    scratch = CACHE if dist == DIST else dist.parent  # same file system, git-ignored
    scratch.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f"{dist.name}-new-", dir=scratch))
    stage.chmod(0o755)
    for src in tree_files(web, WEB_EXCLUDE):
        rel = src.relative_to(web)
        (stage / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, stage / rel)
    engine.add_runtime(stage, stdlib, wheel)
    for path, source in remote_data().items():
        (stage / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, stage / path)
    page.add_page(stage, web)
    catalogs.add_worker_catalogs(stage)  # locale/<lang>.mo beside web/locale's .json
    apidocs.add_api_docs(stage)
    snapshot = snapshot and engine.add_snapshot(stage, wheel.name)
    engine.write_engine(stage, wheel.name, snapshot)
    (stage / ".nojekyll").write_text("")

    # A revision (content hash) of every file the service worker keeps: all but itself
    # and build.json (this record, which the page never reads). All of them are kept for
    # offline play but the start views of early/<game>/ (drawn only before the engine is
    # ready): those are kept as the page draws from them (boot.js tells the worker which),
    # and the API reference (docs/api/, for readers online: a page is kept once read), and
    # the catalogs of the languages (locale/: a language's are kept once the player chose it).
    files = sorted(p.relative_to(stage).as_posix() for p in tree_files(stage)
                   if p.name not in (".nojekyll", "sw.js"))
    revisions = {name: sha256_file(stage / name)[:12] for name in files}
    build_id = hashlib.sha256(
        "".join(f"{n}\0{h}\n" for n, h in revisions.items()).encode()).hexdigest()[:16]
    offline = [name for name in files if not (name.startswith("early/") and name.count("/") > 1)
               and not name.startswith((f"{apidocs.API_DOCS}/", "locale/"))]
    (stage / "sw.js").write_text(service_worker(build_id, revisions, offline, web))
    manifest = {
        "build": build_id,
        "pyodide": pyodide_version(),
        "wheel": wheel.name,
        "snapshot": engine.SNAPSHOT if snapshot else None,
        "files": {name: (stage / name).stat().st_size for name in [*files, "sw.js"]},
        "inputs": inputs,
    }
    (stage / "build.json").write_text(json.dumps(manifest, indent=1) + "\n")

    old = Path(tempfile.mkdtemp(prefix=f"{dist.name}-old-", dir=scratch))
    if dist.exists():
        dist.replace(old / dist.name)
    stage.rename(dist)
    shutil.rmtree(old, ignore_errors=True)
    if dist == DIST:  # (tests/test_build.py reads it: a cold build need not be made twice)
        DIST_BUILT.write_text(json.dumps({"inputs": inputs, "cold": cold}) + "\n")
    total = sum(manifest["files"].values())
    log(f"built {dist}/ ({len(manifest['files'])} files, {total / 1e6:.1f} MB, "
        f"build {build_id}) in {time.perf_counter() - t0:.1f}s")
    return manifest
