"""The data files shipped with the package (data/<game>/...), read the same way from a
source tree, an installed wheel or the wheel the web page unpacks.

The page's copy of the package leaves out files a first game does not need (each
game's pools of new challenges, core/pools.py): in their place a `<name>.remote`
marker says that the site serves the file at the same path. Reading such a file
raises DataNotHere; the page's worker fetches the file, writes it where it belongs and
asks again (web/worker.js), so a file costs its download only when first used. A file
fetched so that cannot be read (a host halfway through publishing it sent it cut short)
raises DataNotWhole: the worker forgets it, and the next use fetches it again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any, TypeVar

T = TypeVar("T")

REMOTE = ".remote"  # the marker's suffix


class DataNotHere(Exception):
    """A data file the site serves (at `path`, relative to the package's folder as to the
    site's root) and this copy of the package has not fetched yet. Not a PuzzleError: it
    is no fault of the input, and the API answers it so that the page fetches `path`."""

    def __init__(self, path: str):
        super().__init__(f"{path} is not here yet: the site serves it")
        self.path = path


class DataNotWhole(Exception):
    """A data file the site serves (at `path`, as DataNotHere's) was fetched, and cannot
    be read: it came cut short, or is not such a file. No fault of the input either."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path} came from the site but cannot be read ({reason})")
        self.path = path


def _fetched(game: str, name: str) -> bool:
    """Whether data/<game>/<name> is one the site serves (fetched by the page)."""
    folder = resources.files("iqpuzzles").joinpath("data").joinpath(game)
    return folder.joinpath(name + REMOTE).is_file()


def read_bytes(game: str, name: str) -> bytes | None:
    """The bytes of data/<game>/<name>, None if the package ships no such file, or
    DataNotHere if the site serves it and it was not fetched yet."""
    folder = resources.files("iqpuzzles").joinpath("data").joinpath(game)
    source = folder.joinpath(name)
    if source.is_file():
        return source.read_bytes()
    if folder.joinpath(name + REMOTE).is_file():
        raise DataNotHere(f"data/{game}/{name}")
    return None


def load_json(game: str, name: str) -> Any:
    """A JSON data file of the package (it must be there)."""
    data = read_bytes(game, name)
    if data is None:
        raise FileNotFoundError(f"the package has no data/{game}/{name}")
    return json.loads(data.decode("utf-8"))


def read_decoded(game: str, name: str, decode: Callable[[bytes], tuple[str, T]]) -> T | None:
    """data/<game>/<name> as `decode` reads it (it gives the name of the game the file is
    of, and its content), None if the package ships no such file; ValueError if the file
    is another game's."""
    data = read_bytes(game, name)
    if data is None:
        return None
    try:
        found, content = decode(data)
    except ValueError as error:
        if _fetched(game, name):
            raise DataNotWhole(f"data/{game}/{name}", str(error)) from None
        raise
    if found != game:
        raise ValueError(f"data/{game}/{name} is of the game {found}, not {game}")
    return content
