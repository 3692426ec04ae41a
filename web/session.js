// A game's session, owned by play mode: the clock (it runs while the player plays, stops
// while the page is hidden, paused or the challenge solved), the Pause state, and the
// saving that goes with them (now and then while the clock runs, when the page is
// hidden). One place for what the time of a game depends on.

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
    this.savedAt = 0;
    setInterval(() => this.tick(), TICK_MS);
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) {
        this.clock.pause();
        this.save();
      } else this.resume();
    });
  }

  /** A challenge opened at `elapsed` ms (its clock stopped until start()). */
  reset(elapsed) {
    this.clock.reset(elapsed);
  }

  /** The clock runs (a move, a piece picked up), unless paused or not playing. */
  start() {
    if (this.playing() && !this.paused) this.clock.start();
  }

  /** The clock stops (the challenge is solved, the editor opens). */
  stop() {
    this.clock.pause();
  }

  /** The clock runs again if it had started. */
  resume() {
    if (this.clock.elapsed > 0 && !document.hidden) this.start();
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
