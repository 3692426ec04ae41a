// Edit mode, the challenge editor: put pieces and the game's markers (pegs, colours...) on
// the board and the solver says at once how many solutions the draft has. The draft is a
// challenge string of the game; every change to it is made by Python (op edit), and
// nothing here knows any game. A Mode (mode.js) like play and lesson: its state string is
// the draft, its history the mid-end's (midend.js); Clear is its Restart.
//
// Ops: editor_info (tools, empty draft), editor_view, edit, editor_preview, tool,
// verdict ({count, capped, playable, message}).

import { h, icon } from "../lib/dom.js";
import * as store from "../progress/store.js";
import { Mode, UNDO, REDO } from "../midend/mode.js";
import { explain, isParserError } from "../words/message.js";
import { forDevice, touchFirst } from "../input/touch.js";
import { t, onChange } from "../words/i18n.js";
import { nameOf } from "../board/tray.js";

export class EditMode extends Mode {
  /** `page`: what every mode uses (mode.js); `routes`: leaving the editor and playing
   *  the draft (navigation.js); `panelParent`: where the verdict's panel goes. */
  constructor(page, { routes, panelParent }) {
    super("edit", page);
    this.routes = routes;
    this.tools = [];
    this.draft = null;
    this.verdict = null;
    // the solver's verdict on each draft drawn that came without one (the mid-end asks it:
    // asides.js; the newest shown only)
    this.asides = {
      verdict: {
        follows: true,
        ask: (draft, { view, answer }) => ((answer?.verdict ?? view?.verdict) ? null : { op: "verdict", args: { draft, limit: this.info.limit } }),
        show: (verdict, draft) => this.showVerdict(verdict, draft),
        failed: (e) => {
          this.panel.dataset.state = "error";
          this.message.textContent = t("No verdict: {why}", { why: explain(e) });
        },
      },
    };
    this.buttons = [
      // (their words read as the toolbar draws them: the page's language then)
      [UNDO, REDO, { action: "clear", does: "restart", get label() { return t("Clear"); }, get title() { return t("Take everything off the board"); } }],
      [{ action: "close", get label() { return t("Back"); }, get title() { return t("Leave the editor, back to your game"); } }],
    ];
    this.message = h("span", { class: "verdict-message" }); // Python's words: "10 solutions: add more..."
    this.playWords = h("span");
    this.playButton = h("button", { type: "button", class: "primary", "data-action": "play-draft", onclick: () => this.play(), disabled: true },
      icon("play"), this.playWords);
    // the link is in the page only while there is one to share: a link with no address
    // is no link (to a search engine's crawler either)
    this.linkWords = h("span");
    this.link = h("a", { class: "verdict-link" }, icon("link"), this.linkWords);
    this.panel = h("div", { class: "verdict", id: "verdict", hidden: true, "data-state": "counting" },
      h("div", { class: "verdict-text", role: "status", "aria-live": "polite" }, this.message),
      h("div", { class: "verdict-actions" }, this.playButton));
    panelParent.append(this.panel);
    this.words();
    onChange(() => this.words());
  }

  /** The editor's own words in the page's language (the verdict is Python's: asked again,
   *  relabelled). */
  words() {
    this.playWords.textContent = t("Play it");
    this.linkWords.textContent = t("Link to share");
    if (!this.panel.hidden) this.stage.describe({ level: t("Editor"), name: t("Your challenge") });
    if (!this.panel.hidden && this.panel.dataset.state === "counting") this.message.textContent = t("Counting…");
  }

  /** A game's editor: its record keeps the draft. */
  load({ game, record }) {
    this.game = game;
    this.record = record;
    this.info = null;
    this.draft = null;
  }

  // ------------------------------------------------------------------ the mode's interface

  get here() {
    return this.draft;
  }

  /** Clear goes back to the empty board. */
  get start() {
    return this.info.empty;
  }

  stateOf(view) {
    return view.draft;
  }

  viewAsk(draft) {
    return { op: "editor_view", args: { draft, verdict: true } };
  }

  get active() {
    return Boolean(this.info);
  }

  restarted() {
    this.feedback.say(t("The board is empty again. Undo brings it back."), "info");
  }

  press(action) {
    if (action === "close") this.routes.leaveEditor();
  }

  items() {
    return this.tools;
  }

  get help() {
    return this.info?.help || "";
  }

  itemAsk(id, orientation) {
    return { op: "tool", args: { tool: id, orientation } };
  }

  previewAsk(id, orientation, code) {
    return { op: "editor_preview", args: { draft: this.draft, tool: id, orientation, location: code } };
  }

  /** Use the held tool at a location, or (empty hands) take off what is there. */
  activate(code, held) {
    return held ? this.use(held, code) : this.takeOff(code);
  }

