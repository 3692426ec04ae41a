// Your progress, shown and carried: the stats page (stats.js, made when first opened) on
// every game's record, and the file of all progress exported and imported (backup.js).

import * as backup from "./backup.js";
import { today } from "./tally.js";

export class StatsPage {
  /** `dialogs`: where the stats dialog is made; `loader`: the games and records;
   *  `save()`: save the game shown first (its record is read as it is). */
  constructor({ dialogs, loader, settings, save }) {
    Object.assign(this, { dialogs, loader, settings, save });
  }

  open() {
    const { info, games, name } = this.loader;
    if (!info) return;
    this.save();
    this.dialogs.get("stats").open({
      games, current: name, levels: info.levels || [], records: this.loader.records(), today: today(),
      hideClock: Boolean(this.settings.get("hideClock")), persistence: backup.askPersistence(),
    });
  }

  exportAll() {
    backup.download(this.loader.games, today());
  }

  /** Import a progress file; the sentence the stats page says (the page reloads after). */
  importFile(file) {
    return backup.importFile(file, this.loader.games);
  }
}
