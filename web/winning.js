// Winning: whether the position shown is solved, the win recorded the first time a game is
// solved (win.js: a game is won once; back on a solved position later, by Undo or Redo,
// it is solved again, no new win), the win card and the words that say it, and a daily's
// result to share (time and help, never the solution).

import { formatTime } from "./dom.js";
import * as store from "./store.js";
import { shareText, shareBox } from "./share.js";
import { today } from "./tally.js";
import { WinCard } from "./wincard.js";
import { withHelp, counts, helpWords } from "./win.js";
import { built } from "./built.js";

const root = document.documentElement;

export class Winning {
  /** `play`: the game shown (read only: its game, info, entry, record, placement, view);
   *  `played` (played.js); `session`: its clock; `settings`; `feedback`; `save()`: save
   *  the game; `next()`, `all()`: the card's buttons; `parent`: where the card goes. */
  constructor({ play, played, session, settings, feedback, save, next, all, parent }) {
    Object.assign(this, { play, played, session, settings, feedback, save });
    this.solved = false;
    this.cardParts = { next, all, parent };
    this.made = null; // the win card, made at the first win shown (no first board needs it)
  }

  /** The win card, made when first shown. */
  get card() {
    if (!this.made) {
      const { next, all, parent } = this.cardParts;
      this.made = new WinCard({ next, all, close: () => this.made.hide() });
      parent.append(this.made.node);
      built("win-card");
    }
    return this.made;
  }

  /** Make the win card now (the page is playable, the main thread idle): the first win
   *  then shows it, without making it too. */
  prepare() {
    void this.card;
  }

  /** A challenge opened: not solved until it is shown solved. */
  reset() {
    this.solved = false;
    delete root.dataset.solved;
    this.made?.hide();
  }

  /** Hide the win card; whether it was shown. */
  hide() {
    const shown = Boolean(this.made?.shown);
    this.made?.hide();
    return shown;
  }

  /** Note that the position shown is solved or not. `quiet`: it was shown solved (a
   *  saved or linked position), not solved now; `byComputer`: Solve just solved it. */
  set(solved, { quiet = false, byComputer = false } = {}) {
    if (solved === this.solved) return;
    this.solved = solved;
    this.session.sync(); // a won challenge is not timed; one undone is again
    if (!solved) {
      delete root.dataset.solved;
      this.made?.hide();
      return;
    }
    root.dataset.solved = "true";
    const { entry, record, info } = this.play;
    const again = !quiet && this.played.won !== null;
    let recorded = { best: false, stored: true };
    if (!quiet && !again) {
      const win = this.played.winNow(this.session.elapsed, this.play.view);
      this.played.keepWin(win);
      // a win with help (Solve, or every piece from a hint) is not the player's own: the
      // picker draws no tick for it, the stats do not count it
      recorded = record.recordWin(entry, { elapsed: win.elapsed, hints: win.hints, helped: withHelp(win), counts: counts(win), solve: win.solve, placement: this.play.placement });
      this.save();
    }
    if (byComputer) return; // the status says Solve did it; Undo takes it back
    const win = this.played.won; // null: a position opened solved, which the player did not win here
    const hideClock = Boolean(this.settings.get("hideClock")); // no time anywhere, then
    this.card.show({
      entry, win, again, quiet, hideClock, ...recorded,
      bestTime: record.winOf(entry)?.best,
      colours: [...new Set(info.pieces.map((p) => p.colour))],
      extra: entry.kind === "daily" && win ? shareBox(this.shareText()) : null,
    });
    if (again) this.feedback.say("Solved again: a game counts once, when it is first solved.", "success");
    if (quiet || again) return; // (a position opened solved: the opening says what it is)
    const how = helpWords(win);
    const time = hideClock ? "" : ` in ${formatTime(win.elapsed)}`;
    this.feedback.say(`Solved! ${info.title} · ${entry.level} · ${entry.name}${time}${how ? ` with ${how}` : ""}.`, "success");
  }

  /** A daily's result to share: time and help, never the solution. */
  shareText() {
    const { game, entry, info, record } = this.play;
    const link = window.location.href.split("#")[0] + store.hashFor(game, entry, null);
    return shareText({
      title: info.title, entry, win: this.played.won,
      streak: record.dailies(today()).streak.current, link, hideClock: Boolean(this.settings.get("hideClock")),
    });
  }
}
