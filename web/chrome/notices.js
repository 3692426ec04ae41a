// Lines the player should read whatever they do next, which the status line (the last
// move's words) would lose: that progress is not being kept (storage full or turned off),
// that this game moved on in another tab. One line per kind, at the foot of the window
// (over the page: nothing of the page's layout moves), each with its action if it has one
// and a close button; it stays until the player closes it or it no longer holds.

import { h, icon } from "../lib/dom.js";
import { t } from "../words/i18n.js";

export class Notices {
  constructor() {
    this.node = h("div", { class: "notices", role: "status", "aria-live": "polite" });
    this.lines = new Map(); // kind -> its line
    document.body.append(this.node);
  }

  /** Show the line of `kind` ({label, run} for its button, if any); said again if its
   *  words changed. */
  show(kind, text, action = null) {
    const old = this.lines.get(kind);
    if (old?.dataset.text === text) return;
    const close = h("button", { type: "button", class: "icon-button notice-close", "aria-label": t("Close"), onclick: () => this.hide(kind) }, icon("close"));
    const button = action && h("button", {
      type: "button", class: "secondary notice-action", "data-action": `notice-${kind}`,
      onclick: () => { this.hide(kind); action.run(); },
    }, action.label);
    const line = h("p", { class: "notice", "data-notice": kind, "data-text": text }, h("span", { class: "notice-text", text }), button, close);
    if (old) old.replaceWith(line);
    else this.node.append(line);
    this.lines.set(kind, line);
  }

  /** The line of `kind` goes (if it is shown). */
  hide(kind) {
    this.lines.get(kind)?.remove();
    this.lines.delete(kind);
  }

  /** Whether the line of `kind` is shown. */
  shows(kind) {
    return this.lines.has(kind);
  }
}
