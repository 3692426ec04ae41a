// "Use on another device" (from the stats page): the player's progress as a link to copy
// or share and as a QR code to scan, with what it holds said before it is shared. This
// module, carry.js and the QR encoder (lean-qr, from npm) load only when the dialog is
// first opened (stats.js imports it then): none of them is on a first visit's way.
// The code is drawn as SVG (one path, dark on light with its quiet zone, in either theme);
// a link too long for one code is said, and the link and the file are offered instead.

import { generate, correction } from "lean-qr/nano";
import { linkTo } from "../progress/carry.js";
import { h, s, clear, showDialog, closeDialog } from "../lib/dom.js";
import { t } from "../words/i18n.js";

const QUIET = 4; // modules of light around the code, as scanners want

/** The QR code of `text` as SVG (null when it does not fit one code). */
export function qrCode(text) {
  let code;
  try {
    code = generate(text, { minCorrectionLevel: correction.L });
  } catch {
    return null; // (lean-qr: too long for version 40)
  }
  const side = code.size + 2 * QUIET;
  let d = "";
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (!code.get(x, y)) continue;
      let run = 1;
      while (code.get(x + run, y)) run++;
      d += `M${x + QUIET} ${y + QUIET}h${run}v1h${-run}z`;
      x += run - 1;
    }
  }
  return s("svg", {
    class: "carry-code", viewBox: `0 0 ${side} ${side}`, role: "img", "aria-label": t("A QR code of the link to your progress"),
    "shape-rendering": "crispEdges", "data-modules": String(code.size),
  }, s("rect", { class: "carry-code-light", width: side, height: side, fill: "#fff" }), s("path", { d, fill: "#000" }));
}

export class CarryDialog {
  constructor() {
    this.heading = h("h2", { id: "carry-title", class: "confirm-title" });
    this.holds = h("p", { id: "carry-holds", class: "confirm-text" });
    this.code = h("div", { class: "carry-code-box" });
    this.link = h("input", { type: "text", readonly: true, class: "carry-link", spellcheck: "false" });
    this.copyButton = h("button", { type: "button", class: "secondary", "data-action": "carry-copy", onclick: () => this.copy() });
    this.shareButton = h("button", { type: "button", class: "secondary", "data-action": "carry-share", hidden: !navigator.share, onclick: () => this.share() });
    this.said = h("p", { class: "stats-said carry-said", role: "status" });
    this.closeButton = h("button", { type: "button", class: "primary", "data-action": "carry-close", onclick: () => this.close() });
    this.dialog = h("dialog", { class: "confirm-dialog carry", id: "carry", "aria-labelledby": "carry-title", "aria-describedby": "carry-holds" },
      this.heading, this.holds, this.code,
      h("div", { class: "carry-row" }, this.link),
      h("div", { class: "stats-data" }, this.copyButton, this.shareButton),
      this.said, h("div", { class: "confirm-actions" }, this.closeButton));
    this.dialog.addEventListener("keydown", (event) => { if (event.key !== "Escape") event.stopPropagation(); });
    this.dialog.addEventListener("click", (event) => { if (event.target === this.dialog) this.close(); });
    document.body.append(this.dialog);
  }

  /** Its words in the page's language (said again at each opening). */
  words() {
    this.heading.textContent = t("Use on another device");
    this.holds.textContent = t("The link and the code hold your wins (which challenges, how you won them, your best times), your dailies and your settings. They hold no game in progress and no list of your past wins. Whoever opens the link gets this progress added to theirs: share it only with yourself.");
    this.link.setAttribute("aria-label", t("The link to your progress"));
    this.copyButton.textContent = t("Copy the link");
    this.shareButton.textContent = t("Share…");
    this.closeButton.textContent = t("Done");
  }

  get isOpen() {
    return this.dialog.open;
  }

  /** Open on `progress` (carry.js's progressOf), the link to the page at `base`. */
  async open(progress, base = window.location.href) {
    const link = await linkTo(base, progress);
    this.words();
    this.link.value = link;
    this.said.textContent = "";
    const svg = qrCode(link);
    clear(this.code).append(svg ?? h("p", { class: "carry-too-big", text: t("Your progress is too large for one QR code: copy or share the link instead, or use “Export progress” to carry a file.") }));
    this.dialog.dataset.fits = String(Boolean(svg));
    showDialog(this.dialog);
    this.copyButton.focus();
  }

  async copy() {
    try {
      await navigator.clipboard.writeText(this.link.value);
      this.said.textContent = t("The link is copied: open it on your other device.");
    } catch {
      this.link.select();
      this.said.textContent = t("The browser would not copy the link: it is selected, copy it yourself.");
    }
  }

  async share() {
    try {
      await navigator.share({ title: t("My IQ Puzzles progress"), url: this.link.value });
    } catch { /* the player changed their mind, or the browser said no: nothing to say */ }
  }

  close() {
    closeDialog(this.dialog);
  }
}
