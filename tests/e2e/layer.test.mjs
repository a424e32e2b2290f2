// The whole Transformer layer in the walkthrough: "Continue into the full layer" from step 6, the layer's steps
// with human titles in the navigator, editing γ changes the norm and the output (and nothing before the norm), the
// translation preset's cross-attention heatmap (target rows × source columns, labelled with both sentences), a new
// source sentence and PAD toggles, positions with their P heatmap, the KV-cache stepper, the inspector's layer cells.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, open, readCell, choosePreset, cellSelector, typeIntoCell, waitForPage, clickSettled, checkSettled } from './helpers.mjs';

let env, page, problems;
before(async () => { env = await startBrowser(); ({ page, problems } = await open(env)); });
after(async () => { await env?.close(); });

const lesson = () => page.evaluate(() => window.attentionLab.getLesson());
const visibleSteps = () => page.locator('.step-card:not([hidden])').evaluateAll((cs) => cs.map((c) => c.dataset.step));
// (the first head's heatmap)
const labels = (matrix, axis) => page.locator(`.heatmap[data-matrix="${matrix}"]`).first().locator(axis === 'col' ? 'thead th' : 'tbody th').allTextContents();

test('a lesson of the six steps looks as before; "Continue into the full layer" adds add & norm, feed-forward, add & norm', async () => {
  await choosePreset(page, 'lecture20-seed20');
  assert.deepEqual(await visibleSteps(), ['embed', 'project', 'score', 'scale', 'softmax', 'sum']);
  await page.click('button.continue-layer');
  await waitForPage(page, () => !document.querySelector('#step-ffn').hidden);
  assert.deepEqual(await visibleSteps(), ['embed', 'project', 'score', 'scale', 'softmax', 'sum', 'add_norm', 'ffn', 'ffn_norm']);
  const nav = await page.locator('.step-nav a:not([hidden])').allTextContents();
  assert.deepEqual(nav.slice(6), ['7 Add & norm', '8 Feed-forward', '9 Add & norm (after feed-forward)']);
  assert.equal(await page.locator('#step-ffn h2').textContent(), '8. Feed-forward');
  const l = await lesson();
  assert.equal(l.layer.norm, 'post');
  assert.ok(l.init.draws.some((d) => d.name === 'layer.W_ff1'));
  // the layer's output: 4 tokens × d_model 8
  assert.equal(await page.locator(`.heatmap[data-matrix=layer_output] tbody tr`).count(), 4);
  assert.deepEqual(problems, []);
});

test("the steps' choices (positions, where the norm sits, the activation) are set like their other controls", async () => {
  for (const [step, name] of [['add_norm', 'norm'], ['ffn', 'activation'], ['embed', 'positions']]) {
    const at = await page.locator(`#step-${step} select[name=${name}]`).evaluate((select) => {
      const label = select.closest('label').querySelector('span'), [a, b] = [label, select].map((el) => el.getBoundingClientRect());
      return { select: getComputedStyle(select).fontSize, card: getComputedStyle(select.closest('.step-card')).fontSize, gap: b.left - a.right };
    });
    assert.equal(at.select, at.card, `${step}: the choice's font is ${at.select}, the card's ${at.card}`);
    assert.ok(at.gap >= 4, `${step}: ${at.gap}px between the label and its choice`);
  }
});

