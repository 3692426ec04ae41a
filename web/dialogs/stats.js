// The stats page: a dialog opened from the header. Per game (a tab each) and level the
// wins, best and median time and hints taken, the daily streaks, a chart of the latest
// times (SVG); the "Hide the clock" setting (with it on, no time is shown here either), and
// whether a long press vibrates; progress carried to another device (statspage.js);
// export and import of all progress, progress set aside (unreadable) brought back, and
// whether the browser keeps the storage; the page's language (languages.js). The numbers
// come from tally.js. Its words follow the page's language (a change redraws them).

import { h, s, clear, icon, formatTime, showSoon, closeDialog, keepFocus } from "../lib/dom.js";
import { byLevel } from "../progress/tally.js";
import { built } from "../lib/built.js";
import { t, nt, onChange } from "../words/i18n.js";
import { levelWords } from "../routes/source.js";
import { LanguageChoice } from "./languages.js";

const CHART_WINS = 30; // the latest wins drawn
const CHART = { width: 320, height: 84, pad: 4, axis: 34 };

export class StatsDialog {
  /** on.hideClock(hidden), on.vibrate(on), on.carry() ("Use on another device"),
   *  on.exportAll(), on.importFile(file) -> a
   *  sentence, or nothing when the page reloads; on.restore(slot) -> a sentence (a copy
   *  set aside brought back). (The header's button is the shell's.) */
  constructor(on) {
    this.on = on;
    this.game = null;
    this.tabs = h("div", { class: "stats-tabs", role: "tablist" });
    this.body = h("div", { class: "stats-body", role: "tabpanel" });
    this.clock = h("input", {
      type: "checkbox", "data-setting": "hide-clock",
      onchange: () => {
        on.hideClock(this.clock.checked);
        this.data.hideClock = this.clock.checked; // the times here go or come back at once
        this.render();
      },
    });
    this.vibrate = h("input", { type: "checkbox", "data-setting": "vibrate", onchange: () => on.vibrate(this.vibrate.checked) });
    this.persisted = h("p", { class: "stats-persist" });
    this.copies = h("ul", { class: "stats-copies" });
    this.said = h("p", { class: "stats-said", role: "status" });
    const file = h("input", {
      type: "file", accept: "application/json,.json", hidden: true, "data-action": "import-file",
      onchange: async () => {
        const chosen = file.files?.[0];
        file.value = "";
        if (chosen) this.say(await on.importFile(chosen));
      },
    });
    // the fixed words, said again when the language changes (words())
    this.closeButton = h("button", { type: "button", class: "icon-button", onclick: () => this.close() }, icon("close"));
    this.heading = h("h2", { id: "stats-title", class: "picker-title" });
    this.settingsPart = h("section", { class: "stats-part" });
    this.clockWords = h("span");
    this.vibrateWords = h("span");
    this.carryButton = h("button", { type: "button", class: "secondary", "data-action": "carry", onclick: () => on.carry() });
    this.exportButton = h("button", { type: "button", class: "secondary", "data-action": "export", onclick: () => on.exportAll() });
    this.importButton = h("button", { type: "button", class: "secondary", "data-action": "import", onclick: () => file.click() });
    this.fileNote = h("p", { class: "stats-note" });
    this.language = new LanguageChoice();
    this.settingsPart.append(
      h("label", { class: "picker-setting" }, this.clock, this.clockWords),
      h("label", { class: "picker-setting" }, this.vibrate, this.vibrateWords),
      this.language.node,
      h("div", { class: "stats-data" }, this.carryButton, this.exportButton, this.importButton, file),
      this.fileNote, this.copies, this.persisted, this.said);
    this.dialog = h("dialog", { class: "stats", id: "stats", "aria-labelledby": "stats-title" },
      h("div", { class: "picker-head" }, this.heading, this.closeButton),
      this.tabs, this.body, this.settingsPart);
    this.words();
    onChange(() => {
      this.words();
      if (this.data) this.render();
    });
    this.dialog.addEventListener("click", (event) => {
      if (event.target === this.dialog) this.close();
    });
    document.body.append(this.dialog);
  }

