// Your progress is yours: every stored value (store.js's keys) as one versioned JSON file
// to download, and the same file read back. An import checks every value with saved.js's
// validators first and changes nothing unless all of them are sound. Also: asking the
// browser to keep the storage (navigator.storage.persist()).

import * as store from "./store.js";
import * as saved from "./saved.js";

export const FORMAT = "iqpuzzles-progress";
export const VERSION = 1;
const FILE_MAX = 5_000_000; // bytes: far more than a real progress file

/** The validator of each stored key, by what the key holds; `json`: stored as JSON text. */
function validators(games) {
  const names = games.map((g) => g.name);
  const table = new Map([
    [store.KEYS.lastGame, { check: (v) => saved.lastGame(v, names), json: false, what: "the game played last" }],
    [store.KEYS.snapshot, { check: saved.snapshot, json: true, what: "the picture of the last board" }],
    [store.KEYS.settings, { check: saved.settings, json: true, what: "the settings" }],
    [store.KEYS.learned, { check: (v) => saved.learned(v, names), json: true, what: "the games learned" }],
  ]);
  for (const g of games) table.set(store.KEYS.record(g.name), { check: saved.gameRecord, json: true, what: `${g.title} progress` });
  return table;
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The document of every stored value: {format, version, exported, values: {key: value}}. */
export function exportDocument(games) {
  const values = {};
  for (const [key, { json }] of validators(games)) {
    const raw = storage()?.getItem(key) ?? null;
    if (raw === null) continue;
    try {
      values[key] = json ? JSON.parse(raw) : raw;
    } catch {
      /* not JSON: it would be set aside on reading; nothing to keep */
    }
  }
  return { format: FORMAT, version: VERSION, exported: new Date().toISOString(), values };
}

/** Download the document as iqpuzzles-progress-YYYY-MM-DD.json. */
export function download(games, date) {
  const text = JSON.stringify(exportDocument(games), null, 1);
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: `iqpuzzles-progress-${date}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Check an imported file's text: {values} to write (key -> raw text) or {problem}, a
 *  sentence for the player. Every value must be sound: nothing is half imported. */
export function checkImport(text, games) {
  const notOurs = { problem: "That file is not an IQ Puzzles progress file, so nothing was changed." };
  if (typeof text !== "string" || text.length > FILE_MAX) return notOurs;
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    return notOurs;
  }
  if (!doc || typeof doc !== "object" || doc.format !== FORMAT || !doc.values || typeof doc.values !== "object" || Array.isArray(doc.values)) return notOurs;
  if (doc.version !== VERSION) return { problem: "That progress file is from another version of IQ Puzzles, so nothing was changed." };
  const table = validators(games);
  const values = new Map();
  for (const [key, value] of Object.entries(doc.values)) {
    const spec = table.get(key);
    if (!spec) return { problem: "That progress file holds something this page does not know, so nothing was changed." };
    const { problems } = spec.check(value);
    if (problems.length || (!spec.json && typeof value !== "string")) {
      return { problem: `In that file, ${spec.what} is damaged, so nothing was changed.` };
    }
    values.set(key, spec.json ? JSON.stringify(value) : value);
  }
  if (!values.size) return { problem: "That progress file is empty, so nothing was changed." };
  return { values };
}

/** Write checked values (all, or none and false if storage refuses one), and stop the
 *  page writing over them before it reloads. */
export function applyImport(values) {
  const box = storage();
  if (!box) return false;
  const before = new Map([...values.keys()].map((key) => [key, box.getItem(key)]));
  try {
    for (const [key, text] of values) box.setItem(key, text);
  } catch {
    // storage full or refused: put back what was there, so nothing changed
    for (const [key, text] of before) {
      try {
        if (text === null) box.removeItem(key);
        else box.setItem(key, text);
      } catch { /* nothing more to do */ }
    }
    return false;
  }
  store.freeze();
  return true;
}

/** Import a progress file (a File): all of it, then the page reloads to show it (from its
 *  last game, not the address's), or nothing; the sentence that says which. */
export async function importFile(file, games) {
  let text;
  try {
    text = await file.text();
  } catch {
    return "That file could not be read, so nothing was changed.";
  }
  const checked = checkImport(text, games);
  if (checked.problem) return checked.problem;
  if (!applyImport(checked.values)) return "The browser would not store your progress, so nothing was changed.";
  history.replaceState(null, "", window.location.pathname + window.location.search);
  window.location.reload();
  return "Progress imported. Reloading…";
}

let persistence = null;

/** Ask once for persistent storage: "granted", "refused" or "unknown" (no such API). */
export function askPersistence() {
  persistence ??= (async () => {
    const api = navigator.storage;
    if (!api?.persist) return "unknown";
    try {
      if (await api.persisted?.()) return "granted";
      return (await api.persist()) ? "granted" : "refused";
    } catch {
      return "unknown";
    }
  })();
  return persistence;
}
