// Screenshots of each step at desktop and phone sizes, for people to review (tests/artifacts/screenshots/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { startBrowser, open, cellSelector, choosePreset, screenshot, clickSettled, checkSettled } from './helpers.mjs';

const dir = new URL('../artifacts/screenshots/', import.meta.url);
const STEPS = ['embed', 'project', 'score', 'scale', 'softmax', 'sum'];
let env;
before(async () => { env = await startBrowser(); mkdirSync(dir, { recursive: true }); });
after(async () => { await env?.close(); });

// Scroll a step to just below the sticky header, as the step navigator does, and shoot the viewport. The shot
// must show what its name says: the step's card at the top of the viewport, its title and heatmaps drawn.
async function shootStep(page, step, file) {
  const seen = await page.evaluate((id) => {
    const card = document.getElementById(`step-${id}`);
    const top = document.querySelector('.top').getBoundingClientRect().height;
    window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - top - 8);
    const box = card.getBoundingClientRect();
    const atEnd = window.scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
    return { hidden: card.hidden, top: box.top, headerBottom: top, viewport: innerHeight, atEnd,
      title: card.querySelector('h2')?.textContent ?? '', maps: card.querySelectorAll('.heatmap, .canvas-heatmap').length };
  }, step);
  assert.equal(seen.hidden, false, `${file}: the ${step} card is shown`);
  assert.ok(seen.top >= seen.headerBottom - 1 && (seen.top <= seen.headerBottom + 9 || seen.atEnd) && seen.top < seen.viewport,
    `${file}: the ${step} card starts just under the header, or as near as the page scrolls (${seen.top})`);
  assert.ok(seen.title.length > 0 && seen.maps > 0, `${file}: the ${step} card has its title and heatmaps`);
  await screenshot(page, { path: new URL(file, dir).pathname });
}

const weightsRow = (page, row, head = 0) => page.evaluate(([row, head]) => {
  const w = window.attentionLab.getTrace().headTraces[head].weights;
  return Array.from(w.data.subarray(row * w.cols, (row + 1) * w.cols));
}, [row, head]);

for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`screenshots of every step at ${name} size`, async () => {
    const { page, problems } = await open(env, '', viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // (each click once what it clicks stays where it is: clickSettled, checkSettled)
    const causal = page.locator('.mask-control input[value=causal]');
    await clickSettled(page, cellSelector('scores', 2, 1));
    await page.mouse.move(0, 0);
    assert.match(await page.locator('.inspector').textContent(), /Score: how much/, 'the shots show the inspector on the selected score');
    assert.ok(await page.locator(cellSelector('weights', 2, 1)).evaluate((td) => td.classList.contains('sel-cell')), 'and the selection across steps');
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    await screenshot(page, { path: new URL(`${name}-0-top.png`, dir).pathname });
    for (const [k, step] of STEPS.entries()) await shootStep(page, step, `${name}-${k + 1}-${step}.png`);
    await screenshot(page, { path: new URL(`${name}-full.png`, dir).pathname, fullPage: true });
    // a few scenarios a teacher would project
    await choosePreset(page, 'dog-ran-fast');
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.deepEqual(await page.evaluate(() => window.attentionLab.getTrace().tokens), ['The', 'dog', 'ran', 'fast']);
    await screenshot(page, { path: new URL(`${name}-dog-top.png`, dir).pathname });
    await choosePreset(page, 'jane-cinema');
    await checkSettled(page, causal);
    for (let k = 0; k < 5; k++) await page.click('.reveal-next');
    const n = await page.evaluate(() => window.attentionLab.getTrace().tokens.length);
    assert.equal(await page.evaluate(() => window.attentionLab.getState().reveal), Math.min(6, n), 'the decoding step shown is the sixth');
    assert.equal((await weightsRow(page, 0))[1], 0, 'causal: the first token does not see the second');
    await shootStep(page, 'softmax', `${name}-jane-causal-softmax.png`);
    await choosePreset(page, 'toy-dk4');
    await checkSettled(page, '.mask-control input[value=matrix]');
    await page.click('td[data-matrix=mask][data-row="0"][data-col="0"]');
    await page.click('td[data-matrix=mask][data-row="0"][data-col="1"]');
    await page.click('td[data-matrix=mask][data-row="0"][data-col="2"]');
    assert.deepEqual(await weightsRow(page, 0), [0, 0, 0], 'the first row sees no key: all its weights are 0');
    assert.match(await page.locator('.step-card[data-step=softmax] .step-notes').textContent(), /may not see any key/);
    await shootStep(page, 'softmax', `${name}-toy-empty-row.png`);
    await choosePreset(page, 'lecture20-seed20');
    await page.fill('input[name=heads]', '2');
    await page.press('input[name=heads]', 'Enter');
    await page.click('.wo-buttons button');
    assert.equal(await page.locator('.step-card[data-step=softmax] .heatmap[data-matrix=weights]').count(), 2, 'two heads: two weight maps');
    assert.equal(await page.locator('.step-card[data-step=sum] .heatmap[data-matrix=W_O]').count(), 1, 'and W_O in the sum step');
    await shootStep(page, 'softmax', `${name}-two-heads-softmax.png`);
    await shootStep(page, 'sum', `${name}-two-heads-sum.png`);
    // the whole layer: the translation decoder's every layer step, and sinusoidal positions at step 1
    await choosePreset(page, 'translation-decoder');
    for (const [k, step] of ['add_norm', 'cross_score', 'cross_softmax', 'cross_sum', 'cross_norm', 'ffn', 'ffn_norm'].entries()) {
      await shootStep(page, step, `${name}-layer-${k + 7}-${step}.png`);
    }
    await shootStep(page, 'embed', `${name}-layer-positions.png`);
    // the KV-cache stepper at its third step
    await choosePreset(page, 'lecture20-seed20');
    await checkSettled(page, causal);
    for (let k = 0; k < 2; k++) await page.click('.kv-cache button:has-text("next token")');
    await page.waitForFunction(() => /step 3 of/.test(document.querySelector('.kv-cache h3').textContent));
    await page.locator('.kv-cache').scrollIntoViewIfNeeded();
    await screenshot(page, { path: new URL(`${name}-kv-cache.png`, dir).pathname });
    assert.deepEqual(problems, []);
    await page.close();
  });
}

