// Where the player goes, and how the address follows. The URL hash holds the position (a
// position is a link): Back, Forward and an address typed in are followed; the picker, the
// win card, the editor, New challenge (a walk through the level's pool, walks.js) and the
// dailies open challenges; the game tabs switch games; a link to progress is taken in. Each
// route saves the game it leaves and hands the challenge to the loader, one after another
// (engine.run).

import * as store from "../progress/store.js";
import * as source from "./source.js";
import { walkOn } from "../progress/walks.js";
import { joinNotes, Said } from "../words/message.js";
import { Record } from "../progress/record.js";
import { today } from "../progress/tally.js";
import { Signal } from "../lib/signal.js";
import { t, longDate } from "../words/i18n.js";

const root = document.documentElement;

export class Navigation {
  /** `loader`: the game shown and the challenge played; `midend`: the address written,
   *  the game left saved; `dialogs`: Back closes them; `hand`: the board takes the focus
   *  after the win card. */
  constructor({ loader, engine, midend, dialogs, feedback, hand }) {
    Object.assign(this, { loader, engine, midend, dialogs, feedback, hand });
    this.followed = null; // the address last followed (popstate/hashchange)
    this.arrived = null; // the last link to progress taken in (followHash)
    /** @type {Signal<string>} progress carried from another device was taken in (what came over, in words) */
    this.carried = new Signal();
  }

  // ---------------------------------------------------------------- the address

  /** Follow Back/Forward between challenges (popstate) and an address typed in
   *  (hashchange). The address wanted is the event's own: hashchange is a task that may
   *  run after a game still loading has written its address, and the player's last
   *  request must win. One step fires both events; the second is skipped when only our
   *  own writes changed the address since the first was followed. With a dialog open,
   *  Back or Forward (a step to an entry the page wrote: store.ownEntry) closes the
   *  dialog and leaves the game as it was (its address put back), as Back does on a
   *  phone; an address the player gives (typed in, a link followed: an entry the page
   *  did not write) closes the dialog and is followed. */
  watch() {
    const follow = (wanted) => {
      const address = this.dialogs.address;
      const stepped = store.ownEntry();
      if (this.dialogs.closeAll() && stepped) {
        this.followed = wanted;
        if (address !== null) store.writeHash(address, true);
        return;
      }
      this.engine.run(() => {
        if (wanted === this.followed && this.midend.addresses.wrote(window.location.hash)) return;
        if (wanted && wanted === this.arrived) {
          this.arrived = null; // (popstate and hashchange both tell of one link to progress: it is taken in once)
          return;
        }
        if (window.location.hash !== wanted) history.replaceState(history.state, "", wanted || "#");
        this.followed = wanted;
        return this.followHash();
      });
    };
    window.addEventListener("popstate", () => follow(window.location.hash));
    window.addEventListener("hashchange", (event) => follow(new URL(event.newURL).hash));
  }

  /** Load what the URL hash says (at start: or else the saved game). */
  async followHash(starting = false) {
    const carried = store.readHash().carry;
    if (carried !== null) {
      this.arrived = window.location.hash;
      // progress from another device: the address forgets it at once (a reload, or a
      // screenshot of the address, does not bring it again), then it is taken in; the
      // game shown stays (at the start: the one played last)
      history.replaceState(history.state, "", window.location.pathname + window.location.search);
      await this.takeIn(carried);
      if (!starting) return;
    }
    const link = source.readLink(this.loader.games.map((g) => g.name), this.loader.name);
    if (!starting && link.asksNothing) {
      // an address that is not a game's: say why, and show the game's own again
      if (link.notes.length) {
        const instead = t("Here is a puzzle to play instead.");
        this.feedback.say(joinNotes(link.notes.filter((n) => n !== instead).concat(t("The game goes on."))), "error");
        this.midend.addresses.rewrite(); // (after one the page did not follow)
      }
      return;
    }
    if (!link.name) throw new Said(t("No game is available."));
    if (!starting && this.loader.playing && this.midend.addresses.wrote(window.location.hash)) return;
    if (!starting) this.midend.save();
    await this.loader.load(link.name, link.want, link.notes, { push: false });
  }

  /** Progress carried from another device (a link's carry value, the address already
   *  cleared of it): taken in (arrival.js, loaded only for such a link), and told. */
  async takeIn(value) {
    const games = this.loader.games;
    const booklets = Object.fromEntries(await Promise.all(games.map(async (g) =>
      [g.name, new Set((await this.engine.call("challenges", { game: g.name })).map((c) => c.id))])));
    const { arrive } = await import("./arrival.js");
    this.carried.tell(await arrive(value, games, booklets));
  }

  // ---------------------------------------------------------------- games and challenges

  /** A game's tab pressed. */
  switchGame(name) {
    if (!this.loader.live || name === this.loader.name) return;
    this.engine.run(async () => {
      this.midend.save();
      await this.loader.load(name, {}, [], { push: true });
    });
  }

  /** A booklet challenge of the game shown (the picker's, the win card's Next). */
  openChallenge(id) {
    return this.engine.run(async () => {
      const entry = this.loader.challenges.find((c) => c.id === id);
      if (entry) await this.openEntry(entry, { resume: true });
    });
  }

