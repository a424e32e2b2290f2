// The pages' words: i18next with one message file per language (locales/<code>.json), loaded when the page
// needs it (each file is its own chunk; the offline single file carries them all). Messages are whole sentences
// with {{placeholders}}; plurals use i18next's _one/_other suffixes and the language's CLDR rules.
import i18next from 'i18next';
import { LANGUAGES, chooseLanguage, directionOf } from './languages.js';
import { setNumberLanguage, storedDigits } from './numerals.js';

const MESSAGES = import.meta.glob('./locales/*.json', { import: 'default' });
const STORED = 'attention-lab:language';

function storedChoice() {
  try { return localStorage.getItem(STORED); } catch { return null; }
}

/** Remember the reader's choice from the header (a link's lang= wins over it for that link). */
export function rememberLanguage(code) {
  try { localStorage.setItem(STORED, code); } catch { /* private mode: the link still carries it */ }
}

/**
 * Choose the language (the query's or hash's lang=, the stored choice, the browser's), load its messages,
 * and set <html lang dir>. Resolves to the language's code. Matrices and formulas keep their own direction
 * (style.css sets them ltr).
 */
export async function startLanguage({ query = new URLSearchParams(location.search), browser = navigator.languages ?? [navigator.language] } = {}) {
  const code = chooseLanguage({ requested: query.get('lang'), stored: storedChoice(), browser });
  const messages = await MESSAGES[`./locales/${code}.json`]();
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

/** The message `key` ("walkthrough.copyLink") with its {{params}} filled in; count picks the plural form. */
export const t = (key, params) => i18next.t(key, params);
export const language = () => i18next.language ?? 'en';
export { LANGUAGES };
