"""The README's Python examples run as they are written."""

import doctest
from pathlib import Path


def test_readme_examples():
    readme = Path(__file__).resolve().parents[1] / "README.md"
    failures, tried = doctest.testfile(str(readme), module_relative=False)
    assert tried > 0 and failures == 0
