// Your progress is yours: every stored value (store.js's keys, the walks and the set-aside
// copies of unreadable values included) as one versioned JSON file to download, and the
// same file read back. An import checks every value with saved.js's validators first and
// changes nothing unless all of them are sound; then it writes only what the validators
// rebuilt (no key they do not know, nothing else the file carried), merged with what is
// stored: the wins, best times, dailies and log of a game are a union (progress.js: the
// import adds, and takes nothing away, in this tab or any other); the file's games in
// progress are stamped as moved now (the player's say), so they are the ones kept; its
// settings, last game and walks replace these; the games learned are a union; its copies
// are set aside again. A set-aside copy of a game's progress can be brought back (merged
// in) from the stats page.

import * as store from "./store.js";
import * as saved from "./saved.js";
import { Record } from "./record.js";
import { gamesOf, mergeRecords } from "./progress.js";
import { t } from "../words/i18n.js";

export const FORMAT = "iqpuzzles-progress";
export const VERSION = 1;
const FILE_MAX = 5_000_000; // bytes: far more than a real progress file
const COPY_MAX = 1_000_000; // characters of one set-aside copy

/** @typedef {{check: (v: any) => {value: any, problems: string[]}, json: boolean, damaged: () => string, game?: string}} Validator */

/** The validator of each stored key, by what the key holds; `json`: stored as JSON text. */
function validators(games) {
  const names = games.map((g) => g.name);
  const table = new Map(/** @type {[string, Validator][]} */ ([
    [store.KEYS.lastGame, { check: (v) => saved.lastGame(v, names), json: false, damaged: () => t("In that file, the game played last is damaged, so nothing was changed.") }],
    [store.KEYS.snapshot, { check: saved.snapshot, json: true, damaged: () => t("In that file, the picture of the last board is damaged, so nothing was changed.") }],
    [store.KEYS.settings, { check: saved.settings, json: true, damaged: () => t("In that file, the settings are damaged, so nothing was changed.") }],
    [store.KEYS.learned, { check: (v) => saved.learned(v, names), json: true, damaged: () => t("In that file, the games learned are damaged, so nothing was changed.") }],
    [store.KEYS.walks, { check: saved.walks, json: true, damaged: () => t("In that file, where your new challenges go on is damaged, so nothing was changed.") }],
    [store.KEYS.language, { check: saved.language, json: false, damaged: () => t("In that file, the language chosen is damaged, so nothing was changed.") }],
  ]));
  for (const g of games) table.set(store.KEYS.record(g.name), { check: saved.gameRecord, json: true, game: g.name,
    damaged: () => t("In that file, {title} progress is damaged, so nothing was changed.", { title: g.title }) });
  return table;
}

/** A set-aside copy's slot of one of `table`'s keys (its raw text is any text). */
const isCopy = (key, table) => store.copyOf(key) !== null && table.has(store.copyOf(key)) && store.copySlots(store.copyOf(key)).includes(key);

/** The document of every stored value: {format, version, exported, values: {key: value}}:
 *  each value as stored, a game's record with what this tab knows of it merged in
 *  (`records`: {name: Record}; a win storage had no room for is in the file), a set-aside
 *  copy as its raw text, and a damaged value with no room for its copy as such a copy. */
export function exportDocument(games, records = {}) {
  const table = validators(games);
  const values = {};
  for (const key of store.storedKeys()) {
    const spec = table.get(key);
    const raw = store.getRaw(key);
    if (isCopy(key, table)) values[key] = raw;
    if (!spec || raw === null) continue;
    const held = store.heldRaw(key);
    if (held !== null) values[freeSlot(key, values)] = held;
    try {
      const clean = spec.check(spec.json ? JSON.parse(raw) : raw);
      if (!clean.problems.length || held !== null) values[key] = clean.value;
    } catch { /* not JSON: it is set aside as the page reads it */ }
  }
  for (const g of games) {
    const key = store.KEYS.record(g.name);
    const mine = records[g.name];
    if (mine) values[key] = values[key] ? mergeRecords(values[key], mine.data) : mine.data;
  }
  return { format: FORMAT, version: VERSION, exported: new Date().toISOString(), values };
}

/** A slot for a copy of `key` that neither storage nor `values` holds (else the last). */
function freeSlot(key, values) {
  const slots = store.copySlots(key);
  return slots.find((slot) => !(slot in values) && store.getRaw(slot) === null) ?? slots[slots.length - 1];
}

