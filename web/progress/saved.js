// What may be stored: one validator per kind of stored value (a game's record, the game in
// progress, the last game's name, the language chosen, the settings, the snapshot, the walks through the pools
// of new challenges; a record's daily wins and its
// log of wins for the stats). Each takes what JSON.parse gave back and
// returns {value, problems}: `value` is clean (every field of the right type, every number
// finite and in range) and keeps whatever could be kept; `problems` lists what was wrong
// (empty: the stored value was sound). Pure functions: store.js reads and writes.

import { supported } from "../words/i18n.js";

/** Bounds of every stored number and string. */
export const LIMITS = {
  time: 100 * 3600 * 1000, // a time under 100 hours (ms)
  count: 10_000,           // hints of one game
  text: 2_000,             // a placement or challenge string
  id: 64,                  // a challenge id, level, seed, game name
  history: 300,            // undo steps kept per game
  reached: 600,            // positions a fair game held, kept per game (reached.js)
  begun: 36 ** 9,          // a game's start stamp (ms since 1970): 9 digits of base 36
  games: 20,               // games in progress kept per game besides the current one
  pieces: 64,              // pieces of one game (those a hint showed, kept with it)
  records: 5_000,          // solved records per game
  shapes: 5_000,           // shapes of a snapshot's board
  walkStart: 999_999,      // where a walk through a pool starts (walks.js)
  walkSteps: 1e9,          // challenges made on one walk
};

export const KINDS = ["booklet", "generated", "custom", "daily"];
const SEED_PATTERN = /^[0-9A-Za-z_-]{1,32}$/;
export const DATE_PATTERN = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/; // a daily challenge's date, ASCII digits

/** Whether `text` is a day of the calendar written YYYY-MM-DD in ASCII digits: not month
 *  13, day 0, 31 February or year 0 (the month and day name it: they must be real). @param {string} text @returns {boolean} */
export function isDate(text) {
  if (typeof text !== "string" || !DATE_PATTERN.test(text)) return false;
  const [y, m, d] = text.split("-").map(Number);
  const day = new Date(0);
  day.setUTCFullYear(y, m - 1, d); // (Date.UTC would read the years 0-99 as 1900-1999)
  return y > 0 && day.toISOString().slice(0, 10) === text;
}
export const LOG_MAX = 1_000; // wins kept per game for the stats (the oldest go first)
export const GAME_NAME = /^[a-z][a-z0-9_-]{0,31}$/;
export const MARK_PATTERN = /^[0-9a-z]{20}$/; // a position a game held (reached.js)
/** The kind of step that made each position of a saved game's history, a letter each
 *  (midend/history.js): a move, a hint's, Solve's, a restart, back to the mark. */
export const STEP_LETTERS = { move: "m", hint: "h", solve: "s", restart: "r", mark: "k" };
const STEPS_PATTERN = /^[mhsrk]+$/;

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isText = (v, max = LIMITS.text) => typeof v === "string" && v.length <= max;
const isTime = (v) => typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= LIMITS.time;
const isCount = (v) => Number.isInteger(v) && v >= 0 && v <= LIMITS.count;
const isNumber = (v) => typeof v === "number" && Number.isFinite(v) && Math.abs(v) < 1e6;
// Keys a stored object may not have: assigning them would change an object's prototype
// (JSON.parse makes them plain keys; copying them into a clean object does not).
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const forbidden = (object) => Object.keys(object).filter((k) => FORBIDDEN_KEYS.has(k));
const isBox = (v) => Array.isArray(v) && v.length === 4 && v.every((n) => typeof n === "number" && Number.isFinite(n) && Math.abs(n) < 1e6) && v[2] > 0 && v[3] > 0;

/** A field that may be absent (then `fallback`), else must pass `ok`. */
function optional(object, key, ok, fallback, problems, path) {
  const v = object[key];
  if (v === undefined || v === null) return fallback;
  if (ok(v)) return v;
  problems.push(`${path}.${key}`);
  return fallback;
}

/** The key of the challenge a saved game is of (the entry's key in source.js). @param {SavedGame} game @returns {string} */
export function gameKey(game) {
  if (game.kind === "generated") return `seed:${game.level}:${game.seed}`;
  if (game.kind === "custom") return `custom:${game.puzzle}`;
  if (game.kind === "daily") return `daily:${game.date}`;
  return game.challenge;
}