test('editing γ₁ changes the norm and everything after it, not the residual sum before it', async () => {
  const sum = await readCell(page, 'sum1', 1, 2);
  const norm = await readCell(page, 'norm1', 1, 2);
  const out = await readCell(page, 'layer_output', 1, 2);
  await typeIntoCell(page, 'layer.ln1.gamma', 0, 2, '3');
  await waitForPage(page, () => window.attentionLab.getLesson().layer.ln1.gamma[2] === 3);
  assert.equal((await readCell(page, 'sum1', 1, 2)).value, sum.value);
  assert.notEqual((await readCell(page, 'norm1', 1, 2)).value, norm.value);
  assert.notEqual((await readCell(page, 'layer_output', 1, 2)).value, out.value);
  // the inspector explains a layer-norm cell with the engine's mean, variance, γ and β
  await clickSettled(page, cellSelector('norm1', 1, 2));
  const text = await page.locator('.inspector').textContent();
  assert.match(text, /Layer norm 1/);
  assert.match(text, /mean μ/);
  assert.match(text, /× γ \+ β = .*× 3 \+/);
  await clickSettled(page, cellSelector('ffn_hidden', 0, 1));
  assert.match(await page.locator('.inspector').textContent(), /Feed-forward: .*hidden unit 2/);
  await clickSettled(page, cellSelector('sum1', 0, 0));
  assert.match(await page.locator('.inspector').textContent(), /Residual sum/);
  // GELU and pre-norm recompute
  await page.selectOption('select[name=activation]', 'gelu');
  await waitForPage(page, () => window.attentionLab.getLesson().layer.activation === 'gelu');
  await page.selectOption('select[name=norm]', 'pre');
  await waitForPage(page, () => window.attentionLab.getLesson().layer.norm === 'pre');
  assert.deepEqual(problems, []);
});

test('positions: sinusoidal shows P and X + P at step 1', async () => {
  await page.selectOption('select[name=positions]', 'sinusoidal');
  await waitForPage(page, () => window.attentionLab.getLesson().positions === 'sinusoidal');
  // P[0] = [sin 0, cos 0, …] = [0, 1, 0, 1, …]
  assert.equal((await readCell(page, 'P', 0, 0)).value, 0);
  assert.equal((await readCell(page, 'P', 0, 1)).value, 1);
  assert.ok(Math.abs((await readCell(page, 'P', 1, 0)).value - Math.sin(1)) < 1e-15);
  const x = await readCell(page, 'X', 2, 3), p = await readCell(page, 'P', 2, 3);
  assert.equal((await readCell(page, 'X_plus_P', 2, 3)).value, x.value + p.value);
  await page.selectOption('select[name=positions]', 'none');
  await waitForPage(page, () => !document.querySelector('.heatmap[data-matrix=P]'));
  await page.click('button.remove-layer');
  await waitForPage(page, () => document.querySelector('#step-ffn').hidden);
  assert.deepEqual(problems, []);
});

test('the translation preset: cross-attention is target rows × source columns, labelled with both sentences; the source is editable', async () => {
  await choosePreset(page, 'translation-decoder');
  assert.deepEqual(await visibleSteps(), ['embed', 'project', 'score', 'scale', 'softmax', 'sum', 'add_norm',
    'cross_score', 'cross_softmax', 'cross_sum', 'cross_norm', 'ffn', 'ffn_norm']);
  assert.deepEqual((await labels('cross_weights', 'col')).slice(1), ['le', 'chat', 'dort']);
  assert.deepEqual(await labels('cross_weights', 'row'), ['the', 'cat', 'sleeps']);
  assert.equal(await page.locator(`${cellSelector('cross_weights', 2, 2, 1)}`).count(), 1); // head 2
  await clickSettled(page, cellSelector('cross_scores', 1, 2));
  assert.match(await page.locator('.inspector').textContent(), /Cross-attention score: .*cat.*dort/);
  // a longer source sentence: four columns
  await page.fill('input[name=source-sentence]', 'le petit chat dort');
  await page.press('input[name=source-sentence]', 'Enter');
  await waitForPage(page, () => window.attentionLab.getLesson().source.tokens.length === 4);
  assert.deepEqual((await labels('cross_weights', 'col')).slice(1), ['le', 'petit', 'chat', 'dort']);
  // PAD on "petit": its column's weights are exactly 0
  await checkSettled(page, '.pad-toggles input[data-j="1"]');
  await waitForPage(page, () => window.attentionLab.getLesson().source.padding?.[1] === true);
  for (const i of [0, 1, 2]) assert.equal((await readCell(page, 'cross_weights', i, 1)).value, 0);
  // the target sentence too: four target rows
  await page.fill('input[name=sentence]', 'the small cat sleeps');
  await page.press('input[name=sentence]', 'Enter');
  await waitForPage(page, () => document.querySelector('.heatmap[data-matrix=cross_weights] tbody')?.rows.length === 4);
  assert.deepEqual(problems, []);
});

