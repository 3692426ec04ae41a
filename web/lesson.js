// The first lesson of a game ("How to play"): a short guided challenge played to the win,
// shown the first time a player opens a game and whenever asked. What is the game's own
// comes from Python (info.lesson, py/iqpuzzles/core/lesson.py): the challenge, the board it
// starts from, and for each piece to place how to hold it (the orientations that make its
// placement, each with the location to point at), what it covers, the game's rule in
// words and where on the board it bites. This mode says, after every action, what to do
// next (take the piece, turn it, flip it, place it), in the words of the player's device
// (touch.js), and rings on the board where the rule bites. It knows no game.
//
// A Mode (mode.js) like play and edit: its history is the mid-end's (midend.js). Nothing
// of it is saved but that the lesson was played or skipped (lessons.js keeps that).

import { h } from "./dom.js";
import { Mode, UNDO } from "./mode.js";
import { keyOfIndex } from "./piecekeys.js";
import { touchFirst, touchHelp } from "./touch.js";
import { nameOf } from "./tray.js";
import { piecesOn } from "./view.js";

/** The fewest Rotate/Flip presses that turn `piece` from `from` to one of `goals`
 *  (its info's rotate and flip tables), or null if none can be reached. */
export function turnsTo(piece, from, goals, canFlip) {
  const moves = [["rotate", piece.rotate]];
  if (canFlip) moves.push(["flip", piece.flip]);
  const seen = new Map([[from, []]]);
  for (const [here, path] of seen) { // a Map iterates what is added while it runs
    if (goals.includes(here)) return path;
    for (const [how, table] of moves) {
      const there = table?.[here];
      if (there !== undefined && !seen.has(there)) seen.set(there, [...path, how]);
    }
  }
  return null;
}

/** What the player does next, as the panel's list names it. */
const STAGES = [["pick", "Take"], ["rotate", "Turn"], ["flip", "Flip"], ["place", "Place"], ["won", "Win"]];

export class LessonMode extends Mode {
  /** `page`: what every mode uses (mode.js); `parent`: where the panel goes;
   *  `finish(how)`: leave the lesson ("skip" or "done"); `learned()`: the lesson was won;
   *  `refresh()`: the buttons follow. */
  constructor(page, { parent, finish, learned, refresh }) {
    super("lesson", page);
    this.finish = finish;
    this.learned = learned;
    this.refresh = refresh;
    this.info = null;
    this.lesson = null;
    this.view = null;
    this.solved = false;
    this.showing = false; // Hint pressed: the piece shown where it goes
    this.buttons = [
      [UNDO, { action: "restart", label: "Restart", title: "Start the lesson again" }],
      [{ action: "hint", label: "Hint", title: "Show where the piece goes" }],
    ];
    this.title = h("h2", { class: "lesson-title", id: "lesson-title" });
    this.stages = h("ol", { class: "lesson-stages", "aria-label": "The lesson's steps" });
    this.now = h("p", { class: "lesson-now", "aria-live": "polite" });
    this.rule = h("p", { class: "lesson-rule" });
    this.goal = h("p", { class: "lesson-goal" });
    this.gestures = h("p", { class: "lesson-gestures" });
    this.skip = h("button", { type: "button", class: "secondary", "data-action": "skip-lesson", onclick: () => this.finish("skip") },
      // a phone shows "Skip" (beside the steps, on their row); every reader hears it whole
      "Skip", h("span", { class: "lesson-skip-more" }, " the lesson"));
    this.done = h("button", { type: "button", class: "primary", "data-action": "end-lesson", hidden: true, onclick: () => this.finish("done") });
    // the goal and the gestures are the footer's too, which phones do not show: there
    // they are here, open when the screen is tall enough to keep the tray in sight
    this.more = h("details", { class: "lesson-more" }, h("summary", { text: "The goal and the gestures" }), this.goal, this.gestures);
    this.panel = h("section", { class: "lesson", "aria-labelledby": "lesson-title", hidden: true },
      h("div", { class: "lesson-head" }, this.title, this.stages, h("div", { class: "lesson-actions" }, this.skip, this.done)),
      this.now, this.rule, this.more);
    parent.append(this.panel);
  }

