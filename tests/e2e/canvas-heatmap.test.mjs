// Canvas heatmaps (web/views/heatmap-canvas.js): matrices over 16 × 16 are drawn one pixel per cell. They must
// still be read and edited like the table heatmaps — by keyboard (arrows, Enter, typing, Escape), by pointer
// (click selects, the tooltip names the cell) — flag invalid input at the cell, and repaint what changed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, open, canvasSelector, clickCanvasCell, typeIntoCell, waitForPage } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const lesson = (n, d, heads = 1) => ({ heads, tokens: Array.from({ length: n }, (_, i) => `w${i}`),
  init: { seed: 3, draws: [{ name: 'X', shape: [n, d] }, ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [d, d], scale: 0.1 }))] } });
// (run in the page) two frames and a task: the heatmaps' observer has reported where they are
const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))));
const trace = (page) => page.evaluate(() => { const t = window.attentionLab.getTrace(); return { X: Array.from(t.X.data), cols: t.X.cols, weights: Array.from(t.headTraces[0].weights.data) }; });

test('16 × 16 stays a table; beyond it a matrix is a canvas of its full shape', async () => {
  const { page, problems } = await open(env);
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), lesson(16, 16))).ok, true);
  assert.equal(await page.locator('table[role=grid][aria-label^="X"]').count(), 1, 'X 16 × 16 is a table');
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), lesson(16, 64, 2))).ok, true);
  assert.equal(await page.locator('table[role=grid][aria-label^="X"]').count(), 0);
  assert.deepEqual(await page.locator('.canvas-heatmap[data-matrix="X"]').evaluate((el) => [el.dataset.rows, el.dataset.cols]), ['16', '64']);
  assert.equal(await page.locator('.heatmap[data-matrix="scores"] table').count(), 2, 'the 16 × 16 scores of both heads stay tables');
  assert.deepEqual(problems, []);
  await page.close();
});

test('keyboard: arrows move the focus box and the readout names the cell; Enter edits; invalid input is flagged and kept out', async () => {
  const { page, problems } = await open(env);
  await page.evaluate((l) => window.attentionLab.setLesson(l), lesson(20, 40));
  const grid = canvasSelector('X');
  // a readout is spoken while its canvas has the focus: an edit rewrites every canvas's readout
  const spoken = () => page.locator('.canvas-readout[aria-live=polite]').evaluateAll((ps) => ps.map((p) => p.closest('.canvas-heatmap').dataset.matrix));
  assert.ok(await page.locator('.canvas-readout').count() > 5);
  assert.deepEqual(await spoken(), []);
  await page.focus(grid);
  assert.deepEqual(await spoken(), ['X']);
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'End', 'Home', 'ArrowRight', 'ArrowRight', 'PageDown']) await page.keyboard.press(key);
  const readout = await page.locator('.canvas-heatmap[data-matrix="X"] .canvas-readout').textContent();
  const before = await trace(page);
  const v = before.X[12 * before.cols + 2];
  assert.match(readout, /^X\[w12, 3\] = /, `the readout names row w12, column 3 (${readout})`);
  assert.ok(readout.includes(String(Number(v.toPrecision(6)))), 'and gives its value');
  assert.equal(await page.locator(grid).getAttribute('role'), 'application');
  assert.match(await page.locator(grid).getAttribute('aria-label'), /X, 20 × 40 heatmap \(editable\), values from -?\d/);
  // rows are tall enough for their tokens to be written beside them, columns wide enough for their numbers
  const axis = (name) => page.locator(`.canvas-heatmap[data-matrix="X"] .canvas-${name} > div`).allTextContents();
  assert.deepEqual(await axis('rows'), Array.from({ length: 20 }, (_, i) => `w${i}`));
  assert.deepEqual(await axis('cols'), Array.from({ length: 40 }, (_, j) => String(j + 1)));

  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');
  assert.match(await page.locator('.canvas-heatmap[data-matrix="X"] .cell-message').textContent(), /“abc” is not a number/);
  assert.equal(await page.locator('.canvas-heatmap[data-matrix="X"] .mark-invalid').count(), 1, 'the cell is outlined');
  assert.deepEqual((await trace(page)).X, before.X, 'the last valid value stays');

  await page.keyboard.type('2.5'); // typing on the focused cell opens the editor with that text
  await page.keyboard.press('Enter');
  const after = await trace(page);
  assert.equal(after.X[12 * after.cols + 2], 2.5);
  assert.notDeepEqual(after.weights, before.weights, 'every later step was recomputed');
  assert.equal(await page.locator('.canvas-heatmap[data-matrix="X"] .mark-invalid').count(), 0);
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('canvas-wrap')), true, 'focus returns to the grid');
  assert.deepEqual(await spoken(), ['X'], 'the other canvases rewrote their readouts silently');

  await page.keyboard.press('Enter');
  await page.keyboard.type('99');
  await page.keyboard.press('Escape');
  assert.equal((await trace(page)).X[12 * after.cols + 2], 2.5, 'Escape cancels');
  assert.deepEqual(problems, []);
  await page.close();
});

