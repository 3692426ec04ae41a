// The win card (title, time, best time, confetti, "Next challenge"). It says the game's
// win as it was recorded (win.js): its time is the session's fair clock at the win (from
// when the challenge, or the shared position, was shown, pauses left out), and the card
// says so; with "Hide the clock" it shows no time at all, nor for a position that was
// opened solved (no win of the player's).

import { h, clear, icon, formatTime } from "../lib/dom.js";
import { whyNoBest } from "../progress/win.js";
import { withHelp } from "../progress/winrules.js";
import { afterFrame } from "../lib/idle.js";
import { t, pt, onChange } from "../words/i18n.js";
import { levelWords } from "../routes/source.js";
import { detailsLine } from "../words/lists.js";

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

export class WinCard {
  /** `next`, `all` and `close` are the actions of its buttons. */
  constructor({ next, all, close }) {
    this.title = h("h2", { id: "win-title", class: "win-title" });
    this.detail = h("p", { class: "win-detail" });
    this.best = h("p", { class: "win-best" });
    this.clock = h("p", { class: "win-clock" });
    this.extra = h("div", { class: "win-extra" }); // e.g. a daily's result to share
    this.next = h("button", { type: "button", class: "primary", onclick: next }, "", icon("next"));
    // a narrow card shows "All" (its data-short, beside Next, on its row); every reader
    // hears it whole (its name)
    this.allMore = h("span", { class: "win-all-more" });
    const allButton = this.allButton = h("button", { type: "button", class: "secondary", onclick: all }, this.allMore);
    const closeButton = this.closeButton = h("button", { type: "button", class: "icon-button win-close", onclick: close }, icon("close"));
    this.confetti = h("div", { class: "confetti", "aria-hidden": "true" });
    // its buttons in a foot always in sight (a daily's Share row over Next and All); its
    // words above them scroll when the card's room is short (a daily's on a small phone)
    this.send = h("div", { class: "win-send" });
    const card = this.card = h("div", { class: "win-card", role: "group", "aria-labelledby": "win-title" },
      closeButton, h("div", { class: "win-badge", "aria-hidden": "true" }, icon("check")),
      h("div", { class: "win-text" }, this.title, this.detail, this.best, this.clock, this.extra),
      h("div", { class: "win-foot" }, this.send, h("div", { class: "win-actions" }, this.next, allButton)));
    // the card in a room of the tray's size; the confetti fly over the play area
    this.node = h("div", { class: "win", hidden: true }, this.confetti, h("div", { class: "win-room" }, card));
    this.said = null; // what the card shows: show()'s arguments and the cheer picked
    this.words();
    onChange(() => this.words());
  }

  /** The card's words in the page's language (again on a change: the same cheer). */
  words() {
    this.closeButton.setAttribute("aria-label", t("Close"));
    this.allMore.textContent = t("All challenges");
    this.allButton.setAttribute("aria-label", t("All challenges"));
    // TRANSLATORS: "All challenges" said short, on a narrow win card
    this.allButton.dataset.short = pt("win card", "All");
    const said = this.said;
    if (!said) {
      this.title.textContent = t("Solved!");
      this.next.firstChild.textContent = t("Next challenge");
      this.clock.textContent = t("Timed from when the challenge appeared, pauses left out.");
      return;
    }
    const { entry, win, again, quiet, hideClock, best, stored, bestTime, cheer } = said;
    const now = !quiet && !again; // won just now
    this.title.textContent = again ? t("Solved again") : quiet ? t("Solved") : withHelp(win) ? t("Solved with help")
      : [t("Solved!"), t("Well done!"), t("Brilliant!"), t("Nicely done!")][cheer];
    const time = win && !hideClock ? formatTime(win.elapsed) : null;
    this.detail.textContent = detailsLine([levelWords(entry.level), entry.name, time].filter(Boolean));
    this.next.firstChild.textContent = entry.kind === "generated" ? t("Another {level}", { level: entry.level })
      : entry.kind === "daily" ? t("Next game's daily") : t("Next challenge");
    const timed = time !== null;
    const why = now ? whyNoBest(win) : "";
    this.best.textContent = now && !stored ? t("This win could not be saved.")
      : !timed ? "" : best && now ? t("New best time") : why || (bestTime != null ? t("Best {time}", { time: formatTime(bestTime) }) : "");
    this.clock.textContent = win?.fromStart ? t("Timed from when the challenge appeared, pauses left out.")
      : t("Timed from when the shared position appeared, pauses left out.");
    return { now, timed };
  }

