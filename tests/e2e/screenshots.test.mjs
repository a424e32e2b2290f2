// Screenshots of each step at desktop and phone sizes, for people to review (tests/artifacts/screenshots/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { startBrowser, open, cellSelector, choosePreset } from './helpers.mjs';

const dir = new URL('../artifacts/screenshots/', import.meta.url);
const STEPS = ['embed', 'project', 'score', 'scale', 'softmax', 'sum'];
let env;
before(async () => { env = await startBrowser(); mkdirSync(dir, { recursive: true }); });
after(async () => { await env?.close(); });

// Scroll a step to just below the sticky header, as the step navigator does, and shoot the viewport.
async function shootStep(page, step, file) {
  await page.evaluate((id) => {
    const card = document.getElementById(`step-${id}`);
    const top = document.querySelector('.top').getBoundingClientRect().height;
    window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - top - 8);
  }, step);
  await page.screenshot({ path: new URL(file, dir).pathname });
}

for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`screenshots of every step at ${name} size`, async () => {
    const { page, problems } = await open(env, '', viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.click(cellSelector('scores', 2, 1));
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: new URL(`${name}-0-top.png`, dir).pathname });
    for (const [k, step] of STEPS.entries()) await shootStep(page, step, `${name}-${k + 1}-${step}.png`);
    await page.screenshot({ path: new URL(`${name}-full.png`, dir).pathname, fullPage: true });
    // a few scenarios a teacher would project
    await choosePreset(page, 'dog-ran-fast');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: new URL(`${name}-dog-top.png`, dir).pathname });
    await choosePreset(page, 'jane-cinema');
    await page.check('.mask-control input[value=causal]');
    for (let k = 0; k < 5; k++) await page.click('.reveal-next');
    await shootStep(page, 'softmax', `${name}-jane-causal-softmax.png`);
    await choosePreset(page, 'toy-dk4');
    await page.check('.mask-control input[value=custom]');
    await page.click('td[data-matrix=mask][data-row="0"][data-col="0"]');
    await page.click('td[data-matrix=mask][data-row="0"][data-col="1"]');
    await page.click('td[data-matrix=mask][data-row="0"][data-col="2"]');
    await shootStep(page, 'softmax', `${name}-toy-empty-row.png`);
    await choosePreset(page, 'lecture20-seed20');
    await page.fill('input[name=heads]', '2');
    await page.press('input[name=heads]', 'Enter');
    await page.click('.wo-buttons button');
    await shootStep(page, 'softmax', `${name}-two-heads-softmax.png`);
    await shootStep(page, 'sum', `${name}-two-heads-sum.png`);
    await page.waitForTimeout(100);
    assert.deepEqual(problems, []);
    await page.close();
  });
}
