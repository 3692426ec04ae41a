// Lists and lines of details in the page's language: every separator is the catalog's
// (Japanese "・" where English has ", " and " · "), never one the code writes.

import { t } from "./i18n.js";

/** Items as one list, in the page's language's way ("a, b, c"). */
export const listed = (items) => items.reduce((list, item) => t("{list}, {item}", { list, item }));

/** Parts of a line of details ("Starter · Challenge 1 · 1:23"), each language's
 *  separator between them (Japanese "・"): never one the code writes. */
export function detailsLine(items) {
  return items.reduce((line, item) => t("{list} · {item}", { list: line, item }));
}

/** The language's separator between details (" · ", Japanese "・"), for a line built of
 *  nodes rather than one string: the same message as detailsLine's. */
export const detailsSeparator = () => t("{list} · {item}", { list: "", item: "" });
