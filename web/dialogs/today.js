// The Today page: a dialog (the header's Today button, the picker's Today, and the opening
// screen of a returning player who has not played today) with today's daily of every
// game: its level, the player's state of it in words beside a dot of its colour (not
// started; in progress, with the time so far; solved, with its time and hints; solved
// with help), one press to play it; each game's daily streak and the streak over every
// game; once a game's daily is finished, a result worth sharing (for the day, the games
// finished or one: a square per game, never the board) sent by the share sheet or copied;
// and the calendar of the days gone by, all games or one. What it says comes from the
// records through dailies.js, the same words as the calendar's and the result's. Its own
// words are the page's language's (i18n.js) as it is drawn; the result's text and its
// words of a result (share.js) are English still.

import { h, clear, icon, formatTime, showSoon, closeDialog, keepFocus } from "../lib/dom.js";
import { built } from "../lib/built.js";
import { Calendar, longDate } from "./calendar.js";
import { dayOf, streaksOf } from "../progress/dailies.js";
import { listed } from "../words/lists.js";
import { dayResult, hasResult, resultWords, sendResult, canShare, squareOf, SENT } from "./share.js";
import { t, nt } from "../words/i18n.js";

const ALL = "all"; // the result and calendar of every game

export class TodayDialog {
  /** `play(name, date)`: play a game's daily of a date (the dialog closes first). */
  constructor({ play }) {
    this.play = play;
    this.view = ALL;
    this.data = null;
    this.closeButton = h("button", { type: "button", class: "icon-button", onclick: () => this.close() }, icon("close"));
    this.subtitle = h("p", { class: "today-date" });
    this.list = h("ul", { class: "today-games" });
    this.streak = h("p", { class: "today-streak" });
    this.views = h("div", { class: "today-views", role: "group" });
    this.picture = h("div", { class: "result-squares", role: "img" });
    this.text = h("textarea", { class: "result-text share-text", readonly: true });
    this.said = h("span", { class: "share-said", role: "status" });
    this.send = h("button", {
      type: "button", class: "primary result-send", "data-action": "share-result", onclick: () => this.share(),
    });
    this.calendar = new Calendar({ pick: (date) => this.pickDay(date) });
    // the result: shown once a daily of today is finished (no card of "Not played")
    this.note = h("p", { class: "stats-note" });
    this.card = h("div", { class: "result-card" }, this.picture, this.text,
      h("div", { class: "share-row" }, this.send, this.said), this.note);
    this.none = h("p", { class: "result-none" });
    this.resultTitle = h("h3", { id: "result-title", class: "today-part-title" });
    this.resultPart = h("section", { class: "today-part result", "aria-labelledby": "result-title" },
      this.resultTitle, this.card, this.none);
    this.title = h("h2", { id: "today-title", class: "picker-title" });
    this.gone = h("section", { class: "today-part" }, this.calendar.node);
    this.dialog = h("dialog", { class: "today-page", id: "today", "aria-labelledby": "today-title" },
      h("div", { class: "picker-head" }, h("div", {}, this.title, this.subtitle), this.closeButton),
      this.list, this.streak, this.views, this.resultPart, this.gone);
    this.dialog.addEventListener("click", (event) => {
      if (event.target === this.dialog) this.close();
    });
    document.body.append(this.dialog);
  }

  get isOpen() {
    return this.dialog.open;
  }

  /** The page's fixed words in the page's language (said as it is drawn). */
  words() {
    this.closeButton.setAttribute("aria-label", t("Close"));
    this.list.setAttribute("aria-label", t("Today's daily challenges"));
    this.views.setAttribute("aria-label", t("Result and calendar of"));
    this.text.setAttribute("aria-label", t("Your result to share"));
    this.note.textContent = t("It says your times and hints, never the board: a square per game.");
    this.resultTitle.textContent = t("Your result to share");
    this.title.textContent = t("Today");
    this.gone.setAttribute("aria-label", t("Days gone by"));
  }

  /** Open on `today`: {games: [{name, title}], records: {name: Record}, today, current
   *  (the game shown), hideClock, base (the page's address without its hash)}. */
  open(data) {
    this.data = data;
    this.said.textContent = "";
    this.render();
    // shown in the task after the one that drew it (the modal lays the page out again)
    return showSoon(this.dialog, () => this.list.querySelector("button")?.focus());
  }

  close() {
    closeDialog(this.dialog);
  }

  /** The records changed (another tab's win, a game moved on): the page says it now, the
   *  month and the focus where they were. */
  update(data) {
    keepFocus(this.dialog, () => {
      this.data = data;
      this.render(this.calendar.focused);
    });
  }

