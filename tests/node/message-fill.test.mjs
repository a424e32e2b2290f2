// The page fills a message's {{placeholders}} itself (web/i18n/fill.js, i18next's own work in a tenth of the time):
// for every message of every language with placeholders and no plural, the same text as i18next makes — also with
// values that look like replacement patterns ($&, $1) or markup — and null when a value is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import i18next from 'i18next';
import { fill } from '../../web/i18n/fill.js';

const dir = new URL('../../web/i18n/locales/', import.meta.url);

test('fill() writes every message of every language as i18next does', async () => {
  let checked = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const code = file.replace(/\.json$/, '');
    const messages = JSON.parse(readFileSync(new URL(file, dir), 'utf8'));
    const i18n = i18next.createInstance();
    await i18n.init({ lng: code, fallbackLng: false, resources: { [code]: { translation: messages } }, interpolation: { escapeValue: false }, returnNull: false });
    const walk = (node, path) => {
      for (const [name, value] of Object.entries(node)) {
        const key = path ? `${path}.${name}` : name;
        if (typeof value === 'object') walk(value, key);
        else if (value.includes('{{') && !/_(zero|one|two|few|many|other)$/.test(name)) {
          const params = {};
          for (const [, p] of value.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) params[p] = checked % 3 ? `<b>${p}</b> $& $1 "é"` : 2.5;
          assert.equal(fill(value, params), i18n.t(key, params), `${code}: ${key}`);
          checked += 1;
        }
      }
    };
    walk(messages, '');
  }
  assert.ok(checked > 1000, `${checked} messages`);
});

test('fill() leaves a message with a missing, null or undefined value to i18next', () => {
  assert.equal(fill('{{a}} and {{b}}', { a: 1 }), null);
  assert.equal(fill('{{a}}', { a: undefined }), null);
  assert.equal(fill('{{a}}', { a: null }), null);
  assert.equal(fill('no placeholder', {}), 'no placeholder');
});
