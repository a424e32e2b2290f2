// Issue 14, item 3: labels that stay true. A preset changed by its seed, sentence or a size is "your lesson
// (from …)" in the menu and the banner; a preset with literal rows gives a new word zeros and says so, and every
// word it had keeps its own row.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startBrowser, open, choosePreset } from './helpers.mjs';

const dog = JSON.parse(readFileSync(new URL('../../web/presets/dog-ran-fast.json', import.meta.url)));
let env, page, problems;
before(async () => { env = await startBrowser(); ({ page, problems } = await open(env)); });
after(async () => { await env?.close(); });

const menu = () => page.evaluate(() => { const s = document.querySelector('select[name=preset]'); return { value: s.value, text: s.selectedOptions[0].textContent }; });
const banner = () => page.locator('.about').textContent();
async function enter(name, value) {
  await page.fill(`input[name=${name}]`, value);
  await page.press(`input[name=${name}]`, 'Enter');
}

test('a preset whose seed, sentence or size changed is named "your lesson (from …)", and its claims go', async () => {
  for (const [name, value, change] of [['seed', '21', /the seed \(20 → 21\)/], ['sentence', 'The cat ran fast', /the sentence/], ['d_model', '6', /a size/]]) {
    await choosePreset(page, 'lecture20-seed20');
    assert.deepEqual(await menu(), { value: 'lecture20-seed20', text: 'Lecture 20 NumPy script (seed 20)' });
    assert.match(await banner(), /bit for bit/);
    await enter(name, value);
    await page.waitForFunction(() => document.querySelector('select[name=preset]').value === '');
    assert.deepEqual(await menu(), { value: '', text: 'your lesson (from Lecture 20 NumPy script (seed 20))' }, name);
    const text = await banner();
    assert.match(text, /Your lesson \(from “Lecture 20 NumPy script \(seed 20\)”\)/, name);
    assert.match(text, change, name);
    assert.doesNotMatch(text, /bit for bit/, `${name}: the preset's claim is gone`);
  }
  // choosing the preset again brings it back, claims and all
  await choosePreset(page, 'lecture20-seed20');
  assert.match(await banner(), /bit for bit/);
  assert.equal((await menu()).text, 'Lecture 20 NumPy script (seed 20)');
  assert.deepEqual(problems, []);
});

test('a preset with literal rows: a new word starts at zero and the page says so; known words keep their rows', async () => {
  await choosePreset(page, 'dog-ran-fast');
  await enter('sentence', 'The dog ran very fast');
  await page.waitForFunction(() => window.attentionLab.getTrace().tokens.length === 5);
  const X = await page.evaluate(() => { const t = window.attentionLab.getTrace(); return Array.from({ length: 5 }, (_, i) => Array.from(t.X.data.subarray(i * t.dModel, (i + 1) * t.dModel))); });
  assert.deepEqual(X[4], dog.X[3], '"fast" keeps its row');
  assert.deepEqual(X[3], [0, 0, 0, 0], '"very" starts at zero');
  assert.match(await page.locator('#step-embed .zero-rows').textContent(), /“\u2068very\u2069” has a row of zeros/);
  assert.deepEqual(problems, []);
});
