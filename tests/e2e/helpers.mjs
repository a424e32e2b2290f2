// Page helpers shared by the browser tests.
import { startBrowser, openPage } from './browser.mjs';
export { startBrowser, openPage };

export async function ready(page) {
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && window.attentionLab, null, { timeout: 30000 });
}

export async function open(env, path = '', viewport, init) {
  const r = await openPage(env, path, viewport, init);
  await ready(r.page);
  return r;
}

export const cellSelector = (matrix, row, col, head = 0) =>
  `td[data-matrix="${matrix}"][data-head="${head}"][data-row="${row}"][data-col="${col}"]`;

/** The number a heatmap cell shows (its text) and the exact value it carries. */
/** Edits one heatmap cell as a student would: click, Enter, replace the text, Enter. */
export async function typeIntoCell(page, matrix, row, col, text, head = 0) {
  await page.click(cellSelector(matrix, row, col, head));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

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
