// The exercise page's words in the reader's language. The engine writes each prompt, hint, worked step and
// choice twice (core/exercises.cpp): in English for the command line, and as a message key under
// `exercises.kinds.` with its parameters, numbers as numbers; this module turns the key into the reader's
// sentence, writing the numbers as the engine's English does (4 decimals) in the reader's numerals. No DOM here,
// and i18next's own instance (the one web/i18n/i18n.js starts), so Node can import it (the print test does).
import i18next from 'i18next';
import { listSeparator, localizeDigits } from '../i18n/numerals.js';
import { escapeHtml as esc } from '../lib/escape.js';

const t = (key, params) => i18next.t(key, params);

/** A message of the reader's language; `english` where no language was started (Node, a command-line tool). */
export const say = (key, params, english) => (i18next.isInitialized ? t(key, params) : english);

const camel = (s) => s.replace(/[-_]([a-z0-9])/g, (_, c) => c.toUpperCase());

/** A number as the engine's prompts write it (core/exercises.cpp num()): to 4 decimals, trailing zeros dropped,
 * very small or large ones to 4 significant digits; then in the reader's numerals. */
export function numberText(v) {
  if (!Number.isFinite(v)) return v === -Infinity ? '−∞' : v === Infinity ? '∞' : '–';
  const a = Math.abs(v);
  let s;
  if (a !== 0 && (a < 1e-4 || a >= 1e6)) {
    // C's %.4g: 4 significant digits, trailing zeros dropped, an exponent of at least two digits ("1.5e-05")
    const [mantissa, exponent] = v.toExponential(3).split('e');
    const e = Number(exponent);
    s = `${mantissa.replace(/0+$/, '').replace(/\.$/, '')}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  } else s = v.toFixed(4).replace(/0+$/, '').replace(/\.$/, '');
  if (s === '-0') s = '0';
  return localizeDigits(s);
}

/** A list of numbers: commas between them, or semicolons where the comma is the decimal separator. */
export function listText(values) {
  const texts = values.map((v) => (typeof v === 'number' ? numberText(v) : String(v)));
  return texts.join(listSeparator());
}

// A token inside a sentence, isolated (U+2068 … U+2069) as the engine's English isolates it: a right-to-left
// token cannot reorder the sentence around it, and an Arabic sentence cannot reorder a Latin token.
const isolate = (s) => `\u2068${s}\u2069`;

/** The engine's parameters written for a sentence: numbers in the reader's numerals, lists joined, tokens isolated
 * (`count` stays a number: i18next picks the plural form from it). */
export function sentenceParams(params = {}) {
  const out = {};
  for (const [k, v] of Object.entries(params ?? {})) {
    if (k === 'count') out[k] = v;
    else if (typeof v === 'number') out[k] = numberText(v);
    else if (Array.isArray(v)) out[k] = listText(v);
    else out[k] = isolate(String(v));
  }
  return out;
}

/** One of the engine's messages (a key under exercises.kinds) in the reader's language. */
export const kindMessage = (key, params) => t(`exercises.kinds.${key}`, sentenceParams(params));
const kindOr = (key, params, english) => (key && i18next.isInitialized ? kindMessage(key, params) : english);

/** The exercise's title ("Raw score q · k") by its kind. */
export const kindTitle = (kind) => {
  const key = `exercises.titles.${camel(kind)}`;
  const text = t(key);
  return text === key ? kind : text;
};

/** The prompt in the reader's language (the English one for an engine that sent no key). */
export const promptText = (ex) => kindOr(ex.prompt_key, ex.prompt_params, localizeDigits(ex.prompt ?? ''));

/** The worked solution's steps: sentences by their keys, arithmetic as the engine wrote it (in the reader's numerals). */
export function solutionTexts(ex) {
  const keys = ex.solution_keys ?? [];
  return (ex.solution ?? []).map((line, k) => kindOr(keys[k]?.key, keys[k]?.params, localizeDigits(line)));
}

/** A choice's text (why_scale's answers have keys; predict_max's are the lesson's tokens). */
export const choiceText = (ex, k) => {
  return kindOr(ex.choice_keys?.[k], {}, String(ex.answer.choices?.[k] ?? ''));
};

/** The targeted hint of one of the engine's mistakes. */
export const mistakeHint = (m) => kindOr(m.hint_key, m.hint_params, m.hint);

/** A built-in set's name in the menu and its sheet's title. */
export const setLabel = (id, fallback) => {
  const key = `exercises.sets.${camel(id)}.label`;
  const text = t(key);
  return text === key ? fallback : text;
};
export const setTitle = (id, fallback) => {
  const key = `exercises.sets.${camel(id)}.title`;
  const text = t(key);
  return text === key ? fallback : text;
};

/**
 * A message with pieces of markup in it (a link, a bold seed): the sentence is translated whole with markers for
 * the pieces, escaped, then the markers become the markup. `html` maps a placeholder to its (safe) HTML.
 */
export function messageHtml(key, params = {}, html = {}) {
  const marks = {};
  Object.keys(html).forEach((name, k) => { marks[name] = `\u0000${k}\u0000`; });
  let text = esc(t(key, { ...params, ...marks }));
  Object.entries(html).forEach(([name, markup]) => { text = text.split(marks[name]).join(markup); });
  return text;
}
