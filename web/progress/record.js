// A game's stored progress: its wins (the booklet's, the new and own challenges', the
// dailies' by date), the log of wins the stats count, the games in progress (the one moved
// last first) and the editor's draft. The one module that reads and writes records:
// store.js keeps them in localStorage, saved.js says what a sound one holds, progress.js
// merges two; play, the picker, the stats, the dailies, the editor and the lesson read them
// through a Record.
//
// Storage is the source of truth, shared by every tab of the site: each write reads the
// stored record, merges what this tab knows into it (progress.js: nothing another tab
// earned is lost) and applies its one change, in one synchronous step (localStorage has no
// other lock); what was stored becomes what this tab knows. A tab hearing that another
// stored the record (sync.js) takes it in the same way (`follow`).

import * as store from "./store.js";
import * as persist from "./persist.js";
import { LIMITS, LOG_MAX, gameKey } from "./saved.js";
import { byLevel, streaks } from "./tally.js";
import { mergeRecords, withGame, withoutGame, holdsAll } from "./progress.js";
import { built } from "../lib/built.js";
import { isWon, storedWin, withHelp } from "./winrules.js";

let lastStamp = 0; // the latest stamp this page gave a game (keep)
export const MEDIAN_WINS = 3; // fair wins of a level before the picker measures times against their median

/** The key of an entry's win: a daily's date, else the entry's key. */
function winKey(entry) {
  return entry.kind === "daily" ? entry.date : entry.key;
}

/** The table of an entry's wins in a record: the booklet's, the dailies' (by date) or the
 *  new and own ones'. */
const partOf = (entry) => (entry?.kind === "daily" ? "daily" : entry?.kind === "booklet" ? "solved" : "generated");

/** A game in progress, as it is saved (saved.js's savedGame). `movedAt`: when it was last
 *  moved (null: just now, stamped as it is kept). */
export function gameOf(entry, { history, index, steps, elapsed, hints, helped, fromStart, solved, given = [], won = null, movedAt = null, begun = 0, reached = [], mark = null }) {
  const booklet = entry.kind === "booklet";
  return {
    kind: entry.kind, challenge: entry.id, seed: entry.seed ?? null, ...(entry.kind === "daily" ? { date: entry.date } : {}),
    level: booklet ? null : entry.level, puzzle: booklet ? null : entry.challenge,
    history, index, placement: history[index], steps,
    elapsed: Math.min(Math.round(elapsed), LIMITS.time), hints: Math.min(hints, LIMITS.count),
    helped, fromStart, solved, given: given.slice(0, LIMITS.pieces), won, movedAt, begun, reached, mark,
  };
}

/** What noting `win` (winrules.js's Win) of `entry` does to a record (`placement`: the
 *  solved position), as winrules.js's storedWin decides: {change(record) -> record,
 *  best(): whether the change it made was a new best time}. */
function noteWin(entry, win, placement) {
  const key = winKey(entry);
  const part = partOf(entry);
  const at = new Date().toISOString();
  const limited = { ...win, elapsed: Math.min(Math.round(win.elapsed), LIMITS.time), hints: Math.min(win.hints, LIMITS.count) };
  // the solved position, for the picker's picture of it (the latest win's)
  const solution = typeof placement === "string" && placement.length <= LIMITS.text ? { placement } : {};
  let best = false;
  return {
    change: (record) => {
      const after = storedWin(record[part][key], limited, { at, level: entry.level, solution });
      best = after.best;
      if (!after.stored) return record;
      const log = after.log ? [...record.log, after.log].slice(-LOG_MAX) : record.log;
      return { ...record, log, [part]: { ...record[part], [key]: after.stored } };
    },
    best: () => best,
  };
}

/** What a win noted says: {best: a new best time, stored}; a win worth keeping that was
 *  stored asks the browser to keep the site's storage. */
function recorded(win, best, stored) {
  if (stored && !withHelp(win)) persist.askAfterWin();
  return { best: best && stored, stored };
}

export class Record {
  /** The record of `game` as stored (a broken part is set aside, store.js). The game
   *  shown keeps its Record (kept up to date: `follow`); another game's is read when asked. */
  static load(game) {
    return new Record(game, store.loadRecord(game));
  }

  /** The record of `game` as stored, read with no side effect; null when it is broken. */
  static peek(game) {
    const data = store.peekRecord(game);
    return data && new Record(game, data);
  }

  constructor(game, data) {
    this.game = game;
    this.data = data; // saved.js's gameRecord: what storage holds, with what this tab knows
    this.held = new Set(); // games that could not be set aside (no room): left as they are
    this.stored = true; // whether the last write was stored
  }

  /** Read, merge, change, write: the stored record with what this tab knows merged in, then
   *  `change(record) -> record` applied, written in one step. What was written (or, if
   *  storage refused it, would have been) is what this tab knows now. Whether it was stored. */
  update(change = (record) => record) {
    this.data = change(mergeRecords(store.loadRecord(this.game), this.data));
    this.stored = store.saveRecord(this.game, this.data);
    return this.stored;
  }

  /** Another tab stored this record: take it in (merged with what this tab knows; what the
   *  other tab lacks of it is written back, so two tabs writing at once lose nothing). */
  follow() {
    const stored = store.loadRecord(this.game);
    if (holdsAll(stored, this.data)) this.data = mergeRecords(stored, this.data);
    else this.update();
  }

