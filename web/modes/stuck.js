// The "Say when stuck" setting: with it on, each move asks Python (in the same call)
// whether the position after it can still be finished, and what is said after a move
// says so when it cannot; the board's data-stuck follows. Turned on, the position shown is
// checked by play's aside (asides.js: the mid-end asks it).

import { t } from "../words/i18n.js";

export class Stuck {
  /** `play`: the game (read: shown); `check()`: ask whether the position shown can
   *  still be finished (its answer: `found`). */
  constructor({ play, settings, stage, feedback, check }) {
    Object.assign(this, { play, settings, stage, feedback });
    this.check = check;
    this.stuck = false; // the check found no way to finish from the position shown
  }

  /** The arguments that ask Python, with the move, whether the position after it can still
   *  be finished: only with the setting on. */
  args() {
    return this.settings.get("solvable") ? { solvable: true } : {};
  }

  /** What to say after a move: its words, or that there is no way to finish now. */
  say(text, notation = "") {
    if (this.stuck) this.feedback.say(t("This position can no longer be finished. Hint shows which piece to take back."), "error");
    else this.feedback.say(text, "info", notation);
  }

  /** The setting changed: turned on, the position shown is checked (one call). */
  setting(on) {
    if (on && this.play.shown) this.check();
    else if (!on) this.set(false);
  }

  /** What the check found of the position shown, said. */
  found(stuck) {
    this.set(stuck);
    this.say(t("This position can still be finished."));
  }

  set(stuck) {
    this.stuck = stuck;
    this.stage.describe({}, { stuck: stuck ? "true" : null });
  }
}
