// The message files (web/i18n/locales/<code>.json, one per language): every language has exactly English's keys,
// with the plural forms its own CLDR rules use (Intl.PluralRules: Arabic zero/one/two/few/many/other, Chinese
// other only, French many/one/other …), the same {{placeholders}} as the English message, no markup English does
// not have, and no English left where a translation belongs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LANGUAGES } from '../../web/i18n/languages.js';

const root = new URL('../../web/i18n/locales/', import.meta.url);
const read = (code) => JSON.parse(readFileSync(new URL(`${code}.json`, root), 'utf8'));
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** {key: message} for every leaf, keys dotted ("walkthrough.header.seed"). */
function flatten(tree, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out[key] = v;
  }
  return out;
}

/** {base key: {form: message}} with plain keys as the form "" */
function grouped(flat) {
  const out = {};
  for (const [key, message] of Object.entries(flat)) {
    const m = PLURAL.exec(key);
    const base = m ? key.slice(0, m.index) : key;
    (out[base] ??= {})[m ? m[1] : ''] = message;
  }
  return out;
}

const placeholders = (text) => new Set([...String(text).matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]));
const tags = (text) => new Set([...String(text).matchAll(/<\/?([a-z][a-z0-9]*)/gi)].map((m) => m[1].toLowerCase()));
const union = (sets) => new Set(sets.flatMap((s) => [...s]));
const en = grouped(flatten(read('en')));

// Words that stay as they are in every language: names of things, file formats, symbols, code, and the field's
// loanwords (token, embedding) that Spanish, German, French and Portuguese lectures use as they are, and words
// spelt alike in English and one of them (Inspector, positions, figures, code).
const KEPT = new Set(['attention', 'lab', 'numpy', 'pytorch', 'csv', 'json', 'svg', 'png', 'pdf', 'lms', 'scorm', 'cmi5', 'xapi', 'iframe',
  'webassembly', 'wasm', 'softmax', 'relu', 'gelu', 'esc', 'ctrl', 'pad', 'exp', 'tanh', 'concat', 'http', 'https', 'html', 'localhost',
  'python3', 'server', 'exercises', 'labs', 'index', 'lti', 'frameresize', 'canvas', 'resize', 'postmessage', 'type', 'height', 'instructor',
  'inspector', 'positions', 'figures', 'code', 'position', 'dimension', 'score', 'scores', 'part', 'cache', 'offline', 'page', 'format', 'cmi', 'mha', 'crossattn', 'sum', 'residual', 'post', 'pre', 'source', 'name', 'date', 'token', 'tokens', 'embedding', 'embeddings', 'sinusoidal', 'feedforward', 'vaswani', 'bahdanau', 'raschka', 'sebastian', 'jane', 'randn', 'seed', 'random', 'lecture', 'ffn', 'norm', 'model', 'src', 'act', 'max', 'latin']);

// Messages that are the lectures' English sentences themselves (a preset's title quoting its sentence): they stay.
const LECTURE_SENTENCES = new Set(['presets.jane-cinema.title', 'presets.raschka-2024.title', 'presets.jane-cinema.label', 'presets.raschka-2024.label']);

for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
  test(`${code}: the same messages as English, with ${code}'s plural forms and the same placeholders`, () => {
    const flat = flatten(read(code)), mine = grouped(flat);
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const missing = Object.keys(en).filter((k) => !(k in mine));
    const extra = Object.keys(mine).filter((k) => !(k in en));
    assert.deepEqual(missing, [], `${code} lacks ${missing.length} messages`);
    assert.deepEqual(extra, [], `${code} has messages English does not`);
    for (const [key, forms] of Object.entries(en)) {
      const plural = !('' in forms);
      const have = Object.keys(mine[key]);
      if (plural) assert.deepEqual(have.sort(), [...categories].sort(), `${code} ${key}: plural forms ${have} (Intl.PluralRules: ${categories})`);
      else assert.deepEqual(have, [''], `${code} ${key} is plural in ${code} but not in English`);
      const want = union(Object.values(forms).map(placeholders)), got = union(Object.values(mine[key]).map(placeholders));
      // (a form for exactly one or two may say the number in words, so {{count}} may be left out of it)
      if (plural) { want.delete('count'); got.delete('count'); }
      assert.deepEqual([...got].sort(), [...want].sort(), `${code} ${key}: placeholders`);
      const markup = [...union(Object.values(mine[key]).map(tags))].filter((tag) => !union(Object.values(forms).map(tags)).has(tag));
      assert.deepEqual(markup, [], `${code} ${key}: markup English does not have`);
    }
  });

  test(`${code}: no English message left untranslated`, () => {
    const flat = flatten(read(code)), english = flatten(read('en'));
    const left = Object.entries(flat).filter(([key, message]) => {
      if (english[key] !== message || LECTURE_SENTENCES.has(key)) return false;
      const words = String(message).replace(/\{\{[^}]*\}\}|<[^>]*>|&[a-z]+;/g, ' ').match(/[A-Za-z]{3,}/g) ?? [];
      return words.some((w) => !KEPT.has(w.toLowerCase()));
    }).map(([key]) => key);
    assert.deepEqual(left, [], `${code}: ${left.length} messages are still English`);
  });
}

test('English plural messages have the forms English uses (one, other)', () => {
  for (const [key, forms] of Object.entries(en)) {
    if ('' in forms) continue;
    assert.deepEqual(Object.keys(forms).sort(), ['one', 'other'], key);
  }
});