/** @typedef {{kind: string, challenge?: string, seed?: string, level?: string, puzzle?: string,
 *    date?: string, history: string[], index: number, placement: string, elapsed: number,
 *    hints: number, helped: boolean, given?: string[], fromStart: boolean, solved: boolean,
 *    movedAt?: number, won?: import("./win.js").Win | null, begun?: number, reached?: string[],
 *    mark?: string | null, steps: string}} SavedGame a game in progress, as saved (below) */
/** @typedef {{solved: object, generated: object, daily: object, log: object[],
 *    current: SavedGame | null, others: SavedGame[], draft: string | null}} GameRecord */
/** @template T @typedef {{value: T, problems: string[]}} Checked what a check keeps */

/** A game in progress: {kind, challenge | seed+level+puzzle | puzzle, history, index,
 *  placement, elapsed, hints, helped, given (the pieces a hint showed as they lie),
 *  fromStart, solved, movedAt, won (its win once won: win.js, or null), begun (when the
 *  game was begun: ms since 1970; 0: saved before games had it), reached (the positions it held
 *  while fair: reached.js), mark (the position marked, midend.js, or null), steps (the kind
 *  of step that made each position of the history, STEP_LETTERS: "mmhs")}; value null when
 *  it cannot be used. @param {any} v @param {string} [path] @returns {Checked<SavedGame | null>} */
export function savedGame(v, path = "game") {
  const problems = [];
  const fail = (why) => ({ value: null, problems: [...problems, `${path}${why}`] });
  if (!isObject(v)) return fail(": not an object");
  if (!KINDS.includes(v.kind)) return fail(".kind: unknown");
  const game = { kind: v.kind, challenge: null, seed: null, level: null, puzzle: null };
  if (v.kind === "booklet") {
    if (!isText(v.challenge, LIMITS.id) || !v.challenge) return fail(".challenge");
    game.challenge = v.challenge;
  } else {
    // a custom challenge may be "" (IQ-Twist's empty board); the others are never empty
    if (!isText(v.puzzle) || (!v.puzzle && v.kind !== "custom")) return fail(".puzzle");
    game.puzzle = v.puzzle;
    if (v.kind === "generated") {
      if (!(typeof v.seed === "string" && SEED_PATTERN.test(v.seed))) return fail(".seed");
      if (!isText(v.level, LIMITS.id) || !v.level) return fail(".level");
      game.seed = v.seed;
      game.level = v.level;
      game.challenge = `seed-${v.seed}`;
    } else if (v.kind === "daily") {
      if (!isDate(v.date)) return fail(".date");
      if (!isText(v.level, LIMITS.id) || !v.level) return fail(".level");
      game.date = v.date;
      game.level = v.level;
      game.challenge = `daily-${v.date}`;
    } else {
      game.challenge = "custom";
    }
  }
  const history = v.history;
  if (!Array.isArray(history) || !history.length || history.length > LIMITS.history
      || !history.every((p) => isText(p))) return fail(".history");
  if (!(Number.isInteger(v.index) && v.index >= 0 && v.index < history.length)) return fail(".index");
  if (v.placement !== undefined && v.placement !== history[v.index]) return fail(".placement");
  game.history = [...history];
  game.index = v.index;
  game.placement = history[v.index];
  game.elapsed = Math.round(optional(v, "elapsed", isTime, 0, problems, path));
  game.hints = optional(v, "hints", isCount, 0, problems, path);
  game.helped = optional(v, "helped", (x) => typeof x === "boolean", false, problems, path);
  const isPieces = (x) => Array.isArray(x) && x.length <= LIMITS.pieces && x.every((id) => isText(id, LIMITS.id) && id);
  game.given = [...optional(v, "given", isPieces, [], problems, path)];
  // a game saved before the flag existed: its time does not count
  game.fromStart = optional(v, "fromStart", (x) => typeof x === "boolean", false, problems, path);
  game.solved = optional(v, "solved", (x) => typeof x === "boolean", false, problems, path);
  // when the game was last moved (ms since 1970; 0: before games were stamped): of one
  // challenge's games in two tabs the one moved last is kept (progress.js)
  game.movedAt = optional(v, "movedAt", (x) => Number.isSafeInteger(x) && x >= 0, 0, problems, path);
  // a game is won once (win.js); one saved before its win was kept is won if it was saved
  // solved, as it stood then (every piece from a hint or not: not known, so not said)
  const then = { elapsed: game.elapsed, hints: game.hints, solve: game.helped, byHints: false, fromStart: game.fromStart };
  game.won = v.won === undefined ? (game.solved ? then : null)
    : optional(v, "won", isWin, null, problems, path);
  // which game of its challenge it is, and the positions it held while it was fair (its
  // own addresses: resume.js); a game saved before them holds none but its history's
  game.begun = optional(v, "begun", (x) => Number.isSafeInteger(x) && x >= 0 && x < LIMITS.begun, 0, problems, path);
  const isMarks = (x) => Array.isArray(x) && x.length <= LIMITS.reached && x.every((m) => typeof m === "string" && MARK_PATTERN.test(m));
  game.reached = [...new Set(optional(v, "reached", isMarks, [], problems, path))].sort().reverse();
  // the position the player marked to come back to (midend.js), or none
  // (a broken one is dropped, not the game)
  game.mark = isText(v.mark) ? v.mark : null;
  // the kind of each step (a game saved before they were kept, or broken ones: all moves,
  // as Undo then names them; the game stays)
  game.steps = typeof v.steps === "string" && v.steps.length === history.length && STEPS_PATTERN.test(v.steps)
    ? v.steps : "m".repeat(history.length);
  if (problems.length) return { value: null, problems };
  return { value: /** @type {SavedGame} */ (game), problems };
}

