// The position in the URL hash: a position is a link.
//
// Hash:   #game=twist&challenge=<id>&placed=<placement string>      a booklet challenge
//         #game=twist&seed=<n>&level=<level>&placed=...               a generated one
//         #game=twist&custom=<challenge string>&placed=...            one from the editor
//         #game=twist&daily=2026-11-23&placed=...                     the daily challenge
//         #carry=<version>.<data>        progress from another device (carry.js), no position

import { LIMITS } from "./saved.js";
import { t } from "../words/i18n.js";

const HASH_MAX = 4 * LIMITS.text;
const CARRY = "carry"; // (carry.js's PARAM: that module loads only for such a link)
/** Where a challenge may come from in an address, the first of them winning when it
 *  names several: a daily, a generated one (seed), a custom one, the booklet's. */
export const SOURCES = ["daily", "seed", "custom", "challenge"];

/** {game, challenge, placed, seed, level, custom} from location.hash (missing keys are
 *  null). A hash that is not ours at all, or too long to be, gives {problem}. */
export function readHash(hash = window.location.hash) {
  const text = (hash || "").replace(/^#/, "");
  const out = { game: null, challenge: null, placed: null, seed: null, level: null, custom: null, daily: null, carry: null, problem: null, empty: !text, twice: [], sources: [], unknown: [] };
  if (!text) return out;
  // progress carried from another device: a link of its own (carry.js reads it), longer
  // than a game's may be
  if (text.startsWith(`${CARRY}=`)) return { ...out, carry: text.slice(CARRY.length + 1) };
  if (text.length > HASH_MAX) return { ...out, problem: t("The address is too long to be a link to a game.") };
  let params;
  try {
    params = new URLSearchParams(text);
  } catch {
    return { ...out, problem: t("The address could not be read.") };
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
  if (!known.some((k) => params.has(k))) out.problem = t("The address does not describe a game.");
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
