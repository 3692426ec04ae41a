// Play mode: a challenge played, its position (a placement string), the undo history,
// the clock, the hints taken, the win. Every move is one `move` call to Python, which
// answers with the new view and whether it is solved (or why it is refused); Solve is one
// `solve` call whose steps are animated here. The page holds no rules.
//
// A Mode (mode.js: the interface edit.js fills too); its Session (session.js) keeps the
// clock, Pause and autosave.

import { formatTime } from "./dom.js";
import * as store from "./store.js";
import { History } from "./history.js";
import { Mode } from "./mode.js";
import { gameOf, isWon } from "./record.js";
import { shareText, shareBox } from "./share.js";
import { today } from "./tally.js";
import { planGame } from "./resume.js";
import { WinCard } from "./wincard.js";
import { Session } from "./session.js";
import { Elsewhere } from "./elsewhere.js";
import { isParserError } from "./message.js";
import { LIMITS } from "./saved.js";
import { HintLadder, ghostOf, TOP_RUNG } from "./hints.js";
import { forDevice, pickWords, putBackWords } from "./touch.js";
import { nameOf } from "./tray.js";
import { withHelp, counts, helpWords } from "./win.js";
import { boxOf, placedIn } from "./view.js";
import { spotList } from "./board.js";

const SOLVE_STEP_MS = 260;
const STOP_AFTER_MS = 600; // Solve shows its Stop button when it takes longer than this
const LINK_POSITION = "That link does not hold a position of this challenge, so it starts fresh.";
const SAVED_POSITION = "Your saved game of this challenge could not be loaded, so it was set aside and you start afresh.";
// the "Say when stuck" setting: said after a move that leaves no way to finish
const STUCK = "This position can no longer be finished. Hint shows which piece to take back.";
// what the next press of Hint gives, after each rung of the ladder
const NEXT_RUNG = {
  1: "Press Hint again to see where it goes.",
  2: "Press Hint again to see how it lies.",
  3: "Click it, or press Hint again, to place it.",
};

// Solve asks first: the whole solution shown, the game is not the player's win
const SOLVE_QUESTION = { title: "Show the whole solution?", yes: "Solve", no: "Cancel" };
const SOLVE_COST = "This challenge will not count as solved by you.";
const SOLVE_COST_WON = "This game will not count as solved by you (your earlier win stays).";

const root = document.documentElement;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

export class PlayMode extends Mode {
  /** `page`: what every mode uses (mode.js); `settings` (settings.js); `routes`: where
   *  the win card's buttons go (navigation.js); `snapshot`: keeps the board shown for the
   *  next visit; `toolbar`: Solve's Stop; `refresh()`: the buttons follow; `shown()`: this
   *  mode is the one shown; `covered()`: a dialog covers the board; `timer`, `winParent`:
   *  the clock's element and where the win card goes; `behind(newer)`: the game shown
   *  moved on in another tab (newer: its stored game; null: no longer); `ask(question)`: a
   *  promise of the player's yes or no (confirm.js). */
  constructor(page, { settings, routes, snapshot, toolbar, refresh, shown, covered, timer, winParent, behind, ask }) {
    super("play", page);
    this.settings = settings;
    this.routes = routes;
    this.snapshot = snapshot;
    this.toolbar = toolbar;
    this.refresh = refresh;
    this.shown = shown;
    this.ask = ask;
    this.history = new History();
    this.opening = false; // a challenge is being opened: none is playable meanwhile
    // the clock, Pause, the page hidden, autosave: the game's session. Its clock runs while
    // a challenge is playable: this mode shown, the engine ready, a challenge open and not won
    this.session = new Session({
      timer, save: () => this.save(), covered,
      playable: () => shown() && this.engine.ready && Boolean(this.entry) && !this.opening && !this.solved,
      changed: refresh, // no Hint or Solve while paused
    });
    // "All challenges" after a daily opens the picker on the calendar
    this.win = new WinCard({
      next: () => this.next(), all: () => routes.openPicker(this.entry?.kind === "daily" ? "daily" : null),
      close: () => this.win.hide(),
    });
    winParent.append(this.win.node);
    this.entry = null;       // the challenge played: {id, key, kind, level, name, challenge, note...}
    this.view = null;        // Python's view of the position shown
    this.solving = null;     // a token while Solve runs: {waiting: Python is still solving}
    this.solved = false;
    this.navigation = "replace";
    this.ladder = new HintLadder();
    this.stuck = false;      // the "Say when stuck" check found no way to finish from here
    this.given = new Set();  // the pieces a hint's top rung showed as they lie, in this game
    this.won = null;         // this game's win as it was recorded (win.js), once it is won
    this.elsewhere = new Elsewhere(behind); // the game shown, played in another tab too
    this.buttons = [
      [{ action: "undo", label: "Undo", title: "Undo (Ctrl+Z)", press: () => this.undo() },
        { action: "redo", label: "Redo", title: "Redo (Ctrl+Y)", press: () => this.redo() },
        { action: "restart", label: "Restart", title: "Restart the challenge", press: () => this.restart() }],
      [{ action: "hint", label: "Hint", title: "A hint: which piece, then where, then the piece itself", press: () => this.hint() },
        { action: "solve", label: "Solve", title: "Show the whole solution", press: () => this.askSolve() }],
    ];
  }

