// The daily challenges as a calendar (the picker's, one game; the Today page's, one game or
// all of them): a month of days, each a button marked with the player's result (solved,
// with its time; solved with help; started; for all games, a square per game and a tick on
// a day every game's daily was won), each weekday's level over its column (Monday
// Starter ... weekend Wizard) and in every day's name; the days to come shown but refused
// with a sentence. One Tab stop: the arrow keys move by
// day and week, Home and End to the week's ends, Page Up and Page Down by month (the
// date grid of the WAI-ARIA practices). Dates are YYYY-MM-DD from 2000-01-01 on. Its words
// and dates are the page's language's (i18n.js), as they are when it is shown.

import { h, clear, icon, formatTime } from "../lib/dom.js";
import { built } from "../lib/built.js";
import { isWon, winTime } from "../progress/winrules.js";
import { RHYTHM, levelOn } from "../progress/dailies.js";
import { squareOf } from "./share.js";
import { listed, detailsSeparator } from "../words/lists.js";
import { t, nt, longDate as wordsOf, monthTitle, weekdayName } from "../words/i18n.js";

export const FIRST_DAY = "2000-01-01";
const STEPS = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

const parse = (date) => date.split("-").map(Number);
const utc = (date) => {
  const [y, m, d] = parse(date);
  return new Date(Date.UTC(y, m - 1, d));
};
const iso = (day) => day.toISOString().slice(0, 10);
/** The date `days` days after `date`. */
export const addDays = (date, days) => {
  const day = utc(date);
  day.setUTCDate(day.getUTCDate() + days);
  return iso(day);
};
const monthOf = (date) => date.slice(0, 7);
const daysIn = (month) => {
  const [y, m] = parse(`${month}-01`);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};
/** Monday 0 ... Sunday 6. */
const weekday = (date) => (utc(date).getUTCDay() + 6) % 7;
/** "Monday 23 November 2026" (in the page's language). */
export const longDate = (date) => wordsOf(date);
/** The same day of the month `delta` months on (the month's last day if it has fewer). */
function addMonths(date, delta) {
  const [y, m, d] = parse(date);
  const total = y * 12 + (m - 1) + delta;
  const month = `${String(Math.floor(total / 12)).padStart(4, "0")}-${String((total % 12) + 1).padStart(2, "0")}`;
  return `${month}-${String(Math.min(d, daysIn(month))).padStart(2, "0")}`;
}

export class Calendar {
  /** `pick(date)`: play that day's challenge (a day up to today). */
  constructor({ pick }) {
    this.pick = pick;
    this.focused = null; // the day in the tab order
    this.title = h("h3", { class: "calendar-title", id: "calendar-title", "aria-live": "polite" });
    this.prev = h("button", {
      type: "button", class: "icon-button calendar-prev", "data-action": "previous-month",
      onclick: () => this.moveTo(addMonths(this.focused, -1), false),
    }, icon("chevron", "turn-left"));
    this.next = h("button", {
      type: "button", class: "icon-button calendar-next", "data-action": "next-month",
      onclick: () => this.moveTo(addMonths(this.focused, 1), false),
    }, icon("chevron", "turn-right"));
    this.body = h("tbody");
    this.head = h("tr");
    this.table = h("table", { class: "calendar", "aria-labelledby": "calendar-title" }, h("thead", {}, this.head), this.body);
    this.said = h("p", { class: "calendar-said", role: "status" });
    this.streak = h("p", { class: "calendar-streak" });
    this.legend = h("p", { class: "calendar-legend" });
    this.node = h("div", { class: "calendar-view" },
      h("div", { class: "calendar-head" }, this.prev, this.title, this.next),
      this.table, this.said, this.legend, this.streak);
    this.body.addEventListener("keydown", (event) => this.key(event));
  }

