// The page's words in the player's language. A module marks each sentence it shows:
//
//   t("Your stats")                                  a sentence
//   t("Bring back {title}", { title })               named parameters, {name} in the text
//   nt("{n} day", "{n} days", n)                     a count ({n}: the count)
//   pt("calendar", "Today")                          a word whose use the context tells
//
// `python build.py catalogs` extracts these calls (plain string literals only) into the
// package's catalogs (py/iqpuzzles/locale/: one template, one .po per language, where
// {name} is written %(name)s as in the Python messages) and writes web/locale/<lang>.json
// from them: the page's messages of a language and its plural forms. The page fetches the
// JSON of its language only (English, the source, needs none).
//
// The language: the player's choice (stored under iqpuzzles.v1.language, read before
// anything is drawn), else the first of the browser's languages the page speaks, else
// English. <html lang> follows, so screen readers speak it. A change is told to whoever
// listens (onChange): the page redraws its words in place, the engine's worker switches
// Python's catalog, and nothing of the game changes.

export const LANGUAGES = { en: "English", fr: "Français", de: "Deutsch", nl: "Nederlands", es: "Español", pl: "Polski", ja: "日本語" };
// the build's pseudo-language (every message bracketed and lengthened): spoken only when
// stored as the choice, for the tests that every word went through a catalog
export const PSEUDO = "en-XA";

const ENGLISH = { language: "en", plurals: { one: 0, other: 1 }, messages: {} };

let catalog = ENGLISH;
let rules = new Intl.PluralRules("en");
const listeners = new Set();

/** The language the page speaks now ("en", "fr", ... or "en-XA"). */
export const lang = () => catalog.language;

/** The page's language for a code ("fr-CA" is "fr"), or null when it speaks none of it. @param {string} code */
export function supported(code) {
  if (typeof code !== "string") return null;
  if (code.toLowerCase() === PSEUDO.toLowerCase()) return PSEUDO;
  const base = code.split(/[-_]/)[0].toLowerCase();
  return Object.hasOwn(LANGUAGES, base) ? base : null;
}

/** The first of the browser's languages the page speaks, else English. */
export function preferred(languages = globalThis.navigator?.languages ?? []) {
  for (const code of languages) {
    const found = supported(code);
    if (found && found !== PSEUDO) return found;
  }
  return "en";
}

/** The index of the plural form for the count `n` in a catalog: CLDR's category of `n`
 *  (Intl.PluralRules) mapped to the catalog's gettext form by the build; null when the
 *  catalog's map is not one of whole numbers. */
export function pluralIndex(of, pluralRules, n) {
  const plurals = of.plurals ?? {};
  const index = plurals[pluralRules.select(n)] ?? plurals.other ?? 0;
  return Number.isInteger(index) && index >= 0 ? index : null; // (a catalog's that is wrong)
}

const fill = (text, params) =>
  params ? text.replace(/\{([a-z_]+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole)) : text;

/** `message` in the page's language, its {name} parameters filled in. @param {string} message @param {Record<string, unknown>} [params] @returns {string} */
export function t(message, params) {
  const found = catalog.messages[message];
  return fill(typeof found === "string" ? found : message, params);
}

/** `message` in its `context` (a word said in several places: the context tells which). @param {string} context @param {string} message @param {Record<string, unknown>} [params] @returns {string} */
export function pt(context, message, params) {
  const found = catalog.messages[`${context}\u0004${message}`];
  return fill(typeof found === "string" ? found : message, params);
}

/** The form of `singular`/`plural` for the count `n` (the language's own plural rules);
 *  {n} is the count. @param {string} singular @param {string} plural @param {number} n @param {Record<string, unknown>} [params] @returns {string} */
export function nt(singular, plural, n, params = {}) {
  const forms = catalog.messages[singular];
  const index = Array.isArray(forms) ? pluralIndex(catalog, rules, n) : null;
  const form = index === null ? null : forms[Math.min(index, forms.length - 1)];
  // (a catalog's forms not texts, or none: English's, not a page that stops)
  const text = typeof form === "string" ? form : n === 1 ? singular : plural;
  return fill(text, { n, ...params });
}

// English dates as the page has always written them ("Monday 23 November 2026"); the
// pseudo-language's are English's. Every other language's are Intl's.
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
  "September", "October", "November", "December"];
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const english = () => catalog.language === "en" || catalog.language === PSEUDO;
const dates = (options) => new Intl.DateTimeFormat(catalog.language, { timeZone: "UTC", ...options });

/** The weekday's name (0 Monday ... 6 Sunday); `width` "long" or "short" ("Mon"). */
export function weekdayName(day, width = "long") {
  if (english()) return width === "short" ? WEEKDAYS[day].slice(0, 3) : WEEKDAYS[day];
  return dates({ weekday: width }).format(Date.UTC(2001, 0, 1 + day)); // 2001-01-01: a Monday
}

/** A month as a title: "November 2026", "listopad 2026" (`month` 1..12). */
export function monthTitle(year, month) {
  if (english()) return `${MONTHS[month - 1]} ${year}`;
  return dates({ month: "long", year: "numeric" }).format(Date.UTC(year, month - 1, 1));
}