  /** A game's pieces and progress (its record, shared with the editor). */
  load({ game, info, challenges, record }) {
    this.game = game;
    this.info = info;
    this.challenges = challenges;
    this.record = record;
    this.entry = null;
    this.view = null;
    this.session.clear(); // not the last game's time while this one's challenge opens
  }

  /** The challenge played (its entry), or null. */
  get challenge() {
    return this.entry;
  }

  /** Solve is running: the board is not the player's. */
  get busy() {
    return Boolean(this.solving);
  }

  /** Start or stop the clock as its conditions say (a dialog opened or closed...). */
  sync() {
    this.session.sync();
  }

  /** The Pause button pressed or released. */
  setPaused(paused) {
    this.session.setPaused(paused);
  }

  /** Hide the win card; whether it was shown. */
  hideWin() {
    const shown = this.win.shown;
    this.win.hide();
    return shown;
  }

  get placement() {
    return this.view?.placement ?? "";
  }

  position(extra = {}) {
    return { challenge: this.entry.challenge, placement: this.placement, ...extra };
  }

  // ------------------------------------------------------------------ the mode's interface

  items() {
    return this.info.pieces;
  }

  /** How to play, in a sentence (the page's footer). */
  get help() {
    return this.info.help || "";
  }

  itemView(id, orientation) {
    return this.engine.call("piece", { piece: id, orientation });
  }

  /** The held piece's ghost at a location (asked once per position). */
  preview(id, orientation, code) {
    return this.previewOnce(`${this.placement}|${id}|${orientation}|${code}`,
      () => this.engine.call("preview", this.position({ piece: id, orientation, location: code })));
  }

  /** A click, tap or Enter on a location: place the held piece, or take a piece back. */
  activate(code, held) {
    if (this.solving) return;
    const ghost = held ? null : this.ladder.ghost(this.placement);
    if (ghost?.locations.includes(code)) this.engine.run(() => this.playHint(ghost));
    else if (held) this.place(held, code);
    else this.takeBack(code);
  }

  enabled(action) {
    if (this.solving || !this.entry || this.session.paused) return false;
    switch (action) {
      case "undo": return this.history.canUndo;
      case "redo": return this.history.canRedo;
      case "restart": return this.placement !== this.start;
      default: return !this.solved; // hint, solve
    }
  }

  /** Back to this mode from the editor or a lesson: the position as it was (inside
   *  engine.run), and `words` said. */
  async enter(words = "Back to your game.") {
    this.present(await this.engine.call("view", this.position()));
    this.feedback.say(words, "info");
  }

  /** (The clock stops as App shows another mode: it syncs the session then.) */
  leave() {
    this.ladder.reset(null);
    this.stage.clearHint();
    this.save();
    this.win.hide();
  }

  // ------------------------------------------------------------------ a challenge

  /** Python's view of a position, or null if it is not a position of the challenge.
   *  `extra`: more arguments of the view op (whether it can still be finished). */
  async viewOrNull(challenge, placement, extra = {}) {
    try {
      return await this.engine.call("view", { challenge, placement, ...extra });
    } catch (e) {
      if (isParserError(e) || e?.type === "IllegalPlacementError") return null;
      throw e;
    }
  }

