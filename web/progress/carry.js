// Progress carried to another device without an account: what the player earned, in a
// compact, versioned encoding that fits in a link and (most often) in one QR code. Pure
// functions, no page and no words: carrydialog.js draws the link, arrival.js merges one
// that is opened (with progress.js's merge) and says in words what came over or why not.
//
// What travels (and nothing else: no game in progress, no log of wins, no solved picture,
// no date of a win): per game the booklet's wins, the new and own challenges' wins and the
// dailies' wins, each with how it was won (with help or Solve, hints taken) and its best
// and own time; and the settings.
//
//   link      <the page's address>#carry=<VERSION>.<data>
//   data      base64url (no padding) of deflate-raw(payload ‖ crc32(VERSION, payload))
//   payload   settings: flags (varint: SETTING_FLAGS' bits), theme (index in THEMES)
//             games: count, then per game: name (text), booklet wins, own wins, dailies
//   wins      count, then column after column: each key (booklet, own: text, in order;
//             daily: days after the one before, the first after 0001-01-01), each win's
//             flags (WIN_FLAGS), best time (s), own time (s, unless it is the best), hints
//   varint    7 bits a byte, low first; text: its UTF-8 length as a varint, then it
//
// decode() trusts nothing: a link that is not one, from another version, damaged or cut
// short (the checksum), too large (before or after inflating), with numbers out of range,
// a game or challenge the page does not know, or any other shape, is a CarryError of its
// kind, and nothing of it is used.

import { LIMITS, THEMES, DEFAULT_SETTINGS, isDate } from "./saved.js";

