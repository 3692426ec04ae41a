// Progress merged, never overwritten: two stored records of a game (saved.js's gameRecord,
// e.g. what storage holds and what a tab knows) make one that keeps everything either
// earned. Pure functions: record.js merges before every write, backup.js on an import,
// and the tests check the laws (commutative, associative, idempotent; no win lost).
//
//   wins (the booklet's, the new and own ones', the dailies')   a union by key; of one
//       challenge's two wins the player's own before one with help, then the latest; its
//       best time the smaller of the two
//   the log of wins (the stats)   a union of entries, an entry known by all its fields
//       (when, level, time, hints, fair), oldest first, the latest LOG_MAX kept
//   games in progress   per challenge, the one moved last (its `movedAt` stamp, saved.js),
//       with the positions either held while fair (reached.js: a tab behind, reloaded,
//       goes on fairly); the game shown last (`current`) is the one moved last of all
//   the editor's draft   the first record's (only the editor writes it: record.js)

import { LIMITS, LOG_MAX, gameKey } from "./saved.js";
import { joinReached } from "./reached.js";

export const GENERATED_KEEP = 200; // wins of new and own challenges kept per game (the latest)

const own = (win) => !win.helped;
/** -1, 0 or 1 as `a` sorts before, with or after `b` (texts and numbers; null first). */
function order(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return a < b ? -1 : 1;
}
const text = (value) => JSON.stringify(value);

/** The later of two values by `keys` (each a function of a value), the whole text last:
 *  the same answer whichever comes first. */
function later(a, b, keys) {
  for (const key of keys) {
    const o = order(key(a), key(b));
    if (o) return o > 0 ? a : b;
  }
  return text(a) >= text(b) ? a : b;
}

/** One challenge's two wins as one: the player's own before one with help, then the latest
 *  (its hints, time, solved position); the best time the smaller of the two. */
export function mergeWin(a, b) {
  if (!a) return b;
  if (!b) return a;
  // (the whole win but its best last: the best is the merge's own, so the same win may
  // come back with another best and must be chosen the same way)
  const kept = own(a) !== own(b) ? (own(a) ? a : b) : later(a, b, [(w) => w.at, (w) => text({ ...w, best: null })]);
  const bests = [a.best, b.best].filter((t) => t !== null && t !== undefined);
  return { ...kept, best: bests.length ? Math.min(...bests) : null };
}

/** Two tables of wins ({key: win}) as one: every key of either. */
export function mergeWins(a, b) {
  const out = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    out[key] = mergeWin(Object.hasOwn(a, key) ? a[key] : null, Object.hasOwn(b, key) ? b[key] : null);
  }
  return out;
}

/** The wins of new and own challenges: the latest GENERATED_KEEP of them. */
function keepLatest(table) {
  const entries = Object.entries(table);
  if (entries.length <= GENERATED_KEEP) return table;
  entries.sort((x, y) => order(y[1].at, x[1].at) || order(x[0], y[0]));
  return Object.fromEntries(entries.slice(0, GENERATED_KEEP));
}

/** What tells one logged win from another: all its fields. */
export const logId = (w) => `${w.at}|${w.level}|${w.time}|${w.hints}|${w.fair}`;

/** Two logs of wins as one: each entry once, oldest first, the latest LOG_MAX. */
export function mergeLog(a, b) {
  const byId = new Map();
  for (const w of [...a, ...b]) byId.set(logId(w), w);
  return [...byId.entries()].sort(([ia, x], [ib, y]) => order(x.at, y.at) || order(ia, ib))
    .map(([, w]) => w).slice(-LOG_MAX);
}

/** A record's games in progress, the game shown last first. */
export const gamesOf = (record) => [record.current, ...record.others].filter(Boolean);

/** Which of two saved games of one challenge is kept: the one moved last; of two moved at
 *  the same time (one game, saved by two tabs) the one played longer; with the positions
 *  both held (reached.js). */
export function laterGame(a, b) {
  if (!a) return b;
  if (!b) return a;
  const kept = later(a, b, [(g) => g.movedAt ?? 0, (g) => g.elapsed, (g) => text({ ...g, reached: null })]);
  return { ...kept, reached: joinReached(a.reached ?? [], b.reached ?? []) };
}

/** Two records' games in progress as one: per challenge the one moved last, the game moved
 *  last of all first ({current, others}). Games never stamped keep their order. */
export function mergeGames(a, b) {
  const byKey = new Map();
  for (const game of [...a, ...b]) {
    const key = gameKey(game);
    byKey.set(key, laterGame(byKey.get(key), game));
  }
  // (a stable sort: among games of one stamp, the first record's order)
  const games = [...byKey.values()].sort((x, y) => (y.movedAt ?? 0) - (x.movedAt ?? 0));
  return { current: games[0] ?? null, others: games.slice(1, 1 + LIMITS.games) };
}

/** Two records of one game as one that keeps what either holds (see the top). */
export function mergeRecords(a, b) {
  return {
    solved: mergeWins(a.solved, b.solved),
    generated: keepLatest(mergeWins(a.generated, b.generated)),
    daily: mergeWins(a.daily, b.daily),
    log: mergeLog(a.log, b.log),
    ...mergeGames(gamesOf(a), gamesOf(b)),
    draft: a.draft,
  };
}

/** A record with `game` kept as the game moved last, unless the record holds a game of
 *  that challenge moved later (another tab's: record.js says so). A game whose `movedAt` is
 *  null was moved just now: it is stamped `now`, or just after the stored game's stamp when
 *  the clock says otherwise (stamps of one game only ever grow). */
export function withGame(record, game, now) {
  const key = gameKey(game);
  const there = gamesOf(record).find((g) => gameKey(g) === key) ?? null;
  const stamped = game.movedAt === null || game.movedAt === undefined
    ? { ...game, movedAt: Math.max(Math.round(now), (there?.movedAt ?? 0) + 1) } : game;
  return { ...record, ...mergeGames([stamped], gamesOf(record)) };
}

/** A record without its game of challenge `key`. */
export function withoutGame(record, key) {
  const games = gamesOf(record).filter((g) => gameKey(g) !== key);
  return { ...record, current: games[0] ?? null, others: games.slice(1, 1 + LIMITS.games) };
}

/** What a saved game is, apart from how long it was played: two saves of one game with the
 *  same substance are the same game (a tab that only let its clock run moved nothing). */
export function substance(game) {
  if (!game) return "";
  const { history, index, hints, helped, given, solved, won } = game;
  return text({ history, index, hints, helped, given, solved, won });
}

/** Whether a record holds everything `mine` holds of what was earned (wins, best times,
 *  dailies, the log): merging `mine` in would change none of it. */
export function holdsAll(record, mine) {
  const merged = mergeRecords(record, mine);
  return ["solved", "generated", "daily", "log"].every((part) => text(merged[part]) === text(record[part]));
}