  render(month = null) {
    built("today");
    this.words();
    const { games, records, today, hideClock } = this.data;
    const day = this.day = dayOf(games, records, today);
    const streak = this.streaks = streaksOf(games, records, today);
    this.subtitle.textContent = t("{date} · {level}", { date: longDate(today), level: day.level });
    clear(this.list).append(...day.games.map((row) => this.gameRow(row, streak.each[row.name], hideClock)));
    const { current, longest } = streak.all;
    this.streak.dataset.current = String(current);
    this.streak.dataset.longest = String(longest);
    this.streak.textContent = t("All-games streak (every game's daily solved): {current} · longest {longest}.",
      { current: days(current), longest: days(longest) });
    clear(this.views).append(...[{ name: ALL, title: t("All {n}", { n: games.length }) }, ...games].map((g) => h("button", {
      type: "button", class: "level-tab", "data-view": g.name, "aria-pressed": String(g.name === this.view),
      onclick: () => this.show(g.name),
    }, g.title)));
    this.show(this.view, false, month);
  }

  /** One game's daily today: a button that plays it, with its state and streak. */
  gameRow(row, streak, hideClock) {
    const state = row.state === "started"
      ? (hideClock ? t("In progress") : t("In progress · {time} so far", { time: formatTime(row.elapsed) }))
      : row.state === "open" ? t("Not started") : resultWords(row, hideClock);
    const action = { open: t("Play"), started: t("Go on"), won: t("Open"), helped: t("Open") }[row.state];
    const streakWords = t("Daily streak {current} · longest {longest}", { current: days(streak.current), longest: days(streak.longest) });
    return h("li", {}, h("button", {
      type: "button", class: "today-game", "data-game": row.name, "data-state": row.state,
      "data-streak": String(streak.current), onclick: () => this.pick(row.name, this.data.today),
    },
    h("span", { class: "today-game-text" },
      h("span", { class: "today-game-title", text: `${row.title} · ${this.day.level}` }), // (names: never translated)
      // a state, not a box to tick: its words, after a dot of its colour
      h("span", { class: "today-game-state", "data-mark": hasResult(row) ? squareOf(row) : row.state, text: state }),
      h("span", { class: "today-game-streak", text: streakWords })),
    h("span", { class: "today-game-action" }, action, icon("next"))));
  }

  /** The result and calendar of every game (ALL) or one (`month`: a day of the month to
   *  show; today's by default). */
  show(view, focus = true, month = null) {
    this.view = view;
    for (const b of /** @type {HTMLCollectionOf<HTMLElement>} */ (this.views.children)) b.setAttribute("aria-pressed", String(b.dataset.view === view));
    const { games, records, today, hideClock, base } = this.data;
    const name = view === ALL ? null : view;
    const streak = name ? this.streaks.each[name].current : this.streaks.all.current;
    const result = this.result = dayResult({ day: this.day, name, streak, base, hideClock });
    const finished = this.day.games.filter(hasResult);
    this.resultPart.hidden = !finished.length;
    this.card.hidden = !result;
    this.none.hidden = Boolean(result);
    this.said.textContent = "";
    if (result) {
      const each = finished.map((r) => t("{game} {result}", { game: r.title, result: squareWords(squareOf(r)) }));
      const games = listed(each);
      this.picture.setAttribute("aria-label", result.squares.length > 1
        ? t("A square per game finished: {games}", { games }) : squareWords(result.squares[0]));
      clear(this.picture).append(...result.squares.map((sq) => h("span", { class: "result-square", "data-square": sq })));
      this.text.value = `${result.text}\n${result.url}`;
      this.text.rows = this.text.value.split("\n").length;
      this.send.textContent = canShare() ? t("Share result") : t("Copy result");
    } else {
      this.text.value = "";
      const title = games.find((g) => g.name === name)?.title;
      this.none.textContent = title ? t("{title} has no result today yet: it comes once its daily is solved.", { title })
        : t("This game has no result today yet: it comes once its daily is solved.");
    }
    const mine = name ? records[name].dailies(today) : null;
    this.calendar.show(name ? { today, hideClock, daily: mine.wins, started: mine.started, streak: mine.streak }
      : { today, hideClock, all: (date) => dayOf(games, records, date), streak: this.streaks.all }, month);
    if (focus) /** @type {HTMLElement} */ (this.views.querySelector("[aria-pressed=true]"))?.focus();
  }

  async share() {
    if (!this.result) return;
    this.said.textContent = "";
    this.said.textContent = SENT[await sendResult(this.result, this.text)];
  }

  pick(name, date) {
    this.close();
    this.play(name, date);
  }

  /** A calendar day: that day's daily of the game shown in it (of every game: the first
   *  not solved that day, else the game shown). */
  pickDay(date) {
    const { games, records, current } = this.data;
    if (this.view !== ALL) return this.pick(this.view, date);
    const open = dayOf(games, records, date).games.find((r) => r.state !== "won");
    this.pick(open?.name ?? current, date);
  }
}

const days = (n) => nt("{n} day", "{n} days", n);

function squareWords(kind) {
  return { won: t("solved"), hinted: t("solved with hints"), helped: t("solved with help"), none: t("not solved") }[kind];
}
