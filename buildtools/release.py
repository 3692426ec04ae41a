"""A release as a host that builds every release from a fresh checkout makes it (the
Pages workflow): what a returning player downloads is what differs between two such
builds (tests/test_build.py, bench-web)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .common import CACHE, ROOT, BuildError, run
from .node import NODE_MODULES

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
