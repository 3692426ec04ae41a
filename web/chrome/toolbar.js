// The toolbar under the board: each mode's groups of buttons (play.js, edit.js, lesson.js
// declare them: {action, label, title, press?, does?}), with the hand's Rotate and Flip after a
// mode's first group, and Solve's Stop in the message bar. It lays out the mode shown and
// enables what that mode allows; the modes decide, it draws. A spec's label and title may
// be getters (words in the page's language): they are read again on a change of language.
// Its buttons show their words where every one fits its button, else their icons alone
// (<toolbar data-icons>; the words stay their names and tooltips): nine tools in French or
// Polish on a 390 px phone ran past the screen's edge, Solve with them.

import { h, icon } from "../lib/dom.js";
import { t, onChange } from "../words/i18n.js";

const root = document.documentElement;

const SPECS = new WeakMap(); // a button -> its spec

function toolButton(spec, press) {
  const button = h("button", {
    type: "button", class: `tool tool-${spec.icon ?? spec.action}`, "data-action": spec.action, disabled: true,
    onclick: spec.press ?? (() => press(spec.does ?? spec.action)),
  }, icon(spec.icon ?? spec.action), h("span", { class: "tool-label" }));
  SPECS.set(button, spec);
  words(button, spec);
  return button;
}

/** A button's words from its spec, as the page's language says them now (`name`: its
 *  name for screen readers where the label shown is shared, holding the label). */
function words(button, spec) {
  button.title = spec.title ?? "";
  const label = button.querySelector(".tool-label");
  if (label.textContent !== (spec.label ?? "")) label.textContent = spec.label ?? "";
  if (spec.name) button.setAttribute("aria-label", spec.name);
}

export class Toolbar {
  /** `node`: the #toolbar; `turn(how)`: Rotate, Rotate back or Flip pressed; `stop()`: Solve's Stop
   *  pressed; `bar`: the message bar (Stop's place); `press(action)`: a mode's button
   *  with no `press` of its own (the mid-end's: undo, redo, restart). */
  constructor({ node, bar, turn, stop, press }) {
    this.node = node;
    this.press = press;
    this.hand = {
      "rotate-back": toolButton({
        // an arrow only, beside Rotate's: the pair says which way each turns
        action: "rotate-back", label: "", get name() { return t("Rotate back"); },
        get title() { return t("Rotate the piece in hand, or the one selected on the board, anticlockwise (Shift+R)"); }, press: () => turn("rotate-back"),
      }),
      rotate: toolButton({
        action: "rotate", get label() { return t("Rotate"); },
        get title() { return t("Rotate the piece in hand, or the one selected on the board (R)"); }, press: () => turn("rotate"),
      }),
      flip: toolButton({
        action: "flip", get label() { return t("Flip"); },
        get title() { return t("Flip the piece in hand, or the one selected on the board (F)"); }, press: () => turn("flip"),
      }),
    };
    this.handGroup = h("div", { class: "tool-group tool-group-piece" }, ...Object.values(this.hand));
    this.modes = new Map(); // mode -> its buttons (made when it is first shown)
    this.stopButton = h("button", { type: "button", class: "stop-button", hidden: true, onclick: stop }, t("Stop"));
    bar.append(this.stopButton); // under the tip
    this.shown = null;
    onChange(() => this.relabel());
    this.fitWords();
  }

  /** Words or icons alone: looked at again when the bar's width, a button's words or the
   *  buttons shown change (what they are is compared first, so a move, which changes none
   *  of them, lays nothing out), before the next frame is drawn. */
  fitWords() {
    let seen = "";
    const look = () => {
      const tools = [...this.node.querySelectorAll(".tool")];
      const now = `${this.node.clientWidth} ${tools.map((b) => `${b.hidden ? "" : b.textContent}`).join("|")}`;
      if (now === seen) return;
      seen = now;
      delete this.node.dataset.icons;
      const over = (b) => b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1;
      const shown = tools.filter((b) => b.getClientRects().length);
      if (this.node.scrollWidth > this.node.clientWidth + 1 || shown.some(over)) this.node.dataset.icons = "";
    };
    new ResizeObserver(look).observe(this.node);
    new MutationObserver(look).observe(this.node, { childList: true, subtree: true, characterData: true, attributeFilter: ["hidden"] });
  }

  /** Every button's words again, in the page's language now. */
  relabel() {
    const buttons = [...Object.values(this.hand), ...[...this.modes.values()].flatMap((m) => [...m.buttons.values()])];
    for (const button of buttons) words(button, SPECS.get(button));
    this.stopButton.textContent = t("Stop");
  }

  /** Show `mode`'s buttons (its `buttons`: groups of {action, label, title, press?,
   *  does?}): its first group, the hand's, then its others. */
  layout(mode) {
    if (!this.modes.has(mode)) {
      // keyed by what each does (edit's Clear restarts: it is enabled as Restart is)
      const buttons = mode.buttons.map((group) => group.map((spec) => [spec.does ?? spec.action, toolButton(spec, this.press)]));
      const groups = buttons.map((group) => h("div", { class: "tool-group" }, group.map(([, b]) => b)));
      this.modes.set(mode, { buttons: new Map(buttons.flat()), groups });
    }
    this.shown = mode;
    const [first, ...rest] = this.modes.get(mode).groups;
    this.node.replaceChildren(first, this.handGroup, ...rest);
  }

  /** Enable what may be pressed now: `live` (a board the player acts on), `enabled(action)`
   *  (the mode's say), `turnable` (a piece in hand that may turn), `busy` (actions pending). */
  update({ live, enabled, turnable, busy }) {
    root.dataset.busy = String(busy);
    if (!this.shown) return;
    for (const [action, button] of this.modes.get(this.shown).buttons) {
      button.disabled = !live || !enabled(action);
      if (SPECS.get(button).changes) words(button, SPECS.get(button)); // words that follow the state
    }
    for (const button of Object.values(this.hand)) button.disabled = !turnable;
  }

  /** The hand buttons a game's pieces need ({rotate, flip}); which are shown. */
  fit(turns) {
    this.hand.rotate.hidden = !turns.rotate;
    this.hand["rotate-back"].hidden = !turns.rotate;
    this.hand.flip.hidden = !turns.flip;
    this.handGroup.hidden = !turns.rotate && !turns.flip;
    return { rotate: turns.rotate, flip: turns.flip };
  }

  /** Show or hide Solve's Stop. */
  stop(shown) {
    this.stopButton.hidden = !shown;
  }
}
