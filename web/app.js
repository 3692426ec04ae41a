// The game UI: state, undo/redo, and the orchestration of Python calls.
//
// Four kinds of state are kept apart:
//   parameters  game, challenge             (the picker and the switcher set them)
//   position    placement string + history  (undo restores it; the URL hash and
//                                            localStorage hold it)
//   UI          selected piece, orientations, cursor, ghost, timer
//   drawing     Python's last view and the preview/piece caches
// The page holds no rules: every move is a placement string that Python checks.
//
// App orchestrates; the parts live beside it: history.js (undo/redo), source.js (where a
// challenge comes from: booklet, seed, custom, the URL hash), resume.js (which game goes
// on: saved, linked or fresh), progress.js (records), store.js + saved.js (storage and
// its validation), message.js (what a player reads), wincard.js (win card and clock),
// helper.js (hint and solve).

import { h, s, clear, icon, formatTime } from "./dom.js";
import { drawShapes, viewBoxText, pieceSvg, pieceAt, nearestLocation, neighbour } from "./render.js";
import * as store from "./store.js";
import { Picker } from "./picker.js";
import { bindBoard, bindKeys, bindTray } from "./input.js";
import { Editor } from "./editor.js";
import { History } from "./history.js";
import * as source from "./source.js";
import { recordsOf, recordWin, keepGame, gameOf, findGame, dropGame, isWon } from "./progress.js";
import { planGame } from "./resume.js";
import { gameKey } from "./saved.js";
import { cap, explain, isParserError, joinNotes } from "./message.js";
import { WinCard, Clock } from "./wincard.js";
import * as helper from "./helper.js";

const AUTOSAVE_MS = 5000; // while the clock runs, the game is saved this often too
const LINK_POSITION = "That link does not hold a position of this challenge, so it starts fresh.";
const SAVED_POSITION = "Your saved game of this challenge could not be loaded, so it was set aside and you start afresh.";

const root = document.documentElement;

export class App {
  constructor(python) {
    this.py = python;
    this.games = [];
    this.game = null;        // name
    this.info = null;        // op info
    this.challenges = [];
    this.challenge = null;   // {id, level, challenge, solutions}
    this.startPlacement = "";        // the challenge's start placement
    this.placement = "";
    this.history = new History(); // placement strings: undo/redo
    this.view = null;
    this.record = { solved: {}, current: null };
    this.selected = null;
    this.orientation = {};   // piece -> orientation held in the tray
    this.pieceViews = new Map();
    this.previews = new Map();
    this.cursor = null;      // location code of the keyboard cursor
    this.ghostAt = null;     // location code the ghost is wanted at
    this.ghost = null;       // the preview drawn
    this.clock = null;       // the play clock (#timer), made with the shell
    this.solved = false;
    this.helped = false;     // Solve was used: no best time
    this.fromStart = true;   // played from the challenge's start here: its time counts
    this.hints = 0;
    this.navigation = "replace"; // how the next hash is written: "push" for a new challenge
    this.savedAt = 0;        // performance.now() of the last save
    this.queue = Promise.resolve();
    this.pending = 0;
    this.solving = null;
    this.live = false;       // Python answered and a game is loaded
    this.mode = "play";      // or "edit": the challenge editor owns board and tray
    this.buildShell();
    this.editor = new Editor(this);
  }

  // ------------------------------------------------------------------ Python

  async call(op, args = {}) {
    await this.py.ready;
    return this.py.call(op, args);
  }

  gcall(op, args = {}) {
    return this.call(op, { game: this.game, ...args });
  }

  /** Run a position-changing action after the ones before it; report its errors. */
  run(action) {
    this.pending++;
    this.updateButtons();
    const next = this.queue.then(action).catch((e) => {
      if (e && e.type === "cancelled") return;
      console.error(e);
      this.say(explain(e), "error");
    }).finally(() => {
      this.pending--;
      this.updateButtons();
    });
    this.queue = next;
    return next;
  }

  // ------------------------------------------------------------------ shell

