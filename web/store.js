// Storage: progress in localStorage (one record per game) and the position in the URL hash.
//
// Hash:   #game=twist&challenge=<id>&placed=<placement string>      a booklet challenge
//         #game=twist&seed=<n>&level=<level>&placed=...               a generated one
//         #game=twist&custom=<challenge string>&placed=...            one from the editor
//         #game=twist&daily=2026-11-23&placed=...                     the daily challenge
// Keys (storageKeys() lists them all):
//   iqpuzzles.v1.<game>     {solved: {<id>: {best, hints, at, helped, placement,   the booklet's wins
//                                           time | untimed}},  (the latest win's own time, record.js)
//                            generated: {<key>: {...}},                  new and custom ones
//                            daily: {<YYYY-MM-DD>: {...}},               daily wins (streaks)
//                            log: [{level, time, hints, fair, at}],      every win (stats)
//                            current: <game in progress>, others: [<game in progress>],
//                            draft: <the editor's draft>}
//   iqpuzzles.v1.game       the name of the game played last
//   iqpuzzles.v1.snapshot   the last board drawn, drawn at once on the next visit
//   iqpuzzles.v1.settings   {notation, solvable, hideClock, theme: "auto" | "light" | "dark"}:
//                           show the games' notation, say when stuck, hide the clock, the theme
//   iqpuzzles.v1.learned    [<game>]: the games whose first lesson was played or skipped
//   iqpuzzles.v1.walks      {<game>: {<level>: {start, step}}}: where each level's walk
//                           through its pool of new challenges goes on (walks.js)
// A game in progress is saved.js's savedGame: {kind, challenge | seed, level, puzzle,
// history, index, placement, elapsed, hints, helped, given, fromStart, solved, won}.
//
// Nothing read back is trusted: saved.js validates every value. A value that is not sound
// is set aside, its raw text copied to <key>.corrupt (never deleted), what could be kept
// is written back, and a sentence for the player waits in takeNotices().

import * as saved from "./saved.js";

const PREFIX = "iqpuzzles.v1.";
export const KEYS = {
  lastGame: PREFIX + "game",
  snapshot: PREFIX + "snapshot",
  settings: PREFIX + "settings",
  learned: PREFIX + "learned",
  walks: PREFIX + "walks",
  record: (game) => PREFIX + game,
};
export const CORRUPT = ".corrupt";
const OPENED = PREFIX + "opened"; // (sessionStorage: the site was opened in this tab)
const CORRUPT_SLOTS = 5; // <key>.corrupt, <key>.corrupt.2 ... .5 (the last one is reused)

/** Every key the page reads, for the games named. */
export function storageKeys(games) {
  return [KEYS.lastGame, KEYS.snapshot, KEYS.settings, KEYS.learned, KEYS.walks,
    ...games.map(KEYS.record)];
}

const notices = [];

/** The sentences about stored values set aside since the last call (for the player). */
export function takeNotices() {
  return notices.splice(0);
}

function notice(text) {
  if (!notices.includes(text)) notices.push(text);
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: play on without saving
  }
}

