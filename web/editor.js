// The challenge editor: put pieces and the game's markers (pegs, colours...) on the
// board and the solver says at once how many solutions the draft has. The App lends it
// the board, the tray and the input; the draft is a challenge string of the game, every
// change to it is made by Python (op edit), and nothing here knows any game.
//
// Ops: editor_info (tools, empty draft), editor_view, edit, editor_preview, tool,
// verdict ({count, capped, playable, message}).

import { h, icon } from "./dom.js";
import { drawShapes } from "./render.js";
import * as store from "./store.js";
import { explain } from "./message.js";

const DRAFT_HISTORY = 200;
const root = document.documentElement;

export class Editor {
  constructor(app) {
    this.app = app;
    this.info = null;
    this.tools = [];
    this.draft = "";
    this.history = [];
    this.index = 0;
    this.verdict = null;
    this.asked = 0; // the newest verdict asked for wins
    this.build();
  }

  build() {
    const app = this.app;
    const tool = (name, iconName, onclick, title) => h("button", {
      type: "button", class: `tool tool-${iconName}`, "data-action": `edit-${iconName}`, disabled: true, onclick, title,
    }, icon(iconName), h("span", { class: "tool-label", text: name }));
    this.buttons = {
      undo: tool("Undo", "undo", () => this.step(-1), "Undo (Ctrl+Z)"),
      redo: tool("Redo", "redo", () => this.step(1), "Redo (Ctrl+Y)"),
      clear: tool("Clear", "clear", () => this.clear(), "Take everything off the board"),
      rotate: tool("Rotate", "rotate", () => app.rotate(), "Rotate the held piece (R)"),
      flip: tool("Flip", "flip", () => app.flip(), "Flip the held piece (F)"),
      done: tool("Back", "close", () => this.close(), "Leave the editor, back to your game"),
    };
    const b = this.buttons;
    this.toolbar = h("div", { class: "edit-tools", hidden: true },
      h("div", { class: "tool-group" }, b.undo, b.redo, b.clear),
      h("div", { class: "tool-group tool-group-piece" }, b.rotate, b.flip),
      h("div", { class: "tool-group" }, b.done));
    app.el.toolbar.append(this.toolbar);

    this.count = h("span", { class: "verdict-count" });
    this.message = h("span", { class: "verdict-message" });
    this.playButton = h("button", { type: "button", class: "primary", "data-action": "play-draft", onclick: () => this.play(), disabled: true },
      icon("play"), "Play it");
    this.linkNode = h("a", { class: "verdict-link", hidden: true }, icon("link"), "Link to share");
    this.panel = h("div", { class: "verdict", id: "verdict", hidden: true, "data-state": "counting" },
      h("div", { class: "verdict-text", role: "status", "aria-live": "polite" }, this.count, this.message),
      h("div", { class: "verdict-actions" }, this.linkNode, this.playButton));
    document.querySelector(".board-card").append(this.panel);
  }

  get active() {
    return this.app.mode === "edit";
  }

  gcall(op, args) {
    return this.app.gcall(op, args);
  }

  /** Open the editor for the current game (inside app.run). */
  async enter() {
    const app = this.app;
    if (this.active) return;
    app.save();
    app.pauseClock();
    app.dropSelection();
    app.hideWin();
    this.info = await this.gcall("editor_info");
    this.tools = this.info.tools;
    this.game = app.game;
    let draft = app.record.draft ?? this.info.empty;
    let view;
    try {
      view = await this.gcall("editor_view", { draft });
    } catch {
      draft = this.info.empty;
      view = await this.gcall("editor_view", { draft });
    }
    app.mode = "edit";
    root.dataset.mode = "edit";
    app.pieceViews.clear();
    await app.loadTrayViews();
    this.history = [view.draft];
    this.index = 0;
    for (const node of app.el.toolbar.children) if (node !== this.toolbar) node.hidden = true;
    this.toolbar.hidden = false;
    this.buttons.flip.hidden = !app.info.canFlip || !this.tools.some((t) => t.kind === "piece");
    this.buttons.rotate.hidden = !app.info.canRotate || !this.tools.some((t) => t.kind === "piece");
    this.buttons.rotate.parentElement.hidden = this.buttons.flip.hidden && this.buttons.rotate.hidden;
    this.panel.hidden = false;
    app.el.level.textContent = "Editor";
    app.el.name.textContent = "Your challenge";
    app.el.help.textContent = this.info.help || "";
    app.board.dataset.kind = "draft";
    this.show(view);
    app.say(this.info.help, "info");
  }

  /** Back to play mode without drawing anything (the caller loads a challenge). */
  leave() {
    if (!this.active) return;
    this.save();
    const app = this.app;
    app.dropSelection();
    app.mode = "play";
    delete root.dataset.mode;
    delete app.board.dataset.draft;
    app.pieceViews.clear();
    for (const node of app.el.toolbar.children) node.hidden = node === this.toolbar;
    this.panel.hidden = true;
    this.asked++;
  }

  /** Leave the editor and show the game that was being played. */
  close() {
    const app = this.app;
    app.run(async () => {
      if (!this.active) return;
      this.leave();
      app.el.help.textContent = app.info.help || "";
      const view = await app.gcall("view", { challenge: app.challenge.challenge, placement: app.placement });
      await app.loadTrayViews();
      app.el.level.textContent = app.challenge.level;
      app.el.name.textContent = app.challenge.name;
      app.board.dataset.kind = app.challenge.kind;
      app.show(view, { quiet: true });
      app.say("Back to your game.", "info");
    });
  }

