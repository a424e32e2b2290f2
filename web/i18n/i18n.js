// The pages' words: i18next with one message file per language (locales/<code>.json), loaded when the page
// needs it, and only the parts the page shows (scripts/locale-parts.mjs: the shared part, plus the exercises' or the
// labs' own section; each part of each language is its own chunk; the offline single file carries them all).
// Messages are whole sentences with {{placeholders}}; plurals use i18next's _one/_other suffixes and the language's
// CLDR rules.
import i18next from 'i18next';
import { LANGUAGES, chooseLanguage, directionOf } from './languages.js';
import { localizeDigits, setNumberLanguage, storedDigits } from './numerals.js';
import { readPackageConfig } from '../lms/package-config.js';
import { flatten, message } from './fill.js';

const PARTS = {
  shared: import.meta.glob('./locales/*.json', { query: '?part=shared', import: 'default' }),
  exercises: import.meta.glob('./locales/*.json', { query: '?part=exercises', import: 'default' }),
  labs: import.meta.glob('./locales/*.json', { query: '?part=labs', import: 'default' }),
};
const STORED = 'attention-lab:language';

function storedChoice() {
  try { return localStorage.getItem(STORED); } catch { return null; }
}

/** Remember the reader's choice from the header (a link's lang= wins over it for that link). */
export function rememberLanguage(code) {
  try { localStorage.setItem(STORED, code); } catch { /* private mode: the link still carries it */ }
}

/**
 * Choose the language (lang= in the query or the fragment, an LMS package's own, the stored choice, the browser's),
 * load its messages, and set <html lang dir>. Resolves to the language's code. Called by each page's boot (the first
 * call starts it, the others share it); the scripts loaded beside it (the offline status bar, the printed link) wait
 * for it with onLanguage.
 * Matrices and formulas keep their own direction (style.css sets them ltr).
 */
let starting = null;
let announce;
const started = new Promise((resolve) => { announce = resolve; });
export function startLanguage(options) {
  if (!starting) {
    starting = begin(options);
    announce(starting);
  }
  return starting;
}

// page: the page's own section of the messages ('exercises', 'labs'), or none (the walkthrough)
async function begin({ query = new URLSearchParams(location.search), browser = navigator.languages ?? [navigator.language], page = null } = {}) {
  // lang= in the query, or in the fragment (an exercise sheet's link: #set=…&seed=…&lang=de)
  const requested = query.get('lang') ?? new URLSearchParams(location.hash.replace(/^#/, '')).get('lang') ?? await packagedLanguage(query);
  const code = chooseLanguage({ requested, stored: storedChoice(), browser });
  const parts = await Promise.all(['shared', page].filter(Boolean).map((part) => PARTS[part][`./locales/${code}.json`]()));
  const messages = Object.assign({}, ...parts);
  templates = flatten(messages);
  plurals = new Intl.PluralRules(code); // (as i18next makes them, for the same plural forms)
  await i18next.init({
    lng: code, fallbackLng: false, resources: { [code]: { translation: messages } },
    interpolation: { escapeValue: false }, // views set textContent, never innerHTML
    returnNull: false,
  });
  setNumberLanguage(code, { arabicDigits: storedDigits() });
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
  return code;
}

/** An LMS package (launched with ?lms=1) speaks the language it was made in: its lms-package.json says which. */
async function packagedLanguage(query) {
  if (!query.has('lms')) return null;
  try { return (await readPackageConfig())?.lang ?? null; } catch { return null; }
}

/**
 * Runs fn once the page's language is loaded: scripts loaded beside the page (the offline status bar, the printed
 * link) draw their words then. They wait for the page's boot to start the language rather than start it themselves.
 */
export function onLanguage(fn) {
  started.then(() => fn(), () => {}); // (started adopts the boot's promise: it settles when the messages are in)
}

// Messages already made, by key and parameters: i18next takes tens of microseconds a message, and a repaint asks for
// the same ones again (a heatmap's description of its focused cell). A page's language never changes without a
// reload; the parameters' text is the key, so the cache is emptied when it grows large.
const made = new Map();
// (only strings and finite numbers make a key: JSON writes NaN, ±Infinity and null alike and drops undefined)
const keyable = (params) => Object.values(params).every((v) => typeof v === 'string' || Number.isFinite(v));

/** The message `key` ("walkthrough.copyLink") with its {{params}} filled in; count picks the plural form. */
// Numbers given as parameters are written as the language writes them (a decimal comma, Arabic-Indic digits when
// chosen); `count` stays a number: the plural form is picked from it.
export function t(key, params) {
  const id = !params ? key : keyable(params) ? `${key}\u0000${JSON.stringify(params)}` : null;
  let text = id === null ? undefined : made.get(id);
  if (text !== undefined) return text;
  if (params) {
    const shown = {};
    for (const [name, value] of Object.entries(params)) shown[name] = typeof value === 'number' && name !== 'count' ? localizeDigits(String(value)) : value;
    text = filled(key, shown) ?? i18next.t(key, shown);
  } else text = filled(key, {}) ?? i18next.t(key);
  if (!i18next.isInitialized || id === null) return text;
  if (made.size >= 4096) made.clear();
  made.set(id, text);
  return text;
}
// A message is picked and filled in by message() (web/i18n/fill.js) from the language's messages by key, plurals
// included; a missing message or parameter by i18next. (The first render asks for a few hundred messages while
// i18next's code is not yet compiled: its first plural alone took 4–6 ms of a cold load.)
let templates = new Map(), plurals = null;
function filled(key, params) {
  return i18next.isInitialized ? message(templates, key, params, plurals) : null;
}

export const language = () => i18next.language ?? 'en';
export { LANGUAGES };