function getRaw(key) {
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

function setRaw(key, text) {
  if (frozen) return false;
  try {
    storage()?.setItem(key, text);
    return true;
  } catch {
    return false; // full or disabled: not fatal
  }
}

/** Copy the raw text of `key` to its first free .corrupt slot (one holding the same text
 *  counts as free); the key itself is left for the caller to rewrite. */
export function setAside(key) {
  const raw = getRaw(key);
  if (raw === null) return;
  for (let i = 1; i <= CORRUPT_SLOTS; i++) {
    const slot = key + CORRUPT + (i > 1 ? `.${i}` : "");
    const there = getRaw(slot);
    if (there === null || there === raw || i === CORRUPT_SLOTS) {
      setRaw(slot, raw);
      return;
    }
  }
}

/** Read `key`, validate it with `check(value) -> {value, problems}`. A broken value is set
 *  aside and the clean value written back; `say` is the player's sentence for it. */
function readChecked(key, check, say, { json = true } = {}) {
  const raw = getRaw(key);
  if (raw === null) return { value: null, problems: [] };
  let parsed;
  try {
    parsed = json ? JSON.parse(raw) : raw;
  } catch {
    setAside(key);
    try { storage()?.removeItem(key); } catch { /* not fatal */ }
    notice(typeof say === "function" ? say(["not JSON"]) : say);
    return { value: null, problems: ["not JSON"] };
  }
  const result = check(parsed);
  if (result.problems.length) {
    setAside(key);
    if (result.value === null) {
      try { storage()?.removeItem(key); } catch { /* not fatal */ }
    } else setRaw(key, json ? JSON.stringify(result.value) : result.value);
    notice(typeof say === "function" ? say(result.problems) : say);
  }
  return result;
}

function writeJson(key, value) {
  return setRaw(key, JSON.stringify(value));
}

// ---------------------------------------------------------------- records

/** The progress record of a game (saved.js's gameRecord), always usable. */
export function loadRecord(game) {
  const { value } = readChecked(KEYS.record(game), saved.gameRecord, (problems) =>
    problems.some((p) => /^(not JSON|record)/.test(p))
      ? "Your saved progress could not be read, so it was set aside and you start afresh."
      : problems.every((p) => /^(current|others)/.test(p))
        ? "Your saved game could not be read, so it was set aside and you start afresh."
        : "Part of your saved progress could not be read, so it was set aside.");
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

/** Save a game's record: exactly what loading it would keep (saved.js's gameRecord), so
 *  the page never stores what it would then refuse. */
export function saveRecord(game, record) {
  const { value, problems } = saved.gameRecord(JSON.parse(JSON.stringify(record)));
  if (problems.length) console.error("a record was saved without what loading refuses:", problems);
  writeJson(KEYS.record(game), value);
}

/** A saved game Python could not load: keep the record's text aside, then the caller drops it. */
export function setAsideRecord(game) {
  setAside(KEYS.record(game));
}

/** The game played last, if it is one of `names`. */
export function lastGame(names) {
  return readChecked(KEYS.lastGame, (v) => saved.lastGame(v, names),
    "The game you played last could not be found, so here is the first one.", { json: false }).value;
}

export function saveLastGame(name) {
  setRaw(KEYS.lastGame, name);
}

/** The player's settings (saved.js's settings), always usable. */
export function loadSettings() {
  return readChecked(KEYS.settings, saved.settings,
    "Your settings could not be read, so they were set aside.").value ?? { ...saved.DEFAULT_SETTINGS };
}

export function saveSettings(settings) {
  writeJson(KEYS.settings, settings);
}

/** The games whose first lesson was played or skipped (saved.js's learned). */
export function loadLearned(names = null) {
  return readChecked(KEYS.learned, (v) => saved.learned(v, names),
    "Which games you have learned could not be read, so that was set aside.").value ?? [];
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
    "Where your new challenges go on could not be read, so that was set aside.").value ?? {};
}

export function saveWalks(walks) {
  writeJson(KEYS.walks, walks);
}

/** The last drawn board, drawn at once on the next visit while Python starts. */
export function loadSnapshot() {
  return readChecked(KEYS.snapshot, saved.snapshot,
    "The picture of your last board could not be read, so it was set aside.").value;
}

export function saveSnapshot(snapshot) {
  writeJson(KEYS.snapshot, snapshot);
}

// ---------------------------------------------------------------- the URL hash

const HASH_MAX = 4 * saved.LIMITS.text;
/** Where a challenge may come from in an address, the first of them winning when it
 *  names several: a daily, a generated one (seed), a custom one, the booklet's. */
export const SOURCES = ["daily", "seed", "custom", "challenge"];

/** {game, challenge, placed, seed, level, custom} from location.hash (missing keys are
 *  null). A hash that is not ours at all, or too long to be, gives {problem}. */
export function readHash(hash = window.location.hash) {
  const text = (hash || "").replace(/^#/, "");
  const out = { game: null, challenge: null, placed: null, seed: null, level: null, custom: null, daily: null, problem: null, empty: !text, twice: [], sources: [], unknown: [] };
  if (!text) return out;
  if (text.length > HASH_MAX) return { ...out, problem: "The address is too long to be a link to a game." };
  let params;
  try {
    params = new URLSearchParams(text);
  } catch {
    return { ...out, problem: "The address could not be read." };
  }
  const known = ["game", "challenge", "placed", "seed", "level", "custom", "daily"];
  out.twice = [];
  for (const key of known) {
    const values = params.getAll(key);
    if (values.length) out[key] = values[0]; // a key given twice: the first one counts
    if (values.length > 1) out.twice.push(key);
  }
  out.sources = SOURCES.filter((key) => out[key] !== null);
  out.unknown = [...new Set(params.keys())].filter((key) => !known.includes(key));
  if (!known.some((k) => params.has(k))) out.problem = "The address does not describe a game.";
  return out;
}

/** The hash of a position: `entry` is a booklet challenge id, or {kind, seed, level, challenge}. */
export function hashFor(game, entry, placed) {
  const params = new URLSearchParams();
  params.set("game", game);
  if (entry && typeof entry === "object") {
    if (entry.kind === "generated") {
      params.set("seed", entry.seed);
      params.set("level", entry.level);
    } else if (entry.kind === "custom") {
      params.set("custom", entry.challenge);
    } else if (entry.kind === "daily") {
      params.set("daily", entry.date);
    } else {
      params.set("challenge", entry.id);
    }
  } else if (entry !== null && entry !== undefined) params.set("challenge", entry);
  if (placed !== null && placed !== undefined) params.set("placed", placed);
  return "#" + params.toString();
}

// The page's own entries in the browser's history carry this state: one that has none was
// made by the player (an address typed, a link followed), one that has it is stepped
// back or forward to (navigation.js tells them apart).
const OWN_ENTRY = { iqpuzzles: true };

/** Whether the browser's current history entry is one the page wrote (writeHash). */
export function ownEntry() {
  return history.state?.iqpuzzles === true;
}

/** Set the hash without firing our hashchange handler: `push` adds a history entry (a
 *  new challenge or game, so Back returns to the one before), else it is replaced. The
 *  entry is marked as the page's own (ownEntry). */
export function writeHash(hash, push = false) {
  if (window.location.hash === hash && ownEntry()) return;
  try {
    if (push && window.location.hash !== hash) history.pushState(OWN_ENTRY, "", hash);
    else history.replaceState(OWN_ENTRY, "", hash);
  } catch {
    /* file:// or sandboxed: the position just is not in the address */
  }
}
