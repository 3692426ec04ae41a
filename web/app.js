// The page: orchestrates the two modes (play.js, edit.js: one interface), the board
// (board.js), the tray and the hand (tray.js), what the player reads (feedback.js), the
// picker, input and the Python worker. It owns the game shown (its name, info, record)
// and the UI state (the ghost, the queue of Python calls), never a mode's state: a mode
// keeps its position and history, and reaches the page only through `host`.
//
// Elsewhere: source.js (where a challenge comes from: booklet, seed, custom, the URL
// hash), store.js + saved.js (storage and its validation), message.js (capped sentences).

import * as store from "./store.js";
import * as source from "./source.js";
import * as walking from "./walks.js";
import { Board, spotList } from "./board.js";
import { Tray, nameOf } from "./tray.js";
import { Feedback } from "./feedback.js";
import { Picker } from "./picker.js";
import { PlayMode } from "./play.js";
import { Explainer } from "./explain.js";
import { EditMode } from "./edit.js";
import { LessonMode } from "./lesson.js";
import { bindBoard, bindKeys, bindTray } from "./input.js";
import { Record } from "./record.js";
import { PauseControl } from "./pause.js";
import { StatsDialog } from "./stats.js";
import { today } from "./tally.js";
import * as backup from "./backup.js";
import { cap, explain, joinNotes } from "./message.js";
import { applyTheme } from "./theme.js";
import { Settings } from "./settings.js";
import { Shell } from "./shell.js";
import { Printer } from "./printsheet.js";
import { inHandWords } from "./touch.js";
import { fitTray } from "./fit.js";
import { bindGestures } from "./gestures.js";
import { Engine } from "./engine.js";
import { boxOf, frameOf, isPiece, piecesOn, turnsOf } from "./view.js";
import { Toolbar } from "./toolbar.js";

const root = document.documentElement;
const $ = (id) => document.getElementById(id);

