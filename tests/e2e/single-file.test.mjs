// dist/attention-lab.html opened from file:// (no server, no network) computes the default lesson and the page works.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBrowser, screenshot } from './browser.mjs';

const file = new URL('../../dist/attention-lab.html', import.meta.url);
let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('the single file works from file:// with no network', { skip: !existsSync(file) && !process.env.CI && 'dist/attention-lab.html not built (npm run build makes it)' }, async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('request', (r) => { if (r.url() !== file.href && !r.url().startsWith(`${file.href}#`) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) problems.push(`request: ${r.url()}`); });
  await page.route(/^https?:/, (route) => route.abort()); // no network at all
  await page.goto(file.href);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  const html = readFileSync(file, 'utf8');
  assert.equal(await page.evaluate(() => document.querySelectorAll('script[src], script[type=module], link[rel=stylesheet], img[src^="./"]').length), 0, 'nothing is loaded from outside the file');
  assert.ok(html.length > 300000, 'the engine is inlined');
  // the default lesson (Lecture 20, seed 20) matches its golden numbers
  const golden = JSON.parse(readFileSync(new URL('../fixtures/golden/lecture20_seed20.json', import.meta.url)));
  const w = await page.evaluate(() => Array.from(window.attentionLab.getTrace().headTraces[0].weights.data));
  golden.expected.heads[0].weights.flat().forEach((v, k) => assert.ok(Math.abs(w[k] - v) < 1e-12, `weights #${k}`));
  assert.equal(await page.locator('.step-card:not([hidden])').count(), 6);
  // editing works and the state goes into the fragment
  await page.click('td[data-matrix="X"][data-head="0"][data-row="0"][data-col="0"]');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => window.attentionLab.getLesson().X[0][0]), 2);
  const link = await page.evaluate(() => window.attentionLab.shareLink());
  assert.ok(link.startsWith(`${file.href}?lang=en#v2=`), 'the link holds the state, and the language it was made in');
  const again = await env.browser.newPage();
  await again.goto(link);
  await again.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  assert.equal(await again.evaluate(() => window.attentionLab.getLesson().X[0][0]), 2);
  await screenshot(page, { path: fileURLToPath(new URL('../artifacts/screenshots/single-file.png', import.meta.url)) });
  assert.deepEqual(problems, []);
  await page.close(); await again.close();
});
