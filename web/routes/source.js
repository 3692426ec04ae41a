// Where a challenge comes from: the booklet (by id), a generator (seed + level), the
// daily challenge (a date: Python makes it) or a custom string; what the URL hash and the saved game ask for; and the one message that
// says what could not be used. Never a crash: a broken link or save is an answer.

import * as store from "../progress/store.js";
import { quote, isParserError, explain, Said } from "../words/message.js";
import { DATE_PATTERN, isDate } from "../progress/saved.js";
import { today as todayDate } from "../progress/tally.js";
import { t, nt, pt, lang, PSEUDO, longDate } from "../words/i18n.js";
import { listed } from "../words/lists.js";


const SEED_PATTERN = /^[0-9A-Za-z_-]{1,32}$/;

const given = (v) => v !== null && v !== undefined;

/** @typedef {{kind: string, id: string, key: string, name: string, level?: string, challenge?: string,
 *    solutions?: string[], seed?: string, date?: string, note?: string, opened?: any}} Entry
 *    a challenge as the page opens it */

/** The booklet's challenges as entries (Python names them: "Challenge T05"). @param {{id: string, name: string}[]} challenges @returns {Entry[]} */
export function bookletEntries(challenges) {
  return challenges.map((c) => ({ ...c, kind: "booklet", key: c.id }));
}

// Python's daily.py's messages, a month each (its words: the same catalog)
const MONTHS = [
  (day) => pt("daily challenge's name", "Daily {day} Jan", { day }), (day) => pt("daily challenge's name", "Daily {day} Feb", { day }),
  (day) => pt("daily challenge's name", "Daily {day} Mar", { day }), (day) => pt("daily challenge's name", "Daily {day} Apr", { day }),
  (day) => pt("daily challenge's name", "Daily {day} May", { day }), (day) => pt("daily challenge's name", "Daily {day} Jun", { day }),
  (day) => pt("daily challenge's name", "Daily {day} Jul", { day }), (day) => pt("daily challenge's name", "Daily {day} Aug", { day }),
  (day) => pt("daily challenge's name", "Daily {day} Sep", { day }), (day) => pt("daily challenge's name", "Daily {day} Oct", { day }),
  (day) => pt("daily challenge's name", "Daily {day} Nov", { day }), (day) => pt("daily challenge's name", "Daily {day} Dec", { day }),
];

/** "Daily 23 Nov" for "2026-11-23" (as Python's daily.py names it, in its language). @param {string} date @returns {string} */
export function dailyName(date) {
  const [, m, d] = date.split("-").map(Number);
  // the 1st as the language writes it before a month (French "1er"): daily.py's day_of_the_month
  return MONTHS[m - 1](d === 1 ? pt("the first of a month, in a daily challenge's name", "1") : String(d));
}

/** An entry's short name where it has one (a daily's day and month: "23 Nov"), else null.
 *  @param {Entry} entry @returns {string | null} */
export function shortName(entry) {
  return entry.kind === "daily" ? shortDay(entry.date) : null;
}

/** "23 Nov" for "2026-11-23", in the page's language (English's as the page always wrote it). @param {string} date @returns {string} */
export function shortDay(date) {
  const [y, m, d] = date.split("-").map(Number);
  if (lang() === "en" || lang() === PSEUDO) return `${d} ${SHORT_MONTHS[m - 1]}`;
  return new Intl.DateTimeFormat(lang(), { day: "numeric", month: "short", timeZone: "UTC" }).format(Date.UTC(y, m - 1, d));
}
const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// a custom challenge's level, as stored (records, logs, snapshots): a word of the page's,
// said in the player's language (levelWords); the other levels are SmartGames' names
export const CUSTOM = "Custom";

/** A level as the player reads it: SmartGames' printed names (Starter ... Wizard) as
 *  they are, a custom challenge's in the page's language. @param {string} level @returns {string} */
export function levelWords(level) {
  return level === CUSTOM ? pt("level of a challenge", "Custom") : level;
}

/** The entry of a generated, daily or custom challenge from its parts (a saved game's too).
 *  @param {{kind: string, seed?: string, level?: string, puzzle?: string, date?: string}} parts */
