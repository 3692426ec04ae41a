"""Issue 40, the page: its words are in the package's catalogs (web/words/i18n.js's t/nt/pt,
extracted by `python build.py catalogs` with the Python messages: tests/test_catalogs.py
checks them all translated and Babel's checks passed), and each language's page catalog
(web/locale/<lang>.json) is what the catalogs make; the page's choice of plural form
(Intl.PluralRules' category, mapped by the build) is the catalog's own (its gettext
Plural-Forms) for every count 0..1000 in every language."""

from __future__ import annotations

import gettext
import json
import re
import shutil
import subprocess
from pathlib import Path

from buildtools import catalogs
from buildtools.common import page_modules

ROOT = Path(__file__).resolve().parents[1]
COUNTS = 1001


def test_each_page_catalog_is_what_the_catalogs_make():
    """python build.py catalogs was run after the last change: every language's JSON is
    its .po's page messages (a {name} parameter in the page, %(name)s in the .po)."""
    ids = catalogs.page_ids()
    assert ids, "the page marks no message"
    for language in (*catalogs.LANGUAGES, catalogs.PSEUDO):
        path = catalogs.page_catalog_path(language)
        assert path.read_bytes() == catalogs.page_catalog_bytes(language, ids), language
        data = json.loads(path.read_bytes())
        # every page message is there, in every form the language has
        po = catalogs.read_po(catalogs.po_path(language),
                              "en" if language == catalogs.PSEUDO else language)
        assert len(data["messages"]) == len(ids), language
        for key, text in data["messages"].items():
            assert "%(" not in str(text), (language, key)
            if isinstance(text, list):
                assert len(text) == po.num_plurals, (language, key)


def test_no_message_is_marked_where_the_extractor_cannot_see_it():
    """Babel's JavaScript extractor reads t("…") in code, not inside a template literal's
    ${…}: a call there would show its English in every language."""
    hidden = [(path.name, line) for path in page_modules()
              for line in path.read_text().splitlines()
              if re.search(r"\$\{[^}`]*\b(n|p)?t\(", line)]
    assert hidden == []


def test_every_marked_call_of_the_page_is_in_the_catalogs():
    """Each t("…") and nt("…", …) written in web/ is a message of the template, located in
    its file: none was missed by the extractor (a call inside another's arguments, or in a
    template literal, is: its words would stay English in every language)."""
    template = catalogs.read_po(catalogs.TEMPLATE)
    located = {(f, m.id[0] if isinstance(m.id, tuple) else m.id)
               for m in template for f, _ in m.locations}
    missed = []
    for path in page_modules():
        if path.name == "i18n.js":
            continue  # (the functions themselves: its comments show calls)
        for message in re.findall(r"(?<![\w.$])n?t\(\s*\"((?:[^\"\\]|\\.)*)\"", path.read_text()):
            text = json.loads(f'"{message}"')
            if (path.relative_to(ROOT).as_posix(), catalogs.web_to_catalog(text)) not in located:
                missed.append((path.name, text))
    assert missed == []


def test_placeholders_are_written_one_way_in_the_page_and_the_other_in_the_catalogs():
    for page, catalog in [("{n} day", "%(n)s day"), ("100% {title}", "100%% %(title)s"),
                          ("100%", "100%"), ("{Not} a {name}", "{Not} a %(name)s")]:
        assert catalogs.web_to_catalog(page) == catalog
        assert catalogs.catalog_to_web(catalog) == page


def test_the_pages_plural_form_is_the_catalogs_for_every_count():
    expected = {}
    for language in (*catalogs.LANGUAGES, catalogs.PSEUDO):
        po = catalogs.read_po(catalogs.po_path(language),
                              "en" if language == catalogs.PSEUDO else language)
        index = gettext.c2py(po.plural_expr)
        expected[language.replace("_", "-")] = [index(n) for n in range(COUNTS)]
    # the forms are not all alike: the test can fail (Polish has three, all used)
    assert set(expected["pl"]) == {0, 1, 2} and set(expected["ja"]) == {0}
    script = ROOT / "tests" / "page_plurals.mjs"
    out = subprocess.run([shutil.which("node") or "node", str(script), json.dumps(expected)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    assert json.loads(out.stdout) == dict.fromkeys(expected)


# catalogs as a host or a hand might break them: their plural forms not a map of whole
# numbers, or their forms not texts
BROKEN_CATALOGS = [
    {"language": "fr", "plurals": None, "messages": {"{n} day": ["{n} jour", "{n} jours"]}},
    {"language": "fr", "plurals": [0, 1], "messages": {"{n} day": ["{n} jour", "{n} jours"]}},
    {"language": "fr", "plurals": {"one": "x", "other": -1},
     "messages": {"{n} day": ["{n} jour", "{n} jours"]}},
    {"language": "fr", "plurals": {"one": 0, "other": 1}, "messages": {"{n} day": [1, None]}},
    {"language": "fr", "plurals": {"one": 0, "other": 5}, "messages": {"{n} day": []}},
]


def test_a_malformed_catalog_never_stops_the_page():
    """Refused, or read with English's forms where its own are not texts: every count
    still gets words (a plural form that threw stopped Today, Stats and Export)."""
    script = ROOT / "tests" / "catalog_broken.mjs"
    out = subprocess.run([shutil.which("node") or "node", str(script), json.dumps(BROKEN_CATALOGS)],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    found = json.loads(out.stdout.splitlines()[-1])
    # the first two are not catalogs at all: the page stays in English
    assert [f["spoken"] for f in found] == ["en", "en", "fr", "fr", "fr"]
    for each in found:
        assert "error" not in each, each
        assert each["words"][0] in ("1 day", "1 jour") and each["words"][1] in ("2 days", "2 jours")
    assert found[2]["words"] == ["1 day", "2 days"]  # (form indexes not counts: English's)
    assert found[3]["words"] == ["1 day", "2 days"]
