// Page helpers shared by the browser tests.
import { startBrowser, openPage, screenshot } from './browser.mjs';
export { startBrowser, openPage, screenshot };

/**
 * Waits for the page's own signal (`predicate` true in the page), however long a loaded machine takes (a signal that
 * has not come in five minutes never will: the test then fails naming what it waited for, where CI would otherwise
 * hang until its own limit), unless the page signals a failure first: an uncaught error or a crashed tab rejects at
 * once, naming it.
 */
export async function waitForPage(page, predicate, arg) {
  let stop;
  const failed = new Promise((_, reject) => {
    const onError = (e) => reject(new Error(`the page failed before it was ready: ${e.message}`));
    const onCrash = () => reject(new Error('the page crashed before it was ready'));
    const essential = (request) => ['document', 'script'].includes(request.resourceType());
    const onResponse = (r) => { if (r.status() >= 400 && essential(r.request())) reject(new Error(`the page could not load ${r.url()} (${r.status()})`)); };
    const onRequestFailed = (r) => { if (essential(r)) reject(new Error(`the page could not load ${r.url()} (${r.failure()?.errorText})`)); };
    page.on('pageerror', onError);
    page.on('crash', onCrash);
    page.on('response', onResponse);
    page.on('requestfailed', onRequestFailed);
    stop = () => {
      page.off('pageerror', onError); page.off('crash', onCrash); page.off('response', onResponse); page.off('requestfailed', onRequestFailed);
    };
  });
  try {
    const signal = page.waitForFunction(predicate, arg, { timeout: 300000 }).catch((e) => {
      throw e.name === 'TimeoutError' ? new Error(`the page never signalled ${String(predicate).replace(/\s+/g, ' ').slice(0, 300)}`) : e;
    });
    await Promise.race([signal, failed]);
  } finally {
    stop();
  }
}

export async function ready(page) {
  await waitForPage(page, () => document.documentElement.dataset.ready === 'true' && window.attentionLab);
}

/** Lets the page finish what a load started: the load event, then two frames (handlers of parsed markup have run). */
export async function settledLoad(page) {
  await page.waitForLoadState('load', { timeout: 0 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r)))));
}

export async function open(env, path = '', viewport, init) {
  const r = await openPage(env, path, viewport, init);
  await ready(r.page);
  return r;
}

export const cellSelector = (matrix, row, col, head = 0) =>
  `td[data-matrix="${matrix}"][data-head="${head}"][data-row="${row}"][data-col="${col}"]`;

/**
 * Clicks what `selector` names in a page or frame once it stays where it is (scrollSettled, below): under load a
 * click made while cards coming into view are laid out presses on one element and releases on another.
 */
export async function clickSettled(pageOrFrame, selector) {
  const target = pageOrFrame.locator(selector);
  await scrollSettled(target);
  await target.click();
}

/**
 * Checks (or unchecks) a checkbox or radio, named by a selector or a Locator, once it stays where it is: page.check
 * clicks as clickSettled does, and under load a card laid out meanwhile took the click ("did not change its state").
 */
export async function checkSettled(pageOrFrame, target, checked = true) {
  const box = typeof target === 'string' ? pageOrFrame.locator(target) : target;
  await scrollSettled(box);
  await box.setChecked(checked);
}

/** Edits one heatmap cell as a student would: click, Enter, replace the text, Enter. */
export async function typeIntoCell(page, matrix, row, col, text, head = 0) {
  if (await page.locator(cellSelector(matrix, row, col, head)).count()) await page.click(cellSelector(matrix, row, col, head));
  else await clickCanvasCell(page, matrix, row, col, head);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/**
 * Edits typed into table cells one after another, `gapMs` apart, all within the page, as a keyboard user types them
 * (Enter opens the cell's editor, Enter commits): edits [[matrix, row, col, text], …]. Gives <html>'s data attributes
 * (the page's signals) just after each edit.
 */
export const typeInQuickSuccession = (page, edits, gapMs) => page.evaluate(async ({ edits, gapMs }) => {
  const enter = (el) => el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  const signals = [];
  for (const [matrix, row, col, text] of edits) {
    const cell = document.querySelector(`td[data-matrix="${matrix}"][data-row="${row}"][data-col="${col}"]`);
    cell.focus();
    enter(cell);
    document.activeElement.value = text;
    enter(document.activeElement);
    signals.push({ ...document.documentElement.dataset });
    await new Promise((done) => setTimeout(done, gapMs));
  }
  return signals;
}, { edits, gapMs });

/**
 * Scrolls to an element (centred: the sticky header hides the top) until its box is the same at three looks, two frames
 * apart, and gives that box. Cards coming into view are laid out in the next frames (content-visibility: auto), which
 * moves what is below them, or all of a page scrolled to its end; a click meanwhile presses on one element and
 * releases on another, which is no click (Playwright's own wait for a steady element let it through under load).
 */
export async function scrollSettled(locator) {
  let box = null;
  for (let k = 0, same = 0; k < 20 && same < 2; k++) {
    await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await locator.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const now = await locator.boundingBox();
    same = box && ['x', 'y', 'width', 'height'].every((key) => now[key] === box[key]) ? same + 1 : 0;
    box = now;
  }
  return box;
}

/** A large matrix is a canvas heatmap (web/views/heatmap-canvas.js): click where the cell is drawn. */
export const canvasSelector = (matrix, head = 0) => `.canvas-heatmap[data-matrix="${matrix}"][data-head="${head}"] .canvas-wrap`;
export async function clickCanvasCell(page, matrix, row, col, head = 0) {
  const grid = page.locator(canvasSelector(matrix, head));
  const box = await scrollSettled(grid);
  const [rows, cols] = await grid.evaluate((el) => [+el.parentElement.dataset.rows, +el.parentElement.dataset.cols]);
  await page.mouse.click(box.x + ((col + 0.5) * box.width) / cols, box.y + ((row + 0.5) * box.height) / rows);
}

/** The number a heatmap cell shows (its text) and the exact value it carries. */
export async function readCell(page, matrix, row, col, head = 0) {
  const loc = page.locator(cellSelector(matrix, row, col, head));
  return { text: (await loc.textContent()).trim(), value: Number(await loc.getAttribute('data-value')) };
}

export async function choosePreset(page, id) {
  await page.selectOption('select[name=preset]', id);
  await page.waitForFunction((id) => document.querySelector('select[name=preset]').value === id, id);
}

export function close(a, b, tol = 1e-9) {
  return Math.abs(a - b) <= tol * Math.max(1, Math.abs(b));
}