export class App {
  constructor(python) {
    this.engine = new Engine(python, {
      say: (text, kind) => this.say(text, kind), changed: () => this.updateButtons(), live: () => this.live,
    });
    this.games = [];
    this.game = null;        // the game shown: its name, info, booklet and record
    this.info = null;
    this.challenges = [];
    this.record = null;
    this.followed = null; // the address last followed (popstate/hashchange)
    this.live = false;       // Python answered and a game is loaded
    this.ghostAt = null;     // the location the held item is pointed at
    this.ghostKey = null;    // the preview wanted there (the latest wins)
    this.shown = null;       // the view drawn last
    this.settings = new Settings({
      notation: (on) => {
        root.dataset.notation = String(on); // style.css shows the board's own codes then
        this.feedback.showNotation(on);
      },
      theme: applyTheme,
      hideClock: (hidden) => this.pause.hideClock(hidden),
      solvable: (on) => this.play.sayWhenStuck(on),
    });
    store.loadWalks(); // read only for New challenge, but checked now: a broken one is said as the page opens
    this.feedback = new Feedback($("status"));
    this.board = new Board();
    $("board-wrap").prepend(this.board.svg);
    this.tray = new Tray($("tray"), (id, fromKeyboard) => this.pick(id, fromKeyboard));
    this.tray.skeleton();
    this.explainer = new Explainer({
      call: (op, args) => this.engine.call(op, args),
      draw: (shapes) => this.board.drawOverlay(shapes),
      say: (text, kind) => this.say(text, kind),
    });
    $("status").parentElement.after(this.explainer.node); // under the message bar
    this.play = new PlayMode(this.host, { timer: $("timer"), winParent: $("play") });
    this.pause = new PauseControl({ timer: $("timer"), cover: $("play"), change: (paused) => this.play.session.setPaused(paused) });
    this.settings.show("notation", "hideClock"); // (boot.js applied the theme)
    this.stats = new StatsDialog(document.querySelector(".meta"), {
      open: () => this.openStats(),
      hideClock: (hidden) => this.settings.set("hideClock", hidden),
      exportAll: () => backup.download(this.games, today()),
      importFile: (file) => this.importProgress(file),
    });
    this.edit = new EditMode(this.host, { panelParent: document.querySelector(".board-card") });
    this.lesson = new LessonMode(this.host, { parent: document.querySelector(".board-card"), finish: (how) => this.endLesson(how) });
    this.mode = this.play;
    this.toolbar = new Toolbar({
      node: $("toolbar"), bar: $("status").parentElement, modes: [this.play, this.edit, this.lesson],
      turn: (how) => this.turn(how), stop: () => this.play.cancelSolve(),
    });
    this.toolbar.layout(this.mode);
    this.picker = new Picker({
      pick: (id) => this.engine.run(() => this.openChallenge(id)),
      generate: (level) => this.newChallenge(level),
      edit: () => this.openEditor(),
      daily: (date) => this.openDaily(date),
      call: (op, args) => this.engine.call(op, args),
      notation: (on) => this.settings.set("notation", on),
      solvable: (on) => this.settings.set("solvable", on),
      theme: (name) => this.settings.set("theme", name),
      print: () => this.printer.open(),
      copy: () => this.printer.copy(),
    });
    this.printer = new Printer({
      call: (op, args) => this.engine.call(op, args),
      say: (text, kind) => this.say(text, kind),
      what: () => this.printable(),
    });
    this.shell = new Shell({
      pickGame: (name) => { if (this.live && name !== this.game) this.engine.run(() => this.switchGame(name)); },
      openPicker: () => this.openPicker(), teach: () => this.teach(),
    });
    fitTray(this.tray.node);
    bindBoard(this.board, this.actions);
    bindTray(this.tray, this.board, this.actions);
    bindGestures(this.board, this.tray, this.actions);
    bindKeys(this.actions);
    // a dialog opened or closed over the board (the picker, the stats, the print dialog:
    // any <dialog>, however it opens or closes): the clock stops or goes on, and the
    // address of the game under it is kept for Back to put back
    this.dialogAddress = null;
    new MutationObserver(() => {
      const covered = this.host.covered();
      if (!covered) this.dialogAddress = null;
      else this.dialogAddress ??= window.location.hash;
      this.play.session.sync();
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open"] });
    document.addEventListener("visibilitychange", () => { if (document.hidden) this.save(); });
    window.addEventListener("pagehide", () => this.save());
    // Back/Forward between challenges (popstate), or an address typed in (hashchange).
    // The address wanted is the event's own: hashchange is a task that may run after a
    // game still loading has written its address, and the player's last request must win.
    // One step fires both events; the second is skipped when only our own writes changed
    // the address since the first was followed. A step while a dialog is open closes the
    // dialog and leaves the game as it was (its address put back), as Back does on a phone.
    const follow = (wanted) => {
      const address = this.dialogAddress;
      if (this.closeDialogs()) {
        this.followed = wanted;
        if (address !== null) store.writeHash(address, true);
        return;
      }
      this.engine.run(() => {
        if (wanted === this.followed && this.play.wrote(window.location.hash)) return;
        if (window.location.hash !== wanted) history.replaceState(history.state, "", wanted || "#");
        this.followed = wanted;
        return this.followHash();
      });
    };
    window.addEventListener("popstate", () => follow(window.location.hash));
    window.addEventListener("hashchange", (event) => follow(new URL(event.newURL).hash));
  }

  // ------------------------------------------------------------------ what the modes may use

  /** The page as the modes see it: Python, messages, the board, the hand. */
  get host() {
    return this._host ??= {
      call: (op, args) => this.engine.call(op, args),
      run: (action) => this.engine.run(action),
      say: (text, kind, notation) => this.say(text, kind, notation),
      show: (view, flash) => this.show(view, flash),
      describe: (header, data) => this.describe(header, data),
      pieceAt: (code) => this.board.pieceAt(code),
      flash: (piece, kind) => this.board.flash(piece, kind),
      showHint: ({ piece = null, ...drawn }) => { this.board.drawHint(drawn); this.tray.markHinted(piece); },
      clearHint: () => { this.board.clearHint(); this.tray.markHinted(null); },
      setting: (name) => Boolean(this.settings.get(name)),
      // what the clock asks (session.js): whether a mode is the one shown, the engine is
      // ready (its loading is not the player's time), a dialog covers the board
      shows: (mode) => this.mode === mode,
      engineReady: () => this.engine.ready,
      covered: () => document.querySelector("dialog[open]") !== null,
      refuse: (message, notation) => this.refuse(message, notation),
      orientation: (id) => this.tray.orientation(id),
      hold: (id) => this.pick(id),
      drop: () => this.drop(),
      refresh: () => this.updateButtons(),
      save: () => this.save(),
      stopButton: (shown) => this.toolbar.stop(shown),
      restartPython: () => this.restartPython(),
      openPicker: (view = null) => this.openPicker(view),
      focusBoard: () => { if (this.live && this.mode === this.play && !this.picker.isOpen) this.focusBoard(); },
      open: (id) => this.engine.run(() => this.openChallenge(id)),
      generate: (level) => this.newChallenge(level),
      nextDaily: (date) => this.nextDaily(date),
      leaveEditor: () => this.leaveEditor(),
      playDraft: (draft) => this.playDraft(draft),
      // for the lesson: rings on the board, the pieces drawn, the hand, the lesson done
      spots: (spots, kind) => this.board.drawSpots(spots, kind),
            held: () => this.tray.held,
      learned: () => store.saveLearned(this.game),
    };
  }

  /** What input.js may do (pointer, touch, keys). */
  get actions() {
    return this._actions ??= {
      ready: () => this.live,
      busy: () => this.mode.busy,
      modal: () => this.picker.isOpen || this.printer.isOpen || this.stats.isOpen || this.pause.paused,
      held: () => this.tray.held,
      holding: () => this.tray.held !== null,
      point: (code) => {
        if (!code) this.hideGhost();
        else if (code !== this.ghostAt || this.ghostKey === null) this.moveGhost(code);
      },
      activate: (code) => { if (this.live) this.mode.activate(code, this.tray.held); },
      pick: (id) => this.pick(id),
      pickNumber: (n) => { const item = this.mode.items()[n]; if (item) this.pick(item.id, true); },
      turn: (how) => this.turn(how),
      canTurn: (how) => this.canTurn(how),
      drop: () => this.drop(),
      undo: () => this.mode.undo(),
      redo: () => this.mode.redo(),
      focusBoard: () => this.focusBoard(),
      escape: () => { if (!this.play.hideWin()) this.drop(); },
    };
  }

  /** Stop whatever Python does (Solve's Stop): a fresh worker. */
  async restartPython() {
    this.shell.state("restarting");
    try {
      await this.engine.restart();
    } finally {
      this.shell.state("ready");
      this.play.session.sync();
    }
  }

  // ------------------------------------------------------------------ the shell

  updateButtons() {
    if (!this.toolbar) return;
    const item = this.tray.item(this.tray.held);
    this.toolbar.update({
      live: this.live, enabled: (action) => this.mode.enabled(action), busy: this.engine.busy,
      turnable: this.live && isPiece(item) && !this.mode.busy,
    });
  }

  /** Which hand buttons the game (and the mode's items) has. */
  fitHandButtons() {
    const items = this.mode.items();
    const turns = turnsOf(this.info);
    const pieces = items.some(isPiece);
    const shown = { rotate: turns.rotate && pieces, flip: turns.flip && pieces };
    this.toolbar.fit(shown);
    this.shell.keys(turns, shown, items.length);
  }

  /** The header (level and name) and the board's data attributes. */
  describe({ level, name }, data) {
    this.shell.describe({ level, name });
    this.board.describe(data);
  }

  say(text, kind = "info", notation = "") {
    this.feedback.say(text, kind, notation);
  }

  /** A move the rules refuse: why, in the status line (not twice: the tip goes), and the
   *  ghost shakes. */
  refuse(message, notation) {
    this.feedback.clearTip();
    this.say(message, "error", notation);
    this.board.shakeGhost();
  }

  /** The challenge played, for the printed sheet and the copied text (none in the editor). */
  printable() {
    const entry = this.play.challenge;
    if (this.mode !== this.play || !entry || !this.info) return null;
    return {
      title: this.info.title, entry, placement: this.play.placement, help: this.play.help,
      frame: boxOf(this.info),
      pieces: (view) => ({ pictures: this.tray.pictures(piecesOn(view)), side: this.tray.side }),
    };
  }

  // ------------------------------------------------------------------ start

  async start() {
    const snap = source.snapshotToDraw();
    if (snap) this.drawSnapshot(snap);
    const engine = this.engine.started.then(() => true, (e) => {
      console.error(e);
      this.say("The puzzle engine could not start. Reload the page to try again.", "error");
      return false;
    });
    // The board at once: the game and challenge asked for, drawn from the site's built
    // answers (early.js) while the engine loads; what they do not know waits for it.
    await this.engine.run(async () => {
      this.games = await this.engine.call("games");
      this.shell.games(this.games, this.game);
      try {
        await this.followHash(true);
      } catch (e) {
        // whatever went wrong, the player gets a board: the first game at its start
        if (!this.games.length || e?.type === "WorkerError") throw e;
        console.error(e);
        await this.loadGame(this.games[0].name, {}, ["Your game could not be loaded, so here is a fresh one."], { fresh: true });
      }
    });
    if (!(await engine)) return;
    await this.engine.settled(); // a move made meanwhile is played now
    this.live = this.shown !== null;
    this.play.session.sync(); // the engine is ready: the challenge shown is playable now
    this.updateButtons();
    if (this.tray.held && this.ghostAt) this.moveGhost(this.ghostAt);
    root.dataset.ready = "true";
    performance.mark("ready"); // when a piece can be placed, in the page's clock (benchmarks)
    backup.askPersistence(); // asked once; the stats page says what the browser answered
  }

  /** Load what the URL hash says (at start: or else the saved game). */
  async followHash(starting = false) {
    const link = source.readLink(this.games.map((g) => g.name), this.game);
    if (!starting && link.asksNothing) {
      // an address that is not a game's: say why, and show the game's own again
      if (link.notes.length) {
        this.say(joinNotes(link.notes.map((n) => n.replace(" Here is a puzzle to play instead.", ""))
          .concat("The game goes on.")), "error");
        this.play.rewriteHash();
      }
      return;
    }
    if (!link.name) throw new Error("No game is available.");
    if (!starting && this.mode === this.play && this.play.wrote(window.location.hash)) return;
    if (!starting) this.save();
    await this.loadGame(link.name, link.want, link.notes, { push: false });
  }

  /** The last board, drawn at once on a return visit while Python starts. */
  drawSnapshot(snap) {
    try {
      this.describe({ level: snap.level || "", name: snap.name || "" }, {});
      this.board.drawPicture(snap.view.frame.viewBox, snap.view.shapes);
      this.shell.shape(snap.view.frame.viewBox);
      this.shell.state("snapshot");
      if (Array.isArray(snap.games) && snap.games.every((g) => g && typeof g.name === "string" && typeof g.title === "string")) {
        this.games = snap.games;
        this.shell.games(snap.games, snap.game);
      }
      if (Array.isArray(snap.tray)) this.tray.drawPictures(snap.tray, snap.side);
    } catch {
      /* a snapshot is a nicety: ignore a bad one */
    }
  }

  // ------------------------------------------------------------------ games and challenges

  async switchGame(name) {
    this.save();
    await this.loadGame(name, {}, [], { push: true });
  }

  /** Load a game and the challenge/position wanted ({challenge, placed, source}), or the
   *  saved game, or the first challenge. Problems become one message; never a crash.
   *  `push`: a new entry in the browser's history; `fresh`: ignore the saved games. */
  async loadGame(name, want = {}, notes = [], { push = false, fresh = false } = {}) {
    const [info, challenges] = await Promise.all([
      this.engine.call("info", { game: name }), this.engine.call("challenges", { game: name }),
    ]);
    if (!challenges.length) throw new Error(`${info.title} has no challenges.`);
    this.switchMode(this.play);
    if (name !== this.game) this.hideGhost(); // the last game's location is none of this one's
    this.game = name;
    this.engine.game = name;
    this.info = info;
    this.challenges = source.bookletEntries(challenges);
    this.record = Record.load(name);
    store.saveLastGame(name);
    this.play.load({ game: name, info, challenges: this.challenges, record: this.record });
    this.edit.load({ game: name, record: this.record });
    this.shell.games(this.games, this.game);
    this.shell.help(this.play.help);
    this.explainer.load(info);
    this.board.setFrame(frameOf(info));
    this.shell.shape(boxOf(info));
    const trayReady = this.tray.load(this.play.items(), (id, o) => this.play.itemView(id, o), { fresh: true });
    trayReady.catch(() => {}); // meanwhile: the worker answers in order
    this.fitHandButtons();
    const choice = fresh ? { entry: this.challenges[0], saved: null, placed: null, broken: null }
      : await source.chooseChallenge({
        info, challenges: this.challenges, record: this.record, want, notes, gcall: this.host.call,
      });
    if (choice.broken) this.record.setAside(choice.broken);
    // a player new to the game, who asked for no challenge, learns it first (unless
    // there is something to say: that comes first)
    const asked = ["challenge", "seed", "custom", "daily", "placed"].some((key) => want[key] !== null && want[key] !== undefined);
    const learn = !fresh && !asked && this.isNewHere();
    await trayReady;
    const noted = await this.enterChallenge(choice.entry, { saved: choice.saved, placed: choice.placed, notes, push });
    if (learn && !noted) await this.beginLesson();
  }

  /** Play a challenge (the caller left the editor); say what there is to say. */
  async enterChallenge(entry, options) {
    this.pause.set(false);
    const said = await this.play.open(entry, options);
    this.live = true;
    this.shell.ready();
    const notes = [...store.takeNotices(), ...(said.notes ?? [])];
    if (notes.length) this.say(joinNotes(notes), "error");
    else this.say(said.text, "info");
    return notes.length > 0;
  }

  /** A new challenge of a level with a random seed (the picker's "New challenge"). */
  newChallenge(level) {
    return this.engine.run(async () => {
      if (!this.info?.canGenerate) {
        this.say(`${this.info?.title ?? "This game"} cannot make new challenges yet: pick one from the booklet.`, "error");
        return;
      }
      this.say(`Making a new ${level} challenge…`, "busy");
      const t0 = performance.now();
      // the next place of the player's walk through the level's pool (walks.js)
      const walks = store.loadWalks();
      const place = walking.nextPlace(walks, this.game, level);
      const made = await this.engine.call("new_challenge", { level, ...place });
      store.saveWalks(walking.taken(walks, this.game, level, place));
      const entry = source.entryOf({ kind: "generated", seed: String(made.seed), level: made.level, puzzle: made.challenge });
      root.dataset.generateMs = String(Math.round(performance.now() - t0));
      await this.leaveEditorQuietly();
      this.save();
      await this.enterChallenge(entry, { push: true });
      if (made.note) this.say(made.note, "info");
    });
  }

  /** The daily challenge of a day, today's by default (the picker's "Today" and calendar). */
  openDaily(date = today()) {
    return this.engine.run(async () => {
      this.say(date === today() ? "Making today's challenge…" : `Making the challenge of ${source.dailyName(date).replace(/^Daily /, "")}…`, "busy");
      const entry = await source.makeEntry(this.info, this.host.call, { daily: date });
      await this.leaveEditorQuietly();
      this.save();
      await this.enterChallenge(entry, { saved: this.record.savedFor(entry), push: true });
    });
  }

  /** The daily challenge of `date` of the next game whose daily of that day is not won
   *  yet (the win card's Next after a daily); said in words when there is none left. */
  nextDaily(date) {
    return this.engine.run(async () => {
      const at = this.games.findIndex((g) => g.name === this.game);
      const after = [...this.games.slice(at + 1), ...this.games.slice(0, at)];
      for (const g of after) {
        if (Record.load(g.name).dailyWon(date)) continue;
        if (!(await this.engine.call("info", { game: g.name })).canGenerate) continue;
        this.save();
        await this.loadGame(g.name, { daily: date }, [], { push: true });
        return;
      }
      const day = date === today() ? "today" : `of ${source.dailyName(date).replace(/^Daily /, "")}`;
      this.say(`Every game's daily challenge ${day} is solved: there is none left for that day.`, "success");
    });
  }

  /** Close every dialog over the board; whether one was open. */
  closeDialogs() {
    const open = [this.picker, this.stats, this.printer].filter((d) => d.isOpen);
    for (const dialog of open) dialog.close();
    return open.length > 0;
  }

  /** The stats page, with every game's record as stored (the shown game saved first). */
  openStats() {
    if (!this.info) return;
    this.save();
    const records = Object.fromEntries(this.games.map((g) => [g.name, g.name === this.game ? this.record : Record.load(g.name)]));
    this.stats.open({
      games: this.games, current: this.game, levels: this.info.levels || [], records, today: today(),
      hideClock: Boolean(this.settings.get("hideClock")), persistence: backup.askPersistence(),
    });
  }

  /** Import a progress file: all of it (and the page reloads to show it) or nothing. */
  async importProgress(file) {
    let text;
    try {
      text = await file.text();
    } catch {
      return "That file could not be read, so nothing was changed.";
    }
    const checked = backup.checkImport(text, this.games);
    if (checked.problem) return checked.problem;
    if (!backup.applyImport(checked.values)) return "The browser would not store your progress, so nothing was changed.";
    // the page starts again from what was imported: its last game, not the address's
    history.replaceState(null, "", window.location.pathname + window.location.search);
    window.location.reload();
    return "Progress imported. Reloading…";
  }

  async openChallenge(id) {
    const entry = this.challenges.find((c) => c.id === id);
    if (!entry) return;
    await this.leaveEditorQuietly();
    this.save();
    await this.enterChallenge(entry, { saved: this.record.savedFor(entry), push: true });
  }

  openPicker(view = null) {
    if (!this.info) return;
    this.play.hideWin();
    const playing = this.play.challenge;
    this.picker.open({
      game: this.game, title: this.info.title, box: boxOf(this.info),
      levels: this.info.levels || [], challenges: this.challenges, bookletNote: this.info.bookletNote || "",
      solved: this.record.booklet, current: playing?.kind === "booklet" ? playing.id : null,
      level: playing?.level, canGenerate: Boolean(this.info.canGenerate),
      generatedSolved: this.record.ownWins,
      daily: this.dailyState(), hideClock: Boolean(this.settings.get("hideClock")), playing,
      notation: this.settings.get("notation"), solvable: this.settings.get("solvable"), theme: this.settings.get("theme"),
      levelsNote: this.info.levelsNote || "",
    }, view);
  }

  /** The dailies for the picker: today's {name, won, best, playing} and the calendar's
   *  {today, wins: {date: win}, started: dates with a game in progress, streak, shown: the
   *  daily played (its month is shown)}. */
  dailyState() {
    const date = today();
    const { win, wins, started, streak } = this.record.dailies(date);
    return {
      today: date, name: source.dailyName(date), won: this.record.dailyWon(date), best: win?.best ?? null,
      playing: this.play.challenge?.kind === "daily" && this.play.challenge.date === date,
      wins, started, streak,
      shown: this.play.challenge?.kind === "daily" ? this.play.challenge.date : null, // the calendar opens there
    };
  }

  // ------------------------------------------------------------------ modes

  /** Make `mode` the one the board, the toolbar and (once loaded) the tray serve. */
  switchMode(mode) {
    this.drop();
    if (this.mode === mode) return;
    this.mode.leave();
    this.mode = mode;
    this.play.session.sync(); // play mode's clock runs only while it is the mode shown
    if (mode !== this.play) root.dataset.mode = mode.name;
    else delete root.dataset.mode;
    this.toolbar.layout(this.mode);
  }

  async use(mode, { fresh = false } = {}) {
    this.switchMode(mode);
    await this.tray.load(mode.items(), (id, o) => mode.itemView(id, o), { fresh });
    this.fitHandButtons();
    this.shell.help(mode.help);
  }

  openEditor() {
    if (!this.info) return;
    this.engine.run(async () => {
      if (this.mode === this.edit) return;
      this.pause.set(false); // the editor has no clock (nor has a lesson): no pause over it
      await this.edit.prepare();
      await this.use(this.edit);
      this.edit.enter();
    });
  }

  leaveEditor() {
    this.engine.run(async () => {
      if (this.mode !== this.edit) return;
      await this.leaveEditorQuietly();
      await this.play.enter();
    });
  }

  /** Back to play mode (from the editor or a lesson) without showing anything (the caller
   *  shows a challenge). */
  async leaveEditorQuietly() {
    if (this.mode === this.play) return;
    await this.use(this.play);
  }

  // ------------------------------------------------------------------ the first lesson

  /** Whether the player is new to the game shown: its lesson neither played nor skipped,
   *  and no progress in it (a win, or a saved game with a move). */
  isNewHere() {
    if (store.loadLearned(this.games.map((g) => g.name)).includes(this.game)) return false;
    return this.record.untouched;
  }

  /** "How to play": the game's first lesson (lesson.js), from the tray's first orientations. */
  teach() {
    if (!this.info) return;
    this.engine.run(() => this.beginLesson());
  }

  async beginLesson() {
    this.play.hideWin();
    this.pause.set(false);
    this.lesson.load(this.info, this.play.challenge?.name);
    await this.use(this.lesson, { fresh: true });
    await this.lesson.begin();
  }

  /** The lesson ends: skipped, or won and left (its win already stored it as learned);
   *  it is not offered again unasked. */
  endLesson(how) {
    if (how === "skip") store.saveLearned(this.game);
    this.engine.run(async () => {
      if (this.mode !== this.lesson) return;
      await this.use(this.play);
      const entry = this.play.challenge;
      await this.play.enter(how === "skip" ? "Lesson skipped: How to play brings it back any time."
        : `${this.info.title} · ${entry.level} · ${entry.name}. Pick a piece to start.`);
      this.focusBoard();
    });
  }

  /** Play the editor's draft (it has exactly one solution) as a custom challenge. */
  playDraft(draft) {
    this.engine.run(async () => {
      await this.leaveEditorQuietly();
      const entry = source.entryOf({ kind: "custom", puzzle: draft });
      await this.enterChallenge(entry, { saved: this.record.savedFor(entry), push: true });
      this.say("Your challenge, ready to play. The address is its link: share it.", "info");
    });
  }

  // ------------------------------------------------------------------ the board and the hand

  /** Draw a mode's view: the board, the tray of what is not on it, the buttons. */
  show(view, flash = null) {
    this.shown = view;
    this.board.draw(view);
    if (flash) this.board.flash(flash.piece, flash.kind);
    this.shell.drawn();
    this.explainer.show(this.mode === this.play && !this.play.busy && this.play.challenge ? this.play.position() : null);
    const held = this.tray.held;
    this.tray.render(piecesOn(view));
    if (held && !this.tray.held) this.drop(); // the held piece is on the board now
    this.updateButtons();
    if (this.tray.held && this.ghostAt) this.moveGhost(this.ghostAt);
  }

  /** Take an item in hand (a tray button, a number key, a piece taken back). */
  pick(id, fromKeyboard = false) {
    if (!this.live || this.mode.busy) return;
    const item = this.tray.item(id);
    if (!item) return;
    if (item.kind !== "marker" && piecesOn(this.shown).has(id)) {
      this.say(`${nameOf(item)} is already on the board.`, "info");
      return;
    }
    if (this.tray.held === id && !fromKeyboard) {
      this.drop();
      return;
    }
    this.tray.hold(id);
    this.board.describe({ holding: id });
    this.updateButtons();
    this.mode.handChanged();
    const piece = item.kind !== "marker";
    this.say(inHandWords(nameOf(item), { rotate: piece && this.info.canRotate, flip: piece && this.info.canFlip }, fromKeyboard), "info");
    if (fromKeyboard) this.focusBoard();
    else if (this.ghostAt) this.moveGhost(this.ghostAt);
  }

  drop() {
    this.tray.release();
    this.clearGhost();
    this.board.describe({ holding: null });
    this.updateButtons();
    this.mode?.handChanged();
  }

  /** Whether the held item turns that way (a piece of a game that rotates/flips). */
  canTurn(how) {
    const item = this.tray.item(this.tray.held);
    return Boolean(item && item.kind !== "marker" && this.info?.[how === "rotate" ? "canRotate" : "canFlip"]);
  }

  async turn(how) {
    if (!this.info?.[how === "rotate" ? "canRotate" : "canFlip"]) return;
    try {
      if (!(await this.tray.turn(how))) return;
    } catch (e) {
      this.say(explain(e), "error");
      return;
    }
    this.feedback.clearTip();
    // a screen reader hears how the piece lies now (and, on the board, whether it fits)
    const item = this.tray.item(this.tray.held);
    const lies = this.tray.lies(item) ? `${nameOf(item)}: ${this.tray.lies(item)}.` : "";
    this.feedback.announceFit(lies);
    this.mode.handChanged();
    if (this.ghostAt) this.moveGhost(this.ghostAt, lies);
  }

  focusBoard() {
    const code = this.board.focus();
    if (this.tray.held) this.moveGhost(code);
  }

  /** Show the held item's ghost at a location (the latest request wins); `said`: what
   *  the keyboard player hears before whether it fits (the turn just made). */
  moveGhost(code, said = "") {
    const held = this.tray.held;
    if (!held || !code || !this.live) return;
    this.ghostAt = code;
    if (!this.engine.ready) return; // no ghost before the engine: it is drawn once it is ready
    const key = `${held}/${this.tray.orientation(held)}/${code}`;
    this.ghostKey = key;
    this.mode.preview(held, this.tray.orientation(held), code).then((p) => {
      if (this.ghostKey !== key || !this.tray.held) return;
      this.board.drawGhost(p);
      this.feedback.showTip(p.legal ? "" : p.message, p.legal ? "" : p.notation);
      // the keyboard's cursor on this location: say whether it fits, and why not
      if (document.activeElement?.dataset?.code === code) {
        const fit = p.legal ? `${nameOf(this.tray.item(held))} fits here${Array.isArray(p.covers) && p.covers.length ? `, covering ${spotList(p.covers)}` : ""}.`
          : p.message || "It does not fit here.";
        this.feedback.announceFit(said ? `${said} ${fit}` : fit);
      }
    }, (e) => this.say(explain(e), "error"));
  }

  clearGhost() {
    this.ghostKey = null;
    this.board.clearGhost();
    this.feedback.clearTip();
  }

  /** The pointer left the board: the item stays in hand. */
  hideGhost() {
    this.ghostAt = null;
    this.clearGhost();
  }

  // ------------------------------------------------------------------ saving

  /** Save the mode's state, and in play mode the snapshot drawn on the next visit. */
  save() {
    const game = this.mode.save();
    if (!game || !this.shown) return;
    const onBoard = piecesOn(this.shown);
    store.saveSnapshot({
      game: this.game, games: this.games, ...game,
      view: { frame: { viewBox: boxOf(this.info) }, shapes: this.shown.shapes },
      side: this.tray.side, tray: this.tray.pictures(onBoard),
    });
  }
}
