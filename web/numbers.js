// Reading numbers a student types, and writing numbers into cells. A reader may type a number as their language
// writes it ("0,5", "٠٫٥"): canonicalDigits turns it into the canonical form first, so the engine receives the
// exact same double whatever the page's language. Problems carry a code (and the text) for the page to translate;
// `message` stays English for the command line and old callers.
import { canonicalDigits, localizeDigits } from './i18n/numerals.js';

export const MAX_ABS = 1e12; // the engine's limit for every number in a lesson

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** {ok: true, value} or {ok: false, code, text, message} — never throws, never returns NaN or Infinity. */
export function parseNumber(text) {
  const t = canonicalDigits(text).trim();
  const problem = (code, message) => ({ ok: false, code, text: t, message });
  if (t === '') return problem('empty', 'type a number');
  if (/^[+-]?(nan|inf(inity)?)$/i.test(t)) return problem('notFinite', `“${t}” is not a finite number`);
  if (!NUMBER.test(t)) return problem('notNumber', `“${t}” is not a number`);
  const value = Number(t);
  if (!Number.isFinite(value)) return problem('tooLarge', `“${t}” is too large to represent`);
  if (Math.abs(value) > MAX_ABS) return problem('beyondLimit', `“${t}” is beyond ±1e12, the largest value allowed`);
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

/** Short text for a cell: at most `digits` decimals, trailing zeros dropped. */
export function formatNumber(value, digits = 2) {
  if (value === -Infinity) return '-∞';
  if (Number.isNaN(value)) return '–';
  if (Number.isInteger(value) && Math.abs(value) < 1e6) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1e6) return value.toExponential(1);
  if (abs > 0 && abs < 10 ** -digits) return String(Number(value.toPrecision(1)));
  let s = value.toFixed(abs >= 100 ? 1 : digits);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/** Longer text for the inspector and tooltips. */
export function formatExact(value) {
  if (value === -Infinity) return '-∞';
  if (Number.isNaN(value)) return 'undefined';
  return String(Number(value.toPrecision(6)));
}

/** A number as the page shows it (formatNumber in the reader's decimal separator and digits): cells, legends, figures. */
export const shownNumber = (value, digits) => localizeDigits(formatNumber(value, digits));
/** formatExact as the page shows it (the inspector's arithmetic). */
export const shownExact = (value) => localizeDigits(formatExact(value));
