// The undo/redo history of one challenge: a list of placement strings, the kind of step
// that made each (as Tatham's midend keeps a move's type: a move, a hint's, Solve's, a
// restart, back to the mark), where we are in it, and the position marked (a checkpoint:
// marking is no step; going back to it is one). The mid-end (midend.js) keeps one
// per mode and alone moves through it; it holds no rules. A saved game keeps the kinds, a
// letter each (saved.js's STEP_LETTERS).

import { STEP_LETTERS } from "../progress/saved.js";

const KIND_OF = new Map(Object.entries(STEP_LETTERS).map(([kind, letter]) => [letter, kind]));

/** @typedef {"move" | "hint" | "solve" | "restart" | "mark"} StepKind */

export const HISTORY_LIMIT = 300;

export class History {
  constructor() {
    this.list = [];
    this.kinds = []; // the kind of step that made each entry of the list
    this.index = 0;
    /** @type {string | null} */
    this.mark = null;
  }

  /** The kind of step that made the entry shown. @returns {StepKind} */
  get currentKind() {
    return this.kindOf(this.index);
  }

  /** The kind of step that made entry `index` (a loaded history's: "move"). @returns {StepKind} */
  kindOf(index) {
    return this.kinds[index] ?? "move";
  }

  get current() {
    return this.list[this.index];
  }

  get canUndo() {
    return this.index > 0;
  }

  get canRedo() {
    return this.index < this.list.length - 1;
  }

  /** A history to go on with (a plan of resume.js): the list, where we are in it and the
   *  kind of step that made each entry, a letter each ("mmhs"; none or not one each: all
   *  moves), and the position marked. @param {string[]} list @param {number} index @param {string} [steps] @param {string | null} [mark] */
  load(list, index, steps = "", mark = null) {
    this.mark = typeof mark === "string" ? mark : null;
    this.list = list.slice(-HISTORY_LIMIT);
    const letters = steps.length === list.length ? steps.slice(list.length - this.list.length) : "";
    this.kinds = this.list.map((_, i) => /** @type {StepKind} */ (KIND_OF.get(letters[i]) ?? "move"));
    this.index = Math.max(0, Math.min(index - (list.length - this.list.length), this.list.length - 1));
  }

  /** A new position after the current one (the redo branch is dropped), made by a step
   *  of `kind`. @param {string} placement @param {StepKind} [kind] */
  push(placement, kind = "move") {
    this.list = this.list.slice(0, this.index + 1);
    this.kinds = this.kinds.slice(0, this.index + 1);
    this.list.push(placement);
    this.kinds.push(kind);
    if (this.list.length > HISTORY_LIMIT) {
      this.list.splice(1, this.list.length - HISTORY_LIMIT);
      this.kinds.splice(1, this.kinds.length - HISTORY_LIMIT);
    }
    this.index = this.list.length - 1;
  }

  /** The current step made again as `placement` (a piece taken back, then put down
   *  elsewhere: one move); if that is the step before, back to it. No redo is kept. @param {string} placement @param {StepKind} [kind] */
  replace(placement, kind = "move") {
    if (this.index === 0) {
      this.push(placement, kind);
      return;
    }
    this.list = this.list.slice(0, this.index);
    this.kinds = this.kinds.slice(0, this.index);
    if (this.list[this.list.length - 1] !== placement) {
      this.list.push(placement);
      this.kinds.push(kind);
    }
    this.index = this.list.length - 1;
  }

  /** No step after the current one (a step taken back as if never made). */
  forgetRedo() {
    this.list = this.list.slice(0, this.index + 1);
    this.kinds = this.kinds.slice(0, this.index + 1);
  }

  /** Go to step `index` of the list (undo, redo). @param {number} index */
  moveTo(index) {
    this.index = Math.max(0, Math.min(index, this.list.length - 1));
  }

  /** Forget one step that could not be shown (a saved game's broken step). @param {number} index */
  drop(index) {
    if (this.list.length < 2) return;
    this.list.splice(index, 1);
    this.kinds.splice(index, 1);
    if (this.index > index || this.index >= this.list.length) this.index--;
  }

  /** What is saved: {history, index, steps, mark} (steps: the kinds, a letter each). */
  saved() {
    return { history: [...this.list], index: this.index, steps: this.kinds.map((kind) => STEP_LETTERS[kind]).join(""), mark: this.mark };
  }
}
