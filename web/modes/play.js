// Play mode: a challenge played. Its state string is the placement (Python's), its history
// the mid-end's (midend.js: undo, redo, restart, the address, the autosave); every move
// is one `move` call through the mid-end, which answers with the new view and whether it
// is solved (or why it is refused). The page holds no rules. Play's parts, one job each:
//   played.js   the help taken, saving                   winning.js the win, its card, a daily's share
//   hints.js    the hint ladder                          solving.js Solve's question, steps, Stop
//   opening.js  what an opening plays                    stuck.js   the "Say when stuck" setting
//   playtools.js its toolbar's buttons; the clock, Pause and timed autosave are the mid-end's

import * as store from "../progress/store.js";
import { Mode } from "../midend/mode.js";
import { playButtons } from "./playtools.js";
import { openGame, openingWords, unplayable } from "../routes/opening.js";
import { Stuck } from "./stuck.js";
import { Played } from "./played.js";
import { Winning } from "./winning.js";
import { Hints } from "./hints.js";
import { Solving } from "./solving.js";
import { onlyOwnWords, putBackWords } from "../input/touch.js";
import { t } from "../words/i18n.js";
import { levelWords, shortName } from "../routes/source.js";
import { pieceWords, turnedWords } from "./playwords.js";
import { Signal } from "../lib/signal.js";

export class PlayMode extends Mode {
  /** `page`: what every mode uses (mode.js); `settings` (settings.js); `routes`: where
   *  the win card's buttons go (navigation.js); `winParent`: where the win card goes;
   *  `ask(question)`: a promise of the player's yes or no (confirm.js); `lent`: what its
   *  parts borrow of the mid-end, which play does not hold (types.d.ts PlayLent: the
   *  clock, Pause and the timed autosave, `session`; the save, the buttons' refresh, an
   *  aside asked now, the mark, Stop shown). What play tells, App hears: `movedOn` (the
   *  game shown moved on in another tab: its stored game; null: no longer), `stuckFound`
   *  (a hint found the board stuck: App offers "Say when stuck").
   *  @param {import("../types").ModeParts} page @param {{settings: import("../progress/settings.js").Settings, routes: any, winParent: HTMLElement, ask: (question: import("../types").Question) => Promise<boolean>, lent: import("../types").PlayLent}} parts */
  constructor(page, { settings, routes, winParent, ask, lent }) {
    super("play", page);
    this.settings = settings;
    this.movedOn = new Signal();
    this.stuckFound = new Signal();
    this.opening = false; // a challenge is being opened: none is playable meanwhile
    this.entry = null;    // the challenge played: {id, key, kind, level, name, challenge, note...}
    this.view = null;     // Python's view of the position shown
    this.first = null;    // the challenge's start placement
    const { stage, feedback } = page;
    this.session = lent.clock; // the game's clock, Pause and timed autosave: the mid-end's
    this.played = new Played((newer) => this.movedOn.tell(newer));
    this.stuck = new Stuck({ play: this, settings, stage, feedback, check: () => lent.aside("solvable") });
    // can the position shown still be finished: asked as Say when stuck is turned on
    this.asides = {
      solvable: {
        queued: true,
        ask: () => (!this.entry || this.busy || this.solved ? null : { op: "solvable", args: this.position() }),
        show: ({ solvable }) => this.stuck.found(solvable === false),
      },
    };
    // "All challenges" after a daily opens the picker on the calendar
    this.winning = new Winning({
      play: this, settings, feedback, parent: winParent,
      next: () => routes.next(this.entry), all: () => routes.openPicker(this.entry?.kind === "daily" ? "daily" : null),
    });
    // its parts reach what it owns (played, hints) through it, and what the mid-end owns
    // (the save, the buttons' refresh, Stop, the mark) through what it lent
    this.hints = new Hints({ play: this, stage, feedback, save: lent.save, stuckFound: () => this.stuckFound.tell() });
    this.solving = new Solving({ play: this, stage, feedback, refresh: lent.refresh, showStop: lent.showStop, ask });
    this.marks = true; // a checkpoint: the mid-end keeps one position marked (midend.js)
    this.buttons = playButtons(lent.awayFromMark);
  }