  /** The dialog's fixed words in the page's language. */
  words() {
    this.tabs.setAttribute("aria-label", t("Games"));
    this.copies.setAttribute("aria-label", t("Progress set aside"));
    this.closeButton.setAttribute("aria-label", t("Close"));
    this.heading.textContent = t("Your stats");
    this.settingsPart.setAttribute("aria-label", t("Settings and your data"));
    this.clockWords.textContent = t("Hide the clock and your times");
    this.vibrateWords.textContent = t("Vibrate when a long press takes a piece");
    this.carryButton.textContent = t("Use on another device");
    this.exportButton.textContent = t("Export progress");
    this.importButton.textContent = t("Import progress");
    this.fileNote.textContent = t("One file holds every game's progress and your settings. Importing it adds the wins it holds to yours, and its games in progress and settings replace these. A link or a QR code carries your wins, best times, dailies and settings to another device, without an account.");
    if (this.persistence) this.persisted.textContent = persistenceWords(this.persistence);
  }

  get isOpen() {
    return this.dialog.open;
  }

  say(text) {
    this.said.textContent = text || "";
  }

  /** Open: {games: [{name, title}], current, levels, records: {name: Record (record.js)}, today,
   *  hideClock, copies: [{slot, title}] (progress set aside), persistence: a promise of
   *  "granted" | "refused" | "not asked" | "unknown"}. */
  open(data) {
    this.data = data;
    this.game = data.current;
    this.clock.checked = data.hideClock;
    this.vibrate.checked = data.vibrate;
    this.say("");
    this.persistence = null;
    this.persisted.textContent = t("Asking the browser to keep your progress…");
    data.persistence.then((answer) => {
      this.persistence = answer;
      this.persisted.dataset.persist = answer;
      this.persisted.textContent = persistenceWords(answer);
    });
    this.render();
    return showSoon(this.dialog, () => /** @type {HTMLElement} */ (this.tabs.querySelector("[aria-selected=true]"))?.focus());
  }

  /** The records changed (another tab's win, a copy brought back): {records, copies}. */
  update(data) {
    keepFocus(this.dialog, () => {
      this.data = { ...this.data, ...data };
      this.render();
    });
  }

  close() {
    closeDialog(this.dialog);
  }

  render() {
    built("stats");
    const { games, records, levels, today, hideClock, copies = [] } = this.data;
    clear(this.copies).append(...copies.map(({ slot, title }) => h("li", { class: "stats-copy" },
      t("{title} progress that could not be read was set aside.", { title }), " ",
      h("button", {
        type: "button", class: "secondary", "data-action": "restore", "data-slot": slot,
        onclick: async () => this.say(await this.on.restore(slot)),
      }, t("Bring it back")))));
    clear(this.tabs);
    for (const g of games) {
      this.tabs.append(h("button", {
        type: "button", role: "tab", class: "level-tab", "aria-selected": String(g.name === this.game), "data-game": g.name,
        onclick: () => { this.game = g.name; this.render(); /** @type {HTMLElement} */ (this.tabs.querySelector("[aria-selected=true]"))?.focus(); },
      }, g.title));
    }
    const record = records[this.game];
    const title = games.find((g) => g.name === this.game)?.title ?? "";
    const { win: todayWin, streak } = record.dailies(today);
    const rows = byLevel(record.log, levels);
    const dailyLine = !todayWin || todayWin.helped ? t("Today's daily: not solved yet.")
      : todayWin.best != null && !hideClock ? t("Today's daily: solved in {time}.", { time: formatTime(todayWin.best) })
        : t("Today's daily: solved.");
    const days = (n) => nt("{n} day", "{n} days", n);
    const streakLine = t("Daily streak: {current} · longest {longest}.", { current: days(streak.current), longest: days(streak.longest) });
    clear(this.body).append(
      h("p", { class: "stats-streak", "data-current": String(streak.current), "data-longest": String(streak.longest) },
        // TRANSLATORS: two sentences one after the other (the streak's, today's daily's)
        t("{first} {then}", { first: streakLine, then: dailyLine })),
      levelTable(rows, title, hideClock),
      hideClock ? h("p", { class: "stats-note", text: t("Your times are hidden, as the clock is: untick “Hide the clock” below to see them.") })
        : h("p", { class: "stats-note", text: t("Best and median count wins played from the start without hints or Solve.") }),
      ...(hideClock ? [] : [chart(record.log.slice(-CHART_WINS), title)]));
  }
}

