// A game's session, owned by play mode: the clock, the Pause state, and the saving that
// goes with them (now and then while the clock runs, when the page is hidden). One place
// for what the time of a game depends on.
//
// The clock is fair: it runs from the moment the challenge is shown (studying the board
// is part of solving it), not from the first move, and it stops while the player cannot
// see the board: the page hidden, Pause, a dialog over the board (the picker, the stats),
// the editor, the challenge solved.

import { formatTime } from "./dom.js";

const TICK_MS = 500;      // the clock's display is brought up to date this often
const AUTOSAVE_MS = 5000; // while the clock runs, the game is saved this often too

/** The time spent on a challenge, in ms, and its display in the #timer element. */
export class Clock {
  constructor(timer) {
    this.timer = timer;
    this.elapsed = 0;
    this.runningSince = null;
  }

  /** Start from `elapsed` ms, stopped. */
  reset(elapsed) {
    this.elapsed = elapsed;
    this.runningSince = null;
  }

  start() {
    if (this.runningSince === null && !document.hidden) this.runningSince = performance.now();
  }

  pause() {
    if (this.runningSince !== null) {
      this.elapsed += performance.now() - this.runningSince;
      this.runningSince = null;
    }
    this.tick();
  }

  get running() {
    return this.runningSince !== null;
  }

  now() {
    return this.elapsed + (this.runningSince !== null ? performance.now() - this.runningSince : 0);
  }

  tick() {
    const text = formatTime(this.now());
    if (this.timer.textContent !== text) this.timer.textContent = text;
    this.timer.classList.toggle("running", this.runningSince !== null);
  }
}

export class Session {
  /** `timer`: the clock's element; `playing()`: whether a challenge is being played (not
   *  solved, not in the editor); `save()`: save the game; `changed()`: the buttons may
   *  have to change (Pause turns Hint and Solve off). */
  constructor({ timer, playing, save, changed }) {
    this.clock = new Clock(timer);
    this.playing = playing;
    this.saveGame = save;
    this.changed = changed;
    this.paused = false;
    this.held = false; // a dialog covers the board
    this.savedAt = 0;
    setInterval(() => this.tick(), TICK_MS);
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) {
        this.clock.pause();
        this.save();
      } else this.resume();
    });
  }

  /** A challenge opened at `elapsed` ms (its clock stopped until it is shown: resume()). */
  reset(elapsed) {
    this.clock.reset(elapsed);
    this.held = false;
  }

  /** The clock runs, unless paused, covered, or not playing. */
  start() {
    if (this.playing() && !this.paused && !this.held) this.clock.start();
  }

  /** The clock stops (the challenge is solved, the editor opens). */
  stop() {
    this.clock.pause();
  }

  /** The board is shown again (or for the first time): the clock runs, if it may. */
  resume() {
    if (!document.hidden) this.start();
  }

  /** A dialog covers the board (true) or is gone (false): the clock waits meanwhile. */
  hold(held) {
    this.held = held;
    if (held) this.clock.pause();
    else this.resume();
  }

  /** The Pause button: the clock stops (and the page covers the board) until Resume. */
  setPaused(paused) {
    this.paused = paused;
    if (paused) this.clock.pause();
    else this.resume();
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
    this.savedAt = performance.now();
    this.saveGame();
  }

  tick() {
    this.clock.tick();
    if (this.clock.running && performance.now() - this.savedAt > AUTOSAVE_MS) this.save();
  }
}
