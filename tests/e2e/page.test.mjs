// The page loads cleanly, exposes window.attentionLab, and survives a malformed link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startBrowser, open, settledLoad, typeIntoCell, waitForPage } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('loads with no console errors and no failed requests, on desktop and phone', async () => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    const { page, problems } = await open(env, '', viewport);
    assert.equal(await page.locator('.step-card:not([hidden])').count(), 6);
    assert.deepEqual(await page.locator('.step-card:not([hidden]) h2').allTextContents(),
      ['1. Embed', '2. Project', '3. Score', '4. Scale', '5. Softmax', '6. Sum']);
    assert.ok(await page.locator('.step-card math').count() >= 6, 'every step has a MathML formula');
    assert.ok(await page.locator('table[role=grid] td[data-row][data-col]').count() > 50);
    // no horizontal scrolling of the whole page on a phone
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `page is ${overflow}px wider than the screen`);
    await settledLoad(page);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('setLesson / getLesson / getTrace work and repaint the page', async () => {
  const { page, problems } = await open(env);
  const fixture = JSON.parse(readFileSync(new URL('../fixtures/golden/masks_padding.json', import.meta.url)));
  const r = await page.evaluate((lesson) => window.attentionLab.setLesson(lesson), fixture.lesson);
  assert.equal(r.ok, true);
  const lesson = await page.evaluate(() => window.attentionLab.getLesson());
  assert.deepEqual(lesson.mask, fixture.lesson.mask);
  const trace = await page.evaluate(() => {
    const t = window.attentionLab.getTrace();
    return { tokens: t.tokens, w: Array.from(t.headTraces[0].weights.data) };
  });
  assert.deepEqual(trace.tokens, fixture.lesson.tokens);
  const expected = fixture.expected.heads[0].weights.flat();
  trace.w.forEach((v, k) => assert.ok(Math.abs(v - expected[k]) < 1e-12));
  // the page shows the same numbers; PAD keys are hidden
  const cell = page.locator('td[data-matrix="weights"][data-row="0"][data-col="3"]');
  assert.equal(await cell.getAttribute('data-value'), '0');
  assert.ok(await cell.evaluate((td) => td.classList.contains('hidden-cell')));
  // an invalid lesson is refused with problems, and the page keeps the last valid one
  const bad = await page.evaluate(() => window.attentionLab.setLesson({ tokens: ['a'], X: [[1]], W_Q: [[1, 2]], W_K: [[1]], W_V: [[1]] }));
  assert.equal(bad.ok, false);
  assert.ok(bad.problems.length > 0 && bad.problems[0].field);
  assert.deepEqual((await page.evaluate(() => window.attentionLab.getLesson())).mask, fixture.lesson.mask);
  assert.deepEqual(problems, []);
  await page.close();
});

test('getTrace() hands out what was shown: read only after an edit and a new lesson, its numbers are still those it was taken with', async () => {
  const { page, problems } = await open(env);
  // `taken` is read only at the end (its matrices are copied when first read); `now` is read at once
  await page.evaluate(() => { window.taken = window.attentionLab.getTrace(); window.now = structuredClone(window.attentionLab.getTrace()); });
  await typeIntoCell(page, 'X', 0, 0, '7.5');
  await waitForPage(page, () => window.attentionLab.getTrace().X.data[0] === 7.5);
  await page.evaluate(async () => { await window.attentionLab.setLesson({ heads: 2, init: { seed: 5, draws: [{ name: 'X', shape: [5, 8] }, ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [8, 8] }))] } }); await window.attentionLab.settled(); });
  const r = await page.evaluate(() => {
    const numbers = (t) => JSON.stringify(t, (_k, v) => (ArrayBuffer.isView(v) ? Array.from(v, String) : v));
    return { same: numbers(window.taken) === numbers(window.now), x: window.taken.X.data[0], shownX: window.attentionLab.getTrace().X.cols, heads: window.taken.headTraces.length };
  });
  assert.equal(r.same, true, 'every matrix of the copy holds the numbers shown when it was taken');
  assert.notEqual(r.x, 7.5);
  assert.deepEqual([r.shownX, r.heads], [8, 1], 'while the page shows the new lesson');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a new lesson writes only what changes: the cells it adds are not given again the class and tab stop they were made with', async () => {
  const { page, problems } = await open(env);
  const seeded = (n) => ({ tokens: Array.from({ length: n }, (_, i) => `w${i}`),
    init: { seed: 5, draws: [{ name: 'X', shape: [n, 4] }, ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [4, 4] }))] } });
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), seeded(3))).ok, true);
  await page.evaluate(() => window.attentionLab.settled());
  const writes = await page.evaluate(async (l) => {
    const records = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(document.body, { subtree: true, attributes: true, attributeOldValue: true, childList: true });
    window.attentionLab.setLesson(l);
    await window.attentionLab.settled();
    records.push(...observer.takeRecords());
    observer.disconnect();
    const added = records.flatMap((r) => [...r.addedNodes]).filter((n) => n.nodeName === 'TD').length;
    const same = records.filter((r) => r.type === 'attributes' && r.target.nodeName === 'TD' && r.oldValue === r.target.getAttribute(r.attributeName));
    return { added, same: same.map((r) => `${r.attributeName}="${r.oldValue}"`) };
  }, seeded(7));
  assert.ok(writes.added > 50, `the grids grew (${writes.added} cells added)`);
  assert.deepEqual(writes.same, [], 'no cell attribute is written with the value it already has');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the lesson round-trips through the URL hash; a malformed hash opens the default with a notice', async () => {
  const { page } = await open(env);
  await page.evaluate(() => window.attentionLab.setLesson({ tokens: ['a', 'b'], X: [[1, 0], [0, 1]], W_Q: [[1], [0]], W_K: [[1], [0]], W_V: [[2], [3]] }));
  const hash = await page.evaluate(async () => new URL(await window.attentionLab.shareLink()).hash);
  assert.match(hash, /^#v2=/);
  const again = await open(env, hash);
  assert.deepEqual(await again.page.evaluate(() => window.attentionLab.getLesson().tokens), ['a', 'b']);
  assert.deepEqual(again.problems, []);
  const broken = await open(env, '#%7Bnot-json');
  assert.match(await broken.page.locator('.notice').textContent(), /could not be read/);
  assert.equal(await broken.page.locator('.step-card:not([hidden])').count(), 6);
  assert.deepEqual(broken.problems, []);
  const invalid = await open(env, '#' + encodeURIComponent(JSON.stringify({ v: 1, lesson: { tokens: ['a'], X: [[1]] } })));
  assert.match(await invalid.page.locator('.notice').textContent(), /problems/);
  for (const p of [page, again.page, broken.page, invalid.page]) await p.close();
});
