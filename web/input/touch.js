// Fingers or a mouse: which one the player points with, and the words the page says to
// each. A phone's player is told to tap and to touch and hold, never about keys or clicks.
//
// "Touch first" is a coarse pointer or no hover (a phone, a tablet), from CSS media
// queries, so a laptop with a touch screen keeps the mouse's words.
//
// Each sentence is whole in the page's language (i18n.js): one message per set of turns a
// piece can make, never a list of fragments joined in English word order.

import { t } from "../words/i18n.js";

const media = (query) => window.matchMedia?.(query) ?? { matches: false };
const COARSE = media("(pointer: coarse)");
const NO_HOVER = media("(hover: none)");

export const LONG_PRESS_MS = 500; // touch and hold this long to flip

export function touchFirst() {
  return COARSE.matches || NO_HOVER.matches;
}

/** Python's help lines say "Click": on a touch screen that is "Tap" (English only: the
 *  other languages' help is said as Python wrote it). */
export function forDevice(text) {
  if (!text || !touchFirst()) return text;
  return text.replace(/\bClick\b/g, "Tap").replace(/\bclick\b/g, "tap");
}

/** Which of a piece's turns there are: "both", "rotate", "flip" or "none". */
const turnsOf = (turns) => (turns.rotate && turns.flip ? "both" : turns.rotate ? "rotate" : turns.flip ? "flip" : "none");

/** What to do with a piece just taken in hand. `turns`: {rotate, flip} it can make. */
export function inHandWords(label, turns, fromKeyboard) {
  const piece = label;
  if (touchFirst() && !fromKeyboard) {
    return {
      both: () => t("{piece} in hand. Tap the board to place it; tap it again to turn it, touch and hold it to flip it.", { piece }),
      rotate: () => t("{piece} in hand. Tap the board to place it; tap it again to turn it.", { piece }),
      flip: () => t("{piece} in hand. Tap the board to place it; touch and hold it to flip it.", { piece }),
      none: () => t("{piece} in hand. Tap the board to place it.", { piece }),
    }[turnsOf(turns)]();
  }
  const held = {
    both: () => t("{piece} in hand (R rotates, F flips).", { piece }),
    rotate: () => t("{piece} in hand (R rotates).", { piece }),
    flip: () => t("{piece} in hand (F flips).", { piece }),
    none: () => t("{piece} in hand.", { piece }),
  }[turnsOf(turns)]();
  const place = fromKeyboard ? t("Arrows move it, Enter places it.") : t("Click the board to place it.");
  return t("{first} {then}", { first: held, then: place });
}

/** A placed piece selected (pressed and held): how to turn it where it lies. */
export function selectedWords(label, turns) {
  const piece = label;
  const touch = touchFirst();
  return {
    both: () => (touch ? t("{piece} selected: Rotate and Flip turn it where it lies.", { piece })
      : t("{piece} selected: Rotate and Flip (R, F) turn it where it lies.", { piece })),
    rotate: () => (touch ? t("{piece} selected: Rotate turns it where it lies.", { piece })
      : t("{piece} selected: Rotate (R) turns it where it lies.", { piece })),
    flip: () => (touch ? t("{piece} selected: Flip turns it where it lies.", { piece })
      : t("{piece} selected: Flip (F) turns it where it lies.", { piece })),
    none: () => t("{piece} selected.", { piece }),
  }[turnsOf(turns)]();
}

/** What the spots of a selected placed piece say to a screen reader. */
export function selectedSpotWords(turns) {
  const touch = touchFirst();
  return {
    both: () => (touch ? t("selected: Rotate and Flip turn it where it lies") : t("selected: R and F turn it where it lies")),
    rotate: () => (touch ? t("selected: Rotate turns it where it lies") : t("selected: R turns it where it lies")),
    flip: () => (touch ? t("selected: Flip turns it where it lies") : t("selected: F turns it where it lies")),
    none: () => t("selected"),
  }[turnsOf(turns)]();
}

/** How to put the piece in hand back into the tray. */
export function putBackWords() {
  return touchFirst() ? t("Tap an empty part of the tray to put it back.") : t("Escape puts it in the tray.");
}

/** A click on the board that takes nothing back: only the player's pieces come back. */
export function onlyOwnWords() {
  return touchFirst() ? t("Only your own pieces come back to the tray: pick a piece there (tap it).")
    : t("Only your own pieces come back to the tray: pick a piece there (click it, or press its number).");
}

/** The footer's line on a touch screen (its key list is hidden there). */
export function touchHelp(turns) {
  return {
    both: () => t("Tap a piece to take it, tap it again to turn it, touch and hold it to flip it; tap the board to place it. Tap an empty part of the tray to put it back."),
    rotate: () => t("Tap a piece to take it, tap it again to turn it; tap the board to place it. Tap an empty part of the tray to put it back."),
    flip: () => t("Tap a piece to take it, touch and hold it to flip it; tap the board to place it. Tap an empty part of the tray to put it back."),
    none: () => t("Tap a piece to take it; tap the board to place it. Tap an empty part of the tray to put it back."),
  }[turnsOf(turns)]();
}
