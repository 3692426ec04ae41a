// The page: makes its parts and wires them, and nothing more. Each part has one job:
//   engine.js     Python in its worker, asked about the game shown; actions in order
//   shell.js      the header, the board's box, the footer
//   board.js, tray.js, feedback.js   the board, the tray, the status line
//   stage.js      what a mode shows (board, tray, explanation); hand.js the item held
//   midend.js     the mode shown (play.js, edit.js, lesson.js: mode.js's interface) and
//                 what every mode shares: history, a player's action, the way to Python,
//                 the address (addresses.js), the save format, the clock (session.js)
//   toolbar.js    the buttons under the board
//   loader.js     the game shown; a challenge opened in one pass (what else is the
//                 game's hears of it: the loader's signals)
//   navigation.js the address and every route to a challenge; editing.js the editor's way
//                 in and out; dialogs.js the dialogs; pickerpage.js, todaypage.js theirs
//   lessons.js    when the first lesson is shown; snapshot.js the last board, kept
//   settings.js, statspage.js, record.js (every stored win and game)
//   sync.js       what other tabs store, followed here; notices.js the lines that say so
//                 (and that progress is not being kept)
// The start: the board at once from the site's built answers (early.js); the dialogs are
// made when first opened, not at the start.

import * as store from "./progress/store.js";
import { listen } from "./progress/sync.js";
import { Notices } from "./chrome/notices.js";
import { Board } from "./board/board.js";
import { Tray } from "./board/tray.js";
import { Feedback } from "./chrome/feedback.js";
import { Picker } from "./dialogs/picker.js";
import { PlayMode } from "./modes/play.js";
import { Explainer } from "./board/explain.js";
import { EditMode } from "./modes/edit.js";
import { LessonMode } from "./modes/lesson.js";
import { bindBoard, bindKeys, bindTray } from "./input/input.js";
import { bindGestures } from "./input/gestures.js";
import { PauseControl } from "./chrome/pause.js";
import { StatsDialog } from "./dialogs/stats.js";
import { Printer, printableOf } from "./dialogs/printsheet.js";
import { Confirm } from "./dialogs/confirm.js";
import { applyTheme } from "./chrome/theme.js";
import { fitTray } from "./board/fit.js";
import { Engine } from "./python/engine.js";
import { Settings } from "./progress/settings.js";
import { Shell } from "./chrome/shell.js";
import { Toolbar } from "./chrome/toolbar.js";
import { Midend } from "./midend/midend.js";
import { Stage } from "./midend/stage.js";
import { Hand } from "./board/hand.js";
import { Snapshot, snapshotToDraw } from "./board/snapshot.js";
import { Dialogs } from "./dialogs/dialogs.js";
import { Loader } from "./routes/loader.js";
import { Session } from "./midend/session.js";
import { Lessons } from "./routes/lessons.js";
import { Navigation } from "./routes/navigation.js";
import { Editing } from "./routes/editing.js";
import { PickerPage } from "./dialogs/pickerpage.js";
import { TodayPage } from "./dialogs/todaypage.js";
import { StatsPage } from "./dialogs/statspage.js";
import { TodayDialog } from "./dialogs/today.js";
import { markReady } from "./lib/built.js";
import { nextTask, afterFrame } from "./lib/idle.js";
import { t, lang, follow as followLanguage } from "./words/i18n.js";

const root = document.documentElement;
const $ = (id) => document.getElementById(id);

export class App {
  /** `between`: called when the player opens another challenge, the game left saved (a
   *  moment to apply a new release: updates.js). */
  constructor(python, { between = () => {} } = {}) {
    this.python = python;
    this.between = between;
  }