  // ------------------------------------------------------------------ the mode's interface

  items() {
    return this.info.pieces;
  }

  get help() {
    return this.info?.help || "";
  }

  itemView(id, orientation) {
    return this.engine.call("piece", { piece: id, orientation });
  }

  /** The game's piece called `id` (its name, colours...), as info gives it. */
  pieceOf(id) {
    return this.info.pieces.find((p) => p.id === id);
  }

  position(extra = {}) {
    return { challenge: this.lesson.challenge, placement: this.view?.placement ?? this.lesson.start, ...extra };
  }

  preview(id, orientation, code) {
    const { placement } = this.position();
    return this.previewOnce(`${placement}|${id}|${orientation}|${code}`,
      () => this.engine.call("preview", this.position({ piece: id, orientation, location: code })));
  }

  get here() {
    return this.view?.placement ?? this.lesson.start;
  }

  get start() {
    return this.lesson.start;
  }

  stateOf(view) {
    return view.placement;
  }

  viewOf(placement) {
    return this.engine.call("view", this.position({ placement }));
  }

  get active() {
    return Boolean(this.view);
  }

  /** Restart plays the lesson from its start again: no Undo back to where it was. */
  get restartsAfresh() {
    return true;
  }

  restarting() {
    this.hand.drop();
  }

  /** Undo or Redo: the panel says what comes next (show). */
  stepped() {}

  enabled(action) {
    return action === "hint" && !this.solved && Boolean(this.state().step);
  }

  press(action) {
    if (action === "hint") this.hint();
  }

  /** A click, tap or Enter on a location: place the piece held, or take back a piece the
   *  player placed. A tap on the piece Hint shows says what to do first: the player takes,
   *  turns and places it. */
  activate(code, held) {
    if (this.solved) return;
    const state = this.state();
    if (held) this.place(held, code);
    else if (this.showing && state.step?.covers.includes(code)) this.feedback.say(this.said(state), "hint");
    else this.takeBack(code);
  }

  /** The hand changed (a piece taken, turned, put back): say what comes next. */
  handChanged() {
    this.update();
  }

  leave() {
    this.panel.hidden = true;
    this.showing = false;
    this.stage.clearHint();
    this.stage.spots([], "rule");
  }

  // ------------------------------------------------------------------ the lesson

  /** The lesson of a game (its info, with `lesson`); `to`: the challenge the player goes
   *  on with afterwards (its name, for the last button). */
  load(info, to) {
    this.info = info;
    this.lesson = info.lesson;
    this.to = to;
    this.previews.clear(); // another game's lesson: its ghosts are not this one's
  }

  /** Start the lesson loaded (inside engine.run, the tray loaded with its items). */
  async begin() {
    const info = this.info;
    const to = this.to;
    this.solved = false;
    this.showing = false;
    this.midend.restore(this, [this.lesson.start]);
    this.title.textContent = `How to play ${info.title}`;
    this.goal.textContent = info.help || "";
    const turns = { rotate: info.canRotate, flip: info.canFlip };
    this.gestures.textContent = touchFirst() ? touchHelp(turns) : keyWords(turns);
    this.stages.replaceChildren(...STAGES.filter(([stage]) => stage !== "flip" || info.canFlip)
      .map(([stage, words]) => h("li", { "data-stage": stage, text: words })));
    this.done.textContent = to ? `Play ${to}` : "Play on";
    this.more.open = !window.matchMedia?.("(max-height: 760px)").matches;
    this.panel.hidden = false;
    this.skip.hidden = false;
    this.done.hidden = true;
    this.stage.describe({ level: "Lesson", name: "How to play" }, { challenge: "lesson", kind: "lesson", puzzle: this.lesson.challenge, draft: null });
    const view = await this.engine.call("view", { challenge: this.lesson.challenge, placement: this.lesson.start });
    await this.stage.showInParts(view, () => this.midend.draw(this, view));
    const left = this.lesson.steps.length;
    this.feedback.say(`How to play ${info.title}: place the last piece${left > 1 ? "s" : ""} on this board.`, "info");
  }