  /** A game's pieces and progress (its record, shared with the editor). */
  load({ game, info, record }) {
    this.game = game;
    this.info = info;
    this.record = record;
    this.entry = null;
    this.view = null;
    this.session.clear(); // not the last game's time while this one's challenge opens
  }

  /** The challenge played (its entry), or null. */
  get challenge() {
    return this.entry;
  }

  /** The clock runs while play is shown (the mid-end's, session.js, with the page seen, no
   *  dialog over the board, not paused, the engine ready): a challenge open and not won. */
  get timing() {
    return Boolean(this.entry) && !this.opening && !this.solved;
  }

  /** Solve is running: the board is not the player's. */
  get busy() {
    return this.solving.busy;
  }

  get solved() {
    return this.winning.solved;
  }

  /** What the first win would make, made now (the page playable and idle). */
  prepare() {
    this.winning.prepare();
  }

  /** Hide the win card; whether it was shown. */
  hideWin() {
    return this.winning.hide();
  }

  /** Stop pressed (the mid-end's stop): Solve given up. */
  stopping() { return this.solving.stopping(); }
  stopped(failed) { this.solving.stopped(failed); }

  get placement() {
    return this.view?.placement ?? "";
  }

  position(extra = {}) {
    return { challenge: this.entry.challenge, placement: this.placement, ...extra };
  }
  get ghostState() { return `${this.entry.challenge} ${this.placement}`; } // (a placement is the challenge's)

  // ------------------------------------------------------------------ the mode's state

  get here() {
    return this.placement;
  }

  get start() {
    return this.first;
  }

  stateOf(view) {
    return view.placement;
  }

  /** A step of the history (with whether it can still be finished, if that is asked). */
  viewAsk(placement) {
    return { op: "view", args: { challenge: this.entry.challenge, placement, ...this.stuck.args() }, unreadable: unplayable };
  }

  address(view) {
    return store.hashFor(this.game, this.entry, view.placement);
  }

  get active() {
    return !this.busy && Boolean(this.entry) && !this.session.paused;
  }

  stepped(words) {
    if (!this.solved) this.stuck.say(words);
  }

  restarting() {
    this.hand.drop();
  }

  restarted() {
    this.feedback.say(t("Back to the start. Undo brings your pieces back."), "info");
  }

  enabled() {
    return !this.solved; // hint, solve
  }

  /** Hint and Solve: their requests (Solve's once the player said yes). */
  press(action) {
    if (action === "hint") return this.hints.pressing();
    return action === "solve" ? this.solving.pressing() : null;
  }

  // ------------------------------------------------------------------ input

  items() {
    return this.info.pieces;
  }

  /** How to play, in a sentence (the page's footer). */
  get help() {
    return this.info.help || "";
  }

  itemAsk(id, orientation) {
    return { op: "piece", args: { piece: id, orientation } };
  }

  /** The held piece's ghost at a location. */
  previewAsk(id, orientation, code) {
    return { op: "preview", args: this.position({ piece: id, orientation, location: code }) };
  }

  /** A click, tap or Enter on a location asks: the hint's piece placed, the held piece
   *  placed, or a piece taken back. */
  activate(code, held) {
    if (this.busy) return null;
    const ghost = held ? null : this.hints.ghost();
    if (ghost?.locations.includes(code)) return this.hints.placing(ghost);
    return held ? this.place(held, code) : this.takeBack(code);
  }

  /** Back to this mode from the editor or a lesson: the position as it was (its steps,
   *  answered inside the mid-end's run), and `words` said. @returns {import("../types").Steps} */
  *enter(words = t("Back to your game.")) {
    const view = yield { view: this.here };
    if (view) yield { present: view };
    this.feedback.say(words, "info");
  }

  /** (The clock stops as the mid-end shows another mode: it is not play's `timing`.) */
  leave() {
    this.hints.clear();
    this.winning.hide();
  }

  // ------------------------------------------------------------------ a challenge

