// Issue 17: the engine's problems carry a code (core/problem_codes.def) and params; every code has a message
// engine.<code> in every language with the English message's placeholders, and the page shows it with the field
// (web/i18n/problem-text.js). The engine's own answers carry code and params next to the English message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import i18next from 'i18next';
import { linkProblemText, problemHtml, problemText } from '../../web/i18n/problem-text.js';

const root = new URL('../../', import.meta.url);
const codes = readFileSync(new URL('core/problem_codes.def', root), 'utf8')
  .split('\n').map((line) => /^ATTNLAB_PROBLEM\((\w+)\)$/.exec(line)?.[1]).filter(Boolean);
const localesDir = new URL('web/i18n/locales/', root);
const locales = Object.fromEntries(readdirSync(localesDir).filter((f) => f.endsWith('.json'))
  .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(new URL(f, localesDir), 'utf8'))]));
const placeholders = (s) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

// A link's problem is a clause of "The link could not be read (…)": it has no field.
const namesField = (code) => !code.startsWith('link_');

test('the list of codes is read and every code has an English message naming the field', () => {
  assert.ok(codes.length > 80, `${codes.length} codes`);
  assert.ok(codes.includes('shape_mismatch') && codes.includes('not_in_vocab') && codes.includes('heads_do_not_divide'));
  for (const code of codes) {
    const en = locales.en.engine?.[code];
    assert.equal(typeof en, 'string', `engine.${code} has no message in en.json`);
    assert.equal(placeholders(en).includes('field'), namesField(code), `engine.${code}: {{field}} where a problem has one`);
  }
});

test('every language has a translated message for every code, with the English placeholders', () => {
  assert.deepEqual(Object.keys(locales).sort(), ['ar', 'de', 'en', 'es', 'fr', 'pt-BR', 'zh-Hans']);
  for (const [lang, messages] of Object.entries(locales)) {
    assert.deepEqual(Object.keys(messages.engine ?? {}).sort(), [...codes].sort(), `${lang}: engine keys`);
    if (lang === 'en') continue;
    let same = 0;
    for (const code of codes) {
      assert.deepEqual(placeholders(messages.engine[code]), placeholders(locales.en.engine[code]), `${lang} engine.${code}`);
      if (messages.engine[code] === locales.en.engine[code]) same += 1;
    }
    assert.equal(same, 0, `${lang}: messages left in English`);
  }
});

test('a problem is shown in the reader\'s language with its field, in English on an English page', async () => {
  const problem = { field: 'W_Q', message: 'has shape 1 × 3 but should be 2 × any (d_model × h·d_k, d_model = 2)', code: 'shape_mismatch',
    params: { actual: '1 × 3', expected: '2 × *', formula: 'd_model × h·d_k, d_model = 2' } };
  await i18next.init({ lng: 'de', resources: { de: { translation: locales.de }, en: { translation: locales.en } }, interpolation: { escapeValue: false } });
  assert.equal(problemText(problem), 'W_Q hat die Form 1 × 3, sollte aber 2 × * sein (d_model × h·d_k, d_model = 2)');
  assert.equal(problemHtml(problem), '<code dir="ltr">W_Q</code> hat die Form 1 × 3, sollte aber 2 × * sein (d_model × h·d_k, d_model = 2)');
  assert.equal(problemText({ ...problem, code: 'no_such_code' }), `W_Q: ${problem.message}`, 'an unknown code falls back to English');
  assert.equal(problemHtml({ field: '<b>', message: 'is <odd>', code: 'no_such_code' }), '<code dir="ltr">&lt;b&gt;</code> is &lt;odd&gt;');
  const link = { ok: false, message: 'it is damaged: bad base64', code: 'link_damaged', params: { detail: 'bad base64' } };
  assert.equal(linkProblemText(link), 'er ist beschädigt: bad base64');
  await i18next.changeLanguage('en');
  assert.equal(linkProblemText(link), link.message);
  assert.equal(problemText(problem), `W_Q: ${problem.message}`);
});