/** A game's win (win.js): {elapsed, hints, solve, byHints, fromStart}, and nothing else. */
function isWin(v) {
  const flags = ["solve", "byHints", "fromStart"];
  return isObject(v) && Object.keys(v).length === 5 && isTime(v.elapsed) && isCount(v.hints)
    && flags.every((k) => typeof v[k] === "boolean");
}

/** One solved record: {best: ms | null, hints, at, helped, solve?, placement?} (solve:
 *  the help was Solve's; placement: the solved position, which the picker draws). */
function winRecord(v, path, problems) {
  if (!isObject(v)) {
    problems.push(path);
    return null;
  }
  const win = {
    best: optional(v, "best", isTime, null, problems, path),
    hints: optional(v, "hints", isCount, 0, problems, path),
    at: optional(v, "at", (x) => isText(x, 40), null, problems, path),
    helped: optional(v, "helped", (x) => typeof x === "boolean", false, problems, path),
  };
  // the latest win's own time where it counted, or that it had none (record.js)
  const time = optional(v, "time", isTime, null, problems, path);
  const untimed = optional(v, "untimed", (x) => x === true, false, problems, path);
  const placement = optional(v, "placement", (x) => isText(x), null, problems, path);
  const solve = optional(v, "solve", (x) => typeof x === "boolean", false, problems, path);
  return {
    ...win, ...(time === null ? {} : { time }), ...(untimed ? { untimed } : {}), ...(solve ? { solve } : {}),
    ...(placement === null ? {} : { placement }),
  };
}

/** One win as the stats count it: {level, time (ms), hints, fair (from the start, no
 *  hint, no Solve: its time may be a best), at}; null when it is not sound. */
function loggedWin(v) {
  if (!isObject(v) || !isText(v.level, LIMITS.id) || !v.level || !isTime(v.time) || !isCount(v.hints)
      || typeof v.fair !== "boolean" || !isText(v.at, 40)) return null;
  return { level: v.level, time: v.time, hints: v.hints, fair: v.fair, at: v.at };
}

/** An empty record of a game. @returns {GameRecord} */
export function emptyRecord() {
  return { solved: {}, generated: {}, daily: {}, log: [], current: null, others: [], draft: null };
}

/** The record of one game: {solved, generated, current, others, draft}. What is wrong is
 *  dropped (a bad best time, a bad saved game), what is sound is kept. @param {any} v @returns {Checked<GameRecord>} */
