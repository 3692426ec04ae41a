// What a player reads: short sentences in plain words. Untrusted text (from the address or
// storage) is quoted short, notes about it are capped, and Python's parser messages are
// never shown: a broken string is explained, not quoted. What Python writes for players
// (a hint, a refusal) is read whole: the status line holds any length (SAID_MAX is only a
// guard against a runaway text) and a hint is never cut.

import { t } from "./i18n.js";

export const MESSAGE_MAX = 160;
export const SAID_MAX = 600;
const QUOTE_MAX = 24;

/** Errors Python raises for input that is not a valid string of the game (or argument). */
const PARSER_ERRORS = new Set(["PlacementError", "ChallengeError", "UnknownGameError", "RequestError", "PuzzleError"]);

/** `text` on one line. @param {string} text @returns {string} */
export function oneLine(text) {
  return String(text ?? "").replace(/\s+/g, " ").trim();
}

/** `text` on one line, at most `max` characters: cut after a whole word, with an ellipsis
 *  (mid-word only when the text has no space at all). @param {string} text @param {number} [max] @returns {string} */
export function cap(text, max = MESSAGE_MAX) {
  const line = oneLine(text);
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return (space > 0 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, "") + "…";
}

/** Untrusted text quoted for a sentence, short; what cannot be seen in it is said: a
 *  space at either end, an empty text. @param {unknown} text @returns {string} */
export function quote(text) {
  const value = String(text ?? "");
  if (!value) return t("nothing");
  const words = { text: cap(value, QUOTE_MAX) };
  const before = /^\s/.test(value), after = /\s$/.test(value);
  if (value.trim() === "") return t("“{text}” (only spaces)", words);
  if (before && after) return t("“{text}” (with spaces around it)", words);
  if (before) return t("“{text}” (with a space before it)", words);
  if (after) return t("“{text}” (with a space after it)", words);
  return t("“{text}”", words);
}

/** An error whose message is a whole sentence for the player, in their language (a link
 *  the page cannot follow, a file it cannot use): the one kind of error whose text is
 *  shown. Any other error's text (a bug's, the browser's) is never shown: a sentence
 *  saying what happened is. */
export class Said extends Error {
  constructor(sentence) {
    super(sentence);
    this.name = "Said";
  }
}

/** Whether an error is Python's answer to a broken string (not a bug). @param {any} e @returns {boolean} */
export function isParserError(e) {
  return Boolean(e) && PARSER_ERRORS.has(e.type);
}

/** A player's sentence for an error of a position-changing action. Python's rule reasons
 *  (an illegal placement) are written for players; parser errors and bugs are not. @param {any} e @returns {string} */
export function explain(e) {
  if (!e) return t("Something went wrong.");
  if (e instanceof Said) return e.message;
  if (e.type === "IllegalPlacementError") return cap(t("Not possible: {reason}.", { reason: e.message }));
  // a file of the site the engine fetches when first used (the pools of new and daily
  // challenges: worker.js) could not be had whole; the next use fetches it again
  if (e.type === "DataNotWhole") return t("The daily and new challenges could not be downloaded. Try again in a moment.");
  if (isParserError(e)) return t("The game could not use that position, so nothing changed.");
  if (e.type === "WorkerError") return t("The puzzle engine stopped working. Reload the page to go on; your game is saved.");
  return t("Something went wrong, so nothing changed. Your game is saved; reload the page if it goes on.");
}

/** Several sentences as one message: each once, as many whole ones as fit. @param {string[]} notes @returns {string} */
export function joinNotes(notes) {
  const kept = [];
  for (const note of new Set(notes.map((n) => cap(n)))) {
    if ([...kept, note].join(" ").length > MESSAGE_MAX && kept.length) break;
    kept.push(note);
  }
  return kept.join(" ");
}