  /** Open a challenge to play on: its saved game (`saved`), at the link's position
   *  (`placed`) if Python accepts it, else fresh (resume.js decides). Nothing is drawn
   *  yet: the mid-end's `present` draws it (a lesson may come first); until then no challenge is
   *  playable, and the clock shows neither the last challenge's time nor one this one
   *  does not have yet. `push`: the challenge gets its own entry in the browser's
   *  history. Its steps (questions.js: the mid-end answers them, inside its run) return
   *  {view, notes, text}: what to draw, and what to say of it.
   *  @returns {import("../types").Steps<{view: import("../python/view.js").View, notes: string[], text: string}>} */
  *open(given, { saved = null, placed = null, notes = [], push = true } = {}) {
    this.opening = true;
    this.session.clear();
    try {
      const { entry, start, view, plan } = yield* openGame(this.record, given, { saved, placed, notes });
      this.entry = entry;
      this.first = start;
      this.view = view;
      yield { opened: plan, push }; // (its history, mark, address and time: the mid-end's)
      this.played.begin(plan, plan.resumed ? saved : null);
      this.winning.reset();
      this.hints.reset();
      return { view, notes, text: this.named(openingWords(plan, view.solved)) };
    } catch (e) {
      this.opening = false;
      this.session.sync();
      throw e;
    }
  }

  /** The challenge opened (or come back to) is drawn by the mid-end (`present`): its header
   *  first, then it is playable (the clock runs from there). */
  presenting() { this.describe(); }
  presented() { this.opening = false; }

  /** The challenge played in words ("IQ-Twist · Starter · Challenge 1."), then `next`. */
  named(next = "") {
    const e = this.entry;
    const named = t("{title} · {level} · {name}.", { title: this.info.title, level: levelWords(e.level), name: e.name });
    return next ? t("{first} {then}", { first: named, then: next }) : named;
  }

  /** The page speaks another language: the status line says where the player is in its
   *  words (the piece in hand, else the challenge). */
  relabelled(info) {
    if (info) this.info = info; // the game's words in the new language (loader.js)
    super.relabelled(info);
    if (this.entry && !this.hand.held && !this.solving.busy) this.feedback.say(this.named(), "info");
  }

  describe() {
    const e = this.entry;
    this.stage.describe({ level: e.level, name: e.name, short: shortName(e) }, { challenge: e.id, kind: e.kind, puzzle: e.challenge, draft: null });
  }

  // ------------------------------------------------------------------ moves
  /** Placing the held piece by its grip on a location: one call (Python finds the
   *  placement, checks the rules, plays it or says why not). */
  place(piece, code, { slid = false } = {}) {
    const orientation = this.hand.orientation(piece);
    return () => ({
      op: "move", args: this.position({ piece, orientation, location: code, ...this.stuck.args() }),
      flash: { piece, kind: "placed" },
      // a slid piece that cannot lie there goes back (its take-back withdrawn); one taken
      // back and put down again is one move, one undo
      withdraws: slid,
      refused: (why) => (slid ? this.wentBack(piece, why) : this.hand.refuse(why.message || t("The piece cannot go there."), why.notation)),
      replace: () => this.liftedNow(piece),
      accepted: () => this.hand.drop(),
      after: (answer) => { if (!answer.solved) this.stuck.say(t("{piece} placed.", { piece: this.pieceWords(piece) }), answer.item ?? ""); },
    });
  }

  /** A legal ghost clicked is the move played (activate: a held piece is placed). */
  get placesGhost() { return true; }

  /** A placed piece may be turned where it lies: a challenge open, not won, not solving. */
  get turnsPlaced() {
    return Boolean(this.entry) && !this.solved && !this.busy && !this.session.paused;
  }

  /** Turn the player's piece `piece` where it lies ("rotate", "rotate-back" or "flip"): one
   *  call (Python finds where it lies, plays it or says why not); one step of the undo
   *  history. The cursor stays on the piece, so that the next press turns it again. */
  turnPlaced(piece, how) {
    if (!this.turnsPlaced) return null;
    return () => ({
      op: "move", args: this.position({ turn: piece, how, ...this.stuck.args() }),
      flash: { piece, kind: "placed" },
      refused: (why) => {
        this.feedback.clearTip();
        this.feedback.say(why.message || t("The piece cannot turn where it lies."), "error", why.notation);
        this.stage.shake(piece);
      },
      accepted: (answer) => this.stage.keepCursorOn(answer.turned?.covers ?? []),
      after: (answer) => { if (!answer.solved) this.stuck.say(turnedWords(this.info, piece, answer.turned), answer.item ?? ""); },
    });
  }

