"""The API reference, dist/docs/api/: one page a module, made from the package's
docstrings by pdoc (the version pinned in pyproject.toml's `docs` extra), published with
the site and never kept offline (site.py). Cached by the package's sources, pdoc's
version and this file, so a build that changes no source makes none."""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from importlib import metadata
from pathlib import Path

from .common import CACHE, ROOT, BuildError, digest_paths, keep_newest, log, run
from .wheel import package_inputs

API_DOCS = "docs/api"  # where the site publishes it
PACKAGE = ROOT / "py" / "iqpuzzles"


def pinned_pdoc() -> str:
    """The pdoc version pyproject.toml's `docs` extra pins ("16.0.0")."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    pins = [spec.split("==", 1)[1] for spec in extras.get("docs", [])
            if spec.replace(" ", "").startswith("pdoc==")]
    if len(pins) != 1:
        raise BuildError("pyproject.toml's docs extra must pin pdoc (pdoc==VERSION)")
    return pins[0]


def modules() -> list[str]:
    """The modules to document (the command line's __main__ aside): the package, and each
    module whose package lists its names in __all__ (pdoc then leaves its submodules out:
    named here, each is documented once)."""
    found = ["iqpuzzles"]
    for path in sorted(PACKAGE.rglob("*.py")):
        if "__pycache__" in path.parts or path.stem == "__main__" or path == PACKAGE / \
                "__init__.py":
            continue
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if path.stem == "__init__" else parts)
        parent = (path.parent.parent if path.stem == "__init__" else path.parent) / \
            "__init__.py"
        if _lists_all(parent):
            found.append(name)
    return found


def _lists_all(init: Path) -> bool:
    tree = ast.parse(init.read_text())
    return any(isinstance(node, ast.Assign | ast.AnnAssign) and "__all__" in ast.unparse(node)
               for node in tree.body)


def api_docs() -> Path:
    """The reference's folder in the cache, made if missing."""
    version = pinned_pdoc()
    try:
        installed = metadata.version("pdoc")
    except metadata.PackageNotFoundError:
        installed = None
    if installed != version:
        have = f"pdoc {installed} is installed" if installed else "pdoc is not installed"
        raise BuildError(f"the API reference is made by pdoc {version} ({have}): "
                         "pip install -e '.[test]' (or '.[docs]')")
    sources = digest_paths(package_inputs(), ROOT)
    own = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
    key = hashlib.sha256(f"{sources} {version} {own}".encode()).hexdigest()[:16]
    out = CACHE / "apidocs" / key
    if (out / "index.html").is_file():
        return out
    with tempfile.TemporaryDirectory(prefix="iq-apidocs-") as tmp:
        made = Path(tmp) / "api"
        # this tree's package, read from a folder where nothing else of the tree shadows
        # one hash seed: a set's printed order (a frozenset constant) is the same every build
        env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONHASHSEED="0")
        try:
            run([sys.executable, "-m", "pdoc", "--docformat", "markdown", "--no-show-source",
                 "--output-directory", str(made), *modules()], cwd=tmp, env=env,
                stdout=subprocess.DEVNULL)
        except subprocess.CalledProcessError as error:
            raise BuildError(f"pdoc failed ({error.returncode}): see its output above") \
                from None
        shutil.rmtree(out, ignore_errors=True)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(made, out)
    keep_newest(CACHE / "apidocs", 3)
    log(f"API reference: {sum(1 for _ in out.rglob('*.html'))} pages")
    return out


def add_api_docs(stage: Path) -> None:
    """The API reference into the site being built, under docs/api/."""
    shutil.copytree(api_docs(), stage / API_DOCS)