  /** Draw a position of the lesson and say what comes next. */
  show(view, { flash = null } = {}) {
    this.view = view;
    this.showing = false;
    this.stage.clearHint();
    this.stage.show(view, { flash });
    if (view.solved && !this.solved) this.won();
    else if (!view.solved && this.solved) { // undone after the win: play on
      this.solved = false;
      this.skip.hidden = false;
      this.done.hidden = true;
    }
    this.update();
  }

  /** Where the player is: the step (piece) to do and what to do with it. */
  state() {
    if (!this.view || !this.lesson) return { stage: "pick", step: null };
    if (this.solved) return { stage: "won", step: null };
    const onBoard = piecesOn(this.view);
    const steps = this.lesson.steps;
    const at = steps.findIndex((s) => !onBoard.has(s.piece));
    if (at < 0) return { stage: "wrong", step: null };
    const step = steps[at];
    const early = steps.slice(at + 1).find((s) => onBoard.has(s.piece));
    if (early) return { stage: "order", step, early };
    const held = this.hand.held;
    if (held !== step.piece) return { stage: "pick", step, before: steps.slice(at + 1).some((s) => s.piece === held) };
    const piece = this.pieceOf(step.piece);
    const orientation = this.hand.orientation(step.piece);
    const goals = Object.keys(step.holds);
    if (goals.includes(orientation)) return { stage: "place", step, at: step.holds[orientation] };
    const path = turnsTo(piece, orientation, goals, this.info.canFlip) ?? ["rotate"];
    const again = path.findIndex((how) => how !== path[0]);
    return { stage: path[0], step, times: again < 0 ? path.length : again };
  }

  /** The panel, the rings on the board and the buttons, for where the player is now. */
  update() {
    if (!this.lesson || this.panel.hidden) return;
    const state = this.state();
    const said = this.said(state);
    if (this.now.textContent !== said) this.now.textContent = said;
    this.now.dataset.stage = state.stage;
    this.rule.textContent = state.step?.rule ?? "";
    this.rule.hidden = !state.step;
    const order = STAGES.map(([stage]) => stage);
    const here = order.indexOf(state.stage === "order" ? "pick" : state.stage === "wrong" ? "place" : state.stage);
    for (const item of this.stages.children) {
      const index = order.indexOf(item.dataset.stage);
      if (index === here) item.setAttribute("aria-current", "step");
      else item.removeAttribute("aria-current");
      item.classList.toggle("done", index < here);
    }
    this.stage.spots(state.step ? state.step.ruleAt : [], "rule");
    if (!this.showing) this.stage.clearHint();
    if (state.stage === "place") this.stage.showHint({ piece: null, spots: [state.at], kind: "place" });
    else if (!this.showing && state.step && state.stage === "pick") this.stage.showHint({ piece: state.step.piece, spots: [], kind: "place" });
    this.refresh();
  }

  /** What to do next (the panel's words) where the player is. */
  said(state) {
    const piece = state.step ? this.pieceOf(state.step.piece) : null;
    const early = state.early ? nameOf(this.pieceOf(state.early.piece)) : "";
    return nextWords(state, { name: piece ? nameOf(piece) : "", early, key: this.keyOf(piece), title: this.info.title });
  }

  /** The key that picks `piece` (its place in the tray's order), or null. */
  keyOf(piece) {
    return piece ? keyOfIndex(this.info.pieces.indexOf(piece)) : null;
  }