  /** A piece as the status line says it: "The red piece". */
  pieceWords(id) {
    return pieceWords(this.info, id);
  }

  /** Take back the player's piece at a location into the hand. */
  takeBack(code) {
    const piece = this.stage.pieceAt(code);
    if (!piece) {
      this.feedback.say(onlyOwnWords(), "info");
      return null;
    }
    const orientation = this.hand.orientation(piece);
    return () => ({
      op: "move", args: this.position({ remove: piece, orientation, location: code, ...this.stuck.args() }),
      accepted: (answer) => { this.lifted = { piece, placement: answer.placement }; },
      ghost: { id: piece, orientation, code }, // the ghost of the piece back in hand comes with the move
      after: () => {
        this.hand.pick(piece);
        const taken = t("{piece} taken back into your hand.", { piece: this.pieceWords(piece) });
        this.stuck.say(t("{first} {then}", { first: taken, then: putBackWords() }));
      },
    });
  }

  /** The piece a pointer slid let go on `code` (null: off the board): put down there (its
   *  take-back and this one move), or back where it was with `why` said, after the take-back. */
  land(code) {
    const piece = this.lifted?.piece;
    return () => {
      if (!this.liftedNow(piece) || this.hand.held !== piece) return null;
      if (code) return this.place(piece, code, { slid: true })();
      return { answer: { refused: {} }, withdraws: true, refused: () => this.wentBack(piece) }; // (off the board)
    };
  }

  liftedNow(piece) { return Boolean(piece) && this.lifted?.piece === piece && this.lifted.placement === this.placement; }
  /** A slid piece is back where it was (its take-back withdrawn), with `why` said. */
  wentBack(piece, why = null) {
    const back = t("{piece} is back where it was.", { piece: this.pieceWords(piece) });
    this.feedback.say(why?.message ? t("{first} {then}", { first: why.message, then: back }) : back, why?.message ? "error" : "info", why?.notation);
  }

  /** The "Say when stuck" setting changed. */
  sayWhenStuck(on) {
    this.stuck.setting(on);
  }

  /** Draw a view from Python and bring the ladder, the stuck mark and the win up to date
   *  (the mid-end writes the address and saves after). `how`: {flash, answer (a move's:
   *  whether it can still be finished), solvable, quiet: shown solved, not solved now,
   *  byComputer: Solve solved it}. */
  show(view, { flash = null, answer = null, solvable = answer?.solvable ?? view.solvable, quiet = false, byComputer = false } = {}) {
    this.view = view;
    if (this.lifted?.placement !== view.placement) this.lifted = null; // moved on: no lift to land
    this.hints.moved(view.placement);
    this.stuck.set(solvable === false);
    this.stage.show(view, { flash, explain: this.busy ? null : this.position() }); // (a game explains a play position)
    this.winning.set(Boolean(view.solved), { quiet, byComputer });
    this.hand.showSelected(); // a won board has no piece to turn; one taken back from it has
  }

  // ------------------------------------------------------------------ saving

  /** The game's record changed in another tab: is the game shown behind it now? */
  follow() {
    if (this.entry) this.played.follow(this.record.find(this.entry.key));
  }

  /** Save the game in progress (`saved`: the mid-end's part, with play's own: the help
   *  taken, whether it is solved, its win); what a snapshot shows of it, or null if
   *  nothing was saved. @param {import("../types").SavedSteps} saved */
  save(saved) {
    const e = this.entry;
    if (!e || !this.view) return null;
    if (saved.history[saved.index] !== this.placement) return null; // mid-solve: the shown position is not a step
    this.played.save(this.record, e, { ...saved, solved: this.solved });
    return { challenge: e.id, level: e.level, name: e.name, hash: store.hashFor(this.game, e, this.placement), placement: this.placement };
  }
}