export function gameRecord(v) {
  const record = emptyRecord();
  const problems = [];
  if (!isObject(v)) return { value: record, problems: ["record: not an object"] };
  for (const key of forbidden(v)) problems.push(`${key}: a key no record has`);
  for (const part of ["solved", "generated", "daily"]) {
    const table = v[part];
    if (table === undefined) continue;
    if (!isObject(table)) {
      problems.push(`${part}: not an object`);
      continue;
    }
    const entries = Object.entries(table);
    if (entries.length > LIMITS.records) problems.push(`${part}: too many`);
    for (const [key, entry] of entries.slice(0, LIMITS.records)) {
      if (key.length > LIMITS.text || FORBIDDEN_KEYS.has(key)
          || (part === "daily" && !isDate(key))) {
        problems.push(`${part}: key`);
        continue;
      }
      const win = winRecord(entry, `${part}.${key.slice(0, 20)}`, problems);
      if (win) record[part][key] = win;
    }
  }
  if (v.log !== undefined) {
    if (!Array.isArray(v.log)) problems.push("log: not a list");
    else {
      if (v.log.length > LOG_MAX) problems.push("log: too many");
      for (const [i, win] of v.log.slice(-LOG_MAX).entries()) {
        const clean = loggedWin(win);
        if (clean) record.log.push(clean);
        else problems.push(`log.${i}`);
      }
    }
  }
  record.draft = optional(v, "draft", (x) => isText(x), null, problems, "record");
  if (v.current !== undefined && v.current !== null) {
    const { value, problems: p } = savedGame(v.current, "current");
    record.current = value;
    problems.push(...p);
  }
  if (v.others !== undefined) {
    if (!Array.isArray(v.others)) problems.push("others: not a list");
    else {
      for (const [i, other] of v.others.slice(0, LIMITS.games).entries()) {
        const { value, problems: p } = savedGame(other, `others.${i}`);
        if (value) record.others.push(value);
        problems.push(...p);
      }
    }
  }
  return { value: record, problems };
}

/** The name of the game played last: one of `names` (when given). */
export function lastGame(v, names = null) {
  if (typeof v === "string" && GAME_NAME.test(v) && (!names || names.includes(v))) return { value: v, problems: [] };
  return { value: null, problems: ["game: not a game's name"] };
}

/** The language the player chose: one the page speaks (i18n.js's supported code). */
export function language(v) {
  const code = supported(v);
  if (code !== null && code === v) return { value: code, problems: [] };
  return { value: null, problems: ["language: not a language the page speaks"] };
}

/** The games whose first lesson was played or skipped: a list of game names (of `names`,
 *  when given), each once. A name the page does not know is dropped. */
export function learned(v, names = null) {
  if (!Array.isArray(v) || v.length > LIMITS.games) return { value: [], problems: ["learned: not a list of games"] };
  const value = [...new Set(v.filter((n) => typeof n === "string" && GAME_NAME.test(n) && (!names || names.includes(n))))];
  return { value, problems: value.length === v.length ? [] : ["learned: not a game's name"] };
}

/** The walks through the pools of new challenges ({<game>: {<level>: {start, step}}},
 *  walks.js): an unusable one is dropped (a walk is only a place to go on from: losing one
 *  costs at worst a challenge seen again, never progress). */
export function walks(v) {
  if (!isObject(v)) return { value: {}, problems: ["walks: not an object"] };
  const value = {};
  let dropped = 0;
  for (const [game, levels] of Object.entries(v)) {
    if (!GAME_NAME.test(game) || !isObject(levels)) { dropped++; continue; }
    for (const [level, walk] of Object.entries(levels)) {
      const { start, step } = isObject(walk) ? walk : {};
      if (!/^[A-Za-z]{1,20}$/.test(level) || !Number.isSafeInteger(start) || !Number.isSafeInteger(step)
          || start < 1 || start > LIMITS.walkStart || step < 0 || step > LIMITS.walkSteps) { dropped++; continue; }
      if (!Object.hasOwn(value, game)) value[game] = {};
      value[game][level] = { start, step };
      if (Object.keys(walk).length !== 2) dropped++; // kept, without what it should not hold
    }
    if (!Object.hasOwn(value, game)) dropped++; // a game with no walk left is no walk
  }
  return { value, problems: dropped ? ["walks: unusable walks"] : [] };
}

export const THEMES = ["auto", "light", "dark"];
export const DEFAULT_SETTINGS = { notation: false, solvable: false, hideClock: false, theme: "auto", vibrate: true, stuckOffered: false };

/** The player's settings: {notation (show the games' notation beside their words),
 *  solvable (say after each move when the position can no longer be finished), hideClock
 *  (no clock on the page), theme (one of THEMES), vibrate (a long press that takes and
 *  flips a piece is felt, where the device can), stuckOffered (solvable was offered once,
 *  when a hint first found the board stuck)}. */
