// The challenge picker: a dialog with two views. "Booklet": every challenge as a small
// picture of its start (of the player's own solution once solved), the levels as sections
// one after another (each with its "New challenge" when the game can make them), and the
// gaps in the booklet's numbering said where they are. "Daily": the daily challenges as a
// calendar (calendar.js). Today's daily, the editor, the settings and the printed sheet
// are a button away in both.
//
// The challenges are one Tab stop, moved with the arrow keys (cellgrid.js).
// The pictures are drawn as their cells scroll into view (pictures.js), a slice a frame.

import { h, clear, icon, formatTime, showSoon, closeDialog, keepFocus, centreIn } from "../lib/dom.js";
import { isWon } from "../progress/winrules.js";
import { howWell } from "../progress/howwell.js";
import { Calendar } from "./calendar.js";
import { Pictures, pictureSvg, drawPicture } from "../board/pictures.js";
import { Slices, afterFrame } from "../lib/idle.js";
import { CellGrid } from "./cellgrid.js";
import { sourceTag, sourcesText, shortDay, gapBetween } from "../routes/source.js";
import { detailsLine, listed } from "../words/lists.js";
import { PickerFoot } from "./pickerfoot.js";
import { t, nt, onChange } from "../words/i18n.js";

export class Picker {
  /** on.pick(id): a booklet challenge; on.generate(level): a new one; on.daily(date):
   *  the daily challenge of a day (today's by default); on.edit(): the editor;
   *  on.notation(on), on.solvable(on): the "Show notation" and "Say when stuck" settings;
   *  on.theme(name): the Theme setting; on.print(), on.copy(): print the challenge
   *  played, copy its board as text; on.call(op, args): Python (the solved pictures). */
  constructor(on) {
    this.on = on;
    this.view = "booklet";
    this.pictures = new Pictures((op, args) => on.call(op, args));
    this.drawing = new Slices((cell) => this.draw(cell), { between: afterFrame }); // the pictures
    this.title = h("h2", { id: "picker-title", class: "picker-title" });
    this.summary = h("p", { class: "picker-summary" });
    this.note = h("p", { class: "picker-note" });
    const close = h("button", { type: "button", class: "icon-button", onclick: () => this.close() }, icon("close"));
    this.todayWords = h("span", { class: "today-label" });
    this.todayButton = h("button", {
      type: "button", class: "secondary today", "data-action": "daily",
      onclick: () => { this.close(); this.on.daily(); },
    }, icon("clock"), this.todayWords, h("span", { class: "today-state" }));
    this.editWords = h("span");
    const editButton = h("button", {
      type: "button", class: "secondary make-own", "data-action": "editor",
      onclick: () => { this.close(); this.on.edit(); },
    }, icon("pencil"), this.editWords);
    this.newNote = h("p", { class: "new-note" });
    // the two views: tabs
    this.tabs = {
      booklet: h("button", { type: "button", role: "tab", id: "picker-tab-booklet", class: "view-tab", "aria-controls": "picker-booklet", "data-view": "booklet", onclick: () => this.showView("booklet", true) }),
      daily: h("button", { type: "button", role: "tab", id: "picker-tab-daily", class: "view-tab", "aria-controls": "picker-daily", "data-view": "daily", onclick: () => this.showView("daily", true) }),
    };
    const tablist = h("div", { class: "view-tabs", role: "tablist" }, this.tabs.booklet, this.tabs.daily);
    tablist.addEventListener("keydown", (event) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      event.preventDefault();
      this.showView(this.view === "booklet" ? "daily" : "booklet", true);
    });
    this.actions = h("div", { class: "picker-actions" }, tablist, this.todayButton, editButton, this.newNote);
    this.jumps = h("nav", { class: "level-jumps" });
    // a cell picked: one listener for them all (the booklet's hundred cells and more are
    // made at each opening)
    this.list = h("div", {
      class: "challenge-list",
      onclick: (event) => {
        const id = this.idOf?.get(event.target.closest?.(".challenge-cell"));
        if (id === undefined) return;
        this.close();
        this.on.pick(id);
      },
    });
    this.grid = new CellGrid(this.list);
    this.panels = {
      booklet: h("div", { class: "picker-panel", id: "picker-booklet", role: "tabpanel", "aria-labelledby": "picker-tab-booklet" }, this.jumps, this.list),
      daily: h("div", { class: "picker-panel picker-daily", id: "picker-daily", role: "tabpanel", "aria-labelledby": "picker-tab-daily" }),
    };
    this.calendar = new Calendar({ pick: (date) => { this.close(); this.on.daily(date); } });
    this.panels.daily.append(this.calendar.node);
    // settings, print and copy
    this.foot = new PickerFoot(on, () => this.close());
    // The head and the actions stay on screen; what is under them scrolls: on a large
    // screen the challenges alone (the settings stay at the foot), on a small one the
    // body, challenges and settings together, so the challenges get the room (style.css)
    this.body = h("div", { class: "picker-body" },
      this.panels.booklet,
      this.panels.daily,
      this.foot.node);
    this.dialog = h(
      "dialog",
      { class: "picker", id: "picker", "aria-labelledby": "picker-title" },
      h("div", { class: "picker-head" }, h("div", {}, this.title, this.summary, this.note), close),
      this.actions,
      this.body,
    );
    this.dialog.addEventListener("click", (event) => {
      // a click on the backdrop (the dialog's own box is covered by its parts)
      const box = this.dialog.getBoundingClientRect();
      const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
      if (event.target === this.dialog && outside) this.close();
    });
    this.observer = null;
    this.parts = { close, tablist };
    this.words();
    onChange(() => {
      this.words();
      this.foot.words();
      if (this.data) this.update(this.data);
    });
    document.body.append(this.dialog);
  }

  /** The dialog's fixed words in the page's language. */
  words() {
    this.parts.close.setAttribute("aria-label", t("Close"));
    this.todayWords.textContent = t("Today");
    this.editWords.textContent = t("Make your own");
    this.tabs.booklet.textContent = t("Booklet");
    this.tabs.daily.textContent = t("Daily");
    this.parts.tablist.setAttribute("aria-label", t("Challenges"));
    this.jumps.setAttribute("aria-label", t("Levels"));
  }

  /** What scrolls the challenges in this layout: the list, or the body round it. */
  scroller() {
    return getComputedStyle(this.list).overflowY === "visible" ? this.body : this.list;
  }

  get isOpen() {
    return this.dialog.open;
  }

  /** Open for a game: {game, title, box (the board's viewBox), levels, challenges, solved:
   *  {id: {best, hints, helped, placement}}, current, playing (its entry), level,
   *  canGenerate, generatedSolved, medians ({level: the player's median time, ms}),
   *  bookletNote, levelsNote (how new challenges are levelled),
   *  daily: {today, name, won, best, playing,
   *  wins: {date: win}, started: Set of dates, streak}, hideClock, notation, solvable,
   *  theme}. A win with Solve's help is shown as such, not as solved. `view`: "booklet"
   *  or "daily" (the view shown last by default). */
  open(data, view = null) {
    this.data = data;
    this.drawn = new Map(); // id -> what its picture shows ("start" | placement)
    this.writeNote(data);
    this.foot.show(data);
    if (!data.canGenerate && (view ?? this.view) === "daily") view = "booklet";
    this.render();
    this.showView(view ?? this.view, false);
    return showSoon(this.dialog, () => {
      this.loadPictures();
      if (this.view === "daily") this.calendar.focus();
      else {
        const cell = this.grid.rovingCell();
        cell?.focus({ preventScroll: true });
        if (cell) centreIn(this.scroller(), cell);
      }
    });
  }

  close() {
    closeDialog(this.dialog);
  }

  /** The same game's data again, changed (another tab's win): the marks follow, the view,
   *  the scroll, the month and the focus stay. */
  /** The note on the challenge played: its own; for a new or daily one, how the game
   *  levels them. */
  writeNote(data) {
    const playing = data.playing;
    const levels = playing && playing.kind !== "booklet" ? data.levelsNote : "";
    this.note.textContent = playing?.note ? t("{name}: {note}", { name: playing.name, note: playing.note }) : levels || "";
    this.note.hidden = !playing?.note && !levels;
  }

  update(data) {
    this.writeNote(data);
    const scroller = this.scroller();
    const top = scroller.scrollTop;
    keepFocus(this.dialog, () => {
      this.data = data;
      this.drawn = new Map();
      this.render(this.calendar.focused);
      this.showView(this.view, false);
    });
    scroller.scrollTop = top;
    this.loadPictures();
  }

  /** Show the booklet or the calendar; `focus`: move the focus into it (a tab pressed). */
  showView(view, focus) {
    if (view === "daily" && !this.data.canGenerate) view = "booklet";
    this.view = view;
    for (const [name, tab] of Object.entries(this.tabs)) {
      const selected = name === view;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
      this.panels[name].hidden = !selected;
    }
    this.tabs.daily.hidden = !this.data.canGenerate;
    this.dialog.dataset.view = view;
    if (view === "daily") this.drawCalendar();
    if (focus) this.tabs[view].focus();
  }

  /** (`month`: a day of the calendar's month to show; the daily played's by default.) */
  render(month = null) {
    const { title, challenges, solved, canGenerate } = this.data;
    const solvedCount = challenges.filter((c) => isWon(solved[c.id])).length;
    this.title.textContent = t("{title} challenges", { title });
    const extra = this.data.generatedSolved ? nt("{n} new or own solved", "{n} new or own solved", this.data.generatedSolved) : null;
    this.summary.textContent = detailsLine([t("{solved} of {total} solved", { solved: solvedCount, total: challenges.length }), extra, ...sourcesText(challenges)]
      .filter(Boolean));
    this.newNote.textContent = canGenerate ? "" : t("{title} cannot make new challenges yet.", { title });
    this.newNote.hidden = canGenerate;
    const daily = this.data.daily;
    this.month = null; // (the calendar's data, when there is a daily)
    this.todayButton.hidden = !canGenerate || !daily;
    if (daily) {
      const timed = daily.best != null && !this.data.hideClock;
      const day = shortDay(daily.today);
      const state = daily.won ? timed ? t("{day} · solved {time}", { day, time: formatTime(daily.best) }) : t("{day} · solved", { day })
        : daily.playing ? t("{day} · playing", { day }) : t("{day} · not played", { day });
      this.todayButton.querySelector(".today-state").textContent = state;
      this.todayButton.dataset.solved = String(daily.won);
      // the calendar is drawn when it is shown (the booklet is, most times: not its work)
      this.month = [{
        today: daily.today, daily: daily.wins, started: daily.started, streak: daily.streak, hideClock: this.data.hideClock,
      }, month ?? daily.shown];
    }
    this.renderBooklet();
  }

  /** The calendar, drawn from what render() left for it, once for each render. */
  drawCalendar() {
    if (!this.month) return;
    this.calendar.show(...this.month);
    this.month = null;
  }

  renderBooklet() {
    const { levels, challenges, solved, current, canGenerate, bookletNote } = this.data;
    this.observer?.disconnect();
    this.drawing.clear(); // (the cells of the last time)
    // the pictures are drawn as they come near the view of what scrolls them now
    this.observer = typeof IntersectionObserver === "function"
      ? new IntersectionObserver((seen) => this.seen(seen), { root: this.scroller(), rootMargin: "160px 0px" }) : null;
    clear(this.jumps);
    clear(this.list);
    this.cells = [];
    this.idOf = new Map(); // cell -> its challenge's id
    const blank = pictureSvg(this.data.box); // each cell's picture (a copy), drawn near the view
    const [, , bw, bh] = this.data.box ?? [0, 0, 0, 0];
    if (bw > 0 && bh > 0) this.list.style.setProperty("--picture-aspect", String(bw / bh));
    if (bookletNote) this.list.append(h("p", { class: "booklet-note", text: bookletNote }));
    const levelNames = [...levels, ...new Set(challenges.map((c) => c.level).filter((l) => !levels.includes(l)))];
    for (const level of levelNames) {
      const inLevel = challenges.filter((c) => c.level === level);
      if (!inLevel.length && !canGenerate) continue;
      const done = inLevel.filter((c) => isWon(solved[c.id])).length;
      const id = `level-${level.replace(/[^\w-]/g, "_")}`;
      const heading = h("h3", { class: "level-title", id }, level);
      const newButton = canGenerate ? h("button", {
        type: "button", class: "secondary new-challenge", "data-action": "new-challenge", "data-level": level,
        onclick: () => { this.close(); this.on.generate(level); },
        "aria-label": t("New {level} challenge", { level }), "data-short": t("New"), // (a phone's word: style.css)
      }, icon("spark"), h("span", { class: "new-more", text: t("New {level} challenge", { level }) })) : null;
      const grid = h("div", { class: "challenge-grid", role: "group", "aria-labelledby": id });
      const section = h("section", { class: "level-section", "data-level": level, "aria-labelledby": id },
        h("div", { class: "level-head" }, heading,
          h("span", { class: "level-count", text: inLevel.length ? this.countWords(done, inLevel.length, level) : "" }), newButton),
        grid);
      let before = null;
      for (const c of inLevel) {
        const gap = gapBetween(before, c.id);
        if (gap) grid.append(h("div", { class: "challenge-gap", title: bookletNote || null }, h("span", { class: "gap-numbers", text: gap.numbers }), h("span", { class: "gap-words", text: nt("not known", "not known", gap.count) })));
        before = c.id;
        const cell = this.cell(c, solved[c.id], c.id === current, blank.cloneNode(true));
        grid.append(cell);
        this.cells.push(cell);
        this.idOf.set(cell, c.id);
        this.observer?.observe(cell);
      }
      this.list.append(section);
      if (inLevel.length) {
        this.jumps.append(h("button", {
          type: "button", class: "level-jump", "data-level": level,
          onclick: () => this.jumpTo(section),
        }, h("span", { class: "level-name", text: level }), h("span", { class: "level-done", text: `${done}/${inLevel.length}` })));
      }
    }
    const first = this.cells.find((c) => c.getAttribute("aria-current") === "true") || this.cells[0];
    this.grid.load(this.cells);
    if (first) this.grid.rove(first, false);
    if (!this.observer) this.drawing.add(this.cells);
  }

  /** "3 of 14 solved · your median 2:10": a level's heading (its median time when there
   *  is one, not hidden). */
  countWords(done, total, level) {
    const count = t("{solved} of {total} solved", { solved: done, total });
    const median = this.data.medians?.[level];
    return median != null && !this.data.hideClock ? t("{count} · your median {time}", { count, time: formatTime(median) }) : count;
  }

  /** One challenge: its picture (`picture`: an empty one, pictures.js), number, where it
   *  comes from, and how well the player solved it (howwell.js). */
  cell(c, win, isCurrent, picture) {
    const record = isWon(win) ? win : null;
    const tag = sourceTag(c.source);
    const well = howWell(win, c.level, this.data.medians?.[c.level] ?? null, this.data.hideClock);
    const parts = [c.name, tag ? t("{short}: {long}", tag) : null, well.words || null].filter(Boolean);
    const label = listed(parts);
    return h(
      "button",
      {
        type: "button", class: "challenge-cell", "aria-label": label, "data-id": c.id, tabindex: "-1",
        "data-solved": record ? "true" : null, "data-helped": win && !record ? "true" : null, "aria-current": isCurrent ? "true" : null,
        "data-how": well.how, "data-source": c.source || null, title: [c.note, well.note].filter(Boolean).join("\n") || null,
      },
      picture,
      // the best time against the level's median, on the picture's corner
      well.delta ? h("span", { class: "cell-delta", "data-faster": String(well.delta.startsWith("−")), text: well.delta }) : null,
      h("span", { class: "cell-foot" },
        // spaces between the parts: "T01 original", read as words, not "T01original"
        h("span", { class: "cell-number", text: c.id }), " ",
        tag ? h("span", { class: "cell-source", text: tag.short }) : null, " ",
        // the best time is drawn by CSS (data-time): the cell's name says it and the rest in
        // words. A win with help (Solve, or every piece from hints) gets no tick: it is not
        // a win; its mark is a neutral eye (seen, not solved), no prize. A win with hints:
        // the tick and the Hint's bulb
        record ? h("span", { class: "cell-best", "data-time": well.time }, icon("check")) : null,
        well.how === "help" || well.how === "hints" ? h("span", { class: "cell-how" }, icon(well.how === "help" ? "seen" : "hint")) : null),
    );
  }

  // ------------------------------------------------------------------ pictures

  /** Fetch the booklet's pictures and draw the player's solved positions (one call). */
  loadPictures() {
    const { game, challenges, solved } = this.data;
    const byId = new Map(challenges.map((c) => [c.id, c]));
    this.starts = null;
    this.solutions = null;
    const data = this.data;
    this.pictures.booklet(game).then((packed) => {
      if (this.data !== data) return;
      this.starts = packed;
      this.redraw();
    });
    const positions = Object.entries(solved)
      .filter(([id, win]) => byId.has(id) && isWon(win) && typeof win.placement === "string")
      .map(([id, win]) => ({ challenge: byId.get(id).challenge, placement: win.placement }));
    if (!positions.length) return;
    this.pictures.solutions(game, positions).then((drawn) => {
      if (this.data !== data) return;
      this.solutions = drawn;
      this.redraw();
    }, () => {}); // no picture of the solution: the start stays
  }

  /** Draw the cells in view again (what they can show changed). */
  redraw() {
    this.drawing.add(this.cells.filter((cell) => cell.dataset.visible === "true" || !this.observer));
  }

  seen(entries) {
    for (const entry of entries) entry.target.dataset.visible = String(entry.isIntersecting);
    this.drawing.add(entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target));
  }

  /** A cell's picture: the player's own solution when there is one (not one solved
   *  with help), else the start. */
  draw(cell) {
    const id = cell.dataset.id;
    const c = this.data.challenges.find((x) => x.id === id);
    const win = this.data.solved[id];
    const placement = isWon(win) ? win.placement : undefined;
    const mine = placement && this.solutions ? this.solutions(c.challenge, placement) : null;
    const what = mine ? placement : this.starts ? "start" : null;
    if (!what || this.drawn.get(id) === what) return;
    const shapes = mine ?? Pictures.start(this.starts, id);
    if (!shapes) return;
    drawPicture(cell.querySelector(".picture"), shapes);
    cell.dataset.picture = mine ? "solution" : "start";
    this.drawn.set(id, what);
  }

  // ------------------------------------------------------------------ the keyboard

  /** A level's button: its section scrolled into view, its first challenge focused. */
  jumpTo(section) {
    section.scrollIntoView({ block: "start" });
    const cell = section.querySelector(".challenge-cell");
    if (cell) this.grid.rove(cell);
  }
}
