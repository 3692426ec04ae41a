// The mid-end, as in Tatham's puzzles: what every mode of the page shares, written once.
// One mode is shown at a time (play.js, edit.js, lesson.js: mode.js's interface), and
// the mid-end is the only way in to it: it owns
//   - each mode's History of state strings (a placement, an editor's draft): undo, redo
//     and restart, for every mode;
//   - the one path of a player's action: the mode's request, one worker call, then the
//     refusal said or the new state pushed and drawn, then the mode's words after it;
//   - the address the state shown writes (a position is a link), and the autosave after
//     every state drawn (the board kept for the next visit too), in the saved format it
//     owns: the history, the mark and the clock's time, which the mode keeps with its own;
//   - the game's clock (session.js): it runs while the mode shown says it is timed (its
//     `timing`, Tatham's timing_state) and the player can play.
// A mode supplies only what differs: what a click asks, how a state string is viewed,
// what it does after an answer, its items and toolbar buttons.

import { History } from "./history.js";
import { Addresses } from "./addresses.js";
import { Looks } from "./looks.js";
import { Asides } from "./asides.js";
import { backToMark, markHere } from "./checkpoint.js";
import { stopShown } from "./stopping.js";
import { answerAll } from "./questions.js";
import { undoneWords } from "./stepwords.js";
import { isPiece } from "../python/view.js";
import { t } from "../words/i18n.js";
import { nextTask } from "../lib/idle.js";
import { Signal } from "../lib/signal.js";

const root = document.documentElement;

export class Midend {
  /** `engine` (engine.js), `feedback` (the status line), `stage` (the tray, the footer's
   *  help and keys), `toolbar`, `snapshot` (the board kept for the next visit), `clock`
   *  (session.js: the game's time, Pause, the timed autosave; it asks `timing`). Who must
   *  follow it listens: to the hand to be emptied, the buttons to be refreshed.
   *  @param {import("../types").MidendParts} parts */
  constructor({ engine, feedback, stage, toolbar, snapshot, clock }) {
    Object.assign(this, { engine, feedback, stage, toolbar, snapshot, clock });
    this.emptying = new Signal(); // the item in hand goes back (a switch, a hint's or Solve's step)
    this.changed = new Signal();  // the buttons follow (a step, the history, the mark)
    this.current = null;
    this.home = null; // the mode the page starts in (no data-mode on the page while it is shown)
    this.histories = new Map(); // mode -> its History
    this.turns = { rotate: false, flip: false }; // how the game's pieces turn
    this.addresses = new Addresses(); // the address of the state shown, written
    this.looks = new Looks((op, args) => this.ask(op, args)); // views, pictures and ghosts
    this.asides = new Asides((op, args) => this.ask(op, args), (task) => this.run(task)); // what is shown beside
    document.addEventListener("visibilitychange", () => { if (document.hidden) this.keep(); });
    window.addEventListener("pagehide", () => this.keep());
  }

  // ---------------------------------------------------------------- the mode shown

  /** Show `home` first (its buttons): the mode the page starts in. @param {import("./mode.js").Mode} home */
  start(home) {
    this.current = this.home = home;
    home.displayed(true);
    this.toolbar.layout(home);
  }

  /** Whether the clock runs now as far as the mode shown says (Tatham's timing_state: the
   *  clock asks it, with the page seen, no dialog over the board and not paused), once
   *  Python answers. */
  get timing() {
    return this.engine.ready && Boolean(this.current?.timing);
  }

  /** Whether `mode` is the one shown. @param {import("./mode.js").Mode} mode @returns {boolean} */
  shows(mode) {
    return this.current === mode;
  }

  /** Make `mode` the one the board, the toolbar and (once loaded) the tray serve. @param {import("./mode.js").Mode} mode */
  switch(mode) {
    this.drop();
    if (this.current === mode) return;
    this.save(); // (as it was left)
    this.asides.forget(this.current); // (what it asked is not shown)
    this.current.leave();
    this.current.displayed(false); // (each mode knows whether it is shown: it asks no mid-end)
    this.current = mode;
    mode.displayed(true);
    this.clock.sync(); // (only a timed mode's clock runs)
    if (mode !== this.home) root.dataset.mode = mode.name;
    else delete root.dataset.mode;
    this.toolbar.layout(mode);
  }

  /** Switch to `mode` with its items in the tray (`fresh`: in their first orientations). @param {import("./mode.js").Mode} mode @param {{fresh?: boolean}} [options] */
  async use(mode, { fresh = false } = {}) {
    this.switch(mode);
    await nextTask(); // (the mode left saved and the buttons laid out: a task of its own)
    await this.layTray(mode, { fresh });
    this.fit();
  }