export function settings(v) {
  const problems = [];
  if (!isObject(v)) return { value: { ...DEFAULT_SETTINGS }, problems: ["settings: not an object"] };
  const flag = (key) => optional(v, key, (x) => typeof x === "boolean", false, problems, "settings");
  return {
    value: {
      notation: flag("notation"),
      solvable: flag("solvable"),
      hideClock: flag("hideClock"),
      theme: optional(v, "theme", (x) => THEMES.includes(x), "auto", problems, "settings"),
      vibrate: optional(v, "vibrate", (x) => typeof x === "boolean", true, problems, "settings"),
      stuckOffered: flag("stuckOffered"),
    },
    problems,
  };
}

// What a drawing primitive (py/iqpuzzles/core/draw.py, drawn by render.js) may hold.
const SHAPE_KINDS = new Set(["rect", "circle", "ring", "bar", "polygon", "text", "mark"]);
const SHAPE_NUMBERS = ["x", "y", "w", "h", "rx", "cx", "cy", "r", "width", "x1", "y1", "x2", "y2",
  "size", "strokeWidth", "gap", "layer", "opacity"];
const SHAPE_SIZES = ["w", "h", "rx", "r", "width", "size", "strokeWidth", "gap"]; // never negative
const SHAPE_TEXTS = ["role", "piece", "fill", "stroke", "colour", "ink", "symbol", "text",
  "anchor", "weight", "cap"];

/** One drawing primitive as render.js draws it: a known kind, finite numbers, sizes of
 *  at least 0, short texts, a polygon's points, a ring's openings, tags as words. @param {any} v @returns {boolean} */
export function isShape(v) {
  if (!isObject(v) || !SHAPE_KINDS.has(v.kind) || forbidden(v).length) return false;
  for (const key of SHAPE_NUMBERS) {
    if (v[key] === undefined || v[key] === null) continue;
    if (!isNumber(v[key]) || (SHAPE_SIZES.includes(key) && v[key] < 0)) return false;
  }
  for (const key of SHAPE_TEXTS) {
    if (v[key] !== undefined && v[key] !== null && !isText(v[key], 200)) return false;
  }
  if (v.points !== undefined && !(Array.isArray(v.points) && v.points.length <= 200
      && v.points.every((p) => Array.isArray(p) && p.length === 2 && p.every(isNumber)))) return false;
  if (v.openings !== undefined && !(Array.isArray(v.openings) && v.openings.length <= 12
      && v.openings.every(isNumber))) return false;
  if (v.tags !== undefined && !(Array.isArray(v.tags) && v.tags.length <= 12
      && v.tags.every((t) => isText(t, 40)))) return false;
  return true;
}

/** The board drawn at once on a return visit while Python starts. */
export function snapshot(v) {
  const bad = (why) => ({ value: null, problems: [`snapshot: ${why}`] });
  if (!isObject(v)) return bad("not an object");
  if (!(typeof v.game === "string" && GAME_NAME.test(v.game))) return bad("game");
  for (const key of ["challenge", "level", "name"]) {
    if (v[key] !== undefined && v[key] !== null && !isText(v[key], 200)) return bad(key);
  }
  if (!isText(v.hash ?? "", 5 * LIMITS.text) || !isText(v.placement ?? "")) return bad("position");
  if (!isObject(v.view) || !isObject(v.view.frame) || !isBox(v.view.frame.viewBox)) return bad("view");
  const shapesOk = (shapes) => Array.isArray(shapes) && shapes.length <= LIMITS.shapes && shapes.every(isShape);
  if (!shapesOk(v.view.shapes)) return bad("shapes");
  if (v.games !== undefined && !(Array.isArray(v.games) && v.games.length <= LIMITS.games
      && v.games.every((g) => isObject(g) && typeof g.name === "string" && GAME_NAME.test(g.name) && isText(g.title, 200)))) return bad("games");
  if (v.side !== undefined && !(typeof v.side === "number" && v.side > 0 && v.side < 1e3)) return bad("side");
  if (v.tray !== undefined && !(Array.isArray(v.tray) && v.tray.length <= 50
      && v.tray.every((p) => isObject(p) && isText(p.id, LIMITS.id) && isObject(p.view) && isBox(p.view.viewBox) && shapesOk(p.view.shapes)))) return bad("tray");
  return { value: v, problems: [] };
}
