// The positions a fair game held. A game played from its start by this player keeps a
// bounded record of every position it has held (`reached`), those its history no longer
// holds too (a step taken back and played otherwise, a position of the other tab's), so
// that an address of its own, however the player comes back to it (Back, Forward, a
// reload, a tab that is behind, the address typed again or taken from the browser's
// history), goes on as the player's own game; a position it never held (a link someone
// shared) does not (resume.js), and one an earlier game of the challenge held is that
// game's, over now, not this one's. Pure.
//
// A mark is a position as one game held it: the game's `begun` stamp (which game of the
// challenge: one begun afresh after a win does not take an earlier game's positions as
// its own, with its own clock) and a hash of the placement string; 20 letters and digits,
// the stamp first. A record is a list of marks sorted newest game first, each once, at
// most LIMITS.reached of them (an earlier game's go before the game's own): two records
// join as one (progress.js: two tabs' games of one challenge) the same whatever the order.

import { LIMITS, MARK_PATTERN } from "./saved.js";

/** A 53-bit hash of a text (cyrb53). */
function hash53(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const STAMP = 9; // a mark's first letters: the game's stamp; the rest: the position's hash

/** The mark of `placement` held by the game begun at `begun` (ms since 1970). @param {number} begun @param {string} placement @returns {string} */
export function markOf(begun, placement) {
  return begun.toString(36).padStart(STAMP, "0") + hash53(placement).toString(36).padStart(20 - STAMP, "0");
}

/** Records of marks as one: each mark once, the newest game's first, the first
 *  LIMITS.reached kept (a join: commutative, associative, idempotent). @param {...string[]} records @returns {string[]} */
export function joinReached(...records) {
  const marks = [...new Set(records.flat())].filter((m) => MARK_PATTERN.test(m));
  return marks.sort().reverse().slice(0, LIMITS.reached);
}

/** `reached` with the positions `placements` of the game begun at `begun`. @param {string[]} reached @param {number} begun @param {string[]} placements @returns {string[]} */
export function withPositions(reached, begun, placements) {
  return joinReached(reached, placements.map((p) => markOf(begun, p)));
}

/** Whether the game begun at `begun` held `placement` (by its record `reached`). @param {string[]} reached @param {number} begun @param {string} placement @returns {boolean} */
export function held(reached, begun, placement) {
  return reached.includes(markOf(begun, placement));
}

/** Whether an earlier game of the challenge, not the one begun at `begun`, held
 *  `placement` (its marks are kept in the record with the game's own: reached). @param {string[]} reached @param {number} begun @param {string} placement @returns {boolean} */
export function heldBefore(reached, begun, placement) {
  const mark = markOf(begun, placement);
  return reached.some((m) => m !== mark && m.slice(STAMP) === mark.slice(STAMP));
}
