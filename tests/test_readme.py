"""The README's Python examples run as they are written: here, from the tree, and from
the wheel `python -m build` makes, installed in a fresh virtualenv."""

import doctest
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def test_readme_examples():
    failures, tried = doctest.testfile(str(README), module_relative=False)
    assert tried > 0 and failures == 0


@pytest.mark.slow  # two isolated builds and a virtualenv: about a minute
def test_the_wheel_installs_in_a_fresh_virtualenv_and_runs_the_readme(tmp_path):
    """The sdist and the wheel as `python -m build` makes them from the package's sources
    alone (copied, so nothing else of the tree slips in), the sdist holding the package
    data; the wheel installed with no index into a new virtualenv, where the README's
    examples run against it (not against the tree: no PYTHONPATH, another folder)."""
    source = tmp_path / "source"
    shutil.copytree(ROOT / "py", source / "py",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copyfile(ROOT / name, source / name)
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    out = tmp_path / "out"
    subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)],
                   cwd=tmp_path, env=env, check=True, capture_output=True, timeout=600)
    (sdist,), (wheel,) = out.glob("iqpuzzles-*.tar.gz"), out.glob("iqpuzzles-*.whl")
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    assert any(name.endswith("iqpuzzles/data/twist/pieces.json") for name in names)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    subprocess.run([python, "-m", "pip", "install", "--no-index", "--quiet", wheel],
                   env=env, check=True, capture_output=True, timeout=300)
    check = ("import doctest, sys, iqpuzzles\n"
             "print(iqpuzzles.__file__)\n"
             f"print(*doctest.testfile({str(README)!r}, module_relative=False))\n")
    done = subprocess.run([python, "-c", check], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    where, result = done.stdout.strip().splitlines()[-2:]
    failures, tried = map(int, result.split())
    assert Path(where).is_relative_to(venv) and tried > 0 and failures == 0, done.stdout
