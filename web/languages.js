// The choice of the page's language (on the stats page, among the settings): each language
// named in its own words, the page's own chosen; choosing one switches the page's words
// (i18n.js tells every part of the page, and Python) and keeps it for the next visit.
// Nothing of the game changes: the board, the clock and the history stay as they are.

import { h } from "./dom.js";
import { LANGUAGES, PSEUDO, choose, lang, onChange, t } from "./i18n.js";

export class LanguageChoice {
  constructor() {
    this.select = h("select", {
      "data-setting": "language",
      onchange: () => choose(this.select.value),
    }, Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, lang: code, text: name })));
    this.words = h("span");
    this.node = h("label", { class: "picker-setting language-choice" }, this.words, this.select);
    this.show();
    onChange(() => this.show());
  }

  /** Its label in the page's language, and the language spoken chosen. */
  show() {
    this.words.textContent = t("Language");
    const spoken = lang();
    // the pseudo-language (tests only) is no choice of the list: shown as English
    this.select.value = spoken === PSEUDO ? "en" : spoken;
  }
}
