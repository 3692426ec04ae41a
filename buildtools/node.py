"""The npm packages pinned by web/package.json and its lock (Pyodide, esbuild, the test
and benchmark tools), and the Node programs of web/tools/ that use them (run from web/,
so that they find web/node_modules)."""

from __future__ import annotations

import json
import shutil
import subprocess

from .common import WEB, BuildError, run

NODE_MODULES = WEB / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
ESBUILD = NODE_MODULES / "esbuild" / "package.json"  # the bundler (web/tools/bundle.mjs)
XZ_DECODER = NODE_MODULES / "xz-decompress" / "package.json"  # the worker's (compress.py)
QR_ENCODER = NODE_MODULES / "lean-qr" / "package.json"  # the page's QR code (carrydialog.js)
QR_DECODER = NODE_MODULES / "jsqr" / "package.json"  # for the carry tests only
AXE_SCRIPT = NODE_MODULES / "axe-core" / "axe.min.js"  # for the accessibility tests only
PUPPETEER = NODE_MODULES / "puppeteer-core" / "package.json"  # drives Firefox in the tests
# the page's checkers (tests/test_lint.py): TypeScript over its JSDoc, ESLint's rules
CHECKERS = [NODE_MODULES / ".bin" / "tsc", NODE_MODULES / ".bin" / "eslint",
            NODE_MODULES / "globals" / "package.json"]


def pyodide_version() -> str:
    lock = json.loads((WEB / "package-lock.json").read_text())
    return lock["packages"]["node_modules/pyodide"]["version"]


def ensure_node_modules() -> None:
    """npm ci in web/ when node_modules is missing, holds another Pyodide than the lock, or
    lacks esbuild (which bundles the page), the xz decoder (bundled into the worker), the
    QR encoder (bundled into the page's carry dialog) or a test tool (axe-core: the axe
    tests inject it; puppeteer-core: it drives Firefox; jsqr: it reads the carry dialog's
    QR code; typescript and eslint check the page; none goes into dist/)."""
    want = pyodide_version()
    pkg = PYODIDE_DIR / "package.json"
    if (pkg.exists() and json.loads(pkg.read_text()).get("version") == want
            and AXE_SCRIPT.exists() and PUPPETEER.exists() and ESBUILD.exists()
            and XZ_DECODER.exists() and QR_ENCODER.exists() and QR_DECODER.exists()
            and all(path.exists() for path in CHECKERS)):
        return
    if shutil.which("npm") is None:
        raise BuildError("npm is needed to fetch Pyodide (install Node.js >= 18)")
    run(["npm", "ci", "--no-audit", "--no-fund"], cwd=WEB)


def node_tool(name: str, *args: str, **kwargs) -> subprocess.CompletedProcess:
    """Run web/tools/<name> under Node, from web/ unless `cwd` says (the tool finds
    web/node_modules from where it lies)."""
    kwargs.setdefault("cwd", WEB)
    return run(["node", str(WEB / "tools" / name), *args], **kwargs)
