// The lesson's words (lesson.js): what to do next where the player is, and how to play
// with mouse and keys, each a whole sentence in the page's language, in the words of the
// player's device (touch.js).

import { t, nt } from "../words/i18n.js";
import { touchFirst } from "../input/touch.js";

/** How to play with mouse and keys (the footer's line, for the lesson's panel). */
export function keyWords(turns) {
  if (turns.rotate && turns.flip) {
    return t("Click a piece or press its number to take it; R or the mouse wheel turns it, F or a right-click flips it; click the board to place it, or move it with the arrow keys and press Enter. Escape puts it back.");
  }
  if (turns.rotate) {
    return t("Click a piece or press its number to take it; R or the mouse wheel turns it; click the board to place it, or move it with the arrow keys and press Enter. Escape puts it back.");
  }
  if (turns.flip) {
    return t("Click a piece or press its number to take it; F or a right-click flips it; click the board to place it, or move it with the arrow keys and press Enter. Escape puts it back.");
  }
  return t("Click a piece or press its number to take it; click the board to place it, or move it with the arrow keys and press Enter. Escape puts it back.");
}

/** What to do next, in the words of the player's device. */
export function nextWords(state, { name, early, key, title }) {
  const touch = touchFirst();
  const words = { piece: lower(name), early: lower(early), key, title, n: state.times };
  switch (state.stage) {
    case "pick": {
      const take = touch ? t("Tap {piece} in the tray to take it.", words)
        : key ? t("Take {piece}: click it in the tray, or press {key}.", words) : t("Take {piece}: click it in the tray.", words);
      const first = state.before ? t("Not yet: {piece} goes first.", words) : "";
      return first ? t("{first} {then}", { first, then: take }) : take;
    }
    case "rotate":
      if (state.times > 1) {
        return touch ? nt("Turn it {n} time: tap it again in the tray, or press Rotate.", "Turn it {n} times: tap it again in the tray, or press Rotate.", state.times)
          : nt("Turn it {n} time: press R, or press Rotate.", "Turn it {n} times: press R, or press Rotate.", state.times);
      }
      return touch ? t("Turn it: tap it again in the tray, or press Rotate.") : t("Turn it: press R, or press Rotate.");
    case "flip":
      return touch ? t("Flip it: touch and hold it in the tray, or press Flip.") : t("Flip it: press F, or press Flip.");
    case "place":
      return touch ? t("Now touch the board just below the gold ring: the piece shows above your finger and goes there as you lift it.")
        : t("Now click the board on the gold ring (or move there with the arrow keys and press Enter).");
    case "order":
      return touch ? t("The order matters: {piece} goes before {early}. Tap {early} to take it back.", words)
        : t("The order matters: {piece} goes before {early}. Click {early} to take it back.", words);
    case "wrong":
      return touch ? t("Every piece is on, but not where it fits: tap one to take it back, or press Restart.")
        : t("Every piece is on, but not where it fits: click one to take it back, or press Restart.");
    case "won":
      return t("Solved! You have played your first game of {title}.", words);
    default:
      return "";
  }
}

const lower = (name) => name.charAt(0).toLowerCase() + name.slice(1);
