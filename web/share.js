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

/** The share box of the win card: the text (read-only, selectable) and a button that
 *  sends it: the share sheet where the browser has one (the link as its link), else the
 *  clipboard (the same words). The text wraps to the card's width and the box grows to
 *  show all of it: on a phone the link is longer than a line, and nothing of it is cut off. */
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
  const lines = text.split("\n");
  const url = /^https?:\/\//.test(lines.at(-1)) ? lines.pop() : "";
  const button = h("button", {
    type: "button", class: "secondary share-copy", "data-action": "copy-result",
    onclick: async () => {
      said.textContent = url ? SENT[await sendResult({ title: lines[0], text: lines.join("\n"), url }, area)]
        : (await copyText(text, area)) ? "Copied." : "Select the text and copy it.";
    },
  }, canShare() && url ? "Share result" : "Copy result");
  return h("div", { class: "share" }, area, h("div", { class: "share-row" }, button, said));
}

// ---------------------------------------------------------------- a day's result

// the picture of a result, as word games share theirs: a square per game, nothing of the board
export const SQUARES = { won: "🟩", hinted: "🟨", helped: "🟧", none: "⬜" };
const SITE = "IQ Puzzles";

/** A game's daily as a square's kind: won (no hints), hinted, helped, none (not won). */
export function squareOf(row) {
  return row.state === "won" ? (row.hints ? "hinted" : "won") : row.state === "helped" ? "helped" : "none";
}

/** What a game's daily of a day came to, in words: only what its record says (a time
 *  only where it counts, and not with the clock hidden). */
export function resultWords(row, hideClock = false) {
  if (row.state === "won") {
    const time = row.time != null && !hideClock ? ` in ${formatTime(row.time)}` : "";
    return `Solved${time} · ${row.hints ? `${row.hints} hint${row.hints > 1 ? "s" : ""}` : "no hints"}`;
  }
  if (row.state === "helped") return "Solved with help";
  return row.state === "started" ? "Not finished" : "Not played";
}

/** Whether a game's daily of a day came to a result (won, with help or not): only those
 *  are shared, never a "Not played". */
export function hasResult(row) {
  return row.state === "won" || row.state === "helped";
}

/** The result card of a day (dailies.js's dayOf), for one game (`name`) or every game
 *  (null): {title, text, url, squares}, or null when it has no result to share yet.
 *  It says the games with a result (hasResult) only. `streak`: the streak to say (one
 *  game's, or over every game); `base`: the page's address without its hash. The text
 *  says the day, its level, each game's result, never the board; `url` opens that day's
 *  daily. */
export function dayResult({ day, name = null, streak = 0, base, hideClock = false }) {
  const rows = day.games.filter((r) => (name ? r.name === name : true) && hasResult(r));
  if (!rows.length) return null;
  const squares = rows.map((r) => SQUARES[squareOf(r)]).join("");
  const head = `${name ? rows[0].title : SITE} · Daily ${day.date} · ${day.level}`;
  const lines = name ? [head, `${squares} ${resultWords(rows[0], hideClock)}`]
    : [head, squares, ...rows.map((r) => `${r.title}: ${resultWords(r, hideClock)}`)];
  // the streak over every game (the day's games, played or not)
  const all = ["none", "one", "two", "three", "four", "five", "six"][day.games.length] ?? day.games.length;
  if (streak > 1) lines.push(name ? `Daily streak: ${streak} days` : `All-${all} streak: ${streak} days`);
  const hash = new URLSearchParams(name ? { game: name, daily: day.date } : { daily: day.date });
  return { title: `${head.split(" · ")[0]} · Daily ${day.date}`, text: lines.join("\n"), url: `${base}#${hash}`, squares: rows.map(squareOf) };
}

/** Send a result: through the browser's share sheet where it has one (the text and the
 *  link), else to the clipboard (the same words, the link on the last line). What came of
 *  it: "shared", "copied", "cancelled" (the player closed the sheet) or "failed". */
export async function sendResult({ title, text, url }, textarea = null) {
  const data = { title, text, url };
  if (typeof navigator.share === "function" && (typeof navigator.canShare !== "function" || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (e) {
      if (e?.name === "AbortError") return "cancelled";
      // (refused: not allowed here, say; the clipboard still works)
    }
  }
  const copied = textarea ? await copyText(`${text}\n${url}`, textarea) : await navigator.clipboard?.writeText(`${text}\n${url}`).then(() => true, () => false);
  return copied ? "copied" : "failed";
}

/** The sentence after a result was sent. */
export const SENT = { shared: "Shared.", copied: "Copied.", cancelled: "", failed: "Select the text and copy it." };

/** Whether this browser has a share sheet (the button says Share, else Copy). */
export const canShare = () => typeof navigator.share === "function";
