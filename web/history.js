// The undo/redo history of one challenge: a list of placement strings and where we are
// in it. Undo, redo, restart and saving all go through it; it holds no rules.

export const HISTORY_LIMIT = 300;

export class History {
  constructor() {
    this.list = [];
    this.index = 0;
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

  /** A fresh history: the start, and the position shown if it is another one. */
  reset(start, placement) {
    this.list = placement === start ? [start] : [start, placement];
    this.index = this.list.length - 1;
  }

  /** A saved history, if it is whole (its index points at its placement). */
  restore(saved) {
    if (!(saved && saved.history.includes(saved.placement) && saved.history[saved.index] === saved.placement)) return false;
    this.list = saved.history.slice(-HISTORY_LIMIT);
    this.index = this.list.lastIndexOf(saved.placement);
    return true;
  }

  /** A new position after the current one (the redo branch is dropped). */
  push(placement) {
    this.list = this.list.slice(0, this.index + 1);
    this.list.push(placement);
    if (this.list.length > HISTORY_LIMIT) this.list.splice(1, this.list.length - HISTORY_LIMIT);
    this.index = this.list.length - 1;
  }

  /** What is saved: the history and index, or only `placement` if they disagree. */
  saved(placement) {
    const history = this.list.slice(-HISTORY_LIMIT);
    const index = Math.min(this.index, HISTORY_LIMIT - 1);
    return history[index] === placement ? { history, index } : { history: [placement], index: 0 };
  }
}
