// Issue 14, item 1: one word, one embedding. A sentence typed into a seeded lesson is looked up in an embedding
// table E (equal words, equal rows); a lesson that draws X keeps one row per position, says so, and the seed-20
// preset and old links keep their numbers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { startBrowser, open, choosePreset } from './helpers.mjs';

const golden = JSON.parse(readFileSync(new URL('../fixtures/golden/lecture20_seed20.json', import.meta.url))).expected.matrices;
const v2 = (payload) => '#v2=' + deflateRawSync(Buffer.from(JSON.stringify(payload))).toString('base64url');

let env, page, problems;
before(async () => { env = await startBrowser(); ({ page, problems } = await open(env)); });
after(async () => { await env?.close(); });

const trace = () => page.evaluate(() => {
  const t = window.attentionLab.getTrace();
  const rows = (m) => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
  return { tokens: t.tokens, ids: t.tokenIds, X: rows(t.X), E: t.inputs.E ? rows(t.inputs.E) : null, W_Q: rows(t.inputs.W_Q), W_V: rows(t.inputs.W_V) };
});
const rowsFrom = () => page.locator('#step-embed .rows-from').textContent();
async function typeSentence(text) {
  await page.fill('input[name=sentence]', text);
  await page.press('input[name=sentence]', 'Enter');
  await page.waitForFunction((text) => window.attentionLab.getLesson().sentence === text, text);
}

test('the seed-20 preset draws X one row per position, matches the lecture bit for bit and says so', async () => {
  await choosePreset(page, 'lecture20-seed20');
  const t = await trace();
  assert.deepEqual(t.X, golden.X);
  assert.deepEqual(t.W_Q, golden.W_Q);
  assert.match(await rowsFrom(), /one row per position, as the script draws it; a repeated word gets two rows/);
  assert.deepEqual(problems, []);
});

test('a sentence typed into a seeded lesson looks its words up in E: a repeated word gets the same row', async () => {
  await choosePreset(page, 'lecture20-seed20');
  await typeSentence('the cat saw the dog');
  const lesson = await page.evaluate(() => window.attentionLab.getLesson());
  assert.deepEqual(lesson.vocab, ['the', 'cat', 'saw', 'dog']);
  assert.deepEqual(lesson.init.draws[0], { name: 'E', shape: [4, 8] });
  assert.equal(lesson.X, undefined);
  const t = await trace();
  assert.deepEqual(t.ids, [0, 1, 2, 0, 3]);
  assert.deepEqual(t.X[0], t.X[3], 'both "the" have one embedding');
  assert.deepEqual(t.E, golden.X, 'E is drawn where X was drawn: the same four rows of the stream');
  assert.match(await rowsFrom(), /looked up in the embedding table E \(4 × 8/);
  // a new word gets a fresh row drawn after everything else: no number seen before moves
  await typeSentence('the cat saw a big dog');
  const after = await trace();
  assert.deepEqual(after.E.slice(0, 4), t.E);
  assert.deepEqual(after.W_Q, t.W_Q);
  assert.deepEqual(after.W_V, t.W_V);
  assert.equal(after.E.length, 6);
  assert.deepEqual(after.X[5], t.X[4], '"dog" keeps its row');
  const draws = (await page.evaluate(() => window.attentionLab.getLesson())).init.draws;
  assert.deepEqual(draws.at(-1), { name: 'E', shape: [2, 8], append: 'rows' });
  assert.deepEqual(problems, []);
});

test("the lecture's own sentence typed again gives the lecture's numbers", async () => {
  await choosePreset(page, 'lecture20-seed20');
  await typeSentence('The dog ran fast');
  const t = await trace();
  assert.deepEqual(t.X, golden.X);
  assert.deepEqual(t.W_Q, golden.W_Q);
  assert.deepEqual(t.W_V, golden.W_V);
  assert.deepEqual(problems, []);
});

test('an old link of a sentence with a drawn X opens with its numbers, one row per position', async () => {
  const old = { sentence: 'the cat saw the dog', init: { rng: 'numpy', seed: 20, draws: [{ name: 'X', shape: [5, 8] },
    { name: 'W_Q', shape: [8, 8], scale: 0.5 }, { name: 'W_K', shape: [8, 8], scale: 0.5 }, { name: 'W_V', shape: [8, 8], scale: 0.5 }] } };
  const r = await open(env, 'index.html' + v2({ l: old }));
  const t = await r.page.evaluate(() => Array.from(window.attentionLab.getTrace().X.data));
  assert.deepEqual(t.slice(0, 32), golden.X.flat(), 'its first four rows are the lecture\'s X');
  assert.notDeepEqual(t.slice(0, 8), t.slice(24, 32), 'a repeated word has two rows, as the link drew them');
  assert.match(await r.page.locator('#step-embed .rows-from').textContent(), /one row per position, as the script draws it/);
  assert.deepEqual(r.problems, []);
  await r.page.close();
});