export function entryOf({ kind, seed, level, puzzle, date }) {
  if (kind === "daily") {
    return { kind, id: `daily-${date}`, key: `daily:${date}`, level, date, challenge: puzzle, solutions: [], name: dailyName(date) };
  }
  if (kind === "generated") {
    return { kind, id: `seed-${seed}`, key: `seed:${level}:${seed}`, level, seed, challenge: puzzle, solutions: [], name: t("New challenge {seed}", { seed }) };
  }
  return { kind: "custom", id: "custom", key: `custom:${puzzle}`, level: CUSTOM, challenge: puzzle, solutions: [], name: t("Your challenge") };
}

/** An entry's name in the page's language now (a booklet's from `challenges`, Python's). @param {Entry} entry @param {Entry[]} challenges @returns {string} */
export function nameOf(entry, challenges) {
  if (entry.kind === "booklet") return challenges.find((c) => c.id === entry.id)?.name ?? entry.name;
  if (entry.kind === "daily") return dailyName(entry.date);
  if (entry.kind === "generated") return t("New challenge {seed}", { seed: entry.seed });
  return entry.kind === "custom" ? t("Your challenge") : entry.name;
}

/** What the op opening (or daily) answered, {start, at, view}, as an entry's `opened`
 *  (play.js): the start, and the views known by placement: `view` is of `at`, and the
 *  placement `asked` (when it is not `at`) is not a position of the challenge. */
export function openedOf({ start, at, view }, asked = null) {
  const views = new Map(asked === null || asked === undefined ? [] : [[asked, null]]);
  views.set(at, view);
  return { start, views };
}

/** A generated ({seed, level}), daily ({daily}) or custom ({custom}) challenge as an
 *  entry, or an Error whose message says why "The link's challenge cannot be played: …"
 *  (a game that cannot generate, a broken custom string...). `gcall` asks Python about
 *  the current game. `resumed(key)`: the saved game that will go on for the entry of that
 *  key (or null), so that a daily comes with the view of its position too. */
/** @param {any} info @param {(op: string, args: object) => Promise<any>} gcall @param {Record<string, any>} want
 *  @param {(key: string) => any} [resumed] */
export async function makeEntry(info, gcall, want, resumed = () => null) {
  if (given(want.daily)) {
    if (!info.canGenerate) throw new Said(t("The link's challenge cannot be played: {title} cannot make daily challenges yet.", { title: info.title }));
    const date = String(want.daily);
    if (!DATE_PATTERN.test(date)) throw new Said(t("The link's challenge cannot be played: {date} is not a date written year-month-day, such as 2026-11-23.", { date: quote(date) }));
    // month 13, day 0, 31 February, year 0: not a day (asked before any date is named)
    if (!isDate(date)) throw new Said(t("The link's challenge cannot be played: {date} is not a day of the calendar.", { date }));
    const year = Number(date.slice(0, 4));
    if (year < 2000 || year > 2999) throw new Said(t("The link's challenge cannot be played: {date} is a date, but daily challenges are from the years 2000 to 2999.", { date }));
    // a day to come: refused (the calendar shows it, but nobody plays it before its day)
    const saved = resumed(entryOf({ kind: "daily", date }).key);
    if (date > todayDate() && !saved) { // (one played further east goes on)
      throw new Said(t("The link's challenge cannot be played: the daily challenge of {day} opens on that day, not before.", { day: longDate(date) }));
    }
    // the position play.open shows first: the link's, else the saved game's
    const asked = given(want.placed) ? want.placed : saved?.placement ?? null;
    let today;
    try {
      today = await gcall("daily", { date, placement: asked });
    } catch (e) {
      if (e?.type === "DateError") throw new Said(t("The link's challenge cannot be played: {date} is not a day of the calendar.", { date }));
      // (the date is read: a position too long for the API) the daily opens at its start,
      // and play.open says the link's position is not one of it (as for the booklet's)
      if (e?.type !== "RequestError" || asked === null) throw e;
      today = await gcall("daily", { date, placement: null });
    }
    // its start and the view of its position came with it: opening it asks Python nothing more
    return { ...entryOf({ kind: "daily", date: today.date, level: today.level, puzzle: today.challenge }), opened: openedOf(today, asked) };
  }
  if (want.seed !== null && want.seed !== undefined) {
    const level = (info.levels || []).find((l) => l.toLowerCase() === String(want.level ?? "").toLowerCase());
    if (!info.canGenerate) throw new Said(t("The link's challenge cannot be played: {title} cannot make new challenges yet.", { title: info.title }));
    if (!level) throw new Said(want.level ? t("The link's challenge cannot be played: {level} is not a level of {title}.", { level: quote(want.level), title: info.title })
      : t("The link's challenge cannot be played: it names no level."));
    if (!SEED_PATTERN.test(want.seed)) throw new Said(t("The link's challenge cannot be played: {seed} is not a seed (letters and digits).", { seed: quote(want.seed) }));
    const challenge = await gcall("generate", { level, seed: want.seed });
    return entryOf({ kind: "generated", seed: want.seed, level, puzzle: challenge });
  }
  const custom = String(want.custom);
  try {
    await gcall("start", { challenge: custom });
  } catch (e) {
    if (isParserError(e)) throw new Said(t("The link's challenge cannot be played: it is not a challenge of {title}.", { title: info.title }));
    throw e;
  }
  const verdict = await gcall("verdict", { draft: custom, limit: 20 });
  if (verdict.count === 0) throw new Said(t("The link's challenge cannot be played: it has no solution."));
  const entry = entryOf({ kind: "custom", puzzle: custom });
  if (verdict.count > 1) entry.note = verdict.capped ? t("It has at least {n} solutions: any of them wins.", { n: verdict.count })
      : t("It has {n} solutions: any of them wins.", { n: verdict.count });
  return entry;
}

