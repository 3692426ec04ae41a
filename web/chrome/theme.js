// The colour theme: "auto" follows the system (prefers-color-scheme, in theme.css),
// "light" or "dark" is the player's choice (the picker's Theme setting), written as
// <html data-theme> so that CSS picks the palette. The browser's bar colour follows.

import { pt } from "../words/i18n.js";

export const THEMES = ["auto", "light", "dark"];
// the choices' words, in the page's language when asked
export const THEME_LABELS = { auto: () => pt("theme", "Auto"), light: () => pt("theme", "Light"), dark: () => pt("theme", "Dark") };
const BAR = { light: "#f3eee6", dark: "#12161c" };

/** Show the page in a theme; anything but "light" or "dark" means auto. */
export function applyTheme(choice) {
  const root = document.documentElement;
  const forced = choice === "light" || choice === "dark" ? choice : null;
  if (forced) root.dataset.theme = forced;
  else delete root.dataset.theme;
  for (const meta of /** @type {NodeListOf<HTMLMetaElement>} */ (document.querySelectorAll('meta[name="theme-color"]'))) {
    const scheme = /dark/.test(meta.media) ? "dark" : "light";
    meta.content = BAR[forced ?? scheme];
  }
}
