// A question asked before an action that cannot be taken back as a player would want (Solve
// gives the whole solution away): a small modal dialog in the page's own style, its
// question as its name and its words as its description (a screen reader reads both), the
// safe answer focused first; Escape, the backdrop and Cancel all say no.

import { h, showDialog, closeDialog } from "../lib/dom.js";
import { t, onChange } from "../words/i18n.js";

export class Confirm {
  constructor() {
    this.title = h("h2", { id: "confirm-title", class: "confirm-title" });
    this.text = h("p", { id: "confirm-text", class: "confirm-text" });
    this.no = h("button", { type: "button", class: "secondary", "data-answer": "no", onclick: () => this.answer(false) });
    this.yes = h("button", { type: "button", class: "primary", "data-answer": "yes", onclick: () => this.answer(true) });
    this.dialog = h("dialog", {
      class: "confirm-dialog", id: "confirm", role: "alertdialog", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-text",
    }, this.title, this.text, h("div", { class: "confirm-actions" }, this.no, this.yes));
    // keys typed in the dialog are its own, not the board's (R, F, arrows, Enter...)
    onChange(() => { if (this.dialog.open && this.question) this.words(); });
    this.dialog.addEventListener("keydown", (event) => { if (event.key !== "Escape") event.stopPropagation(); });
    this.dialog.addEventListener("click", (event) => { if (event.target === this.dialog) this.answer(false); });
    // Escape, or closed by the page; the browser says it a frame later, so a close event
    // that comes when a new question is already open was the last question's, not this one's
    this.dialog.addEventListener("close", () => { if (!this.dialog.open) this.settle(false); });
    /** @type {(said: boolean) => void} */
    this.settle = () => {};
    document.body.append(this.dialog);
  }

  get isOpen() {
    return this.dialog.open;
  }

  /** Ask `{title, text, yes, no}`: a promise of whether the player said yes. A question
   *  asked while another is open answers that one no. */
  /** Ask `question` ({title, text, yes, no}: each words, or a function that says them in
   *  the page's language: said again if it changes while the question is open). */
  open(question) {
    this.settle(false);
    this.question = question;
    this.words();
    const answered = new Promise((resolve) => {
      this.settle = (said) => {
        this.settle = () => {};
        resolve(said);
      };
    });
    showDialog(this.dialog);
    this.no.focus();
    return answered;
  }

  words() {
    const say = (words) => (typeof words === "function" ? words() : words);
    const { title, text, yes, no = () => t("Cancel") } = this.question;
    this.title.textContent = say(title);
    this.text.textContent = say(text);
    this.yes.textContent = say(yes);
    this.no.textContent = say(no);
  }

  answer(said) {
    this.settle(said);
    this.close();
  }

  /** Close it (the page's closeAll too): a question still open is answered no, by the
   *  close event, or at once where the browser has no <dialog> to send one. */
  close() {
    if (closeDialog(this.dialog)) this.settle(false);
  }
}