  /** Its steps as it opens (the mid-end answers them, inside its run; the tray is loaded
   *  after): the tools, then the saved draft's view (the empty board's if the draft cannot
   *  be read), its history that draft. @returns {import("../types").Steps} */
  *prepare() {
    this.info = yield { op: "editor_info" };
    this.tools = this.info.tools;
    const draft = this.record.draft ?? this.info.empty;
    try {
      this.first = yield { op: "editor_view", args: { draft } };
    } catch {
      this.first = yield { op: "editor_view", args: { draft: this.info.empty } };
    }
    yield { restore: { list: [this.first.draft] } };
  }

  /** The page speaks another language: the tools' names and the help again from Python,
   *  in its words (its questions, answered after the actions before), and said. */
  relabelled(info) {
    super.relabelled(info);
    return this.info ? this.learnWords() : null;
  }

  /** @returns {import("../types").Steps} */
  *learnWords() {
    this.info = yield { op: "editor_info" };
    this.tools = this.info.tools;
    if (!this.shown) return;
    this.hand.tray.rename(this.items());
    yield { fit: true };
    if (this.hand.held) this.hand.relabelled(); // the tool in hand, in its new name
    else this.feedback.say(forDevice(this.info.help), "info");
  }

  /** Show the draft (after prepare and the tray): its steps. */
  *enter() {
    this.panel.hidden = false;
    this.stage.describe({ level: t("Editor"), name: t("Your challenge") }, { kind: "draft", challenge: null, puzzle: null });
    yield { draw: this.first };
    this.feedback.say(forDevice(this.info.help), "info");
  }

  leave() {
    this.panel.hidden = true;
    this.message.textContent = ""; // (nor one of a draft no longer shown, in its old words)
    this.stage.describe({}, { draft: null });
  }

  /** The draft kept with the game's record (the mid-end's steps are not kept). */
  save() {
    if (this.draft === null) return null;
    this.record.saveDraft(this.draft);
    return null;
  }

  // ------------------------------------------------------------------ changes

  /** Draw an editor view, with its verdict when it came along (`answer`'s or its own;
   *  else counting: the mid-end asks it, then saves the draft). */
  show(view, { answer = null } = {}) {
    const verdict = answer?.verdict ?? view.verdict;
    this.draft = view.draft;
    this.stage.describe({}, { draft: view.draft });
    this.stage.show(view);
    if (verdict) this.showVerdict(verdict, view.draft);
    else this.counting();
  }

  /** One editor action, one call: Python edits the draft and counts its solutions, or
   *  says why not (`refused`). */
  use(tool, code) {
    const item = this.tools.find((t) => t.id === tool);
    const piece = item?.kind !== "marker"; // a piece leaves the hand; a marker stays in it
    return () => ({
      op: "edit", args: { draft: this.draft, tool, orientation: this.hand.orientation(tool), location: code },
      refused: (why) => this.hand.refuse(why.message || t("That cannot go there."), why.notation),
      accepted: () => { if (piece) this.hand.drop(); },
      // the status line follows the hand: a piece put down is no longer "in hand"
      after: () => { if (piece) this.feedback.say(placed(nameOf(item)), "info"); },
    });
  }

  /** Take off what is at a location: a piece or a marker (Python knows which is where). */
  takeOff(code) {
    return () => ({
      op: "edit", args: { draft: this.draft, tool: null, orientation: null, location: code },
      refuses: isParserError,
      refused: () => this.feedback.say(t("Nothing to take off there. Pick a tool from the tray to put something there."), "info"),
      after: () => this.feedback.say(t("Taken off {spot}.", { spot: code }), "info"),
    });
  }

  // ------------------------------------------------------------------ the verdict

  /** The solver is counting the draft's solutions (its verdict asked). */
  counting() {
    this.panel.dataset.state = "counting";
    this.message.textContent = t("Counting…");
    this.playButton.disabled = true;
  }

  /** A verdict on the draft: how many solutions, and whether it can be played. */
  showVerdict(v, draft) {
    this.verdict = { ...v, draft };
    Object.assign(this.panel.dataset, {
      count: String(v.count), capped: String(v.capped), playable: String(v.playable),
      state: v.count === 0 ? "none" : v.count === 1 ? (v.playable ? "unique" : "waiting") : "several",
    });
    this.message.textContent = v.message;
    this.playButton.disabled = !v.playable;
    if (v.playable) {
      this.link.setAttribute("href", store.hashFor(this.game, { kind: "custom", challenge: draft }));
      this.playButton.before(this.link);
    } else {
      this.link.remove();
    }
  }

  /** Play the draft (it has exactly one solution) as a custom challenge. */
  play() {
    if (this.verdict?.playable && this.verdict.draft === this.draft) this.routes.playDraft(this.draft);
  }
}

/** What the status says once the editor put a piece down: its name, and how to take one off
 *  (a tap or a click, as the device is used). */
function placed(piece) {
  return touchFirst() ? t("{piece} placed. Pick another from the tray, or tap a piece on the board to take it off.", { piece })
    : t("{piece} placed. Pick another from the tray, or click a piece on the board to take it off.", { piece });
}
