"""The code stays clean: ruff (pyproject.toml's rules) over the package, tests and build;
mypy (pyproject.toml's settings) over the package and the build; on the page, TypeScript's
checker over its JSDoc (web/jsconfig.json for the page, web/jsconfig.worker.json for the
engine's worker and the service worker) and ESLint's stated rules (web/eslint.config.mjs),
both pinned in web/package.json."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    ruff = shutil.which("ruff")
    command = [ruff] if ruff else [sys.executable, "-m", "ruff"]
    done = subprocess.run([*command, "check", "py", "tests", "build.py", "buildtools"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow  # seconds without its cache
def test_mypy_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


WEB = ROOT / "web"
BIN = WEB / "node_modules" / ".bin"


def node_tool(name: str, *args: str) -> subprocess.CompletedProcess:
    """web/node_modules/.bin/<name> run from web/ (npm ci there installs it: build.py test
    does, through buildtools.node)."""
    tool = BIN / name
    if not tool.exists():
        pytest.fail(f"{tool} is missing: run `npm ci` in web/ (python build.py test does)")
    return subprocess.run([str(tool), *args], cwd=WEB, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.slow  # tens of seconds on two busy cores, as mypy
@pytest.mark.parametrize("config", ["jsconfig.json", "jsconfig.worker.json"])
def test_tsc_finds_nothing(config):
    done = node_tool("tsc", "-p", config, "--pretty", "false")
    assert done.returncode == 0, (
        f"tsc -p web/{config} (the page's JSDoc types) found errors:\n{done.stdout}{done.stderr}")


@pytest.mark.slow
def test_eslint_finds_nothing():
    done = node_tool("eslint", "--max-warnings", "0", ".")
    assert done.returncode == 0, (
        f"eslint (web/eslint.config.mjs's rules) found problems:\n{done.stdout}{done.stderr}")
