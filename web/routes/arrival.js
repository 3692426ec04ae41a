// A link to progress opened on this device (carry.js; the page loads this module only for
// such a link): what it holds merged into each game's record by the page's one merge
// (record.js's update: read, progress.js's mergeRecords, write, under the progress lock
// as an import is), its settings taken as an imported file's are, and the sentence that
// says what came over ("12 wins, 3 best times and 5 dailies") or why nothing did. A link
// opened twice adds nothing the second time (the merge keeps what is here); one that
// cannot be read changes nothing.

import { decode, CarryError } from "../progress/carry.js";
import { Record } from "../progress/record.js";
import { isWon } from "../progress/winrules.js";
import { mergeRecords } from "../progress/progress.js";
import { emptyRecord } from "../progress/saved.js";
import { locked } from "../progress/backup.js";
import { listed } from "../words/lists.js";
import * as store from "../progress/store.js";
import { t, nt } from "../words/i18n.js";

/** Why a link was refused (carry.js's CarryError), in words. */
export function refusal(error) {
  switch (error.kind) {
    case "version":
      return error.detail === "newer"
        ? t("That link to your progress comes from a newer version of IQ Puzzles, so nothing was changed. Reload this page to update it, then open the link again.")
        : t("That link to your progress comes from an older version of IQ Puzzles that this page cannot read, so nothing was changed. Make a new link on your other device.");
    case "damaged":
      return t("That link to your progress is damaged or cut short, so nothing was changed. Copy the whole link again.");
    case "size":
      return t("That link is too long to be a link to your progress, so nothing was changed.");
    case "game":
      return t("That link to your progress holds a game this page does not know, so nothing was changed.");
    case "challenge":
      return t("That link to your progress holds a challenge this page does not know, so nothing was changed.");
    case "number":
    case "shape":
      return t("That link to your progress holds something no progress holds, so nothing was changed.");
    default:
      return t("That link to your progress could not be read, so nothing was changed.");
  }
}

/** What merging `after` over `before` added: {wins, bests, dailies}. */
export function added(before, after) {
  const won = (table, key) => isWon(table[key]);
  let wins = 0;
  let bests = 0;
  let dailies = 0;
  for (const part of ["solved", "generated", "daily"]) {
    for (const [key, win] of Object.entries(after[part])) {
      const old = Object.hasOwn(before[part], key) ? before[part][key] : null;
      if (won(after[part], key) && !isWon(old)) {
        if (part === "daily") dailies++;
        else wins++;
      }
      if (win.best !== null && (old?.best ?? null) !== win.best) bests++;
    }
  }
  return { wins, bests, dailies };
}

/** The sentence of what came over (counts summed over the games; `settings`: whether
 *  they changed). */
export function cameOver({ wins, bests, dailies }, settings) {
  const parts = [
    wins && nt("{n} win", "{n} wins", wins), bests && nt("{n} best time", "{n} best times", bests),
    dailies && nt("{n} daily", "{n} dailies", dailies),
  ].filter(Boolean);
  if (!parts.length) {
    return settings ? t("Your settings came from your other device; every win it holds was already here.")
      : t("Everything that link holds was already here: nothing was added.");
  }
  const what = t("Added from your other device: {what}.", { what: listed(parts) });
  if (!settings) return what;
  const also = t("Your settings came with it.");
  // TRANSLATORS: two sentences one after the other (what came over, that the settings did)
  return t("{first} {then}", { first: what, then: also });
}

/** Merge the progress of a link's carry value into this device's (`games`: [{name}];
 *  `booklets`: {name: Set of the booklet's ids}); the sentence that says what happened. */
export async function arrive(value, games, booklets) {
  let progress;
  try {
    progress = await decode(value, Object.fromEntries(games.map((g) => [g.name, booklets[g.name] ?? null])));
  } catch (e) {
    if (e instanceof CarryError) return refusal(e);
    throw e;
  }
  return locked(() => {
    const sum = { wins: 0, bests: 0, dailies: 0 };
    for (const [name, tables] of Object.entries(progress.games)) {
      const record = Record.load(name);
      const before = record.data;
      if (!record.update((stored) => mergeRecords(stored, { ...emptyRecord(), ...tables }))) {
        return t("The browser would not store your progress, so that link could not be taken in.");
      }
      const more = added(before, record.data);
      for (const k of Object.keys(sum)) sum[k] += more[k];
    }
    const stored = store.loadSettings();
    const changed = Object.keys(progress.settings).filter((k) => stored[k] !== progress.settings[k]);
    for (const k of changed) store.saveSetting(k, progress.settings[k]);
    return cameOver(sum, changed.length > 0);
  });
}