test('generate with a KV cache: one step at a time, cached rows marked, bit-identical to the full causal computation', async () => {
  await choosePreset(page, 'lecture20-seed20');
  await checkSettled(page, '.mask-control input[value=causal]');
  await waitForPage(page, () => !document.querySelector('.kv-cache').hidden);
  assert.match(await page.locator('.kv-cache h3').textContent(), /step 1 of 4/);
  await page.click('.kv-cache button:has-text("next token")');
  await page.click('.kv-cache button:has-text("next token")');
  await waitForPage(page, () => /step 3 of 4/.test(document.querySelector('.kv-cache h3').textContent));
  assert.equal(await page.locator('.kv-cache tr.cached').count(), 2);
  assert.equal(await page.locator('.kv-cache tr.new').count(), 1);
  assert.equal(await page.locator('.kv-proof').getAttribute('data-same'), 'true');
  assert.match(await page.locator('.kv-proof').textContent(), /2 cached K and V rows equal/);
  assert.match(await page.locator('.kv-count').textContent(), /saved/);
  // every head
  await page.fill('input[name=heads]', '2');
  await page.press('input[name=heads]', 'Enter');
  await waitForPage(page, () => document.querySelectorAll('.kv-head').length === 2);
  assert.equal(await page.locator('.kv-proof').getAttribute('data-same'), 'true');
  assert.deepEqual(problems, []);
});

test('a layer lesson survives a share link: the step, the lesson and a layer cell selected', async () => {
  await choosePreset(page, 'translation-decoder');
  await clickSettled(page, cellSelector('cross_weights', 1, 2));
  const link = await page.evaluate(() => window.attentionLab.shareLink());
  const fresh = await open(env, `#${link.split('#')[1]}`);
  await waitForPage(fresh.page, () => window.attentionLab.getState().selection?.matrix === 'cross_weights');
  assert.equal((await fresh.page.evaluate(() => window.attentionLab.getLesson())).source.sentence, 'le chat dort');
  assert.deepEqual((await fresh.page.locator('.heatmap[data-matrix=cross_weights]').first().locator('thead th').allTextContents()).slice(1), ['le', 'chat', 'dort']);
  assert.deepEqual(fresh.problems, []);
  await fresh.page.close();
});

test('a big encoder layer is computed in the worker and shows its layer output', async () => {
  const d = 256, draws = [{ name: 'X', shape: [256, d] }, ...['W_Q', 'W_K', 'W_V', 'W_O'].map((name) => ({ name, shape: [d, d], scale: 0.1 })),
    { name: 'layer.W_ff1', shape: [d, 1024], scale: 0.1 }, { name: 'layer.W_ff2', shape: [1024, d], scale: 0.1 }];
  const ln = { gamma: new Array(d).fill(1), beta: new Array(d).fill(0) };
  const big = { tokens: Array.from({ length: 256 }, (_, i) => `t${i}`), heads: 4, positions: 'sinusoidal', layer: { ln1: ln, ln2: ln }, init: { seed: 5, draws } };
  const r = await page.evaluate((l) => window.attentionLab.setLesson(l), big);
  assert.equal(r.ok, true, JSON.stringify(r.problems));
  assert.equal(await page.evaluate(() => document.documentElement.dataset.busy), 'true', 'computed in the background');
  await page.evaluate(() => window.attentionLab.settled());
  await waitForPage(page, () => !document.querySelector('#step-ffn_norm').hidden && document.querySelector('[data-matrix="layer_output"]'));
  assert.deepEqual(problems, []);
});
