// The player's settings (saved.js's settings: show the notation, say when stuck, hide the
// clock, the theme): read as the page opens, changed from the picker and the stats page
// (or another tab), stored at once, and applied where each one shows (App says where:
// `appliers`).

import * as store from "./store.js";

export class Settings {
  /** `appliers`: name -> (value) => void, what a setting changes on the page. */
  constructor(appliers) {
    this.values = store.loadSettings();
    this.appliers = appliers;
  }

  get(name) {
    return this.values[name];
  }

  /** Change a setting: stored (with the others as stored: another tab's changes stay),
   *  then applied. */
  set(name, value) {
    this.values = { ...store.saveSetting(name, value), [name]: value };
    this.appliers[name]?.(value);
  }

  /** The settings were changed in another tab: the ones that differ are applied here too. */
  follow() {
    const was = this.values;
    this.values = store.loadSettings();
    for (const [name, value] of Object.entries(this.values)) if (was[name] !== value) this.appliers[name]?.(value);
  }

  /** Apply the stored value of each setting named (as the page opens). */
  show(...names) {
    for (const name of names) this.appliers[name]?.(this.values[name]);
  }
}