test('pointer: a click selects the cell for the inspector, hovering shows its tooltip, a double-click or the helper edits', async () => {
  const { page, problems } = await open(env);
  await page.evaluate((l) => window.attentionLab.setLesson(l), lesson(24, 24));
  await clickCanvasCell(page, 'weights', 5, 7);
  assert.deepEqual(await page.evaluate(() => window.attentionLab.getState().selection), { matrix: 'weights', head: 0, row: 5, col: 7 });
  assert.match(await page.locator('.side').textContent(), /w5/, 'the inspector explains the selected weight');
  assert.match(await page.locator('.tooltip').textContent(), /^weights\[w5, w7\] = .*how much “\u2068w5\u2069” attends to “\u2068w7\u2069”/);
  assert.equal(await page.locator('.canvas-heatmap[data-matrix="weights"] .mark-cell').count(), 1, 'the selected cell is marked');
  await typeIntoCell(page, 'W_V', 3, 4, '-1.5');
  assert.equal(await page.evaluate(() => window.attentionLab.getLesson().W_V[3][4]), -1.5);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a cell of a lesson computed in the worker is explained by the worker: the page does not compute the lesson again', async () => {
  const { page, problems } = await open(env);
  // 256 tokens × 64 heads: past the worker threshold; its trace would take hundreds of MB in the page's engine
  const big = { ...lesson(256, 16, 64), init: { seed: 3, draws: [{ name: 'X', shape: [256, 16] }, ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [16, 64], scale: 0.1 }))] } };
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), big)).ok, true);
  await page.evaluate(() => window.attentionLab.settled());
  const before = await page.evaluate(() => window.attentionLab.engineMemoryBytes());
  await clickCanvasCell(page, 'scores', 5, 7);
  await waitForPage(page, () => /Score: how much/.test(document.querySelector('.inspector').textContent));
  const text = await page.locator('.inspector').textContent();
  assert.match(text, /w5.*w7/s);
  const after = await page.evaluate(() => window.attentionLab.engineMemoryBytes());
  assert.ok(after < before + 32e6, `the page's engine grew from ${before} to ${after} bytes: it traced the lesson again`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a canvas far below the viewport paints when it comes near: blank until then, then what a page drawing the lesson at once shows; printing paints the rest', async () => {
  const first = lesson(24, 32, 2), second = { ...first, init: { ...first.init, seed: 4 } };
  const far = '.canvas-heatmap[data-matrix="weights"][data-head="1"]';
  const pixels = (page) => page.locator(far).evaluate((el) => { const c = el.querySelector('canvas'); return Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data); });
  const { page, problems } = await open(env);
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), first)).ok, true);
  await page.evaluate(frames); // the heatmaps learn where they are
  assert.ok(await page.locator(far).evaluate((el) => el.getBoundingClientRect().top > 2 * innerHeight), 'the head-2 weights lie more than a screen below');
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), second)).ok, true);
  await page.evaluate(() => window.attentionLab.settled());
  assert.equal(await page.locator(far).getAttribute('data-pixels'), 'waiting');
  assert.ok((await pixels(page)).every((v) => v === 0), 'blank while it waits: never the first lesson\'s colours');
  assert.match(await page.locator(`${far} .canvas-wrap`).getAttribute('aria-label'), /24 × 24/, 'its description is up to date');
  await page.locator(far).scrollIntoViewIfNeeded();
  await waitForPage(page, (sel) => !document.querySelector(sel).dataset.pixels, far);
  const drawnLate = await pixels(page);

  const reference = await open(env);
  assert.equal((await reference.page.evaluate((l) => window.attentionLab.setLesson(l), second)).ok, true);
  assert.equal(await reference.page.locator(far).getAttribute('data-pixels'), null, 'a new heatmap paints at once');
  assert.deepEqual(drawnLate, await pixels(reference.page));

  // scrolled back to the top, the next lesson leaves the lower canvases waiting; a print paints them all
  await page.evaluate(() => scrollTo(0, 0));
  await page.evaluate(frames);
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), first)).ok, true);
  await page.evaluate(() => window.attentionLab.settled());
  assert.ok(await page.locator('.canvas-heatmap[data-pixels]').count() > 0);
  await page.evaluate(() => dispatchEvent(new Event('beforeprint')));
  assert.equal(await page.locator('.canvas-heatmap[data-pixels]').count(), 0);
  assert.ok((await pixels(page)).some((v) => v !== 0));
  assert.deepEqual([...problems, ...reference.problems], []);
  await Promise.all([page.close(), reference.page.close()]);
});

