// The words index.html is written with (English, the source: the first paint's, and a
// first visit in English downloads nothing more) in the page's language: set as soon as
// the catalog is in (boot.js, before the game's code has run) and again at each change
// of language (the site's name, IQ Puzzles in <title> and the header, is a name and
// stays as it is). The header's level and name are the loading screen's only until the
// first challenge is described (shell.js), so they are set once.

import { t, onChange } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const label = (node, text) => node?.setAttribute("aria-label", text);

function words() {
  label($("games"), t("Games"));
  label($("timer"), t("Time taken"));
  label(document.querySelector(".board-card"), t("Board"));
  label($("load-progress"), t("Loading the puzzle engine"));
  label($("toolbar"), t("Game controls"));
  label($("tray"), t("Pieces to place"));
}

/** The page's fixed words now, and at each change of language; the loading screen's
 *  header (still showing it: nothing described yet) too. */
export function showPageWords() {
  words();
  if (/** @type {HTMLButtonElement} */ ($("challenge-button"))?.disabled) {
    $("challenge-level").textContent = t("Loading");
    $("challenge-name").textContent = t("Challenge");
  }
  onChange(words);
}
