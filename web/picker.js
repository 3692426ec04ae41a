// The challenge picker: a dialog with one tab per level, each challenge a button that
// shows whether it is solved and its best time; per level a "New challenge" button (a
// generated one, when the game can make them), today's daily challenge, a way into the
// challenge editor, and the "Show notation" setting. A challenge's note (where it comes from, what is special about
// it) is its cell's tooltip, and shown in full for the challenge played.

import { h, clear, icon, formatTime } from "./dom.js";
import { isWon } from "./progress.js";
import { THEMES, THEME_LABELS } from "./theme.js";

export class Picker {
  /** on.pick(id): a booklet challenge; on.generate(level): a new one; on.daily(): today's
   *  daily challenge; on.edit(): the editor; on.notation(on), on.solvable(on): the "Show
   *  notation" and "Say when stuck" settings changed; on.theme(name): the Theme setting
   *  ("auto", "light" or "dark"); on.print(), on.copy(): print the challenge played, copy
   *  its board as text. */
  constructor(on) {
    this.on = on;
    this.level = null;
    this.title = h("h2", { id: "picker-title", class: "picker-title" });
    this.summary = h("p", { class: "picker-summary" });
    this.note = h("p", { class: "picker-note" });
    this.tabs = h("div", { class: "level-tabs", role: "tablist", "aria-label": "Levels" });
    this.grid = h("div", { class: "challenge-grid", role: "tabpanel", id: "picker-panel" });
    const close = h("button", { type: "button", class: "icon-button", "aria-label": "Close", onclick: () => this.close() }, icon("close"));
    this.newButton = h("button", {
      type: "button", class: "primary new-challenge", "data-action": "new-challenge",
      onclick: () => { this.close(); this.on.generate(this.level); },
    }, icon("spark"), h("span", { class: "new-label" }));
    this.newNote = h("p", { class: "new-note" });
    this.todayButton = h("button", {
      type: "button", class: "secondary today", "data-action": "daily",
      onclick: () => { this.close(); this.on.daily(); },
    }, icon("clock"), h("span", { class: "today-label", text: "Today" }), h("span", { class: "today-state" }));
    const editButton = h("button", {
      type: "button", class: "secondary make-own", "data-action": "editor",
      onclick: () => { this.close(); this.on.edit(); },
    }, icon("pencil"), "Make your own");
    const printButton = h("button", {
      type: "button", class: "foot-button", "data-action": "print", onclick: () => { this.close(); this.on.print(); },
    }, icon("print"), "Print…");
    const copyButton = h("button", {
      type: "button", class: "foot-button", "data-action": "copy-text", onclick: () => { this.close(); this.on.copy(); },
    }, icon("copy"), "Copy board as text");
    this.actions = h("div", { class: "picker-actions" }, this.todayButton, this.newButton, editButton, this.newNote);
    this.notation = h("input", { type: "checkbox", "data-setting": "notation", onchange: () => this.on.notation(this.notation.checked) });
    const setting = h("label", { class: "picker-setting", title: "The games' own strings, as in their rules (\"d2A6\"), beside the words" },
      this.notation, "Show notation");
    this.theme = h("select", { "data-setting": "theme", title: "Auto follows your system's light or dark setting", onchange: () => this.on.theme(this.theme.value) },
      THEMES.map((name) => h("option", { value: name, text: THEME_LABELS[name] })));
    const themeSetting = h("label", { class: "picker-setting" }, "Theme", this.theme);
    this.solvable = h("input", { type: "checkbox", "data-setting": "solvable", onchange: () => this.on.solvable(this.solvable.checked) });
    const stuck = h("label", { class: "picker-setting", title: "After each move, say when the position can no longer be finished (and nothing more)" },
      this.solvable, "Say when stuck");
    this.dialog = h(
      "dialog",
      { class: "picker", id: "picker", "aria-labelledby": "picker-title" },
      h("div", { class: "picker-head" }, h("div", {}, this.title, this.summary, this.note), close),
      this.tabs,
      this.actions,
      this.grid,
      h("div", { class: "picker-foot" }, setting, stuck, themeSetting,
        h("div", { class: "picker-share" }, printButton, copyButton)),
    );
    this.dialog.addEventListener("click", (event) => {
      if (event.target === this.dialog) this.close(); // a click on the backdrop
    });
    document.body.append(this.dialog);
  }

  get isOpen() {
    return this.dialog.open;
  }

  /** Open for a game: {title, levels, challenges, solved: {id: {best, hints, helped}},
   *  current, playing (its entry), level, canGenerate, generatedSolved, notation, levelsNote} (a win with Solve's help is
   *  shown as such, not as solved). */
  open(data) {
    this.data = data;
    const current = data.challenges.find((c) => c.id === data.current);
    this.level = current ? current.level : data.levels.includes(data.level) ? data.level : data.levels[0];
    const playing = data.playing;
    // the challenge's own note; for a new or daily one, how the game levels them
    const levels = playing && playing.kind !== "booklet" ? data.levelsNote : "";
    this.note.textContent = playing?.note ? `${playing.name}: ${playing.note}` : levels || "";
    this.note.hidden = !playing?.note && !levels;
    this.notation.checked = data.notation;
    this.theme.value = THEMES.includes(data.theme) ? data.theme : "auto";
    this.solvable.checked = Boolean(data.solvable);
    this.render();
    if (typeof this.dialog.showModal === "function") this.dialog.showModal();
    else this.dialog.setAttribute("open", "");
    const focus = this.grid.querySelector("[aria-current=true]") || this.grid.querySelector("button");
    focus?.focus();
  }