  /** Open a challenge to play on: its saved game (`saved`), at the link's position
   *  (`placed`) if Python accepts it, else fresh (resume.js decides). Nothing is drawn
   *  yet: `present` draws it (a lesson may come first); until then no challenge is
   *  playable, and the clock shows neither the last challenge's time nor one this one
   *  does not have yet. `push`: the challenge gets its own entry in the browser's
   *  history. Returns {view, notes, text}: what to draw, and what to say of it. */
  async open(given, { saved = null, placed = null, notes = [], push = true } = {}) {
    // `opened`: the start and the views Python answered with the entry (source.openedOf:
    // a daily's, a saved game's; one call), null for a position it is not one of; kept
    // out of the entry played (a booklet's stays the booklet's own object)
    const { opened = null, ...fields } = given;
    const entry = opened ? fields : given;
    const known = opened?.views ?? new Map();
    const viewAt = (placement) => (known.has(placement) ? known.get(placement) : this.viewOrNull(entry.challenge, placement));
    this.opening = true;
    this.session.clear();
    try {
      const start = opened ? opened.start : await this.engine.call("start", { challenge: entry.challenge });
      let plan = planGame({ saved, placed, start });
      let view = await viewAt(plan.history[plan.index]);
      if (!view && placed !== null) {
        notes.push(LINK_POSITION);
        plan = planGame({ saved, start });
        view = await viewAt(plan.history[plan.index]);
      }
      if (!view && saved) {
        notes.push(SAVED_POSITION);
        this.record.setAside(saved);
        plan = planGame({ start });
      }
      view ??= known.get(start) ?? await this.engine.call("view", { challenge: entry.challenge, placement: start });
      plan.history[plan.index] = view.placement;
      this.entry = entry;
      this.start = start;
      this.view = view;
      this.history.load(plan.history, plan.index);
      this.session.reset(plan.elapsed);
      this.given = new Set(plan.given);
      this.hints = plan.hints;
      this.helped = plan.helped;
      this.fromStart = plan.fromStart;
      this.won = plan.won;
      this.elsewhere.opened(plan.resumed ? saved : null);
      this.navigation = push ? "push" : "replace";
      this.solved = false;
      delete root.dataset.solved;
      this.win.hide();
      this.ladder.reset(null);
      // a saved game goes on only if the player had moved (an untouched one is a fresh start)
      const moved = plan.resumed && (plan.history.length > 1 || plan.hints > 0);
      return { view, notes, text: this.named(view.solved ? "" : moved ? "Your game goes on where you left it." : "Pick a piece to start.") };
    } catch (e) {
      this.opening = false;
      this.session.sync();
      throw e;
    }
  }

  /** Draw the challenge opened (or come back to, `enter`): the clock runs from here. */
  present(view) {
    this.describe();
    this.show(view, { quiet: true });
    this.opening = false;
    this.session.sync();
  }

  /** The challenge played in words ("IQ-Twist · Starter · Challenge 1."), then `next`. */
  named(next = "") {
    const e = this.entry;
    return `${this.info.title} · ${e.level} · ${e.name}. ${next}`.trim();
  }

  describe() {
    const e = this.entry;
    this.stage.describe({ level: e.level, name: e.name }, { challenge: e.id, kind: e.kind, puzzle: e.challenge, draft: null });
  }

  /** "Next challenge" on the win card: another new one of the level, after a daily the
   *  next game's daily of that day, or the booklet's next unsolved challenge. */
  next() {
    let opened;
    if (this.entry?.kind === "generated") opened = this.routes.newChallenge(this.entry.level);
    else if (this.entry?.kind === "daily") opened = this.routes.nextDaily(this.entry.date);
    else {
      const i = this.challenges.findIndex((c) => c.id === this.entry?.id);
      const after = [...this.challenges.slice(i + 1), ...this.challenges.slice(0, i + 1)];
      const next = after.find((c) => !this.record.solved(c.id)) || after[0];
      opened = this.routes.openChallenge(next.id);
    }
    // the button is gone with the card: the focus goes to the new board, not the page
    Promise.resolve(opened).then(() => this.routes.focusBoard());
  }

  // ------------------------------------------------------------------ moves

