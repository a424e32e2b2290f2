// The labs page ("Beyond the pipeline"): each section loads, its controls recompute through the engine, the
// charts and numbers change, and nothing logs an error. Screenshots go to tests/artifacts/screenshots/labs-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { startBrowser, openPage, screenshot } from './browser.mjs';
import { checkSettled } from './helpers.mjs';

const SHOTS = new URL('../artifacts/screenshots/', import.meta.url).pathname;
let env, page, problems;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  env = await startBrowser();
  ({ page, problems } = await openPage(env, 'labs.html?lang=en'));  // the readouts below are matched in English
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
});
after(async () => { await env?.close(); });

const signature = (id) => page.locator(`[data-chart="${id}"]`).getAttribute('data-signature');
const readout = (id) => page.locator(`[data-readout="${id}"]`).textContent();
async function setRange(name, value) {
  await page.locator(`input[name="${name}"]`).evaluate((el, v) => {
    el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, String(value));
}

test('the page has five sections, a link back to the walkthrough, and real charts', async () => {
  assert.equal(await page.locator('section.lab').count(), 5);
  assert.equal(await page.locator('a.back').getAttribute('href'), './index.html?lang=en');
  assert.ok(await page.locator('.chart svg text.tick').count() > 50, 'axes have tick labels');
  assert.ok(await page.locator('.chart .legend li').count() >= 10, 'charts have legends');
  assert.ok(await page.locator('.chart .axis-label').count() >= 10, 'axes have titles');
});

test('1. √d_k: raw variance follows d_k, scaled stays near 1; the d_k slider and the seed recompute', async () => {
  const rows = await page.evaluate(() => window.attentionLabs.views.scale.rows);
  const at512 = rows.find((r) => r.dK === 512);
  assert.ok(at512.rawVariance > 350 && at512.rawVariance < 700, `raw variance ${at512.rawVariance}`);
  assert.ok(Math.abs(at512.scaledVariance - 1) < 0.2, `scaled variance ${at512.scaledVariance}`);
  const before = await readout('scale'), example = await signature('scale-example');
  await setRange('scale-dk', 90);  // d_k = 512
  assert.match(await readout('scale'), /d_k = 512/);
  assert.notEqual(await signature('scale-example'), example);
  await page.fill('input[name="scale-seed"]', '7');
  await page.locator('input[name="scale-seed"]').dispatchEvent('change');
  assert.notEqual(await readout('scale'), before);
  await screenshot(page.locator('#scale'), { path: `${SHOTS}labs-1-scale.png` });
});

test('2. precision: float16 without max subtraction overflows once a logit passes ln 65504; masks behave', async () => {
  const verdict = (run) => page.locator(`tr[data-run="${run}"] .verdict`).getAttribute('data-verdict');
  assert.equal(await verdict('float16, naive'), 'fine');
  await setRange('precision-shift', 10);  // largest logit 12: e^12 > 65504
  assert.notEqual(await verdict('float16, naive'), 'fine');
  assert.equal(await verdict('float16, max subtracted'), 'fine');
  assert.equal(await verdict('float64, naive'), 'fine');
  // every key hidden: −∞ gives NaN; −1e9 gives uniform weights in float64 but NaN in float16
  for (let i = 0; i < 4; i++) await checkSettled(page, `input[name="precision-hide-${i}"]`);
  assert.equal(await verdict('float64, max subtracted'), 'invalid');
  await page.selectOption('select[name="precision-mask"]', '-1e9');
  assert.equal(await verdict('float64, max subtracted'), 'fine');
  assert.equal(await verdict('float16, max subtracted'), 'invalid');
  await page.selectOption('select[name="precision-mask"]', '-1e4');
  assert.equal(await verdict('float16, max subtracted'), 'fine');
  for (let i = 0; i < 3; i++) await checkSettled(page, `input[name="precision-hide-${i}"]`, false);
  const sweep = await signature('precision-sweep');
  await page.fill('input[name="precision-logits"]', '5, 1, 0, -3, 2');
  assert.notEqual(await signature('precision-sweep'), sweep);
  assert.equal(await page.locator('#precision fieldset input[type=checkbox]').count(), 5);
  await screenshot(page.locator('#precision'), { path: `${SHOTS}labs-2-precision.png` });
});

test('3. bank: identical static vectors, different contextual ones; editing a sentence or a feature updates', async () => {
  const text = await readout('bank');
  assert.match(text, /cos\(static, static\) = 1\b/);
  const cc = Number(await page.locator('[data-readout="bank"] [data-cosine]').getAttribute('data-cosine'));
  assert.ok(cc < 0.95, `contextual cosine ${cc}`);
  assert.match(text, /account|opening/);
  assert.match(text, /river|walk/);
  const vectors = await signature('bank-vectors');
  await page.fill('input[name="bank-vec-river-1"]', '3');
  assert.notEqual(await signature('bank-vectors'), vectors);
  await page.fill('input[name="bank-sentence-1"]', 'I sat on the bank of a river');
  assert.equal(await page.locator('[data-chart="bank-attends-1"] svg text.tick').filter({ hasText: 'sat' }).count(), 1);
  await page.fill('input[name="bank-sentence-1"]', 'I went to bank with zebra');
  assert.match(await readout('bank'), /zebra|vocab/i);
  await page.fill('input[name="bank-new-word"]', 'with');
  await page.click('button[name="bank-add-word"]');
  await page.fill('input[name="bank-new-word"]', 'zebra');
  await page.click('button[name="bank-add-word"]');
  assert.match(await readout('bank'), /cos\(contextual/);
  await page.fill('input[name="bank-sentence-1"]', 'I went to bank of a river for the walk');
  await screenshot(page.locator('#contextual'), { path: `${SHOTS}labs-3-contextual.png` });
});

test('4. Bahdanau: six alignment functions side by side; the step control walks the decoder', async () => {
  assert.equal(await page.locator('[data-grid="bahdanau-weights"] tbody tr').count(), 6);
  const weights = () => page.locator('[data-grid="bahdanau-weights"] tbody').textContent();
  const first = await weights();
  await page.click('button[name="bahdanau-next"]');
  assert.notEqual(await weights(), first);
  assert.match(await readout('bahdanau'), /Step 2, “chat”/);
  // scaled dot finds "cat" for "chat"
  assert.match(await readout('bahdanau'), /scaled dot → “cat”/);
  const context = await page.locator('[data-grid="bahdanau-context"]').textContent();
  await page.fill('input[name="bahdanau-s-1"]', '5');
  assert.notEqual(await page.locator('[data-grid="bahdanau-context"]').textContent(), context);
  const general = await page.locator('[data-grid="bahdanau-scores"] tbody tr').nth(2).textContent();
  await page.fill('input[name="bahdanau-seed"]', '4');
  await page.locator('input[name="bahdanau-seed"]').dispatchEvent('change');
  assert.notEqual(await page.locator('[data-grid="bahdanau-scores"] tbody tr').nth(2).textContent(), general);
  await page.selectOption('select[name="bahdanau-kind"]', 'cosine');
  assert.match(await page.locator('[data-grid="bahdanau-alignment"] figcaption').textContent(), /cosine/);
  await screenshot(page.locator('#bahdanau'), { path: `${SHOTS}labs-4-bahdanau.png` });
});

test('5. training: step, play, pause and reset; the loss falls and the run replays identically', async () => {
  const state = async () => ({
    step: Number(await page.locator('[data-readout="train"]').getAttribute('data-step')),
    loss: Number(await page.locator('[data-readout="train"]').getAttribute('data-loss')),
  });
  // leave the previous section's inputs first: their change events re-render above and would shift this button
  await page.evaluate(() => document.activeElement?.blur());
  await page.locator('#training').scrollIntoViewIfNeeded();
  const start = await state();
  assert.equal(start.step, 0);
  await page.click('button[name="train-step"]');
  assert.equal((await state()).step, 1, await readout('train'));
  await page.selectOption('select[name="train-speed"]', '20');
  await page.click('button[name="train-play"]');
  await page.waitForFunction(() => Number(document.querySelector('[data-readout="train"]').dataset.step) >= 300, null, { timeout: 30000 });
  await page.click('button[name="train-play"]');  // pause
  const paused = await state();
  await page.waitForTimeout(200);
  assert.equal((await state()).step, paused.step, 'pause stops training');
  assert.ok(paused.loss < start.loss / 100, `loss ${start.loss} → ${paused.loss}`);
  assert.ok(await page.locator('[data-chart="train-loss"]').getAttribute('data-points') > 300);
  const heat = await page.locator('[data-grid="train-weights"] tbody').textContent();
  await page.click('button[name="train-next-example"]');
  assert.notEqual(await page.locator('[data-grid="train-weights"] tbody').textContent(), heat);
  await page.click('button[name="train-prev-example"]');
  await screenshot(page.locator('#training'), { path: `${SHOTS}labs-5-training.png` });
  // reset, then the same number of steps gives the same loss, bit for bit
  await page.click('button[name="train-reset"]');
  assert.deepEqual(await state(), start);
  const replay = await page.evaluate((n) => {
    const v = window.attentionLabs.views.training;
    return v.advance(n).loss;
  }, paused.step);
  assert.equal(replay, paused.loss);
});

test('no console errors, and the phone layout does not scroll sideways', async () => {
  assert.deepEqual(problems, []);
  const phone = await openPage(env, 'labs.html?lang=en', { width: 390, height: 844 });
  await phone.page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `page is ${overflow}px wider than the screen`);
  await screenshot(phone.page, { path: `${SHOTS}labs-phone-top.png` });
  assert.deepEqual(phone.problems, []);
  await phone.page.close();
});