export const VERSION = 1;
export const PARAM = "carry";
const LINK_MAX = 40_000;      // characters of a link's data (far more than a QR code holds)
const PAYLOAD_MAX = 1 << 20;  // bytes inflated: a bigger one is a bomb, not progress
const GAMES_MAX = LIMITS.games;
const SETTING_FLAGS = ["notation", "solvable", "hideClock", "vibrate"];
const WIN_FLAGS = { helped: 1, solve: 2, best: 4, time: 8, timeIsBest: 16, untimed: 32 };
const WIN_BITS = 63;
const DAY_MS = 86_400_000;
const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]); // keys no record has (saved.js)
const BOOKLET_ID = /^[0-9A-Za-z_-]{1,64}$/;
// a new challenge's key (seed:<level>:<seed>) or an own one's (custom:<challenge string>)
const OWN_KEY = /^(?:seed:[A-Za-z]{1,64}:[0-9A-Za-z_-]{1,32}|custom:[^\s<>&"'`\\]{0,2000})$/u;

/** Why a link was refused: `kind` is one of KINDS; `detail` for "version": "newer" or "older". */
export class CarryError extends Error {
  constructor(kind, detail = null) {
    super(`carry: ${kind}${detail ? ` (${detail})` : ""}`);
    this.kind = kind;
    this.detail = detail;
  }
}
/** address: not a link to progress; version: another version's; damaged: its checksum or
 *  its compression is broken (cut short, a character changed); size: too large; number:
 *  a number out of range; game, challenge: one the page does not know; shape: anything
 *  else the encoding does not allow. */
export const KINDS = ["address", "version", "damaged", "size", "number", "game", "challenge", "shape"];

// ---------------------------------------------------------------- what travels

// Times travel to the second, as the page shows them (dom.js's formatTime): a best time
// merged on the other device shows as the best of the two showed.
const SECOND = 1000;
const toSecond = (ms) => (ms === null || ms === undefined ? null : Math.floor(ms / SECOND) * SECOND);

/** One win as it travels: {best, hints, at: null, helped, time?, untimed?, solve?} (as
 *  saved.js keeps it, without the date and the solved position). */
function carriedWin(win) {
  const out = { best: toSecond(win.best), hints: win.hints ?? 0, at: null, helped: Boolean(win.helped) };
  if (win.time !== undefined && win.time !== null) out.time = toSecond(win.time);
  if (win.untimed) out.untimed = true;
  if (win.solve) out.solve = true;
  return out;
}

const sortedKeys = (table) => Object.keys(table).sort();
const carriedTable = (table) => Object.fromEntries(sortedKeys(table).map((k) => [k, carriedWin(table[k])]));

/** What a link holds of progress ({settings, games: {name: {solved, generated, daily}}},
 *  e.g. of saved.js's records): exactly what decode(encode(p)) gives back. */
export function carried(progress) {
  const settings = { ...DEFAULT_SETTINGS, ...progress.settings };
  return {
    settings: Object.fromEntries([...SETTING_FLAGS.map((k) => [k, Boolean(settings[k])]), ["theme", settings.theme]]),
    games: Object.fromEntries(Object.keys(progress.games).sort().map((name) => {
      const g = progress.games[name];
      return [name, { solved: carriedTable(g.solved ?? {}), generated: carriedTable(g.generated ?? {}), daily: carriedTable(g.daily ?? {}) }];
    })),
  };
}

/** The progress a link carries of the page's records ({name: saved.js's gameRecord}) and
 *  settings: the games with a win only. */
export function progressOf(records, settings) {
  const games = {};
  for (const [name, r] of Object.entries(records)) {
    if (r && [r.solved, r.generated, r.daily].some((t) => Object.keys(t).length)) games[name] = r;
  }
  return carried({ settings, games });
}

// ---------------------------------------------------------------- bytes

class Writer {
  constructor() {
    this.bytes = [];
  }

  uint(n) {
    for (; n >= 128; n = Math.floor(n / 128)) this.bytes.push((n % 128) | 128);
    this.bytes.push(n);
  }

  text(s) {
    const bytes = new TextEncoder().encode(s);
    this.uint(bytes.length);
    this.bytes.push(...bytes);
  }
}

class Reader {
  constructor(bytes) {
    this.bytes = bytes;
    this.at = 0;
  }

  /** A varint no larger than `max` (a longer or larger one: "number"). */
  uint(max) {
    let n = 0;
    for (let scale = 1; ; scale *= 128) {
      if (this.at >= this.bytes.length) throw new CarryError("shape");
      const b = this.bytes[this.at++];
      n += (b & 127) * scale;
      if (n > max || scale > 2 ** 42) throw new CarryError("number");
      if (!(b & 128)) return n;
    }
  }

  text(max) {
    const length = this.uint(4 * max);
    if (this.at + length > this.bytes.length) throw new CarryError("shape");
    let s;
    try {
      s = new TextDecoder("utf-8", { fatal: true }).decode(this.bytes.subarray(this.at, this.at + length));
    } catch {
      throw new CarryError("shape");
    }
    this.at += length;
    return s;
  }
}

// a daily's date as a number of days: the first day of the year 1 is 0
const EPOCH = Date.parse("0001-01-01T00:00:00Z") / DAY_MS;
const dayOf = (date) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS - EPOCH);
const dateOf = (day) => new Date((day + EPOCH) * DAY_MS).toISOString().slice(0, 10);

/** A win's flags (WIN_FLAGS). */
function flagsOf(win) {
  const timeIsBest = win.time !== undefined && win.time === win.best;
  return (win.helped ? WIN_FLAGS.helped : 0) | (win.solve ? WIN_FLAGS.solve : 0) | (win.best !== null ? WIN_FLAGS.best : 0)
    | (win.time !== undefined && !timeIsBest ? WIN_FLAGS.time : 0) | (timeIsBest ? WIN_FLAGS.timeIsBest : 0) | (win.untimed ? WIN_FLAGS.untimed : 0);
}

/** A table of carried wins, column after column (alike values side by side deflate best):
 *  the keys, the flags, the best times, the other own times, the hints. */
function writeWins(w, table, daily) {
  const keys = sortedKeys(table); // (dates sort as days do)
  const wins = keys.map((k) => table[k]);
  w.uint(keys.length);
  let day = 0;
  for (const key of keys) {
    if (!daily) w.text(key);
    else {
      w.uint(dayOf(key) - day);
      day = dayOf(key);
    }
  }
  const flags = wins.map(flagsOf);
  for (const f of flags) w.uint(f);
  wins.forEach((win, i) => flags[i] & WIN_FLAGS.best && w.uint(win.best / SECOND));
  wins.forEach((win, i) => flags[i] & WIN_FLAGS.time && w.uint(win.time / SECOND));
  for (const win of wins) w.uint(win.hints);
}

/** The wins of one table; `readKey()` reads a key (or a day) and checks it. */
function readWins(r, readKey) {
  const count = r.uint(LIMITS.records);
  const keys = [];
  for (let i = 0; i < count; i++) {
    const key = readKey();
    if (FORBIDDEN.has(key)) throw new CarryError("challenge");
    if (keys.length && key <= keys[keys.length - 1]) throw new CarryError("shape"); // each once, in order
    keys.push(key);
  }
  const flags = keys.map(() => r.uint(WIN_BITS));
  if (flags.some((f) => (f & WIN_FLAGS.time && f & WIN_FLAGS.timeIsBest) || (f & WIN_FLAGS.timeIsBest && !(f & WIN_FLAGS.best)))) throw new CarryError("shape");
  const seconds = LIMITS.time / SECOND;
  const bests = flags.map((f) => (f & WIN_FLAGS.best ? r.uint(seconds) * SECOND : null));
  const times = flags.map((f, i) => (f & WIN_FLAGS.time ? r.uint(seconds) * SECOND : f & WIN_FLAGS.timeIsBest ? bests[i] : null));
  const table = {};
  keys.forEach((key, i) => {
    const f = flags[i];
    table[key] = carriedWin({ best: bests[i], hints: r.uint(LIMITS.count), helped: Boolean(f & WIN_FLAGS.helped), time: times[i], untimed: Boolean(f & WIN_FLAGS.untimed), solve: Boolean(f & WIN_FLAGS.solve) });
  });
  return table;
}

/** The payload of carried progress (carried()'s shape). */
export function pack(progress) {
  const p = carried(progress);
  const w = new Writer();
  w.uint(SETTING_FLAGS.reduce((bits, k, i) => bits | (p.settings[k] ? 1 << i : 0), 0));
  w.uint(Math.max(0, THEMES.indexOf(p.settings.theme)));
  const names = Object.keys(p.games);
  w.uint(names.length);
  for (const name of names) {
    w.text(name);
    writeWins(w, p.games[name].solved, false);
    writeWins(w, p.games[name].generated, false);
    writeWins(w, p.games[name].daily, true);
  }
  return Uint8Array.from(w.bytes);
}

/** Carried progress from a payload; `known`: {game: booklet ids (a Set), or null: any}
 *  (null: any game). */
export function unpack(bytes, known = null) {
  const r = new Reader(bytes);
  const bits = r.uint(2 ** SETTING_FLAGS.length - 1);
  const theme = THEMES[r.uint(THEMES.length - 1)];
  const settings = Object.fromEntries([...SETTING_FLAGS.map((k, i) => [k, Boolean(bits & (1 << i))]), ["theme", theme]]);
  const count = r.uint(GAMES_MAX);
  const games = {};
  let last = "";
  for (let i = 0; i < count; i++) {
    const name = r.text(LIMITS.id);
    if (!/^[a-z][a-z0-9_-]{0,31}$/.test(name) || (known && !Object.hasOwn(known, name))) throw new CarryError("game");
    if (name <= last) throw new CarryError("shape"); // each game once, in order
    last = name;
    const ids = known?.[name] ?? null;
    const solved = readWins(r, () => {
      const id = r.text(LIMITS.id);
      if (!BOOKLET_ID.test(id) || (ids && !ids.has(id))) throw new CarryError("challenge");
      return id;
    });
    const generated = readWins(r, () => {
      const key = r.text(LIMITS.text);
      if (!OWN_KEY.test(key)) throw new CarryError("challenge");
      return key;
    });
    let day = 0;
    const daily = readWins(r, () => {
      day += r.uint(4_000_000); // (days: up to the year 9999)
      const date = dateOf(day);
      if (!isDate(date)) throw new CarryError("number");
      return date;
    });
    games[name] = { solved, generated, daily };
  }
  if (r.at !== bytes.length) throw new CarryError("shape");
  return { settings, games };
}

// ---------------------------------------------------------------- the checksum, the link

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (as zip's) of the version's byte, then the payload: a link's checksum. */
export function checksum(version, payload) {
  let c = CRC_TABLE[(0xffffffff ^ version) & 255] ^ (0xffffffff >>> 8);
  for (const b of payload) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function through(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

/** Inflate at most PAYLOAD_MAX bytes ("size" past that; "damaged" when it cannot). */
async function inflate(bytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const parts = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > PAYLOAD_MAX) {
        reader.cancel().catch(() => {});
        throw new CarryError("size");
      }
      parts.push(value);
    }
  } catch (e) {
    if (e instanceof CarryError) throw e;
    throw new CarryError("damaged");
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function base64url(bytes) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new CarryError("damaged");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A payload sealed for a link: its data (deflated, with its checksum), `version` as the
 *  link says it (tests seal other versions' and hostile payloads). */
export async function seal(payload, version = VERSION) {
  const sum = checksum(version & 255, payload);
  const body = new Uint8Array(payload.length + 4);
  body.set(payload);
  new DataView(body.buffer).setUint32(payload.length, sum);
  return `${version}.${base64url(await through(body, new CompressionStream("deflate-raw")))}`;
}

/** The value of a link's carry parameter (`#carry=...` in an address, or the value
 *  itself), for VERSION. */
export async function encode(progress) {
  return seal(pack(progress));
}

/** The carry parameter's value in an address or its hash (null: none). */
export function carryParam(address) {
  const match = /(?:^|[#&?])carry=([^&#]*)/.exec(String(address ?? ""));
  return match ? match[1] : null;
}

/** The page's address `base` with progress to carry: the link to share. */
export async function linkTo(base, progress) {
  const url = new URL(base);
  url.hash = `${PARAM}=${await encode(progress)}`;
  url.search = "";
  return url.href;
}

/** The progress a carry parameter's value holds (carried()'s shape), or a CarryError;
 *  `known` as unpack's. */
export async function decode(value, known = null) {
  if (typeof value !== "string") throw new CarryError("address");
  const match = /^([0-9]{1,6})\.(.*)$/s.exec(value);
  if (!match) throw new CarryError("address");
  const version = Number(match[1]);
  if (version !== VERSION) throw new CarryError("version", version > VERSION ? "newer" : "older");
  if (match[2].length > LINK_MAX) throw new CarryError("size");
  const body = await inflate(unbase64url(match[2]));
  if (body.length < 4) throw new CarryError("damaged");
  const payload = body.subarray(0, body.length - 4);
  const sum = new DataView(body.buffer, body.byteOffset).getUint32(body.length - 4);
  if (sum !== checksum(VERSION, payload)) throw new CarryError("damaged");
  return unpack(payload, known);
}
