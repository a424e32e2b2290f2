// Issue 14, item 8: on a phone the inspector comes to the student. A tapped cell opens its arithmetic in a bottom
// sheet with the cell still in view above it; an input cell is edited from the sheet in one tap; the tooltip sits
// above the cell, off the rows read next; after an edit, the steps it changed are marked and one tap away.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, open, ready, choosePreset, cellSelector, waitForPage, scrollSettled } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const PHONE = { width: 390, height: 844 };
/** A phone: touch, a small screen; closing the page closes its context. */
async function openPhone() {
  const context = await env.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  await page.goto(env.base);
  await ready(page);
  page.on('close', () => context.close().catch(() => {})); // (the browser may close first)
  return { page, problems };
}

test('a tapped cell opens its arithmetic in a bottom sheet, the cell still in view above it', async () => {
  const { page, problems } = await openPhone();
  await choosePreset(page, 'toy-dk4');
  const cell = page.locator(cellSelector('weights', 1, 2));
  await scrollSettled(cell); // (a tap while cards coming into view move it would be no tap)
  await cell.tap();
  await page.waitForFunction(() => document.querySelector('.inspector').classList.contains('has-selection'));
  const at = await page.evaluate((sel) => {
    const sheet = document.querySelector('.inspector').getBoundingClientRect();
    const c = document.querySelector(sel).getBoundingClientRect();
    return { sheetTop: sheet.top, sheetBottom: sheet.bottom, cellTop: c.top, cellBottom: c.bottom, vh: innerHeight };
  }, cellSelector('weights', 1, 2));
  assert.ok(at.sheetBottom <= at.vh + 1 && at.sheetTop > at.vh * 0.4, `the sheet sits at the bottom of the screen (${at.sheetTop}–${at.sheetBottom})`);
  assert.ok(at.cellTop >= 0 && at.cellBottom <= at.sheetTop, `the cell (${at.cellTop}–${at.cellBottom}) is above the sheet (${at.sheetTop})`);
  assert.match(await page.locator('.inspector').textContent(), /exp|weights|softmax/i);
  await page.locator('.inspector-close').tap();
  await page.waitForFunction(() => !document.querySelector('.inspector').classList.contains('has-selection'));
  assert.equal(await page.evaluate(() => window.attentionLab.getState().selection), null);
  assert.deepEqual(problems, []);
  await page.close();
});

test('one tap on an input cell, then type: the sheet edits it; the changed steps are marked and one tap away', async () => {
  const { page, problems } = await openPhone();
  await choosePreset(page, 'toy-dk4');
  const cell = page.locator(cellSelector('W_V', 0, 1));
  await scrollSettled(cell);
  await cell.tap();
  await page.fill('.inspector-edit input[name=value]', '2.5');
  await page.press('.inspector-edit input[name=value]', 'Enter');
  await page.waitForFunction(() => window.attentionLab.getLesson().W_V[0][1] === 2.5);
  const marks = await page.locator('.changed-marks').textContent();
  assert.match(marks, /Changed: W_V, V, Z/);
  assert.doesNotMatch(marks, /scores|weights/, 'W_V does not touch the scores or the weights');
  const pills = await page.locator('.step-nav a.changed').evaluateAll((as) => as.map((a) => a.dataset.step));
  assert.deepEqual(pills, ['project', 'sum']);
  await page.locator('.changed-marks a[data-step=sum]').tap();
  await waitForPage(page, () => document.documentElement.dataset.landing !== 'true');
  const top = await page.evaluate(() => document.querySelector('#step-sum').getBoundingClientRect().top - document.querySelector('.top').getBoundingClientRect().bottom);
  assert.ok(top >= 0 && top < 40, `the sum step lands below the header (${top})`);
  // a typo is refused next to the box, the lesson stays
  await scrollSettled(page.locator(cellSelector('X', 0, 0)));
  await page.locator(cellSelector('X', 0, 0)).tap();
  await page.fill('.inspector-edit input[name=value]', 'abc');
  await page.press('.inspector-edit input[name=value]', 'Enter');
  assert.match(await page.locator('.inspector-edit .edit-problem').textContent(), /Type a number/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the tooltip sits above the cell it describes, off the rows below', async () => {
  const { page, problems } = await open(env);
  await choosePreset(page, 'toy-dk4');
  const sel = cellSelector('weights', 1, 1);
  await scrollSettled(page.locator(sel));
  await page.hover(sel);
  await page.waitForFunction(() => { const t = document.querySelector('.tooltip'); return t && !t.hidden && t.style.top; });
  const at = await page.evaluate((sel) => ({ tip: document.querySelector('.tooltip').getBoundingClientRect().bottom, cell: document.querySelector(sel).getBoundingClientRect().top }), sel);
  assert.ok(at.tip <= at.cell, `tooltip bottom ${at.tip}, cell top ${at.cell}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the sticky header is one line on a phone: the step pills', async () => {
  const { page, problems } = await openPhone();
  await page.evaluate(() => window.scrollTo({ top: 2500, behavior: 'instant' }));
  await page.waitForFunction(() => scrollY >= 2400);
  const at = await page.evaluate(() => ({ header: document.querySelector('.top').getBoundingClientRect().bottom, nav: document.querySelector('.step-nav').getBoundingClientRect().toJSON() }));
  assert.ok(at.header <= 56, `the header covers ${at.header}px`);
  assert.ok(at.nav.top >= -1 && at.nav.bottom <= at.header + 1, 'the pills are the line that stays');
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  assert.equal(await page.isVisible('input[name=sentence]'), true, 'at the top the fields are there');
  assert.deepEqual(problems, []);
  await page.close();
});
