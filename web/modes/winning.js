// Winning: whether the position shown is solved, the win recorded the first time a game is
// solved (win.js: a game is won once; back on a solved position later, by Undo or Redo,
// it is solved again, no new win), the win card and the words that say it, and a daily's
// result to share (time and help, never the solution).

import { formatTime } from "../lib/dom.js";
import * as store from "../progress/store.js";
import { shareText, shareBox } from "../dialogs/share.js";
import { today } from "../progress/tally.js";
import { WinCard } from "../dialogs/wincard.js";
import { t, nt } from "../words/i18n.js";
import { levelWords } from "../routes/source.js";
import { built } from "../lib/built.js";
import { afterFrame } from "../lib/idle.js";

const root = document.documentElement;

export class Winning {
  /** `play`: the game shown (read only: its game, info, entry, record, placement, view)
   *  and what it owns of the game (its `played`: played.js; its clock: `session`);
   *  `settings`; `feedback`; `next()`, `all()`: the card's buttons; `parent`: where the
   *  card goes. (The game, its win kept in it, is saved as the mid-end draws the winning
   *  state: once, after this.) */
  constructor({ play, settings, feedback, next, all, parent }) {
    Object.assign(this, { play, settings, feedback });
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
    this.hideCard();
  }

  /** Hide the win card; whether it was shown. */
  hide() {
    const shown = Boolean(this.made?.shown);
    this.hideCard();
    return shown;
  }

  /** The card hidden, and one about to be shown not shown. */
  hideCard() {
    this.cards = (this.cards ?? 0) + 1;
    this.made?.hide();
  }

  /** Note that the position shown is solved or not. `quiet`: it was shown solved (a
   *  saved or linked position), not solved now; `byComputer`: Solve just solved it. */
  set(solved, { quiet = false, byComputer = false } = {}) {
    if (solved === this.solved) return;
    this.solved = solved;
    this.play.session.sync(); // a won challenge is not timed; one undone is again
    if (!solved) {
      delete root.dataset.solved;
      this.hideCard();
      return;
    }
    root.dataset.solved = "true";
    const { entry, record, info, played } = this.play;
    const again = !quiet && played.won !== null;
    let noted = null;
    if (!quiet && !again) {
      // noted in the record with the game, as the mid-end saves it after this board is
      // drawn: one write (a win with help, Solve's or every piece from a hint's, is not
      // the player's own: the picker draws no tick for it, the stats do not count it)
      noted = played.keepWin(entry, played.winNow(this.play.session.elapsed, this.play.view), this.play.placement);
      queueMicrotask(() => played.noteUnsaved(record)); // (after the save that follows)
    }
    const win = played.won; // null: a position opened solved, which the player did not win here
    const hideClock = Boolean(this.settings.get("hideClock")); // no time anywhere, then
    // the card a frame after the board that shows the last piece placed: drawn in the
    // same frame, the two took one task of 130 ms on a phone's CPU (issue 41); by then
    // the win is noted
    const ticket = this.cards = (this.cards ?? 0) + 1;
    afterFrame().then(() => {
      if (this.cards !== ticket || !this.solved) return;
      this.card.show({
        entry, win, again, quiet, hideClock, ...(noted?.recorded ?? { best: false, stored: true }),
        bestTime: record.winOf(entry)?.best,
        colours: [...new Set(info.pieces.map((p) => p.colour))],
        share: entry.kind === "daily" && win ? shareBox(this.shareText()) : null,
      });
    });
    // after Solve too, the card's way on (its words say help was taken); the status says
    // Solve did it, and that Undo takes it back
    if (byComputer) return;
    if (again) this.feedback.say(t("Solved again: a game counts once, when it is first solved."), "success");
    if (quiet || again) return; // (a position opened solved: the opening says what it is)
    this.feedback.say(solvedWords({ title: info.title, level: levelWords(entry.level), name: entry.name },
      hideClock ? null : formatTime(win.elapsed), win), "success");
  }

  /** A daily's result to share: time and help, never the solution. */
  shareText() {
    const { game, entry, info, record } = this.play;
    const link = window.location.href.split("#")[0] + store.hashFor(game, entry, null);
    return shareText({
      title: info.title, entry, win: this.play.played.won,
      streak: record.dailies(today()).streak.current, link, hideClock: Boolean(this.settings.get("hideClock")),
    });
  }
}

/** The status line's words of a win just now: the challenge ({title, level, name}), its
 *  time (null: the clock is hidden) and the help it took (the recorded win's). */
function solvedWords(words, time, win) {
  const n = win.hints;
  if (time === null) {
    if (win.byHints) return t("Solved! {title} · {level} · {name} with every piece from a hint.", words);
    if (n && win.solve) return nt("Solved! {title} · {level} · {name} with {n} hint and Solve's help.", "Solved! {title} · {level} · {name} with {n} hints and Solve's help.", n, words);
    if (n) return nt("Solved! {title} · {level} · {name} with {n} hint.", "Solved! {title} · {level} · {name} with {n} hints.", n, words);
    if (win.solve) return t("Solved! {title} · {level} · {name} with Solve's help.", words);
    return t("Solved! {title} · {level} · {name}.", words);
  }
  const timed = { ...words, time };
  if (win.byHints) return t("Solved! {title} · {level} · {name} in {time} with every piece from a hint.", timed);
  if (n && win.solve) return nt("Solved! {title} · {level} · {name} in {time} with {n} hint and Solve's help.", "Solved! {title} · {level} · {name} in {time} with {n} hints and Solve's help.", n, timed);
  if (n) return nt("Solved! {title} · {level} · {name} in {time} with {n} hint.", "Solved! {title} · {level} · {name} in {time} with {n} hints.", n, timed);
  if (win.solve) return t("Solved! {title} · {level} · {name} in {time} with Solve's help.", timed);
  return t("Solved! {title} · {level} · {name} in {time}.", timed);
}
