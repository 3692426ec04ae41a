// The game shown and the challenge played. Loading a game sets up everything that is the
// game's (its info, booklet and record; the board's frame, the tray, how pieces turn) and
// then opens a challenge of it. Opening a challenge is one pass: what to play is chosen
// (source.js, resume.js), Python is asked once (play.js's opening: its steps, which the
// mid-end answers, questions.js), and then either it is drawn, recorded and addressed
// once, or, for a newcomer who asked for nothing, the game's first lesson is shown
// instead (the challenge waits under it, drawn when it ends).
// What is the game's but not the loader's (the hand, the editor, the board kept, the game
// tabs, the explanation's option, the clock's Pause) hears of it: the loader's signals.

import * as store from "../progress/store.js";
import * as source from "./source.js";
import { joinNotes, Said } from "../words/message.js";
import { Record } from "../progress/record.js";
import { turnsOf } from "../python/view.js";
import { nextTask } from "../lib/idle.js";
import { Signal } from "../lib/signal.js";
import { t, onChange, openingNotes } from "../words/i18n.js";

const SOURCES = ["challenge", "seed", "custom", "daily", "placed"]; // what a link may ask for

/** @typedef {{game: string, info: import("../python/view.js").Info, games: {name: string, title: string}[], record: Record}} Loaded a game loaded: its name, info and record, and the games there are */

export class Loader {
  /** `midend`: the mode shown, play's opening answered and drawn; `play`: the mode a
   *  challenge is played in; `stage`: the board, the tray and the header; `lessons`
   *  (lessons.js: whether a newcomer learns first, and the lesson); `feedback`: what the
   *  opening says. */
  constructor({ engine, midend, play, stage, lessons, feedback }) {
    Object.assign(this, { engine, midend, play, stage, lessons, feedback });
    /** @type {Signal<{games: {name: string, title: string}[], current: string | null}>} the games there are, and the one shown */
    this.listed = new Signal();
    /** @type {Signal<Loaded>} a game loaded, before its board is framed */
    this.loaded = new Signal();
    /** @type {Signal<void>} a challenge is being opened (its clock runs from when it is shown) */
    this.opening = new Signal();
    /** @type {Signal<void>} a challenge is shown */
    this.opened = new Signal();
    /** @type {Signal<void>} the game's words came in the page's new language */
    this.renamed = new Signal();
    this.games = [];      // every game: {name, title}
    this.name = null;     // the game shown
    this.info = null;     // its info (view.js)
    this.challenges = []; // its booklet, as entries (source.js)
    this.record = null;   // its Record
    onChange(() => this.relabel());
  }

  /** The language changed: the game's info and booklet again from Python, in its words
   *  now (the picker and the header's name follow; the position is not touched). */
  relabel() {
    if (this.name === null) return;
    this.engine.run(async () => {
      const name = this.name;
      const [info, challenges] = await Promise.all([
        this.engine.call("info", { game: name }), this.engine.call("challenges", { game: name }),
      ]);
      if (name !== this.name) return; // another game since: it came in the new words
      this.info = info;
      this.challenges = source.bookletEntries(challenges);
      const entry = this.play.challenge;
      // the challenge played: its name (and a booklet one's note) in the new words
      if (entry) {
        entry.name = source.nameOf(entry, this.challenges);
        const fresh = entry.kind === "booklet" && this.challenges.find((c) => c.id === entry.id);
        if (fresh) entry.note = fresh.note;
      }
      if (this.playing && entry) this.stage.describe({ name: entry.name, short: source.shortName(entry) });
      // every word of the game shown in the new language at once: the pieces' names (the
      // tray's, the hand's), the board's rows, the option beside it, the help line, the
      // status line and the view Python drew (the position, the clock, the history kept)
      this.stage.relabel(info, { pieces: this.playing });
      this.midend.relabelled(info);
      this.renamed.tell(); // (the dialogs open follow)
    });
  }

  /** The games there are (the first op of the page). */
  async list() {
    this.games = await this.engine.call("games");
    this.listed.tell({ games: this.games, current: this.name });
    return this.games.map((g) => g.name);
  }

