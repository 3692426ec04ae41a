// The challenge picker (picker.js, made when first opened) on the game shown: its
// booklet, its levels and the player's marks, its dailies' calendar, and the settings
// beside them; said again when progress changes in another tab.

import * as source from "../routes/source.js";
import { today } from "../progress/tally.js";
import { boxOf } from "../python/view.js";

export class PickerPage {
  /** `loader`: the game shown, its challenges and record, the challenge played; `play`:
   *  its win card goes under the picker; `dialogs`: where the picker is made. */
  constructor({ loader, play, dialogs, settings }) {
    Object.assign(this, { loader, play, dialogs, settings });
  }

  /** The picker of the game shown (`view`: "booklet" or "daily"). */
  open(view = null) {
    if (!this.loader.info) return;
    this.play.hideWin();
    this.dialogs.get("picker").open(this.data(), view);
  }

  /** Progress changed in another tab: the picker, if open, says it now. */
  redraw() {
    if (!this.loader.info) return;
    if (this.dialogs.isOpen("picker")) this.dialogs.get("picker").update(this.data());
  }

  /** What the picker shows of the game shown: its challenges, the player's marks. */
  data() {
    const { info, name, record, challenges } = this.loader;
    const playing = this.loader.challenge;
    return {
      game: name, title: info.title, box: boxOf(info),
      levels: info.levels || [], challenges, bookletNote: info.bookletNote || "",
      solved: record.booklet, current: playing?.kind === "booklet" ? playing.id : null,
      level: playing?.level, canGenerate: Boolean(info.canGenerate),
      generatedSolved: record.ownWins, medians: record.medians(info.levels || []),
      daily: this.dailyState(), hideClock: Boolean(this.settings.get("hideClock")), playing,
      notation: this.settings.get("notation"), solvable: this.settings.get("solvable"), theme: this.settings.get("theme"),
      levelsNote: info.levelsNote || "",
    };
  }

  /** The dailies for the picker: today's {name, won, best, playing} and the calendar's
   *  {today, wins: {date: win}, started: dates with a game in progress, streak, shown: the
   *  daily played (its month is shown)}. */
  dailyState() {
    const date = today();
    const record = this.loader.record;
    const { win, wins, started, streak } = record.dailies(date);
    const playing = this.loader.challenge;
    const daily = playing?.kind === "daily" ? playing.date : null;
    return {
      today: date, name: source.dailyName(date), won: record.dailyWon(date), best: win?.best ?? null,
      playing: daily === date, wins, started, streak, shown: daily, // the calendar opens there
    };
  }
}