/** Per level: wins, best and median time (not with the clock hidden), hints. */
function levelTable(rows, title, hideClock) {
  const cell = (text, head = false) => h(head ? "th" : "td", head ? { scope: "row" } : {}, text);
  const time = (ms) => (ms == null ? "–" : formatTime(ms));
  const heads = hideClock ? [t("Level"), t("Wins"), t("Hints")] : [t("Level"), t("Wins"), t("Best"), t("Median"), t("Hints")];
  return h("table", { class: "stats-table" },
    h("caption", { text: t("{title} by level", { title }) }),
    h("thead", {}, h("tr", {}, heads.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, rows.map((r) => h("tr", { "data-level": r.level },
      cell(levelWords(r.level), true), cell(String(r.wins)), hideClock ? null : [cell(time(r.best)), cell(time(r.median))], cell(String(r.hints))))));
}

/** Bars of the latest wins' times, oldest first; a fair win solid, a helped one pale. */
function chart(wins, title) {
  const { width, height, pad, axis } = CHART;
  if (!wins.length) return h("p", { class: "stats-chart-empty", text: t("Your times will show here once you win a challenge of {title}.", { title }) });
  const most = Math.max(...wins.map((w) => w.time), 1000);
  const slot = (width - axis - pad) / Math.max(wins.length, 12);
  const bars = wins.map((w, i) => {
    const tall = Math.max(2, ((height - 2 * pad) * w.time) / most);
    return s("rect", {
      class: w.fair ? "bar fair" : "bar", x: (axis + i * slot + slot * 0.15).toFixed(1), y: (height - pad - tall).toFixed(1),
      width: (slot * 0.7).toFixed(1), height: tall.toFixed(1), rx: 1.5,
    }, s("title", {}, barWords(w)));
  });
  const times = wins.map((w) => w.time);
  return h("figure", { class: "stats-chart" },
    s("svg", {
      viewBox: `0 0 ${width} ${height}`, role: "img",
      "aria-label": nt("Your last {n} {title} time, from {fastest} to {slowest}", "Your last {n} {title} times, from {fastest} to {slowest}",
        wins.length, { title, fastest: formatTime(Math.min(...times)), slowest: formatTime(most) }),
    },
    s("line", { class: "axis", x1: axis, y1: height - pad, x2: width - pad, y2: height - pad }),
    s("text", { class: "axis-label", x: axis - 4, y: pad + 8, "text-anchor": "end" }, formatTime(most)),
    s("text", { class: "axis-label", x: axis - 4, y: height - pad, "text-anchor": "end" }, "0:00"),
    bars),
    h("figcaption", { text: nt("Your last win, oldest first: solid bars count for best times.",
      "Your last {n} wins, oldest first: solid bars count for best times.", wins.length) }));
}

/** A bar's words: the level and time, and when it does not count for best times, why. */
function barWords(w) {
  const words = { level: levelWords(w.level), time: formatTime(w.time) };
  if (w.fair) return t("{level}: {time}", words);
  if (w.hints) return nt("{level}: {time}, {n} hint", "{level}: {time}, {n} hints", w.hints, words);
  return t("{level}: {time}, not from the start", words);
}

/** What the browser answered about keeping the storage, in words. */
function persistenceWords(answer) {
  return answer === "granted" ? t("Your browser keeps your progress: it will not clear it to make room.")
    : answer === "unknown" ? t("This browser cannot promise to keep your progress: export it now and then.")
      : t("Your browser may clear your progress when space runs low: export it now and then.");
}
