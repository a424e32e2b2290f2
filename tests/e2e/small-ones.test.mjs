// Issue 14, item 7: the small ones — "1 head", the causal text and the inspector agree with the heatmap's "…",
// export buttons name their matrix, exercise radio groups answer the arrow keys, the labs' section links are
// apart, and the retrieval toy counts from 1 everywhere.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, open, openPage, choosePreset, cellSelector, waitForPage, clickSettled, checkSettled } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');

test('a multi-head shapes exercise on one head says "1 head"', async () => {
  const set = { title: 'one head', lesson: { tokens: ['a', 'b'], init: { seed: 1, draws: [{ name: 'X', shape: [2, 4] }, { name: 'W_Q', shape: [4, 4] }, { name: 'W_K', shape: [4, 4] }, { name: 'W_V', shape: [4, 4] }] } },
    exercises: [{ id: 'shapes', kind: 'multihead_shapes' }] };
  const { page, problems } = await openPage(env, `exercises.html#setjson=${b64(set)}&seed=1`);
  await waitForPage(page, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  const prompt = await page.locator('.prompt').first().textContent();
  assert.match(prompt, /h = 1 head with/);
  assert.doesNotMatch(prompt, /1 heads/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('causal decoding: the text says "…" as the heatmap shows, and the inspector keeps future rows to itself', async () => {
  const { page, problems } = await open(env);
  await choosePreset(page, 'toy-dk4');
  await checkSettled(page, '.mask-control input[value=causal]');
  assert.equal((await page.locator(cellSelector('weights', 2, 0)).textContent()).trim(), '…');
  const notes = await page.locator('#step-softmax').textContent();
  assert.match(notes, /show “…” in place of their numbers/);
  assert.doesNotMatch(notes, /faded/);
  await clickSettled(page, cellSelector('weights', 2, 0));
  const inspector = await page.locator('.side').textContent();
  assert.match(inspector, /not generated yet/);
  const hidden = await page.evaluate(() => window.attentionLab.getTrace().headTraces[0].weights.data[6]);
  assert.ok(!inspector.includes(hidden.toFixed(4)), 'the future row\'s weight is not shown');
  await clickSettled(page, cellSelector('weights', 0, 0));
  assert.doesNotMatch(await page.locator('.side').textContent(), /not generated yet/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('every export button names its matrix for a screen reader', async () => {
  const { page, problems } = await open(env);
  await choosePreset(page, 'toy-dk4');
  await page.click('.open-export');
  const names = await page.locator('.export-list button').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? b.textContent));
  assert.equal(new Set(names).size, names.length, 'no two buttons share a name');
  assert.ok(names.every((n) => / as (SVG|PNG)$/.test(n) && n.length > 7), names.join(' | '));
  assert.deepEqual(problems, []);
  await page.close();
});

test('an exercise radio group answers the arrow keys, with one tab stop', async () => {
  const { page, problems } = await openPage(env, 'exercises.html#set=exit-ticket&seed=3');
  await waitForPage(page, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  const group = page.locator('.choices').first();
  const first = group.locator('.choice').first();
  assert.deepEqual(await group.locator('.choice').evaluateAll((bs) => bs.map((b) => b.tabIndex)).then((t) => t.filter((x) => x === 0).length), 1);
  await first.focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await group.locator('.choice').nth(1).getAttribute('aria-checked'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.k), '1');
  await page.keyboard.press('ArrowUp');
  assert.equal(await first.getAttribute('aria-checked'), 'true');
  assert.deepEqual(problems, []);
  await page.close();
});

test("the labs' section links are apart: each number inside its own item", async () => {
  const { page, problems } = await openPage(env, 'labs.html');
  const items = await page.locator('nav[aria-label=Sections] li').evaluateAll((lis) => lis.map((li) => ({ pos: getComputedStyle(li).listStylePosition, box: li.getBoundingClientRect().toJSON() })));
  assert.equal(items.length, 5);
  for (const it of items) assert.equal(it.pos, 'inside');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the retrieval toy counts from 1 in its title, as its tokens do', async () => {
  const { page, problems } = await open(env);
  await choosePreset(page, 'retrieval-toy');
  const title = await page.locator('.about h2').textContent();
  assert.match(title, /query 1 matches key 2/);
  assert.deepEqual(await page.evaluate(() => window.attentionLab.getTrace().tokens), ['k1', 'k2', 'k3']);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the exit ticket's text gives a number as its table shows it", async () => {
  const { page, problems } = await openPage(env, 'exercises.html#set=exit-ticket&seed=1');
  await waitForPage(page, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  const item = page.locator('li', { hasText: 'Scale the score' }).first();
  const prompt = await item.locator('.prompt').textContent();
  const table = (await item.locator('.given').textContent()).replace(/\u2212/g, '-');
  const said = /is (-?[\d.]+) and/.exec(prompt)[1];
  assert.ok(table.includes(said), `the prompt says ${said}; the table: ${table}`);
  assert.match(said, /^-?\d+\.\d{4}$/, 'to 4 decimals, as the table');
  assert.deepEqual(problems, []);
  await page.close();
});

test('item 10: an instructor sees the answer key of any seed in the browser; a student does not', async () => {
  for (const [path, shown] of [['exercises.html?instructor=1#set=exit-ticket&seed=7', true], ['exercises.html#set=exit-ticket&seed=7', false]]) {
    const { page, problems } = await openPage(env, path);
    await waitForPage(page, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
    assert.equal(await page.locator('.ex-key').isVisible(), shown, path);
    if (shown) {
      const sheet = await page.evaluate(() => window.attentionLabExercises.sheet());
      const raw = sheet.exercises.find((e) => e.id === 'raw-score');
      const line = await page.locator('.ex-key li[data-id="raw-score"]').textContent();
      assert.ok(line.includes(String(Math.round(raw.answer.value * 1e4) / 1e4)), line);
      // one text for an answer, 4 decimals, in the key as in the worked solution (not 4 significant digits)
      for (const ex of sheet.exercises.filter((e) => e.answer.type === 'number')) {
        const keyLine = await page.locator(`.ex-key li[data-id="${ex.id}"]`).textContent();
        assert.ok(keyLine.endsWith(`: ${Math.round(ex.answer.value * 1e4) / 1e4}`), keyLine);
      }
      assert.match(await page.locator('.ex-key summary').textContent(), /seed 7/);
    }
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('item 10: tokens named <PAD> are padding by default', async () => {
  const { page, problems } = await open(env);
  await choosePreset(page, 'lecture20-seed20');
  await page.fill('input[name=sentence]', 'the dog ran <PAD> <PAD>');
  await page.press('input[name=sentence]', 'Enter');
  await page.waitForFunction(() => window.attentionLab.getTrace().tokens.length === 5);
  assert.deepEqual((await page.evaluate(() => window.attentionLab.getLesson())).mask, { padding: [false, false, false, true, true] });
  assert.equal(await page.evaluate(() => window.attentionLab.getTrace().headTraces[0].weights.data[3]), 0, 'a PAD key gets no weight');
  assert.deepEqual(problems, []);
  await page.close();
});
