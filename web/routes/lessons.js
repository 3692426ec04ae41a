// When the game's first lesson (lesson.js) is shown: the first time a player opens a game
// without asking for a challenge (the loader asks `isNew`), and whenever How to play is
// pressed; and what comes after it: the challenge under it, back on the board. Whether a
// game's lesson was played or skipped is stored (iqpuzzles.v1.learned).

import * as store from "../progress/store.js";
import { t } from "../words/i18n.js";
import { nextTask } from "../lib/idle.js";

export class Lessons {
  constructor({ engine, midend, lesson, play, pause, hand }) {
    Object.assign(this, { engine, midend, lesson, play, pause, hand });
    this.game = null; // the game whose lesson is shown
  }

  /** Whether the player is new to `game` (of the games `names`): its lesson neither
   *  played nor skipped, and no progress in it (its Record untouched). */
  isNew(names, game, record) {
    return !store.loadLearned(names).includes(game) && record.untouched;
  }

  /** How to play: the lesson of the game shown (`info`), after what is running. */
  teach(info) {
    if (info) this.engine.run(() => this.begin(info));
  }

  /** Show the lesson of a game (inside engine.run), from the tray's first orientations. */
  async begin(info) {
    this.game = info.name;
    this.play.hideWin();
    this.pause.set(false); // a lesson has no clock: no pause over it
    this.lesson.load(info, () => this.play.challenge?.name);
    this.midend.addressLesson(info.name); // the address names the game taught
    await nextTask(); // (the work before, the switch, the lesson's board: a task each)
    await this.midend.use(this.lesson, { fresh: true });
    await nextTask();
    await this.midend.answer(this.lesson, this.lesson.begin());
    this.shown();
  }

  /** The lesson (or play) of a game switched to is laid out: it shows (style.css). */
  shown() {
    const root = document.documentElement;
    if (root.dataset.teaching === "switch") delete root.dataset.teaching;
  }

  /** The lesson was won: it is not offered again unasked. */
  learned() {
    store.saveLearned(this.game);
  }

  /** The lesson ends: skipped (not offered again unasked either), or won and left; the
   *  challenge under it is shown again. */
  end(how) {
    if (how === "skip") this.learned();
    this.engine.run(async () => {
      if (!this.midend.shows(this.lesson)) return;
      await this.midend.use(this.play);
      const words = how === "skip" ? t("Lesson skipped: How to play brings it back any time.") : this.play.named(t("Pick a piece to start."));
      await this.midend.answer(this.play, this.play.enter(words));
      this.hand.focusBoard();
    });
  }
}
