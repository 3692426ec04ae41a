"""A release as a host that builds every release from a fresh checkout makes it (the
Pages workflow): what a returning player downloads is what differs between two such
builds (tests/test_build.py, bench-web)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

from .common import CACHE, NOT_STEPS, ROOT, BuildError, keep_newest, run
from .node import NODE_MODULES

# A release's change to a module: code, not a comment (the bundle's minifier drops those),
# that runs (esbuild keeps a statement with an effect)
RELEASE_CHANGE = "\n// a release that changes this file\nglobalThis.iqRelease = \"2\";\n"


def clone_release(out: Path, changed: str = "web/progress/tally.js") -> tuple[Path, Path]:
    """Two builds made the way a host that builds every release from a fresh checkout
    makes them (the Pages workflow): a clone of this tree's last commit, and a clone with
    one more commit that changes the file `changed` only, each built in its own folder with
    an empty .cache/ (both at once) but for the standard library precompiled from the
    pinned Pyodide package (no file of the repository goes into it; 6 s of CPU a build).
    Returns their dist/ folders: what is not the same in both is what a returning player
    downloads after that release."""
    clones = [_clone(out / "site"), _clone(out / "release")]
    for clone in clones:
        _copy_stdlib(clone)
    path = clones[1] / changed
    path.write_text(path.read_text() + RELEASE_CHANGE)
    run(["git", "-c", "user.name=release", "-c", "user.email=release@localhost",
         "-c", "commit.gpgsign=false", "commit",
         "--quiet", "--all", "--message", f"A release that changes {changed}"], cwd=clones[1])
    _build_clones(clones)
    return clones[0] / "dist", clones[1] / "dist"


def fresh_build(out: Path, cached: bool = False) -> Path:
    """This tree as it is (its commits, its uncommitted changes and new files) built the
    way the Pages workflow builds it: a clone with the whole history, an empty .cache/ but
    for the precompiled standard library; `cached`: with this tree's .cache/ instead (the
    build steps it holds are not made again). Returns its dist/."""
    clone = _working_copy(out / "fresh")
    if cached:
        _link_cache(clone)
    else:
        _copy_stdlib(clone)
    _build_clones([clone])
    return clone / "dist"


def _working_copy(clone: Path) -> Path:
    """A clone of this repository (its history: the archives' dates) with this tree's
    uncommitted changes and new files, the npm tools linked."""
    _clone(clone)
    # (--no-renames: a file moved and not committed is a deletion here and a new file there)
    changed = _git("diff", "HEAD", "--name-only", "--no-renames", "-z") + _git(
        "ls-files", "--others", "--exclude-standard", "-z")
    for name in filter(None, changed.split("\0")):
        if (ROOT / name).is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, clone / name)
        else:  # deleted here, not committed yet
            (clone / name).unlink(missing_ok=True)
    return clone


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout


def _clone(clone: Path) -> Path:
    """A clone of this repository's HEAD with its history (sharing its objects), the npm
    tools linked."""
    run(["git", "clone", "--quiet", "--shared", str(ROOT), str(clone)])
    (clone / "web" / "node_modules").symlink_to(NODE_MODULES, target_is_directory=True)
    return clone


def _copy_stdlib(clone: Path) -> None:
    """The standard library's precompiled cut (made from the pinned Pyodide package alone,
    no file of the repository goes into it) into the clone's empty .cache/."""
    if (CACHE / "stdlib").is_dir():
        shutil.copytree(CACHE / "stdlib", clone / ".cache" / "stdlib")


def _link_cache(tree: Path) -> None:
    """This tree's build cache into `tree`'s, hard-linked (every cache entry is made in a
    new file, never written through)."""
    shutil.copytree(CACHE, tree / ".cache", copy_function=os.link,
                    ignore=shutil.ignore_patterns(*NOT_STEPS))


def _build_clones(clones: list[Path]) -> None:
    """`python build.py build` in each clone, all at once."""
    builds = [subprocess.Popen([sys.executable, "build.py", "build"], cwd=clone,
                               env=dict(os.environ, PYTHONPATH=str(clone / "py")),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
              for clone in clones]
    for clone, process in zip(clones, builds, strict=True):
        _, errors = process.communicate()
        if process.returncode:
            raise BuildError(f"the build of {clone} failed:\n{errors[-2000:]}")


# A next release as the tests build it (tests/browser/test_updates.py): a module of the
# page changed (RELEASE_CHANGE), and a string of the package's Python (IQ-Twist's rules as a
# player reads them in the footer, which the engine's `info` answers).
NEXT_RELEASE = {
    "web/progress/tally.js": ("", RELEASE_CHANGE),
    "py/iqpuzzles/twist/__init__.py": ("Cover the whole board with the eight pieces.",
                                       "Cover the whole board with all eight pieces."),
}


def edited_release(edits: dict[str, tuple[str, str]] = NEXT_RELEASE) -> Path:
    """The dist/ of this tree as it is (its files, committed or not) with `edits` made
    (path -> (text, replacement): the text found exactly once; an empty text: the
    replacement appended). Built in .cache/releases/<key>/ (kept for the same tree and
    edits: test workers and later runs share it) from a copy of the tree's build cache,
    hard-linked (every cache entry is made in a new file, never written through: what the
    edits leave valid, the standard library and the runtime's packs among it, is not made
    again; what they change is, the wheel's cut of the standard library and the memory
    snapshot among it, about 25 s of CPU)."""
    from .site import input_fingerprint

    key = hashlib.sha256(f"{input_fingerprint()} {sorted(edits.items())}".encode()).hexdigest()
    folder = CACHE / "releases" / key[:16]
    folder.parent.mkdir(parents=True, exist_ok=True)
    with open(CACHE / "releases.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "tree" / "dist" / "build.json").is_file():
            shutil.rmtree(folder, ignore_errors=True)
            _build_edited(folder / "tree", edits)
            keep_newest(CACHE / "releases", 2)
    return folder / "tree" / "dist"


def _build_edited(tree: Path, edits: dict[str, tuple[str, str]]) -> None:
    # a clone (its history dates the archives as this tree's do) of the tree as it is
    _working_copy(tree)
    _link_cache(tree)
    for path, (text, replacement) in edits.items():
        source = (tree / path).read_text()
        if text and source.count(text) != 1:
            raise BuildError(f"{path} holds {text!r} {source.count(text)} times, not once")
        (tree / path).write_text(source.replace(text, replacement) if text
                                 else source + replacement)
    done = subprocess.run([sys.executable, "build.py", "build"], cwd=tree,
                          env=dict(os.environ, PYTHONPATH=str(tree / "py")),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode:
        raise BuildError(f"the build of {tree} failed:\n{done.stderr[-2000:]}")
