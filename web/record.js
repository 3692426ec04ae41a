// A game's stored progress: its wins (the booklet's, the new and own challenges', the
// dailies' by date), the log of wins the stats count, the games in progress (the one shown
// last first) and the editor's draft. The one module that reads and writes records:
// store.js keeps them in localStorage, saved.js says what a sound one holds; play, the
// picker, the stats, the dailies, the editor and the lesson read them through a Record.

import * as store from "./store.js";
import { LIMITS, LOG_MAX, gameKey } from "./saved.js";
import { byLevel, streaks } from "./tally.js";
import { built } from "./built.js";

const GENERATED_KEEP = 200; // records of generated/custom challenges kept per game

/** Whether a win record is the player's own (not only with Solve's help). */
export function isWon(win) {
  return Boolean(win) && !win.helped;
}

/** The key of an entry's win: a daily's date, else the entry's key. */
function winKey(entry) {
  return entry.kind === "daily" ? entry.date : entry.key;
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

export class Record {
  /** The record of `game` as stored (a broken part is set aside, store.js). The game
   *  shown keeps its Record; another game's is read when asked (it may have changed). */
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
    this.data = data; // saved.js's gameRecord
  }

  save() {
    store.saveRecord(this.game, this.data);
  }

  // ---------------------------------------------------------------- wins

  /** Where the wins of an entry are kept: the booklet's, the dailies' (by date) or the
   *  new and own ones'. */
  winsOf(entry) {
    if (entry?.kind === "daily") return this.data.daily;
    return entry?.kind === "booklet" ? this.data.solved : this.data.generated;
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

  /** The player's median time of each level ({level: ms}; a level without a fair win
   *  has none), as the stats page counts it. */
  medians(levels) {
    built("medians");
    return Object.fromEntries(byLevel(this.data.log, levels).filter((r) => r.median != null).map((r) => [r.level, r.median]));
  }

  /** The log of wins the stats count ({level, time, hints, fair, at}). */
  get log() {
    return this.data.log;
  }

  /** Note a win of `entry` (`placement`: the solved position): `counts` when it was played
   *  from the start without Solve; `helped` when Solve was used. Its time is a best time
   *  only if it counts and no hint was taken. True if it is a new best time. */
  recordWin(entry, { elapsed, hints, helped, counts, placement = null }) {
    const records = this.winsOf(entry);
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
    this.data.log = [...this.data.log, { level: entry.level, time, hints, fair, at }].slice(-LOG_MAX);
    const best = fair && (old?.best == null || time < old.best);
    // this win's own time, kept where it counts (from the start, without help), else that
    // it has none (a best time kept from before is not this win's): a daily's result says
    // it (dailies.js), hints or not
    const own = counts ? { time } : { untimed: true };
    records[key] = { best: best ? time : old?.best ?? null, hints, at, helped: false, ...own, ...solution };
    return best;
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

  /** The game shown last (saved.js's savedGame), or null. */
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

  /** Keep `game` as the game shown (the one before joins the others, latest first), and
   *  store the record. */
  keep(game) {
    const key = gameKey(game);
    const rest = this.games().filter((g) => gameKey(g) !== key);
    this.data.current = game;
    this.data.others = rest.slice(0, LIMITS.games);
    const kept = Object.entries(this.data.generated);
    if (kept.length > GENERATED_KEEP) {
      kept.sort((a, b) => String(b[1].at).localeCompare(String(a[1].at)));
      this.data.generated = Object.fromEntries(kept.slice(0, GENERATED_KEEP));
    }
    this.save();
  }

  /** A saved game that cannot be loaded: the record's text is kept aside, then the game
   *  is dropped. */
  setAside(game) {
    store.setAsideRecord(this.game);
    const key = gameKey(game);
    if (this.data.current && gameKey(this.data.current) === key) this.data.current = null;
    this.data.others = this.data.others.filter((g) => gameKey(g) !== key);
    this.save();
  }

  // ---------------------------------------------------------------- the editor, the lesson

  /** The editor's draft (a challenge string), or null. */
  get draft() {
    return this.data.draft;
  }

  saveDraft(draft) {
    this.data.draft = draft;
    this.save();
  }

  /** Whether the player has made no progress here: no win, no game with a move. */
  get untouched() {
    const d = this.data;
    return !Object.keys(d.solved).length && !Object.keys(d.generated).length && !Object.keys(d.daily).length
      && !d.log.length && !this.games().some((g) => g.history.length > 1);
  }
}
