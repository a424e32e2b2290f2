// Screenshots of each step at desktop and phone sizes, for people to review (tests/artifacts/screenshots/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { startBrowser, open, cellSelector } from './helpers.mjs';

const dir = new URL('../artifacts/screenshots/', import.meta.url);
const STEPS = ['embed', 'project', 'score', 'scale', 'softmax', 'sum'];
let env;
before(async () => { env = await startBrowser(); mkdirSync(dir, { recursive: true }); });
after(async () => { await env?.close(); });

for (const [name, viewport] of [['desktop', { width: 1280, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  test(`screenshots of every step at ${name} size`, async () => {
    const { page, problems } = await open(env, '', viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.click(cellSelector('scores', 2, 1));
    await page.mouse.move(0, 0);
    await page.screenshot({ path: new URL(`${name}-top.png`, dir).pathname });
    for (const [k, step] of STEPS.entries()) {
      const card = page.locator(`#step-${step}`);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: new URL(`${name}-${k + 1}-${step}.png`, dir).pathname });
    }
    await page.screenshot({ path: new URL(`${name}-full.png`, dir).pathname, fullPage: true });
    assert.deepEqual(problems, []);
    await page.close();
  });
}
