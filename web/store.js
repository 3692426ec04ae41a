// Progress in localStorage (one record per game) and the position in the URL hash.
//
// Hash:   #game=twist&challenge=<id>&placed=<placement string>      a booklet challenge
//         #game=twist&seed=<n>&level=<level>&placed=...               a generated one
//         #game=twist&custom=<challenge string>&placed=...            one from the editor
// Record: iqpuzzles.v1.<game> = {solved: {<id>: {best, hints, at}},   the booklet only
//                                generated: {<key>: {best, hints, at}}, new and custom ones
//                                current: {challenge, placement, history, index, elapsed,
//                                          kind, seed, level, puzzle}, draft}
// (a generated or custom challenge's key is "seed:<level>:<seed>" or "custom:<string>")
// Nothing read back is trusted: a broken record is reported and replaced, never a crash.

const PREFIX = "iqpuzzles.v1.";
const LAST_GAME = PREFIX + "game";
const SNAPSHOT = PREFIX + "snapshot";

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: play on without saving
  }
}

function readJson(key) {
  const raw = storage()?.getItem(key);
  if (raw === null || raw === undefined) return { value: null, broken: false };
  try {
    return { value: JSON.parse(raw), broken: false };
  } catch {
    return { value: null, broken: true };
  }
}

function writeJson(key, value) {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    /* full or disabled: not fatal */
  }
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isString = (v) => typeof v === "string";

/** The progress record of a game: {record, problem}. `problem` is a sentence when the
 *  stored record could not be used (it is then reset to what could be kept). */
export function loadRecord(game) {
  const { value, broken } = readJson(PREFIX + game);
  const record = { solved: {}, generated: {}, current: null, draft: null };
  if (broken) return { record, problem: "Your saved progress could not be read, so this game starts afresh." };
  if (value === null) return { record, problem: null };
  let problem = null;
  if (!isObject(value)) return { record, problem: "Your saved progress was damaged, so this game starts afresh." };
  for (const part of ["solved", "generated"]) {
    if (isObject(value[part])) {
      for (const [id, entry] of Object.entries(value[part])) {
        if (isObject(entry)) {
          record[part][id] = {
            best: Number.isFinite(entry.best) && entry.best >= 0 ? entry.best : null,
            hints: Number.isFinite(entry.hints) ? entry.hints : 0,
            at: isString(entry.at) ? entry.at : null,
          };
        }
      }
    } else if (value[part] !== undefined) {
      problem = "Part of your saved progress was damaged and has been reset.";
    }
  }
  if (isString(value.draft)) record.draft = value.draft;
  if (value.current !== undefined && value.current !== null) {
    const c = value.current;
    if (isObject(c) && isString(c.challenge) && isString(c.placement)) {
      const history = Array.isArray(c.history) && c.history.every(isString) && c.history.length ? c.history : [c.placement];
      const index = Number.isInteger(c.index) && c.index >= 0 && c.index < history.length ? c.index : history.length - 1;
      record.current = {
        challenge: c.challenge,
        placement: c.placement,
        history,
        index,
        elapsed: Number.isFinite(c.elapsed) && c.elapsed >= 0 ? c.elapsed : 0,
        hints: Number.isFinite(c.hints) ? c.hints : 0,
        helped: Boolean(c.helped),
        kind: ["generated", "custom"].includes(c.kind) ? c.kind : "booklet",
        seed: isString(c.seed) ? c.seed : null,
        level: isString(c.level) ? c.level : null,
        puzzle: isString(c.puzzle) ? c.puzzle : null,
      };
      if (record.current.kind !== "booklet" && record.current.puzzle === null) record.current = null;
    } else {
      problem = "Your saved game was damaged, so it starts afresh.";
    }
  }
  return { record, problem };
}

export function saveRecord(game, record) {
  writeJson(PREFIX + game, record);
}

export function lastGame() {
  const name = storage()?.getItem(LAST_GAME);
  return isString(name) ? name : null;
}

export function saveLastGame(name) {
  try {
    storage()?.setItem(LAST_GAME, name);
  } catch {
    /* not fatal */
  }
}

/** The last drawn board, drawn at once on the next visit while Python starts. */
export function loadSnapshot() {
  const { value } = readJson(SNAPSHOT);
  if (!isObject(value) || !isString(value.game) || !isObject(value.view) || !Array.isArray(value.view.shapes)) return null;
  return value;
}

export function saveSnapshot(snapshot) {
  writeJson(SNAPSHOT, snapshot);
}

// ---------------------------------------------------------------- the URL hash

/** {game, challenge, placed} from location.hash (missing keys are null). A hash that is
 *  not ours at all gives {problem}. */
export function readHash(hash = window.location.hash) {
  const text = (hash || "").replace(/^#/, "");
  const out = { game: null, challenge: null, placed: null, seed: null, level: null, custom: null, problem: null, empty: !text };
  if (!text) return out;
  let params;
  try {
    params = new URLSearchParams(text);
  } catch {
    return { ...out, problem: "The address could not be read." };
  }
  const known = ["game", "challenge", "placed", "seed", "level", "custom"];
  for (const key of known) {
    const value = params.get(key);
    if (value !== null) out[key] = value;
  }
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
    } else {
      params.set("challenge", entry.id);
    }
  } else if (entry !== null && entry !== undefined) params.set("challenge", entry);
  if (placed !== null && placed !== undefined) params.set("placed", placed);
  return "#" + params.toString();
}

/** Replace the hash without adding a history entry or firing our hashchange handler. */
export function writeHash(hash) {
  if (window.location.hash === hash) return;
  try {
    history.replaceState(history.state, "", hash);
  } catch {
    /* file:// or sandboxed: the position just is not in the address */
  }
}