  /** Place the held piece by its grip on a location: one call (Python finds the
   *  placement, checks the rules, plays it or says why not). */
  place(piece, code) {
    const orientation = this.hand.orientation(piece);
    this.engine.run(async () => {
      const answer = await this.engine.call("move", this.position({ piece, orientation, location: code, ...this.askSolvable() }));
      if (answer.refused) {
        this.refuse(answer.refused);
        return;
      }
      this.hand.drop();
      this.push(answer.view, { piece, kind: "placed" }, false, answer.solvable);
      if (!answer.solved) this.sayAfterMove(`${this.pieceWords(piece)} placed.`, answer.item ?? "");
    });
  }

  /** A placed piece may be turned where it lies: a challenge open, not won, not solving. */
  get turnsPlaced() {
    return Boolean(this.entry) && !this.solved && !this.solving && !this.session.paused;
  }

  /** Turn the player's piece `piece` where it lies ("rotate" or "flip"): one call (Python
   *  finds where the turned piece lies, plays it or says why not); one step of the undo
   *  history. The cursor stays on the piece, so that the next press turns it again. */
  turnPlaced(piece, how) {
    if (!this.turnsPlaced) return;
    this.engine.run(async () => {
      const answer = await this.engine.call("move", this.position({ turn: piece, how, ...this.askSolvable() }));
      if (answer.refused) {
        this.feedback.clearTip();
        this.feedback.say(answer.refused.message || "The piece cannot turn where it lies.", "error", answer.refused.notation);
        this.stage.shake(piece);
        return;
      }
      this.stage.keepCursorOn(answer.turned?.covers ?? []);
      this.push(answer.view, { piece, kind: "placed" }, false, answer.solvable);
      if (!answer.solved) this.sayAfterMove(this.turnedWords(piece, answer.turned), answer.item ?? "");
    });
  }

  /** "The red piece turned where it lies: now turned 90 degrees clockwise, covering 3B,
   *  3C and 4C." */
  turnedWords(piece, turned) {
    const item = this.info?.pieces?.find((p) => p.id === piece);
    const lies = item?.orientationNames?.[turned?.orientation];
    const covers = turned?.covers?.length ? `, covering ${spotList(turned.covers)}` : "";
    return `${this.pieceWords(piece)} turned where it lies${lies ? `: now ${lies}` : ""}${covers}.`;
  }

  /** A piece as the status line says it: "The red piece". */
  pieceWords(id) {
    const item = this.info?.pieces?.find((p) => p.id === id);
    return item ? nameOf(item) : `Piece ${id}`;
  }

  refuse({ message, notation }) {
    this.hand.refuse(message || "The piece cannot go there.", notation);
  }

  /** Take back the player's piece at a location into the hand. */
  takeBack(code) {
    const piece = this.stage.pieceAt(code);
    if (!piece) {
      this.feedback.say(`Only your own pieces come back to the tray: pick a piece there (${pickWords()}).`, "info");
      return;
    }
    const orientation = this.hand.orientation(piece);
    this.engine.run(async () => {
      const answer = await this.engine.call("move", this.position({ remove: piece, orientation, location: code, ...this.askSolvable() }));
      this.push(answer.view, null, false, answer.solvable);
      // the ghost of the piece back in hand came with the move: no second call for it
      if (answer.ghost) this.previews.set(`${this.placement}|${piece}|${orientation}|${code}`, Promise.resolve(answer.ghost));
      this.hand.pick(piece);
      this.sayAfterMove(`${this.pieceWords(piece)} taken back into your hand. ${putBackWords()}`);
    });
  }

  /** `solvable`: whether the new position can still be finished (asked with the "Say
   *  when stuck" setting on; undefined when not asked). */
  push(view, flash = null, byComputer = false, solvable = undefined) {
    this.history.push(view.placement);
    this.show(view, { flash, byComputer, solvable });
  }

  /** The arguments that ask Python, with the move, whether the position after it can still
   *  be finished: only with the "Say when stuck" setting on. */
  askSolvable() {
    return this.settings.get("solvable") ? { solvable: true } : {};
  }

  /** What to say after a move: its words, or that there is no way to finish now. */
  sayAfterMove(text, notation = "") {
    if (this.stuck) this.feedback.say(STUCK, "error");
    else this.feedback.say(text, "info", notation);
  }

