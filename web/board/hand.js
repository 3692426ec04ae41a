// The hand: the item the player holds (tray.js keeps which, and how it is turned), its
// ghost on the board where it is pointed (the mode's preview, asked once per spot, the
// latest request winning) and the words that go with it. Pointer, touch and keys
// (input.js, gestures.js) act through it; the mode shown (through midend.js) says what a click
// does and what a ghost looks like.

import { explain } from "../words/message.js";
import { spotList } from "./board.js";
import { nameOf } from "./tray.js";
import { inHandWords, selectedSpotWords, selectedWords } from "../input/touch.js";
import { isPiece, turnsOf } from "../python/view.js";
import { t } from "../words/i18n.js";

export class Hand {
  /** `midend`: the one the hand's actions go to (and whose refresh() makes the buttons
   *  follow); `engine`: Python's queue, which the ghosts are asked through. */
  constructor({ tray, board, feedback, stage, midend, engine }) {
    this.tray = tray;
    this.board = board;
    this.feedback = feedback;
    this.stage = stage;
    this.midend = midend;
    this.engine = engine;
    this.game = null;           // the game loaded (its name)
    this.turns = turnsOf(null); // how the game's pieces turn
    this.at = null;             // the location the held item is pointed at
    this.asked = null;          // the preview wanted there (the latest wins)
    this.drawn = null;          // the ghost drawn: {key, on: the position it was asked over}
    this.settingDown = null;    // the ghost to set down as soon as it is drawn (its key)
  }

  /** A game's pieces: how they turn; another game's, and where the hand pointed is none
   *  of its locations. */
  load(info) {
    if (info.name !== this.game) this.hide();
    this.game = info.name;
    this.turns = turnsOf(info);
  }

  // ---------------------------------------------------------------- what input asks

  /** A board is shown that the player acts on. */
  get ready() {
    return this.stage.live;
  }

  /** The mode is doing what must not be interrupted (Solve's steps). */
  get busy() {
    return this.midend.busy;
  }

  /** The id of the item in hand, or null. */
  get held() {
    return this.tray.held;
  }

  get holding() {
    return this.tray.held !== null;
  }

  /** The item in hand, or with nothing in hand the piece selected on the board, may be
   *  turned now (Rotate and Flip are enabled). */
  get turnable() {
    return this.stage.live && !this.midend.busy && (isPiece(this.tray.item(this.tray.held)) || this.selected !== null);
  }

  /** The placed piece Rotate and Flip turn where it lies when nothing is in hand: the
   *  player's piece under the board's cursor (the spot last clicked, tapped, pressed and
   *  held, or moved to with the arrows), in a mode that turns pieces there; or null. */
  get selected() {
    if (!this.stage.live || this.tray.held || this.midend.busy || !this.midend.turnsPlaced) return null;
    if (!this.turns.rotate && !this.turns.flip) return null;
    return this.stage.pieceAt(this.board.cursor);
  }

  /** The board marks the selected piece (the cursor moved, a view was drawn, the hand
   *  changed) and the buttons follow. */
  showSelected() {
    this.board.select(this.selected, () => selectedSpotWords(this.turns));
    this.midend.refresh();
  }

  /** A press and hold on a player's piece with nothing in hand: it is selected (its
   *  spot has the cursor); false if there is no such piece there. */
  selectAt(code) {
    if (!this.stage.live || this.tray.held || !this.midend.turnsPlaced || !this.stage.pieceAt(code)) return false;
    this.board.setCursor(code, false);
    const item = this.tray.item(this.selected);
    if (item) this.feedback.say(selectedWords(nameOf(item), this.turns), "info");
    return true;
  }

  orientation(id) {
    return this.tray.orientation(id);
  }

  /** A click, tap or Enter on a location: the mode places, takes back or uses a tool. A
   *  legal ghost there is set down at once (ghost.js); if the move is not played after
   *  all, it is a ghost again once the engine has answered. */
  activate(code) {
    if (!this.stage.live) return;
    const held = this.tray.held;
    if (held) this.tray.letFocusGo();
    const settingDown = held !== null && this.setDown(held, code);
    this.midend.activate(code, held);
    // once the click's action is done (its move played, refused or failed): no piece
    // stays set down that the position drawn does not hold (no action of its own: the
    // busy state and the buttons are not redrawn for it)
    if (settingDown) {
      this.engine.settled().then(() => {
        this.settingDown = null;
        this.board.ghost.putBack();
      });
    }
  }

