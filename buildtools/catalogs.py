"""The message catalogs (`python build.py catalogs`): extract every marked message of the
package into the template (iqpuzzles.pot), merge it into each language's .po (new
messages come in untranslated, changed ones fuzzy: a translator's work, and the tests fail
until it is done), write the pseudo-language en_XA from the template, and compile every
.po to the .mo the package reads (committed: a wheel built from a clone needs no Babel;
tests/test_catalogs.py checks that each .mo is its .po compiled).

Babel (pinned in pyproject's test extra) does the work; it is imported only here.
"""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from pathlib import Path

from .common import ROOT, BuildError, log, page_modules

PACKAGE = ROOT / "py" / "iqpuzzles"
LOCALE = PACKAGE / "locale"
DOMAIN = "iqpuzzles"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
LANGUAGES = ("fr", "de", "nl", "es", "pl", "ja")
PSEUDO = "en_XA"
# core/i18n.py's functions: tr(message), ntr(singular, plural, n), ptr(context, message),
# mark(message) (a constant, translated where it is said), nmark(singular, plural)
# (the same with plural forms), pmark(context, message) (a
# word said later with ptr)
KEYWORDS = {"tr": None, "ntr": (1, 2), "ptr": ((1, "c"), 2), "mark": None,
            "nmark": (1, 2), "pmark": ((1, "c"), 2)}
# one date in every header: the files change only when their messages do
DATE = datetime(2025, 1, 1, tzinfo=UTC)
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sdr]|%[sdr]|%%")  # argparse's %s and %r too


def _babel():
    try:
        from babel.messages import catalog, extract, mofile, pofile
    except ImportError as error:
        raise BuildError("the catalogs need Babel: pip install -e '.[test]'") from error
    return catalog, extract, mofile, pofile


def extract():
    """The template: every message marked in the package's Python files."""
    catalog_mod, extract_mod, _, _ = _babel()
    template = catalog_mod.Catalog(project="iqpuzzles", version="1", domain=DOMAIN,
                                   creation_date=DATE, revision_date=DATE,
                                   msgid_bugs_address="", copyright_holder="",
                                   fuzzy=False, charset="utf-8")
    found = extract_mod.extract_from_dir(str(PACKAGE), method_map=[("**.py", "python")],
                                         keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                                         strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(f"iqpuzzles/{filename}", lineno)],
                     auto_comments=comments, context=context,
                     flags=("python-format",) if _has_placeholders(message) else ())
    extract_web(template)
    return template


def _has_placeholders(message) -> bool:
    texts = message if isinstance(message, tuple) else (message,)
    return any(PLACEHOLDER.search(text) for text in texts)


def write_changed(path: Path, data: bytes) -> None:
    """Write `data` to `path` only when it differs (a rebuild changes no file for nothing)."""
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)
        log("wrote", path.relative_to(ROOT))