/** Download the document as iqpuzzles-progress-YYYY-MM-DD.json. */
export function download(games, date, records = {}) {
  const text = JSON.stringify(exportDocument(games, records), null, 1);
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: `iqpuzzles-progress-${date}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Check an imported file's text: {values: Map(key -> clean value, or a copy's text)} or
 *  {problem}, a sentence for the player. Every value must be sound: nothing is half
 *  imported; what is kept of each is what its validator rebuilt. */
export function checkImport(text, games) {
  const notOurs = { problem: t("That file is not an IQ Puzzles progress file, so nothing was changed.") };
  if (typeof text !== "string" || text.length > FILE_MAX) return notOurs;
  let doc;
  try {
    doc = JSON.parse(text);
  } catch {
    return notOurs;
  }
  if (!doc || typeof doc !== "object" || doc.format !== FORMAT || !doc.values || typeof doc.values !== "object" || Array.isArray(doc.values)) return notOurs;
  if (doc.version !== VERSION) return { problem: t("That progress file is from another version of IQ Puzzles, so nothing was changed.") };
  const table = validators(games);
  const values = new Map();
  for (const [key, value] of Object.entries(doc.values)) {
    if (isCopy(key, table)) {
      if (typeof value !== "string" || value.length > COPY_MAX) return { problem: t("In that file, a copy of progress set aside is damaged, so nothing was changed.") };
      values.set(key, value);
      continue;
    }
    const spec = table.get(key);
    if (!spec) return { problem: t("That progress file holds something this page does not know, so nothing was changed.") };
    const { value: clean, problems } = spec.check(value);
    if (problems.length || (!spec.json && typeof value !== "string")) {
      return { problem: spec.damaged() };
    }
    values.set(key, clean);
  }
  if (!values.size) return { problem: t("That progress file is empty, so nothing was changed.") };
  return { values };
}

/** Stamp a file's games in progress as moved now, in their order (the first the game shown
 *  last): importing them is the player's say, so they are kept over the ones here. */
function stampedNow(record, now) {
  const games = gamesOf(record).map((g, i, all) => ({ ...g, movedAt: now + all.length - i }));
  return { ...record, current: games[0] ?? null, others: games.slice(1) };
}

/** What the checked values come to, merged with what is stored now: key -> text to write
 *  (null: nothing to write). */
function merged(values, games, now) {
  const out = new Map();
  const names = new Map(games.map((g) => [store.KEYS.record(g.name), g.name]));
  for (const [key, value] of values) {
    if (names.has(key)) {
      const stored = store.loadRecord(names.get(key));
      const record = mergeRecords(stampedNow(value, now), stored);
      out.set(key, JSON.stringify(saved.gameRecord({ ...record, draft: value.draft ?? stored.draft }).value));
    } else if (key === store.KEYS.learned) {
      out.set(key, JSON.stringify([...new Set([...store.loadLearned(), ...value])].slice(-saved.LIMITS.games)));
    } else if (key === store.KEYS.walks) {
      out.set(key, JSON.stringify({ ...store.loadWalks(), ...value }));
    } else if (key === store.KEYS.snapshot) {
      continue; // a picture of a board: the page draws its own again
    } else if (store.copyOf(key) !== null) {
      const slots = store.copySlots(store.copyOf(key));
      if (slots.some((slot) => store.getRaw(slot) === value)) continue; // kept already
      const slot = slots.find((s) => store.getRaw(s) === null && !out.has(s));
      if (slot) out.set(slot, value);
    } else out.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return out;
}

/** Write checked values merged with what is stored (all, or none and false if storage
 *  refuses one), and stop the page writing over them before it reloads. */
export function applyImport(values, games) {
  const texts = merged(values, games, Date.now());
  const before = new Map([...texts.keys()].map((key) => [key, store.getRaw(key)]));
  for (const [key, text] of texts) {
    if (store.setRaw(key, text, { said: false })) continue;
    // storage full or refused: put back what was there, so nothing changed
    for (const [k, old] of before) {
      if (old === null) store.removeRaw(k);
      else store.setRaw(k, old, { said: false });
    }
    return false;
  }
  store.freeze();
  return true;
}

/** Run `task` holding the page's lock on progress (navigator.locks, where the browser has
 *  it: two tabs' imports, restores and carried links one after the other), or at once. */
export function locked(task) {
  return navigator.locks?.request ? navigator.locks.request("iqpuzzles.v1.progress", task) : task();
}

/** Import a progress file (a File): all of it, then the page reloads to show it (from its
 *  last game, not the address's), or nothing; the sentence that says which. */
export async function importFile(file, games) {
  let text;
  try {
    text = await file.text();
  } catch {
    return t("That file could not be read, so nothing was changed.");
  }
  const checked = checkImport(text, games);
  if (checked.problem) return checked.problem;
  if (!(await locked(() => applyImport(checked.values, games)))) return t("The browser would not store your progress, so nothing was changed.");
  history.replaceState(null, "", window.location.pathname + window.location.search);
  window.location.reload();
  return t("Progress imported. Reloading…");
}

/** The set-aside copies of the games' progress that can be brought back: [{slot, game, title}]. */
export function copiesOf(games) {
  const byKey = new Map(games.map((g) => [store.KEYS.record(g.name), g]));
  return store.copies().filter((c) => byKey.has(c.of)).map((c) => ({ slot: c.slot, game: byKey.get(c.of).name, title: byKey.get(c.of).title }));
}

/** Bring a set-aside copy of a game's progress back: what can be read of it merged into
 *  the game's record (`record`: the game shown's Record, if it is that game), then the copy
 *  removed; the sentence that says what happened. */
export function restore(slot, games, record = null) {
  return locked(() => {
    const copy = copiesOf(games).find((c) => c.slot === slot);
    const raw = copy ? store.getRaw(slot) : null;
    if (raw === null) return t("That copy is no longer there.");
    let value;
    try {
      value = saved.gameRecord(JSON.parse(raw)).value;
    } catch {
      return t("Nothing of that copy of {title} progress can be read, so it stays set aside (your export carries it).", { title: copy.title });
    }
    const target = record?.game === copy.game ? record : Record.load(copy.game);
    if (!target.update((stored) => mergeRecords(stored, { ...value, current: null, others: gamesOf(value).map((g) => ({ ...g, movedAt: 0 })) }))) {
      return t("The browser would not store it, so that copy stays set aside.");
    }
    store.removeRaw(slot);
    return t("What could be read of that copy of {title} progress is back.", { title: copy.title });
  });
}