/** A date (YYYY-MM-DD) in words: "Monday 23 November 2026", "lundi 23 novembre 2026". @param {string} date @returns {string} */
export function longDate(date) {
  const [y, m, d] = date.split("-").map(Number);
  const day = Date.UTC(y, m - 1, d);
  if (english()) return `${WEEKDAYS[(new Date(day).getUTCDay() + 6) % 7]} ${d} ${MONTHS[m - 1]} ${y}`;
  return dates({ weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(day);
}

// Why a language's catalog could not be had, the last time it was asked: "offline" (no
// network, and no copy kept) or "site" (the site answered, but with no whole catalog: a
// host halfway through publishing it sends it cut short).
const failures = new Map();

/** Why `language`'s catalog could not be had the last time ("offline", "site"), or null. */
export const failure = (language) => failures.get(language) ?? null;

const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/** The catalog of a language, from the site (the service worker's copy once fetched). */
async function fetchCatalog(language) {
  let response = null;
  try {
    // (beside the page, whichever folder holds this module; a script with no page has its own)
    response = await fetch(new URL(`locale/${language}.json`, globalThis.document?.baseURI ?? import.meta.url));
    if (!response.ok) throw new Error(`locale/${language}.json: the server answered ${response.status}`);
    const data = await response.json();
    if (data?.language !== language || !isObject(data.messages) || !isObject(data.plurals)) {
      throw new Error(`locale/${language}.json is not ${language}'s catalog`);
    }
    failures.delete(language);
    return data;
  } catch (e) {
    // (503 "Offline": the service worker's answer for a file it never kept, offline)
    const offline = !response || (response.status === 503 && response.statusText === "Offline")
      || globalThis.navigator?.onLine === false;
    failures.set(language, offline ? "offline" : "site");
    throw e;
  }
}

/** Speak a catalog: the page's words, its plural rules and <html lang>. */
function speak(next) {
  catalog = next;
  rules = new Intl.PluralRules(next.language === PSEUDO ? "en" : next.language);
  if (globalThis.document) document.documentElement.lang = next.language;
  return next.language;
}

/** Speak `language`, its catalog fetched first (the service worker's copy once fetched);
 *  rejects, the page speaking on as it did, when it cannot be had (offline, never fetched). */
async function use(language) {
  return speak(language === "en" ? ENGLISH : await fetchCatalog(language));
}

const tell = (spoken) => {
  for (const listener of listeners) listener(spoken);
  return spoken;
};

/** The player chooses a language (null: the browser's): fetched, spoken, and every
 *  listener told (the caller stores the choice: store.js's saveLanguage). Resolves with the
 *  language spoken: the one spoken before when the chosen one's catalog cannot be had
 *  (nothing changes; the caller says why). @param {string} language */
export async function choose(language) {
  const code = language === null ? null : supported(language);
  try {
    await use(code ?? preferred());
  } catch (e) {
    console.warn(`the page stays in ${lang()}:`, e);
    return lang();
  }
  return tell(lang());
}

/** Another tab chose a language (or cleared the storage; sync.js hears it, App calls
 *  this): this one follows, its catalog fetched as that tab's was (from the service
 *  worker's copy when offline). */
export function follow(stored) {
  const wanted = supported(stored) ?? preferred();
  if (wanted === lang()) return;
  use(wanted).then(tell, (e) => console.warn(`the page stays in ${lang()}:`, e));
}

/** Call `listener(language)` after each change of language; returns a function that stops. @param {() => void} listener */
export function onChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let unspoken = null; // the language the page opened without (openingNotes says it once)
let opened = (_stored) => {}; // start()'s
const storedChoice = new Promise((resolve) => { opened = resolve; });

/** The language the page opens in (the stored choice given to start(), else the
 *  browser's), spoken once its catalog is here (boot.js waits for it before the game's
 *  words are made). In Node (the tests) English. */
export const ready = globalThis.document
  ? storedChoice.then((stored) => {
    const opening = supported(stored) ?? preferred();
    return use(opening).catch((e) => {
      console.warn("the page speaks English:", e); // its language's catalog cannot be had
      unspoken = opening;
      return speak(ENGLISH);
    });
  })
  : Promise.resolve("en");

/** Open in the player's stored choice (store.js's loadLanguage; null: the browser's
 *  language): boot.js, first thing. @param {string | null} stored */
export function start(stored) {
  opened(stored);
  return ready;
}

/** What the player reads as the first challenge is shown (once): that the page opened in
 *  English, its language's catalog not had, and what helps. */
export function openingNotes() {
  const language = unspoken;
  unspoken = null;
  if (!language || lang() !== "en") return []; // (a language chosen since)
  const words = { language: LANGUAGES[language] ?? language };
  return [failure(language) === "offline"
    ? t("{language} could not be downloaded, so the page is in English: connect to the internet and reload the page.", words)
    : t("{language} could not be downloaded from the site, so the page is in English. Reload the page in a moment.", words)];
}
