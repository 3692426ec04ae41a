// How a mode's states and items look, asked of Python by the mid-end: a state's view (a
// step of the history drawn again), a tray item's picture and the held item's ghost at a
// location. A mode only says what to ask (its `viewAsk`, `itemAsk` and `previewAsk`: an op
// and its arguments); the mid-end asks it. A ghost is asked once per state (the mode's
// `ghostState`) and item, its request made only then (the pointer crosses a spot many
// times, and Undo, Redo and a piece slid back return to a state): the ghosts of the last
// KEPT_STATES states of each mode are kept, older ones forgotten, and all of them when
// another game is loaded or the page speaks another language (their words are Python's).

const KEPT_STATES = 8;

/** @typedef {(op: string, args?: object) => Promise<any>} Ask */

export class Looks {
  /** @param {Ask} ask */
  constructor(ask) {
    this.ask = ask;
    /** @type {Map<object, Map<string, Map<string, Promise<any>>>>} mode -> state -> item -> Python's ghost */
    this.kept = new Map();
  }

  /** The view of `mode`'s state `state`; null if Python cannot read it (the mode says
   *  which errors mean that: a step of a saved game no longer playable). @param {import("./mode.js").Mode} mode @param {string} state */
  async view(mode, state) {
    const { op, args, unreadable } = mode.viewAsk(state);
    try {
      return await this.ask(op, args);
    } catch (e) {
      if (unreadable?.(e)) return null;
      throw e;
    }
  }

  /** The picture of `mode`'s item `id` in `orientation`. @param {import("./mode.js").Mode} mode @param {string} id @param {string} orientation */
  item(mode, id, orientation) {
    const { op, args } = mode.itemAsk(id, orientation);
    return this.ask(op, args);
  }

  /** The ghost of `mode`'s held item `id` in `orientation` at location `code`, asked once
   *  per state (a failed answer is forgotten, so it is asked again). @param {import("./mode.js").Mode} mode @param {string} id @param {string} orientation @param {string} code */
  preview(mode, id, orientation, code) {
    const kept = this.keptAt(mode, mode.ghostState);
    const item = `${id}|${orientation}|${code}`;
    if (!kept.has(item)) {
      const { op, args } = mode.previewAsk(id, orientation, code);
      const promise = this.ask(op, args);
      kept.set(item, promise);
      promise.catch(() => kept.delete(item));
    }
    return kept.get(item);
  }

  /** The ghost of `mode`'s item `id` at `code` in the state shown, answered with the move
   *  that made that state (a piece taken back into the hand): no second call for it.
   *  @param {import("./mode.js").Mode} mode @param {{id: string, orientation: string, code: string}} at @param {any} preview */
  seed(mode, { id, orientation, code }, preview) {
    this.keptAt(mode, mode.ghostState).set(`${id}|${orientation}|${code}`, Promise.resolve(preview));
  }

  /** Another game, or other words: no ghost kept is drawn again. */
  forget() {
    this.kept.clear();
  }

  /** The ghosts kept of `mode`'s `state`, the newest state last (a Map keeps its order of
   *  insertion); beyond KEPT_STATES the oldest are forgotten. */
  keptAt(mode, state) {
    const states = this.kept.get(mode) ?? new Map();
    this.kept.set(mode, states);
    const kept = states.get(state) ?? new Map();
    states.delete(state);
    states.set(state, kept);
    for (const old of states.keys()) {
      if (states.size <= KEPT_STATES) break;
      states.delete(old);
    }
    return kept;
  }
}
