// Solve: the player is asked first (the whole solution given away, the game not theirs),
// then one `solve` call brings every step, drawn here in turn and kept as one step of the
// history (Undo takes it back). Stop cancels: while Python works, by restarting it.

import { isWon } from "../progress/winrules.js";
import { t } from "../words/i18n.js";

const SOLVE_STEP_MS = 260;
const STOP_AFTER_MS = 600; // Solve shows its Stop button when it takes longer than this

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

export class Solving {
  /** `play`: the game shown (read: entry, record, solved, position(extra)) and its parts
   *  (Solve's help noted in `played`, the hint ladder left off); `stage`: the steps drawn
   *  in turn; `refresh()`: the buttons follow (the mid-end's); `showStop(shown)`: the
   *  toolbar's Stop shown or hidden; `ask(question)`: the player's yes or no (confirm.js).
   *  Solve is a request for the mid-end's one path, and its Stop the mid-end's (midend.stop). */
  constructor({ play, stage, feedback, refresh, showStop, ask }) {
    Object.assign(this, { play, stage, feedback, refresh, showStop, ask });
    this.token = null; // while Solve runs: {waiting: Python is still solving}
  }

  /** Solve is running: the board is not the player's. */
  get busy() {
    return Boolean(this.token);
  }

  /** Solve pressed: the player is asked first; then the request for the mid-end's one
   *  path (midend.act), or null (not now, or the player said no). */
  async pressing() {
    const { play } = this;
    if (play.solved || this.token || !play.entry) return null;
    const won = isWon(play.record.winOf(play.entry));
    const text = () => (won ? t("This game will not count as solved by you (your earlier win stays).")
      : t("This challenge will not count as solved by you."));
    const yes = await this.ask({ title: () => t("Show the whole solution?"), text, yes: () => t("Solve"), no: () => t("Cancel") });
    return yes ? this.solving() : null;
  }

  /** One call for every step, then each step drawn in turn; one step of the history. */
  solving() {
    let token = null;
    let slow = null;
    return () => {
      if (this.play.solved) return null;
      this.play.hints.clear();
      token = this.token = { waiting: true };
      this.refresh();
      slow = setTimeout(() => { if (this.token === token) this.showStop(true); }, STOP_AFTER_MS);
      this.feedback.say(t("Solving…"), "busy");
      return {
        op: "solve", args: this.play.position(), kind: "solve", byComputer: true, drops: "first",
        accepted: ({ steps }) => this.showSteps(steps, token),
        viewOf: ({ steps }) => steps[steps.length - 1].view,
        after: () => this.feedback.say(t("Solved by the computer. Undo takes the solution back."), "info"),
        done: () => {
          clearTimeout(slow);
          if (this.token === token) this.token = null;
          this.showStop(false);
          this.refresh();
        },
      };
    };
  }

  /** Solve's steps drawn in turn (its answer came: Stop no longer restarts Python);
   *  whether the solution is then the game's (false: stopped, or nothing to solve). */
  async showSteps(steps, token) {
    token.waiting = false;
    for (const step of steps) {
      if (this.token !== token) return false;
      this.stage.show(step.view, { flash: { piece: step.piece, kind: step.action === "play" ? "placed" : "removed" } });
      if (!reducedMotion()) await sleep(SOLVE_STEP_MS);
    }
    if (this.token !== token) return false;
    if (!steps.length) {
      this.feedback.say(t("Nothing to solve."), "info");
      return false;
    }
    this.play.played.solvedByComputer();
    this.token = null;
    return true;
  }

  /** Stop pressed (the mid-end's `stop`): Solve given up; whether Python must start
   *  again (it is still solving), or null (no Solve runs). */
  stopping() {
    const token = this.token;
    if (!token) return null;
    this.token = null;
    this.showStop(false);
    return { restart: token.waiting };
  }

  /** Stopped: the position as it was before Solve is drawn again (`failed`: Python could
   *  not start again). */
  stopped(failed) {
    if (failed) this.feedback.say(t("The puzzle engine could not restart. Reload the page."), "error");
    else this.feedback.say(t("Stopped: the position is as it was before Solve."), "info");
  }
}
