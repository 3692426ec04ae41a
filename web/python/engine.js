// The puzzle engine as the page asks it: Python in its worker (bridge.js), about the game
// shown. What the site's built answers know (early.js: a game's pieces, info and booklet,
// a booklet challenge's start) is answered at once, before Python is ready; the rest
// waits for Python, and a player's move made meanwhile says so. Actions that change the
// position run one after another (`run`), and their errors are said in words.

import { earlyAnswer } from "./early.js";
import { nextTask } from "../lib/idle.js";
import { explain } from "../words/message.js";
import { t } from "../words/i18n.js";

// what a player's action asks (the page says it waits while the engine loads)
const MOVES = new Set(["move", "preview", "hint", "solve", "solvable", "explain", "edit", "verdict", "editor_preview"]);

export class Engine {
  /** `python`: the bridge; `say(text, kind)`: the status line; `changed()`: whether
   *  actions are pending changed (the buttons follow); `live()`: a board is shown that
   *  the player acts on (only then is the wait said); `state(name)`: the board's box says
   *  "restarting", then "ready" again (shell.js). @param {import("./bridge.js").PythonBridge} python @param {{say: (text: string, kind?: string) => void, changed: () => void, live: () => boolean, state: (name: string) => void}} hooks */
  constructor(python, { say, changed, live, state }) {
    this.python = python;
    this.say = say;
    this.changed = changed;
    this.live = live;
    this.state = state;
    this.game = null;   // the game whose ops are asked (use)
    this.queue = Promise.resolve();
    this.pending = 0;
    this.guessing = false; // (ahead)
  }

  /** The calls `ask` makes now are asked ahead: a guess at what the player does next (a
   *  ghost round the one shown), told apart from a player's action's one call (issue 23). @template T @param {() => T} ask @returns {T} */
  ahead(ask) {
    this.guessing = true;
    try {
      return ask();
    } finally {
      this.guessing = false;
    }
  }

  /** Ask about the game `name` from now on (the loader loads it). @param {string | null} name */
  use(name) {
    this.game = name;
  }

  /** Python answered its first call: moves are played at once now. */
  get ready() {
    return Boolean(this.python.info);
  }

  /** Resolves when Python is ready (rejects if it cannot start). */
  get started() {
    return this.python.ready;
  }

  /** Whether actions are queued or running. */
  get busy() {
    return this.pending > 0;
  }

  /** Ask an op about the game shown (or the one `args.game` names). @param {string} op @param {Record<string, any>} [args] @returns {Promise<any>} */
  async call(op, args = {}) {
    const ahead = this.guessing; // (read before the first await)
    if (this.game !== null && !("game" in args)) args = { game: this.game, ...args };
    const early = await earlyAnswer(op, args, this.ready);
    if (early !== undefined) {
      // in a task of its own, as Python's answers come: what the page does with one
      // answer is one task of the main thread, not the whole opening at once
      await nextTask();
      return early;
    }
    if (!this.ready && this.live() && MOVES.has(op)) this.say(t("The puzzle engine is still loading: your move is played as soon as it is ready."), "busy");
    this.python.go(); // (Python is needed now: it starts, if it has not)
    await this.python.ready;
    return this.python.call(op, args, { ahead });
  }

  /** The page's first board is drawn: Python may start (bridge.js go). */
  go() {
    this.python.go();
  }

  /** Run a position-changing action after the ones before it; report its errors. @param {() => any} action @returns {Promise<any>} */
  run(action) {
    this.pending++;
    this.changed();
    const next = this.queue.then(action).catch((e) => {
      if (e && e.type === "cancelled") return;
      console.error(e);
      this.say(explain(e), "error");
    }).finally(() => {
      this.pending--;
      this.changed();
    });
    this.queue = next;
    return next;
  }

  /** Resolves once every action queued so far is done. */
  settled() {
    return this.queue;
  }

  /** Stop whatever Python does (Solve's Stop): a fresh worker, ready again. */
  async restart() {
    this.python.cancel();
    this.state("restarting");
    this.say(t("Stopped. Restarting the puzzle engine…"), "busy");
    try {
      await this.python.ready;
    } finally {
      this.state("ready");
    }
  }
}
