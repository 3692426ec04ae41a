// The picker's foot: the settings (Show notation, Say when stuck, Theme) and the print
// and copy buttons, its words in the page's language (said again at each change).

import { h, icon } from "../lib/dom.js";
import { THEMES, THEME_LABELS } from "../chrome/theme.js";
import { t } from "../words/i18n.js";

export class PickerFoot {
  /** on.notation(on), on.solvable(on), on.theme(name): the settings changed; on.print(),
   *  on.copy(): the buttons (`close()`: the picker closes first). */
  constructor(on, close) {
    const word = () => h("span");
    this.notation = h("input", { type: "checkbox", "data-setting": "notation", onchange: () => on.notation(this.notation.checked) });
    this.notationWords = word();
    this.notationSetting = h("label", { class: "picker-setting" }, this.notation, this.notationWords);
    this.options = THEMES.map((name) => h("option", { value: name }));
    this.theme = h("select", { "data-setting": "theme", onchange: () => on.theme(this.theme.value) }, this.options);
    this.themeWords = word();
    const themeSetting = h("label", { class: "picker-setting" }, this.themeWords, this.theme);
    this.solvable = h("input", { type: "checkbox", "data-setting": "solvable", onchange: () => on.solvable(this.solvable.checked) });
    this.stuckWords = word();
    this.stuckSetting = h("label", { class: "picker-setting" }, this.solvable, this.stuckWords);
    this.printWords = word();
    const printButton = h("button", {
      type: "button", class: "foot-button", "data-action": "print", onclick: () => { close(); on.print(); },
    }, icon("print"), this.printWords);
    this.copyWords = word();
    const copyButton = h("button", {
      type: "button", class: "foot-button", "data-action": "copy-text", onclick: () => { close(); on.copy(); },
    }, icon("copy"), this.copyWords);
    this.node = h("div", { class: "picker-foot" }, h("div", { class: "picker-settings" }, this.notationSetting, this.stuckSetting, themeSetting),
      h("div", { class: "picker-share" }, printButton, copyButton));
    this.words();
  }

  /** Its words in the page's language. */
  words() {
    this.notationSetting.title = t("The games' own strings, as in their rules (\"d2A6\"), beside the words");
    this.notationWords.textContent = t("Show notation");
    this.theme.title = t("Auto follows your system's light or dark setting");
    THEMES.forEach((name, i) => { this.options[i].textContent = THEME_LABELS[name](); });
    this.themeWords.textContent = t("Theme");
    this.stuckSetting.title = t("After each move, say when the position can no longer be finished (and nothing more)");
    this.stuckWords.textContent = t("Say when stuck");
    this.printWords.textContent = t("Print…");
    this.copyWords.textContent = t("Copy board as text");
  }

  /** The settings as they are: {notation, solvable, theme}. */
  show({ notation, solvable, theme }) {
    this.notation.checked = notation;
    this.theme.value = THEMES.includes(theme) ? theme : "auto";
    this.solvable.checked = Boolean(solvable);
  }
}
