"""Issue 54, item 3: the reviewers' record of each language (docs/translation-review/
<lang>.tsv: message, translation, back-translation, verdict) is of the catalog as it is:
every message of the template once, its translation the catalog's, a back-translation
and a verdict on each row, and a note wherever the verdict is not "ok"."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from buildtools import catalogs

ROOT = Path(__file__).resolve().parents[1]
TABLES = ROOT / "docs" / "translation-review"
COLUMNS = ["context", "msgid", "msgstr", "back_translation", "verdict", "note"]
VERDICTS = {"ok", "fixed-wrong", "fixed-awkward", "awkward-kept", "code"}
LANGUAGES = sorted(path.stem for path in TABLES.glob("*.tsv"))


def unescape(field: str) -> str:
    """A field as written in the table: tabs, newlines and backslashes escaped."""
    out, k = [], 0
    while k < len(field):
        if field[k] == "\\" and k + 1 < len(field):
            out.append({"t": "\t", "n": "\n", "\\": "\\"}.get(field[k + 1], field[k:k + 2]))
            k += 2
        else:
            out.append(field[k])
            k += 1
    return "".join(out)


def rows(language: str) -> list[dict[str, str]]:
    with (TABLES / f"{language}.tsv").open(encoding="utf-8", newline="") as table:
        reader = csv.reader(table, delimiter="\t", quoting=csv.QUOTE_NONE)
        header = next(reader)
        assert header == COLUMNS, header
        return [dict(zip(COLUMNS, map(unescape, row), strict=True)) for row in reader]


def joined(value: str | tuple[str, ...]) -> str:
    return " | ".join(value) if isinstance(value, tuple) else value


def key(context: str | None, msgid: str | tuple[str, ...]) -> tuple[str, str]:
    return (context or "", joined(msgid))


def test_every_language_but_english_has_its_record():
    assert set(LANGUAGES) >= {"de", "nl", "pl", "ja"}, LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_record_is_of_the_catalog_as_it_is(language):
    catalog = catalogs.read_po(catalogs.po_path(language), language)
    wanted = {key(m.context, m.id): joined(m.string) for m in catalog if m.id}
    table = rows(language)
    seen = [key(row["context"], row["msgid"]) for row in table]
    twice = {k for k in seen if seen.count(k) > 1}
    assert not twice, f"listed more than once: {sorted(twice)[:5]}"
    missing = wanted.keys() - set(seen)
    extra = set(seen) - wanted.keys()
    assert not missing, f"{len(missing)} messages have no row: {sorted(missing)[:5]}"
    assert not extra, f"{len(extra)} rows are of no message: {sorted(extra)[:5]}"
    stale = [(row["msgid"], row["msgstr"], wanted[key(row["context"], row["msgid"])])
             for row in table if row["msgstr"] != wanted[key(row["context"], row["msgid"])]]
    assert not stale, f"{len(stale)} rows differ from the catalog: {stale[:3]}"
    unread = [row["msgid"] for row in table if not row["back_translation"].strip()
              or row["verdict"] not in VERDICTS]
    assert not unread, f"{len(unread)} rows without a back-translation or verdict: {unread[:5]}"
    unsaid = [row["msgid"] for row in table if row["verdict"] != "ok" and not row["note"].strip()]
    assert not unsaid, f"{len(unsaid)} verdicts without a note: {unsaid[:5]}"


def test_the_escapes_read_back():
    assert unescape(r"a\tb\nc\\d") == "a\tb\nc\\d"
    assert joined(("one", "many")) == "one | many"
