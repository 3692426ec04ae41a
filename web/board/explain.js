// A game's explanation of the position, drawn over the board on request: a toggle under
// the board, shown only for a game whose info offers one (`info.explain`, the toggle's
// words, such as IQ-Steps' "Show playing order"). While it is on, each position shown in
// play gets one `explain` call; Python draws the overlay, the page knows no game.

import { h } from "../lib/dom.js";
import { t } from "../words/i18n.js";

export class Explainer {
  /** call(op, args): Python; draw(shapes): the board's overlay; say(text, kind): the status. */
  constructor({ call, draw, say }) {
    this.call = call;
    this.draw = draw;
    this.say = say;
    this.input = h("input", { type: "checkbox", "data-setting": "explain", onchange: () => this.update(true) });
    this.words = h("span");
    this.node = h("label", { class: "board-option" }, this.input, this.words);
    this.node.hidden = true;
    this.label = null;
    this.position = null;
    this.asked = 0; // the latest request: an older answer is not drawn
  }

  /** A game loaded: the toggle is shown (off) if the game explains positions. */
  /** The option's words from `info` in the page's language now (its state kept). */
  rename(info) {
    if (!this.label) return;
    this.label = typeof info?.explain === "string" && info.explain ? info.explain : this.label;
    this.words.textContent = this.label;
  }

  load(info) {
    this.label = typeof info?.explain === "string" && info.explain ? info.explain : null;
    this.node.hidden = !this.label;
    this.words.textContent = this.label ?? "";
    this.input.checked = false;
    this.position = null;
    this.asked++;
    this.draw([]);
  }

  get on() {
    return Boolean(this.label) && this.input.checked;
  }

  /** The position shown in play ({challenge, placement}), or null (the editor, Solve). */
  show(position) {
    this.position = position;
    this.update(false);
  }

  /** Draw the overlay of the position shown, or none; `say`: the toggle was just turned
   *  on, so the sentence that reads the overlay goes to the status line. */
  async update(say) {
    const asked = ++this.asked;
    if (!this.on || !this.position) {
      this.draw([]);
      return;
    }
    try {
      const answer = await this.call("explain", this.position);
      if (asked !== this.asked) return;
      this.draw(Array.isArray(answer?.shapes) ? answer.shapes : []);
      if (say && typeof answer?.message === "string" && answer.message) this.say(answer.message, "info");
    } catch (e) {
      if (asked !== this.asked) return;
      this.draw([]); // no overlay rather than a wrong one; the board stays playable
      if (say) this.say(t("That explanation could not be drawn just now."), "error");
    }
  }
}