  /** Leave the editor or a lesson, save the game left, and open `entry` (a new entry in
   *  the browser's history); `resume`: go on with its saved game, if there is one (as
   *  saved just now, when it is the one left). */
  async openEntry(entry, { resume = false } = {}) {
    await this.loader.backToPlay();
    this.midend.save();
    await this.loader.open(entry, { saved: resume ? this.loader.savedFor(entry) : null, push: true });
  }

  /** A new challenge of a level, the next of the player's walk (the picker's "New
   *  challenge", the win card's "Another"). */
  newChallenge(level) {
    return this.engine.run(async () => {
      const { info, name } = this.loader;
      if (!info?.canGenerate) {
        this.feedback.say(info?.title ? t("{title} cannot make new challenges yet: pick one from the booklet.", { title: info.title })
          : t("This game cannot make new challenges yet: pick one from the booklet."), "error");
        return;
      }
      this.feedback.say(t("Making a new {level} challenge…", { level }), "busy");
      const t0 = performance.now();
      const made = await walkOn((op, args) => this.engine.call(op, args), name, level);
      const entry = source.entryOf({ kind: "generated", seed: String(made.seed), level: made.level, puzzle: made.challenge });
      root.dataset.generateMs = String(Math.round(performance.now() - t0));
      await this.openEntry(entry);
      if (made.note) this.feedback.say(made.note, "info");
    });
  }

  /** The daily challenge of a day, today's by default (the picker's "Today" and calendar). */
  openDaily(date = today()) {
    return this.engine.run(async () => {
      this.feedback.say(date === today() ? t("Making today's challenge…") : t("Making the challenge of {day}…", { day: longDate(date) }), "busy");
      // the saved game that goes on comes with it: opening it asks nothing more
      const entry = await source.makeEntry(this.loader.info, (op, args) => this.engine.call(op, args), { daily: date }, (key) => this.loader.savedFor({ key }));
      await this.openEntry(entry, { resume: true });
    });
  }

  /** The daily challenge of `date` of the next game whose daily of that day is not won
   *  yet (the win card's Next after a daily); said in words when there is none left. */
  nextDaily(date) {
    return this.engine.run(async () => {
      const { games, name } = this.loader;
      const at = games.findIndex((g) => g.name === name);
      for (const g of [...games.slice(at + 1), ...games.slice(0, at)]) {
        if (Record.load(g.name).dailyWon(date)) continue;
        if (!(await this.engine.call("info", { game: g.name })).canGenerate) continue;
        this.midend.save();
        await this.loader.load(g.name, { daily: date }, [], { push: true });
        return;
      }
      this.feedback.say(date === today() ? t("Every game's daily challenge today is solved: there is none left for that day.")
        : t("Every game's daily challenge of {day} is solved: there is none left for that day.", { day: longDate(date) }), "success");
    });
  }

  /** A game's daily of `date` (the Today page's): in the game shown, or that game loaded. */
  playDaily(name, date) {
    if (name === this.loader.name) return this.openDaily(date);
    return this.engine.run(async () => {
      await this.loader.backToPlay();
      this.midend.save();
      await this.loader.load(name, { daily: date }, [], { push: true });
    });
  }

  /** Play the editor's draft (it has exactly one solution) as a custom challenge. */
  playDraft(draft) {
    this.engine.run(async () => {
      const entry = source.entryOf({ kind: "custom", puzzle: draft });
      await this.loader.backToPlay();
      await this.loader.open(entry, { saved: this.loader.savedFor(entry), push: true });
      this.feedback.say(t("Your challenge, ready to play. The address is its link: share it."), "info");
    });
  }

  /** "Next challenge" on the win card, after `entry`: another new one of the level, after
   *  a daily the next game's daily of that day, or the booklet's next unsolved challenge.
   *  The button is gone with the card: the focus goes to the new board, not the page. */
  next(entry) {
    let opened;
    if (entry?.kind === "generated") opened = this.newChallenge(entry.level);
    else if (entry?.kind === "daily") opened = this.nextDaily(entry.date);
    else {
      const { challenges, record } = this.loader;
      const i = challenges.findIndex((c) => c.id === entry?.id);
      const after = [...challenges.slice(i + 1), ...challenges.slice(0, i + 1)];
      opened = this.openChallenge((after.find((c) => !record.solved(c.id)) || after[0]).id);
    }
    Promise.resolve(opened).then(() => this.focusBoard());
  }

  /** After a challenge opened from the win card: the focus goes to the new board (not
   *  while the picker is open over it). */
  focusBoard() {
    if (this.loader.live && this.loader.playing && !this.dialogs.isOpen("picker")) this.hand.focusBoard();
  }

  /** The game shown moved on in another tab: show its newer position here (the player
   *  asked for it), solved or not. */
  takeNewer() {
    return this.engine.run(async () => {
      const entry = this.loader.challenge;
      const newer = entry && this.loader.record.find(entry.key);
      if (!newer) return;
      await this.loader.backToPlay();
      await this.loader.open(entry, { saved: newer, push: false });
    });
  }
}
