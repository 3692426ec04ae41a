// Fingers or a mouse: which one the player points with, and the words the page says to
// each. A phone's player is told to tap and to touch and hold, never about keys or clicks.
//
// "Touch first" is a coarse pointer or no hover (a phone, a tablet), from CSS media
// queries, so a laptop with a touch screen keeps the mouse's words.

const media = (query) => window.matchMedia?.(query) ?? { matches: false };
const COARSE = media("(pointer: coarse)");
const NO_HOVER = media("(hover: none)");

export const LONG_PRESS_MS = 500; // touch and hold this long to flip

export function touchFirst() {
  return COARSE.matches || NO_HOVER.matches;
}

/** Python's help lines say "Click": on a touch screen that is "Tap". */
export function forDevice(text) {
  if (!text || !touchFirst()) return text;
  return text.replace(/\bClick\b/g, "Tap").replace(/\bclick\b/g, "tap");
}

/** What to do with a piece just taken in hand. `turns`: {rotate, flip} it can make. */
export function inHandWords(label, turns, fromKeyboard) {
  if (touchFirst() && !fromKeyboard) {
    const how = [turns.rotate && "tap it again to turn it", turns.flip && "touch and hold it to flip it"].filter(Boolean);
    return `${label} in hand. Tap the board to place it${how.length ? `; ${how.join(", ")}` : ""}.`;
  }
  const keys = [turns.rotate && "R rotates", turns.flip && "F flips"].filter(Boolean).join(", ");
  const place = fromKeyboard ? "Arrows move it, Enter places it." : "Click the board to place it.";
  return `${label} in hand${keys ? ` (${keys})` : ""}. ${place}`;
}

/** A placed piece selected (pressed and held): how to turn it where it lies. */
export function selectedWords(label, turns) {
  const keys = touchFirst() ? [] : [turns.rotate && "R", turns.flip && "F"].filter(Boolean);
  const buttons = [turns.rotate && "Rotate", turns.flip && "Flip"].filter(Boolean).join(" and ");
  return `${label} selected: ${buttons}${keys.length ? ` (${keys.join(", ")})` : ""} turn${buttons.includes(" and ") ? "" : "s"} it where it lies.`;
}

/** What the spots of a selected placed piece say to a screen reader. */
export function selectedSpotWords(turns) {
  const ways = touchFirst() ? [turns.rotate && "Rotate", turns.flip && "Flip"] : [turns.rotate && "R", turns.flip && "F"];
  const named = ways.filter(Boolean);
  return `selected: ${named.join(" and ")} turn${named.length > 1 ? "" : "s"} it where it lies`;
}

/** How to put the piece in hand back into the tray. */
export function putBackWords() {
  return touchFirst() ? "Tap an empty part of the tray to put it back." : "Escape puts it in the tray.";
}

/** How to pick a piece from the tray. */
export function pickWords() {
  return touchFirst() ? "tap it" : "click it, or press its number";
}

/** The footer's line on a touch screen (its key list is hidden there). */
export function touchHelp(turns) {
  const how = [turns.rotate && "tap it again to turn it", turns.flip && "touch and hold it to flip it"].filter(Boolean);
  return `Tap a piece to take it${how.length ? `, ${how.join(", ")}` : ""}; tap the board to place it. `
    + "Tap an empty part of the tray to put it back.";
}
