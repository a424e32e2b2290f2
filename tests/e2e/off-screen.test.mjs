// What lies below the screen is not rendered until it comes near (content-visibility: auto in web/style.css):
// whole cards, and rows of heatmaps in a card drawn because it is near. It must still be up to date when the student
// scrolls to it, keep its height once drawn, and be on paper.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, open, typeIntoCell, cellSelector, waitForPage } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

// (run in the page) two frames: content-visibility decides what is near the screen at a frame
const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
const projectRows = (page) => page.locator('.step-card[data-step=project] .matrix-row');
// a heatmap of the row is rendered (checkVisibility is false inside a subtree content-visibility skips)
const drawn = (row) => row.querySelector('.heatmap, .canvas-heatmap').checkVisibility({ contentVisibilityAuto: true });
const rendered = (row) => row.evaluate(drawn);
// the browser decides again a frame or a few after a scroll: wait for its decision
const until = async (row, want) => waitForPage(row.page(), ({ row, want }) =>
  row.querySelector('.heatmap, .canvas-heatmap').checkVisibility({ contentVisibilityAuto: true }) === want,
{ row: await row.elementHandle(), want });

test('a row of heatmaps below the screen waits, in a card drawn near it; edited meanwhile, it shows the new numbers when scrolled to, and keeps its height when far again', async () => {
  const { page, problems } = await open(env);
  const project = page.locator('.step-card[data-step=project]'), last = projectRows(page).last();
  await typeIntoCell(page, 'X', 0, 0, '0.75'); // in the Embed card, at the top of the page
  await page.evaluate(frames);
  assert.equal(await project.locator('.step-head').evaluate((head) => head.checkVisibility({ contentVisibilityAuto: true })), true, 'the Project card, near the screen, is drawn');
  assert.ok(await projectRows(page).first().evaluate((row) => row.getBoundingClientRect().top > innerHeight), 'its rows lie below the screen');
  assert.equal(await projectRows(page).count(), 2);
  assert.equal(await rendered(projectRows(page).first()), false, 'and are not drawn');
  assert.equal(await rendered(last), false);

  await last.scrollIntoViewIfNeeded();
  await until(last, true); // drawn once on screen
  const Q = await page.evaluate(() => window.attentionLab.getTrace().headTraces[0].Q.data[0]);
  assert.equal(Number(await last.locator(cellSelector('Q', 0, 0)).getAttribute('data-value')), Q, 'Q[0][0] as the engine computed it after the edit');
  const height = await last.evaluate((row) => row.getBoundingClientRect().height);

  await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
  await until(last, false); // far from the screen again, it waits again
  assert.equal(await last.evaluate((row) => row.getBoundingClientRect().height), height, 'at the height it was drawn at: the page does not jump');
  assert.deepEqual(problems, []);
  await page.close();
});

test('on paper every card and every row is rendered', async () => {
  const { page, problems } = await open(env);
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(frames);
  const rows = page.locator('.step-card:not([hidden]) .matrix-row');
  assert.ok(await rows.count() >= 6);
  for (const row of await rows.all()) assert.equal(await rendered(row), true, 'no row waits for the screen');
  assert.deepEqual(problems, []);
  await page.close();
});
