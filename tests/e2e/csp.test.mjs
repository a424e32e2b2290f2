// Strict Content-Security-Policy: every built page carries the policy in a <meta> tag, and driving every
// section of the walkthrough, the labs and the exercises under it reports no `securitypolicyviolation` event
// and no console error (a blocked inline style or script would show up as both).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startBrowser, openPage, ready, cellSelector, settledLoad, clickSettled, checkSettled } from './helpers.mjs';

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'";
const DIST = new URL('../../dist/', import.meta.url);

// Runs before the page's own scripts: collects every violation the browser reports.
function collectViolations() {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample || ''}`);
  });
}
const violations = (page) => page.evaluate(() => window.__csp);

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('every built page carries the strict policy, without unsafe-eval or unsafe-inline', () => {
  for (const file of ['index.html', 'labs.html', 'exercises.html']) {
    const html = readFileSync(new URL(file, DIST), 'utf8');
    const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/);
    assert.ok(meta, `${file} has a CSP meta tag`);
    const policy = meta[1].replaceAll('&#39;', "'");
    assert.equal(policy, CSP, file);
    assert.ok(html.indexOf(meta[0]) < html.indexOf('<script'), `${file}: the policy comes before any script`);
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, `${file}: no inline script`);
    assert.doesNotMatch(html, /<style|\sstyle="/, `${file}: no inline style in the markup`);
  }
});

test('walkthrough: all six steps, inspector, heads, masks, presets, instructor panel, export and embed dialogs', async () => {
  const { page, problems } = await openPage(env, '', undefined, collectViolations);
  await ready(page);
  const presets = await page.locator('select[name=preset] option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
  for (const id of presets) {
    await page.selectOption('select[name=preset]', id);
    await page.waitForFunction((id) => document.querySelector('select[name=preset]').value === id, id);
  }
  for (const step of ['embed', 'project', 'score', 'scale', 'softmax', 'sum']) {
    await page.click(`.step-nav a[data-step=${step}]`);
  }
  await clickSettled(page, cellSelector('scores', 1, 0));
  await clickSettled(page, cellSelector('X', 0, 0));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2.5');
  await page.keyboard.press('Enter');
  await page.fill('input[name=heads]', '2');
  await page.press('input[name=heads]', 'Enter');
  await checkSettled(page, '.mask-control input[value=causal]');
  if (await page.locator('.reveal-next').count()) await page.click('.reveal-next');
  await page.click('.instructor-toggle');
  await page.fill('.instructor-panel textarea', 'A note <b>with markup</b>');
  await page.press('.instructor-panel textarea', 'Tab');
  await page.click('.instructor-toggle');
  await page.click('.open-export');
  // figure exports under the policy: the PNG draws the SVG through an <img> from a blob: URL onto a canvas
  for (const sel of ['.export-png', '.export-svg', '.export-csv', '.export-json']) {
    const download = page.waitForEvent('download');
    await page.locator(sel).first().click();
    await download;
  }
  await page.click('.copy-pytorch');
  await page.keyboard.press('Escape');
  await page.click('.open-embed');
  await page.waitForSelector('dialog[open] textarea.snippet-iframe');
  await page.keyboard.press('Escape');
  await settledLoad(page); // (a violation is reported in a task of its own)
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the Transformer layer under the policy: continue into the layer, every layer step, positions, the decoder, KV cache', async () => {
  const { page, problems } = await openPage(env, '', undefined, collectViolations);
  await ready(page);
  await page.click('button.continue-layer');
  await page.waitForSelector('#step-ffn:not([hidden])');
  await page.selectOption('select[name=positions]', 'sinusoidal');
  await page.waitForSelector('.heatmap[data-matrix=P]');
  await clickSettled(page, cellSelector('norm1', 0, 0));
  await clickSettled(page, cellSelector('ffn_output', 0, 0));
  await page.selectOption('select[name=activation]', 'gelu');
  await page.selectOption('select[name=preset]', 'translation-decoder');
  await page.waitForSelector('#step-cross_score:not([hidden])');
  for (const step of ['add_norm', 'cross_score', 'cross_softmax', 'cross_sum', 'cross_norm', 'ffn', 'ffn_norm']) {
    await page.click(`.step-nav a[data-step=${step}]`);
  }
  await clickSettled(page, cellSelector('cross_scores', 0, 1));
  await checkSettled(page, '.pad-toggles input[data-j="1"]');
  await page.click('.open-export');
  await page.click('.copy-pytorch');
  await page.keyboard.press('Escape');
  await page.selectOption('select[name=preset]', 'lecture20-seed20');
  await checkSettled(page, '.mask-control input[value=causal]');
  await page.waitForSelector('.kv-cache:not([hidden])');
  await page.click('.kv-cache button:has-text("next token")');
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('walkthrough at phone size and from a shared link', async () => {
  const first = await openPage(env, '', { width: 390, height: 844 }, collectViolations);
  await ready(first.page);
  await clickSettled(first.page, cellSelector('weights', 0, 1));
  const link = await first.page.evaluate(() => window.attentionLab.shareLink());
  assert.deepEqual(await violations(first.page), []);
  assert.deepEqual(first.problems, []);
  await first.page.close();
  const { page, problems } = await openPage(env, link.slice(env.base.length), undefined, collectViolations);
  await ready(page);
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('labs: every section, every range, checkbox, select and button', async () => {
  const { page, problems } = await openPage(env, 'labs.html', undefined, collectViolations);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  await page.evaluate(async () => {
    const settle = () => new Promise((r) => setTimeout(r, 20));
    for (const input of document.querySelectorAll('#labs input[type=range]')) {
      for (const v of [input.max, input.min]) {
        input.value = v;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
        await settle();
      }
    }
    for (const box of document.querySelectorAll('#labs input[type=checkbox], #labs input[type=radio]')) { box.click(); await settle(); }
    for (const select of document.querySelectorAll('#labs select')) {
      for (const o of select.options) { select.value = o.value; select.dispatchEvent(new Event('change', { bubbles: true })); await settle(); }
    }
  });
  for (const b of await page.locator('#labs button:visible').all()) {
    if (await b.isEnabled()) await b.click();
  }
  await page.waitForTimeout(1500); // the training replay runs on timers
  for (const id of ['scale', 'precision', 'contextual', 'bahdanau', 'training']) await page.click(`a[href="#${id}"]`);
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('exercises: every built-in set, checking, hints, worked solutions, the authoring panel', async () => {
  const { page, problems } = await openPage(env, 'exercises.html', undefined, collectViolations);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises, null, { timeout: 30000 });
  const sets = await page.locator('select[name=set] option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
  assert.ok(sets.length >= 5);
  for (const set of sets) {
    await page.selectOption('select[name=set]', set);
    await page.waitForFunction((s) => window.attentionLabExercises.set() === s, set);
    // a wrong answer three times over: feedback, hints, then the worked solution is offered and shown
    await page.evaluate(async () => {
      const settle = () => new Promise((r) => setTimeout(r, 10));
      for (let round = 0; round < 3; round++) {
        for (const form of document.querySelectorAll('.ex-card form.answer')) {
          form.querySelectorAll('input:not([type=checkbox])').forEach((i) => { i.value = '7'; });
          form.querySelector('.choice')?.click();
          form.querySelector('button.check')?.click();
          await settle();
        }
      }
      for (const b of document.querySelectorAll('.show-solution:not([hidden])')) { b.click(); await settle(); }
      for (const d of document.querySelectorAll('details')) d.open = true;
    });
  }
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

// ---- issue 18: the demo pages and the offline single file carry strict policies too ----
import { createHash } from 'node:crypto';

const DEMO_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; " +
  "frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'";
const policyOf = (html) => html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)?.[1].replaceAll('&#39;', "'");

test('the demo pages carry a strict policy and no inline script or style', () => {
  for (const file of ['course-demo.html', 'exercise-host-demo.html']) {
    const html = readFileSync(new URL(file, DIST), 'utf8');
    assert.equal(policyOf(html), DEMO_CSP, file);
    assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<script'), `${file}: the policy comes first`);
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, `${file}: no inline script`);
    assert.doesNotMatch(html, /<style|\sstyle="/, `${file}: no inline style`);
  }
});

test('the offline single file allows exactly its own inline code, by hash, and nothing from anywhere', () => {
  const html = readFileSync(new URL('attention-lab.html', DIST), 'utf8');
  const policy = policyOf(html);
  assert.ok(policy, 'attention-lab.html has a CSP meta tag');
  assert.doesNotMatch(policy, /'unsafe-inline'|'unsafe-eval'|\*|https?:/);
  assert.match(policy, /default-src 'none'/);
  const hash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  assert.equal(scripts.length, 2);
  assert.equal(styles.length, 1);
  const scriptSrc = policy.match(/script-src ([^;]*)/)[1].split(' ');
  const styleSrc = policy.match(/style-src ([^;]*)/)[1].split(' ');
  for (const s of scripts) assert.ok(scriptSrc.includes(hash(s)), 'each inline script is allowed by its hash');
  assert.ok(styleSrc.includes(hash(styles[0])), 'the inline style is allowed by its hash');
  assert.equal(scriptSrc.filter((x) => x.startsWith("'sha256-")).length, 2, 'and nothing else');
  assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<script'), 'the policy comes first');
});

test('the demo pages and the single file run under their policies without a violation', async () => {
  // course demo: three embeds become ready, the host talks to one
  const demo = await openPage(env, 'course-demo.html', undefined, collectViolations);
  await demo.page.waitForFunction(() => [...document.querySelectorAll('attention-lab')].every((el) => el.shadowRoot?.querySelector('iframe')?.contentDocument?.documentElement.dataset.ready === 'true'), null, { timeout: 60000 });
  await demo.page.click('#read');
  await demo.page.waitForFunction(() => document.getElementById('out').textContent.includes('tokens'));
  assert.deepEqual(await violations(demo.page), []);
  for (const frame of demo.page.frames().slice(1)) assert.deepEqual(await frame.evaluate(() => window.__csp ?? []), []);
  assert.deepEqual(demo.problems, []);
  await demo.page.close();
  // exercise host demo: the frame answers, the host lists the result
  const host = await openPage(env, 'exercise-host-demo.html#set=exit-ticket&seed=3', undefined, collectViolations);
  await host.page.waitForFunction(() => document.getElementById('exercises').contentDocument?.documentElement.dataset.ready === 'true', null, { timeout: 60000 });
  const frame = host.page.frames().find((f) => f.url().includes('exercises.html'));
  await frame.locator('.ex-card[data-id="raw-score"] input[name=value]').fill('1');
  await frame.locator('.ex-card[data-id="raw-score"] button.check').click();
  await host.page.waitForFunction(() => window.receivedResults.length === 1);
  assert.deepEqual(await violations(host.page), []);
  assert.deepEqual(host.problems, []);
  await host.page.close();
  // the single file from file://
  const file = new URL('attention-lab.html', DIST);
  const page = await env.browser.newPage();
  await page.addInitScript(collectViolations);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(file.href);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  await page.click('td[data-matrix="X"][data-head="0"][data-row="0"][data-col="0"]');
  await page.keyboard.press('Enter');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await page.click('.open-export');
  await page.keyboard.press('Escape');
  assert.deepEqual(await violations(page), []);
  assert.deepEqual(errors, []);
  await page.close();
});
