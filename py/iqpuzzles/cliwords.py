"""argparse's own words in the command line's language: "usage:", the headings of --help,
the help of -h and the refusals of a command line it cannot read ("the following
arguments are required", "invalid choice", ...).

argparse says them through gettext's module functions, which it looks up in its own
namespace each time (`argparse._`, `argparse.ngettext`); `speaking()` points those at the
package's catalog of the language chosen for the run, and puts them back after. The
messages are marked here, exactly as argparse writes them (those this parser can say,
from Python 3.11 to 3.14), so that every catalog has them; a message of another Python
version that is not here stays in English.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from .core.i18n import mark, nmark, translations

ARGPARSE = (
    mark("usage: "),
    # TRANSLATORS: a heading of --help ("options", "positional arguments"), then a colon
    mark("%(heading)s:"),
    mark("positional arguments"),
    mark("options"),
    mark("subcommands"),
    mark("show this help message and exit"),
    # TRANSLATORS: %(prog)s is "python -m iqpuzzles"; the message that follows is a sentence
    # of its own, in lower case
    mark("%(prog)s: error: %(message)s\n"),
    mark("argument %(argument_name)s: %(message)s"),
    mark("the following arguments are required: %s"),
    mark("unrecognized arguments: %s"),
    mark("expected one argument"),
    mark("ambiguous option: %(option)s could match %(matches)s"),
    mark("invalid choice: %(value)r (choose from %(choices)s)"),
    mark("invalid %(type)s value: %(value)r"),
    mark("unknown parser %(parser_name)r (choices: %(choices)s)"),
    mark("ignored explicit argument %r"),
    nmark("expected %s argument", "expected %s arguments"),
)


@contextmanager
def speaking() -> Iterator[None]:
    """argparse speaks the language chosen now (i18n's context) inside the block."""
    catalog = translations()
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = catalog.gettext  # type: ignore[attr-defined]
    argparse.ngettext = catalog.ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
