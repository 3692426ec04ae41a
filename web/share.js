// A finished daily challenge's result, to copy and share: the game, the date, the level,
// the time and the help taken, and the link to the same daily. Never the solution. It
// says the game's win as it was recorded (win.js): a time only when it was the player's
// own from the challenge's start.

import { h, formatTime } from "./dom.js";
import { helpWords } from "./win.js";

/** The text to share: {title, entry (a daily), win (win.js: the recorded win), streak,
 *  link, hideClock (the player hides the clock: no time)}. The time says how it was
 *  taken: from when the challenge was shown, pauses left out (session.js); a daily
 *  finished from a shared position says so, with no time (that time is not its own). */
export function shareText({ title, entry, win, streak, link, hideClock = false }) {
  const words = helpWords(win);
  const help = !words ? "no hints" : win.solve || win.byHints ? `with ${words}` : words;
  const solved = !win.fromStart ? "Solved from a shared position"
    : hideClock ? "Solved" : `Solved in ${formatTime(win.elapsed)} from the first look`;
  const lines = [`${title} · Daily ${entry.date} · ${entry.level}`, `${solved} · ${help}`];
  if (streak > 1) lines.push(`Daily streak: ${streak} days`);
  lines.push(link);
  return lines.join("\n");
}

/** Copy text to the clipboard; whether it worked (the API, else a selected textarea). */
export async function copyText(text, textarea) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    textarea.focus();
    textarea.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}

/** The share box of the win card: the text (read-only, selectable) and a Copy button.
 *  The text wraps to the card's width and the box grows to show all of it: on a phone the
 *  link is longer than a line, and nothing of it is cut off. */
export function shareBox(text) {
  const area = h("textarea", { class: "share-text", readonly: true, rows: String(text.split("\n").length), "aria-label": "Your result to share" });
  area.value = text;
  // as tall as its lines at its width (after the resize is seen, never inside the observer)
  const fit = () => {
    area.style.height = "auto";
    area.style.height = `${area.scrollHeight + area.offsetHeight - area.clientHeight}px`;
  };
  if (typeof ResizeObserver === "function") new ResizeObserver(() => requestAnimationFrame(fit)).observe(area);
  const said = h("span", { class: "share-said", role: "status" });
  const button = h("button", {
    type: "button", class: "secondary share-copy", "data-action": "copy-result",
    onclick: async () => {
      said.textContent = (await copyText(text, area)) ? "Copied." : "Select the text and copy it.";
    },
  }, "Copy result");
  return h("div", { class: "share" }, area, h("div", { class: "share-row" }, button, said));
}