  save() {
    if (!this.app.record || this.game !== this.app.game) return;
    this.app.record.draft = this.draft;
    store.saveRecord(this.app.game, this.app.record);
  }

  /** Draw an editor view and ask for its verdict. */
  show(view) {
    const app = this.app;
    this.draft = view.draft;
    app.view = view;
    app.previews.clear();
    drawShapes(app.layers.view, view.shapes);
    app.board.hidden = false;
    app.board.dataset.draft = view.draft;
    app.board.dataset.placement = view.placement ?? "";
    app.renderTray();
    this.updateButtons();
    this.save();
    this.ask();
    if (app.selected && app.ghostAt) app.moveGhost(app.ghostAt);
  }

  push(view) {
    this.history = this.history.slice(0, this.index + 1);
    this.history.push(view.draft);
    if (this.history.length > DRAFT_HISTORY) this.history.splice(0, this.history.length - DRAFT_HISTORY);
    this.index = this.history.length - 1;
    this.show(view);
  }

  /** Use the held tool at a location (click, tap, Enter, a drop from the tray). */
  use(code) {
    const app = this.app;
    const tool = app.selected;
    const item = this.tools.find((t) => t.id === tool);
    const { promise } = app.preview(code);
    app.run(async () => {
      const p = await promise;
      if (!p.legal) {
        app.say(p.reason ? `Not there: ${p.reason}.` : `${item?.label ?? tool} cannot go there.`, "error");
        app.shakeGhost();
        return;
      }
      const result = await this.gcall("edit", { draft: this.draft, tool, orientation: app.orientation[tool], location: code });
      if (item?.kind !== "marker") app.dropSelection();
      this.push(result.view);
    });
  }

  /** Take off what is at a location (a click with empty hands). */
  takeOff(code) {
    const app = this.app;
    app.run(async () => {
      try {
        const result = await this.gcall("edit", { draft: this.draft, tool: null, orientation: null, location: code });
        this.push(result.view);
        app.say(`Taken off ${code}.`, "info");
      } catch (e) {
        app.say(`${capitalise(e.message)}. Pick a tool from the tray to put something there.`, "info");
      }
    });
  }

  step(delta) {
    const app = this.app;
    app.run(async () => {
      const index = this.index + delta;
      if (index < 0 || index >= this.history.length) return;
      const view = await this.gcall("editor_view", { draft: this.history[index] });
      this.index = index;
      this.show(view);
      app.say(delta < 0 ? "Undone." : "Redone.", "info");
    });
  }

  clear() {
    this.app.run(async () => {
      if (this.draft === this.info.empty) return;
      const view = await this.gcall("editor_view", { draft: this.info.empty });
      this.push(view);
      this.app.say("The board is empty again. Undo brings it back.", "info");
    });
  }

  /** Ask the solver how many solutions the draft has; only the newest answer is shown. */
  ask() {
    const token = ++this.asked;
    const draft = this.draft;
    this.panel.dataset.state = "counting";
    this.count.textContent = "Counting…";
    this.message.textContent = "";
    this.playButton.disabled = true;
    const t0 = performance.now();
    this.app.gcall("verdict", { draft, limit: this.info.limit }).then((v) => {
      if (token !== this.asked || !this.active) return;
      this.verdict = { ...v, draft };
      this.panel.dataset.count = String(v.count);
      this.panel.dataset.capped = String(v.capped);
      this.panel.dataset.playable = String(v.playable);
      this.panel.dataset.ms = String(Math.round(performance.now() - t0));
      this.panel.dataset.state = v.count === 0 ? "none" : v.count === 1 ? (v.playable ? "unique" : "waiting") : "several";
      this.count.textContent = v.count === 0 ? "No solution" : v.count === 1 ? "Exactly one solution"
        : `${v.capped ? "At least " : ""}${v.count} solutions`;
      this.message.textContent = capitalise(v.message.replace(/^[^:,]*[:,]\s*/, ""));
      this.playButton.disabled = !v.playable;
      this.linkNode.hidden = !v.playable;
      if (v.playable) this.linkNode.setAttribute("href", store.hashFor(this.app.game, { kind: "custom", challenge: draft }));
      else this.linkNode.removeAttribute("href");
    }, (e) => {
      if (token !== this.asked) return;
      this.panel.dataset.state = "error";
      this.count.textContent = "No verdict";
      this.message.textContent = explain(e);
    });
  }

  /** Play the draft (it has exactly one solution) as a custom challenge. */
  play() {
    const app = this.app;
    if (!this.verdict?.playable || this.verdict.draft !== this.draft) return;
    const draft = this.draft;
    app.run(async () => {
      this.leave();
      app.el.help.textContent = app.info.help || "";
      const entry = app.entryOf({ kind: "custom", puzzle: draft });
      await app.enterChallenge(entry, { saved: app.savedFor(entry), push: true });
      app.say("Your challenge, ready to play. The address is its link: share it.", "info");
    });
  }

  decorateTray() {
    // markers stay in the tray; nothing else to add for now
  }

  updateButtons() {
    const b = this.buttons;
    const app = this.app;
    const ready = app.live && !app.solving;
    b.undo.disabled = !ready || this.index <= 0;
    b.redo.disabled = !ready || this.index >= this.history.length - 1;
    b.clear.disabled = !ready || this.draft === this.info?.empty;
    const held = this.tools.find((t) => t.id === app.selected);
    b.rotate.disabled = !ready || !held || held.kind === "marker";
    b.flip.disabled = !ready || !held || held.kind === "marker";
    b.done.disabled = !ready;
  }
}

function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}
