// Accessibility audit: axe-core (WCAG 2.0/2.1 A and AA rules) over the walkthrough at desktop and phone size
// (with its instructor panel and dialogs open), the labs and the exercises; and prefers-reduced-motion turns
// animations and transitions off. axe is injected as a script tag, which the page's strict CSP would refuse:
// these pages are opened with bypassCSP (the CSP itself is checked by csp.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startBrowser, cellSelector, clickSettled, checkSettled } from './helpers.mjs';

const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const DESKTOP = { width: 1280, height: 900 }, PHONE = { width: 390, height: 844 };

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

async function openAudited(path, viewport = DESKTOP, options = {}) {
  const context = await env.browser.newContext({ viewport, bypassCSP: true, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(env.base + path);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  return { page, problems, close: () => context.close() };
}

/** axe's violations as short lines: rule, impact, how many nodes, the first few targets. */
async function audit(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }), TAGS);
  return result.violations.map((v) => `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test('walkthrough at desktop size: no WCAG 2.1 AA violation, also with the inspector, instructor panel and dialogs', async () => {
  const { page, problems, close } = await openAudited('');
  assert.deepEqual(await audit(page), [], 'fresh page');
  await clickSettled(page, cellSelector('weights', 1, 0));
  await page.click('.instructor-toggle');
  assert.deepEqual(await audit(page), [], 'a cell selected, instructor panel open');
  await page.click('.instructor-toggle');
  await page.click('.open-export');
  assert.deepEqual(await audit(page), [], 'export dialog');
  await page.keyboard.press('Escape');
  // two heads and a causal mask: more heatmaps, masked cells
  await page.fill('input[name=heads]', '2');
  await page.press('input[name=heads]', 'Enter');
  await checkSettled(page, '.mask-control input[value=causal]');
  assert.deepEqual(await audit(page), [], 'two heads, causal mask');
  assert.deepEqual(problems, []);
  await close();
});

test('the Transformer layer: no WCAG 2.1 AA violation on the layer\'s steps, the decoder, positions and the KV-cache stepper', async () => {
  const { page, problems, close } = await openAudited('');
  await page.click('button.continue-layer');
  await page.waitForSelector('#step-ffn:not([hidden])');
  await page.selectOption('select[name=positions]', 'sinusoidal');
  await page.waitForSelector('.heatmap[data-matrix=P]');
  await clickSettled(page, cellSelector('norm1', 1, 0));
  assert.deepEqual(await audit(page), [], 'an encoder layer, a norm cell explained');
  await page.selectOption('select[name=preset]', 'translation-decoder');
  await page.waitForSelector('#step-cross_score:not([hidden])');
  await clickSettled(page, cellSelector('cross_scores', 1, 0));
  assert.deepEqual(await audit(page), [], 'the translation decoder');
  await page.selectOption('select[name=preset]', 'lecture20-seed20');
  await checkSettled(page, '.mask-control input[value=causal]');
  await page.waitForSelector('.kv-cache:not([hidden])');
  assert.deepEqual(await audit(page), [], 'the KV-cache stepper');
  assert.deepEqual(problems, []);
  await close();
});

test('walkthrough: the Embed dialog has no WCAG 2.1 AA violation', async () => {
  const { page, problems, close } = await openAudited('');
  await page.click('.open-embed');
  await page.waitForSelector('.embed-dialog[open]');
  assert.deepEqual(await audit(page), [], 'embed dialog');
  assert.deepEqual(problems, []);
  await close();
});

test('walkthrough at phone size: no WCAG 2.1 AA violation', async () => {
  const { page, problems, close } = await openAudited('', PHONE, { isMobile: true, hasTouch: true });
  assert.deepEqual(await audit(page), []);
  assert.deepEqual(problems, []);
  await close();
});

test('labs: no WCAG 2.1 AA violation', async () => {
  const { page, problems, close } = await openAudited('labs.html');
  assert.deepEqual(await audit(page), []);
  assert.deepEqual(problems, []);
  await close();
});

test('exercises: no WCAG 2.1 AA violation, fresh and after wrong answers with hints and a solution shown', async () => {
  const { page, problems, close } = await openAudited('exercises.html');
  assert.deepEqual(await audit(page), [], 'fresh');
  await page.evaluate(async () => {
    for (let round = 0; round < 3; round++) {
      for (const form of document.querySelectorAll('.ex-card form.answer')) {
        form.querySelectorAll('input:not([type=checkbox])').forEach((i) => { i.value = '7'; });
        form.querySelector('.choice')?.click();
        form.querySelector('button.check')?.click();
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    document.querySelector('.show-solution:not([hidden])')?.click();
  });
  assert.deepEqual(await audit(page), [], 'after answers');
  assert.deepEqual(problems, []);
  await close();
});

test('every page at phone size: labs and exercises pass too', async () => {
  for (const path of ['labs.html', 'exercises.html']) {
    const { page, close } = await openAudited(path, PHONE, { isMobile: true, hasTouch: true });
    assert.deepEqual(await audit(page), [], path);
    await close();
  }
});

function movingParts(page) {
  return page.evaluate(() => {
    const secs = (s) => s.split(',').map((t) => parseFloat(t) * (t.trim().endsWith('ms') ? 0.001 : 1));
      const out = [];
      const check = (el, pseudo) => {
        const cs = getComputedStyle(el, pseudo);
        const anim = cs.animationName !== 'none' && secs(cs.animationDuration).some((d) => d > 0.001);
        const trans = secs(cs.transitionDuration).some((d) => d > 0.001) && cs.transitionProperty !== 'none';
        if (anim || trans) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')}${pseudo ?? ''}: ${anim ? `animation ${cs.animationName} ${cs.animationDuration}` : ''} ${trans ? `transition ${cs.transitionProperty} ${cs.transitionDuration}` : ''}`);
      };
      for (const el of document.querySelectorAll('*')) { check(el); check(el, '::before'); check(el, '::after'); }
      return { out: out.slice(0, 10), scroll: getComputedStyle(document.documentElement).scrollBehavior };
  });
}

