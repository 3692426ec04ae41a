// Storage: progress in localStorage (one record per game); the position in the URL hash is
// address.js's (re-exported here).
//
// Keys (storageKeys() lists them all):
//   iqpuzzles.v1.<game>     {solved: {<id>: {best, hints, at, helped, placement,   the booklet's wins
//                                           time | untimed}},  (the latest win's own time, record.js)
//                            generated: {<key>: {...}},                  new and custom ones
//                            daily: {<YYYY-MM-DD>: {...}},               daily wins (streaks)
//                            log: [{level, time, hints, fair, at}],      every win (stats)
//                            current: <game moved last>, others: [<game in progress>],
//                            draft: <the editor's draft>}
//                           Written only as read, merged, written (record.js, progress.js):
//                           another tab's wins are never written over.
//   iqpuzzles.v1.game       the name of the game played last
//   iqpuzzles.v1.snapshot   the last board drawn, drawn at once on the next visit
//   iqpuzzles.v1.settings   {notation, solvable, hideClock, theme: "auto" | "light" | "dark",
//                           vibrate}: show the games' notation, say when stuck, hide the
//                           clock, the theme, feel a long press
//   iqpuzzles.v1.language   the language the player chose ("fr"); none: the browser's
//   iqpuzzles.v1.learned    [<game>]: the games whose first lesson was played or skipped
//   iqpuzzles.v1.walks      {<game>: {<level>: {start, step}}}: where each level's walk
//                           through its pool of new challenges goes on (walks.js)
//   <key>.corrupt, <key>.corrupt.2 ... .5   the raw text of a value that could not be read,
//                           set aside (the export carries them; the stats page brings a
//                           game's back)
// A game in progress is saved.js's savedGame: {kind, challenge | seed, level, puzzle,
// history, index, placement, elapsed, hints, helped, given, fromStart, solved, movedAt, won,
// begun, reached}.
//
// Nothing read back is trusted: saved.js validates every value. A value that is not sound
// is set aside, its raw text copied to <key>.corrupt, and only once that copy is written is
// the value itself cleaned (what could be kept written back); with no room for the copy it
// is left as it was. A sentence for the player waits in takeNotices(). A write that fails
// (storage full, or turned off) is never silent: `onTrouble` hears of it.

import * as saved from "./saved.js";
import { t } from "../words/i18n.js";

const PREFIX = "iqpuzzles.v1.";
export const KEYS = {
  lastGame: PREFIX + "game",
  snapshot: PREFIX + "snapshot",
  settings: PREFIX + "settings",
  learned: PREFIX + "learned",
  walks: PREFIX + "walks",
  language: PREFIX + "language",
  record: (game) => PREFIX + game,
};
export const CORRUPT = ".corrupt";
const OPENED = PREFIX + "opened"; // (sessionStorage: the site was opened in this tab)
const PROBE = "iqpuzzles-probe"; // written and removed at once: whether storage takes a value
const CORRUPT_SLOTS = 5; // <key>.corrupt, <key>.corrupt.2 ... .5 (the last one is reused)

/** Every key the page reads, for the games named. */
export function storageKeys(games) {
  return [KEYS.lastGame, KEYS.snapshot, KEYS.settings, KEYS.learned, KEYS.walks, KEYS.language,
    ...games.map(KEYS.record)];
}

/** Whether `key` is one of the page's (a value or a set-aside copy of one). */
export const ours = (key) => typeof key === "string" && key.startsWith(PREFIX);

/** The slots of `key`'s set-aside copies, in order. */
export const copySlots = (key) => Array.from({ length: CORRUPT_SLOTS }, (_, i) => key + CORRUPT + (i ? `.${i + 1}` : ""));

/** The key a set-aside copy's slot is of (null: not a copy's slot). */
export const copyOf = (slot) => (ours(slot) && slot.includes(CORRUPT) ? slot.slice(0, slot.indexOf(CORRUPT)) : null);

const notices = []; // each a function that says it: read early (boot.js), said in the
// language the page speaks when it is said

/** The sentences about stored values set aside since the last call (for the player). */
export function takeNotices() {
  return [...new Set(notices.splice(0).map((say) => say()))];
}

function notice(say) {
  if (!notices.includes(say)) notices.push(say);
}

// ---------------------------------------------------------------- raw values

const listeners = new Set();

/** Hear of every write that failed: `listener(why)`, why "full" (no room left) or
 *  "blocked" (the browser keeps no site data). */
export function onTrouble(listener) {
  listeners.add(listener);
}

function trouble(why) {
  for (const listener of listeners) listener(why);
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (site data off): play on without saving
  }
}

/** Whether the browser lets the page store anything: "ok", "full" (a value cannot be
 *  written: no room) or "blocked" (no storage at all: site data is turned off). */
