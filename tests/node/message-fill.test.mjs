// The page picks and fills its messages itself (web/i18n/fill.js, i18next's own work in a tenth of the time): for
// every message of every language with placeholders, and every plural at counts of each plural category, the same
// text as i18next makes — also with values that look like replacement patterns ($&, $1) or markup — and null when a
// value or the message is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import i18next from 'i18next';
import { fill, flatten, message } from '../../web/i18n/fill.js';

const dir = new URL('../../web/i18n/locales/', import.meta.url);
const PLURAL = /_(zero|one|two|few|many|other)$/;
// counts of every category in the seven languages (Arabic has all six: 0, 1, 2, 3–10, 11–99, 100–102), and fractions
const COUNTS = [0, 1, 2, 3, 5, 10, 11, 12, 21, 99, 100, 101, 102, 1000000, 1.5, 0.5, -1, NaN];

async function load() {
  const out = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const code = file.replace(/\.json$/, '');
    const messages = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
    const i18n = i18next.createInstance();
    await i18n.init({ lng: code, fallbackLng: false, resources: { [code]: { translation: messages } }, interpolation: { escapeValue: false }, returnNull: false });
    out.push({ code, messages: flatten(messages), i18n, plurals: new Intl.PluralRules(code) });
  }
  return out;
}
const languages = load(); // (read once, for both tests)
const paramsOf = (template, k) => {
  const params = {};
  for (const [, p] of template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) params[p] = k % 3 ? `<b>${p}</b> $& $1 "é"` : 2.5;
  return params;
};

test('message() writes every message of every language as i18next does', async () => {
  let checked = 0;
  for (const { code, messages, i18n, plurals } of await languages) {
    for (const [key, value] of messages) {
      if (typeof value !== 'string' || !value.includes('{{') || PLURAL.test(key)) continue;
      const params = paramsOf(value, checked);
      assert.equal(message(messages, key, params, plurals), i18n.t(key, params), `${code}: ${key}`);
      checked += 1;
    }
  }
  assert.ok(checked > 1000, `${checked} messages`);
});

test('message() picks the plural form i18next picks, for counts of every category', async () => {
  let checked = 0;
  for (const { code, messages, i18n, plurals } of await languages) {
    const bases = new Set([...messages.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
    for (const key of bases) {
      for (const count of COUNTS) {
        const params = { ...paramsOf(messages.get(`${key}_other`), checked), count };
        assert.equal(message(messages, key, params, plurals), i18n.t(key, params), `${code}: ${key}, count ${count}`);
        checked += 1;
      }
    }
  }
  assert.ok(checked > 500, `${checked} plurals`);
  // a language's own zero form wins for 0 (i18next looks for key_zero first), else its category's
  const messages = flatten({ n_zero: 'none', n_one: 'one', n_other: '{{count}} of them', m: '{{count}} left' });
  const en = new Intl.PluralRules('en');
  assert.deepEqual([0, 1, 7].map((count) => message(messages, 'n', { count }, en)), ['none', 'one', '7 of them']);
  assert.equal(message(messages, 'm', { count: 3 }, en), '3 left', 'a count with no plural forms');
  assert.equal(message(messages, 'm', { count: '3' }, en), '3 left', 'a count given as text is no plural');
});

test('message() leaves a message with a missing, null or undefined value, or no message, to i18next', () => {
  assert.equal(fill('{{a}} and {{b}}', { a: 1 }), null);
  assert.equal(fill('{{a}}', { a: undefined }), null);
  assert.equal(fill('{{a}}', { a: null }), null);
  assert.equal(fill('no placeholder', {}), 'no placeholder');
  const messages = flatten({ a: { b: 'x' } }), en = new Intl.PluralRules('en');
  assert.equal(message(messages, 'a.c', {}, en), null);
  assert.equal(message(messages, 'a', {}, en), null, 'an object is not a message');
  assert.equal(message(messages, 'a.b', { count: 2n }, en), null);
});