  // ---------------------------------------------------------------- wins

  /** Where the wins of an entry are kept: the booklet's, the dailies' (by date) or the
   *  new and own ones'. */
  winsOf(entry) {
    return this.data[partOf(entry)];
  }

  /** The win of an entry, or undefined. */
  winOf(entry) {
    return this.winsOf(entry)[winKey(entry)];
  }

  /** The booklet's wins by challenge id ({best, hints, at, helped, time?, placement?}). */
  get booklet() {
    return this.data.solved;
  }

  /** Whether the booklet challenge `id` is won by the player (not only with Solve). */
  solved(id) {
    return isWon(this.data.solved[id]);
  }

  /** How many new and own challenges the player won. */
  get ownWins() {
    return Object.values(this.data.generated).filter(isWon).length;
  }

  /** The player's median time of each level worth comparing a time with ({level: ms}):
   *  counted as the stats page counts it, of at least MEDIAN_WINS fair wins (a level
   *  with fewer has none: one or two times are no median to measure a time against). */
  medians(levels) {
    built("medians");
    return Object.fromEntries(byLevel(this.data.log, levels).filter((r) => r.fair >= MEDIAN_WINS).map((r) => [r.level, r.median]));
  }

  /** The log of wins the stats count ({level, time, hints, fair, at}). */
  get log() {
    return this.data.log;
  }

  /** Note `win` (winrules.js's Win) of `entry` (`placement`: the solved position), as
   *  winrules.js's storedWin decides, in a write of its own: {best: a new best time,
   *  stored: whether the win was stored} (a best time not stored is none: the win card
   *  claims none). A win is noted with its game kept instead (`keep`'s `won`) where it can. */
  recordWin(entry, win, placement = null) {
    const noted = noteWin(entry, win, placement);
    const stored = this.update(noted.change); // (before best(): the change tells it)
    return recorded(win, noted.best(), stored);
  }

  // ---------------------------------------------------------------- dailies

  /** The dailies as of `date` (today): {win, wins: {date: win}, started: the dates of
   *  dailies in progress, streak: {current, longest}}. */
  dailies(date) {
    const started = this.games().filter((g) => g.kind === "daily" && !g.solved).map((g) => g.date);
    return { win: this.data.daily[date], wins: this.data.daily, started: new Set(started), streak: streaks(this.data.daily, date) };
  }

  /** Whether the daily of `date` is won by the player. */
  dailyWon(date) {
    return isWon(this.data.daily[date]);
  }

  // ---------------------------------------------------------------- games in progress

  /** The game moved last (saved.js's savedGame), or null. */
  get current() {
    return this.data.current;
  }

  games() {
    return [this.data.current, ...this.data.others].filter(Boolean);
  }

  /** The saved game of a challenge (by its entry's key), or null. */
  find(key) {
    return this.games().find((g) => gameKey(g) === key) ?? null;
  }

  /** The saved game to go on with when the player picks `entry` (a won one starts again,
   *  even taken back from its win: a game counts once, a new one can win). */
  savedFor(entry) {
    const game = this.find(entry.key);
    return game && !game.solved && !game.won ? game : null;
  }

  /** Keep `game` (gameOf's; movedAt null: moved just now) and store the record; unless a
   *  game of its challenge moved later is stored (another tab's: it stays), or this one's
   *  could not be set aside. `won`: a win to note with it ({entry, win, placement}; its
   *  `recorded` is set to what recordWin would say). The game of that challenge as kept. */
  keep(game, won = null) {
    const key = gameKey(game);
    if (this.held.has(key)) {
      if (won) won.recorded = this.recordWin(won.entry, won.win, won.placement);
      return this.find(key);
    }
    // a game moved now is stamped after every other this page stamped (a clock that stands
    // still, or goes back, changes no order); the win it was just won by noted in the same
    // write, so an action writes the record once
    const noted = won && noteWin(won.entry, won.win, won.placement);
    const stamp = Math.max(Date.now(), lastStamp + 1);
    const stored = this.update((record) => withGame(noted ? noted.change(record) : record, game, stamp));
    if (won) won.recorded = recorded(won.win, noted.best(), stored);
    const kept = this.find(key);
    lastStamp = Math.max(lastStamp, kept?.movedAt ?? 0);
    return kept;
  }

  /** A saved game that cannot be loaded: the record's text is kept aside, then the game
   *  is dropped (with no room for that copy, the game is left as it is). */
  setAside(game) {
    const key = gameKey(game);
    if (!store.setAsideRecord(this.game)) {
      this.held.add(key);
      return;
    }
    this.update((record) => withoutGame(record, key));
  }

  // ---------------------------------------------------------------- the editor, the lesson

  /** The editor's draft (a challenge string), or null. */
  get draft() {
    return this.data.draft;
  }

  saveDraft(draft) {
    this.update((record) => ({ ...record, draft }));
  }

  /** Whether the player has made no progress here: no win, no game with a move. */
  get untouched() {
    const d = this.data;
    return !Object.keys(d.solved).length && !Object.keys(d.generated).length && !Object.keys(d.daily).length
      && !d.log.length && !this.games().some((g) => g.history.length > 1);
  }
}