  /** The setting was just turned on: check the position shown now (one call). */
  checkSolvable() {
    this.engine.run(async () => {
      if (!this.entry || this.solving || this.solved) return;
      const { solvable } = await this.engine.call("solvable", this.position());
      this.setStuck(solvable === false);
      this.sayAfterMove("This position can still be finished.");
    });
  }

  /** The "Say when stuck" setting changed: turned on, the position shown is checked. */
  sayWhenStuck(on) {
    if (on && this.shown()) this.checkSolvable();
    else if (!on) this.setStuck(false);
  }

  setStuck(stuck) {
    this.stuck = stuck;
    this.stage.describe({}, { stuck: stuck ? "true" : null });
  }

  /** Show a step of the history; false (and the step dropped) if it cannot be shown. */
  async goTo(index) {
    const view = await this.viewOrNull(this.entry.challenge, this.history.list[index], this.askSolvable());
    if (!view) {
      this.history.drop(index);
      this.refresh();
      this.feedback.say("That step of your saved game could not be restored, so it was skipped.", "error");
      this.save();
      return false;
    }
    this.history.index = index;
    this.show(view);
    return true;
  }

  step(delta, words) {
    this.engine.run(async () => {
      if (this.solving || !(delta < 0 ? this.history.canUndo : this.history.canRedo)) return;
      if (await this.goTo(this.history.index + delta) && !this.solved) this.sayAfterMove(words);
    });
  }

  restart() {
    this.engine.run(async () => {
      if (this.placement === this.start) return;
      this.hand.drop();
      this.push(await this.engine.call("view", this.position({ placement: this.start, ...this.askSolvable() })));
      this.feedback.say("Back to the start. Undo brings your pieces back.", "info");
    });
  }

  /** Draw a view from Python and bring what depends on it up to date (the win, the
   *  address, the saved game). */
  show(view, { quiet = false, flash = null, byComputer = false, solvable = view.solvable } = {}) {
    this.view = view;
    this.previews.clear();
    if (view.placement !== this.ladder.placement) { // a move: the ladder starts again
      this.ladder.reset(view.placement);
      this.stage.clearHint();
    }
    this.setStuck(solvable === false);
    this.stage.show(view, { flash, explain: this.solving ? null : this.position() }); // (a game explains a play position)
    this.setSolved(Boolean(view.solved), { quiet, byComputer });
    this.hand.showSelected(); // a won board has no piece to turn; one taken back from it has
    this.writtenHash = store.hashFor(this.game, this.entry, view.placement);
    store.writeHash(this.writtenHash, this.navigation === "push");
    this.navigation = "replace";
    this.keep();
  }

  /** A lesson of `game` comes first, over the challenge opened: an address naming another
   *  game (the one left) says this game instead, so that a reload comes back to it; the
   *  challenge's own address replaces it once it is shown. */
  addressLesson(game) {
    const named = store.readHash();
    if (named.empty || named.game === game) return;
    this.writtenHash = store.hashFor(game, null, null);
    store.writeHash(this.writtenHash, this.navigation === "push");
    this.navigation = "replace";
  }

  /** Put the address of the position shown back (after one the page did not follow). */
  rewriteHash() {
    if (this.writtenHash) store.writeHash(this.writtenHash);
  }

  /** Whether the address is the one this mode wrote (so there is nothing to follow). */
  wrote(hash) {
    return hash === this.writtenHash;
  }

  // ------------------------------------------------------------------ help

  /** One press of Hint: the next rung of the ladder at this position (one call), or, with
   *  the top rung's ghost shown, the piece placed (no call: the hint carried the position
   *  after it). A hint is counted once per position, when its first rung is taken. */
  hint() {
    this.engine.run(async () => {
      if (this.solving || this.solved || !this.entry) return;
      const ghost = this.ladder.ghost(this.placement);
      if (ghost) {
        this.playHint(ghost);
        return;
      }
      const rung = this.ladder.next(this.placement);
      const hint = await this.engine.call("hint", this.position({ level: rung }));
      this.ladder.took(rung, hint);
      if (rung === 1 && (hint.kind === "place" || hint.kind === "remove")) {
        this.hints++;
        this.save();
      }
      this.showHint(hint, rung);
    });
  }

