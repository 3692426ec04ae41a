// Print and copy the challenge played.
//
// "Print…" opens a small dialog; its Print button fills #print-sheet with a sheet of the
// challenge (its name and level, the board at the start, the pieces to place, the rule in
// a sentence) and, when asked, a second page with a solution, then opens the browser's
// print dialog. print.css shows only the sheet while <html data-printing> is set (a plain
// Ctrl+P prints the board as it is). "Copy board as text" puts the command line's `show`
// drawing of the position (Python's `drawing` op) on the clipboard.

import { h, s, icon, showDialog, closeDialog } from "../lib/dom.js";
import { drawShapes, pieceSvg, viewBoxText } from "../board/render.js";
import { t, onChange } from "../words/i18n.js";
import { levelWords } from "../routes/source.js";
import { boxOf } from "../python/view.js";

const root = document.documentElement;

/** The challenge `play` (play.js) plays, for the printed sheet and the copied text (none
 *  in the editor or a lesson): {title, entry, placement, help, frame, pieces(view)}.
 *  @param {import("../modes/play.js").PlayMode} play */
export function printableOf(play) {
  if (!play.shown || !play.entry) return null;
  return {
    title: play.info.title, entry: play.entry, placement: play.placement, help: play.help,
    frame: boxOf(play.info), pieces: (view) => play.stage.trayPictures(view),
  };
}

export class Printer {
  /** host: call(op, args) (the game's Python), say(text, kind), and what(): the challenge
   *  played, {title, entry, placement, help, pieces(startView) -> {pictures, side}}, or
   *  null when there is none to print (the editor is open). */
  constructor(host) {
    this.host = host;
    this.withSolution = h("input", { type: "checkbox", "data-option": "solution" });
    this.heading = h("h2", { id: "print-title", class: "print-dialog-title" });
    this.parts = { text: h("p", { class: "print-dialog-text" }), solution: h("span"), cancel: h("button", { type: "button", class: "secondary", onclick: () => this.close() }), print: h("span") };
    this.dialog = h("dialog", { class: "print-dialog", id: "print-dialog", "aria-labelledby": "print-title" },
      this.heading,
      this.parts.text,
      h("label", { class: "picker-setting" }, this.withSolution, this.parts.solution),
      h("div", { class: "print-dialog-actions" },
        this.parts.cancel,
        h("button", { type: "button", class: "primary", "data-action": "print-sheet", onclick: () => this.print() }, icon("print"), this.parts.print)));
    this.words();
    onChange(() => this.words());
    // keys typed in the dialog are the dialog's, not the board's (R, F, arrows...)
    this.dialog.addEventListener("keydown", (event) => { if (event.key !== "Escape") event.stopPropagation(); });
    this.dialog.addEventListener("click", (event) => { if (event.target === this.dialog) this.close(); });
    // the sheet is the page's (index.html), empty until a print is asked for here
    this.sheet = document.getElementById("print-sheet");
    document.body.append(this.dialog);
    window.addEventListener("afterprint", () => this.clearSheet());
  }

  /** The dialog's words in the page's language (its heading: the challenge's). */
  words() {
    this.parts.text.textContent = t("A sheet with the board at the start and the pieces to place, to solve on paper.");
    this.parts.solution.textContent = t("Add a solution on a second page");
    this.parts.cancel.textContent = t("Cancel");
    this.parts.print.textContent = t("Print");
    if (this.shown) this.heading.textContent = t("Print {title}, {name}", { title: this.shown.title, name: this.shown.entry.name });
  }

  get isOpen() {
    return this.dialog.open;
  }

  open() {
    const what = this.host.what();
    if (!what) {
      this.host.say(t("Leave the editor to print a challenge."), "info");
      return;
    }
    this.shown = what;
    this.words();
    showDialog(this.dialog);
    /** @type {HTMLElement} */ (this.dialog.querySelector("[data-action=print-sheet]")).focus();
  }

  close() {
    closeDialog(this.dialog);
  }

  /** Build the sheet (Python draws the start and, if asked, a solution) and print it. */
  async print() {
    const what = this.host.what();
    const solution = this.withSolution.checked;
    this.close();
    if (!what) return;
    const challenge = what.entry.challenge;
    try {
      const start = await this.host.call("start", { challenge });
      const startView = await this.host.call("view", { challenge, placement: start });
      const { pictures, side } = what.pieces(startView);
      const pages = [page(what, startView, t("{level} · {title}", { level: levelWords(what.entry.level), title: what.title }), [
        pictures.length ? h("div", { class: "print-pieces" }, pictures.map((p) => h("div", { class: "print-piece" }, pieceSvg(p.view, side)))) : null,
        what.help ? h("p", { class: "print-rule", text: what.help }) : null,
      ])];
      if (solution) {
        const [answer] = await this.host.call("solutions", { challenge, limit: 1 });
        const solved = answer ? await this.host.call("view", { challenge, placement: answer }) : null;
        pages.push(solved ? page(what, solved, t("A solution"), [])
          : h("div", { class: "print-page" }, h("p", { text: t("This challenge has no solution to print.") })));
      }
      this.sheet.replaceChildren(...pages);
      this.sheet.dataset.pages = String(pages.length);
      root.dataset.printing = "true";
      window.print();
    } catch (e) {
      this.clearSheet();
      this.host.say(t("The sheet could not be made, so nothing was printed."), "error");
      console.error(e);
    }
  }

  clearSheet() {
    delete root.dataset.printing;
    this.sheet.replaceChildren();
    delete this.sheet.dataset.pages;
  }

  /** The position as text on the clipboard: the challenge's name, the board (as
   *  `python -m iqpuzzles show` draws it), the key to its symbols and what the challenge
   *  asks (Python's Page.text), and the address that opens it. */
  async copy() {
    const what = this.host.what();
    if (!what) {
      this.host.say(t("Leave the editor to copy a challenge's board."), "info");
      return;
    }
    let text;
    try {
      const drawing = await this.host.call("drawing", { challenge: what.entry.challenge, placement: what.placement, key: true });
      const head = t("{title}, {level}: {name}", { title: what.title, level: levelWords(what.entry.level), name: what.entry.name });
      const link = t("Play it: {link}", { link: window.location.href });
      text = [head, "", drawing.replace(/\n+$/, ""), "", link, ""].join("\n");
    } catch (e) {
      console.error(e);
      this.host.say(t("The board could not be drawn as text."), "error");
      return;
    }
    try {
      await navigator.clipboard.writeText(text);
      this.host.say(t("The board is copied as text: paste it anywhere."), "success");
    } catch {
      this.host.say(t("Your browser did not let the page copy. Try again, or allow the clipboard for this site."), "error");
    }
  }
}

/** One printed page: the heading, the board as Python drew it, then `extra`. */
function page(what, view, subtitle, extra) {
  const svg = s("svg", { class: "print-board", viewBox: viewBoxText(what.frame), role: "img", "aria-label": t("Board") });
  const g = s("g");
  drawShapes(g, view.shapes);
  svg.append(g);
  return h("div", { class: "print-page" },
    h("header", { class: "print-head" },
      h("h1", { class: "print-name", text: what.entry.name }),
      h("p", { class: "print-level", text: subtitle })),
    svg, ...extra);
}
