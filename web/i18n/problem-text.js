// An engine problem in the reader's language: the message engine.<code> of the locale file, with the problem's
// params and its field. An English page shows the engine's own English (what the CLI prints); a language
// without a message for the code falls back to it too, so a problem is never shown as a bare key.
import i18next from 'i18next';
import { escapeHtml } from '../lib/escape.js';

const FIELD = '\u0001'; // where the field goes in the sentence, marked before escaping

function translated(p, field) {
  const lang = i18next.language ?? 'en';
  const key = `engine.${p.code}`;
  if (lang === 'en' || !p.code || !i18next.exists(key)) return null;
  return i18next.t(key, { ...(p.params ?? {}), field });
}

/** One problem as plain text: the translated sentence, or "field: English message". */
export const problemText = (p) => translated(p, p.field) ?? `${p.field}: ${p.message}`;

/** Why a link cannot be read (core/fragment.cpp: {message, code, params}, no field), as a clause in the reader's language. */
export const linkProblemText = (d) => translated(d, '') ?? d.message;

/** One problem as HTML, the field set as code: in the sentence where the language puts it, or before the English. */
export function problemHtml(p) {
  const code = `<code dir="ltr">${escapeHtml(p.field)}</code>`;
  const sentence = translated(p, FIELD);
  return sentence === null ? `${code} ${escapeHtml(p.message)}` : escapeHtml(sentence).split(FIELD).join(code);
}
