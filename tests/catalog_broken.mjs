// A language's catalog that came malformed (run by tests/test_page_catalogs.py): for each
// catalog of argv's JSON list, served as locale/fr.json, prints the language then spoken
// and what nt() wrote for 1 and 2, or the error it threw.
import { choose, nt } from "../web/words/i18n.js";

const broken = JSON.parse(process.argv[2]);
const found = [];
for (const catalog of broken) {
  globalThis.fetch = async () => new Response(JSON.stringify(catalog), { status: 200 });
  await choose("en");
  const spoken = await choose("fr");
  try {
    found.push({ spoken, words: [1, 2].map((n) => nt("{n} day", "{n} days", n)) });
  } catch (e) {
    found.push({ spoken, error: String(e) });
  }
}
console.log(JSON.stringify(found));