  buildShell() {
    const $ = (id) => document.getElementById(id);
    this.el = {
      games: $("games"), challengeButton: $("challenge-button"), level: $("challenge-level"),
      name: $("challenge-name"), timer: $("timer"), wrap: $("board-wrap"), status: $("status"),
      toolbar: $("toolbar"), tray: $("tray"), help: $("help"), loading: $("loading"),
      skeleton: $("board-skeleton"),
    };
    this.clock = new Clock(this.el.timer);
    const tool = (name, iconName, onclick, extra = {}) => {
      const button = h("button", { type: "button", class: `tool tool-${iconName}`, "data-action": iconName, disabled: true, onclick, ...extra },
        icon(iconName), h("span", { class: "tool-label", text: name }));
      return button;
    };
    this.buttons = {
      undo: tool("Undo", "undo", () => this.undo(), { title: "Undo (Ctrl+Z)" }),
      redo: tool("Redo", "redo", () => this.redo(), { title: "Redo (Ctrl+Y)" }),
      restart: tool("Restart", "restart", () => this.restart(), { title: "Restart the challenge" }),
      rotate: tool("Rotate", "rotate", () => this.rotate(), { title: "Rotate the held piece (R)" }),
      flip: tool("Flip", "flip", () => this.flip(), { title: "Flip the held piece (F)" }),
      hint: tool("Hint", "hint", () => this.hint(), { title: "Place the next piece of the solution" }),
      solve: tool("Solve", "solve", () => this.solve(), { title: "Show the whole solution" }),
    };
    const b = this.buttons;
    this.el.toolbar.append(
      h("div", { class: "tool-group" }, b.undo, b.redo, b.restart),
      h("div", { class: "tool-group tool-group-piece" }, b.rotate, b.flip),
      h("div", { class: "tool-group" }, b.hint, b.solve),
    );
    this.stopButton = h("button", { type: "button", class: "stop-button", hidden: true, onclick: () => this.cancelSolve() }, "Stop");
    this.tip = h("span", { class: "ghost-tip", "aria-hidden": "true" });
    this.el.status.after(this.tip, this.stopButton);

    // The board: Python's drawing, hint marks, the ghost, and focusable locations on top.
    this.board = s("svg", { id: "board", class: "board", role: "group", "aria-label": "Board", "data-placement": "", "data-challenge": "", hidden: true });
    this.board.append(s("defs", {}, halo("halo-ok", "#1f9d55"), halo("halo-bad", "#d64545")));
    this.layers = {
      view: s("g", { class: "layer-view" }),
      ghost: s("g", { class: "layer-ghost" }),
      locations: s("g", { class: "layer-locations" }),
    };
    this.board.append(this.layers.view, this.layers.ghost, this.layers.locations);
    this.el.wrap.prepend(this.board);

    this.win = new WinCard({ next: () => this.nextChallenge(), all: () => this.openPicker(), close: () => this.hideWin() });
    document.getElementById("play").append(this.win.node);
    this.picker = new Picker({
      pick: (id) => this.run(() => this.openChallenge(id)),
      generate: (level) => this.newChallenge(level),
      edit: () => this.openEditor(),
    });
    this.el.challengeButton.addEventListener("click", () => this.openPicker());

    for (let i = 0; i < 8; i++) this.el.tray.append(h("div", { class: "tray-slot skeleton", "aria-hidden": "true" }));
    bindBoard(this, this.board);
    bindTray(this, this.el.tray, this.board);
    bindKeys(this);
    setInterval(() => this.tick(), 500);
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) { this.pauseClock(); this.save(); } else this.resumeClock();
    });
    window.addEventListener("pagehide", () => this.save());
    // Back/Forward between challenges (popstate), or an address typed in (hashchange);
    // followHash ignores the second of the two events one step fires
    window.addEventListener("popstate", () => this.run(() => this.followHash()));
    window.addEventListener("hashchange", () => this.run(() => this.followHash()));
  }

  // ------------------------------------------------------------------ start

  async start() {
    const snap = source.snapshotToDraw();
    if (snap) this.drawSnapshot(snap);
    try {
      await this.py.ready;
    } catch (e) {
      this.say(cap(`Python could not start: ${e.message}. Reload the page to try again.`), "error");
      return;
    }
    await this.run(async () => {
      this.games = await this.call("games");
      this.renderGames();
      try {
        await this.followHash(true);
      } catch (e) {
        // whatever went wrong, the player gets a board: the first game at its start
        if (!this.games.length || e?.type === "WorkerError") throw e;
        console.error(e);
        await this.loadGame(this.games[0].name, {}, ["Your game could not be loaded, so here is a fresh one."], { fresh: true });
      }
    });
    this.live = Boolean(this.view);
    this.updateButtons();
    root.dataset.ready = "true";
  }

  /** Load what the URL hash says (at start: or else the saved game). */
  async followHash(starting = false) {
    const link = source.readLink(this.games.map((g) => g.name), this.game);
    if (!starting && link.asksNothing) return; // ours, already shown
    if (!link.name) throw new Error("No game is available.");
    if (!starting && this.mode === "play" && window.location.hash === this.writtenHash) return;
    if (!starting) this.save();
    await this.loadGame(link.name, link.want, link.notes, { push: false });
  }

  drawSnapshot(snap) {
    try {
      this.el.level.textContent = snap.level || "";
      this.el.name.textContent = snap.name || (snap.challenge ? `Challenge ${snap.challenge}` : "");
      this.frame = snap.view.frame;
      this.board.setAttribute("viewBox", viewBoxText(snap.view.frame.viewBox));
      this.setAspect(snap.view.frame.viewBox);
      drawShapes(this.layers.view, snap.view.shapes);
      this.board.hidden = false;
      this.el.wrap.dataset.state = "snapshot";
      if (Array.isArray(snap.games) && snap.games.every((g) => g && typeof g.name === "string" && typeof g.title === "string")) {
        this.games = snap.games;
        this.renderGames(snap.game);
      }
      if (Array.isArray(snap.tray)) {
        clear(this.el.tray);
        for (const p of snap.tray) {
          this.el.tray.append(h("div", { class: "tray-slot", "aria-hidden": "true" }, pieceSvg(p.view, snap.side)));
        }
      }
    } catch {
      /* a snapshot is a nicety: ignore a bad one */
    }
  }

  // ------------------------------------------------------------------ games and challenges

  renderGames(current = this.game) {
    clear(this.el.games);
    for (const g of this.games) {
      this.el.games.append(h("button", {
        type: "button", class: "game-tab", "data-game": g.name, "aria-pressed": String(g.name === current),
        onclick: () => { if (this.live && g.name !== this.game) this.run(() => this.switchGame(g.name)); },
      }, g.title));
    }
  }

  async switchGame(name) {
    if (this.mode === "edit") this.editor.leave();
    this.save();
    await this.loadGame(name, {}, [], { push: true });
  }

  /** Load a game and the challenge/position wanted ({challenge, placed, source}), or the
   *  saved game, or the first challenge. Problems become one message; never a crash.
   *  `push`: a new entry in the browser's history; `fresh`: ignore the saved games. */
  async loadGame(name, want = {}, notes = [], { push = false, fresh = false } = {}) {
    const [info, challenges] = await Promise.all([
      this.call("info", { game: name }), this.call("challenges", { game: name }),
    ]);
    if (!challenges.length) throw new Error(`${info.title} has no challenges.`);
    if (this.mode === "edit") this.editor.leave();
    this.dropSelection();
    this.game = name;
    this.info = info;
    this.challenges = source.bookletEntries(challenges);
    this.pieceViews.clear();
    this.orientation = Object.fromEntries(info.pieces.map((p) => [p.id, p.orientations[0]]));
    store.saveLastGame(name);
    const record = store.loadRecord(name);
    this.record = record;
    this.renderGames();
    this.el.help.textContent = info.help || "";
    this.buttons.flip.hidden = !info.canFlip;
    this.buttons.rotate.hidden = !info.canRotate;
    for (const node of document.querySelectorAll(".key-flip")) node.hidden = !info.canFlip;
    for (const node of document.querySelectorAll(".key-rotate")) node.hidden = !info.canRotate;
    this.frame = info.board.frame ?? info.board;
    this.setupBoard();

    const { entry, saved, placed, broken } = fresh ? { entry: this.challenges[0], saved: null, placed: null, broken: null }
      : await source.chooseChallenge({
        info, challenges: this.challenges, record, want, notes, gcall: (op, args) => this.gcall(op, args),
      });
    if (broken) this.setAsideGame(broken);
    await this.enterChallenge(entry, { saved, placed, notes, push });
  }

  /** A saved game that cannot be loaded: its record's text is kept aside, then it is dropped. */
  setAsideGame(game) {
    store.setAsideRecord(this.game);
    dropGame(this.record, gameKey(game));
    store.saveRecord(this.game, this.record);
  }

  /** Python's view of a position, or null if it is not a position of the challenge. */
  async viewOrNull(challenge, placement) {
    try {
      return await this.gcall("view", { challenge, placement });
    } catch (e) {
      if (isParserError(e) || e?.type === "IllegalPlacementError") return null;
      throw e;
    }
  }

  /** Show a challenge and play on: its saved game (`saved`), at the link's position
   *  (`placed`) if Python accepts it, else fresh (resume.js decides). `push`: the
   *  challenge gets its own entry in the browser's history. */
  async enterChallenge(entry, { saved = null, placed = null, notes = [], push = true } = {}) {
    const trayViews = this.loadTrayViews(); // meanwhile: the worker answers in order
    trayViews.catch(() => {});
    const start = await this.gcall("start", { challenge: entry.challenge });
    let plan = planGame({ saved, placed, start });
    let view = await this.viewOrNull(entry.challenge, plan.history[plan.index]);
    if (!view && placed !== null) {
      notes.push(LINK_POSITION);
      plan = planGame({ saved, start });
      view = await this.viewOrNull(entry.challenge, plan.history[plan.index]);
    }
    if (!view && saved) {
      notes.push(SAVED_POSITION);
      this.setAsideGame(saved);
      plan = planGame({ start });
    }
    view ??= await this.gcall("view", { challenge: entry.challenge, placement: start });
    plan.history[plan.index] = view.placement;
    this.challenge = entry;
    this.challengeGame = this.game;
    this.startPlacement = start;
    this.selected = null;
    this.ghostAt = null;
    this.clearGhost();
    this.hideWin();
    this.history.load(plan.history, plan.index);
    this.clock.reset(plan.elapsed);
    this.hints = plan.hints;
    this.helped = plan.helped;
    this.fromStart = plan.fromStart;
    this.navigation = push ? "push" : "replace";
    this.solved = false;
    delete root.dataset.solved;
    this.el.level.textContent = entry.level;
    this.el.name.textContent = entry.name;
    this.el.challengeButton.disabled = false;
    this.board.dataset.challenge = entry.id;
    this.board.dataset.kind = entry.kind;
    this.board.dataset.puzzle = entry.challenge;
    await trayViews;
    this.show(view, { quiet: true });
    this.live = true;
    this.el.wrap.dataset.state = "ready";
    notes.unshift(...store.takeNotices());
    if (notes.length) this.say(joinNotes(notes), "error");
    else {
      const next = this.solved ? "" : plan.resumed ? "Your game goes on where you left it." : "Pick a piece to start.";
      this.say(`${this.info.title} · ${entry.level} · ${entry.name.charAt(0).toLowerCase() + entry.name.slice(1)}. ${entry.note ? entry.note + " " : ""}${next}`.trim(), "info");
    }
  }

  /** The saved game of a challenge to go on with when the player picks it (a won one
   *  starts again). */
  savedFor(entry) {
    const game = findGame(this.record, entry.key);
    return game && !game.solved ? game : null;
  }

  /** The entry of a generated or custom challenge from its parts (the editor's too). */
  entryOf(parts) {
    return source.entryOf(parts);
  }

  /** A new challenge of a level with a random seed (the picker's "New challenge"). */
  newChallenge(level) {
    return this.run(async () => {
      if (!this.info?.canGenerate) {
        this.say(`${this.info?.title ?? "This game"} cannot make new challenges yet: pick one from the booklet.`, "error");
        return;
      }
      const seed = String(source.randomSeed());
      this.say(`Making a new ${level} challenge…`, "busy");
      const t0 = performance.now();
      const entry = await source.makeEntry(this.info, (op, args) => this.gcall(op, args), { seed, level });
      root.dataset.generateMs = String(Math.round(performance.now() - t0));
      if (this.mode === "edit") this.editor.leave();
      this.save();
      await this.enterChallenge(entry, { push: true });
    });
  }

  openEditor() {
    if (!this.info) return;
    this.hideWin();
    this.run(() => this.editor.enter());
  }

  async openChallenge(id) {
    const entry = this.challenges.find((c) => c.id === id);
    if (!entry) return;
    if (this.mode === "edit") this.editor.leave();
    this.save();
    await this.enterChallenge(entry, { saved: this.savedFor(entry), push: true });
  }

  nextChallenge() {
    if (this.challenge?.kind === "generated") {
      this.newChallenge(this.challenge.level);
      return;
    }
    const i = this.challenges.findIndex((c) => c.id === this.challenge?.id);
    const after = [...this.challenges.slice(i + 1), ...this.challenges.slice(0, i + 1)];
    const next = after.find((c) => !isWon(this.record.solved[c.id])) || after[0];
    this.run(() => this.openChallenge(next.id));
  }

  openPicker() {
    if (!this.info) return;
    this.hideWin();
    this.picker.open({
      title: this.info.title, levels: this.info.levels || [], challenges: this.challenges,
      solved: this.record.solved, current: this.challenge?.kind === "booklet" ? this.challenge.id : null,
      level: this.challenge?.level, canGenerate: Boolean(this.info.canGenerate),
      generatedSolved: Object.values(this.record.generated).filter(isWon).length,
    });
  }

  // ------------------------------------------------------------------ board and tray

  setAspect(box) {
    if (Array.isArray(box) && box[2] > 0 && box[3] > 0) {
      this.el.wrap.style.setProperty("--board-aspect", `${box[2]} / ${box[3]}`);
      this.el.wrap.style.setProperty("--board-ratio", String(box[2] / box[3]));
      document.getElementById("play").dataset.board = box[2] / box[3] < 1.5 ? "tall" : "wide";
    }
  }

  setupBoard() {
    const frame = this.frame;
    this.locations = (frame.locations || []).map((l) => ({ ...l, r: l.r || 0.5 }));
    this.byCode = new Map(this.locations.map((l) => [l.code, l]));
    this.board.setAttribute("viewBox", viewBoxText(frame.viewBox));
    this.setAspect(frame.viewBox);
    clear(this.layers.locations);
    this.locationNodes = new Map();
    for (const loc of this.locations) {
      const node = s("circle", {
        class: "loc", cx: loc.x, cy: loc.y, r: loc.r * 0.92, role: "button", "aria-label": loc.code,
        tabindex: "-1", "data-code": loc.code,
      });
      this.locationNodes.set(loc.code, node);
      this.layers.locations.append(node);
    }
    const middle = this.locations.length ? nearestLocation(this.locations, ...centre(frame.viewBox)) : null;
    this.setCursor(middle ? middle.code : null, false);
  }

  setCursor(code, focus = true) {
    if (!code || !this.locationNodes.has(code)) return;
    if (this.cursor && this.locationNodes.has(this.cursor)) this.locationNodes.get(this.cursor).setAttribute("tabindex", "-1");
    this.cursor = code;
    const node = this.locationNodes.get(code);
    node.setAttribute("tabindex", "0");
    if (focus) node.focus({ preventScroll: true });
  }

  focusBoard() {
    this.setCursor(this.cursor || this.locations[0]?.code, true);
    if (this.selected) this.moveGhost(this.cursor);
  }

  /** Draw a view from Python and bring everything that depends on it up to date. */
  show(view, { quiet = false, highlight = null, byComputer = false } = {}) {
    this.view = view;
    this.placement = view.placement;
    this.previews.clear();
    drawShapes(this.layers.view, view.shapes);
    this.board.hidden = false;
    this.board.dataset.placement = view.placement;
    this.el.skeleton.hidden = true;
    if (highlight) this.flash(highlight.piece, highlight.kind);
    this.renderTray();
    this.updateButtons();
    this.setSolved(Boolean(view.solved), { quiet, byComputer });
    this.writtenHash = store.hashFor(this.game, this.challenge, view.placement);
    store.writeHash(this.writtenHash, this.navigation === "push");
    this.navigation = "replace";
    this.save();
    if (this.selected && this.ghostAt) this.moveGhost(this.ghostAt);
  }

  /** The piece ids drawn on the board (placed or fixed). */
  placedPieces() {
    const ids = new Set();
    for (const shape of this.view?.shapes || []) {
      if (shape.piece && (shape.role === "piece" || shape.role === "fixed")) ids.add(shape.piece);
    }
    return ids;
  }

  /** What the tray holds: the game's pieces, or in the editor its tools. */
  items() {
    return this.mode === "edit" ? this.editor.tools : this.info.pieces;
  }

  async pieceView(piece, orientation) {
    const key = `${this.mode}/${piece}/${orientation}`;
    if (!this.pieceViews.has(key)) {
      const promise = this.mode === "edit" ? this.gcall("tool", { tool: piece, orientation }) : this.gcall("piece", { piece, orientation });
      this.pieceViews.set(key, promise);
      promise.catch(() => this.pieceViews.delete(key));
    }
    return this.pieceViews.get(key);
  }

  async loadTrayViews() {
    const items = this.items();
    for (const p of items) this.orientation[p.id] ??= p.orientations[0];
    const views = await Promise.all(items.map((p) => this.pieceView(p.id, this.orientation[p.id])));
    const pieceViews = views.filter((v, i) => items[i].kind !== "marker");
    this.traySide = Math.max(1, ...(pieceViews.length ? pieceViews : views).map((v) => Math.max(v.viewBox[2], v.viewBox[3]))) + 0.35;
    this.trayViews = Object.fromEntries(items.map((p, i) => [p.id, views[i]]));
  }

  renderTray() {
    const placed = this.placedPieces();
    if (this.selected && placed.has(this.selected)) this.dropSelection(false);
    clear(this.el.tray);
    this.items().forEach((p, i) => {
      if (placed.has(p.id) && p.kind !== "marker") return;
      const view = this.trayViews[p.id];
      const key = i < 9 ? String(i + 1) : i === 9 ? "0" : null;
      const button = h("button", {
        type: "button", class: `tray-piece${p.kind === "marker" ? " tray-marker" : ""}`, "aria-label": p.label, "aria-pressed": String(this.selected === p.id),
        "data-piece": p.id, "data-orientation": this.orientation[p.id], style: `--piece: ${p.colour}`,
        title: `${p.label}${key ? ` (${key})` : ""}`,
        onclick: (event) => { if (!this.suppressTrayClick) this.pick(p.id, event.detail === 0); },
      }, view ? pieceSvg(view, p.kind === "marker" ? 0 : this.traySide) : null, key ? h("span", { class: "key", "aria-hidden": "true", text: key }) : null);
      this.el.tray.append(button);
    });
    if (this.mode === "edit") this.editor.decorateTray();
    if (!this.el.tray.childElementCount) {
      this.el.tray.append(h("p", { class: "tray-empty", text: "Every piece is on the board." }));
    }
  }

  async refreshTrayPiece(piece) {
    const view = await this.pieceView(piece, this.orientation[piece]);
    this.trayViews[piece] = view;
    const button = this.el.tray.querySelector(`[data-piece="${CSS.escape(piece)}"]`);
    if (button) {
      button.dataset.orientation = this.orientation[piece];
      const old = button.querySelector(".piece-svg");
      const marker = this.items().find((p) => p.id === piece)?.kind === "marker";
      const svg = pieceSvg(view, marker ? 0 : this.traySide);
      if (old) old.replaceWith(svg); else button.prepend(svg);
      svg.classList.add("turned");
    }
  }

  // ------------------------------------------------------------------ holding a piece

  pick(piece, fromKeyboard = false) {
    if (!this.live || this.solving) return;
    const item = this.items().find((p) => p.id === piece);
    if (this.placedPieces().has(piece) && item?.kind !== "marker") {
      this.say(`Piece ${piece} is already on the board.`, "info");
      return;
    }
    if (this.selected === piece && !fromKeyboard) {
      this.dropSelection();
      return;
    }
    this.selected = piece;
    this.startClock();
    for (const b of this.el.tray.querySelectorAll(".tray-piece")) b.setAttribute("aria-pressed", String(b.dataset.piece === piece));
    this.board.dataset.holding = piece;
    this.updateButtons();
    const label = item?.label || `Piece ${piece}`;
    const turns = item?.kind === "marker" ? "" : [this.info.canRotate && "R rotates", this.info.canFlip && "F flips"].filter(Boolean).join(", ");
    this.say(`${label} in hand${turns ? ` (${turns})` : ""}. ${fromKeyboard ? "Arrows move it, Enter places it." : "Click the board to place it."}`, "info");
    if (fromKeyboard) this.focusBoard();
    else if (this.ghostAt) this.moveGhost(this.ghostAt);
  }

  pickByNumber(n) {
    const p = this.info && this.items()[n];
    if (p) this.pick(p.id, true);
  }

  dropSelection(render = true) {
    this.selected = null;
    this.clearGhost();
    if (this.board) delete this.board.dataset.holding;
    if (render && this.el) {
      for (const b of this.el.tray.querySelectorAll(".tray-piece")) b.setAttribute("aria-pressed", "false");
      this.updateButtons();
    }
  }

  turn(map, verb) {
    if (!this.selected || !this.info) return;
    const p = this.items().find((x) => x.id === this.selected);
    const next = p && p[map] && p[map][this.orientation[p.id]];
    if (next === undefined) return;
    this.orientation[p.id] = next;
    this.refreshTrayPiece(p.id).catch((e) => this.say(e.message, "error"));
    if (this.ghostAt) this.moveGhost(this.ghostAt);
    this.tip.textContent = "";
    void verb;
  }

  rotate() {
    if (this.info?.canRotate) this.turn("rotate", "rotated");
  }

  flip() {
    if (this.info?.canFlip) this.turn("flip", "flipped");
  }

  /** The preview of the held piece at a location (cached per position). */
  preview(code) {
    const piece = this.selected, orientation = this.orientation[piece];
    const editing = this.mode === "edit";
    const key = `${editing ? `edit:${this.editor.draft}` : this.placement}|${piece}|${orientation}|${code}`;
    if (!this.previews.has(key)) {
      const promise = editing
        ? this.gcall("editor_preview", { draft: this.editor.draft, tool: piece, orientation, location: code })
        : this.gcall("preview", { challenge: this.challenge.challenge, placement: this.placement, piece, orientation, location: code });
      this.previews.set(key, promise);
      promise.catch(() => this.previews.delete(key));
    }
    return { key, promise: this.previews.get(key) };
  }

  /** Show the held piece's ghost at a location (latest request wins). */
  moveGhost(code) {
    this.ghostAt = code;
    if (!this.selected || !code || !this.live) return;
    const { key, promise } = this.preview(code);
    this.ghostKey = key;
    promise.then((p) => {
      if (this.ghostKey !== key || !this.selected) return;
      this.drawGhost(p);
    }, (e) => this.say(e.message, "error"));
  }

  drawGhost(p) {
    this.ghost = p;
    drawShapes(this.layers.ghost, p.shapes);
    this.layers.ghost.setAttribute("class", `layer-ghost ${p.legal ? "legal" : "illegal"}`);
    this.board.dataset.ghost = p.placement || "";
    this.board.dataset.ghostLegal = String(Boolean(p.legal));
    this.tip.textContent = p.legal ? "" : p.reason || "";
    this.tip.classList.toggle("shown", !p.legal && Boolean(p.reason));
  }

  clearGhost() {
    this.ghost = null;
    this.ghostKey = null;
    if (!this.layers) return;
    clear(this.layers.ghost);
    delete this.board.dataset.ghost;
    delete this.board.dataset.ghostLegal;
    this.tip.textContent = "";
    this.tip.classList.remove("shown");
  }

  hideGhost() {
    // the pointer left the board: keep holding the piece
    this.ghostAt = null;
    this.clearGhost();
  }

  // ------------------------------------------------------------------ moves

  /** Place the held piece at a location (click, tap, Enter). */
  placeAt(code) {
    if (!this.selected) return;
    if (this.mode === "edit") {
      this.editor.use(code);
      return;
    }
    this.startClock();
    const { promise } = this.preview(code);
    this.run(async () => {
      const p = await promise;
      if (!p.legal || !p.placement) {
        this.say(p.reason ? `Not there: ${p.reason}.` : "The piece cannot go there.", "error");
        this.shakeGhost();
        return;
      }
      const piece = this.selected;
      const result = await this.gcall("play", { challenge: this.challenge.challenge, placement: this.placement, item: p.placement });
      const view = await this.gcall("view", { challenge: this.challenge.challenge, placement: result.placement });
      this.dropSelection();
      this.push(view, { piece, kind: "placed" });
      if (!view.solved) this.say(`Piece ${piece} placed.`, "info");
    });
  }

  /** Take a player's piece back into the hand (click on it, Delete on its location). */
  takeBack(piece) {
    this.startClock();
    this.run(async () => {
      const result = await this.gcall("remove", { challenge: this.challenge.challenge, placement: this.placement, piece });
      const view = await this.gcall("view", { challenge: this.challenge.challenge, placement: result.placement });
      this.push(view);
      this.pick(piece);
      this.say(`Piece ${piece} taken back into your hand. Escape puts it in the tray.`, "info");
    });
  }

  /** Activate a location (click/tap/Enter): place the held piece, or take a piece back. */
  activate(code, point = null) {
    if (!this.live || this.solving) return;
    if (this.selected) {
      this.placeAt(code);
      return;
    }
    if (this.mode === "edit") {
      this.editor.takeOff(code);
      return;
    }
    const loc = this.byCode.get(code);
    if (!loc) return;
    const hit = (point && pieceAt(this.view?.shapes, point.x, point.y)) || pieceAt(this.view?.shapes, loc.x, loc.y);
    if (!hit) {
      this.say("Pick a piece from the tray first (click it, or press its number).", "info");
      return;
    }
    if (hit.fixed) {
      this.say(`Piece ${hit.piece} is part of the challenge and stays.`, "info");
      return;
    }
    this.takeBack(hit.piece);
  }

  push(view, highlight = null, byComputer = false) {
    this.history.push(view.placement);
    this.show(view, { highlight, byComputer });
  }

  /** Show a step of the history; false (and the step dropped) if it cannot be shown. */
  async goTo(index) {
    const view = await this.viewOrNull(this.challenge.challenge, this.history.list[index]);
    if (!view) {
      this.history.drop(index);
      this.updateButtons();
      this.say("That step of your saved game could not be restored, so it was skipped.", "error");
      this.save();
      return false;
    }
    this.history.index = index;
    this.show(view);
    return true;
  }

  undo() {
    if (this.mode === "edit") return this.editor.step(-1);
    this.run(async () => {
      if (!this.history.canUndo) return;
      if (await this.goTo(this.history.index - 1) && !this.solved) this.say("Undone.", "info");
    });
  }

  redo() {
    if (this.mode === "edit") return this.editor.step(1);
    this.run(async () => {
      if (!this.history.canRedo) return;
      if (await this.goTo(this.history.index + 1) && !this.solved) this.say("Redone.", "info");
    });
  }

  restart() {
    this.run(async () => {
      if (this.placement === this.startPlacement) return;
      this.dropSelection();
      const view = await this.gcall("view", { challenge: this.challenge.challenge, placement: this.startPlacement });
      this.push(view);
      this.say("Back to the start. Undo brings your pieces back.", "info");
    });
  }

  hint() {
    helper.hint(this);
  }

  solve() {
    helper.solve(this);
  }

  renderTrayFor(view) {
    const keep = this.view;
    this.view = view;
    this.renderTray();
    this.view = keep;
  }

  cancelSolve() {
    return helper.cancelSolve(this);
  }

  onProgress() {
    // the loading bar in #loading is updated by boot.js; nothing else to do
  }

  // ------------------------------------------------------------------ feedback

  say(text, kind = "info") {
    const status = this.el.status;
    status.dataset.kind = kind;
    // Re-set the text so that the same message twice is announced twice.
    status.textContent = "";
    status.textContent = cap(text);
  }

  flash(piece, kind) {
    if (!piece) return;
    const nodes = this.layers.view.querySelectorAll(`[data-piece="${CSS.escape(piece)}"]`);
    for (const node of nodes) {
      node.classList.remove("flash-placed", "flash-hinted", "flash-blocker", "flash-removed");
      void node.getBoundingClientRect();
      node.classList.add(`flash-${kind}`);
    }
  }

  shakeGhost() {
    this.layers.ghost.classList.remove("shake");
    void this.layers.ghost.getBoundingClientRect();
    this.layers.ghost.classList.add("shake");
  }

  updateButtons() {
    if (this.mode === "edit") {
      this.editor.updateButtons();
      root.dataset.busy = String(this.pending > 0);
      return;
    }
    const b = this.buttons;
    const ready = this.live && !this.solving;
    b.undo.disabled = !ready || !this.history.canUndo;
    b.redo.disabled = !ready || !this.history.canRedo;
    b.restart.disabled = !ready || this.placement === this.startPlacement;
    b.rotate.disabled = !ready || !this.selected;
    b.flip.disabled = !ready || !this.selected;
    b.hint.disabled = !ready || this.solved;
    b.solve.disabled = !ready || this.solved;
    root.dataset.busy = String(this.pending > 0);
  }

  // ------------------------------------------------------------------ winning

  /** Note that the position shown is solved or not. `quiet`: it was shown solved (a
   *  saved or linked position), not solved now; `byComputer`: Solve just solved it. */
  setSolved(solved, { quiet = false, byComputer = false } = {}) {
    if (solved === this.solved) return;
    this.solved = solved;
    if (!solved) {
      delete root.dataset.solved;
      this.hideWin();
      this.resumeClock();
      return;
    }
    this.pauseClock();
    root.dataset.solved = "true";
    const time = formatTime(this.clock.elapsed);
    const counts = this.fromStart && !this.helped; // a fair time: from the start, no Solve
    let best = false;
    if (!quiet) {
      best = recordWin(this.record, this.challenge, { elapsed: this.clock.elapsed, hints: this.hints, helped: this.helped, counts });
      this.save();
    }
    if (byComputer) return; // the status says Solve did it; Undo takes it back
    this.win.show({
      entry: this.challenge, time, best, quiet, helped: this.helped,
      why: counts || quiet ? "" : this.helped ? "Solve was used, so no best time." : "Started from a shared position, so no best time.",
      bestTime: recordsOf(this.record, this.challenge)[this.challenge.key]?.best,
      colours: [...new Set(this.info.pieces.map((p) => p.colour))],
    });
    const how = [this.hints && `${this.hints} hint${this.hints > 1 ? "s" : ""}`, this.helped && "Solve's help"].filter(Boolean).join(" and ");
    this.say(`Solved! ${this.info.title} · ${this.challenge.level} · ${this.challenge.name.toLowerCase()} in ${time}${how ? ` with ${how}` : ""}.`, "success");
  }

  hideWin() {
    if (this.win) this.win.hide();
    else delete document.getElementById("play").dataset.won;
  }

  // ------------------------------------------------------------------ clock and saving

  startClock() {
    if (this.mode === "edit") return;
    if (!this.solved && this.live) this.clock.start();
  }

  pauseClock() {
    this.clock.pause();
  }

  resumeClock() {
    // the clock runs again at the next move, or now if it was running
    if (!this.solved && this.live && this.clock.elapsed > 0 && !document.hidden) this.startClock();
  }

  tick() {
    this.clock?.tick();
    if (this.clock?.running && performance.now() - this.savedAt > AUTOSAVE_MS) this.save({ snapshot: false });
  }

  /** Save the game in progress (and the snapshot of the board, unless `snapshot` is false). */
  save({ snapshot = true } = {}) {
    if (this.mode === "edit") {
      this.editor.save();
      return;
    }
    if (!this.game || !this.challenge || !this.view || this.challengeGame !== this.game) return;
    const c = this.challenge;
    const { history, index } = this.history.saved();
    if (history[index] !== this.placement) return; // mid-solve: the shown position is not a step
    keepGame(this.record, gameOf(c, {
      history, index, elapsed: this.clock.now(), hints: this.hints, helped: this.helped,
      fromStart: this.fromStart, solved: this.solved,
    }));
    store.saveRecord(this.game, this.record);
    this.savedAt = performance.now();
    if (!snapshot) return;
    const placed = this.placedPieces();
    store.saveSnapshot({
      game: this.game, games: this.games, challenge: c.id, level: c.level, name: c.name, hash: store.hashFor(this.game, c, this.placement), placement: this.placement,
      view: { frame: { viewBox: this.frame.viewBox }, shapes: this.view.shapes }, side: this.traySide,
      tray: this.info.pieces.filter((p) => !placed.has(p.id) && this.trayViews?.[p.id]).map((p) => ({ id: p.id, view: this.trayViews[p.id] })),
    });
  }
}

// ------------------------------------------------------------------ helpers

function halo(id, colour) {
  return s("filter", { id, x: "-20%", y: "-20%", width: "140%", height: "140%" },
    s("feMorphology", { in: "SourceAlpha", operator: "dilate", radius: "0.07", result: "grown" }),
    s("feFlood", { "flood-color": colour, "flood-opacity": "0.95" }),
    s("feComposite", { in2: "grown", operator: "in", result: "flooded" }),
    s("feComposite", { in: "flooded", in2: "SourceAlpha", operator: "out", result: "halo" }),
    s("feComponentTransfer", { in: "SourceGraphic", result: "faded" }, s("feFuncA", { type: "linear", slope: "0.8" })),
    s("feMerge", {}, s("feMergeNode", { in: "halo" }), s("feMergeNode", { in: "faded" })));
}

function centre(box) {
  const [x, y, w, hgt] = Array.isArray(box) ? box : [0, 0, 1, 1];
  return [x + w / 2, y + hgt / 2];
}

export { neighbour, nearestLocation };
