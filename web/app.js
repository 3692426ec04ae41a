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
import { Board } from "./board.js";
import { Tray } from "./tray.js";
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
import { joinNotes } from "./message.js";
import { applyTheme } from "./theme.js";
import { Settings } from "./settings.js";
import { Shell } from "./shell.js";
import { Printer } from "./printsheet.js";
import { fitTray } from "./fit.js";
import { bindGestures } from "./gestures.js";
import { Engine } from "./engine.js";
import { boxOf, frameOf, turnsOf } from "./view.js";
import { Modes } from "./modes.js";
import { Stage } from "./stage.js";
import { Hand } from "./hand.js";
import { Snapshot, snapshotToDraw } from "./snapshot.js";
import { Toolbar } from "./toolbar.js";

const root = document.documentElement;
const $ = (id) => document.getElementById(id);

export class App {
  constructor(python) {
    this.games = [];
    this.game = null;        // the game shown: its name, info, booklet and record
    this.info = null;
    this.challenges = [];
    this.record = null;
    this.followed = null; // the address last followed (popstate/hashchange)
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
    const say = (text, kind) => this.feedback.say(text, kind);
    const bar = $("status").parentElement; // the message bar
    this.feedback = new Feedback($("status"));
    this.engine = new Engine(python, {
      say, changed: () => this.updateButtons(), live: () => this.stage.live, state: (name) => this.shell.state(name),
    });
    this.board = new Board();
    $("board-wrap").prepend(this.board.svg);
    this.tray = new Tray($("tray"), (id, fromKeyboard) => this.hand.pick(id, fromKeyboard));
    this.tray.skeleton();
    this.explainer = new Explainer({
      call: (op, args) => this.engine.call(op, args), draw: (shapes) => this.board.drawOverlay(shapes), say,
    });
    bar.after(this.explainer.node); // under the message bar
    this.shell = new Shell({
      pickGame: (name) => { if (this.stage.live && name !== this.game) this.engine.run(() => this.switchGame(name)); },
      openPicker: () => this.openPicker(), openStats: () => this.openStats(), teach: () => this.teach(),
    });
    this.toolbar = new Toolbar({
      node: $("toolbar"), bar, turn: (how) => this.hand.turn(how), stop: () => this.play.cancelSolve(),
    });
    this.modes = new Modes({
      tray: this.tray, toolbar: this.toolbar, shell: this.shell, sync: () => this.play.sync(), drop: () => this.hand.drop(),
    });
    this.stage = new Stage({
      board: this.board, tray: this.tray, shell: this.shell, explainer: this.explainer, drawn: (held) => this.hand.follow(held),
    });
    this.hand = new Hand({
      tray: this.tray, board: this.board, feedback: this.feedback, stage: this.stage, modes: this.modes, engine: this.engine,
      refresh: () => this.updateButtons(), dismiss: () => this.play.hideWin(),
    });
    this.snapshot = new Snapshot({ stage: this.stage, board: this.board, tray: this.tray, shell: this.shell });
    const page = { engine: this.engine, stage: this.stage, hand: this.hand, feedback: this.feedback };
    const routes = {
      openPicker: (view = null) => this.openPicker(view),
      openChallenge: (id) => this.engine.run(() => this.openChallenge(id)),
      newChallenge: (level) => this.newChallenge(level),
      nextDaily: (date) => this.nextDaily(date),
      focusBoard: () => { if (this.stage.live && this.modes.shows(this.play) && !this.picker.isOpen) this.hand.focusBoard(); },
      leaveEditor: () => this.leaveEditor(),
      playDraft: (draft) => this.playDraft(draft),
    };
    const covered = () => document.querySelector("dialog[open]") !== null;
    this.play = new PlayMode(page, {
      settings: this.settings, routes, snapshot: this.snapshot, toolbar: this.toolbar, refresh: () => this.updateButtons(),
      shown: () => this.modes.shows(this.play), covered, timer: $("timer"), winParent: $("play"),
    });
    this.pause = new PauseControl({ timer: $("timer"), cover: $("play"), change: (paused) => this.play.setPaused(paused) });
    this.settings.show("notation", "hideClock"); // (boot.js applied the theme)
    this.stats = new StatsDialog({
      hideClock: (hidden) => this.settings.set("hideClock", hidden),
      exportAll: () => backup.download(this.games, today()),
      importFile: (file) => this.importProgress(file),
    });
    const card = document.querySelector(".board-card");
    this.edit = new EditMode(page, { routes, panelParent: card });
    this.lesson = new LessonMode(page, {
      parent: card, finish: (how) => this.endLesson(how), learned: () => store.saveLearned(this.game), refresh: () => this.updateButtons(),
    });
    this.modes.start(this.play);
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
    this.printer = new Printer({ call: (op, args) => this.engine.call(op, args), say, what: () => this.printable() });
    fitTray(this.tray.node);
    const modal = () => this.picker.isOpen || this.printer.isOpen || this.stats.isOpen || this.pause.paused;
    bindBoard(this.board, this.hand);
    bindTray(this.tray, this.board, this.hand);
    bindGestures(this.board, this.tray, this.hand, modal);
    bindKeys(this.hand, this.modes, modal);
    // a dialog opened or closed over the board (the picker, the stats, the print dialog:
    // any <dialog>, however it opens or closes): the clock stops or goes on, and the
    // address of the game under it is kept for Back to put back
    this.dialogAddress = null;
    new MutationObserver(() => {
      if (!covered()) this.dialogAddress = null;
      else this.dialogAddress ??= window.location.hash;
      this.play.sync();
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

  // ------------------------------------------------------------------ the shell

  updateButtons() {
    if (!this.hand) return;
    this.toolbar.update({
      live: this.stage.live, enabled: (action) => this.modes.enabled(action), busy: this.engine.busy, turnable: this.hand.turnable,
    });
  }

  say(text, kind = "info", notation = "") {
    this.feedback.say(text, kind, notation);
  }

  /** The challenge played, for the printed sheet and the copied text (none in the editor). */
  printable() {
    const entry = this.play.challenge;
    if (!this.modes.shows(this.play) || !entry || !this.info) return null;
    return {
      title: this.info.title, entry, placement: this.play.placement, help: this.play.help,
      frame: boxOf(this.info),
      pieces: (view) => this.stage.trayPictures(view),
    };
  }

  // ------------------------------------------------------------------ start

  async start() {
    const snap = snapshotToDraw();
    if (snap) this.snapshot.draw(snap);
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
    this.stage.live = this.stage.shown !== null;
    this.play.sync(); // the engine is ready: the challenge shown is playable now
    this.updateButtons();
    this.hand.wake();
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
    if (!starting && this.modes.shows(this.play) && this.play.wrote(window.location.hash)) return;
    if (!starting) this.save();
    await this.loadGame(link.name, link.want, link.notes, { push: false });
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
    this.modes.switch(this.play);
    if (name !== this.game) this.hand.hide(); // the last game's location is none of this one's
    this.hand.load(info);
    this.modes.load(turnsOf(info));
    this.snapshot.load({ game: name, games: this.games, box: boxOf(info) });
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
    this.modes.fit();
    const choice = fresh ? { entry: this.challenges[0], saved: null, placed: null, broken: null }
      : await source.chooseChallenge({
        info, challenges: this.challenges, record: this.record, want, notes, gcall: (op, args) => this.engine.call(op, args),
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
    this.stage.live = true;
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
      const entry = await source.makeEntry(this.info, (op, args) => this.engine.call(op, args), { daily: date });
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

  openEditor() {
    if (!this.info) return;
    this.engine.run(async () => {
      if (this.modes.shows(this.edit)) return;
      this.pause.set(false); // the editor has no clock (nor has a lesson): no pause over it
      await this.edit.prepare();
      await this.modes.use(this.edit);
      this.edit.enter();
    });
  }

  leaveEditor() {
    this.engine.run(async () => {
      if (!this.modes.shows(this.edit)) return;
      await this.leaveEditorQuietly();
      await this.play.enter();
    });
  }

  /** Back to play mode (from the editor or a lesson) without showing anything (the caller
   *  shows a challenge). */
  async leaveEditorQuietly() {
    if (this.modes.shows(this.play)) return;
    await this.modes.use(this.play);
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
    await this.modes.use(this.lesson, { fresh: true });
    await this.lesson.begin();
  }

  /** The lesson ends: skipped, or won and left (its win already stored it as learned);
   *  it is not offered again unasked. */
  endLesson(how) {
    if (how === "skip") store.saveLearned(this.game);
    this.engine.run(async () => {
      if (!this.modes.shows(this.lesson)) return;
      await this.modes.use(this.play);
      const entry = this.play.challenge;
      await this.play.enter(how === "skip" ? "Lesson skipped: How to play brings it back any time."
        : `${this.info.title} · ${entry.level} · ${entry.name}. Pick a piece to start.`);
      this.hand.focusBoard();
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

  // ------------------------------------------------------------------ saving

  /** Save the mode's state, and in play mode the snapshot drawn on the next visit. */
  save() {
    this.snapshot.keep(this.modes.save());
  }
}
