"""The player's language: every sentence the package writes for a player or a script goes
through the `iqpuzzles` message catalogs (gettext .mo files in iqpuzzles/locale/, made
from the .po files by `python build.py catalogs`).

A library changes nothing global (the CPython gettext guidance for libraries): the
language is a context variable, English unless a script chooses, so one thread or one
asyncio task choosing French leaves every other one as it was.

    >>> import iqpuzzles
    >>> with iqpuzzles.language("de"):         # only inside the block
    ...     iqpuzzles.game("focus").strings.check("a900")
    "malformed: Spalte '9' ist nicht 0-8 (Zeichen 2 von 'a900')"
    >>> iqpuzzles.current_language()           # set_language("de"): from now on
    'en'

Sentences are written whole, each in one message with named parameters
(`tr("{piece} would overlap {other}.", piece=..., other=...)` in the source is written
`tr("%(piece)s would overlap %(other)s.", piece=..., other=...)`), and counts through
`ntr` so each language applies its own plural rules (CLDR's, through the catalog's
Plural-Forms). A word that is put into a sentence (a piece's name, a colour) is its own
message too, with a context (`ptr`) saying where it goes; a catalog can then choose the
form that fits its sentences.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

DOMAIN = "iqpuzzles"
_LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"  # private: no path in the docs
ENGLISH = "en"
# the languages the package speaks, each named in its own words; en_XA is the build's
# pseudo-language (every message bracketed and lengthened), for tests that every word
# went through a catalog
LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch", "nl": "Nederlands",
             "es": "Español", "pl": "Polski", "ja": "日本語"}
PSEUDO = "en_XA"


class _Chosen:
    """A chosen language: its code and its catalog (NullTranslations for English)."""

    __slots__ = ("code", "catalog")

    def __init__(self, code: str, catalog: gettext.NullTranslations) -> None:
        self.code = code
        self.catalog = catalog


_ENGLISH = _Chosen(ENGLISH, gettext.NullTranslations())
_current: ContextVar[_Chosen] = ContextVar("iqpuzzles_language", default=_ENGLISH)


def normalise(code: str) -> str:
    """A language code as the catalogs are named: "fr-FR" and "fr_FR.UTF-8" are "fr",
    "en-XA" is "en_XA"; "C" and "POSIX" are English."""
    base = code.split(".", 1)[0].split("@", 1)[0].replace("-", "_")
    if base.lower() in ("c", "posix", ""):
        return ENGLISH
    parts = base.split("_")
    language = parts[0].lower()
    if len(parts) > 1 and f"{language}_{parts[1].upper()}" == PSEUDO:
        return PSEUDO
    return language


def available() -> tuple[str, ...]:
    """The languages with a catalog here (English needs none), the pseudo one included."""
    found = sorted(p.parent.parent.name for p in _LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (ENGLISH, *found)


@cache
def _chosen(code: str) -> _Chosen:
    if code == ENGLISH:
        return _ENGLISH
    catalog = gettext.translation(DOMAIN, str(_LOCALE_DIR), [code], fallback=True)
    return _Chosen(code, catalog)


def resolve(code: str | None) -> str:
    """The language of `code` (a code or a list of them, "de:fr" as LANGUAGE writes it)
    that the package speaks: the first of them with a catalog, else English. None (or
    "") is English."""
    for one in (code or "").split(":"):
        name = normalise(one.strip())
        if name == ENGLISH or name in available():
            return name
    return ENGLISH


def set_language(code: str | None) -> str:
    """Speak `code` ("fr", "de-DE", "pt:es": the first one spoken) in this thread or
    asyncio task from now on; None is English. Returns the language chosen (English when
    none of them has a catalog). Nothing outside this context changes."""
    chosen = resolve(code)
    _current.set(_chosen(chosen))
    return chosen


@contextmanager
def language(code: str | None) -> Iterator[str]:
    """Speak `code` inside the `with` block only (see set_language); yields the language
    chosen."""
    chosen = resolve(code)
    token = _current.set(_chosen(chosen))
    try:
        yield chosen
    finally:
        _current.reset(token)


def current_language() -> str:
    """The language spoken in this context ("en" unless a script chose another)."""
    return _current.get().code


def from_environment(environ: Mapping[str, str]) -> str:
    """The languages the environment asks for, as Python's gettext reads them: the first
    of LANGUAGE, LC_ALL, LC_MESSAGES and LANG that is set ("" when none is)."""
    return next((environ[k] for k in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
                 if environ.get(k)), "")


def tr(message: str, **params: object) -> str:
    """`message` in the chosen language, its %(name)s parameters filled in."""
    text = _current.get().catalog.gettext(message)
    return text % params if params else text


def ntr(singular: str, plural: str, n: int, **params: object) -> str:
    """The form of `singular`/`plural` for the count `n` in the chosen language (its
    own plural rules); %(n)s is the count, formatted with the other parameters."""
    text = _current.get().catalog.ngettext(singular, plural, n)
    return text % {"n": n, **params}


def ptr(context: str, message: str, **params: object) -> str:
    """`message` in the chosen language where `context` says how it is used (a word
    that goes into other sentences: a colour of a piece, a direction)."""
    text = _current.get().catalog.pgettext(context, message)
    return text % params if params else text


def translations() -> gettext.NullTranslations:
    """The chosen language's catalog as gettext's own object, for code that says its words
    through gettext's functions (argparse: see iqpuzzles.cliwords)."""
    return _current.get().catalog