  showHint(hint, rung) {
    if (hint.kind === "place") {
      const ghost = rung >= TOP_RUNG && hint.after ? ghostOf(hint.after.view, hint.piece) : null;
      if (ghost && !this.given.has(hint.piece)) { // shown as it lies: that piece is the hint's, not the player's
        this.given.add(hint.piece);
        this.save();
      }
      // rung 1 marks the spot its reason names (if any), rung 2 the spots the piece covers
      this.stage.showHint({ piece: hint.piece, spots: hint.locations, ghost, kind: "place" });
      this.feedback.say(`Hint: ${hint.message} ${forDevice(NEXT_RUNG[Math.min(rung, TOP_RUNG)])}`, "hint", hint.notation);
    } else if (hint.kind === "remove") {
      this.stage.flash(hint.piece, "blocker");
      this.stage.showHint({ piece: null, spots: hint.locations, kind: "remove" });
      this.feedback.say(`Hint: ${hint.message}`, "hint", hint.notation);
    } else {
      this.feedback.say(hint.message, hint.kind === "impossible" ? "error" : "info", hint.notation);
    }
  }

  /** Place the piece the top rung shows (its ghost clicked, or Hint pressed again). */
  playHint(hint) {
    if (this.solving || this.ladder.ghost(this.placement) !== hint) return;
    const answer = hint.after;
    this.hand.drop();
    this.push(answer.view, { piece: hint.piece, kind: "hinted" }, false, true);
    if (!answer.solved) this.feedback.say(`${this.pieceWords(hint.piece)} placed from the hint.`, "info", hint.notation);
  }

  /** Solve pressed: the player is asked first (the solution given away, the game not
   *  theirs), then it solves. */
  async askSolve() {
    if (this.solved || this.solving || !this.entry) return;
    const text = isWon(this.record.winOf(this.entry)) ? SOLVE_COST_WON : SOLVE_COST;
    if (await this.ask({ ...SOLVE_QUESTION, text })) this.solve();
  }

  /** Solve: one call for every step, then each step drawn in turn; one undo step.
   *  Stop cancels (while Python works, by restarting it). */
  solve() {
    this.engine.run(async () => {
      if (this.solved) return;
      this.hand.drop();
      this.ladder.reset(null);
      this.stage.clearHint();
      const token = { waiting: true };
      this.solving = token;
      this.refresh();
      const slow = setTimeout(() => { if (this.solving === token) this.toolbar.stop(true); }, STOP_AFTER_MS);
      this.feedback.say("Solving…", "busy");
      try {
        const { steps } = await this.engine.call("solve", this.position());
        token.waiting = false;
        for (const step of steps) {
          if (this.solving !== token) return;
          this.stage.show(step.view, { flash: { piece: step.piece, kind: step.action === "play" ? "placed" : "removed" } });
          if (!reducedMotion()) await sleep(SOLVE_STEP_MS);
        }
        if (this.solving !== token) return;
        if (!steps.length) {
          this.feedback.say("Nothing to solve.", "info");
          return;
        }
        this.helped = true;
        this.solving = null;
        this.push(steps[steps.length - 1].view, null, true);
        this.feedback.say("Solved by the computer. Undo takes the solution back.", "info");
      } finally {
        clearTimeout(slow);
        if (this.solving === token) this.solving = null;
        this.toolbar.stop(false);
        this.refresh();
      }
    });
  }

  /** Stop a running Solve: the position before it comes back. */
  async cancelSolve() {
    const token = this.solving;
    if (!token) return;
    this.solving = null;
    this.toolbar.stop(false);
    try {
      if (token.waiting) {
        try {
          await this.engine.restart();
        } finally {
          this.session.sync(); // the engine is ready again: the clock may run
        }
      }
      this.show(await this.engine.call("view", this.position({ placement: this.history.current })), { quiet: true });
      this.feedback.say("Stopped: the position is as it was before Solve.", "info");
    } catch (e) {
      console.error(e);
      this.feedback.say("The puzzle engine could not restart. Reload the page.", "error");
    } finally {
      this.refresh();
    }
  }

  // ------------------------------------------------------------------ winning