  /** The tray of `mode`'s items (their pictures: looks.js). @param {import("./mode.js").Mode} mode @param {{fresh?: boolean}} [options] */
  layTray(mode, options = {}) { return this.stage.layTray(mode.items(), (id, o) => this.looks.item(mode, id, o), options); }

  /** A game loaded, whose pieces turn so ({rotate, flip}): no ghost of the last is kept. */
  load(turns) {
    this.turns = turns;
    this.looks.forget();
  }

  /** The page speaks another language (`info`: the game's, in its words): what the mode
   *  says now, the help line, and the view Python drew, in those words. */
  relabelled(info) {
    this.looks.forget(); // (Python's words)
    const mode = this.current;
    const questions = mode.relabelled(info); // (what it asks again in the new words)
    if (questions) this.run(() => this.answer(mode, questions));
    this.stage.help(this.current.help);
    this.redraw();
  }

  /** The hand buttons, key hints and help the mode's items need. */
  fit() {
    const items = this.current.items();
    const pieces = items.some(isPiece);
    const shown = { rotate: this.turns.rotate && pieces, flip: this.turns.flip && pieces };
    this.toolbar.fit(shown);
    this.stage.keys(this.turns, { ...shown, mark: Boolean(this.current.marks) }, items.length);
    this.stage.help(this.current.help);
  }

  drop() { this.emptying.tell(); }  // the item in hand goes back
  refresh() { this.changed.tell(); } // the buttons follow

  // what input asks, and the mode shown answers
  get busy() { return this.current.busy; }
  get turnsPlaced() { return this.current.turnsPlaced; }
  get placesGhost() { return this.current.placesGhost; }
  items() { return this.current.items(); }
  handChanged() { this.current.handChanged(); }
  turnPlaced(piece, how) { this.act(this.current.turnPlaced(piece, how)); }

  /** @param {string} id @param {string} orientation @param {string} code @returns {Promise<import("../python/view.js").Preview>} */
  preview(id, orientation, code) { return this.looks.preview(this.current, id, orientation, code); }
  /** The view of `mode`'s `state`, as the mode says to ask it (null: unreadable). @param {import("./mode.js").Mode} mode @param {string} state */
  viewOf(mode, state) { return this.looks.view(mode, state); }

  /** A click, tap or Enter on a location, held item or not: the mode's request, run (`act`). */
  activate(code, held) { this.act(this.current.activate(code, held)); }

  /** A placed piece slid by a pointer let go on `code` (null: off the board). @param {string} code */
  land(code) { this.act(this.current.land(code)); }

  /** Whether a toolbar action may be used now: the history's own, or the mode's say. @param {string} action @returns {boolean} */
  enabled(action) {
    const mode = this.current;
    if (!mode.active) return false;
    const history = this.historyOf(mode);
    switch (action) {
      case "undo": return history.canUndo;
      case "redo": return history.canRedo;
      case "restart": return mode.here !== mode.start || this.awayFromMark(mode);
      case "mark": return Boolean(mode.marks) && !mode.busy && this.markOf(mode) !== mode.here;
      default: return mode.enabled(action);
    }
  }

  /** A toolbar button pressed (its action, or what it does: edit's Clear restarts). @param {string} action */
  press(action) {
    if (action === "undo") this.undo();
    else if (action === "redo") this.redo();
    else if (action === "restart") {
      if (this.awayFromMark()) this.toMark(); // Restart goes back to the mark first
      else this.restart();
    } else if (action === "mark") this.mark();
    else this.pressed(this.current, action);
  }

  /** One of a mode's own buttons: what it asks (a request, or a promise of one: Solve asks
   *  the player first), run on the one path, if the mode is still shown. @param {import("./mode.js").Mode} mode @param {string} action */
  async pressed(mode, action) {
    const ask = await mode.press(action);
    if (this.current === mode) await this.act(ask);
  }

  /** Stop pressed: what the mode shown runs (Solve) given up (stopping.js). */
  stop() { return stopShown(this); }

  // ---------------------------------------------------------------- a player's action

