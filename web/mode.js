// What a mode of the page is (play.js, edit.js, lesson.js): one is shown at a time
// (modes.js), reached only through this interface. A mode keeps its own state (a position
// and its History, or a draft); what it shows goes through the page's parts every mode
// uses: the engine (engine.js), the stage (stage.js: the board, the tray, the header),
// the hand (hand.js) and the status line (feedback.js).
// Each method a mode must give throws here, so a mode that forgets one fails at once.

export class Mode {
  /** `name` ("play", "edit", "lesson"); `page`: {engine, stage, hand, feedback}. */
  constructor(name, { engine, stage, hand, feedback }) {
    this.name = name;
    this.engine = engine;
    this.stage = stage;
    this.hand = hand;
    this.feedback = feedback;
    this.buttons = []; // groups of toolbar buttons: [{action, label, title, press}]
    this.previews = new Map(); // key -> a promise of Python's ghost (previewOnce)
  }

  /** The held item's ghost asked of Python once per `key` (the position, the item, its
   *  orientation, the location): the pointer crosses a spot many times. A failed answer
   *  is forgotten, so it is asked again. */
  previewOnce(key, ask) {
    if (!this.previews.has(key)) {
      const promise = ask();
      this.previews.set(key, promise);
      promise.catch(() => this.previews.delete(key));
    }
    return this.previews.get(key);
  }

  /** Whether the mode is doing something that must not be interrupted (Solve's steps). */
  get busy() {
    return false;
  }

  /** The tray's items: pieces (and an editor's markers), as the game's info gives them. */
  items() {
    throw new Error(`${this.name} mode gives no items`);
  }

  /** How to play, in a sentence (the page's footer). */
  get help() {
    return "";
  }

  /** One item drawn in one orientation (a promise of Python's piece view). */
  itemView(id, orientation) {
    throw new Error(`${this.name} mode draws no item ${id} ${orientation}`);
  }

  /** The held item's ghost at a location (a promise of Python's preview). */
  preview(id, orientation, code) {
    throw new Error(`${this.name} mode previews nothing at ${code}`);
  }

  /** A click, tap or Enter on a location, with an item in hand or not. */
  activate(code, held) {
    throw new Error(`${this.name} mode does nothing at ${code} (${held})`);
  }

  /** Whether a placed piece may be turned where it lies now (play mode's pieces). */
  get turnsPlaced() {
    return false;
  }

  /** Turn the placed piece `piece` where it lies ("rotate" or "flip"). */
  turnPlaced(piece, how) {
    throw new Error(`${this.name} mode turns no placed piece (${piece}, ${how})`);
  }

  /** The hand changed: an item was taken, turned or put back (App tells the mode). */
  handChanged() {}

  /** Whether a toolbar action may be used now. */
  enabled(action) {
    return Boolean(action) && false;
  }

  /** Show the mode (after the tray is loaded with its items). */
  enter() {}

  /** Stop showing the mode (its state is kept). */
  leave() {}

  /** Save the mode's state; what the next visit draws at once of it, or null. */
  save() {
    return null;
  }

  /** Move through the History by `delta` steps, saying `words`. */
  step(delta, words) {
    throw new Error(`${this.name} mode cannot step ${delta} (${words})`);
  }

  undo() {
    this.step(-1, "Undone.");
  }

  redo() {
    this.step(1, "Redone.");
  }
}
