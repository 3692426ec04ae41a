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

import { h } from "../lib/dom.js";
import { Mode, UNDO } from "../midend/mode.js";
import { keyOfIndex } from "../input/piecekeys.js";
import { touchFirst, touchHelp } from "../input/touch.js";
import { keyWords, nextWords } from "./lessonwords.js";
import { nameOf } from "../board/tray.js";
import { piecesOn } from "../python/view.js";
import { t, nt, pt, onChange } from "../words/i18n.js";

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
/** @type {[string, () => string][]} */
const STAGES = [
  ["pick", () => pt("lesson step", "Take")], ["rotate", () => pt("lesson step", "Turn")], ["flip", () => pt("lesson step", "Flip")],
  ["place", () => pt("lesson step", "Place")], ["won", () => pt("lesson step", "Win")],
];

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
      [UNDO, { action: "restart", get label() { return t("Restart"); }, get title() { return t("Start the lesson again"); } }],
      [{ action: "hint", get label() { return t("Hint"); }, get title() { return t("Show where the piece goes"); } }],
    ];
    this.title = h("h2", { class: "lesson-title", id: "lesson-title" });
    this.stages = h("ol", { class: "lesson-stages" });
    this.now = h("p", { class: "lesson-now", "aria-live": "polite" });
    this.rule = h("p", { class: "lesson-rule" });
    this.goal = h("p", { class: "lesson-goal" });
    this.gestures = h("p", { class: "lesson-gestures" });
    // a phone shows "Skip" (its data-short, beside the steps, on their row); every reader
    // hears it whole (its name)
    this.skipWords = h("span", { class: "lesson-skip-more" });
    this.skip = h("button", { type: "button", class: "secondary", "data-action": "skip-lesson", onclick: () => this.finish("skip") }, this.skipWords);
    this.done = h("button", { type: "button", class: "primary", "data-action": "end-lesson", hidden: true, onclick: () => this.finish("done") });
    // the goal and the gestures are the footer's too, which phones do not show: there
    // they are here, open when the screen is tall enough to keep the tray in sight
    this.summary = h("summary");
    this.more = h("details", { class: "lesson-more" }, this.summary, this.goal, this.gestures);
    this.panel = h("section", { class: "lesson", "aria-labelledby": "lesson-title", hidden: true },
      h("div", { class: "lesson-head" }, this.title, this.stages, h("div", { class: "lesson-actions" }, this.skip, this.done)),
      this.now, this.rule, this.more);
    parent.append(this.panel);
    this.words();
    onChange(() => {
      this.words();
      if (this.info && !this.panel.hidden) this.draw();
    });
  }

  /** The panel's fixed words in the page's language. */
  words() {
    this.stages.setAttribute("aria-label", t("The lesson's steps"));
    this.skipWords.textContent = t("Skip the lesson");
    this.skip.setAttribute("aria-label", t("Skip the lesson"));
    // TRANSLATORS: "Skip the lesson" said short, on a phone's lesson panel
    this.skip.dataset.short = t("Skip");
    this.summary.textContent = t("The goal and the gestures");
  }

  /** The panel's words of the game taught (again on a change of language). */
  draw() {
    const info = this.info;
    this.title.textContent = t("How to play {title}", { title: info.title });
    this.goal.textContent = info.help || "";
    const turns = { rotate: info.canRotate, flip: info.canFlip };
    this.gestures.textContent = touchFirst() ? touchHelp(turns) : keyWords(turns);
    this.stages.replaceChildren(...STAGES.filter(([stage]) => stage !== "flip" || info.canFlip)
      .map(([stage, words]) => h("li", { "data-stage": stage, text: words() })));
    const to = this.to?.();
    this.done.textContent = to ? t("Play {name}", { name: to }) : t("Play on");
    this.stage.describe({ level: t("Lesson"), name: t("How to play") }, { challenge: "lesson", kind: "lesson", puzzle: this.lesson.challenge, draft: null });
    this.now.textContent = "";
    this.update();
  }

  // ------------------------------------------------------------------ the mode's interface

  items() {
    return this.info.pieces;
  }

  get help() {
    return this.info?.help || "";
  }

  itemAsk(id, orientation) {
    return { op: "piece", args: { piece: id, orientation } };
  }

  /** The game's piece called `id` (its name, colours...), as info gives it. */
  pieceOf(id) {
    return this.info.pieces.find((p) => p.id === id);
  }

  position(extra = {}) {
    return { challenge: this.lesson.challenge, placement: this.view?.placement ?? this.lesson.start, ...extra };
  }

  previewAsk(id, orientation, code) {
    return { op: "preview", args: this.position({ piece: id, orientation, location: code }) };
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

  viewAsk(placement) {
    return { op: "view", args: this.position({ placement }) };
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
    return action === "hint" ? this.hint() : null;
  }

  /** A click, tap or Enter on a location: place the piece held, or take back a piece the
   *  player placed. A tap on the piece Hint shows says what to do first: the player takes,
   *  turns and places it. */
  activate(code, held) {
    if (this.solved) return null;
    const state = this.state();
    if (held) return this.place(held, code);
    if (!this.showing || !state.step?.covers.includes(code)) return this.takeBack(code);
    this.feedback.say(this.said(state), "hint");
    return null;
  }

  /** The hand changed (a piece taken, turned, put back): say what comes next. */
  handChanged() {
    this.update();
  }

  leave() {
    this.panel.hidden = true;
    this.now.textContent = ""; // (its live region says nothing more, in no language)
    this.showing = false;
    this.stage.clearHint();
    this.stage.spots([], "rule");
  }

  // ------------------------------------------------------------------ the lesson

  /** The lesson of a game (its info, with `lesson`); `to()`: the name of the challenge the
   *  player goes on with afterwards, in the page's words then (for the last button). */
  load(info, to) {
    this.info = info;
    this.lesson = info.lesson;
    this.to = to;
  }

  /** The page speaks another language: the lesson in `info`'s words (its panel, the pieces'
   *  names), and what it says now. */
  relabelled(info) {
    if (info?.lesson && this.lesson && !this.panel.hidden) {
      this.info = info;
      this.lesson = info.lesson;
      this.hand.tray.rename(this.items()); // (before the hand says its piece again)
    }
    super.relabelled(info);
    if (!info?.lesson || !this.lesson || this.panel.hidden) return;
    this.draw();
    if (this.hand.held) return;
    if (this.solved) this.feedback.say(t("Solved! That is how {title} plays.", { title: info.title }), "success");
    else this.feedback.say(this.said(this.state()), "info"); // what to do now, in its words
  }

  /** Start the lesson loaded (inside the mid-end's run, the tray loaded with its items):
   *  its steps (questions.js), which the mid-end answers. @returns {import("../types").Steps} */
  *begin() {
    const info = this.info;
    this.solved = false;
    this.showing = false;
    yield { restore: { list: [this.lesson.start] } };
    this.draw();
    this.more.open = !window.matchMedia?.("(max-height: 760px)").matches;
    this.panel.hidden = false;
    this.skip.hidden = false;
    this.done.hidden = true;
    const view = yield { view: this.lesson.start };
    yield { draw: view, inParts: true };
    const left = this.lesson.steps.length;
    this.feedback.say(nt("How to play {title}: place the last piece on this board.", "How to play {title}: place the last {n} pieces on this board.",
      left, { title: info.title }), "info");
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
    for (const item of /** @type {HTMLCollectionOf<HTMLElement>} */ (this.stages.children)) {
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
   *  and placing it is the lesson, and a lesson is learned only when won that way. A
   *  request on the mid-end's one path: the ghost asked, shown, and no step made. */
  hint() {
    return () => {
      const state = this.state();
      const { step } = state;
      if (!step || this.solved) return null;
      const where = ["pick", "rotate", "flip"].includes(state.stage);
      // what to do, then where (the piece named once: on a small phone the words are
      // read above the lesson's panel, which gives them its room)
      const say = () => {
        const said = this.said(state);
        const ghost = t("Its ghost on the gold rings shows where it goes.");
        this.feedback.say(where ? t("{first} {then}", { first: said, then: ghost }) : said, "hint");
      };
      if (!where || this.showing) {
        say();
        return null;
      }
      const [orientation, location] = Object.entries(step.holds)[0];
      return {
        preview: { id: step.piece, orientation, code: location }, // (the ghost: kept if drawn before)
        accepted: (ghost) => {
          this.showing = true;
          this.stage.showHint({ piece: step.piece, spots: step.covers, ghost: ghost.shapes, kind: "place" });
          say();
          return false; // (shown, not a step)
        },
      };
    };
  }

  place(piece, code) {
    const orientation = this.hand.orientation(piece);
    return () => ({
      op: "move", args: this.position({ piece, orientation, location: code }), flash: { piece, kind: "placed" },
      refused: (why) => this.hand.refuse(why.message || t("The piece cannot go there."), why.notation),
      accepted: () => this.hand.drop(),
      after: (answer) => { if (!answer.solved) this.feedback.say(t("{piece} placed.", { piece: nameOf(this.pieceOf(piece)) }), "info"); },
    });
  }

  /** Take a piece the player placed back into the hand; the lesson's own pieces stay. */
  takeBack(code) {
    const piece = this.stage.pieceAt(code);
    if (!piece) return null;
    if (!this.lesson.steps.some((s) => s.piece === piece)) {
      this.feedback.say(t("That piece is part of the lesson's board: it stays where it is."), "info");
      return null;
    }
    return () => ({ op: "move", args: this.position({ remove: piece }), after: () => this.hand.pick(piece) });
  }

  won() {
    this.solved = true;
    this.skip.hidden = true;
    this.done.hidden = false;
    this.feedback.say(t("Solved! That is how {title} plays.", { title: this.info.title }), "success");
    this.learned();
    this.done.focus({ preventScroll: true });
  }
}