test('prefers-reduced-motion: no animation or transition runs on any page', async () => {
  const normal = await openAudited('', DESKTOP, { reducedMotion: 'no-preference' });
  assert.ok((await movingParts(normal.page)).out.length > 0, 'the check sees the transitions that exist without the preference');
  await normal.close();
  for (const path of ['', 'labs.html', 'exercises.html']) {
    const { page, close } = await openAudited(path, DESKTOP, { reducedMotion: 'reduce' });
    if (path === '') { await clickSettled(page, cellSelector('weights', 1, 0)); await page.click('.instructor-toggle'); }
    const moving = await movingParts(page);
    assert.deepEqual(moving.out, [], `${path || 'index'}: animations/transitions under reduced motion`);
    assert.notEqual(moving.scroll, 'smooth', `${path || 'index'}: no smooth scrolling under reduced motion`);
    await close();
  }
});

test('canvas heatmaps (a 16-token lesson with d_model 64): no WCAG 2.1 AA violation, also with a cell focused and in edit', async () => {
  const { page, problems, close } = await openAudited('');
  const r = await page.evaluate(() => window.attentionLab.setLesson({ heads: 2, tokens: Array.from({ length: 16 }, (_, i) => `w${i}`),
    init: { seed: 3, draws: [{ name: 'X', shape: [16, 64] }, ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [64, 64], scale: 0.1 }))] } }));
  assert.equal(r.ok, true);
  assert.ok(await page.locator('.canvas-heatmap').count() > 0, 'the large matrices are canvases');
  assert.deepEqual(await audit(page), [], 'canvas heatmaps');
  await page.focus('.canvas-heatmap[data-matrix="X"] .canvas-wrap');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.deepEqual(await audit(page), [], 'a canvas cell in edit');
  assert.deepEqual(problems, []);
  await close();
});