/** Whether Python can start a saved game's own challenge (a generated, daily or custom
 *  one), and when it can, what it answered of it at the game's position (an entry's
 *  `opened`, so that play.open asks nothing more): {ok, opened}. A booklet one can
 *  (its start comes built in). */
async function startable(game, gcall) {
  if (game.kind === "booklet") return { ok: true, opened: null };
  try {
    return { ok: true, opened: openedOf(await gcall("opening", { challenge: game.puzzle, placement: game.placement }), game.placement) };
  } catch (e) {
    if (!isParserError(e)) throw e;
  }
  // refused: the challenge, or only a position the API cannot take (play.open says so)
  try {
    await gcall("start", { challenge: game.puzzle });
    return { ok: true, opened: null };
  } catch (e) {
    if (isParserError(e)) return { ok: false, opened: null };
    throw e;
  }
}

/** The challenge to show and what to show of it: the one the link asks for ({challenge |
 *  seed+level | custom, placed}), or the saved game's, or the first unsolved one.
 *  Problems go to `notes` (sentences for the player). Returns {entry, saved, placed,
 *  broken}: `saved` the game in progress of that challenge (or null), `placed` the
 *  link's position (or null), `broken` a saved game that cannot be loaded (to set aside). */
export async function chooseChallenge({ info, challenges, record, want, notes, gcall }) {
  let entry = null;
  let broken = null;
  if (given(want.seed) || given(want.custom) || given(want.daily)) {
    try {
      entry = await makeEntry(info, gcall, want, (key) => record.find(key));
    } catch (e) {
      if (e?.type === "DataNotWhole") notes.push(explain(e)); // a file of the site: said, not the link's fault
      else if (e && e.type && !isParserError(e)) throw e; // Python itself failed: not the link's fault
      else if (e instanceof Said) notes.push(e.message);
      else {
        if (!e?.type) console.error(e); // a bug of the page's: its text is not the player's to read
        notes.push(t("The link's challenge cannot be played: it cannot be made."));
      }
    }
  } else if (given(want.challenge)) {
    entry = challenges.find((c) => c.id === want.challenge) ?? null;
    if (!entry) notes.push(t("{title} has no challenge {id}.", { title: info.title, id: quote(want.challenge) }));
  } else if (given(want.placed)) {
    notes.push(t("The link names no challenge."));
  }
  const placed = entry && given(want.placed) ? want.placed : null;
  let saved = entry ? record.find(entry.key) : null;
  if (!entry && record.current) {
    const c = record.current;
    entry = c.kind === "booklet" ? challenges.find((x) => x.id === c.challenge) ?? null : entryOf(c);
    const can = entry ? await startable(c, gcall) : { ok: false };
    if (can.ok) {
      saved = c;
      if (can.opened) entry = { ...entry, opened: can.opened };
    } else {
      entry = null;
      broken = c;
      notes.push(t("Your saved game could not be loaded, so it was set aside and you start afresh."));
    }
  }
  entry ??= challenges.find((c) => !record.solved(c.id)) || challenges[0];
  return { entry, saved, placed, broken };
}

