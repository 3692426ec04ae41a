// What the player reads: the status line (announced by screen readers) and the ghost's
// tip. Python writes both in plain words; the notation of the same thing ("g1A1 overlaps
// c1B2 at 1B") is a tooltip, shown beside the words too with the "Show notation" setting.
// The tip's line is kept when empty (nothing below it moves as the ghost goes from fitting
// to not); what it says, and that the piece fits, is announced to screen readers as the
// held piece is moved with the keys (a line of its own, not shown).

import { h } from "../lib/dom.js";
import { cap, oneLine, SAID_MAX } from "../words/message.js";

export class Feedback {
  /** `status`: the #status element (the "Show notation" setting is applied later). */
  constructor(status, notation = false) {
    this.status = status;
    this.tip = h("span", { class: "ghost-tip", "aria-hidden": "true" });
    this.fit = h("span", { class: "sr-only", id: "fit-said", "aria-live": "polite" });
    status.after(this.tip, this.fit);
    this.notation = notation;
  }

  /** The setting changed: from the next message on, the notation is shown or not. */
  showNotation(on) {
    this.notation = on;
  }

  /** A sentence in the status line; `kind`: info, error, hint, success or busy. A hint is
   *  read whole; anything else too, up to a bound only a runaway text reaches. */
  say(text, kind = "info", notation = "") {
    this.status.dataset.kind = kind;
    // emptied first, so that the same sentence twice is announced twice
    this.status.textContent = "";
    this.write(this.status, kind === "hint" ? oneLine(text) : cap(text, SAID_MAX), notation);
  }

  /** The kind of the sentence said last (say's `kind`), or undefined. */
  get kind() {
    return this.status.dataset.kind;
  }

  /** The tip under the board for a held piece that may not go where it is. */
  showTip(message, notation = "") {
    this.write(this.tip, message, notation);
    this.tip.classList.toggle("shown", Boolean(message));
  }

  clearTip() {
    this.showTip("");
    this.fit.textContent = "";
  }

  /** Say to screen readers whether the held piece fits where the keyboard put it. */
  announceFit(text) {
    this.fit.textContent = text;
  }

  write(node, text, notation) {
    node.textContent = text;
    if (notation) node.setAttribute("title", notation);
    else node.removeAttribute("title");
    if (notation && this.notation) node.append(" ", h("code", { class: "notation", text: cap(notation, 80) }));
  }
}