  /** Make the parts and wire them, a few at a time: a task each, so that a phone's main
   *  thread answers in between (issue 41: no task over 50 ms before the first board). */
  async build() {
    const { python, between } = this;
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
    const bar = $("status").parentElement; // the message bar
    this.feedback = new Feedback($("status"));
    const say = (text, kind) => this.feedback.say(text, kind);
    const refresh = () => this.refresh();
    this.engine = new Engine(python, { say, changed: refresh, live: () => this.stage.live, state: (name) => this.shell.state(name) });
    const call = (op, args) => this.engine.call(op, args);
    await nextTask();
    this.board = new Board();
    $("board-wrap").prepend(this.board.svg);
    this.tray = new Tray($("tray"), (id, fromKeyboard) => this.hand.pick(id, fromKeyboard));
    this.tray.skeleton();
    this.explainer = new Explainer({ call, draw: (shapes) => this.board.drawOverlay(shapes), say });
    bar.after(this.explainer.node); // under the message bar
    await nextTask();
    this.shell = new Shell({
      // (a button pressed while the parts after it are being made does nothing yet)
      pickGame: (name) => this.navigation?.switchGame(name), openPicker: () => this.pickerPage?.open(),
      openToday: () => this.todayPage?.open(), openStats: () => this.stats?.open(), teach: () => this.lessons?.teach(this.loader.info),
    });
    this.toolbar = new Toolbar({
      node: $("toolbar"), bar, turn: (how) => this.hand.turn(how), stop: () => this.midend.stop(), press: (action) => this.midend.press(action),
    });
    this.stage = new Stage({
      board: this.board, tray: this.tray, shell: this.shell, explainer: this.explainer, drawn: (held) => this.hand.follow(held),
    });
    this.snapshot = new Snapshot({ stage: this.stage, board: this.board, tray: this.tray, shell: this.shell });
    // the game's clock, Pause and timed autosave, the mid-end's: it runs while the mode shown
    // is timed (play's challenge, playable) and no dialog covers the board
    const clock = new Session({
      timer: $("timer"), covered: () => Boolean(this.dialogs?.covered()), timing: () => this.midend.timing,
      save: () => this.midend.save(), changed: refresh, // (no Hint or Solve while paused)
    });
    this.midend = new Midend({ engine: this.engine, feedback: this.feedback, stage: this.stage, toolbar: this.toolbar, snapshot: this.snapshot, clock });
    this.midend.emptying.listen(() => this.hand.drop());
    this.midend.changed.listen(refresh);
    await nextTask();
    this.hand = new Hand({
      tray: this.tray, board: this.board, feedback: this.feedback, stage: this.stage, midend: this.midend, engine: this.engine,
    });
    this.dialogs = new Dialogs({
      picker: () => new Picker({
        pick: (id) => this.navigation.openChallenge(id), generate: (level) => this.navigation.newChallenge(level),
        edit: () => this.editing.open(), call, // its Today: every game's (a day: the game's)
        daily: (date) => (date ? this.navigation.openDaily(date) : this.todayPage.open()),
        notation: (on) => this.settings.set("notation", on), solvable: (on) => this.settings.set("solvable", on),
        theme: (name) => this.settings.set("theme", name),
        print: () => this.dialogs.get("printer").open(), copy: () => this.dialogs.get("printer").copy(),
      }),
      stats: () => new StatsDialog({
        hideClock: (hidden) => this.settings.set("hideClock", hidden),
        vibrate: (on) => this.settings.set("vibrate", on), carry: () => this.stats.carry(),
        exportAll: () => this.stats.exportAll(), importFile: (file) => this.stats.importFile(file),
        restore: (slot) => this.stats.restore(slot),
      }),
      printer: () => new Printer({ call, say, what: () => printableOf(this.play) }),
      today: () => new TodayDialog({ play: (name, date) => this.navigation.playDaily(name, date) }),
      confirm: () => new Confirm(),
    }, () => clock.sync()); // a dialog over the board stops the clock
    // the modes: what every mode uses, and what each alone needs (none holds the mid-end)
    const page = { stage: this.stage, hand: this.hand, feedback: this.feedback };
    const routes = {
      openPicker: (view) => this.pickerPage.open(view),
      next: (entry) => this.navigation.next(entry), leaveEditor: () => this.editing.leave(),
      playDraft: (draft) => this.navigation.playDraft(draft),
    };
    await nextTask();
    // what play's parts borrow of the mid-end, each for play (types.d.ts PlayLent)
    const lent = {
      clock, save: () => this.midend.save(this.play), refresh: () => this.midend.refresh(),
      aside: (name) => this.midend.aside(this.play, name), awayFromMark: () => this.midend.awayFromMark(this.play),
      showStop: (shown) => this.toolbar.stop(shown),
    };
    this.play = new PlayMode(page, {
      settings: this.settings, routes, winParent: $("play"), ask: (question) => this.dialogs.get("confirm").open(question), lent,
    });
    this.play.movedOn.listen((newer) => this.behind(newer));
    this.play.stuckFound.listen(() => this.offerSayWhenStuck());
    this.pause = new PauseControl({ timer: $("timer"), cover: $("play"), change: (paused) => clock.setPaused(paused) });
    this.settings.show("notation", "hideClock"); // (boot.js applied the theme)
    await nextTask();
    const card = document.querySelector(".board-card");
    this.edit = new EditMode(page, { routes, panelParent: card });
    await nextTask(); // (the editor's toolbar and the lesson's panel: two tasks, not one long one)
    this.lesson = new LessonMode(page, {
      parent: card, finish: (how) => this.lessons.end(how), learned: () => this.lessons.learned(), refresh,
    });
    this.midend.start(this.play);
    const parts = {
      engine: this.engine, midend: this.midend, play: this.play, edit: this.edit, lesson: this.lesson, hand: this.hand,
      stage: this.stage, board: this.board, tray: this.tray, shell: this.shell, explainer: this.explainer,
      snapshot: this.snapshot, dialogs: this.dialogs, settings: this.settings, feedback: this.feedback, pause: this.pause,
    };
    await nextTask();
    this.lessons = new Lessons(parts);
    const { engine, midend, play, edit, hand, stage, dialogs, settings, feedback, pause } = this;
    const loader = this.loader = new Loader({ engine, midend, play, stage, lessons: this.lessons, feedback });
    // what is the game's but not the loader's hears of a game loaded and a challenge opened
    loader.listed.listen(({ games, current }) => this.shell.games(games, current));
    loader.loaded.listen((game) => {
      hand.load(game.info);
      this.snapshot.load(game);
      edit.load(game);
      this.explainer.load(game.info);
    });
    loader.opening.listen(() => pause.set(false)); // a new challenge's clock runs from when it is shown
    loader.opened.listen(() => { if (root.dataset.ready) between(); });
    loader.renamed.listen(() => this.renamed());
    this.navigation = new Navigation({ loader, engine, midend, dialogs, feedback, hand });
    this.navigation.carried.listen((said) => this.arrived(said));
    this.editing = new Editing({ loader, engine, midend, play, edit, pause });
    this.pickerPage = new PickerPage({ loader, play, dialogs, settings });
    this.todayPage = new TodayPage({ loader, play, dialogs, settings, feedback, save: () => midend.save() });
    this.stats = new StatsPage({ dialogs: this.dialogs, loader: this.loader, settings: this.settings, save: () => this.midend.keep() });
    await nextTask();
    fitTray(this.tray.node);
    const modal = () => this.dialogs.open || this.pause.paused;
    this.board.watchCursor(() => this.hand.showSelected()); // the piece Rotate and Flip turn where it lies
    bindBoard(this.board, this.hand);
    bindTray(this.tray, this.board, this.hand);
    bindGestures(this.board, this.tray, this.hand, modal, () => this.settings.get("vibrate"));
    bindKeys(this.hand, this.midend, modal, () => this.play.hideWin());
    this.navigation.watch();
    this.notices = new Notices();
    this.troubles = new Set(); // what the player was told of storage (once each)
    store.onTrouble((why) => this.storageTrouble(why));
    listen((keys) => this.follow(keys));
  }

