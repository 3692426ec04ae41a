// The page's chrome round the board: the header (the game tabs; the challenge's level and
// name, a button that opens the picker; How to play), the board's box (its shape before
// the first board is drawn, its state: loading, snapshot, ready, restarting) and the
// footer's help line. It shows what it is told and knows no game.

import { h, adopt, icon } from "../lib/dom.js";
import { forDevice, touchHelp } from "../input/touch.js";
import { showPieceKeys } from "../input/piecekeys.js";
import { t, pt, onChange } from "../words/i18n.js";
import { levelWords } from "../routes/source.js";

const $ = (id) => document.getElementById(id);
const root = document.documentElement;

/** @typedef {{level?: string, name?: string, short?: string | null}} Header the header's level and name (either left as it is: undefined), and the name's short form (a daily's date) if it has one */

export class Shell {
  /** `pickGame(name)`: a game's tab pressed; `openPicker()`: the challenge's button;
   *  `openToday()`: the Today button; `openStats()`: the stats button; `teach()`: How to play. */
  constructor({ pickGame, openPicker, openToday, openStats, teach }) {
    this.pickGame = pickGame;
    this.tabs = $("games");
    this.challengeButton = /** @type {HTMLButtonElement} */ ($("challenge-button"));
    this.level = $("challenge-level");
    this.name = $("challenge-name");
    this.wrap = $("board-wrap");
    this.skeleton = $("board-skeleton");
    this.helpLine = $("help");
    this.meta = document.querySelector(".meta");
    this.challengeButton.addEventListener("click", openPicker);
    // today's dailies of every game (today.js), beside the game tabs (a phone's header
    // line keeps its room for the challenge's name); it, the stats' and How to play are
    // index.html's from the first paint (the header's name moved 126 px as they came)
    this.todayButton = adopt("#today-button", "button", {
      type: "button", class: "icon-button today-button", id: "today-button", "aria-haspopup": "dialog", onclick: openToday,
    }, icon("today"));
    this.tabs.after(this.todayButton);
    this.statsButton = adopt("#stats-button", "button", {
      type: "button", class: "icon-button stats-button", id: "stats-button", "aria-haspopup": "dialog", onclick: openStats,
    }, icon("stats"));
    // "How to play": the game's first lesson, on every screen
    this.helpButton = adopt(".meta > .help-button", "button", {
      type: "button", class: "icon-button help-button", "data-action": "how-to-play", onclick: teach,
    }, icon("help"));
    this.meta.append(this.statsButton, this.helpButton);
    this.words();
    onChange(() => {
      this.words();
      if (this.shownName !== undefined) this.describe({ level: this.shownLevel, name: this.shownName, short: this.shownShort });
    });
  }

  /** The buttons' names and titles in the page's language. */
  words() {
    const name = (node, label, title) => {
      node.setAttribute("aria-label", label);
      node.title = title;
    };
    name(this.todayButton, t("Today's dailies"), t("Today's daily challenges of every game"));
    name(this.statsButton, t("Your stats"), t("Your stats and progress"));
    name(this.helpButton, t("How to play"), t("How to play: a short lesson"));
  }

  /** The game tabs ({name, title} each), `current` pressed. */
  games(games, current) {
    this.tabs.replaceChildren(...games.map((g) => h("button", {
      type: "button", class: "game-tab", "data-game": g.name, "aria-pressed": String(g.name === current),
      onclick: () => this.pickGame(g.name),
    }, g.title)));
  }

  /** The header's level (as stored: "Custom" is said in the page's language) and name
   *  (either may be left as it is: undefined); `short`, a name's short form where one is
   *  known (a daily's day and month), for a narrow header. @param {Header} header */
  describe({ level, name, short = null }) {
    if (level !== undefined) {
      this.shownLevel = level;
      this.level.textContent = levelWords(level);
    }
    if (name !== undefined) {
      this.shownName = name;
      this.shownShort = short;
      this.name.replaceChildren(...nameParts(name, short));
    }
  }

  /** The board's box takes the shape of a board's viewBox ([x, y, width, height]). */
  shape(box) {
    if (!(Array.isArray(box) && box[2] > 0 && box[3] > 0)) return;
    this.wrap.style.setProperty("--board-aspect", `${box[2]} / ${box[3]}`);
    this.wrap.style.setProperty("--board-ratio", String(box[2] / box[3]));
    $("play").dataset.board = box[2] / box[3] < 1.5 ? "tall" : "wide";
  }

  /** What the board's box shows: "loading", "snapshot", "ready" or "restarting". */
  state(name) {
    this.wrap.dataset.state = name;
  }

  /** A board and tray are drawn (Python may still be loading). */
  drawn() {
    this.skeleton.hidden = true;
    root.dataset.drawn = "true";
  }

  /** A challenge is shown: its button opens the picker. */
  ready() {
    this.challengeButton.disabled = false;
    this.state("ready");
    this.skeleton.hidden = true;
  }

  /** The footer's keys for a game's turns ({rotate, flip}) and `count` tray items, and
   *  its line for touch screens (`shown`: the hand buttons shown, and `mark`: whether the
   *  mode keeps a mark, M and B). */
  keys(turns, shown, count) {
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".key-flip"))) node.hidden = !turns.flip;
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".key-rotate"))) node.hidden = !turns.rotate;
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".key-mark"))) node.hidden = !shown.mark; // (the editor and a lesson keep none)
    showPieceKeys(document.querySelector(".piece-keys"), count);
    $("touch-help").textContent = touchHelp(shown);
  }

  /** The footer's line on how to play, in the words of the player's device. */
  help(text) {
    this.helpLine.textContent = forDevice(text);
  }
}

/** "Challenge G120" as its kind ("Challenge ") and what tells it apart ("G120"): a narrow
 *  header shows only the second, screen readers still hear both. The kinds are the
 *  names' own messages (Python's and source.js's), in the page's language and English;
 *  the longest that leads the name is its kind (French "Défi du " before "Défi "). With
 *  a `short` form (a daily's "1 déc."), a narrow header shows that instead, and screen
 *  readers hear the name whole. */
function nameParts(name, short) {
  if (short) return [h("span", { class: "name-lead", text: name }), h("span", { class: "name-short", "aria-hidden": "true", text: short })];
  const kinds = [t("Challenge {id}"), t("New challenge {seed}"), pt("daily challenge's name", "Daily {day} Jan"),
    "Challenge {id}", "New challenge {seed}", "Daily {day} Jan"];
  const leads = kinds.map((kind) => kind.slice(0, kind.indexOf("{")))
    .filter((lead) => lead.trim() && name.startsWith(lead) && name.length > lead.length);
  const lead = leads.sort((a, b) => b.length - a.length)[0];
  return lead ? [h("span", { class: "name-lead", text: lead }), name.slice(lead.length)] : [name];
}
