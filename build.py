#!/usr/bin/env python3
"""Build, serve and test the IQ Puzzles static site.  Standard library only.

    python build.py [build] [--force]       build dist/ (quick when nothing changed)
    python build.py serve [--port 8000]     build if needed, serve dist/ on 127.0.0.1
    python build.py test [PYTEST ARGS...]   install what the tests need, build, run pytest
    python build.py bench-web [--runs 3]    a first visit, a return visit and one after a
                                            release built from fresh clones (bytes, board
                                            drawn, piece placeable) on localhost and emulated
                                            phone links, one with the CPU slowed 4x;
                                            Lighthouse (mobile) on the first and return
                                            visit; the time to generate a challenge in the
                                            page; the solvable check and hint rungs over the
                                            booklet
                                            [--links W..] [--visits-only] [--every N]
                                            [--lighthouse-only] [--no-lighthouse]
                                            [--hints-only] [--site DIR --release DIR]

dist/ is a folder of static files with relative paths only, so any static host (GitHub
Pages under a sub-path included) serves it as is: the package's wheel, the Pyodide runtime
from web/node_modules/pyodide (pinned by web/package.json + lock) with its standard library
precompiled to .pyc (cached in .cache/), the files of web/, a service worker whose cache
name and precache list come from the content hashes of the build, and .nojekyll.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fcntl
import functools
import gzip
import hashlib
import http.server
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
NODE_MODULES = WEB / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
AXE_SCRIPT = NODE_MODULES / "axe-core" / "axe.min.js"  # for the accessibility tests only
PUPPETEER = NODE_MODULES / "puppeteer-core" / "package.json"  # drives Firefox in the tests
CHROMIUM = "/usr/bin/chromium"
# The browsers the tests drive, from Debian: a program of each package, and the package.
# Firefox ESR and WebKitGTK's driver (with its MiniBrowser, under Xvfb) are the engine tests'
# (tests/browser/engines/); Playwright drives Chromium.
BROWSERS = {CHROMIUM: "chromium", "/usr/bin/firefox-esr": "firefox-esr",
            "/usr/bin/WebKitWebDriver": "webkit2gtk-driver", "/usr/bin/xvfb-run": "xvfb"}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

# Files of the Pyodide npm package the site ships as they are (the standard library and
# the lock file are cut to what the site uses: cut_stdlib, LOCK).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
LOCK = "pyodide-lock.json"  # the site loads no Pyodide package: its lock lists none
STDLIB = "python_stdlib.zip"
ENGINE = "engine.json"  # what the worker starts from (changes only when the engine does)
# Package data the site serves apart, fetched by the page when first used (core/data.py):
# each game's pools of new challenges (core/pools.py), needed only to make new challenges.
REMOTE_DATA = ("pools.zlib",)
# Package data the site does not ship at all: each game's list of complete games, which
# the pools are made from (python -m iqpuzzles.pools) and the page never reads.
SITE_OMITS = ("games.zlib",)
# What of web/ is not part of the site.
WEB_EXCLUDE = {"package.json", "package-lock.json", "node_modules", "tools"}
# Bump when the precompile step changes, so cached stdlib zips are rebuilt.
STDLIB_RECIPE = "3"
SNAPSHOT = "python-snapshot.bin.gz"
SW_BUILD_LINE = 'const BUILD = { version: "dev", files: {}, offline: [] };'
# The app's PNG icons (dist/icons/), drawn from web/icon.svg: name -> (side, maskable).
ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False),
         "icon-maskable-512.png": (512, True)}

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".gz": "application/gzip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    "": "application/octet-stream",
}


class BuildError(RuntimeError):
    """The build cannot go on; the message says why."""


def log(*parts: object) -> None:
    print("[build]", *parts, file=sys.stderr, flush=True)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    log("$", " ".join(str(c) for c in cmd))
    return subprocess.run(cmd, check=True, **kwargs)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def tree_files(top: Path, exclude: set[str] = frozenset()) -> list[Path]:
    """Every regular file under top, sorted, skipping caches and the excluded top-level names."""
    out = []
    for dirpath, dirnames, filenames in os.walk(top):
        rel = Path(dirpath).relative_to(top)
        dirnames[:] = sorted(
            d for d in dirnames
            if d not in ("__pycache__", ".pytest_cache") and not d.endswith(".egg-info")
            and not (rel == Path(".") and d in exclude)
        )
        for name in sorted(filenames):
            if rel == Path(".") and name in exclude:
                continue
            if name.endswith((".pyc", ".pyo", "~")) or name.startswith(".#"):
                continue
            out.append(Path(dirpath) / name)
    return out


def digest_paths(paths: list[Path], base: Path) -> str:
    h = hashlib.sha256()
    for p in paths:
        h.update(p.relative_to(base).as_posix().encode() + b"\0")
        h.update(sha256_file(p).encode() + b"\n")
    return h.hexdigest()


# --------------------------------------------------------------------------- npm / Pyodide


def pyodide_version() -> str:
    lock = json.loads((WEB / "package-lock.json").read_text())
    return lock["packages"]["node_modules/pyodide"]["version"]


def ensure_node_modules() -> None:
    """npm ci in web/ when node_modules is missing, holds another Pyodide than the lock, or
    lacks esbuild (which bundles the page) or a test tool (axe-core: the axe tests inject
    it; puppeteer-core: it drives Firefox; neither goes into dist/)."""
    want = pyodide_version()
    pkg = PYODIDE_DIR / "package.json"
    if (pkg.exists() and json.loads(pkg.read_text()).get("version") == want
            and AXE_SCRIPT.exists() and PUPPETEER.exists() and ESBUILD.exists()):
        return
    if shutil.which("npm") is None:
        raise BuildError("npm is needed to fetch Pyodide (install Node.js >= 18)")
    run(["npm", "ci", "--no-audit", "--no-fund"], cwd=WEB)


def precompiled_stdlib() -> Path:
    """python_stdlib.zip with every module compiled to .pyc by Pyodide's own CPython (cached)."""
    src = PYODIDE_DIR / "python_stdlib.zip"
    key = f"{pyodide_version()}-{sha256_file(src)[:16]}-r{STDLIB_RECIPE}"
    out = CACHE / "stdlib" / key / "python_stdlib.zip"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.stem}.{os.getpid()}.tmp")
    t0 = time.perf_counter()
    run(["node", str(WEB / "tools" / "precompile_stdlib.mjs"), str(src), str(tmp)], cwd=WEB)
    tmp.replace(out)
    log(f"stdlib precompiled in {time.perf_counter() - t0:.1f}s -> {out.relative_to(ROOT)}")
    return out


