"""Every example in the package's docstrings runs as a doctest, as python-chess's do (the
README's run in tests/test_readme.py)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import iqpuzzles

MODULES = sorted(["iqpuzzles", *(info.name for info in pkgutil.walk_packages(
    iqpuzzles.__path__, "iqpuzzles.")
                                 if not info.name.endswith("__main__"))])
FINDER = doctest.DocTestFinder(exclude_empty=True)


def examples(name: str) -> list[doctest.DocTest]:
    """The doctests of a module: its docstring's and those of everything it defines."""
    module = importlib.import_module(name)
    return [test for test in FINDER.find(module, name) if test.examples]


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_run(name):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in examples(name):
        runner.run(test)
    assert runner.failures == 0, name


def test_the_examples_are_found():
    """The package's face shows how it is used: its docstring, the game's and the string
    contract's, at least (a finder that found nothing would pass every test above)."""
    found = {name for name in MODULES if examples(name)}
    assert {"iqpuzzles", "iqpuzzles.core.game", "iqpuzzles.core.strings"} <= found
