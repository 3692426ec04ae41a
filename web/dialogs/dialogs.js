// The dialogs over the board (the picker, the stats page, the Today page, the print
// dialog, the question before Solve), each made the first time it is wanted (the page
// starts without them), and what follows from one being open: keys and gestures are not
// the board's, the clock stops, and Back closes it (the address of the game under it is
// put back), while an address the player gives closes it and is followed (navigation.js).

import { built } from "../lib/built.js";

export class Dialogs {
  /** `makers`: name -> () => a dialog ({isOpen, open(...), close()}); `covering(on)`: a
   *  dialog came over the board or went (any <dialog>, however it opened or closed). */
  constructor(makers, covering) {
    this.makers = makers;
    this.made = new Map();
    this.address = null; // the address of the game under the dialog (Back puts it back)
    new MutationObserver(() => {
      const covered = this.covered();
      if (!covered) this.address = null;
      else this.address ??= window.location.hash;
      covering(covered);
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open"] });
  }

  /** The dialog `name`, made if it is not yet. */
  get(name) {
    if (!this.made.has(name)) {
      built(`dialog:${name}`);
      this.made.set(name, this.makers[name]());
    }
    return this.made.get(name);
  }

  /** Whether the dialog `name` is open (one never made is not). */
  isOpen(name) {
    return Boolean(this.made.get(name)?.isOpen);
  }

  /** Whether one of the dialogs is open (keys and gestures are its). */
  get open() {
    return [...this.made.values()].some((d) => d.isOpen);
  }

  /** Whether a dialog covers the board (the clock stops). */
  covered() {
    return document.querySelector("dialog[open]") !== null;
  }

  /** Close every dialog; whether one was open. */
  closeAll() {
    const open = [...this.made.values()].filter((d) => d.isOpen);
    for (const dialog of open) dialog.close();
    return open.length > 0;
  }
}
