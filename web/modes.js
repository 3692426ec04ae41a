// The mode shown (play.js, edit.js, lesson.js: one interface, mode.js): one at a time
// serves the board, the tray, the toolbar and the footer. The hand, the toolbar and input
// reach the mode through here; switching is done here only.

import { isPiece } from "./view.js";

const root = document.documentElement;

export class Modes {
  /** `sync()`: play mode's clock follows (it runs only while play is shown); `drop()`:
   *  put the item in hand back (a switch does). */
  constructor({ tray, toolbar, shell, sync, drop }) {
    this.current = null;
    this.play = null;
    this.tray = tray;
    this.toolbar = toolbar;
    this.shell = shell;
    this.sync = sync;
    this.drop = drop;
    this.turns = { rotate: false, flip: false }; // how the game's pieces turn
  }

  /** Show play mode first (its buttons); the page starts there. */
  start(play) {
    this.current = this.play = play;
    this.toolbar.layout(play);
  }

  /** Whether `mode` is the one shown. */
  shows(mode) {
    return this.current === mode;
  }

  /** Make `mode` the one the board, the toolbar and (once loaded) the tray serve. */
  switch(mode) {
    this.drop();
    if (this.current === mode) return;
    this.current.leave();
    this.current = mode;
    this.sync(); // play mode's clock runs only while it is the mode shown
    if (mode !== this.play) root.dataset.mode = mode.name;
    else delete root.dataset.mode;
    this.toolbar.layout(mode);
  }

  /** Switch to `mode` with its items in the tray (`fresh`: in their first orientations). */
  async use(mode, { fresh = false } = {}) {
    this.switch(mode);
    await this.tray.load(mode.items(), (id, o) => mode.itemView(id, o), { fresh });
    this.fit();
  }

  /** A game's pieces turn so ({rotate, flip}). */
  load(turns) {
    this.turns = turns;
  }

  /** The hand buttons, key hints and help the mode's items need. */
  fit() {
    const items = this.current.items();
    const pieces = items.some(isPiece);
    const shown = { rotate: this.turns.rotate && pieces, flip: this.turns.flip && pieces };
    this.toolbar.fit(shown);
    this.shell.keys(this.turns, shown, items.length);
    this.shell.help(this.current.help);
  }

  // ---------------------------------------------------------------- the mode shown

  get busy() {
    return this.current.busy;
  }

  enabled(action) {
    return this.current.enabled(action);
  }

  items() {
    return this.current.items();
  }

  preview(id, orientation, code) {
    return this.current.preview(id, orientation, code);
  }

  activate(code, held) {
    this.current.activate(code, held);
  }

  handChanged() {
    this.current.handChanged();
  }

  get turnsPlaced() {
    return this.current.turnsPlaced;
  }

  turnPlaced(piece, how) {
    this.current.turnPlaced(piece, how);
  }

  undo() {
    this.current.undo();
  }

  redo() {
    this.current.redo();
  }

  /** Save the mode's state; what a snapshot of it shows, or null. */
  save() {
    return this.current.save();
  }
}