  /** A click at `code` plays the legal ghost of `held` there as it shows: it is set down
   *  now if it is drawn, else as soon as it is (a quick tap's, asked as the finger
   *  touched). Only in a mode that plays such a ghost (play), with no action queued
   *  before the click's, over the position the ghost was asked on. Whether it may be. */
  setDown(held, code) {
    if (!this.midend.placesGhost || this.midend.busy || this.engine.busy) return false;
    const key = this.keyOf(held, code);
    if (this.drawn?.key === key && this.drawn.on === this.board.placement) this.board.ghost.setDown();
    else if (this.asked === key) this.settingDown = key;
    else return false;
    return true;
  }

  /** What a ghost is asked by: the item, how it lies, the location. */
  keyOf(held, code) {
    return `${held}/${this.tray.orientation(held)}/${code}`;
  }

  /** The player's piece at a location that a pointer may slide elsewhere (a mode that
   *  moves placed pieces: play), or null. */
  pieceAt(code) {
    return this.stage.live && !this.tray.held && this.midend.turnsPlaced ? this.stage.pieceAt(code) : null;
  }

  /** A placed piece slid by a pointer: it is taken in hand (the mode takes it back). */
  lift(code) {
    this.activate(code);
  }

  /** The slid piece let go on a location (null: off the board): it lands there, the lift
   *  and the landing one step, or goes back where it was; no ghost stays. */
  land(code) {
    this.tray.letFocusGo();
    if (code) this.board.setCursor(code, false);
    this.midend.land(code);
    this.lifted();
  }

  /** Take an item in hand (a tray button, a number key, a piece taken back). */
  pick(id, fromKeyboard = false) {
    if (!this.stage.live || this.midend.busy) return;
    const item = this.tray.item(id);
    if (!item) return;
    if (isPiece(item) && this.stage.onBoard(id)) {
      this.feedback.say(t("{piece} is already on the board.", { piece: nameOf(item) }), "info");
      return;
    }
    if (this.tray.held === id && !fromKeyboard) {
      this.drop();
      return;
    }
    this.tray.hold(id);
    this.board.describe({ holding: id });
    this.showSelected();
    this.midend.handChanged();
    this.sayHeld(item, fromKeyboard);
    if (fromKeyboard) this.focusBoard();
    else if (this.at) this.ghost(this.at);
  }

  /** Ask `move(piece, orientation, location)` of the first piece in the tray over the
   *  first spot, and drop the answer: the engine's code runs for the first time then, not
   *  at the player's first placement (which waited 250-300 ms for it on a phone). */
  warmUp(move) {
    const piece = this.midend.items().find((item) => isPiece(item) && !this.stage.onBoard(item.id));
    const location = this.board.locations?.[0]?.code;
    if (piece && location) this.engine.run(() => move(piece.id, this.tray.orientation(piece.id), location).catch(() => {}));
  }

  /** The key of the `n`th tray item pressed. */
  pickNumber(n) {
    const item = this.midend.items()[n];
    if (item) this.pick(item.id, true);
  }

  /** Put the item back in the tray. */
  drop() {
    this.tray.release();
    this.clearGhost();
    this.board.describe({ holding: null });
    this.showSelected();
    this.midend.handChanged();
  }

  /** Whether the held item turns that way (a piece of a game that rotates/flips). */
  canTurn(how) {
    return isPiece(this.tray.item(this.tray.held)) && this.turns[how];
  }

  /** Turn the held item ("rotate" or "flip"); with nothing in hand, the piece selected
   *  on the board, where it lies. */
  async turn(how) {
    if (!this.turns[how]) return;
    if (!this.tray.held) {
      const piece = this.selected;
      if (piece) this.midend.turnPlaced(piece, how);
      return;
    }
    try {
      if (!(await this.tray.turn(how))) return;
    } catch (e) {
      this.feedback.say(explain(e), "error");
      return;
    }
    this.feedback.clearTip();
    // a screen reader hears how the piece lies now (and, on the board, whether it fits)
    const item = this.tray.item(this.tray.held);
    const lies = this.tray.lies(item) ? t("{piece}: {lies}.", { piece: nameOf(item), lies: this.tray.lies(item) }) : "";
    this.feedback.announceFit(lies);
    this.midend.handChanged();
    if (this.at) this.ghost(this.at, lies);
  }

  /** The page speaks another language: the piece in hand said again in its words, and its
   *  ghost asked again (its tip is in words too). */
  relabelled() {
    const item = this.tray.item(this.tray.held);
    if (!item) return;
    this.sayHeld(item, false);
    if (this.at) this.ghost(this.at);
  }