  /** One action of the mode shown, after the ones before it. `ask()` (run then) gives the
   *  request or null: {op, args | answer (known, or a promise of it: a hint's) | preview
   *  ({id, orientation, code}: the ghost there, kept or asked: looks.js), refuses(error), refused(why),
   *  accepted(answer) (false: no step, as a hint's rung shown or a Solve stopped),
   *  answerOf(answer) (the move's, if not the answer itself), viewOf(answer), flash, kind,
   *  byComputer, drops ("first": the item in hand goes back before the call; "step": as the
   *  step is made), replace() (in place of the state shown), withdraws (refused: the step
   *  before it withdrawn, as a slid piece goes back), after(answer), done()}: one
   *  call, then the refusal said, or the new state pushed and drawn; `done` whatever came
   *  of it. */
  act(ask) {
    if (!ask) return Promise.resolve(); // (the mode asks nothing of this click)
    const mode = this.current;
    return this.engine.run(async () => {
      const request = ask();
      if (!request) return;
      try {
        if (request.drops === "first") this.drop();
        const { preview } = request; // (a ghost: kept, or asked as the mode says)
        const reply = await (request.answer ?? (preview ? this.looks.preview(mode, preview.id, preview.orientation, preview.code)
          : this.engine.call(request.op, request.args).catch((e) => {
            if (request.refuses?.(e)) return { refused: {} };
            throw e;
          })));
        if (reply.refused) {
          if (request.withdraws) await this.withdraw(mode); // (the step before it taken back)
          request.refused?.(reply.refused);
          return;
        }
        const going = request.accepted?.(reply); // (awaited only when a promise: no pause in a move)
        if ((going instanceof Promise ? await going : going) === false) return;
        if (request.drops === "step") this.drop();
        const answer = request.answerOf?.(reply) ?? reply;
        const view = request.viewOf?.(answer) ?? answer.view;
        this.step(mode, view, { flash: request.flash ?? null, answer, replace: request.replace?.() ?? false, kind: request.kind ?? "move", byComputer: Boolean(request.byComputer) });
        if (request.ghost && answer.ghost) this.looks.seed(mode, request.ghost, answer.ghost); // (came with it)
        request.after?.(answer);
      } finally {
        request.done?.();
      }
    });
  }

  /** A new state of `mode` after the one shown (the redo branch dropped), drawn; `how.kind`:
   *  the step's (history.js); `how.replace`: in place of the one shown (lifted, landed). @param {import("./mode.js").Mode} mode @param {import("../python/view.js").View} view @param {object} [how] */
  step(mode, view, how = {}) {
    const history = this.historyOf(mode);
    if (how.replace) history.replace(mode.stateOf(view), how.kind);
    else history.push(mode.stateOf(view), how.kind);
    this.draw(mode, view, how);
  }

  /** The last step of `mode` taken back as if it had not been made, with no redo of it
   *  (a slid piece let go where it cannot lie goes back where it was). */
  async withdraw(mode) {
    const history = this.historyOf(mode);
    if (history.canUndo && await this.goTo(mode, history.index - 1)) history.forgetRedo();
    this.refresh();
  }

  /** Draw a view of `mode`'s, then write the address it names and save it. @param {import("./mode.js").Mode} mode @param {import("../python/view.js").View} view @param {object} [how] */
  draw(mode, view, how = {}) {
    this.show(mode, view, how);
    const hash = mode.address(view);
    if (hash !== null) this.address(hash);
    this.snapshot.keepSoon(this.save(mode)); // (its board once it is seen: snapshot.js)
  }

  /** The position shown, asked of Python again and drawn in place, quietly: its words in
   *  the page's language (a page in another language draws its first board from the
   *  site's English views). Nothing of the game changes. */
  redraw() {
    const mode = this.current;
    return this.engine.run(async () => {
      const history = this.historyOf(mode);
      const at = history.current;
      if (at === undefined || this.current !== mode) return;
      const view = await this.viewOf(mode, at);
      if (!view || this.current !== mode || history.current !== at) return;
      this.show(mode, view, { quiet: true });
    });
  }

  /** `mode` shows a view; its asides follow the state drawn (asides.js). */
  show(mode, view, how) { mode.show(view, how); this.asides.follow(mode, { view, answer: how.answer }); }

  // ---------------------------------------------------------------- Python, for the modes
  // A mode reaches Python only by what it says to ask: `act`'s requests, views, pictures
  // and ghosts (looks.js), asides (asides.js), steps in a row (questions.js). `ask` (at
  // once) and `run` (after the actions before it) are the mid-end's and its helpers'.

  /** Ask `mode`'s aside `name` of the state it shows (asides.js). @param {import("./mode.js").Mode} mode @param {string} name */
  aside(mode, name) { return this.asides.ask(mode, name); }
  /** `mode`'s steps in a row, answered and done (questions.js). @template T @param {import("./mode.js").Mode} mode @param {import("../types").Steps<T>} steps */
  answer(mode, steps) { return answerAll(this, mode, steps); }

  /** @param {string} op @param {object} [args] */
  ask(op, args) { return this.engine.call(op, args); }
  /** @template T @param {() => Promise<T>} task @returns {Promise<T>} */
  run(task) { return this.engine.run(task); }

  // ---------------------------------------------------------------- the history

