// Every preset shows the expected numbers: golden NumPy/PyTorch values, or numbers computed here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startBrowser, open, readCell, choosePreset } from './helpers.mjs';
import { attention } from './reference.mjs';

const golden = (name) => JSON.parse(readFileSync(new URL(`../fixtures/golden/${name}.json`, import.meta.url)));
const preset = (name) => JSON.parse(readFileSync(new URL(`../../web/presets/${name}.json`, import.meta.url)));

let env, page, problems;
before(async () => { env = await startBrowser(); ({ page, problems } = await open(env)); });
after(async () => { await env?.close(); });

async function expectCells(matrix, expected, tol = 1e-9, head = 0) {
  const rows = expected.length, cols = expected[0].length;
  for (const [i, j] of [[0, 0], [rows - 1, cols - 1], [Math.floor(rows / 2), Math.floor(cols / 2)], [0, cols - 1]]) {
    const c = await readCell(page, matrix, i, j, head);
    assert.ok(Math.abs(c.value - expected[i][j]) <= tol, `${matrix}[${i}][${j}] = ${c.value}, expected ${expected[i][j]}`);
    assert.ok(Math.abs(Number(c.text) - expected[i][j]) <= 0.006 * Math.max(1, Math.abs(expected[i][j])), `${matrix}[${i}][${j}] shows "${c.text}"`);
  }
}

for (const [id, fixture] of [['lecture20-seed20', 'lecture20_seed20'], ['toy-dk4', 'toy_dk4'], ['retrieval-toy', 'retrieval_toy'], ['raschka-2024', 'raschka_2024']]) {
  test(`preset ${id} matches the golden numbers of ${fixture}`, async () => {
    await choosePreset(page, id);
    const g = golden(fixture);
    const h = g.expected.heads[0];
    for (const m of ['Q', 'K', 'V', 'scores', 'scaled', 'weights', 'Z']) await expectCells(m, h[m], 1e-9);
    assert.deepEqual(problems, []);
  });
}

test('retrieval toy: the first query puts most weight on the second key', async () => {
  await choosePreset(page, 'retrieval-toy');
  const w = await Promise.all([0, 1, 2].map((j) => readCell(page, 'weights', 0, j)));
  assert.ok(w[1].value > w[0].value && w[1].value > w[2].value);
});

test('preset "The dog ran fast": the slide\'s raw scores 110 and 58, divisor 27.7, V column (3.0, 1.4, 5.4, 0.6), caveat', async () => {
  await choosePreset(page, 'dog-ran-fast');
  assert.equal((await readCell(page, 'scores', 0, 0)).value, 110);
  assert.equal((await readCell(page, 'scores', 0, 2)).value, 58);
  assert.ok(Math.abs((await readCell(page, 'scaled', 0, 0)).value - 110 / 27.7) < 1e-12);
  for (const [i, v] of [3.0, 1.4, 5.4, 0.6].entries()) assert.equal((await readCell(page, 'V', i, 0)).value, v);
  const lesson = preset('dog-ran-fast');
  const ref = attention({ ...lesson, divisor: 27.7 });
  await expectCells('weights', ref.weights, 1e-12);
  await expectCells('Z', ref.Z, 1e-12);
  assert.match(await page.locator('.about').textContent(), /768/);
  assert.match(await page.locator('.divisor').textContent(), /27\.7/);
});

test('preset "Jane … a new ___": the blank attends most to cinema and watch', async () => {
  await choosePreset(page, 'jane-cinema');
  const trace = await page.evaluate(() => { const t = window.attentionLab.getTrace(); return { tokens: t.tokens, ids: t.tokenIds }; });
  assert.equal(trace.tokens.at(-1), '___');
  assert.ok(trace.ids && trace.ids.length === trace.tokens.length, 'token ids shown');
  const n = trace.tokens.length;
  const row = await Promise.all(Array.from({ length: n }, (_, j) => readCell(page, 'weights', n - 1, j)));
  const ranked = row.map((c, j) => [c.value, trace.tokens[j]]).sort((a, b) => b[0] - a[0]).map((x) => x[1]);
  assert.deepEqual(ranked.slice(0, 2).sort(), ['cinema', 'watch']);
  assert.equal(await page.locator('.chip small').first().textContent(), 'id 0');
});
