// The precision lab's list of logits typed in each language: a decimal comma where the language writes one, the
// same doubles as the English list, and the list written back reads as the same numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decimalComma, readList, writeList } from '../../web/labs/number-list.js';

test('the languages with a decimal comma are the ones Intl says write one', () => {
  assert.deepEqual(['en', 'es', 'zh-Hans', 'de', 'fr', 'pt-BR', 'ar'].filter(decimalComma), ['es', 'de', 'fr', 'pt-BR']);
});

test('a German list with decimal commas gives exactly the English doubles', () => {
  const english = readList('2.5, 1, 0.1, -1.5, 3e-2', false);
  assert.deepEqual(english, [2.5, 1, 0.1, -1.5, 0.03]);
  for (const german of ['2,5; 1; 0,1; -1,5; 3e-2', '2,5 1 0,1 −1,5 3e-2', '2,5, 1, 0,1, -1,5, 3e-2'])
    assert.deepEqual(readList(german, true), english, german);
});

test('where the decimal sign is a point, a bare comma separates; Arabic commas separate everywhere', () => {
  assert.deepEqual(readList('2,5', false), [2, 5]);
  assert.deepEqual(readList('2،5', false), [2, 5]);
  assert.deepEqual(readList('2; 0.5 ، 1', false), [2, 0.5, 1]);
});

test('a part that is not a number makes the list unreadable', () => {
  assert.equal(readList('1, x, 2', false), null);
  assert.equal(readList('1; NaN', true), null);
});

test('a list written back reads as the same numbers', () => {
  const values = [2, 1, 0.5, -1];
  assert.deepEqual(readList(writeList(values, true), true), values);
  assert.deepEqual(readList(writeList(values, false), false), values);
});
