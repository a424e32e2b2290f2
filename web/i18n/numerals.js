// Numbers as the reader's language writes them. The engine, links and lessons always hold the canonical form
// ("0.5", "-1.2e-5"); only what a reader sees changes: a decimal comma in Spanish, German, French and Portuguese,
// and in Arabic the Latin digits by default or Arabic-Indic digits (٠١٢…) with the Arabic decimal separator (٫)
// when the reader asks for them (offered, never forced: many Arabic-speaking classrooms write Latin digits).
// The state is set by i18n.js when the page's language is chosen; this module holds no DOM and runs under Node.

const DECIMAL_COMMA = new Set(['es', 'de', 'fr', 'pt-BR']);
const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const ARABIC_DECIMAL = '٫';
const STORED = 'attention-lab:digits';

let current = { language: 'en', arabicDigits: false };

/** The reader's stored choice of digits ("arabic" or "latin"); Latin unless they chose otherwise. */
export function storedDigits() {
  try { return globalThis.localStorage?.getItem(STORED) === 'arabic'; } catch { return false; }
}

/** Remember the reader's choice of digits (the control next to the language picker). */
export function rememberDigits(arabic) {
  try { globalThis.localStorage?.setItem(STORED, arabic ? 'arabic' : 'latin'); } catch { /* private mode */ }
}

/** Set the language numbers are written in (called when the page's language is chosen). */
export function setNumberLanguage(language, { arabicDigits = false } = {}) {
  current = { language, arabicDigits: language === 'ar' && Boolean(arabicDigits) };
}

export const numberLanguage = () => ({ ...current });

/** Whether the reader can choose Arabic-Indic digits (only the Arabic page offers them). */
export const offersArabicDigits = (language = current.language) => language === 'ar';

/**
 * Canonical numbers inside `text` written as the language writes them: "0.5" → "0,5" (es/de/fr/pt-BR),
 * "0.5" → "٠٫٥" (ar with Arabic-Indic digits chosen); otherwise the text unchanged. Only a point between two
 * digits is a decimal point, so sentences, "W_Q" and "√d" pass through untouched.
 */
export function localizeDigits(text, { language = current.language, arabicDigits = current.arabicDigits } = {}) {
  const s = String(text);
  if (DECIMAL_COMMA.has(language)) return s.replace(/(\d)\.(?=\d)/g, '$1,');
  if (language === 'ar' && arabicDigits) {
    return s.replace(/(\d)\.(?=\d)/g, `$1${ARABIC_DECIMAL}`).replace(/\d/g, (d) => ARABIC_INDIC[d]);
  }
  return s;
}

/** Between the numbers of a list: a comma, or a semicolon where the comma is the decimal separator. */
export const listSeparator = () => (DECIMAL_COMMA.has(current.language) ? '; ' : ', ');

/**
 * A number typed in any of the forms a reader of our languages may use, in canonical form: Arabic-Indic and
 * Eastern Arabic-Indic (Persian) digits, full-width digits (Chinese input methods), the Arabic decimal
 * separator ٫, a decimal comma, the minus sign − and the full-width point and minus. Grouping separators are
 * not accepted: "1,000" would be ambiguous between the languages, and the lessons' numbers are small.
 */
export function canonicalDigits(text) {
  return String(text)
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06F0))
    .replace(/[\uFF10-\uFF19]/g, (d) => String(d.charCodeAt(0) - 0xFF10))
    .replace(/[\u066B\uFF0E,\uFF0C]/g, '.')
    .replace(/[\u2212\uFF0D]/g, '-')
    .replace(/\uFF0B/g, '+')
    .replace(/[\u00A0\u202F\u200E\u200F\u061C]/g, ' ');
}

/** A large whole number (a link's length) with the language's grouping, "1,000,000" / "1.000.000" / "1 000 000". */
export function formatInteger(n, { language = current.language, arabicDigits = current.arabicDigits } = {}) {
  return new Intl.NumberFormat(language, { numberingSystem: language === 'ar' && arabicDigits ? 'arab' : 'latn', useGrouping: true }).format(n);
}
