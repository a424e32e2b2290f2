// Issue 14, item 4: adding a head keeps the existing heads' numbers and gives the new head fresh draws; the
// lecture's convention d_k = d_model / h with W_O is offered beside it; the export still reproduces the numbers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startBrowser, open, choosePreset, checkSettled } from './helpers.mjs';

let env, page, problems;
before(async () => { env = await startBrowser(); ({ page, problems } = await open(env)); });
after(async () => { await env?.close(); });

const numbers = () => page.evaluate(() => {
  const t = window.attentionLab.getTrace();
  const rows = (m) => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
  return { heads: t.headTraces.length, dK: t.dK, X: rows(t.X), W_Q: rows(t.inputs.W_Q), W_K: rows(t.inputs.W_K), W_V: rows(t.inputs.W_V),
    W_O: t.inputs.W_O ? rows(t.inputs.W_O) : null, weights: t.headTraces.map((h) => Array.from(h.weights.data)), Z: t.headTraces.map((h) => Array.from(h.Z.data)) };
});
async function setHeads(h) {
  await page.fill('input[name=heads]', String(h));
  await page.press('input[name=heads]', 'Enter');
  await page.waitForFunction((h) => window.attentionLab.getTrace().headTraces.length === h, h);
}
const columns = (m, from, to) => m.map((r) => r.slice(from, to));

test('adding a head keeps head 1 as it was; the new head draws numbers never seen before; removing it restores the lesson', async () => {
  await choosePreset(page, 'lecture20-seed20');
  const preset = await page.evaluate(() => window.attentionLab.getLesson());
  const one = await numbers();
  await setHeads(2);
  const two = await numbers();
  for (const k of ['W_Q', 'W_K', 'W_V']) assert.deepEqual(columns(two[k], 0, 8), one[k], `${k}: head 1's columns`);
  assert.deepEqual(two.X, one.X);
  assert.deepEqual(two.weights[0], one.weights[0], "head 1's weights");
  assert.deepEqual(two.Z[0], one.Z[0], "head 1's output");
  const seen = new Set([one.X, one.W_Q, one.W_K, one.W_V].flat(2));
  for (const k of ['W_Q', 'W_K', 'W_V']) {
    for (const v of columns(two[k], 8, 16).flat()) assert.ok(!seen.has(v), `${k}: head 2's ${v} was seen before`);
  }
  const lesson = await page.evaluate(() => window.attentionLab.getLesson());
  for (const k of ['W_Q', 'W_K', 'W_V']) assert.equal(lesson[k], undefined, `${k} stays a draw (nothing was edited)`);
  await page.click('.open-export');
  assert.doesNotMatch(await page.locator('.export-code').textContent(), /edited numbers/);
  await page.keyboard.press('Escape');
  await setHeads(1);
  assert.deepEqual(await page.evaluate(() => window.attentionLab.getLesson()), preset);
  assert.deepEqual(problems, []);
});

test("the lecture's convention: d_k = d_model / h, W_Q stays d_model × d_model and W_O maps back to d_model", async () => {
  await choosePreset(page, 'lecture20-seed20');
  const one = await numbers();
  await checkSettled(page, 'input[name=split-heads]');
  await page.waitForFunction(() => Boolean(window.attentionLab.getTrace().inputs.W_O));
  await setHeads(2);
  const two = await numbers();
  assert.equal(two.dK, 4);
  assert.deepEqual(two.W_Q, one.W_Q, 'the same W_Q, cut into two heads of 4 columns');
  assert.equal(two.W_O.length, 8);
  assert.equal(two.W_O[0].length, 8);
  await setHeads(4);
  assert.equal((await numbers()).dK, 2);
  assert.equal(await page.isChecked('input[name=split-heads]'), true);
  assert.deepEqual(problems, []);
});

test('the export of a lesson that grew a head reproduces the engine in NumPy', async () => {
  await choosePreset(page, 'lecture20-seed20');
  await setHeads(3);
  const { code, output } = await page.evaluate(() => ({ code: window.attentionLab.exports.numpy(), output: Array.from(window.attentionLab.getTrace().output.data) }));
  assert.match(code, /W_Q = np\.hstack\(\[W_Q, np\.random\.randn\(8, 16\) \* 0\.5\]\)/);
  const out = execFileSync('/usr/bin/python3', ['-'], { input: code + '\nimport json\nprint("@@" + json.dumps(output.tolist()))\n', encoding: 'utf8' });
  const got = JSON.parse(out.split('\n').find((l) => l.startsWith('@@')).slice(2)).flat();
  got.forEach((v, k) => assert.ok(Math.abs(v - output[k]) <= 1e-9, `output #${k}: ${v} vs ${output[k]}`));
  assert.deepEqual(problems, []);
});