// Presentation mode on a projector (issue 14, item 9): at 1024 × 768 the step's whole heatmap fits above the bar —
// the explanation collapsed behind its button, the controls hidden.
test('presentation mode at 1024 × 768: the whole weights heatmap of step 5 is on the screen', async () => {
  const { page, problems } = await open(env, '?present=1', { width: 1024, height: 768 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.waitForFunction(() => document.documentElement.dataset.present === 'true');
  for (let k = 0; k < 4; k++) await page.keyboard.press('PageDown');
  await page.waitForFunction(() => window.attentionLab.getState().step === 'softmax');
  const fits = () => page.evaluate(() => {
    const map = document.querySelector('.step-card.presented .heatmap[data-matrix=weights]').getBoundingClientRect();
    const bar = document.querySelector('.present-bar').getBoundingClientRect();
    return { top: map.top, bottom: map.bottom, left: map.left, right: map.right, barTop: bar.top, width: innerWidth, height: innerHeight,
      rows: document.querySelectorAll('.step-card.presented .heatmap[data-matrix=weights] tbody tr').length };
  });
  const seen = await fits();
  assert.equal(seen.rows, 4, 'four rows of weights');
  assert.ok(seen.top >= 0 && seen.left >= 0 && seen.right <= seen.width, `the heatmap is on the screen (${JSON.stringify(seen)})`);
  assert.ok(seen.bottom <= seen.barTop, `its last row is above the present bar (${seen.bottom} ≤ ${seen.barTop})`);
  assert.equal(await page.locator('.step-card.presented .explain').isVisible(), false, 'the explanation is collapsed');
  assert.equal(await page.locator('.step-card.presented .step-controls').isVisible(), false, 'the controls are hidden');
  await screenshot(page, { path: new URL('present-1024-5-softmax.png', dir).pathname });
  await page.click('.present-explain');
  await page.waitForFunction(() => document.documentElement.dataset.presentExplain === 'true');
  assert.equal(await page.locator('.step-card.presented .explain').isVisible(), true, 'the button shows the explanation');
  assert.equal(await page.locator('.present-explain').getAttribute('aria-pressed'), 'true');
  await screenshot(page, { path: new URL('present-1024-5-softmax-explained.png', dir).pathname });
  await page.click('.present-explain');
  await page.waitForFunction(() => document.documentElement.dataset.presentExplain === 'false');
  assert.deepEqual(problems, []);
  await page.close();
});