  /** Hint follows the panel: it says again what to do next, and before the piece is
   *  turned and in hand, shows it where it goes (a ghost, the spots it covers in gold
   *  rings) until the next move. It never places the piece: taking, turning, flipping
   *  and placing it is the lesson, and a lesson is learned only when won that way. */
  hint() {
    this.engine.run(async () => {
      const state = this.state();
      const { step } = state;
      if (!step || this.solved) return;
      const where = ["pick", "rotate", "flip"].includes(state.stage);
      if (where && !this.showing) {
        const [orientation, location] = Object.entries(step.holds)[0];
        const ghost = await this.preview(step.piece, orientation, location);
        this.showing = true;
        this.stage.showHint({ piece: step.piece, spots: step.covers, ghost: ghost.shapes, kind: "place" });
      }
      // what to do, then where (the piece named once: on a small phone the words are
      // read above the lesson's panel, which gives them its room)
      this.feedback.say(this.said(state) + (where ? " Its ghost on the gold rings shows where it goes." : ""), "hint");
    });
  }

  place(piece, code) {
    const orientation = this.hand.orientation(piece);
    this.midend.act(() => ({
      op: "move", args: this.position({ piece, orientation, location: code }), flash: { piece, kind: "placed" },
      refused: (why) => this.hand.refuse(why.message || "The piece cannot go there.", why.notation),
      accepted: () => this.hand.drop(),
      after: (answer) => { if (!answer.solved) this.feedback.say(`${nameOf(this.pieceOf(piece))} placed.`, "info"); },
    }));
  }

  /** Take a piece the player placed back into the hand; the lesson's own pieces stay. */
  takeBack(code) {
    const piece = this.stage.pieceAt(code);
    if (!piece) return;
    if (!this.lesson.steps.some((s) => s.piece === piece)) {
      this.feedback.say("That piece is part of the lesson's board: it stays where it is.", "info");
      return;
    }
    this.midend.act(() => ({ op: "move", args: this.position({ remove: piece }), after: () => this.hand.pick(piece) }));
  }

  won() {
    this.solved = true;
    this.skip.hidden = true;
    this.done.hidden = false;
    this.feedback.say(`Solved! That is how ${this.info.title} plays.`, "success");
    this.learned();
    this.done.focus({ preventScroll: true });
  }
}

/** How to play with mouse and keys (the footer's line, for the lesson's panel). */
function keyWords(turns) {
  const how = [turns.rotate && "R or the mouse wheel turns it", turns.flip && "F or a right-click flips it"].filter(Boolean);
  return `Click a piece or press its number to take it${how.length ? `; ${how.join(", ")}` : ""}; `
    + "click the board to place it, or move it with the arrow keys and press Enter. Escape puts it back.";
}

/** What to do next, in the words of the player's device. */
function nextWords(state, { name, early, key, title }) {
  const touch = touchFirst();
  switch (state.stage) {
    case "pick":
      return (state.before ? `Not yet: ${lower(name)} goes first. ` : "")
        + (touch ? `Tap ${lower(name)} in the tray to take it.`
          : `Take ${lower(name)}: click it in the tray${key ? `, or press ${key}` : ""}.`);
    case "rotate":
      return `Turn it${state.times > 1 ? ` ${state.times} times` : ""}: ${touch ? "tap it again in the tray" : "press R"}, or press Rotate.`;
    case "flip":
      return `Flip it: ${touch ? "touch and hold it in the tray" : "press F"}, or press Flip.`;
    case "place":
      return touch ? "Now tap the board on the gold ring: the piece goes there."
        : "Now click the board on the gold ring (or move there with the arrow keys and press Enter).";
    case "order":
      return `The order matters: ${lower(name)} goes before ${lower(early)}. ${touch ? "Tap" : "Click"} ${lower(early)} to take it back.`;
    case "wrong":
      return `Every piece is on, but not where it fits: ${touch ? "tap" : "click"} one to take it back, or press Restart.`;
    case "won":
      return `Solved! You have played your first game of ${title}.`;
    default:
      return "";
  }
}

const lower = (name) => name.charAt(0).toLowerCase() + name.slice(1);