  /** What the item in hand is and how to place and turn it, in the status line. */
  sayHeld(item, fromKeyboard) {
    const piece = isPiece(item);
    this.feedback.say(inHandWords(nameOf(item), { rotate: piece && this.turns.rotate, flip: piece && this.turns.flip }, fromKeyboard), "info");
  }

  /** The keyboard's cursor on the board (the held item's ghost goes there). */
  focusBoard() {
    const code = this.board.focus();
    if (this.tray.held) this.ghost(code);
  }

  /** The pointer over a location (null: off the board). */
  point(code) {
    if (!code) this.hide();
    else if (code !== this.at || this.asked === null) this.ghost(code);
  }

  /** A view was drawn: a held piece now on the board is put down; else its ghost is
   *  drawn again where it points (the position under it changed). */
  follow(heldBefore) {
    if (heldBefore && !this.tray.held) this.drop();
    this.showSelected();
    if (this.tray.held && this.at) this.ghost(this.at);
  }

  /** A move the rules refuse: why, in the status line (not twice: the tip goes), and the
   *  ghost shakes. */
  refuse(message, notation) {
    this.feedback.clearTip();
    this.feedback.say(message, "error", notation);
    this.board.ghost.shake();
  }

  // ---------------------------------------------------------------- the ghost

  /** Show the held item's ghost at a location (the latest request wins); `said`: what
   *  the keyboard player hears before whether it fits (the turn just made). */
  ghost(code, said = "") {
    const held = this.tray.held;
    if (!held || !code || !this.stage.live) return;
    const from = this.at; // (where it pointed before: the way the finger goes)
    this.at = code;
    if (!this.engine.ready) return; // no ghost before the engine: it is drawn once it is ready
    const key = this.keyOf(held, code);
    this.asked = key;
    const on = this.board.placement;
    this.midend.preview(held, this.tray.orientation(held), code).then((p) => {
      if (this.asked !== key || !this.tray.held) return;
      this.board.ghost.draw(p, code);
      this.drawn = { key, on };
      if (this.settingDown === key && on === this.board.placement) this.board.ghost.setDown();
      this.settingDown = null;
      this.askAhead(key, held, code, from);
      this.feedback.showTip(p.legal ? "" : p.message, p.legal ? "" : p.notation);
      // the keyboard's cursor on this location: say whether it fits, and why not
      if (/** @type {HTMLElement} */ (document.activeElement)?.dataset?.code === code) {
        const piece = nameOf(this.tray.item(held));
        const fit = !p.legal ? p.message || t("It does not fit here.")
          : Array.isArray(p.covers) && p.covers.length ? t("{piece} fits here, covering {spots}.", { piece, spots: spotList(p.covers) })
            : t("{piece} fits here.", { piece });
        this.feedback.announceFit(said ? t("{first} {then}", { first: said, then: fit }) : fit);
      }
    }, (e) => this.feedback.say(explain(e), "error"));
  }

  /** Ask ahead for the ghosts round `code` (the mode keeps each answer until the position
   *  changes), so that a finger or mouse moved on to the next spot sees its ghost in the
   *  frame it gets there, with no wait for the worker: one at a time, nearest first, and
   *  none once the player points elsewhere (that ask goes first; it waits at most for
   *  the one answer under way); the spots ahead of a moving finger (from `from`) first.
   *  `key`: the ghost asked for at `code`. */
  async askAhead(key, held, code, from = null) {
    const orientation = this.tray.orientation(held);
    for (const spot of this.board.around(code, from)) {
      if (this.asked !== key || !this.stage.live) return;
      try {
        await this.engine.ahead(() => this.midend.preview(held, orientation, spot));
      } catch {
        return; // (said when asked for as a player's)
      }
    }
  }

  /** The engine is ready: a piece in hand gets its ghost where it points. */
  wake() {
    if (this.tray.held && this.at) this.ghost(this.at);
  }

  clearGhost() {
    this.asked = this.drawn = this.settingDown = null;
    this.board.ghost.clear();
    this.feedback.clearTip();
  }

  /** A finger lifted: no ghost stays once what the lift asked is done (the ghost is drawn
   *  where the piece goes, then the piece), and none is drawn again where it was. */
  lifted() {
    this.at = null;
    this.engine.run(async () => {
      if (!this.at) this.clearGhost();
    });
  }

  /** The pointer left the board: the item stays in hand. */
  hide() {
    this.at = null;
    this.clearGhost();
  }
}
