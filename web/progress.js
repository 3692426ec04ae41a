// Progress records of one game (kept in localStorage by store.js): the wins of the
// booklet's and of new challenges, and the games in progress, the one shown last first.

import { LIMITS, LOG_MAX, gameKey } from "./saved.js";

const GENERATED_KEEP = 200; // records of generated/custom challenges kept per game

/** Where the wins of an entry are kept: the booklet's, the daily ones' (by date) or the
 *  new ones'. */
export function recordsOf(record, entry) {
  if (entry?.kind === "daily") return record.daily;
  return entry?.kind === "booklet" ? record.solved : record.generated;
}

/** The key of an entry's win in recordsOf: a daily's date, else the entry's key. */
export function winKey(entry) {
  return entry.kind === "daily" ? entry.date : entry.key;
}

/** Whether a win record is the player's own (not only with Solve's help). */
export function isWon(win) {
  return Boolean(win) && !win.helped;
}

/** Note a win of `entry` (`placement`: the solved position): `counts` when it was played
 *  from the start without Solve; `helped` when Solve was used. Its time is a best time only if it counts and no hint was
 *  taken. True if it is a new best time. */
export function recordWin(record, entry, { elapsed, hints, helped, counts, placement = null }) {
  const records = recordsOf(record, entry);
  const key = winKey(entry);
  const old = records[key];
  const at = new Date().toISOString();
  const time = Math.min(Math.round(elapsed), LIMITS.time);
  hints = Math.min(hints, LIMITS.count);
  // the solved position, for the picker's picture of it (the latest win's)
  const solution = typeof placement === "string" && placement.length <= LIMITS.text ? { placement } : {};
  if (helped && !counts) {
    if (!isWon(old)) records[key] = { best: old?.best ?? null, hints, at, helped: true, ...solution };
    return false;
  }
  // a time is fair (a best time, a stats time) only from the start and without hints;
  // the win card and the stats page read the same rule
  const fair = counts && hints === 0;
  record.log = [...record.log, { level: entry.level, time, hints, fair, at }].slice(-LOG_MAX);
  const best = fair && (old?.best == null || time < old.best);
  records[key] = { best: best ? time : old?.best ?? null, hints, at, helped: false, ...solution };
  return best;
}

/** The saved game in progress of a challenge (by its entry's key), or null. */
export function findGame(record, key) {
  return [record.current, ...record.others].find((g) => g && gameKey(g) === key) ?? null;
}

/** A game in progress, as it is saved (saved.js's savedGame). */
export function gameOf(entry, { history, index, elapsed, hints, helped, fromStart, solved, given = [], won = null }) {
  const booklet = entry.kind === "booklet";
  return {
    kind: entry.kind, challenge: entry.id, seed: entry.seed ?? null, ...(entry.kind === "daily" ? { date: entry.date } : {}),
    level: booklet ? null : entry.level, puzzle: booklet ? null : entry.challenge,
    history, index, placement: history[index],
    elapsed: Math.min(Math.round(elapsed), LIMITS.time), hints: Math.min(hints, LIMITS.count),
    helped, fromStart, solved, given: given.slice(0, LIMITS.pieces), won,
  };
}

/** Keep `game` as the game shown; the one before joins the others (latest first). */
export function keepGame(record, game) {
  const key = gameKey(game);
  const rest = [record.current, ...record.others].filter((g) => g && gameKey(g) !== key);
  record.current = game;
  record.others = rest.slice(0, LIMITS.games);
  const kept = Object.entries(record.generated);
  if (kept.length > GENERATED_KEEP) {
    kept.sort((a, b) => String(b[1].at).localeCompare(String(a[1].at)));
    record.generated = Object.fromEntries(kept.slice(0, GENERATED_KEEP));
  }
}

/** Forget a saved game (after store.js set the record's text aside). */
export function dropGame(record, key) {
  if (record.current && gameKey(record.current) === key) record.current = null;
  record.others = record.others.filter((g) => gameKey(g) !== key);
}