def memory_snapshot(site: Path, wheel_name: str) -> Path:
    """A gzipped Pyodide memory snapshot with iqpuzzles imported, made from the site's own
    runtime, standard library and wheel (cached: it is valid only with exactly those)."""
    h = hashlib.sha256()
    for path in (site / "pyodide.asm.wasm", site / "python_stdlib.zip", site / wheel_name,
                 WEB / "tools" / "make_snapshot.mjs"):
        h.update(sha256_file(path).encode())
    out = CACHE / "snapshot" / h.hexdigest()[:16] / SNAPSHOT
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    t0 = time.perf_counter()
    run(["node", str(WEB / "tools" / "make_snapshot.mjs"), str(site), wheel_name, str(tmp)],
        cwd=WEB)
    tmp.replace(out)
    log(f"memory snapshot made in {time.perf_counter() - t0:.1f}s")
    olds = sorted((CACHE / "snapshot").iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in olds[3:]:
        shutil.rmtree(old, ignore_errors=True)
    return out


def site_wheel(wheel: Path) -> Path:
    """The wheel as the site ships it: without the REMOTE_DATA files (the site serves them
    apart, dist/data/<game>/<file>), each replaced by a `<file>.remote` marker that tells
    the package so (core/data.py), and without the SITE_OMITS files. Reproducible: every
    entry dated by the last commit that changed the package (PACKAGE_SOURCES), with one
    file mode, and its metadata without the long description (the README: an edit of it
    must not make players download the wheel and the memory snapshot again). Cached by the
    wheel's hash and that date."""
    when = zip_date(source_date_epoch(*PACKAGE_SOURCES))
    key = hashlib.sha256(f"{sha256_file(wheel)} {when}".encode()).hexdigest()
    out = CACHE / "site-wheel" / key[:16] / wheel.name
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    with zipfile.ZipFile(wheel) as source, \
            zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        record_name = next(n for n in source.namelist() if n.endswith(".dist-info/RECORD"))
        record = []
        for info in sorted(source.infolist(), key=lambda i: i.filename):
            if info.filename == record_name or info.is_dir():
                continue
            name, data = info.filename, source.read(info)
            if _is_data(name, SITE_OMITS):
                continue
            if _is_data(name, REMOTE_DATA):
                name, data = name + ".remote", b""
            if name.endswith(".dist-info/METADATA"):
                data = data.split(b"\n\n", 1)[0] + b"\n"  # the headers only
            target.writestr(zip_entry(name, when), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{name},sha256={digest.decode()},{len(data)}")
        record.append(f"{record_name},,")
        target.writestr(zip_entry(record_name, when), "\n".join(record) + "\n")
    tmp.replace(out)
    return out


def zip_entry(name: str, when: tuple[int, ...]) -> zipfile.ZipInfo:
    """A zip entry of a reproducible archive: its date `when`, a plain file's mode."""
    info = zipfile.ZipInfo(name, when)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = 3  # Unix, wherever it is built
    info.external_attr = 0o100644 << 16
    return info


def _is_data(name: str, files: tuple[str, ...]) -> bool:
    parts = name.split("/")
    return len(parts) == 4 and parts[:2] == ["iqpuzzles", "data"] and parts[3] in files


def remote_data() -> dict[str, Path]:
    """site path (data/<game>/<file>) -> the package's file, for every REMOTE_DATA file."""
    folder = ROOT / "py" / "iqpuzzles" / "data"
    return {f"data/{path.parent.name}/{path.name}": path
            for name in REMOTE_DATA for path in sorted(folder.glob(f"*/{name}"))}


def package_python(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """Run `python -m <args>` with this tree's package (py/) first on the path."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return run([sys.executable, "-m", *args], cwd=ROOT, env=env, **kwargs)


def cut_stdlib(stdlib: Path, wheel: Path) -> Path:
    """The standard library cut to the files Pyodide and the package import: found by
    running one request of every op of every game in real Pyodide with the whole library
    (web/tools/stdlib_usage.mjs over python -m iqpuzzles.examples). Cached by the hashes
    of the whole library, the wheel and the tool."""
    tool = WEB / "tools" / "stdlib_usage.mjs"
    key = hashlib.sha256("".join(sha256_file(p) for p in (stdlib, wheel, tool)).encode())
    out = CACHE / "stdlib-cut" / key.hexdigest()[:16] / STDLIB
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    requests = out.with_name("requests.jsonl")
    requests.write_text(package_python("iqpuzzles.examples", capture_output=True,
                                       text=True).stdout)
    used = json.loads(run(["node", str(tool), str(stdlib), str(wheel), str(requests)],
                          cwd=WEB, capture_output=True, text=True).stdout)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    with zipfile.ZipFile(stdlib) as source, \
            zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        names = set(source.namelist())
        for name in sorted(set(used) & names):
            target.writestr(source.getinfo(name), source.read(name))
    tmp.replace(out)
    log(f"standard library cut to {len(set(used) & names)} of {len(names)} files "
        f"({out.stat().st_size / 1e6:.2f} of {stdlib.stat().st_size / 1e6:.2f} MB) "
        f"in {time.perf_counter() - t0:.1f}s")
    return out


def early_answers(stage: Path) -> None:
    """early/: what the page draws before its Python is ready (py/iqpuzzles/early.py).
    Cached by the package's sources."""
    key = digest_paths(package_inputs(), ROOT)[:16]
    folder = CACHE / "early" / key
    if not (folder / "games.json").exists():
        shutil.rmtree(folder, ignore_errors=True)
        package_python("iqpuzzles.early", str(folder), capture_output=True)
        olds = sorted((CACHE / "early").iterdir(), key=lambda p: p.stat().st_mtime,
                      reverse=True)
        for old in olds[3:]:
            shutil.rmtree(old, ignore_errors=True)
    shutil.copytree(folder, stage / "early")


PAGE_ENTRY = "boot.js"  # the page's one script (index.html); everything else it imports
PRELOAD_MARK = "<!-- modulepreload: "
ESBUILD = NODE_MODULES / "esbuild" / "package.json"  # the bundler (web/tools/bundle.mjs)


def bundle_page(stage: Path, web: Path) -> None:
    """The page's modules (boot.js and all it imports) bundled and minified by esbuild
    into dist/: boot.js itself, and chunks that import() loads later (the game's code)
    or that both share, named by their content. A first visit on a phone then fetches a
    few files instead of 45 (each a request, and over HTTP/1.1 a round trip in a queue)
    and about half the bytes. The modules stay in dist/ as they are, for reading and for
    scripts that import one (kept offline too: a few kB, fetched after the game is
    playable)."""
    out = Path(tempfile.mkdtemp(prefix="bundle-", dir=stage.parent))
    try:
        meta = out / "meta.json"
        run(["node", str(WEB / "tools" / "bundle.mjs"), PAGE_ENTRY, str(out / "site"),
             str(meta)], cwd=web)
        graph = json.loads(meta.read_text())
        for path in (out / "site").iterdir():
            shutil.copyfile(path, stage / path.name)
    finally:
        shutil.rmtree(out, ignore_errors=True)
    preload_modules(stage / "index.html", {
        Path(name).name: [(Path(i["path"]).name, i["kind"]) for i in output["imports"]]
        for name, output in graph["outputs"].items()})


def preload_modules(index: Path, imports: dict[str, list[tuple[str, str]]]) -> None:
    """Put a <link rel="modulepreload"> for every file the page's entry imports (at any
    depth; `imports`: each bundle file's imports and their kind, esbuild's) where
    index.html marks the place, so the browser fetches them at once instead of one level
    of imports after the other. What the entry imports statically comes first: it runs,
    and starts the engine's worker, as soon as that is in; the game's code (imported with
    import()) follows."""

    def imported(names: list[str], dynamic: bool) -> list[str]:
        """Every file the `names` import, at any depth, nearest first."""
        found: list[str] = []
        todo = list(names)
        while todo:
            for name, kind in imports.get(todo.pop(0), []):
                if (kind == "import-statement" or dynamic) and name not in found \
                        and name != PAGE_ENTRY:
                    found.append(name)
                    todo.append(name)
        return found

    first = imported([PAGE_ENTRY], dynamic=False)
    rest = [name for name in imported([PAGE_ENTRY], dynamic=True) if name not in first]
    html = index.read_text()
    mark = html.index(PRELOAD_MARK)
    end = html.index("-->", mark) + 3
    links = "\n".join(f'<link rel="modulepreload" href="./{name}">' for name in first + rest)
    index.write_text(html[:end] + "\n" + links + html[end:])


GAMES_NAV = '<nav class="games" id="games" aria-label="Games"></nav>'


def prerender_games(index: Path, games: list[dict]) -> None:
    """The header's game tabs written into index.html (from early/games.json, Python's
    list), so the page's first paint has them: the page builds the same tabs when its
    code runs, and nothing moves then (on a phone they take a row of their own)."""
    html = index.read_text()
    if GAMES_NAV not in html:
        raise BuildError(f"web/index.html must contain {GAMES_NAV!r}")
    tabs = "".join(f'<button type="button" class="game-tab" data-game="{escape(g["name"])}" '
                   f'aria-pressed="false">{escape(g["title"])}</button>' for g in games)
    index.write_text(html.replace(GAMES_NAV, GAMES_NAV.replace("></nav>", f">{tabs}</nav>")))


SHAPE_MARK = "<!-- board shape: "
PREPAINT = WEB / "tools" / "prepaint.js"



def prerender_board_shape(index: Path, early: Path) -> None:
    """Write where index.html marks it a tiny script that gives the board its room in the
    shape of the game the page will show (the address's, else the last one played), and
    the line of its toggle that explains positions if it has one, from early/<game>.json,
    and says whether the game's first lesson will follow (<html data-teaching>, for
    style.css): nothing moves when they are drawn."""
    games = json.loads((early / "games.json").read_text())
    boards = {}
    for game in games:
        info = json.loads((early / f"{game['name']}.json").read_text())["info"]
        frame = info["board"].get("frame") or info["board"]
        boards[game["name"]] = {"board": frame["viewBox"][2:],
                                "explains": bool(info.get("explain"))}
    html = index.read_text()
    mark = html.index(SHAPE_MARK)
    end = html.index("-->", mark) + 3
    code = PREPAINT.read_text().replace("__BOARDS__", json.dumps(boards, separators=(",", ":")))
    script = f"<script>\n{code}</script>"
    index.write_text(html[:mark] + script + html[end:])


def app_icons() -> Path:
    """A folder with the ICONS rasterised from web/icon.svg by web/tools/icons.py (cached:
    drawing them in pure Python takes a few seconds)."""
    tool = WEB / "tools" / "icons.py"
    key = digest_paths([WEB / "icon.svg", tool], ROOT)[:16]
    out = CACHE / "icons" / key
    if all((out / name).is_file() for name in ICONS):
        return out
    icons = web_tool("icons")
    svg = (WEB / "icon.svg").read_text()
    tmp = out.with_name(f"{key}.{os.getpid()}.tmp")
    tmp.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    try:
        for name, (side, maskable) in ICONS.items():
            (tmp / name).write_bytes(icons.render(svg, side, maskable))
    except icons.IconError as error:
        shutil.rmtree(tmp, ignore_errors=True)
        raise BuildError(f"web/icon.svg: {error}") from None
    shutil.rmtree(out, ignore_errors=True)
    tmp.replace(out)
    log(f"icons drawn in {time.perf_counter() - t0:.1f}s")
    return out


# --------------------------------------------------------------------------- the wheel


# What the package is built from: the wheel's contents (the site wheel's), and beside them
# what only the full wheel's metadata reads (its long description).
PACKAGE_SOURCES = ("pyproject.toml", "py")
WHEEL_SOURCES = (*PACKAGE_SOURCES, "README.md")


def package_inputs() -> list[Path]:
    return [ROOT / "pyproject.toml", *tree_files(ROOT / "py")]


def source_date_epoch(*paths: str) -> int:
    """The time of the last commit that changed any of `paths` (SOURCE_DATE_EPOCH, for the
    dates in archives: the same commit gives the same bytes, and a commit that leaves
    these paths alone leaves the archive made from them alone, so a release that changes
    one page file does not change the wheel). Outside a git checkout: $SOURCE_DATE_EPOCH,
    or 1980-01-01 (the first date a zip file holds)."""
    try:
        out = subprocess.run(["git", "log", "-1", "--format=%ct", "--", *paths], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.strip()
        shallow = subprocess.run(["git", "rev-parse", "--is-shallow-repository"], cwd=ROOT,
                                 capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        out, shallow = "", "false"
    if shallow == "true":
        # a shallow clone's oldest commit seems to add every file: the dates would move
        # with every commit (clone with the whole history: fetch-depth 0)
        log("WARNING: a shallow clone: archive dates follow its oldest commit")
    if out:
        return int(out)
    return int(os.environ.get("SOURCE_DATE_EPOCH", ZIP_EPOCH))


ZIP_EPOCH = 315532800  # 1980-01-01 00:00:00 UTC


def zip_date(epoch: int) -> tuple[int, int, int, int, int, int]:
    """A zip entry's date (UTC, even seconds) of a Unix time, 1980 at the earliest."""
    return time.gmtime(max(epoch, ZIP_EPOCH))[:6]


def build_wheel() -> Path:
    """pip wheel --no-deps of the package, cached by the hash of its sources. Built from a
    copy of exactly those sources (a build/ folder left in the tree from an older build
    would slip old files in), dated by their last commit (SOURCE_DATE_EPOCH)."""
    sources = [ROOT / "README.md", *package_inputs()]
    epoch = source_date_epoch(*WHEEL_SOURCES)
    key = hashlib.sha256(f"{digest_paths(sources, ROOT)} {epoch}".encode()).hexdigest()[:16]
    cache_dir = CACHE / "wheel" / key
    wheels = sorted(cache_dir.glob("*.whl")) if cache_dir.exists() else []
    if len(wheels) == 1:
        return wheels[0]
    with tempfile.TemporaryDirectory(prefix="iq-wheel-") as tmp:
        tree = Path(tmp) / "src"
        for path in sources:
            (tree / path.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, tree / path.relative_to(ROOT))
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(max(epoch, ZIP_EPOCH)))
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
             "--wheel-dir", tmp, str(tree)], cwd=tmp, env=env)
        built = sorted(Path(tmp).glob("iqpuzzles-*.whl"))
        if len(built) != 1:
            raise BuildError(f"expected one iqpuzzles wheel, got {built}")
        shutil.rmtree(cache_dir, ignore_errors=True)
        cache_dir.mkdir(parents=True)
        final = cache_dir / built[0].name
        shutil.copy2(built[0], final)
    # Keep the cache small: only the few most recent wheels.
    olds = sorted((CACHE / "wheel").iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in olds[5:]:
        shutil.rmtree(old, ignore_errors=True)
    return final


# --------------------------------------------------------------------------- the site


def input_fingerprint() -> str:
    """A hash of everything dist/ is made from; equal fingerprints mean dist/ is fresh."""
    h = hashlib.sha256()
    h.update(sha256_file(Path(__file__).resolve()).encode())
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
    if not force and dist == DIST and web == WEB and is_fresh(dist) \
            and bool(read_manifest(dist).get("snapshot")) == snapshot:
        log("dist/ is up to date")
        return read_manifest(dist)
    t0 = time.perf_counter()
    ensure_node_modules()
    full_wheel = build_wheel()
    wheel = site_wheel(full_wheel)
    stdlib = cut_stdlib(precompiled_stdlib(), full_wheel)
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
    for name in PYODIDE_FILES:
        shutil.copyfile(PYODIDE_DIR / name, stage / name)
    lock = json.loads((PYODIDE_DIR / LOCK).read_text())
    (stage / LOCK).write_text(json.dumps({"info": lock["info"], "packages": {}}) + "\n")
    shutil.copytree(app_icons(), stage / "icons")
    shutil.copyfile(stdlib, stage / STDLIB)
    shutil.copyfile(wheel, stage / wheel.name)
    for path, source in remote_data().items():
        (stage / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, stage / path)
    early_answers(stage)
    prerender_games(stage / "index.html", json.loads((stage / "early" / "games.json").read_text()))
    prerender_board_shape(stage / "index.html", stage / "early")
    bundle_page(stage, web)
    if snapshot:
        try:
            shutil.copyfile(memory_snapshot(stage, wheel.name), stage / SNAPSHOT)
        except subprocess.CalledProcessError:
            log("WARNING: no memory snapshot (see the error above); Python will start afresh")
            snapshot = False

    engine_files = ["pyodide.asm.mjs", "pyodide.asm.wasm", STDLIB, LOCK, wheel.name,
                    *([SNAPSHOT] if snapshot else [])]
    engine = {"engine": digest_paths([stage / n for n in engine_files], stage)[:16],
              "wheel": wheel.name, "stdlib": STDLIB, "lock": LOCK,
              "snapshot": SNAPSHOT if snapshot else None,
              "sizes": {n: (stage / n).stat().st_size for n in engine_files}}
    (stage / ENGINE).write_text(json.dumps(engine, indent=1) + "\n")
    (stage / ".nojekyll").write_text("")

    # A revision (content hash) of every file the service worker keeps: all but itself
    # and build.json (this record, which the page never reads). All of them are kept for
    # offline play but the start views of early/<game>/ (drawn only before the engine is
    # ready): those are kept as the page draws from them (boot.js tells the worker which).
    files = sorted(p.relative_to(stage).as_posix() for p in tree_files(stage)
                   if p.name not in (".nojekyll", "sw.js"))
    revisions = {name: sha256_file(stage / name)[:12] for name in files}
    build_id = hashlib.sha256(
        "".join(f"{n}\0{h}\n" for n, h in revisions.items()).encode()).hexdigest()[:16]
    offline = [name for name in files if not (name.startswith("early/") and name.count("/") > 1)]
    (stage / "sw.js").write_text(service_worker(build_id, revisions, offline, web))
    manifest = {
        "build": build_id,
        "pyodide": pyodide_version(),
        "wheel": wheel.name,
        "snapshot": SNAPSHOT if snapshot else None,
        "files": {name: (stage / name).stat().st_size for name in [*files, "sw.js"]},
        "inputs": inputs,
    }
    (stage / "build.json").write_text(json.dumps(manifest, indent=1) + "\n")

    old = Path(tempfile.mkdtemp(prefix=f"{dist.name}-old-", dir=scratch))
    if dist.exists():
        dist.replace(old / dist.name)
    stage.rename(dist)
    shutil.rmtree(old, ignore_errors=True)
    total = sum(manifest["files"].values())
    log(f"built {dist}/ ({len(manifest['files'])} files, {total / 1e6:.1f} MB, "
        f"build {build_id}) in {time.perf_counter() - t0:.1f}s")
    return manifest


# A release's change to a module: code, not a comment (the bundle's minifier drops those),
# that runs (esbuild keeps a statement with an effect)
RELEASE_CHANGE = "\n// a release that changes this file\nglobalThis.iqRelease = \"2\";\n"


def clone_release(out: Path, changed: str = "web/tally.js") -> tuple[Path, Path]:
    """Two builds made the way a host that builds every release from a fresh checkout
    makes them (the Pages workflow): a clone of this tree's last commit, and a clone with
    one more commit that changes the file `changed` only, each built in its own folder with
    an empty .cache/ (both at once) but for the standard library precompiled from the
    pinned Pyodide package (no file of the repository goes into it; 6 s of CPU a build).
    Returns their dist/ folders: what is not the same in both is what a returning player
    downloads after that release."""
    clones = [out / "site", out / "release"]
    for clone in clones:
        run(["git", "clone", "--quiet", str(ROOT), str(clone)])
        (clone / "web" / "node_modules").symlink_to(NODE_MODULES, target_is_directory=True)
        if (CACHE / "stdlib").is_dir():
            shutil.copytree(CACHE / "stdlib", clone / ".cache" / "stdlib")
    path = clones[1] / changed
    path.write_text(path.read_text() + RELEASE_CHANGE)
    run(["git", "-c", "user.name=release", "-c", "user.email=release@localhost",
         "-c", "commit.gpgsign=false", "commit",
         "--quiet", "--all", "--message", f"A release that changes {changed}"], cwd=clones[1])
    builds = [subprocess.Popen([sys.executable, "build.py", "build"], cwd=clone,
                               env=dict(os.environ, PYTHONPATH=str(clone / "py")),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
              for clone in clones]
    for clone, process in zip(clones, builds, strict=True):
        _, errors = process.communicate()
        if process.returncode:
            raise BuildError(f"the build of {clone} failed:\n{errors[-2000:]}")
    return clones[0] / "dist", clones[1] / "dist"


# --------------------------------------------------------------------------- serving


# Types sent as they are (already compressed); everything else is gzipped when the
# browser accepts it, as GitHub Pages does, so that what is measured here is what players
# download.
NOT_GZIPPED = (".png", ".gz", ".whl", ".zip", ".zlib", ".ico")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types a module worker and WebAssembly need, gzipped as
    GitHub Pages sends them; the server counts what it sends (SiteServer.sent)."""

    extensions_map = MIME_TYPES
    quiet = True
    server: SiteServer

    def end_headers(self) -> None:
        # Always revalidate, so a rebuilt site (and its sw.js) is picked up at once.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        """Every file with an ETag of its content (a build rewrites files within a second:
        dates would not tell them apart), gzipped unless it is already compressed."""
        path = self.translate_path(self.path)
        self.server.wait_for(self.path)
        if self.server.latency:
            time.sleep(self.server.latency)  # a round trip of the emulated link
        if os.path.isdir(path):
            if not self.path.split("?")[0].endswith("/"):
                return super().send_head()  # the redirect to the folder's "/"
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()  # the 404
        gzipped = "gzip" in self.headers.get("Accept-Encoding", "") \
            and not path.endswith(NOT_GZIPPED)
        body, etag = self.server.body(path, gzipped)
        if etag in self.headers.get("If-None-Match", ""):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
            self.server.count(self.path, 0)
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.end_headers()
        self.server.count(self.path, len(body))
        return io.BytesIO(body)

    def copyfile(self, source, outputfile) -> None:
        try:
            while chunk := source.read(16 * 1024):
                self.server.pace(len(chunk))
                outputfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client went away (a cancelled load, a HEAD-like probe)

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """The site's server: what it sent (`requests`: (path, body bytes) in order, 0 for a
    "not modified"), and files it holds back until released (tests: the board is drawn
    before the engine)."""

    daemon_threads = True
    # every server's answers, kept while their file is unchanged (gzip costs a second of
    # CPU for the WebAssembly: paid once, not once per server or per visit)
    _bodies: dict[tuple[str, int, int, bool], tuple[bytes, str]] = {}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.requests: list[tuple[str, int]] = []
        self.started: list[float] = []  # when each of `requests` began (time.time())
        self.lock = threading.Lock()
        self.latency = 0.0  # seconds before each answer (throttle)
        self.rate = 0.0  # bytes per second of the whole link, 0: unlimited (throttle)
        self._link_free = 0.0
        self.held: set[str] = set()
        self.released = threading.Event()

    def handle_error(self, request, client_address) -> None:
        """A browser that hangs up mid-answer (a cancelled load, a closed tab) is no error
        worth a traceback; anything else is."""
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"

    def count(self, path: str, written: int, started: float | None = None) -> None:
        with self.lock:
            self.requests.append((path.split("?")[0], written))
            self.started.append(time.time() if started is None else started)

    def throttle(self, bits_per_second: float = 0.0, latency: float = 0.0) -> None:
        """Emulate a link (bench-web): every answer waits `latency`, and all of them share
        `bits_per_second` (0: no limit)."""
        self.rate, self.latency = bits_per_second / 8, latency

    def pace(self, size: int) -> None:
        """Wait until the link has carried `size` more bytes (shared by all requests)."""
        if not self.rate:
            return
        with self.lock:
            start = max(time.time(), self._link_free)
            self._link_free = start + size / self.rate
            done = self._link_free
        time.sleep(max(0.0, done - time.time()))

    @property
    def sent(self) -> int:
        with self.lock:
            return sum(written for _, written in self.requests)

    def reset(self) -> None:
        with self.lock:
            self.requests.clear()
            self.started.clear()

    def hold(self, *names: str) -> None:
        """Hold back requests for these files (names relative to the site) until release()."""
        self.released.clear()
        self.held = {name.lstrip("/") for name in names}

    def release(self) -> None:
        self.held = set()
        self.released.set()

    def wait_for(self, path: str) -> None:
        if path.split("?")[0].lstrip("/") in self.held:
            self.released.wait(timeout=120)

    def warm(self, folder: Path) -> None:
        """Compress every file of `folder` now, as a static host has it ready (bench-web:
        the first visit measured is not one of the server's first gzips)."""
        for path in tree_files(folder):
            self.body(str(path), not str(path).endswith(NOT_GZIPPED))

    def body(self, path: str, gzipped: bool) -> tuple[bytes, str]:
        """A file's bytes as sent (gzipped or not) and its ETag, kept while it is unchanged."""
        path = os.path.realpath(path)
        stat = os.stat(path)
        key = (path, stat.st_mtime_ns, stat.st_size, gzipped)
        with self.lock:
            known = self._bodies.get(key)
        if known is None:
            with open(path, "rb") as f:
                raw = f.read()
            body = gzip.compress(raw, compresslevel=9, mtime=0) if gzipped else raw
            etag = f'"{hashlib.sha256(raw).hexdigest()[:20]}{"-gz" if gzipped else ""}"'
            known = (body, etag)
            with self.lock:
                self._bodies[key] = known
        return known


def make_server(directory: Path = DIST, port: int = 0, host: str = "127.0.0.1",
                quiet: bool = True) -> SiteServer:
    """A server for directory on host:port (port 0: a free one); call serve_forever()."""
    handler = type("Handler", (SiteHandler,), {"quiet": quiet})
    return SiteServer((host, port), functools.partial(handler, directory=str(directory)))


def serve_in_thread(directory: Path = DIST, port: int = 0) -> SiteServer:
    server = make_server(directory, port)
    threading.Thread(target=server.serve_forever, daemon=True, name="site-server").start()
    return server


# --------------------------------------------------------------------------- test setup


def test_tools_missing() -> list[str]:
    """What of pip install -e '.[test]' is not there (iqpuzzles must be this tree's)."""
    code = (
        "import importlib.util, shutil\n"
        "tools = ('pytest', 'hypothesis', 'mypy', 'playwright', 'pytest_playwright', 'xdist')\n"
        "missing = [n for n in tools\n"
        "           if importlib.util.find_spec(n) is None]\n"
        "spec = importlib.util.find_spec('iqpuzzles')\n"
        f"if spec is None or not (spec.origin or '').startswith({str(ROOT / 'py')!r}):\n"
        "    missing.append('iqpuzzles-editable-from-this-tree')\n"
        "if shutil.which('ruff') is None:\n"
        "    missing.append('ruff')\n"
        "print(','.join(missing))\n"
    )
    # Run from / so that the current directory does not shadow the installed package.
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/")
    return [m for m in out.stdout.strip().split(",") if m]


def ensure_test_tools() -> None:
    """pip install -e '.[test]' unless present; Debian's browsers unless present."""
    missing = test_tools_missing()
    if missing:
        log("installing the test tools, missing:", ", ".join(missing))
        run([sys.executable, "-m", "pip", "install", "--quiet", "-e", ".[test]"], cwd=ROOT)
    packages = sorted({package for path, package in BROWSERS.items() if not Path(path).exists()})
    if packages:
        log("installing Debian's", ", ".join(packages))
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        run([*sudo, "apt-get", "update", "-qq"], env=env)
        run([*sudo, "apt-get", "install", "-y", "-qq", *packages], env=env)


# --------------------------------------------------------------------------- commands


def cmd_build(args: argparse.Namespace) -> int:
    build(force=args.force, snapshot=not args.no_snapshot)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    build()
    server = make_server(DIST, args.port, quiet=False)
    print(f"Serving dist/ at {server.url}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def cmd_test(args: argparse.Namespace, pytest_args: list[str]) -> int:
    ensure_test_tools()
    build()
    # Three pytest workers on two cores, idle ones stealing queued tests: a browser test
    # mostly waits (on Chromium, on Pyodide in its worker), so the suite takes about half
    # as long. A -n in the extra arguments overrides it.
    parallel = ["-n", "3", "--dist", "worksteal"]
    workers = [] if any(a.startswith("-n") for a in pytest_args) else parallel
    cmd = [sys.executable, "-m", "pytest", *workers, *pytest_args]
    log("$", " ".join(cmd))
    return subprocess.call(cmd, cwd=ROOT)


def web_tool(name: str):
    """A module of web/tools/ (build-time helpers, not part of the site), imported late."""
    spec = importlib.util.spec_from_file_location(f"iq_{name}", WEB / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bench_visits(runs: int, links: list[str], site: Path | None = None,
                 release: Path | None = None) -> dict:
    """First visit, return visit and a return after a one-JS-file release, per emulated
    link (web/tools/visits.py): this tree's site, or `site` and its `release` (two builds
    of another tree, e.g. an older main's, served by this server)."""
    from playwright.sync_api import sync_playwright  # a test dependency, imported late

    visits = web_tool("visits")
    results: dict = {}
    with tempfile.TemporaryDirectory(prefix="iq-bench-") as tmp, sync_playwright() as pw:
        if site is None:
            site, release = clone_release(Path(tmp))
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for link in links:
                bits, latency, cpu = visits.LINKS[link]
                for _ in range(runs):
                    results.setdefault(link, []).append(visits.measure(
                        browser, make_server, site, release, "#game=steps", bits, latency,
                        cpu))
                visits.report({link: results[link]})
        finally:
            browser.close()
    return results


LIGHTHOUSE_COLUMNS = (("performance", "performance", "{:.0f}"), ("FCP", "fcp", "{:.2f} s"),
                      ("LCP", "lcp", "{:.2f} s"), ("TBT", "tbt", "{:.0f} ms"),
                      ("CLS", "cls", "{:.3f}"), ("SEO", "seo", "{:.0f}"))


def bench_lighthouse(site: Path, runs: int) -> dict:
    """Lighthouse (web/tools/lighthouse.mjs: mobile defaults, a simulated slow 4G link
    and a 4x slower CPU) over a first and a return visit of #game=steps, `runs` times,
    the site served gzipped as GitHub Pages serves it; prints the medians and where the
    main thread's time went."""
    server = make_server(site)
    server.warm(site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        out = subprocess.run(
            ["node", str(WEB / "tools" / "lighthouse.mjs"), server.url + "#game=steps",
             str(runs)], cwd=WEB, capture_output=True, text=True, check=True,
            env=dict(os.environ, CHROME_PATH=CHROMIUM)).stdout
    finally:
        server.shutdown()
        server.server_close()
    results = json.loads(out)
    print(f"\nLighthouse {lighthouse_version()}, mobile (median of {runs} runs, #game=steps):")
    print("  " + f"{'visit':14s}" + "".join(f"{title:>13s}" for title, _, _ in
                                             LIGHTHOUSE_COLUMNS))
    for visit, steps in results.items():
        cells = []
        for _, key, form in LIGHTHOUSE_COLUMNS:
            value = median([step[key] for step in steps])
            cells.append(form.format(value / 1000 if form.endswith(" s") else value))
        print("  " + f"{visit + ' visit':14s}" + "".join(f"{c:>13s}" for c in cells))
    for visit, steps in results.items():
        groups = {g: median([step["mainThread"].get(g, 0) for step in steps])
                  for g in steps[0]["mainThread"]}
        work = ", ".join(f"{g} {ms / 1000:.2f} s" for g, ms in groups.items() if ms >= 10)
        longest = sorted((t["ms"], t["url"].rsplit("/", 1)[-1] or "the page")
                         for step in steps for t in step["longTasks"])[::-1][:4]
        print(f"  {visit} visit, main thread: {work}")
        print(f"    longest tasks (of {runs} runs): " + (", ".join(
            f"{ms} ms {where}" for ms, where in longest) or "none"))
        failing = sorted({a for step in steps for a in step["failing"]})
        if failing:
            print(f"    SEO audits failing: {', '.join(failing)}")
    return results


def lighthouse_version() -> str:
    return json.loads((NODE_MODULES / "lighthouse" / "package.json").read_text())["version"]


@contextlib.contextmanager
def ready_page(url: str):
    """A page of the site in headless Chromium, once Python answered; closed after."""
    from playwright.sync_api import sync_playwright  # a test dependency, imported late

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context().new_page()
            page.goto(url)
            page.wait_for_selector("html[data-ready=true]", timeout=60_000)
            yield page
        finally:
            browser.close()


def bench_generate(url: str, runs: int = 3) -> dict:
    """Seconds from a click on "New challenge" to the new challenge drawn, per game that
    can generate and per level, in headless Chromium (the page's own figure is the time
    of the generate op alone, html[data-generate-ms])."""
    results: dict[str, dict[str, list[float]]] = {}
    with ready_page(url) as page:
        games = page.eval_on_selector_all(".game-tab", "els => els.map(e => e.dataset.game)")
        for name in games:
            page.click(f".game-tab[data-game={name}]")
            page.wait_for_selector(f".game-tab[data-game={name}][aria-pressed=true]")
            page.wait_for_selector("html[data-busy=false]")
            page.click("#challenge-button")
            if page.is_disabled("[data-action=new-challenge]"):
                page.keyboard.press("Escape")
                print(f"{name:6s}: cannot generate challenges yet")
                continue
            page.keyboard.press("Escape")
            levels = page.eval_on_selector_all(".level-tab",
                                               "els => els.map(e => e.dataset.level)")
            for level in levels:
                for _ in range(runs):
                    page.click("#challenge-button")
                    page.click(f".level-tab[data-level='{level}']")
                    # a new challenge gets a new random seed, so its link changes
                    # (its puzzle may, rarely, equal the one before)
                    before = page.evaluate("location.hash")
                    t0 = time.perf_counter()
                    page.click("[data-action=new-challenge]")
                    page.wait_for_function(
                        "h => location.hash !== h && location.hash.includes('seed=') "
                        "&& document.documentElement.dataset.busy === 'false'", arg=before,
                        timeout=60_000)
                    results.setdefault(name, {}).setdefault(level, []).append(
                        time.perf_counter() - t0)
            for level, times in results.get(name, {}).items():
                times.sort()
                print(f"{name:6s} {level:8s}: new challenge drawn in median "
                      f"{times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s ({runs} runs)")
    return results


def booklet_walks(every: int = 1) -> dict[str, list[tuple[str, list[str]]]]:
    """Per game, per booklet challenge (every `every`-th), the positions on the way from its
    start to its solution, one piece at a time (the solved one left out)."""
    sys.path.insert(0, str(ROOT / "py"))
    from iqpuzzles import GAMES, game  # the package from the sources, imported late

    walks: dict[str, list[tuple[str, list[str]]]] = {}
    for name in GAMES:
        g = game(name)
        for entry in g.challenges[::every]:
            position = g.position(entry.challenge)
            solved = g.position(entry.challenge, entry.solution)
            steps = []
            for placement in (p for p in solved.played if p.piece not in position.pieces):
                steps.append(str(position))
                position = position.play(placement)
            walks.setdefault(name, []).append((entry.challenge, steps))
    return walks


BENCH_HINTS_JS = """async ([game, walks]) => {
  const py = window.iq.python, time = {solvable: [], 1: [], 2: [], 3: []};
  // not timed: the game's first calls build its tables once (a player waits for that on
  // the game's first move, not on every one)
  const [first, firstSteps] = walks[0];
  await py.call("solvable", {game, challenge: first, placement: firstSteps[0]});
  await py.call("hint", {game, challenge: first, placement: firstSteps[0], level: 1});
  for (const [challenge, steps] of walks) {
    for (const placement of steps) {
      const position = {game, challenge, placement};
      let t0 = performance.now();
      await py.call("solvable", position);
      time.solvable.push(performance.now() - t0);
      for (const level of [1, 2, 3]) {
        t0 = performance.now();
        await py.call("hint", {...position, level});
        time[level].push(performance.now() - t0);
      }
    }
  }
  return time;
}"""


def bench_hints(url: str, every: int = 1) -> dict:
    """Milliseconds per `solvable` check and per hint rung in the page's Python worker
    (the call as the page makes it: message to the worker, Python, answer back), over
    every position on the way from each booklet challenge's start to its solution."""
    walks = booklet_walks(every)
    results: dict = {}
    with ready_page(url) as page:
        for name, game_walks in walks.items():
            times = page.evaluate(BENCH_HINTS_JS, [name, game_walks])
            results[name] = times
            check = sorted(times["solvable"])
            rungs = ", ".join(f"rung {level} {median(times[str(level)]):.0f}"
                              for level in (1, 2, 3))
            print(f"{name:6s}: {len(check)} positions of {len(game_walks)} challenges"
                  f"{f' (every {every})' if every > 1 else ''}; solvable check median "
                  f"{median(check):.1f} ms, max {check[-1]:.1f} ms "
                  f"({sum(t >= 100 for t in check)} at 100 ms or more); hint median ms: "
                  f"{rungs}; slowest rung {max(max(times[str(k)]) for k in (1, 2, 3)):.0f} ms"
                  f" ({sum(t >= 150 for k in (1, 2, 3) for t in times[str(k)])} rungs at "
                  "150 ms or more)", flush=True)
    return results


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else float("nan")


def cmd_bench_web(args: argparse.Namespace) -> int:
    build()
    links = [link for link in web_tool("visits").LINKS if not args.links or any(
        word in link for word in args.links)]
    if not args.hints_only:
        site = Path(args.site) if args.site else None
        release = Path(args.release) if args.release else None
        if not args.lighthouse_only:
            bench_visits(args.runs, links, site, release)
        if not args.no_lighthouse:
            bench_lighthouse(site or DIST, args.runs)
        if args.visits_only or args.lighthouse_only:
            return 0
    server = serve_in_thread(DIST)
    try:
        if not args.hints_only:
            bench_generate(server.url, runs=args.runs)
        bench_hints(server.url, every=args.every)
    finally:
        server.shutdown()
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("build", help="build dist/ (default)")
    p.add_argument("--force", action="store_true", help="rebuild even when dist/ is fresh")
    p.add_argument("--no-snapshot", action="store_true",
                   help="leave out the Pyodide memory snapshot (slower start, smaller site)")
    p = sub.add_parser("serve", help="build if needed and serve dist/ on 127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="install test tools, build, run pytest (extra args go to pytest)",
                   add_help=False)
    p = sub.add_parser("bench-web", help="visits (bytes, board drawn, piece placeable), new "
                       "challenges and hints, in headless Chromium")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--links", nargs="*", help="only the links named by these words "
                   "(localhost, 9, 1.6)")
    p.add_argument("--visits-only", action="store_true",
                   help="only the visits (and Lighthouse)")
    p.add_argument("--lighthouse-only", action="store_true", help="only Lighthouse")
    p.add_argument("--no-lighthouse", action="store_true", help="leave Lighthouse out")
    p.add_argument("--site", help="measure this built site (another tree's dist/) ...")
    p.add_argument("--release", help="... and this build of it with one JS file changed")
    p.add_argument("--every", type=int, default=1,
                   help="hints: walk every N-th booklet challenge only (default: all)")
    p.add_argument("--hints-only", action="store_true",
                   help="only the solvable check and hint rungs over the booklet walks")

    try:
        if argv[:1] == ["test"]:  # everything after `test` belongs to pytest
            return cmd_test(argparse.Namespace(), argv[1:])
        args = parser.parse_args(argv)
        if args.command in (None, "build"):
            args.force = getattr(args, "force", False)
            args.no_snapshot = getattr(args, "no_snapshot", False)
            return cmd_build(args)
        if args.command == "serve":
            return cmd_serve(args)
        return cmd_bench_web(args)
    except BuildError as error:
        print(f"build.py: {error}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as error:
        print(f"build.py: command failed ({error.returncode}): {error.cmd}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