  /** Show the solved position of `entry`: `win` is the game's win (win.js; null when it
   *  was opened solved: no time is shown); `again`: solved again after that win (Undo,
   *  Redo: no new win); `quiet`: shown solved as it opened; `hideClock`: no time at all;
   *  `best`: a new best time (stored); `stored`: whether the win was stored (if not, the
   *  card says so, and claims no best time); `bestTime`: the best (ms); `colours` for the
   *  confetti; `share`: a daily's result to share (share.js's shareBox: its text below
   *  the words, its row over the buttons). */
  show({ entry, win, again = false, quiet = false, hideClock = false, best = false, stored = true, bestTime, colours, share = null }) {
    const now = !quiet && !again; // won just now
    this.extra.replaceChildren(...(share ? [share.text] : []));
    this.send.replaceChildren(...(share ? [share.send] : []));
    this.said = { entry, win, again, quiet, hideClock, best, stored, bestTime, cheer: Math.floor(Math.random() * 4) };
    const { timed } = this.words();
    this.best.classList.toggle("new", timed && best && now && stored);
    this.best.dataset.unsaved = String(now && !stored);
    this.clock.hidden = !timed || !now;
    clear(this.confetti);
    this.node.hidden = false;
    this.node.dataset.elapsed = win ? String(win.elapsed) : ""; // the time recorded, ms
    document.getElementById("play").dataset.won = "true";
    this.node.classList.toggle("quiet", !now);
    if (!now) return;
    // after the frame that draws the card: the focus and the scroll ask where things are,
    // which the browser has just worked out then (asked now, they would lay the page out
    // in this task, on top of what made the card); the confetti in the frame after (drawn
    // with the card, they took a phone's main thread for over 100 ms in one task)
    const shown = this.shows = (this.shows ?? 0) + 1;
    afterFrame().then(() => {
      if (this.node.hidden || this.shows !== shown) return; // hidden, or shown again, since
      this.next.focus({ preventScroll: true });
      // the card lies over the tray, in sight; a window too low for the page (it scrolls
      // then) may have to scroll to show it whole
      this.card.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
      if (!withHelp(win) && !reducedMotion()) this.burst(colours);
    });
  }

  /** The confetti, burst from the card's centre (their box is the play area's): aimed
   *  from where the card and the box were laid out in the last frame, then made (made
   *  first, asking where they lie would lay them out in this task). */
  burst(colours) {
    const box = this.confetti.getBoundingClientRect();
    const card = this.card.getBoundingClientRect();
    this.confetti.style.setProperty("--ox", `${Math.round(card.left + card.width / 2 - box.left)}px`);
    this.confetti.style.setProperty("--oy", `${Math.round(card.top + card.height / 2 - box.top)}px`);
    const bits = [];
    for (let i = 0; i < 36; i++) {
      const angle = (i / 36) * Math.PI * 2 + Math.random() * 0.3;
      const reach = 90 + Math.random() * 140;
      bits.push(h("i", {
        style: {
          "--x": `${Math.cos(angle) * reach}px`, "--y": `${Math.sin(angle) * reach - 40}px`, "--c": colours[i % colours.length],
          "--d": `${(Math.random() * 0.25).toFixed(2)}s`, "--r": `${Math.round(Math.random() * 360)}deg`,
        },
      }));
    }
    this.confetti.replaceChildren(...bits);
  }

  get shown() {
    return !this.node.hidden;
  }

  hide() {
    this.node.hidden = true;
    delete document.getElementById("play").dataset.won;
  }
}