  /** Show the month of `focus` (a date; today by default): {today, hideClock, and for one
   *  game daily: {date: win}, started: Set of dates with a game in progress, streak; or
   *  for every game `all`: date -> dailies.js's dayOf, streak: over every game}. */
  show(data, focus = null) {
    this.data = data;
    this.said.textContent = "";
    this.words();
    const { current, longest } = data.streak;
    this.streak.textContent = !current && !longest ? ""
      : data.all ? nt("All-games streak (every daily of a day solved): {n} day · longest {longest}.",
        "All-games streak (every daily of a day solved): {n} days · longest {longest}.", current, { longest })
        : nt("Daily streak: {n} day · longest {longest}.", "Daily streak: {n} days · longest {longest}.", current, { longest });
    // each mark of the legend with its words, groups apart by the language's separator
    const sep = detailsSeparator();
    this.legend.replaceChildren(...(data.all ? [
      h("span", { class: "legend-day", "data-state": "solved" }), " " + t("every game solved"), sep,
      h("span", { class: "legend-square", "data-square": "won" }), " " + t("solved") + " ",
      h("span", { class: "legend-square", "data-square": "hinted" }), " " + t("with hints") + " ",
      h("span", { class: "legend-square", "data-square": "helped" }), " " + t("with help") + " ",
      h("span", { class: "legend-square", "data-square": "none" }), " " + t("not solved, a square per game in the tabs' order"),
    ] : [
      h("span", { class: "legend-mark", "data-state": "solved" }, icon("check")), " " + t("solved (your time, when it counts)") + " ",
      h("span", { class: "legend-mark", "data-state": "started" }), " " + t("started") + " ",
      h("span", { class: "legend-mark", "data-state": "helped" }), " " + t("with help"), sep,
      t("A new challenge every day; the days to come open on their day."),
    ]));
    this.focused = this.clamp(focus ?? data.today);
    this.render();
  }

  /** The calendar's fixed words (the weekdays, the month buttons) in the page's language. */
  words() {
    this.prev.setAttribute("aria-label", t("Previous month"));
    this.next.setAttribute("aria-label", t("Next month"));
    this.head.replaceChildren(...RHYTHM.map((level, i) => h("th", { scope: "col", abbr: t("{day}, {level}", { day: weekdayName(i), level }) },
      h("span", { class: "weekday", text: weekdayName(i, "short") }), h("span", { class: "weekday-level", text: level }))));
  }

  /** A date within the calendar: from 2000-01-01 to the last day of this month. */
  clamp(date) {
    const last = `${monthOf(this.data.today)}-${String(daysIn(monthOf(this.data.today))).padStart(2, "0")}`;
    return date < FIRST_DAY ? FIRST_DAY : date > last ? last : date;
  }

  render() {
    built("calendar");
    const { today } = this.data;
    const month = monthOf(this.focused);
    const [y, m] = parse(`${month}-01`);
    this.title.textContent = monthTitle(y, m);
    this.prev.disabled = month <= monthOf(FIRST_DAY);
    this.next.disabled = month >= monthOf(today);
    clear(this.body);
    const first = `${month}-01`;
    let row = h("tr");
    for (let i = 0; i < weekday(first); i++) row.append(h("td"));
    for (let d = 1; d <= daysIn(month); d++) {
      const date = `${month}-${String(d).padStart(2, "0")}`;
      row.append(h("td", {}, this.day(date)));
      if (weekday(date) === 6 || d === daysIn(month)) {
        while (row.children.length < 7) row.append(h("td"));
        this.body.append(row);
        row = h("tr");
      }
    }
  }

  /** One day's button: its date, its level and the player's result, in words and marks. */
  day(date) {
    const { today } = this.data;
    const played = this.resultOf(date);
    const said = date > today && played.state === "open" ? { state: "future", words: t("not out yet") } : played;
    const words = { date: longDate(date), level: levelOn(date), result: said.words };
    const label = date === today ? t("Today, {date}, {level}: {result}", words) : t("{date}, {level}: {result}", words);
    const mark = said.squares ? h("span", { class: "day-squares" }, said.squares.map((sq) => h("i", { "data-square": sq })))
      : said.time ? h("span", { class: "day-time", text: said.time })
        : said.state === "solved" ? icon("check") : h("span", { class: "day-mark" });
    return h("button", {
      type: "button", class: "calendar-day", "data-date": date, "data-state": said.state,
      "aria-label": label, "aria-disabled": said.state === "future" ? "true" : null, "aria-current": date === today ? "date" : null,
      tabindex: date === this.focused ? "0" : "-1",
      onclick: () => this.choose(date),
    }, h("span", { class: "day-number", text: String(Number(date.slice(8))) }), mark);
  }

