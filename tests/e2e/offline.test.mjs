// Issue 14, item 5: no dead ends offline. The single offline file says where the Exercises and "Beyond the
// pipeline" pages are instead of linking to pages it does not hold; index.html, exercises.html and labs.html opened
// as files say what to open instead of hanging on "Loading…".
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { startBrowser } from './browser.mjs';

const dist = new URL('../../dist/', import.meta.url);
let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

async function openFile(name) {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.route(/^https?:/, (route) => route.abort()); // no network at all
  await page.goto(new URL(name, dist).href);
  return { page, problems };
}

test('the offline single file explains where the other pages are instead of linking to nothing', { skip: !existsSync(new URL('attention-lab.html', dist)) && 'dist/attention-lab.html not built' }, async () => {
  const { page, problems } = await openFile('attention-lab.html');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  assert.equal(await page.locator('a[href$="exercises.html"], a[href$="labs.html"]').count(), 0, 'no link to a page the file does not hold');
  await page.click('.offline-pages summary');
  const text = await page.locator('.offline-pages').textContent();
  assert.match(text, /exercises\.html/);
  assert.match(text, /labs\.html/);
  assert.match(text, /python3 -m http\.server/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the served pages opened as files say what to open instead of "Loading…"', async () => {
  for (const [name, says] of [['index.html', /Open attention-lab\.html/], ['exercises.html', /localhost:8000\/exercises\.html/], ['labs.html', /localhost:8000\/labs\.html/]]) {
    const { page, problems } = await openFile(name);
    await page.waitForFunction(() => document.querySelector('.loading')?.classList.contains('file-notice'));
    assert.match(await page.locator('.loading').textContent(), says, name);
    assert.deepEqual(problems, [], name);
    await page.close();
  }
});
