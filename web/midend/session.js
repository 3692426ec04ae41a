// A game's session, owned by the mid-end: the clock, the Pause state, and the saving that
// goes with them (now and then while the clock runs, when the page is hidden). One place
// for what the time of a game depends on; the mode shown says only whether it is timed
// (its `timing`, as Tatham's midend asks a game's timing_state).
//
// The clock is fair: it runs from the moment the challenge is shown (studying the board
// is part of solving it), not from the first move, and it runs exactly while the player
// can play it: a challenge playable and shown (the engine ready, play mode, not won), the
// page visible, no dialog over the board, not paused. Whether it runs is never a flag a
// route must remember to set: `sync()` asks those conditions each time one may have
// changed, whichever route changed it.

import { formatTime } from "../lib/dom.js";

const TICK_MS = 500;      // the clock's display is brought up to date this often
const AUTOSAVE_MS = 5000; // while the clock runs, the game is saved this often too
// A running clock that was not looked at for longer than this (its ticks did not come: a
// laptop's lid closed with no visibility event, the page frozen) counts that gap as a
// pause: the time of a game is only the time the page lived through.
export const LATE_MS = 3000;

/** The time spent on a challenge, in ms, and its display in the #timer element. */
export class Clock {
  constructor(timer) {
    this.timer = timer;
    this.elapsed = 0;
    this.runningSince = null;
    this.seenAt = 0;     // when the running clock was last looked at (its ticks do)
    this.blank = false; // no challenge's time to show (one is being opened)
  }

  /** Start from `elapsed` ms, stopped, and show it at once. */
  reset(elapsed) {
    this.elapsed = elapsed;
    this.runningSince = null;
    this.blank = false;
    this.tick();
  }

  /** Show no time (a challenge is being opened: not the last one's time, not yet its own). */
  clear() {
    this.pause();
    this.elapsed = 0;
    this.blank = true;
    this.tick();
  }

  start() {
    if (this.runningSince === null) this.runningSince = this.seenAt = performance.now();
    this.tick();
  }

  pause() {
    if (this.runningSince !== null) {
      this.elapsed += this.lived() - this.runningSince;
      this.runningSince = null;
    }
    this.tick();
  }

  get running() {
    return this.runningSince !== null;
  }

  /** performance.now(), once a gap the page did not live through (LATE_MS without a look
   *  at the running clock) is left out: the clock runs on from the last look before it. */
  lived() {
    const now = performance.now();
    if (this.runningSince !== null && now - this.seenAt > LATE_MS) {
      this.elapsed += this.seenAt - this.runningSince;
      this.runningSince = now;
    }
    this.seenAt = now;
    return now;
  }

  now() {
    return this.elapsed + (this.runningSince !== null ? this.lived() - this.runningSince : 0);
  }

  tick() {
    const text = this.blank ? "" : formatTime(this.now());
    if (this.timer.textContent !== text) this.timer.textContent = text;
    this.timer.classList.toggle("running", this.runningSince !== null);
  }
}

export class Session {
  /** `timer`: the clock's element; `timing()`: whether the mode shown is timed now (a
   *  challenge playable and shown: the engine ready, play mode, not won); `covered()`:
   *  whether a dialog is over the board; `save()`: save the game; `changed()`: the
   *  buttons may have to change (Pause turns Hint and Solve off). */
  constructor({ timer, timing, covered, save, changed }) {
    this.clock = new Clock(timer);
    this.timing = timing;
    this.covered = covered;
    this.saveGame = save;
    this.changed = changed;
    this.paused = false;
    this.savedAt = 0;
    setInterval(() => this.tick(), TICK_MS);
    // (the page hidden: the mid-end saves the mode shown, this game with its time if it
    // is the one; one shown under another mode was saved as it was left, its clock stopped)
    document.addEventListener("visibilitychange", () => this.sync());
  }

  /** Whether the clock should run now. */
  get runs() {
    return !document.hidden && !this.paused && !this.covered() && this.timing();
  }

  /** Start or stop the clock as the conditions say (call it whenever one may have changed). */
  sync() {
    if (this.runs) this.clock.start();
    else this.clock.pause();
  }

  /** A challenge opened at `elapsed` ms (shown at once; it runs from the next sync()). */
  reset(elapsed) {
    this.clock.reset(elapsed);
    this.sync();
  }

  /** No time shown while a challenge is being opened. */
  clear() {
    this.clock.clear();
  }

  /** The Pause button: the clock stops (and the page covers the board) until Resume. */
  setPaused(paused) {
    this.paused = paused;
    this.sync();
    this.changed();
  }

  get elapsed() {
    return this.clock.elapsed;
  }

  now() {
    return this.clock.now();
  }

  /** Save, and note when (the autosave counts from here). */
  save() {
    this.saved();
    this.saveGame();
  }

  /** The game was saved now (after a move too): the autosave counts from here. */
  saved() {
    this.savedAt = performance.now();
  }

  tick() {
    this.clock.tick();
    if (this.clock.running && performance.now() - this.savedAt > AUTOSAVE_MS) this.save();
  }
}