/** What the URL hash asks for, given the games there are and the one shown:
 *  {name, want, notes, asksNothing} (asksNothing: the hash names neither game, challenge
 *  nor position). `name` is null when no game is available. */
export function readLink(names, current) {
  const hash = store.readHash();
  const notes = [];
  if (hash.problem) notes.push(hash.problem, t("Here is a puzzle to play instead."));
  let name = hash.game;
  if (name === "") {
    notes.push(t("The address names no game."));
    name = null;
  } else if (name !== null && !names.includes(name)) {
    const other = names.find((n) => n.toLowerCase() === name.trim().toLowerCase());
    notes.push(other ? t("There is no game called {name} here (did you mean {other}?).", { name: quote(name), other })
      : t("There is no game called {name} here.", { name: quote(name) }));
    name = null;
  }
  if (hash.unknown.length && !hash.problem) {
    const keys = listed(hash.unknown.slice(0, 3).map(quote));
    notes.push(hash.unknown.length > 1 ? t("The address has {keys}, which are not part of a game's address, so they were left out.", { keys })
      : t("The address has {keys}, which is not part of a game's address, so it was left out.", { keys }));
  }
  if (hash.level !== null && hash.seed === null && !hash.problem) {
    notes.push(t("The address gives a level but no seed, so the level was left out: a new challenge is a seed and a level."));
  }
  if (hash.twice.length) {
    notes.push(t("The address gives {keys} more than once; the first is used.", { keys: listed(hash.twice) }));
  }
  if (hash.sources.length > 1) {
    const words = {
      daily: () => t("a daily challenge"), seed: () => t("a new challenge"),
      custom: () => t("your own challenge"), challenge: () => t("a booklet challenge"),
    };
    const n = hash.sources.length;
    notes.push(nt("The address names {n} challenge ({kinds}); it opens {first}.", "The address names {n} challenges ({kinds}); it opens {first}.", n,
      { kinds: listed(hash.sources.map((k) => words[k]())), first: words[hash.sources[0]]() }));
  }
  const namesAChallenge = hash.challenge !== null || hash.seed !== null || hash.custom !== null || hash.daily !== null;
  const asksNothing = name === null && !namesAChallenge && hash.placed === null;
  name ??= current ?? store.lastGame(names) ?? names[0];
  const fromHash = hash.game !== null || namesAChallenge || hash.placed !== null;
  const want = { challenge: hash.challenge, seed: hash.seed, level: hash.level, custom: hash.custom, daily: hash.daily, placed: hash.placed, source: "link" };
  return { name: name || null, want: fromHash && !hash.problem ? want : {}, notes, asksNothing };
}

/** Where a challenge comes from, said honestly: nothing for the game's own booklet. */
export function sourceTag(source) {
  if (!source || source === "booklet") return null;
  if (source === "original") {
    return { short: t("original"), long: t("from the original game"), count: (n) => nt("{n} from the original game", "{n} from the original game", n) };
  }
  if (source === "generated") return { short: t("ours"), long: t("our own (generated)"), count: (n) => nt("{n} of our own (generated)", "{n} of our own (generated)", n) };
  return { short: String(source), long: t("from {source}", { source }), count: (n) => nt("{n} from {source}", "{n} from {source}", n, { source }) };
}

/** ["14 from the original game, 120 our own (generated)"] when not every challenge is the
 *  booklet's, else []. */
export function sourcesText(challenges) {
  const counts = new Map(); // a source's words -> [its tag, how many]
  for (const c of challenges) {
    const tag = sourceTag(c.source);
    if (tag) counts.set(tag.long, [tag, (counts.get(tag.long)?.[1] || 0) + 1]);
  }
  if (!counts.size) return [];
  return [listed([...counts.values()].map(([tag, n]) => tag.count(n)))];
}

/** {numbers: "2–18", count: 17} when the booklet's numbers jump from `before` to `id` (whole numbers both),
 *  else null. */
export function gapBetween(before, id) {
  if (before === null || !/^\d+$/.test(before) || !/^\d+$/.test(id)) return null;
  const [a, b] = [Number(before), Number(id)];
  if (b <= a + 1) return null;
  // The count too: "not known" agrees with how many numbers it labels.
  return { numbers: b === a + 2 ? String(a + 1) : `${a + 1}–${b - 1}`, count: b - a - 1 };
}
