// Numbers as each language writes them (web/i18n/numerals.js) and read back (web/numbers.js parseNumber): every
// form a reader of our languages types gives the exact same double as the canonical text, and the shown form
// reads back to the same number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localizeDigits, setNumberLanguage, canonicalDigits, offersArabicDigits } from '../../web/i18n/numerals.js';
import { parseNumber, formatExact, formatNumber } from '../../web/numbers.js';

test('localizeDigits writes a decimal comma in es, de, fr and pt-BR and leaves en and zh-Hans alone', () => {
  for (const language of ['es', 'de', 'fr', 'pt-BR']) {
    assert.equal(localizeDigits('0.5', { language }), '0,5');
    assert.equal(localizeDigits('-1.2e-5', { language }), '-1,2e-5');
    assert.equal(localizeDigits('Row 2: 0.25 × 1.5 = 0.375', { language }), 'Row 2: 0,25 × 1,5 = 0,375');
    assert.equal(localizeDigits('W_Q. Next', { language }), 'W_Q. Next', 'a full stop is not a decimal point');
  }
  for (const language of ['en', 'zh-Hans']) assert.equal(localizeDigits('-1.2e-5', { language }), '-1.2e-5');
});

test('Arabic keeps Latin digits unless the reader chooses Arabic-Indic digits', () => {
  assert.equal(localizeDigits('0.5', { language: 'ar' }), '0.5');
  assert.equal(localizeDigits('0.5', { language: 'ar', arabicDigits: true }), '٠٫٥');
  assert.equal(localizeDigits('-12.75e-3', { language: 'ar', arabicDigits: true }), '-١٢٫٧٥e-٣');
  assert.equal(localizeDigits('0.5', { language: 'de', arabicDigits: true }), '0,5', 'only Arabic offers them');
  assert.equal(offersArabicDigits('ar'), true);
  assert.equal(offersArabicDigits('fr'), false);
});

test('the page-wide language set by setNumberLanguage is the default', () => {
  setNumberLanguage('de');
  assert.equal(localizeDigits('3.25'), '3,25');
  setNumberLanguage('ar', { arabicDigits: true });
  assert.equal(localizeDigits('3.25'), '٣٫٢٥');
  setNumberLanguage('fr', { arabicDigits: true });
  assert.equal(localizeDigits('3.25'), '3,25');
  setNumberLanguage('en');
  assert.equal(localizeDigits('3.25'), '3.25');
});

test('parseNumber reads every locale form as the exact same double', () => {
  const cases = [
    ['0.5', ['0,5', '٠٫٥', '٠,٥', '۰٫۵', '０．５', ' 0,5 ']],
    ['-1.2e-5', ['-1,2e-5', '−1,2e-5', '-١٫٢e-٥', '－１．２e-５']],
    ['0.1', ['0,1', '٠٫١']],
    ['123.456789012345', ['123,456789012345', '١٢٣٫٤٥٦٧٨٩٠١٢٣٤٥']],
    ['1e12', ['١e١٢']],
    ['7', ['٧', '７']],
  ];
  for (const [canonical, forms] of cases) {
    const want = parseNumber(canonical);
    assert.equal(want.ok, true, canonical);
    for (const form of forms) {
      const got = parseNumber(form);
      assert.equal(got.ok, true, form);
      assert.ok(Object.is(got.value, want.value), `${form} → ${got.value}, want ${want.value}`);
    }
  }
});

test('what a language shows reads back to the number shown', () => {
  const values = [0.5, -0.125, 1 / 3, 2.718281828, -1.2e-5, 1234567.5, 0.1 + 0.2];
  for (const [language, arabicDigits] of [['de', false], ['fr', false], ['ar', true], ['ar', false], ['en', false]]) {
    for (const v of values) {
      for (const shown of [formatExact(v), formatNumber(v, 4)]) {
        const local = localizeDigits(shown, { language, arabicDigits });
        assert.ok(Object.is(parseNumber(local).value, parseNumber(shown).value), `${language} ${local}`);
      }
    }
  }
});

test('problems carry a code and the text for the page to translate', () => {
  assert.equal(parseNumber('').code, 'empty');
  assert.equal(parseNumber('abc').code, 'notNumber');
  assert.equal(parseNumber('١٢x').code, 'notNumber');
  assert.equal(parseNumber('١٢x').text, '12x');
  assert.equal(parseNumber('inf').code, 'notFinite');
  assert.equal(parseNumber('1e400').code, 'tooLarge');
  assert.equal(parseNumber('٢e١٢').code, 'beyondLimit');
  assert.equal(parseNumber('1,2,3').ok, false, 'grouping separators are not accepted');
  assert.equal(canonicalDigits('٣٫١٤'), '3.14');
});
