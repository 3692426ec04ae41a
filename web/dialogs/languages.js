// The choice of the page's language (on the stats page, among the settings): each language
// named in its own words, the page's own chosen; choosing one switches the page's words
// (i18n.js tells every part of the page, and Python) and keeps it for the next visit.
// Nothing of the game changes: the board, the clock and the history stay as they are.
// A language whose catalog cannot be had (offline, never fetched before; or the site sent
// it cut short) is not chosen: the page speaks on as it did, and says why under the choice.

import { h } from "../lib/dom.js";
import { LANGUAGES, PSEUDO, choose, failure, lang, onChange, t } from "../words/i18n.js";
import { saveLanguage } from "../progress/store.js";

export class LanguageChoice {
  constructor() {
    this.select = h("select", { "data-setting": "language", onchange: () => this.chosen(this.select.value) },
      Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, lang: code, text: name })));
    this.words = h("span");
    this.said = h("p", { class: "language-said", role: "status" });
    this.node = h("div", { class: "language-choice" },
      h("label", { class: "picker-setting" }, this.words, this.select), this.said);
    this.missing = null; // the language that could not be had, while its words are shown
    this.show();
    onChange(() => this.show());
  }

  async chosen(code) {
    this.missing = null;
    this.said.textContent = "";
    if ((await choose(code)) === code) {
      saveLanguage(code); // (a failed write is said, as any: spoken in this tab all the same)
      return;
    }
    this.missing = code;
    this.show();
  }

  /** Its words in the page's language, and the language spoken chosen. */
  show() {
    this.words.textContent = t("Language");
    this.said.textContent = this.missing ? this.why(this.missing) : "";
    const spoken = lang();
    // the pseudo-language (tests only) is no choice of the list: shown as English
    this.select.value = spoken === PSEUDO ? "en" : spoken;
  }

  /** Why the language `code` could not be chosen, and what helps. */
  why(code) {
    const language = LANGUAGES[code];
    return failure(code) === "site"
      ? t("{language} could not be downloaded from the site: choose it again in a moment.", { language })
      : t("{language} could not be downloaded: connect to the internet and choose it again.", { language });
  }
}
