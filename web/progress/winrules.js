// The rules of a win, in one place (issue 52): whether a win took help, whether its time
// counts, whether it is a best time, what is stored of it and what a stored win says (the
// player's own or not, its time where it counts, how well it was solved). Pure functions
// of plain data, no storage and no words: played.js makes a win with them, record.js
// stores what they decide, the stats (tally.js), the dailies (dailies.js), the picker's
// marks (howwell.js, picker.js) and the win card read them.
//
// A win as it happens is {elapsed (ms on the clock), hints, solve (Solve was used),
// byHints (every piece the player put down was shown by a hint), fromStart (played from
// the challenge's start in this browser: only then is its time the player's own)}.
// A stored win is {best (the best fair time, or null), hints, at, helped, solve?, time?
// (this win's own time, where it counts) or untimed?, placement?}.

/** @typedef {{elapsed: number, hints: number, solve: boolean, byHints?: boolean, fromStart: boolean}} Win */

/** The win of a game solved now: `mine`, the pieces the player put down; `given`, those a
 *  hint's top rung showed as they lie. Every piece of the player's from a hint is a win by
 *  hints (unless Solve was used: that says more). @returns {Win} */
export function winNow({ elapsed, hints, solve, fromStart, mine, given }) {
  const byHints = mine.size > 0 && [...mine].every((id) => given.has(id));
  return { elapsed, hints, solve, byHints: !solve && byHints, fromStart };
}

/** Whether a win took help: Solve, or every piece from a hint (not the player's own). @param {Win} win @returns {boolean} */
export function withHelp(win) {
  return Boolean(win.solve || win.byHints);
}

/** Whether a win's time counts (played from the start, without help). @param {Win} win @returns {boolean} */
export function counts(win) {
  return win.fromStart && !withHelp(win);
}

/** Whether a win's time is fair: it counts and no hint was taken (a best time, a time the
 *  stats measure). @param {Win} win @returns {boolean} */
export function isFair(win) {
  return counts(win) && win.hints === 0;
}

/** Whether a stored win is the player's own (not only with help). @returns {boolean} */
export function isWon(stored) {
  return Boolean(stored) && !stored.helped;
}

/** The stored win after `win` (a Win, its time and hints already within the limits), the
 *  old stored one being `old`: {stored (null: nothing changes, a win with help after an
 *  own one), best (whether its time is a new best), log (the stats' entry, or null)}.
 *  `at`: when; `level`: the challenge's; `solution`: {placement} of the solved position
 *  or {}. A win with help never takes an own win's place; a fair time below the old best
 *  is the new best (as stored, whichever tab won before). */
export function storedWin(old, win, { at, level, solution = {} }) {
  const time = win.elapsed;
  if (withHelp(win)) {
    if (isWon(old)) return { stored: null, best: false, log: null };
    return { stored: { best: old?.best ?? null, hints: win.hints, at, helped: true, ...(win.solve ? { solve: true } : {}), ...solution }, best: false, log: null };
  }
  const fair = isFair(win);
  const best = fair && (old?.best == null || time < old.best);
  // this win's own time where it counts, else that it has none (a best time kept from
  // before is not this win's): a daily's result says it, hints or not
  const own = counts(win) ? { time } : { untimed: true };
  return {
    stored: { best: best ? time : old?.best ?? null, hints: win.hints, at, helped: false, ...own, ...solution },
    best,
    log: { level, time, hints: win.hints, fair, at },
  };
}

/** A stored daily win's time where it counts (the player's own, played from the start),
 *  else null. (A win recorded before its time was kept says its best, a fair time.) */
export function winTime(stored) {
  return isWon(stored) && !stored.untimed ? stored.time ?? stored.best ?? null : null;
}

/** How a stored win was won, as the picker marks it: "clean" (a fair time: from the
 *  start, no hint, no help), "hints" (own, with hints), "solved" (own, not timed: not from
 *  the start), "help" (Solve, or every piece from a hint), or null (not won). */
export function howWon(stored) {
  if (!stored) return null;
  if (!isWon(stored)) return "help";
  if (stored.best != null) return "clean";
  return Number.isInteger(stored.hints) && stored.hints > 0 ? "hints" : "solved";
}