  /** `mode`'s history starts again: `list` of state strings, at `index`, made by steps
   *  of the kinds `steps` says (a letter each; none: moves), `mark` marked. @param {import("./mode.js").Mode} mode @param {string[]} list @param {number} [index] @param {string} [steps] @param {string | null} [mark] */
  restore(mode, list, index = list.length - 1, steps = "", mark = null) {
    this.historyOf(mode).load(list, index, steps, mark);
  }

  /** `mode`'s challenge opened (resume.js's plan): history, mark, address (`push`), time. */
  opened(mode, plan, push) {
    this.restore(mode, plan.history, plan.index, plan.steps, plan.mark);
    this.addresses.next(push);
    this.clock.reset(plan.elapsed);
  }

  /** Draw the state opened (or come back to) as it is, quietly: playable from here (the
   *  clock runs, if the mode is timed). @param {import("./mode.js").Mode} mode @param {import("../python/view.js").View} view */
  present(mode, view) {
    mode.presenting();
    this.draw(mode, view, { quiet: true });
    mode.presented();
    this.clock.sync();
  }

  undo() { this.travel(-1, undoneWords(this.historyOf(this.current).currentKind)); }
  redo() { this.travel(1, t("Redone.")); }

  /** Move through the shown mode's history by `delta` steps, saying `words`. */
  travel(delta, words) {
    const mode = this.current;
    this.engine.run(async () => {
      const history = this.historyOf(mode);
      if (mode.busy || !(delta < 0 ? history.canUndo : history.canRedo)) return;
      if (await this.goTo(mode, history.index + delta)) mode.stepped(words);
    });
  }

  /** Show a step of `mode`'s history; false (and the step dropped) if it cannot be shown. @param {import("./mode.js").Mode} mode @param {number} index */
  async goTo(mode, index) {
    const history = this.historyOf(mode);
    const view = await this.viewOf(mode, history.list[index]);
    if (!view) {
      history.drop(index);
      this.refresh();
      this.feedback.say(t("That step of your saved game could not be restored, so it was skipped."), "error");
      this.save(mode);
      return false;
    }
    history.moveTo(index);
    this.draw(mode, view);
    return true;
  }

  /** Back to the mode's start: a new step that Undo takes back (a lesson: its history
   *  starts again). */
  restart() {
    const mode = this.current;
    this.engine.run(async () => {
      if (!mode.active || mode.here === mode.start) return;
      mode.restarting();
      const view = await this.viewOf(mode, mode.start);
      if (mode.restartsAfresh) {
        this.restore(mode, [mode.start], 0);
        this.draw(mode, view);
      } else this.step(mode, view, { kind: "restart" });
      mode.restarted();
    });
  }

  // ---------------------------------------------------------------- the mark
  // A checkpoint: a mode that keeps one (`mode.marks`) has a position marked in its
  // history, or none. Marking costs nothing (no step); going back to it is a step like any
  // other (Undo takes it back). It is saved with the history.

  markOf(mode) { return this.historyOf(mode).mark; }

  /** Whether a mark is kept and another position is shown: Back to mark goes there. */
  awayFromMark(mode = this.current) {
    const mark = this.markOf(mode);
    return mark !== null && mode.here !== mark;
  }

  mark() { markHere(this); } // M, the toolbar's Mark (checkpoint.js)
  toMark() { backToMark(this); } // B, the toolbar's Back to mark: a new step

  historyOf(mode) {
    if (!this.histories.has(mode)) this.histories.set(mode, new History());
    return this.histories.get(mode);
  }

  // ---------------------------------------------------------------- the address (addresses.js)

  address(hash) { this.addresses.write(hash); }
  addressLesson(game) { this.addresses.forLesson(game); } // a lesson's reload comes back to it

  // ---------------------------------------------------------------- saving

  /** Save `mode`'s state (the one shown: another challenge or game is opened after) in the
   *  saved format, the mid-end's as Tatham's midend_serialise is: {history, index, steps}
   *  of its history, its `mark` and the clock's `elapsed` ms, which the mode keeps with
   *  what is its own (play: the help taken, the win; the editor: its draft). What the next
   *  visit draws at once of it, or null (nothing saved). @param {import("./mode.js").Mode} [mode] */
  save(mode = this.current) {
    const kept = mode.save({ ...this.historyOf(mode).saved(), elapsed: this.clock.now() });
    if (kept) this.clock.saved(); // (the timed autosave counts from here)
    return kept;
  }

  /** Save `mode`'s state, and keep its board for the next visit at once (the page hidden
   *  or left, a release applied; after a state drawn the board waits a frame). */
  keep(mode = this.current) {
    this.snapshot.keep(this.save(mode));
  }
}
