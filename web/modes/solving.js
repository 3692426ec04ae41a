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
   *  (Solve's help noted in `played`, the hint ladder left off, the clock synced);
   *  `stage`: the steps drawn in turn; `midend`: the solution's step, and what it owns (the
   *  hand emptied, the buttons refreshed, the engine Stop restarts); `toolbar`: Stop;
   *  `ask(question)`: the player's yes or no (confirm.js). */
  constructor({ play, stage, feedback, midend, toolbar, ask }) {
    Object.assign(this, { play, stage, feedback, midend, toolbar, ask });
    this.token = null; // while Solve runs: {waiting: Python is still solving}
  }

  /** Solve is running: the board is not the player's. */
  get busy() {
    return Boolean(this.token);
  }

  /** Solve pressed: the player is asked first, then it solves. */
  async press() {
    const { play } = this;
    if (play.solved || this.token || !play.entry) return;
    const won = isWon(play.record.winOf(play.entry));
    const text = () => (won ? t("This game will not count as solved by you (your earlier win stays).")
      : t("This challenge will not count as solved by you."));
    if (await this.ask({ title: () => t("Show the whole solution?"), text, yes: () => t("Solve"), no: () => t("Cancel") })) this.solve();
  }

  /** One call for every step, then each step drawn in turn; one step of the history: a
   *  request to the mid-end's one path of a player's action (midend.act). */
  solve() {
    let token = null;
    let slow = null;
    this.midend.act(() => {
      if (this.play.solved) return null;
      this.midend.drop();
      this.play.hints.clear();
      token = this.token = { waiting: true };
      this.midend.refresh();
      slow = setTimeout(() => { if (this.token === token) this.toolbar.stop(true); }, STOP_AFTER_MS);
      this.feedback.say(t("Solving…"), "busy");
      return {
        op: "solve", args: this.play.position(), kind: "solve", byComputer: true,
        accepted: ({ steps }) => this.showSteps(steps, token),
        viewOf: ({ steps }) => steps[steps.length - 1].view,
        after: () => this.feedback.say(t("Solved by the computer. Undo takes the solution back."), "info"),
        done: () => {
          clearTimeout(slow);
          if (this.token === token) this.token = null;
          this.toolbar.stop(false);
          this.midend.refresh();
        },
      };
    });
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

  /** Stop a running Solve: the position before it comes back. */
  async cancel() {
    const token = this.token;
    if (!token) return;
    this.token = null;
    this.toolbar.stop(false);
    try {
      if (token.waiting) await this.midend.restartEngine(); // (the clock may run again)
      // the state shown drawn again by the mid-end, as Undo draws one (Solve's steps were
      // only shown, never the game's)
      await this.midend.goTo(this.play, this.midend.historyOf(this.play).index);
      this.feedback.say(t("Stopped: the position is as it was before Solve."), "info");
    } catch (e) {
      console.error(e);
      this.feedback.say(t("The puzzle engine could not restart. Reload the page."), "error");
    } finally {
      this.midend.refresh();
    }
  }
}
