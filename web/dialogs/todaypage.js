// The Today page (today.js, made when first opened): every game's dailies of the day, on
// their records as stored; opened by its button, and as a returning player's first screen
// of the day (greets); said again when progress changes in another tab.

import * as store from "../progress/store.js";
import { today } from "../progress/tally.js";
import { dayOf } from "../progress/dailies.js";
import { nextTask } from "../lib/idle.js";

export class TodayPage {
  /** `loader`: the games and their records, the mode shown; `play`: its win card goes
   *  under the page; `feedback`: whether something was said first; `save()`: save the
   *  game shown first (its record says where it stands). */
  constructor({ loader, play, dialogs, settings, feedback, save }) {
    Object.assign(this, { loader, play, dialogs, settings, feedback, save });
    this.opened = window.location.hash; // the address the page opened with
    this.greeting = false; // the Today page is to open as the page's first screen (greets)
  }

  /** Today's dailies of every game, the game shown saved first (`save`: not as the page
   *  opens, nothing played yet). */
  open({ save = true } = {}) {
    if (!this.loader.info) return;
    this.play.hideWin();
    if (save) this.save();
    return this.dialogs.get("today").open(this.data()); // (shown in a task after this)
  }

  /** What the Today page shows: every game's record as stored now. */
  data() {
    return {
      games: this.loader.games, records: this.loader.records(), today: today(), current: this.loader.name,
      hideClock: Boolean(this.settings.get("hideClock")), base: window.location.href.split("#")[0],
    };
  }

  /** Progress changed in another tab: the Today page, if open, says it now. */
  redraw() {
    if (!this.loader.info) return;
    if (this.dialogs.isOpen("today")) this.dialogs.get("today").update(this.data());
  }

  /** Whether the page opens on the Today page: for a returning player (one with progress
   *  in a game) who has played none of today's dailies yet, as the site is opened in a tab
   *  (not on a reload) at no position, with nothing said first (a lesson, a dialog, a
   *  record set aside, a link that could not be followed: they come first). Asked once,
   *  as the page becomes playable; greet() opens it after. */
  greets() {
    const asked = store.readHash(this.opened);
    this.greeting = !asked.sources.length && asked.placed === null && store.firstOpening() && this.greetsNow();
    return this.greeting;
  }

  /** Whether nothing came first since the page opened (see greets). */
  greetsNow() {
    if (!this.loader.playing || this.dialogs.open || this.feedback.kind === "error") return false;
    const records = this.loader.records({ quiet: true });
    if (Object.values(records).some((r) => r === null)) return false;
    if (Object.values(records).every((r) => r.untouched)) return false; // a newcomer
    return !dayOf(this.loader.games, records, today()).games.some((r) => r.state !== "open");
  }

  /** Open the Today page, if greets() said so and nothing came first meanwhile: made in
   *  a task, filled and shown in the next. */
  async greet() {
    if (!this.greeting) return;
    this.greeting = false;
    this.dialogs.get("today");
    await nextTask();
    if (this.greetsNow()) await this.open({ save: false });
  }
}