  /** Progress cannot be stored (`why`: "full" or "blocked"): the player is told, once, what
   *  is not kept and what helps. */
  storageTrouble(why) {
    if (this.troubles.has(why) || this.troubles.has("blocked")) return;
    this.troubles.add(why);
    this.notices.show("storage", why === "blocked"
      ? t("This browser keeps no data for this site (site data is turned off), so your progress will not be kept when you leave.")
      : t("The browser's storage for this site is full, so your progress is not being saved. Free some space, or export your progress to keep it."),
    { label: t("Export progress"), run: () => this.stats.exportAll() });
  }

  /** Progress carried from another device was taken in (navigation.js; `said`: what came
   *  over): the page follows it as it follows another tab, and says it. */
  arrived(said) {
    root.dataset.carried = "true";
    this.follow(new Set([null]));
    this.notices.show("carry", said);
  }

  /** The game shown moved on in another tab (`newer`: its stored game), or no longer. */
  behind(newer) {
    if (!newer) this.notices.hide("elsewhere");
    else {
      this.notices.show("elsewhere", t("This game moved on in another tab; a move here goes on from this board instead."),
        { label: t("Show the newer position"), run: () => this.navigation.takeNewer() });
    }
  }

  /** The game's words came in the page's new language (loader.js): what shows the
   *  challenge's name follows (the open dialogs, the win card, the print dialog). */
  renamed() {
    this.pickerPage.redraw();
    this.todayPage.redraw();
    this.play.winning.made?.words();
    if (this.dialogs.isOpen("printer")) this.dialogs.get("printer").words();
  }

