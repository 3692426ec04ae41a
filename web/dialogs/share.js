// A finished daily challenge's result, to copy and share: the game, the date, the level,
// the time and the help taken, and the link to the same daily. Never the solution. It
// says the game's win as it was recorded (win.js): a time only when it was the player's
// own from the challenge's start.

import { h, formatTime } from "../lib/dom.js";
import { t, nt } from "../words/i18n.js";
import { detailsLine } from "../words/lists.js";

/** The help a win took, as the result says it ("no hints", "2 hints", "with Solve's
 *  help", "with every piece from a hint"...): whole phrases of the page's language. */
function helpPhrase(win) {
  if (win.byHints) return t("with every piece from a hint");
  if (win.solve) return win.hints ? nt("with {n} hint and Solve's help", "with {n} hints and Solve's help", win.hints) : t("with Solve's help");
  return win.hints ? nt("{n} hint", "{n} hints", win.hints) : t("no hints");
}

const streakWords = (n) => nt("Daily streak: {n} day", "Daily streak: {n} days", n);
// the streak over every game, as many as there are
const ALL_STREAK = {
  2: (n) => nt("All-two streak: {n} day", "All-two streak: {n} days", n),
  3: (n) => nt("All-three streak: {n} day", "All-three streak: {n} days", n),
  4: (n) => nt("All-four streak: {n} day", "All-four streak: {n} days", n),
};
const allStreak = (games, n) => (ALL_STREAK[games] ?? ((k) => nt("Every game's streak: {n} day", "Every game's streak: {n} days", k)))(n);

/** The text to share: {title, entry (a daily), win (win.js: the recorded win), streak,
 *  link, hideClock (the player hides the clock: no time)}. The time says how it was
 *  taken: from when the challenge was shown, pauses left out (session.js); a daily
 *  finished from a shared position says so, with no time (that time is not its own). */
export function shareText({ title, entry, win, streak, link, hideClock = false }) {
  const solved = !win.fromStart ? t("Solved from a shared position")
    : hideClock ? t("Solved") : t("Solved in {time} from the first look", { time: formatTime(win.elapsed) });
  const lines = [t("{title} · Daily {date} · {level}", { title, date: entry.date, level: entry.level }), detailsLine([solved, helpPhrase(win)])];
  if (streak > 1) lines.push(streakWords(streak));
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

/** The share box of the win card: `text`, the result (read-only, selectable), and `send`,
 *  a row with the button that sends it: the share sheet where the browser has one (the
 *  link as its link), else the clipboard (the same words). The text wraps to the card's
 *  width and the box grows to show all of it: on a phone the link is longer than a line,
 *  and nothing of it is cut off. (The card keeps the row with its own buttons, always in
 *  sight, and the text with its words, which scroll when the card's room is short.) */
export function shareBox(text) {
  const area = h("textarea", { class: "share-text", readonly: true, rows: String(text.split("\n").length), "aria-label": t("Your result to share") });
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
        : (await copyText(text, area)) ? t("Copied.") : t("Select the text and copy it.");
    },
  }, canShare() && url ? t("Share result") : t("Copy result"));
  return { text: h("div", { class: "share" }, area), send: h("div", { class: "share-row" }, button, said) };
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
    const solved = row.time != null && !hideClock ? t("Solved in {time}", { time: formatTime(row.time) }) : t("Solved");
    const hints = row.hints ? nt("{n} hint", "{n} hints", row.hints) : t("no hints");
    return detailsLine([solved, hints]);
  }
  if (row.state === "helped") return t("Solved with help");
  return row.state === "started" ? t("Not finished") : t("Not played");
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
  const title = name ? rows[0].title : SITE;
  const head = t("{title} · Daily {date} · {level}", { title, date: day.date, level: day.level });
  const lines = name ? [head, `${squares} ${resultWords(rows[0], hideClock)}`]
    : [head, squares, ...rows.map((r) => t("{title}: {result}", { title: r.title, result: resultWords(r, hideClock) }))];
  // the streak over every game (the day's games, played or not)
  if (streak > 1) lines.push(name ? streakWords(streak) : allStreak(day.games.length, streak));
  const hash = new URLSearchParams(name ? { game: name, daily: day.date } : { daily: day.date });
  return { title: t("{title} · Daily {date}", { title, date: day.date }), text: lines.join("\n"), url: `${base}#${hash}`, squares: rows.map(squareOf) };
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
export const SENT = {
  get shared() { return t("Shared."); },
  get copied() { return t("Copied."); },
  cancelled: "",
  get failed() { return t("Select the text and copy it."); },
};

/** Whether this browser has a share sheet (the button says Share, else Copy). */
export const canShare = () => typeof navigator.share === "function";
