// What a mode of the page is (play.js, edit.js, lesson.js): one is shown at a time, reached
// only through the mid-end (midend.js), which does for every mode what they share: the
// history (undo, redo, restart), the path of a player's action, the address, the
// autosave. A mode supplies what differs: its state string (a placement, a draft) and how
// to view one, what a click asks, what it does with an answer, its items and buttons.
// What it shows goes through the page's parts every mode uses: the stage (stage.js: the
// board, the tray, the header), the hand (hand.js) and the status line (feedback.js). It
// asks Python nothing itself: it says what to ask and the mid-end asks it, for its moves
// (`act`'s requests), its states' views, items' pictures and ghosts (viewAsk, itemAsk,
// previewAsk: looks.js), its asides (asides.js) and its steps in a row (questions.js).
// Nor does it hold the mid-end: what it has the mid-end do as it opens (its history
// restored, a state drawn or presented, the hand's buttons fitted) are steps it yields
// (questions.js), which a route hands the mid-end; the mid-end tells it whether it is
// shown (`displayed`). Each method a mode must give throws here, so a mode that forgets one
// fails at once.

import { t } from "../words/i18n.js";

/** The history's buttons, in a mode's toolbar (the mid-end presses them). A button's
 *  label and title are getters: read in the page's language each time it is drawn. */
export const UNDO = { action: "undo", get label() { return t("Undo"); }, get title() { return t("Undo (Ctrl+Z)"); } };
export const REDO = { action: "redo", get label() { return t("Redo"); }, get title() { return t("Redo (Ctrl+Y)"); } };

export class Mode {
  /** `name` ("play", "edit", "lesson"); `page`: {stage, hand, feedback}, the parts every
   *  mode shows itself through. */
  constructor(name, { stage, hand, feedback }) {
    Object.assign(this, { name, stage, hand, feedback });
    this.shown = false; // whether the mid-end shows it now (it says so: `displayed`)
    // groups of toolbar buttons: [{action, label, title, press?, does?}]; one with no
    // `press` is the mid-end's to do (`does`, else its action: undo, redo, restart)
    this.buttons = [];
    // its asides: questions whose answer is shown beside its states (asides.js), by name
    this.asides = {};
  }

  /** The page speaks another language: the status line says where the player is in the
   *  new words (a mode says more: play.js), and what it must ask Python again, if anything
   *  (its steps, questions.js: the editor's tools' names), the mid-end answers after the
   *  actions before. @returns {import("../types").Steps | null | void} */
  relabelled(_info) {
    this.feedback.announceFit(""); // (what it said of a fit, in the old words)
    this.hand.relabelled();
    return null;
  }

  // ------------------------------------------------------------------ its state

  /** The state string shown (a placement, a draft), and the one Restart goes back to.
   *  @returns {string} */
  get here() {
    throw new Error(`${this.name} mode has no state`);
  }

  get start() {
    throw new Error(`${this.name} mode has no start`);
  }

  /** The state string of a view of this mode's. */
  stateOf(view) {
    throw new Error(`${this.name} mode has no state in ${view}`);
  }

  /** What to ask Python for the view of a state string, and which of its errors say the
   *  string is not one (`unreadable`: the view is then null; looks.js asks it).
   *  @param {string} state @returns {{op: string, args: object, unreadable?: (error: any) => boolean}} */
  viewAsk(state) {
    throw new Error(`${this.name} mode cannot view ${state}`);
  }

  /** Draw a view (`how`: {flash, answer, ...} as the mode's own calls give). */
  show(view, how) {
    throw new Error(`${this.name} mode cannot show ${view} (${how})`);
  }

  /** The address of a view shown, or null: it writes none. */
  address(view) {
    return view && null;
  }

  /** Whether the mode may be acted on at all now (the toolbar's buttons). */
  get active() {
    return false;
  }

  /** Whether the game's clock runs while this mode is shown (the mid-end's clock asks, as
   *  Tatham's timing_state): none but play's, with a challenge open and not won. */
  get timing() {
    return false;
  }

  /** Whether the mode is doing something that must not be interrupted (Solve's steps). */
  get busy() {
    return false;
  }

  /** Restart goes back to a history of the start alone (no Undo back). */
  get restartsAfresh() {
    return false;
  }

  /** Undo or Redo has drawn its step: the words after it. */
  stepped(words) {
    this.feedback.say(words, "info");
  }

