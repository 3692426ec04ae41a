// The page's plural forms against the catalogs' (run by tests/test_page_catalogs.py).
// argv: a JSON {language: [the gettext form index of n for n = 0..N-1, by the catalog's
// Plural-Forms]}. For each language, its page catalog (web/locale/<lang>.json) and
// web/words/i18n.js's pluralIndex with Intl.PluralRules choose a form for each n; prints
// {language: [the first n where they differ, or null]}.
import { readFileSync } from "node:fs";
import { pluralIndex } from "../web/words/i18n.js";

const expected = JSON.parse(process.argv[2]);
const found = {};
for (const [language, forms] of Object.entries(expected)) {
  const catalog = JSON.parse(readFileSync(new URL(`../web/locale/${language}.json`, import.meta.url)));
  const rules = new Intl.PluralRules(language === "en-XA" ? "en" : language);
  const wrong = forms.findIndex((form, n) => pluralIndex(catalog, rules, n) !== form);
  found[language] = wrong < 0 ? null : wrong;
}
console.log(JSON.stringify(found));
