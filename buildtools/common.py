"""What every build module shares: the tree's folders, logging, running a command, and
hashes of files (caches and the site's revisions are keyed on them)."""

from __future__ import annotations

import fnmatch
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
# web/'s folders that hold no module of the page: npm's packages, the Node tools
NOT_PAGE = ("node_modules", "tools")


def page_modules(web: Path = WEB) -> list[Path]:
    """The page's JS modules: web/'s entry points (boot.js, worker.js, sw.js, app.js) and
    every module in its folders by job (python/, midend/, modes/, board/...)."""
    return sorted(p for p in web.rglob("*.js") if not set(p.relative_to(web).parts) & set(NOT_PAGE))
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
# how dist/ was last built: its inputs, and whether every dear step was made afresh
DIST_BUILT = CACHE / "dist-built.json"
# What in .cache/ is no build step's: the test runner's and the build's own scratch
# (a copy of the cache for another tree leaves these out)...
NOT_STEPS = ("releases", "releases.lock", "pycache", "build.lock", "*.tmp", "dist-*", "bundle-*",
             DIST_BUILT.name)
# ...and what a cold build may find there all the same: the standard library's
# precompiled copy (made from the pinned Pyodide package alone; a fresh clone's build is
# given it, release.py) and tsc's record of its last check (tests/test_lint.py)
NOT_COLD = (*NOT_STEPS, "stdlib", "tsc")


def cache_is_cold() -> bool:
    """Whether .cache/ holds nothing a build step made (a fresh clone's, a CI machine's):
    anything not named in NOT_COLD counts, so a step added later cannot be missed."""
    return not CACHE.is_dir() or all(
        any(fnmatch.fnmatch(entry.name, pattern) for pattern in NOT_COLD)
        or (entry.is_dir() and not any(entry.iterdir()))
        for entry in CACHE.iterdir())


class BuildError(RuntimeError):
    """The build cannot go on; the message says why."""


def log(*parts: object) -> None:
    print("[build]", *parts, file=sys.stderr, flush=True)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    log("$", " ".join(str(c) for c in cmd))
    return subprocess.run(cmd, check=True, **kwargs)


def package_python(*args: str, **kwargs) -> subprocess.CompletedProcess:
    """Run `python -m <args>` with this tree's package (py/) first on the path."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return run([sys.executable, "-m", *args], cwd=ROOT, env=env, **kwargs)


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def tree_files(top: Path, exclude: set[str] | frozenset[str] = frozenset()) -> list[Path]:
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


def keep_newest(folder: Path, count: int) -> None:
    """Remove all but the `count` most recent entries of a cache folder (each a key's)."""
    olds = sorted(folder.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in olds[count:]:
        shutil.rmtree(old, ignore_errors=True)
