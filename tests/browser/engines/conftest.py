"""The engine tests drive Firefox ESR and WebKitGTK (drivers.py), not Playwright's
Chromium: the browser tests' own players (tests/browser/conftest.py) are not made here.
A missing browser fails the test, never skips it: `python build.py test` installs it."""

from __future__ import annotations

import pytest

from buildtools.browsers import BROWSERS
from buildtools.server import serve_in_thread

from .drivers import MINIBROWSER, NEEDS, EngineError, launch, missing


@pytest.fixture(autouse=True)
def _players_as_most_are():
    """(No Chromium context here: each test opens its engine as a new player.)"""
    yield


@pytest.fixture(autouse=True)
def _no_offsite_requests():
    """(Only 127.0.0.1 is served: a file asked of anywhere else fails to load.)"""
    yield


@pytest.fixture
def server(dist_dir):
    """The built site on a server of the test's own, which the test may stop (offline)."""
    server = serve_in_thread(dist_dir)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def engine(request):
    """A fresh browser of the engine the test is parametrized with."""
    name = request.param
    # the programs it needs are the ones the test command installs (the MiniBrowser comes
    # with WebKitWebDriver's package)
    assert set(NEEDS[name]) - {MINIBROWSER} <= set(BROWSERS), name
    if missing(name):
        pytest.fail(f"{name} is not installed ({', '.join(missing(name))}): "
                    "`python build.py test` installs it")
    try:
        with launch(name) as browser:
            yield browser
    except EngineError as error:
        pytest.fail(f"{name} could not start: {error}")