  close() {
    if (this.dialog.open) this.dialog.close?.();
    this.dialog.removeAttribute("open");
  }

  render() {
    const { title, levels, challenges, solved, current } = this.data;
    const solvedCount = challenges.filter((c) => isWon(solved[c.id])).length;
    this.title.textContent = `${title} challenges`;
    const extra = this.data.generatedSolved ? ` · ${this.data.generatedSolved} new or own solved` : "";
    this.summary.textContent = `${solvedCount} of ${challenges.length} solved${extra}${sourcesText(challenges)}`;
    this.newButton.querySelector(".new-label").textContent = `New ${this.level} challenge`;
    this.newButton.dataset.level = this.level;
    this.newButton.disabled = !this.data.canGenerate;
    this.newNote.textContent = this.data.canGenerate ? "" : `${title} cannot make new challenges yet.`;
    this.newNote.hidden = this.data.canGenerate;
    const daily = this.data.daily; // {name, won, best, playing}
    this.todayButton.hidden = !this.data.canGenerate || !daily;
    if (daily) {
      const state = daily.won ? `solved${daily.best != null ? ` ${formatTime(daily.best)}` : ""}` : daily.playing ? "playing" : "not played";
      this.todayButton.querySelector(".today-state").textContent = `${daily.name.replace(/^Daily /, "")} · ${state}`;
      this.todayButton.dataset.solved = String(daily.won);
    }
    const levelNames = [...levels, ...new Set(challenges.map((c) => c.level).filter((l) => !levels.includes(l)))];
    clear(this.tabs);
    for (const level of levelNames) {
      const inLevel = challenges.filter((c) => c.level === level);
      if (!inLevel.length) continue;
      const done = inLevel.filter((c) => isWon(solved[c.id])).length;
      const selected = level === this.level;
      this.tabs.append(
        h(
          "button",
          {
            type: "button", role: "tab", class: "level-tab", "aria-selected": String(selected),
            "aria-controls": "picker-panel", "data-level": level,
            onclick: () => { this.level = level; this.render(); this.tabs.querySelector("[aria-selected=true]")?.focus(); },
          },
          h("span", { class: "level-name", text: level }),
          h("span", { class: "level-count", text: `${done}/${inLevel.length}` }),
        ),
      );
    }
    clear(this.grid);
    for (const c of challenges.filter((c) => c.level === this.level)) {
      const win = solved[c.id];
      const record = isWon(win) ? win : null;
      const isCurrent = c.id === current;
      const tag = sourceTag(c.source);
      const label = `${c.name}${tag ? `, ${tag.short}: ${tag.long}` : ""}${record ? `, solved${record.best != null ? `, best ${formatTime(record.best)}` : ""}` : win ? ", solved with help" : ""}`;
      this.grid.append(
        h(
          "button",
          {
            type: "button", class: "challenge-cell", "aria-label": label, "data-id": c.id,
            "data-solved": record ? "true" : null, "data-helped": win && !record ? "true" : null, "aria-current": isCurrent ? "true" : null,
            "data-source": c.source || null, title: c.note || null,
            onclick: () => { this.close(); this.on.pick(c.id); },
          },
          // spaces between the parts: "T01 course", read as words, not "T01course"
          h("span", { class: "cell-number", text: c.id }), " ",
          tag ? h("span", { class: "cell-source", text: tag.short }) : null, " ",
          // the best time is drawn by CSS (data-time): the cell's name says it in words
          record ? h("span", { class: "cell-best", "data-time": record.best != null ? formatTime(record.best) : null }, icon("check")) : h("span", { class: "cell-best" }),
        ),
      );
    }
  }
}

/** Where a challenge comes from, said honestly: nothing for the game's own booklet. */
function sourceTag(source) {
  if (!source || source === "booklet") return null;
  if (source === "course") return { short: "course", long: "from the course" };
  if (source === "generated") return { short: "ours", long: "our own (generated)" };
  return { short: String(source), long: `from ${source}` };
}

/** " · 14 from the course, 120 our own (generated)" when not every challenge is the booklet's. */
function sourcesText(challenges) {
  const counts = new Map();
  for (const c of challenges) {
    const tag = sourceTag(c.source);
    if (tag) counts.set(tag.long, (counts.get(tag.long) || 0) + 1);
  }
  return counts.size ? ` · ${[...counts].map(([long, n]) => `${n} ${long}`).join(", ")}` : "";
}
