// Issue 14, item 9: presentation mode. One step per screen with large numbers at 1024 × 768, the chrome hidden,
// the arrow keys and a clicker's Page Up / Page Down moving between steps, and a QR code of the current link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, open, choosePreset, waitForPage } from './helpers.mjs';
import { qrSvgText } from '../../web/qr.js';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const shown = (page) => page.evaluate(() => [...document.querySelectorAll('.step-card')].filter((c) => c.getBoundingClientRect().height > 0).map((c) => c.dataset.step));
const stepIs = (page, step) => page.waitForFunction((step) => window.attentionLab.getState().step === step, step);

test('one step per screen, large at 1024 × 768; keys and a clicker move; Esc leaves', async () => {
  const { page, problems } = await open(env, '', { width: 1024, height: 768 });
  await choosePreset(page, 'lecture20-seed20');
  await page.click('.open-present');
  await waitForPage(page, () => document.documentElement.dataset.present === 'true');
  assert.deepEqual(await shown(page), ['embed']);
  assert.equal(await page.locator('.top').isVisible(), false, 'the header is hidden');
  assert.equal(await page.locator('.toolbar').isVisible(), false, 'the toolbar is hidden');
  const size = await page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('#step-embed td[data-matrix]')).fontSize));
  assert.ok(size >= 22, `numbers are ${size}px`);
  for (const [key, step] of [['PageDown', 'project'], ['ArrowRight', 'score'], ['ArrowDown', 'scale'], ['PageUp', 'score'], ['ArrowLeft', 'project'], ['ArrowUp', 'embed'], ['PageUp', 'embed']]) {
    await page.keyboard.press(key);
    await stepIs(page, step);
    assert.deepEqual(await shown(page), [step], `${key} → ${step}`);
    assert.equal(await page.evaluate(() => scrollY), 0, 'each step starts at the top of the screen');
  }
  const where = await page.locator('.present-where').textContent();
  assert.match(where, /step 1 of 6/);
  await page.keyboard.press('Escape');
  await waitForPage(page, () => document.documentElement.dataset.present === 'false');
  assert.equal(await page.locator('.top').isVisible(), true);
  assert.equal((await shown(page)).length, 6);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the QR code holds the current link, step included, and follows the step', async () => {
  const { page, problems } = await open(env, '?present=1', { width: 1024, height: 768 });
  await waitForPage(page, () => document.documentElement.dataset.present === 'true');
  await page.keyboard.press('PageDown');
  await stepIs(page, 'project');
  await page.waitForFunction(() => { const q = document.querySelector('.present-qr .qr'); return q.dataset.link?.includes('#v2=') && q.querySelector('svg'); });
  await page.waitForFunction(async () => document.querySelector('.present-qr .qr').dataset.link === await window.attentionLab.shareLink());
  const { link, path } = await page.evaluate(() => { const q = document.querySelector('.present-qr .qr'); return { link: q.dataset.link, path: q.querySelector('path').getAttribute('d') }; });
  assert.doesNotMatch(link, /present=/, 'students open the lesson, not the projector view');
  assert.ok(path === /d="([^"]+)"/.exec(qrSvgText(link, 40))[1], 'the QR code encodes exactly that link');
  // the link opens the same state at the same step
  const phone = await open(env, link.slice(env.base.length), { width: 390, height: 844 });
  assert.equal(await phone.page.evaluate(() => window.attentionLab.getState().step), 'project');
  assert.deepEqual(phone.problems, []);
  await phone.page.close();
  assert.deepEqual(problems, []);
  await page.close();
});
