// Your progress, shown and carried: the stats page (stats.js, made when first opened) on
// every game's record, the file of all progress exported and imported (backup.js), the
// copies of progress set aside brought back, whether the browser keeps the storage
// (persist.js), and the progress that travels as a link and a QR code (carrydialog.js).

import * as backup from "../progress/backup.js";
import * as persist from "../progress/persist.js";
import { today } from "../progress/tally.js";
import { Record } from "../progress/record.js";

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
      hideClock: Boolean(this.settings.get("hideClock")), vibrate: this.settings.get("vibrate") !== false, copies: backup.copiesOf(games), persistence: persist.state(),
    });
  }

  /** Progress changed (in another tab, or a copy brought back): the stats page, if open,
   *  says it now. */
  redraw() {
    if (!this.dialogs.isOpen("stats")) return;
    this.dialogs.get("stats").update({ records: this.loader.records(), copies: backup.copiesOf(this.loader.games), today: today() });
  }

  /** Every stored value to a file, with what this tab knows of the game shown (a win the
   *  storage had no room for is in the file). */
  exportAll() {
    const { games, name, record } = this.loader;
    backup.download(games, today(), record ? { [name]: record } : {});
  }

  /** "Use on another device": the dialog with the link and QR code of the progress that
   *  travels (carrydialog.js and the QR encoder load now, the first time). */
  async carry() {
    const { games, name, record } = this.loader;
    this.save();
    const [{ CarryDialog }, { progressOf }] = await Promise.all([import("./carrydialog.js"), import("../progress/carry.js")]);
    const records = Object.fromEntries(games.map((g) => [g.name, (g.name === name ? record : Record.peek(g.name))?.data ?? null]));
    if (!this.carrying) {
      this.carrying = new CarryDialog();
      this.dialogs.get("stats").dialog.addEventListener("close", () => this.carrying.close()); // (Back closes both)
    }
    await this.carrying.open(progressOf(records, this.settings.values));
  }

  /** Import a progress file; the sentence the stats page says (the page reloads after). */
  importFile(file) {
    return backup.importFile(file, this.loader.games);
  }

  /** Bring a copy set aside back; the sentence the stats page says. */
  async restore(slot) {
    const said = await backup.restore(slot, this.loader.games, this.loader.record);
    this.redraw();
    return said;
  }
}