  /** Note that the position shown is solved or not. `quiet`: it was shown solved (a
   *  saved or linked position), not solved now; `byComputer`: Solve just solved it.
   *  A game is won once: the first time it is solved here its win is recorded and kept
   *  with it; back on a solved position later (Undo, Redo) it is solved again, no new win. */
  setSolved(solved, { quiet = false, byComputer = false } = {}) {
    if (solved === this.solved) return;
    this.solved = solved;
    this.session.sync(); // a won challenge is not timed; one undone is again
    if (!solved) {
      delete root.dataset.solved;
      this.win.hide();
      return;
    }
    root.dataset.solved = "true";
    const again = !quiet && this.won !== null;
    let recorded = { best: false, stored: true };
    if (!quiet && !again) {
      const win = this.won = this.winNow();
      // a win with help (Solve, or every piece from a hint) is not the player's own: the
      // picker draws no tick for it, the stats do not count it
      recorded = this.record.recordWin(this.entry, { elapsed: win.elapsed, hints: win.hints, helped: withHelp(win), counts: counts(win), solve: win.solve, placement: this.placement });
      this.save();
    }
    if (byComputer) return; // the status says Solve did it; Undo takes it back
    const win = this.won; // null: a position opened solved, which the player did not win here
    const hideClock = Boolean(this.settings.get("hideClock")); // no time anywhere, then
    this.win.show({
      entry: this.entry, win, again, quiet, hideClock, ...recorded,
      bestTime: this.record.winOf(this.entry)?.best,
      colours: [...new Set(this.info.pieces.map((p) => p.colour))],
      extra: this.entry.kind === "daily" && win ? shareBox(this.shareText()) : null,
    });
    if (again) this.feedback.say("Solved again: a game counts once, when it is first solved.", "success");
    if (quiet || again) return; // (a position opened solved: the opening says what it is)
    const how = helpWords(win);
    const time = hideClock ? "" : ` in ${formatTime(win.elapsed)}`;
    this.feedback.say(`Solved! ${this.info.title} · ${this.entry.level} · ${this.entry.name}${time}${how ? ` with ${how}` : ""}.`, "success");
  }

  /** The game's win if it were won now (win.js). */
  winNow() {
    return {
      elapsed: Math.min(Math.round(this.session.elapsed), LIMITS.time), hints: this.hints, solve: this.helped,
      byHints: !this.helped && this.allFromHints(), fromStart: this.fromStart,
    };
  }

  /** Whether every piece the player put on the board was shown by a hint's top rung
   *  (the pieces of the challenge itself are not the player's). */
  allFromHints() {
    const mine = placedIn(this.view);
    return mine.size > 0 && [...mine].every((id) => this.given.has(id));
  }

  /** A daily's result to share: time and help, never the solution. */
  shareText() {
    const link = window.location.href.split("#")[0] + store.hashFor(this.game, this.entry, null);
    return shareText({
      title: this.info.title, entry: this.entry, win: this.won,
      streak: this.record.dailies(today()).streak.current, link, hideClock: Boolean(this.settings.get("hideClock")),
    });
  }

  /** The challenge played, for the printed sheet and the copied text (none in the
   *  editor or a lesson): {title, entry, placement, help, frame, pieces(view)}. */
  printable() {
    if (!this.shown() || !this.entry) return null;
    return {
      title: this.info.title, entry: this.entry, placement: this.placement, help: this.help,
      frame: boxOf(this.info), pieces: (view) => this.stage.trayPictures(view),
    };
  }

  // ------------------------------------------------------------------ saving

  /** The game's record changed in another tab: is the game shown behind it now? */
  follow() {
    if (this.entry) this.elsewhere.follow(this.record.find(this.entry.key));
  }

  /** Save the game in progress, and keep the board shown for the next visit. */
  keep() {
    this.snapshot.keep(this.save());
  }

  /** Save the game in progress; what a snapshot shows of it, or null if nothing was saved. */
  save() {
    const e = this.entry;
    if (!e || !this.view) return null;
    const { history, index } = this.history.saved();
    if (history[index] !== this.placement) return null; // mid-solve: the shown position is not a step
    const game = gameOf(e, {
      history, index, elapsed: this.session.now(), hints: this.hints, helped: this.helped,
      fromStart: this.fromStart, solved: this.solved, given: [...this.given], won: this.won,
    });
    game.movedAt = this.elsewhere.stampOf(game); // moved here since it was last kept: now
    this.elsewhere.kept(game, this.record.keep(game));
    this.session.savedAt = performance.now();
    return { challenge: e.id, level: e.level, name: e.name, hash: store.hashFor(this.game, e, this.placement), placement: this.placement };
  }
}