export function storageState() {
  const box = storage();
  if (!box) return "blocked";
  try {
    box.setItem(PROBE, "1"); // (a key of no page's: other tabs pay it no heed)
    box.removeItem(PROBE);
    return "ok";
  } catch (e) {
    return isFull(e) ? "full" : "blocked";
  }
}

const isFull = (e) => e?.name === "QuotaExceededError" || e?.code === 22 || e?.name === "NS_ERROR_DOM_QUOTA_REACHED";

export function getRaw(key) {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

let frozen = false;

/** Write nothing more (an import replaced the stored values and the page reloads). */
export function freeze() {
  frozen = true;
}

/** Write a raw value; whether it was written. A failure is heard (`said`: progress, not a
 *  nicety like the snapshot); with no room left, the snapshot (the last board's picture)
 *  makes room for it first. */
export function setRaw(key, text, { said = true } = {}) {
  if (frozen) return false;
  const box = storage();
  if (!box) {
    if (said) trouble("blocked");
    return false;
  }
  for (const retry of [false, true]) {
    try {
      box.setItem(key, text);
      return true;
    } catch (e) {
      if (!isFull(e)) {
        if (said) trouble("blocked");
        return false;
      }
      if (retry || key === KEYS.snapshot || getRaw(KEYS.snapshot) === null) break;
      removeRaw(KEYS.snapshot);
    }
  }
  if (said) trouble("full");
  return false;
}

export function removeRaw(key) {
  if (frozen) return;
  try { storage()?.removeItem(key); } catch { /* not fatal */ }
}

/** Every key of the page's that is stored (values and set-aside copies), sorted. */
export function storedKeys() {
  const box = storage();
  const keys = [];
  try {
    for (let i = 0; i < (box?.length ?? 0); i++) if (ours(box.key(i))) keys.push(box.key(i));
  } catch { /* none readable */ }
  return keys.sort();
}

/** Copy the raw text of `key` to its first free .corrupt slot (one holding the same text
 *  counts as free); the key itself is left for the caller. Whether the copy is stored. */
export function setAside(key, raw = getRaw(key)) {
  if (raw === null) return true;
  const slots = copySlots(key);
  const slot = slots.find((s) => getRaw(s) === null || getRaw(s) === raw) ?? slots[slots.length - 1];
  return getRaw(slot) === raw || setRaw(slot, raw, { said: false });
}

/** The set-aside copies of the page's keys: [{slot, of (the key), raw}]. */
export function copies() {
  return storedKeys().filter((k) => copyOf(k) !== null).map((slot) => ({ slot, of: copyOf(slot), raw: getRaw(slot) }));
}

// Keys whose damaged value is left as it is: there was no room for its copy, so nothing
// may be written over it until there is (the page plays on from what could be read).
const held = new Set();

/** Whether `key` may be written: not a damaged value without its copy (its copy is tried
 *  again first). */
function free(key) {
  if (!held.has(key)) return true;
  if (!setAside(key)) {
    trouble("full");
    return false;
  }
  held.delete(key);
  return true;
}

/** The damaged value of `key` whose copy could not be written, if any (the export carries it). */
export function heldRaw(key) {
  return held.has(key) ? getRaw(key) : null;
}

const UNSET_ASIDE = () => t("Some of your saved progress could not be read, and storage is too full to set it aside, so it is left as it was. Export your progress to keep it.");

/** Read `key`, validate it with `check(value) -> {value, problems}`. A broken value is set
 *  aside and the clean value written back; `say` says the player's sentence for it
 *  (`say(problems)`). */
function readChecked(key, check, say, { json = true } = {}) {
  const raw = getRaw(key);
  if (raw === null) return { value: null, problems: [] };
  let result;
  try {
    result = check(json ? JSON.parse(raw) : raw);
  } catch {
    result = { value: null, problems: ["not JSON"] };
  }
  if (!result.problems.length) return result;
  if (!setAside(key, raw)) {
    held.add(key); // no room for its copy: the damaged value stays, and is said to
    notice(UNSET_ASIDE);
    return result;
  }
  held.delete(key);
  if (result.value === null) removeRaw(key);
  else setRaw(key, json ? JSON.stringify(result.value) : result.value);
  notice(() => say(result.problems));
  return result;
}

function writeJson(key, value, options) {
  return free(key) && setRaw(key, JSON.stringify(value), options);
}

// ---------------------------------------------------------------- records

/** The progress record of a game (saved.js's gameRecord), always usable. */
export function loadRecord(game) {
  const { value } = readChecked(KEYS.record(game), saved.gameRecord, (problems) =>
    problems.some((p) => /^(not JSON|record)/.test(p))
      ? t("Your saved progress could not be read, so it was set aside and you start afresh.")
      : problems.every((p) => /^(current|others)/.test(p))
        ? t("Your saved game could not be read, so it was set aside and you start afresh.")
        : t("Part of your saved progress could not be read, so it was set aside."));
  return value ?? saved.emptyRecord();
}

/** The record of a game as stored, read without a side effect: null when it is missing
 *  or broken (its game's own opening sets it aside and says so). */
export function peekRecord(game) {
  const raw = getRaw(KEYS.record(game));
  if (raw === null) return saved.emptyRecord();
  try {
    const { value, problems } = saved.gameRecord(JSON.parse(raw));
    return problems.length ? null : value;
  } catch {
    return null;
  }
}

/** Whether this is the first opening of the site in this tab (a reload is not), noted now. */
export function firstOpening() {
  try {
    if (window.sessionStorage.getItem(OPENED)) return false;
    window.sessionStorage.setItem(OPENED, "yes");
  } catch { /* no session storage: every opening is a first */ }
  return true;
}

/** Store a game's record: exactly what loading it would keep (saved.js's gameRecord), so
 *  the page never stores what it would then refuse. Whether it was stored. (Only record.js
 *  calls this, with the stored record merged in.) */
export function saveRecord(game, record) {
  const { value, problems } = saved.gameRecord(JSON.parse(JSON.stringify(record)));
  if (problems.length) console.error("a record was saved without what loading refuses:", problems);
  return writeJson(KEYS.record(game), value);
}

/** A saved game Python could not load: keep the record's text aside (whether it was kept;
 *  if not, the caller leaves the game as it is). */
export function setAsideRecord(game) {
  return setAside(KEYS.record(game));
}

/** The game played last, if it is one of `names`. */
export function lastGame(names) {
  return readChecked(KEYS.lastGame, (v) => saved.lastGame(v, names),
    () => t("The game you played last could not be found, so here is the first one."), { json: false }).value;
}

export function saveLastGame(name) {
  if (free(KEYS.lastGame)) setRaw(KEYS.lastGame, name, { said: false });
}

/** The language the player chose, or null (none: the browser's is spoken); one the page
 *  does not speak is set aside, as any unreadable value, and said. */
export function loadLanguage() {
  return readChecked(KEYS.language, saved.language,
    () => t("Your choice of language could not be read, so the page speaks your browser's."), { json: false }).value;
}

/** Store the language chosen (null: the browser's, from now on); a failed write is heard
 *  (onTrouble), as any: the page speaks it in this tab all the same. */
export function saveLanguage(code) {
  if (!free(KEYS.language)) return; // (a damaged value with no room for its copy stays)
  if (code === null) removeRaw(KEYS.language);
  else setRaw(KEYS.language, code);
}

/** The player's settings (saved.js's settings), always usable. */
export function loadSettings() {
  return readChecked(KEYS.settings, saved.settings,
    () => t("Your settings could not be read, so they were set aside.")).value ?? { ...saved.DEFAULT_SETTINGS };
}

/** Change one setting as stored (read, changed, written: another tab's change to another
 *  setting stays); the settings as they are now. */
export function saveSetting(name, value) {
  const settings = { ...loadSettings(), [name]: value };
  writeJson(KEYS.settings, settings);
  return settings;
}

/** The games whose first lesson was played or skipped (saved.js's learned). */
export function loadLearned(names = null) {
  return readChecked(KEYS.learned, (v) => saved.learned(v, names),
    () => t("Which games you have learned could not be read, so that was set aside.")).value ?? [];
}

/** Note that the first lesson of `game` was played or skipped: it is not offered again. */
export function saveLearned(game) {
  const learned = loadLearned();
  if (!learned.includes(game)) writeJson(KEYS.learned, [...learned, game].slice(-saved.LIMITS.games));
}

/** Where the walks through the pools of new challenges go on (walks.js): what cannot be
 *  used is set aside like any other stored value (losing a walk costs at worst a
 *  challenge seen again, never progress). */
export function loadWalks() {
  return readChecked(KEYS.walks, saved.walks,
    () => t("Where your new challenges go on could not be read, so that was set aside.")).value ?? {};
}

export function saveWalks(walks) {
  writeJson(KEYS.walks, walks);
}

/** The last drawn board, drawn at once on the next visit while Python starts. */
export function loadSnapshot() {
  return readChecked(KEYS.snapshot, saved.snapshot,
    () => t("The picture of your last board could not be read, so it was set aside.")).value;
}

export function saveSnapshot(snapshot) {
  writeJson(KEYS.snapshot, snapshot, { said: false }); // a nicety: its loss is not said
}

// The URL hash's part of storage (a position is a link): address.js.
export { SOURCES, readHash, hashFor, writeHash, ownEntry } from "./address.js";
