// The win card (title, time, best time, confetti, "Next challenge"). The time is the
// session's fair clock (from when the challenge was shown, pauses left out), and the card
// says so; with "Hide the clock" it shows no time at all.

import { h, clear, icon, formatTime } from "./dom.js";

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;

export class WinCard {
  /** `next`, `all` and `close` are the actions of its buttons. */
  constructor({ next, all, close }) {
    this.title = h("h2", { id: "win-title", class: "win-title", text: "Solved!" });
    this.detail = h("p", { class: "win-detail" });
    this.best = h("p", { class: "win-best" });
    this.clock = h("p", { class: "win-clock", text: "Timed from when the challenge appeared, pauses left out." });
    this.extra = h("div", { class: "win-extra" }); // e.g. a daily's result to share
    this.next = h("button", { type: "button", class: "primary", onclick: next }, "Next challenge", icon("next"));
    const allButton = h("button", { type: "button", class: "secondary", onclick: all }, "All challenges");
    const closeButton = h("button", { type: "button", class: "icon-button win-close", "aria-label": "Close", onclick: close }, icon("close"));
    this.confetti = h("div", { class: "confetti", "aria-hidden": "true" });
    const card = this.card = h("div", { class: "win-card", role: "group", "aria-labelledby": "win-title" },
      closeButton, h("div", { class: "win-badge", "aria-hidden": "true" }, icon("check")),
      h("div", { class: "win-text" }, this.title, this.detail, this.best, this.clock, this.extra),
      h("div", { class: "win-actions" }, this.next, allButton));
    this.node = h("div", { class: "win", hidden: true }, this.confetti, card);
  }

  /** Show a win of `entry` in `time` (null: the clock is hidden, no time is shown);
   *  `best`: a new best time; `bestTime`: the best (ms);
   *  `colours` for the confetti; `quiet`: a position that was already solved; `helped`:
   *  Solve was used; `why`: why the time is not a best time; `extra`: a node shown below. */
  show({ entry, time, best, bestTime, colours, quiet, helped = false, why = "", extra = null }) {
    this.extra.replaceChildren(...(extra ? [extra] : []));
    this.title.textContent = quiet ? "Solved" : helped ? "Solved with help"
      : pickOne(["Solved!", "Well done!", "Brilliant!", "Nicely done!"]);
    this.detail.textContent = [entry.level, entry.name, time].filter(Boolean).join(" · ");
    this.next.firstChild.textContent = entry.kind === "generated" ? `Another ${entry.level}`
      : entry.kind === "daily" ? "Next game's daily" : "Next challenge";
    const timed = time !== null;
    this.best.textContent = !timed ? "" : best && !quiet ? "New best time" : why || (bestTime != null ? `Best ${formatTime(bestTime)}` : "");
    this.best.classList.toggle("new", timed && best && !quiet);
    this.clock.hidden = !timed || quiet;
    clear(this.confetti);
    if (!quiet && !helped && !reducedMotion()) {
      for (let i = 0; i < 36; i++) {
        const angle = (i / 36) * Math.PI * 2 + Math.random() * 0.3;
        const reach = 90 + Math.random() * 140;
        this.confetti.append(h("i", {
          style: `--x:${Math.cos(angle) * reach}px;--y:${Math.sin(angle) * reach - 40}px;--c:${colours[i % colours.length]};--d:${(Math.random() * 0.25).toFixed(2)}s;--r:${Math.round(Math.random() * 360)}deg`,
        }));
      }
    }
    this.node.hidden = false;
    document.getElementById("play").dataset.won = "true";
    this.node.classList.toggle("quiet", quiet);
    if (quiet) return;
    this.next.focus({ preventScroll: true });
    // a phone's page may have to scroll to show the whole card (its buttons above the tools)
    this.card.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
  }

  get shown() {
    return !this.node.hidden;
  }

  hide() {
    this.node.hidden = true;
    delete document.getElementById("play").dataset.won;
  }
}

function pickOne(list) {
  return list[Math.floor(Math.random() * list.length)];
}
