// The clock's controls: a Pause button beside the clock, which stops it and covers the
// board until Resume (so a paused game cannot be played on the quiet; a second press of
// the button resumes too), and the setting that hides the clock (and with it the button).

import { h, adopt, icon } from "../lib/dom.js";
import { t, onChange } from "../words/i18n.js";

const root = document.documentElement;

export class PauseControl {
  /** `timer`: the clock's element (the button goes after it); `cover`: the element the
   *  Paused cover lies over; `change(paused)`: tell the play mode. */
  constructor({ timer, cover, change }) {
    this.paused = false;
    this.change = change;
    this.button = adopt(".meta > .pause-button", "button", { // (index.html's, as the header's others)
      type: "button", class: "icon-button pause-button", "data-action": "pause", "aria-pressed": "false",
      onclick: () => this.set(!this.paused),
    }, icon("pause"));
    timer.after(this.button);
    this.resume = h("button", { type: "button", class: "primary", "data-action": "resume", onclick: () => this.set(false) });
    this.title = h("p", { class: "pause-title" });
    this.note = h("p", { class: "pause-note" });
    this.cover = h("div", { class: "pause-cover", hidden: true, role: "group" }, this.title, this.note, this.resume);
    cover.append(this.cover);
    this.words();
    onChange(() => this.words());
  }

  /** The words of the button and the cover, in the page's language. */
  words() {
    this.button.setAttribute("aria-label", t("Pause"));
    this.button.title = this.paused ? t("Resume the clock") : t("Pause the clock");
    this.resume.textContent = t("Resume");
    this.cover.setAttribute("aria-label", t("Paused"));
    this.title.textContent = t("Paused");
    this.note.textContent = t("The clock is stopped and the board hidden.");
  }

  /** Pause or resume (a new challenge resumes: its clock runs from when it is shown). */
  set(paused) {
    if (paused === this.paused) return;
    this.paused = paused;
    this.cover.hidden = !paused;
    this.button.setAttribute("aria-pressed", String(paused));
    this.button.title = paused ? t("Resume the clock") : t("Pause the clock");
    if (paused) root.dataset.paused = "true";
    else delete root.dataset.paused;
    this.change(paused);
    if (paused) this.resume.focus({ preventScroll: true });
  }

  /** The "Hide the clock" setting. */
  hideClock(hidden) {
    if (hidden) root.dataset.clock = "hidden";
    else delete root.dataset.clock;
  }
}