  /** Before Restart's view is asked; after it is drawn. */
  restarting() {}

  restarted() {}

  // ------------------------------------------------------------------ input

  /** The tray's items: pieces (and an editor's markers), as the game's info gives them.
   *  @returns {any[]} */
  items() {
    throw new Error(`${this.name} mode gives no items`);
  }

  /** How to play, in a sentence (the page's footer). */
  get help() {
    return "";
  }

  /** What to ask Python for one item drawn in one orientation (its piece view).
   *  @param {string} id @param {string} orientation @returns {{op: string, args: object}} */
  itemAsk(id, orientation) {
    throw new Error(`${this.name} mode draws no item ${id} ${orientation}`);
  }

  /** The state the held item's ghosts are of (each asked once per state: looks.js): the
   *  state shown, unless the mode says more (play: its challenge too). @returns {string} */
  get ghostState() {
    return this.here;
  }

  /** What to ask Python for the held item's ghost at a location (its preview), asked only
   *  when it is not kept. @param {string} id @param {string} orientation @param {string} code @returns {{op: string, args: object}} */
  previewAsk(id, orientation, code) {
    throw new Error(`${this.name} mode previews nothing at ${code}`);
  }

  /** What a click, tap or Enter on a location asks, with an item in hand or not, as
   *  Tatham's interpret_move: a request for the mid-end's one path (`Ask`: a function that
   *  gives it when its turn in the engine's queue comes, or null then), or null: nothing
   *  to ask (the mode may have said why). The mode does not call the mid-end for it.
   *  @param {string} code @param {string | null} held @returns {import("../types").Ask | null} */
  activate(code, held) {
    throw new Error(`${this.name} mode does nothing at ${code} (${held})`);
  }

  /** Whether a click on a legal ghost plays that ghost as it shows, so the hand may set
   *  it down before the engine answers (play; a lesson may want another step, a tool
   *  another thing). */
  get placesGhost() {
    return false;
  }

  /** Whether a placed piece may be turned where it lies now (play mode's pieces). */
  get turnsPlaced() {
    return false;
  }

  /** What turning the placed piece `piece` where it lies asks ("rotate", "rotate-back" or
   *  "flip"): a request as `activate`'s, or null. @returns {import("../types").Ask | null} */
  turnPlaced(piece, how) {
    throw new Error(`${this.name} mode turns no placed piece (${piece}, ${how})`);
  }

  /** What a placed piece slid by a pointer (taken back by `activate`) let go on `code`
   *  asks (null: off the board): a request as `activate`'s, or null. @returns {import("../types").Ask | null} */
  land(code) {
    throw new Error(`${this.name} mode moves no placed piece (${code})`);
  }

  /** The hand changed: an item was taken, turned or put back (App tells the mode). */
  handChanged() {}

  /** Whether one of the mode's own toolbar actions may be used now (it is active). */
  enabled(action) {
    return Boolean(action);
  }

  /** One of the mode's own toolbar actions pressed (a button with no `press`): its request
   *  for the mid-end's one path (as `activate`'s), a promise of one, or null.
   *  @param {string} action @returns {import("../types").Ask | Promise<import("../types").Ask> | null | void} */
  press(action) {
    throw new Error(`${this.name} mode has no button ${action}`);
  }

  /** Stop pressed: what runs given up ({restart: Python must start again}), or null if
   *  nothing does; then `stopped` (`failed`: Python could not start again). @returns {{restart: boolean} | null} */
  stopping() {
    return null;
  }

  stopped(_failed) {}

  /** A state opened is drawn (the mid-end's `present`): before, and once it is playable. */
  presenting() {}
  presented() {}

  /** Show the mode (after the tray is loaded with its items): its steps (questions.js),
   *  which the mid-end answers. @returns {import("../types").Steps} */
  *enter() {}

  /** The mid-end shows this mode now, or no longer (`on`): what follows it reads `shown`. */
  displayed(on) {
    this.shown = on;
  }

  /** Stop showing the mode (its state is kept). */
  leave() {}

  /** Keep the mode's state: `saved` is the mid-end's part of it ({history, index, steps,
   *  mark, elapsed}: midend.js `save`), kept with the mode's own. What the next visit
   *  draws at once of it, or null. @param {import("../types").SavedSteps} saved */
  save(saved) {
    return saved && null;
  }
}