  /** A hint found the board stuck, with "Say when stuck" off: it is offered there, once
   *  (where it matters, not only in the picker's foot), whether taken or not. */
  offerSayWhenStuck() {
    if (this.settings.get("solvable") || this.settings.get("stuckOffered")) return;
    this.settings.set("stuckOffered", true);
    this.notices.show("stuck", t("Be told as soon as a move leaves no way to finish?"),
      { label: t("Say when stuck"), run: () => this.settings.set("solvable", true) });
  }

  /** Another tab stored something (`keys`; null among them: all): the settings, the game
   *  shown's record and what the page shows of any record follow. */
  follow(keys) {
    const has = (key) => keys.has(null) || keys.has(key);
    if (has(store.KEYS.settings)) this.settings.follow();
    if (has(store.KEYS.language)) followLanguage(store.loadLanguage());
    const names = this.loader.games.map((g) => g.name).filter((name) => has(store.KEYS.record(name)));
    if (!names.length) return;
    if (this.loader.record && names.includes(this.loader.name)) {
      this.loader.record.follow();
      this.play.follow();
    }
    this.pickerPage.redraw();
    this.todayPage.redraw();
    this.stats.redraw();
  }

  /** The buttons follow the page's state. */
  refresh() {
    this.toolbar.update({
      live: this.stage.live, enabled: (action) => this.midend.enabled(action), busy: this.engine.busy, turnable: this.hand.turnable,
    });
  }

  /** Save the mode's state, and keep its board for the next visit (a release applied). */
  save() {
    this.midend.keep();
  }

  /** The board at once (the last one kept, then the game and challenge asked for, drawn
   *  from the site's built answers while the engine loads), then playable once Python is
   *  ready: <html data-ready>. */
  async start() {
    const kept = store.storageState(); // said at once when progress cannot be kept
    if (kept !== "ok") this.storageTrouble(kept);
    const snap = snapshotToDraw();
    if (snap) {
      await this.snapshot.draw(snap);
      // a board is there to look at: Python starts now (a returning player waits for it,
      // not for the page's work on the board; see worker.js's mayStart)
      this.engine.go();
    }
    const engine = this.engine.started.then(() => true, (e) => {
      console.error(e);
      this.feedback.say(t("The puzzle engine could not start. Reload the page to try again."), "error");
      return false;
    });
    await this.engine.run(async () => {
      const names = await this.loader.list();
      try {
        await this.navigation.followHash(true);
      } catch (e) {
        // whatever went wrong, the player gets a board: the first game at its start
        if (!names.length || e?.type === "WorkerError") throw e;
        console.error(e);
        await this.loader.load(names[0], {}, [t("Your game could not be loaded, so here is a fresh one.")], { fresh: true });
      }
    });
    this.engine.go(); // the first board is drawn: Python starts now, if it has not
    if (!(await engine)) return;
    await this.engine.settled(); // a move made meanwhile is played now
    // a page in another language drew its board from the site's English views: the board
    // shown again, in its words
    if (lang() !== "en") await this.midend.redraw();
    // a returning player's day starts on the Today page, with no clock under it; it is
    // built once the board is playable, in a task of its own (the first board waits for
    // nothing it does not show)
    await nextTask(); // (the first storage of the tab is read in a task of its own)
    const greeting = this.todayPage.greets();
    if (!greeting) this.midend.clock.sync(); // the engine is ready: the challenge shown is playable now
    this.refresh();
    this.hand.wake();
    // (busy from now until the engine's first move is warm: the first placement waited for it)
    if (!greeting && this.midend.shows(this.play) && this.play.challenge) {
      this.hand.warmUp((piece, orientation, location) => this.engine.call("move", this.play.position({ piece, orientation, location })));
    }
    root.dataset.ready = "true";
    markReady(); // the mark "ready": when a piece can be placed, in the page's clock (benchmarks)
    if (greeting) {
      await nextTask();
      await this.todayPage.greet();
      this.midend.clock.sync();
    }
    await afterFrame();
    this.play.prepare(); // the win card, made while the player looks (not at the first win)
    await nextTask();
    this.dialogs.get("picker"); // and the picker: its first opening only fills it
  }
}
