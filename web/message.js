// What a player reads: short sentences in plain words. Messages are capped, untrusted text
// (from the address or storage) is quoted short, and Python's parser messages are never
// shown: a broken string is explained, not quoted.

export const MESSAGE_MAX = 160;
const QUOTE_MAX = 24;

/** Errors Python raises for input that is not a valid string of the game (or argument). */
const PARSER_ERRORS = new Set(["PlacementError", "ChallengeError", "UnknownGameError", "RequestError", "PuzzleError"]);

/** `text` on one line, at most `max` characters (cut at a word, with an ellipsis). */
export function cap(text, max = MESSAGE_MAX) {
  const line = String(text ?? "").replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return (space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, "") + "…";
}

/** Untrusted text quoted for a sentence, short; what cannot be seen in it is said: a
 *  space at either end, an empty text. */
export function quote(text) {
  const value = String(text ?? "");
  if (!value) return "nothing";
  const shown = `“${cap(value, QUOTE_MAX)}”`;
  const before = /^\s/.test(value), after = /\s$/.test(value);
  if (value.trim() === "") return `${shown} (only spaces)`;
  if (before && after) return `${shown} (with spaces around it)`;
  if (before) return `${shown} (with a space before it)`;
  if (after) return `${shown} (with a space after it)`;
  return shown;
}

/** Whether an error is Python's answer to a broken string (not a bug). */
export function isParserError(e) {
  return Boolean(e) && PARSER_ERRORS.has(e.type);
}

/** A player's sentence for an error of a position-changing action. Python's rule reasons
 *  (an illegal placement) are written for players; parser errors and bugs are not. */
export function explain(e) {
  if (!e) return "Something went wrong.";
  if (e.type === "IllegalPlacementError") return cap(`Not possible: ${e.message}.`);
  if (isParserError(e)) return "The game could not use that position, so nothing changed.";
  if (e.type === "WorkerError") return "The puzzle engine stopped working. Reload the page to go on; your game is saved.";
  return "Something went wrong, so nothing changed. Your game is saved; reload the page if it goes on.";
}

/** Several sentences as one message: each once, as many whole ones as fit. */
export function joinNotes(notes) {
  const kept = [];
  for (const note of new Set(notes.map((n) => cap(n)))) {
    if ([...kept, note].join(" ").length > MESSAGE_MAX && kept.length) break;
    kept.push(note);
  }
  return kept.join(" ");
}