  /** Whether `date`'s challenge is not out yet here: after today, and not played (a day
   *  played in a time zone further east, before flying west, shows as played). */
  isToCome(date) {
    return date > this.data.today && this.resultOf(date).state === "open";
  }

  /** `date`'s result: every game's, or the one game's. */
  resultOf(date) {
    return this.data.all ? this.allOf(date) : this.oneOf(date);
  }

  /** A game's row of an all-games day (dailies.js's dayOf) in the calendar's words. */
  rowWords(row) {
    if (row.state === "won") {
      const solved = solvedWords(row.time != null && !this.data.hideClock ? formatTime(row.time) : null, row.hints);
      return row.hints ? solved : listed([solved, t("no hints")]);
    }
    return { helped: t("solved with help"), started: t("started") }[row.state] ?? t("not played");
  }

  /** One game's day: {state, words, time (shown, or null)}. */
  oneOf(date) {
    const { daily, started, hideClock } = this.data;
    const win = daily[date];
    const state = isWon(win) ? "solved" : win ? "helped" : started.has(date) ? "started" : "open";
    const ms = winTime(win);
    const time = state === "solved" && ms != null && !hideClock ? formatTime(ms) : null;
    const words = state === "solved" ? solvedWords(time, win.hints)
      : { helped: t("solved with help"), started: t("started"), open: t("not played") }[state];
    return { state, words, time };
  }

  /** Every game's day: {state (solved when every game's is), words, squares}. */
  allOf(date) {
    const day = this.data.all(date);
    const state = day.allWon ? "solved" : day.games.some((r) => r.state !== "open") ? "started" : "open";
    const words = listed(day.games.map((r) => t("{game} {result}", { game: r.title, result: this.rowWords(r) })));
    return { state, words: day.allWon ? t("every game solved: {games}", { games: words }) : words, squares: day.games.map(squareOf) };
  }

  /** A day chosen: played, or for a day to come, a sentence. */
  choose(date) {
    this.setFocus(date, true);
    if (this.isToCome(date)) {
      this.said.textContent = t("The challenge of {date} is not out yet: it opens that day.", { date: longDate(date) });
      return;
    }
    this.pick(date);
  }

  /** Move the day in the tab order (a new month is drawn); focus it if asked. */
  moveTo(date, focus = true) {
    const target = this.clamp(date);
    const redraw = monthOf(target) !== monthOf(this.focused);
    this.focused = target;
    this.said.textContent = "";
    if (redraw) this.render();
    this.setFocus(target, focus);
  }

  setFocus(date, focus) {
    for (const button of /** @type {NodeListOf<HTMLElement>} */ (this.body.querySelectorAll(".calendar-day"))) {
      button.tabIndex = button.dataset.date === date ? 0 : -1;
    }
    this.focused = date;
    if (focus) /** @type {HTMLElement} */ (this.body.querySelector(`[data-date="${date}"]`))?.focus();
  }

  /** Focus the day in the tab order (the calendar was just shown). */
  focus() {
    this.setFocus(this.focused, true);
  }

  key(event) {
    const date = event.target?.dataset?.date;
    if (!date || event.altKey || event.ctrlKey || event.metaKey) return;
    let next = null;
    if (STEPS[event.key]) next = addDays(date, STEPS[event.key]);
    else if (event.key === "Home") next = addDays(date, -weekday(date));
    else if (event.key === "End") next = addDays(date, 6 - weekday(date));
    else if (event.key === "PageUp") next = addMonths(date, -1);
    else if (event.key === "PageDown") next = addMonths(date, 1);
    if (next === null) return;
    event.preventDefault();
    this.moveTo(next);
  }
}

/** A solved day's words: its time when it counts, its hints. */
function solvedWords(time, hints) {
  if (hints) {
    return time ? nt("solved in {time}, {n} hint", "solved in {time}, {n} hints", hints, { time })
      : nt("solved, {n} hint", "solved, {n} hints", hints);
  }
  return time ? t("solved in {time}", { time }) : t("solved");
}