  /** Load a game and the challenge/position wanted ({challenge, seed, custom, daily,
   *  placed}), or the saved game, or the first challenge not won. Problems become one
   *  message; never a crash. `push`: a new entry in the browser's history; `fresh`:
   *  ignore the saved games. */
  async load(name, want = {}, notes = [], { push = false, fresh = false } = {}) {
    const [info, challenges] = await Promise.all([
      this.engine.call("info", { game: name }), this.engine.call("challenges", { game: name }),
    ]);
    if (!challenges.length) throw new Said(t("{title} has no challenges.", { title: info.title }));
    this.midend.switch(this.play);
    this.name = name;
    this.engine.use(name);
    this.info = info;
    this.challenges = source.bookletEntries(challenges);
    this.record = Record.load(name);
    // a player new to the game, who asked for no challenge, learns it first (unless there
    // is something to say: that comes first). A game switched to whose lesson follows
    // shows none of its play until the lesson's layout is there (style.css): its board
    // and tray in play's layout for a frame or many (half a second at CPU 6x) were the
    // lesson's jump
    const asked = SOURCES.some((key) => want[key] !== null && want[key] !== undefined);
    const learn = !fresh && !asked && this.lessons.isNew(this.games.map((g) => g.name), name, this.record);
    if (learn && document.documentElement.dataset.ready) document.documentElement.dataset.teaching = "switch";
    try {
      store.saveLastGame(name);
      this.midend.load(turnsOf(info));
      this.play.load({ game: name, info, record: this.record });
      this.loaded.tell({ game: name, info, games: this.games, record: this.record });
      this.listed.tell({ games: this.games, current: name });
      await nextTask(); // the board's frame and the tray in a task of their own
      await this.stage.frame(info);
      await nextTask();
      const trayReady = this.midend.layTray(this.play, { fresh: true });
      trayReady.catch(() => {}); // meanwhile: the worker answers in order
      this.midend.fit();
      const choice = fresh ? { entry: this.challenges[0], saved: null, placed: null, broken: null }
        : await source.chooseChallenge({
          info, challenges: this.challenges, record: this.record, want, notes, gcall: (op, args) => this.engine.call(op, args),
        });
      if (choice.broken) this.record.setAside(choice.broken);
      await trayReady;
      await this.open(choice.entry, { saved: choice.saved, placed: choice.placed, notes, push, learn });
    } finally {
      this.lessons.shown(); // (the lesson begun, or play shown, or a failure said)
    }
  }

  /** Open a challenge of the game shown (the caller left the editor and saved the game
   *  before): drawn and said, or (`learn`, with nothing to say) the lesson first. */
  async open(entry, { learn = false, ...options }) {
    this.opening.tell();
    const { view, notes, text } = await this.midend.answer(this.play, this.play.open(entry, options));
    this.stage.goLive();
    const said = [...store.takeNotices(), ...openingNotes(), ...notes];
    if (learn && !said.length) {
      await this.lessons.begin(this.info);
      return;
    }
    await this.stage.showInParts(view, () => this.midend.present(this.play, view));
    if (said.length) this.feedback.say(joinNotes(said), "error");
    else this.feedback.say(text, "info");
    this.opened.tell();
  }

  /** The challenge played (its entry), or null. */
  get challenge() {
    return this.play.challenge;
  }

  /** Whether play is the mode shown (not the editor, not a lesson). */
  get playing() {
    return this.midend.shows(this.play);
  }

  /** Whether a challenge was shown: the board is the player's from then on. */
  get live() {
    return this.stage.live;
  }

  /** Back to play mode (from the editor or a lesson) without showing anything (the
   *  caller opens a challenge, or shows the one played). */
  async backToPlay() {
    if (!this.playing) await this.midend.use(this.play);
  }

  /** The saved game of `entry` in the game shown's record, if there is one. */
  savedFor(entry) {
    return this.record.savedFor(entry);
  }

  /** Every game's record (the game shown's as it is, the others as stored); `quiet`: the
   *  others read with no side effect, a broken one as null (set aside when its game opens). */
  records({ quiet = false } = {}) {
    const read = quiet ? Record.peek : Record.load;
    return Object.fromEntries(this.games.map((g) => [g.name, g.name === this.name ? this.record : read(g.name)]));
  }
}
