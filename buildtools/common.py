"""What every build module shares: the tree's folders, logging, running a command, and
hashes of files (caches and the site's revisions are keyed on them)."""

from __future__ import annotations

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
# .cache/'s folders of the build's dear steps (each entry keyed on what it is made from);
# the standard library's own precompiled copy (stdlib/) is left out: it is made from the
# pinned Pyodide package alone, and a fresh clone's build is given it (release.py)
BUILD_STEPS = ("apidocs", "early", "icons", "site-wheel", "snapshot", "stdlib-cut", "wheel", "xz")
# how dist/ was last built: its inputs, and whether every dear step was made afresh
DIST_BUILT = CACHE / "dist-built.json"


def cache_is_cold() -> bool:
    """Whether no build step has an entry in .cache/ (a fresh clone's, a CI machine's)."""
    return not any(any((CACHE / step).iterdir()) for step in BUILD_STEPS
                   if (CACHE / step).is_dir())


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