def _write_po(catalog, path: Path) -> None:
    _, _, _, pofile = _babel()
    out = io.BytesIO()
    pofile.write_po(out, catalog, width=100, sort_output=True, include_lineno=False,
                    omit_header=False, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_changed(path, out.getvalue())


def read_po(path: Path, locale: str | None = None):
    _, _, _, pofile = _babel()
    with open(path, "rb") as f:
        return pofile.read_po(f, locale=locale, domain=DOMAIN)


def mo_bytes(catalog) -> bytes:
    """The .mo of a catalog (fuzzy entries left out, as msgfmt does)."""
    _, _, mofile, _ = _babel()
    out = io.BytesIO()
    mofile.write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def mo_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def update(template) -> None:
    """Merge the template into each language's .po (a new one begins empty)."""
    catalog_mod, _, _, _ = _babel()
    for language in LANGUAGES:
        path = po_path(language)
        if path.exists():
            catalog = read_po(path, language)
        else:
            catalog = catalog_mod.Catalog(locale=language, domain=DOMAIN, project="iqpuzzles",
                                          version="1", creation_date=DATE, fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.revision_date = DATE
        catalog.creation_date = DATE
        catalog.language_team = f"{language} <>"
        catalog.last_translator = "iqpuzzles"
        _write_po(catalog, path)


def pseudo(text: str) -> str:
    """A message in en_XA: bracketed "⟦…⟧", its letters accented and its length grown by
    about a third, its placeholders (%(name)s) untouched: a text left outside a catalog
    shows up plain, and room for longer languages shows up too."""
    out, last = [], 0
    for match in PLACEHOLDER.finditer(text):
        out.append(_accent(text[last:match.start()]))
        out.append(match.group())
        last = match.end()
    out.append(_accent(text[last:]))
    body = "".join(out)
    letters = len(PLACEHOLDER.sub("", text))
    return f"⟦{body}{'·' * max(1, letters // 3)}⟧"


_ACCENTS = str.maketrans("aeiouyAEIOUYcnsz", "áéíóúýÁÉÍÓÚÝçñšž")


def _accent(text: str) -> str:
    return text.translate(_ACCENTS)


def pseudo_catalog(template):
    catalog_mod, _, _, _ = _babel()
    catalog = catalog_mod.Catalog(locale="en", domain=DOMAIN, project="iqpuzzles", version="1",
                                  creation_date=DATE, revision_date=DATE, fuzzy=False)
    catalog.language_team = "en_XA <>"
    catalog.last_translator = "python build.py catalogs"
    for message in template:
        if not message.id:
            continue
        string: str | tuple[str, ...]
        if isinstance(message.id, tuple):
            string = tuple(pseudo(message.id[min(k, 1)]) for k in range(catalog.num_plurals))
        else:
            string = pseudo(message.id)
        catalog.add(message.id, string, context=message.context, flags=message.flags)
    return catalog


def compile_all() -> dict[str, int]:
    """Each .po compiled to its .mo; the .mo sizes in bytes."""
    sizes = {}
    for language in (*LANGUAGES, PSEUDO):
        data = mo_bytes(read_po(po_path(language), "en" if language == PSEUDO else language))
        write_changed(mo_path(language), data)
        sizes[language] = len(data)
    return sizes


def problems(language: str) -> list[str]:
    """What is wrong with a language's .po: untranslated or fuzzy entries, and what
    Babel's checks find (placeholders that differ from the message's, plural forms of the
    wrong number)."""
    catalog = read_po(po_path(language), "en" if language == PSEUDO else language)
    found = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy:
            found.append(f"{language}: fuzzy: {message.id!r}")
        if not all(strings):
            found.append(f"{language}: untranslated: {message.id!r}")
    for message, errors in catalog.check():
        found.extend(f"{language}: {message.id!r}: {error}" for error in errors)
    return found


def catalogs() -> dict[str, int]:
    """Extract, update, write the pseudo-language, compile; say what is left to do."""
    template = extract()
    _write_po(template, TEMPLATE)
    update(template)
    _write_po(pseudo_catalog(template), po_path(PSEUDO))
    sizes = compile_all()
    page = write_page_catalogs()
    log("page catalogs (web/locale/*.json) bytes:",
        ", ".join(f"{k} {v:,}" for k, v in page.items()))
    left = [problem for language in LANGUAGES for problem in problems(language)]
    messages = sum(1 for m in template if m.id)
    log(f"{messages} messages; .mo bytes:", ", ".join(f"{k} {v:,}" for k, v in sizes.items()))
    for problem in left[:40]:
        log(problem)
    if left:
        log(f"{len(left)} problems in the catalogs")
    return sizes


# --- the page's words (web/words/i18n.js) ------------------------------------------------------
# The page marks its messages with web/words/i18n.js's t("…", {named}), nt("singular",
# "plural", n, {named}) and pt("context", "…", {named}), in plain string literals. In the
# source a parameter is written {name}; in the catalogs, where the Python messages write
# %(name)s, it is %(name)s too (so Babel's python-format checks hold the page's
# placeholders to the message's, as the package's), and the page's JSON catalog writes it
# {name} again. A "%" in a page message with parameters is "%%" in the catalogs.
WEB = ROOT / "web"
PAGE_CATALOGS = WEB / "locale"  # web/locale/<language>.json, copied into dist/ as is
WEB_KEYWORDS = {"t": None, "nt": (1, 2), "pt": ((1, "c"), 2)}
BRACE = re.compile(r"\{([a-z_]+)\}")
NAMED = re.compile(r"%\(([a-z_]+)\)s")


def web_to_catalog(text: str) -> str:
    """A page message as the catalogs write it: {name} is %(name)s."""
    if not BRACE.search(text):
        return text
    return BRACE.sub(r"%(\1)s", text.replace("%", "%%"))


def catalog_to_web(text: str) -> str:
    """A catalog's message as the page's JSON writes it: %(name)s is {name}."""
    if not NAMED.search(text):
        return text
    return NAMED.sub(r"{\1}", text).replace("%%", "%")


def extract_web(template) -> None:
    """Add every message the page's modules (web/**/*.js) mark to the template."""
    _, extract_mod, _, _ = _babel()
    for path in page_modules(WEB):
        with open(path, "rb") as f:
            found = list(extract_mod.extract("javascript", f, keywords=WEB_KEYWORDS,
                                              comment_tags=("TRANSLATORS:",),
                                              strip_comment_tags=True))
        for lineno, message, comments, context in found:
            if isinstance(message, tuple):
                message = tuple(web_to_catalog(m) for m in message)
            else:
                message = web_to_catalog(message)
            existing = template.get(message if isinstance(message, str) else message[0], context)
            flags = ("python-format",) if _has_placeholders(message) else ()
            template.add(message, None, [*(existing.locations if existing else []),
                                         (path.relative_to(ROOT).as_posix(), lineno)],
                         auto_comments=[*(existing.auto_comments if existing else []), *comments],
                         context=context, flags=flags)


def page_ids() -> set:
    """The (context, id) of every message the page says (marked in web/)."""
    return {(m.context, m.id) for m in read_po(TEMPLATE)
            if m.id and any(f.startswith("web/") for f, _ in m.locations)}


PLURAL_SAMPLES = (*range(1001), 10 ** 6, 2 * 10 ** 6, 10 ** 9)


def plural_indices(language: str, expression: str) -> dict[str, int]:
    """CLDR's plural categories (Intl.PluralRules' names) to the index of the gettext form
    the catalog's Plural-Forms `expression` chooses for the same counts; refused when one
    category would need two forms."""
    import gettext

    from babel import Locale
    rule = Locale.parse("en" if language == PSEUDO else language).plural_form
    index = gettext.c2py(expression)
    found: dict[str, int] = {}
    for n in PLURAL_SAMPLES:
        category, form = rule(n), index(n)
        if found.setdefault(category, form) != form:
            raise BuildError(f"{language}: plural category {category!r} is form {found[category]} "
                             f"and form {form} (n = {n}): the catalog's Plural-Forms disagree "
                             "with CLDR's rules")
    return found


def page_catalog(language: str, ids: set) -> dict:
    """The page's catalog of a language: {language, plurals: {category: form index},
    messages: {message (context + "\\u0004" + message when it has one): its
    translation, or the list of its plural forms}}."""
    catalog = read_po(po_path(language), "en" if language == PSEUDO else language)
    messages: dict[str, str | list[str]] = {}
    for message in catalog:
        if not message.id or message.fuzzy or (message.context, message.id) not in ids:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        key = catalog_to_web(msgid)
        if message.context:
            key = f"{message.context}\u0004{key}"
        if isinstance(message.string, tuple):
            if all(message.string):
                messages[key] = [catalog_to_web(s) for s in message.string]
        elif message.string:
            messages[key] = catalog_to_web(message.string)
    return {"language": language.replace("_", "-"),
            "plurals": plural_indices(language, catalog.plural_expr),
            "messages": dict(sorted(messages.items()))}


def page_catalog_path(language: str) -> Path:
    return PAGE_CATALOGS / f"{language.replace('_', '-')}.json"


def page_catalog_bytes(language: str, ids: set) -> bytes:
    import json
    return (json.dumps(page_catalog(language, ids), ensure_ascii=False, separators=(",", ":"))
            + "\n").encode()


def write_page_catalogs() -> dict[str, int]:
    """web/locale/<language>.json for every language (the page fetches its own); their
    sizes in bytes."""
    ids = page_ids()
    sizes = {}
    PAGE_CATALOGS.mkdir(exist_ok=True)
    for language in (*LANGUAGES, PSEUDO):
        data = page_catalog_bytes(language, ids)
        write_changed(page_catalog_path(language), data)
        sizes[language] = len(data)
    return sizes


def add_worker_catalogs(stage: Path) -> None:
    """dist/locale/<language>.mo: the package's catalog of each language, which the
    engine's worker fetches when the player chooses that language (the site's wheel
    leaves them out: a first visit downloads none)."""
    import shutil
    (stage / "locale").mkdir(exist_ok=True)
    for language in (*LANGUAGES, PSEUDO):
        shutil.copyfile(mo_path(language),
                        stage / "locale" / f"{language.replace('_', '-')}.mo")