# How each language writes a whole number (CLDR's): the separator between groups of three
# digits, and how many digits a number has at least before it is grouped (Spanish and
# Polish write 1000 but 10.000 and 10 000). A language not listed groups nothing: 10000.
_GROUPS = {ENGLISH: (",", 4), PSEUDO: (",", 4), "ja": (",", 4), "fr": ("\u202f", 4),
           "de": (".", 4), "nl": (".", 4), "es": (".", 5), "pl": ("\u00a0", 5)}


def number(n: int) -> str:
    """The whole number `n` as the chosen language writes it: 10,000 in English, 10 000
    in French (a narrow no-break space), 10.000 in German, 1000 in Polish; never a
    separator that another language reads as a decimal point."""
    separator, least = _GROUPS.get(current_language(), ("", 0))
    digits = str(abs(n))
    if separator and len(digits) >= least:
        head = len(digits) % 3 or 3
        digits = separator.join([digits[:head], *(digits[k:k + 3]
                                                  for k in range(head, len(digits), 3))])
    return f"-{digits}" if n < 0 else digits


def mark(message: str) -> str:
    """A message marked for the catalog but translated later, where it is used (a
    constant of a module: `tr(CONSTANT)` when it is said)."""
    return message


def nmark(singular: str, plural: str) -> tuple[str, str]:
    """A message with plural forms marked for the catalog, said later with
    `ntr(*marked, n)`."""
    return singular, plural


def pmark(context: str, message: str) -> str:
    """A word marked for the catalog in a context (see ptr), said later with
    `ptr(context, word)`: the colours of a game, declared once in its vocabulary."""
    return message


def _joined(items: list[str]) -> tuple[str, str] | None:
    """All but the last of `items` joined by the language's comma, and the last; None
    for fewer than two (nothing to join)."""
    if len(items) < 2:
        return None
    head = items[0]
    for item in items[1:-1]:
        head = tr("%(list)s, %(item)s", list=head, item=item)
    return head, items[-1]


def listed(items: list[str]) -> str:
    """Words as a list in the chosen language: "a, b and c"."""
    if not (parts := _joined(items)):
        return "".join(items)
    return tr("%(list)s and %(last)s", list=parts[0], last=parts[1])


def either(items: list[str]) -> str:
    """Phrases as alternatives in the chosen language: "a, b or c"."""
    if not (parts := _joined(items)):
        return "".join(items)
    return tr("%(list)s or %(last)s", list=parts[0], last=parts[1])


def clauses(items: list[str]) -> str:
    """Clauses one after the other in the chosen language: "red peg; ringed" (Japanese
    "、", never an ASCII "; " inside Japanese text)."""
    head = items[0] if items else ""
    for item in items[1:]:
        # TRANSLATORS: what lies on a spot, then what marks it ("red peg; ringed")
        head = tr("%(list)s; %(item)s", list=head, item=item)
    return head


def sequence(items: list[str]) -> str:
    """Words one after the other in the chosen language: "ball, ring, ball"."""
    head = items[0] if items else ""
    for item in items[1:]:
        head = tr("%(list)s, %(item)s", list=head, item=item)
    return head