test('canvases the page no longer shows are let go (nothing, not the observer that defers their pixels, keeps them)', async () => {
  const { page, problems } = await open(env);
  const cdp = await page.context().newCDPSession(page);
  const show = async (heads) => {
    assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), lesson(24, 32, heads))).ok, true);
    await page.evaluate(frames); // new heatmaps are observed: the observer reports
  };
  await show(2);
  await show(4);
  await page.evaluate(() => { window.canvasesBefore = [...document.querySelectorAll('.canvas-heatmap canvas')].map((c) => new WeakRef(c)); });
  for (const heads of [2, 4, 2]) await show(heads); // each time the heads' heatmaps are built again
  await cdp.send('HeapProfiler.collectGarbage');
  const [collected, keptOutside] = await page.evaluate(() => [
    window.canvasesBefore.filter((r) => !r.deref()).length, window.canvasesBefore.filter((r) => r.deref() && !r.deref().isConnected).length]);
  assert.ok(collected >= 4 * 4, `the four heads' canvases were collected (${collected})`);
  assert.equal(keptOutside, 0, 'no canvas outside the page is kept alive');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the page gives the trace shown before the last back to the engine: every canvas shows what a page drawing the lesson at once shows, and a trace lent to a host keeps its numbers, also those later traces kept', async () => {
  // five lessons of one shape (each one's numbers go into the arrays of the one two before it), one of them twice
  const lessons = [3, 4, 3, 5, 6].map((seed) => ({ ...lesson(24, 32, 2), init: { ...lesson(24, 32, 2).init, seed } }));
  const canvases = (page) => page.evaluate(() => {
    dispatchEvent(new Event('beforeprint')); // (every canvas painted, near the viewport or not)
    return [...document.querySelectorAll('.canvas-heatmap canvas')].map((c) => Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data).join());
  });
  const { page, problems } = await open(env);
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), lessons[0])).ok, true);
  await page.evaluate(() => { window.lent = window.attentionLab.getTrace(); }); // read only at the end
  const lentWeights = (await trace(page)).weights;
  const lentW_Q = await page.evaluate(() => Array.from(window.attentionLab.getTrace().inputs.W_Q.data));
  // edits of X first: the traces after them keep the lent trace's W_Q, W_K and W_V, and are given back in turn
  for (const v of ['0.1', '0.2', '0.3', '0.4']) await typeIntoCell(page, 'X', 0, 0, v);
  for (const l of lessons.slice(1)) {
    assert.equal((await page.evaluate((x) => window.attentionLab.setLesson(x), l)).ok, true);
    await typeIntoCell(page, 'X', 0, 0, '0.5'); // and an edit: a trace that keeps W_Q, W_K and W_V
  }
  const reference = await open(env);
  assert.equal((await reference.page.evaluate((l) => window.attentionLab.setLesson(l), await page.evaluate(() => window.attentionLab.getLesson()))).ok, true);
  assert.deepEqual(await trace(page), await trace(reference.page));
  const drawn = await canvases(page);
  assert.ok(drawn.length >= 8, `canvases drawn (${drawn.length})`);
  assert.deepEqual(drawn, await canvases(reference.page));
  assert.deepEqual(await page.evaluate(() => Array.from(window.lent.headTraces[0].weights.data)), lentWeights);
  assert.deepEqual(await page.evaluate(() => Array.from(window.lent.inputs.W_Q.data)), lentW_Q);
  assert.deepEqual([...problems, ...reference.problems], []);
  await Promise.all([page.close(), reference.page.close()]);
});
