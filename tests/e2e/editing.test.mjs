// Editing: a cell edit flows downstream; invalid typing is flagged and recovered; the keyboard reaches and
// edits cells; resizing keeps the numbers that fit; masks, heads and the scale switch recompute.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startBrowser, open, readCell, choosePreset, cellSelector, typeIntoCell, clickSettled, checkSettled } from './helpers.mjs';
import { attention } from './reference.mjs';

const toy = JSON.parse(readFileSync(new URL('../../web/presets/toy-dk4.json', import.meta.url)));

let env, page, problems;
before(async () => { env = await startBrowser(); ({ page, problems } = await open(env)); });
after(async () => { await env?.close(); });

const typeInto = (matrix, row, col, text, head = 0) => typeIntoCell(page, matrix, row, col, text, head);

test('editing an X cell changes every later step to the right numbers', async () => {
  await choosePreset(page, 'toy-dk4');
  await typeInto('X', 1, 2, '1.5');
  const X = structuredClone(toy.X);
  X[1][2] = 1.5;
  const ref = attention({ ...toy, X });
  assert.equal((await readCell(page, 'X', 1, 2)).value, 1.5);
  for (const [m, i, j] of [['Q', 1, 2], ['K', 1, 3], ['scores', 1, 1], ['scores', 0, 1], ['scaled', 2, 1], ['weights', 1, 0], ['weights', 0, 1], ['Z', 1, 2], ['Z', 2, 0]]) {
    const c = await readCell(page, m, i, j);
    assert.ok(Math.abs(c.value - ref[m][i][j]) < 1e-12, `${m}[${i}][${j}] = ${c.value}, expected ${ref[m][i][j]}`);
  }
  assert.equal((await page.evaluate(() => window.attentionLab.getLesson())).X[1][2], 1.5);
  assert.deepEqual(problems, []);
});

// A column that widened whenever its cell's editor opened, or a number gained a sign or a digit, made the grid jump
// under the student's eyes, and made the browser lay out the whole grid and the page around it on every edit.
test('the cell editor, and a number that gains a sign or digits, leave the columns of the grid as wide as they were', async () => {
  await choosePreset(page, 'toy-dk4');
  const widths = () => page.locator('.heatmap[data-matrix=X] table').evaluate((table) =>
    [...table.tBodies[0].rows[0].cells].slice(1).map((td) => td.getBoundingClientRect().width));
  const before = await widths();
  for (const col of [0, 3]) { // (the last column's editor lies over the cell before it)
    await clickSettled(page, cellSelector('X', 0, col));
    await page.keyboard.press('Enter');
    await page.keyboard.type('-0.3125');
    assert.deepEqual(await widths(), before, `X's columns with the editor open in column ${col + 1}`);
    await page.keyboard.press('Escape');
  }
  for (const text of ['-0.25', '0.125', '-3.5', '1']) {
    await typeInto('X', 1, 2, text);
    assert.equal((await readCell(page, 'X', 1, 2)).value, Number(text));
    assert.deepEqual(await widths(), before, `X's columns after ${text}`);
  }
  assert.deepEqual(problems, []);
});

test('invalid input is flagged at the cell, the last valid value is kept, and a valid value recovers', async () => {
  await choosePreset(page, 'toy-dk4');
  const before = await readCell(page, 'W_Q', 0, 0);
  for (const bad of ['abc', 'NaN', 'Infinity', '1e400', '5e12', '1..2']) {
    await typeInto('W_Q', 0, 0, bad);
    const td = page.locator(cellSelector('W_Q', 0, 0));
    assert.equal(await td.getAttribute('aria-invalid'), 'true', `${bad} flagged`);
    assert.ok((await page.locator('.heatmap[data-matrix=W_Q] .cell-message').textContent()).length > 0);
    assert.equal((await readCell(page, 'W_Q', 0, 0)).value, before.value, `${bad}: last valid value kept`);
    assert.equal(await page.locator('.step-card:not([hidden])').count(), 6);
  }
  await typeInto('W_Q', 0, 0, '-2');
  assert.equal(await page.locator(cellSelector('W_Q', 0, 0)).getAttribute('aria-invalid'), null);
  assert.equal((await readCell(page, 'W_Q', 0, 0)).value, -2);
  assert.equal((await readCell(page, 'Q', 0, 0)).value, -2); // X row 0 = (1,0,1,0), W_Q = I except [0][0]
  assert.deepEqual(problems, []);
});

test('keyboard: Tab reaches a grid, arrows move, typing edits, Enter commits', async () => {
  await choosePreset(page, 'toy-dk4');
  await page.focus('input[name=d_model]');
  let reached = false;
  for (let k = 0; k < 10 && !reached; k++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.dataset?.matrix === 'X');
  }
  assert.ok(reached, 'Tab reaches the X grid');
  await page.keyboard.press('Home');
  for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const pos = await page.evaluate(() => [document.activeElement.dataset.row, document.activeElement.dataset.col]);
  assert.deepEqual(pos, ['1', '1']);
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  assert.equal((await readCell(page, 'X', 1, 1)).value, 7);
  assert.equal((await readCell(page, 'Q', 1, 1)).value, 7);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.matrix), 'X');
  // Enter on a read-only cell selects it and the inspector explains it
  await page.focus(cellSelector('scores', 0, 2));
  await page.keyboard.press('Enter');
  const text = await page.locator('.inspector').textContent();
  assert.match(text, /Score/);
  assert.ok(await page.locator(cellSelector('weights', 0, 2)).evaluate((td) => td.classList.contains('sel-cell')), 'selection shown across steps');
});

test('resizing d_model keeps the numbers that still fit; heads, scale switch and masks recompute', async () => {
  await choosePreset(page, 'toy-dk4');
  await page.fill('input[name=d_model]', '5');
  await page.press('input[name=d_model]', 'Enter');
  let lesson = await page.evaluate(() => window.attentionLab.getLesson());
  assert.deepEqual(lesson.X.map((r) => r.slice(0, 4)), toy.X);
  assert.equal(lesson.X[0].length, 5);
  assert.equal(lesson.W_Q.length, 5);
  // the d_model stepper (in the embed card): a missing control fails the test instead of being skipped
  await page.click('.step-card[data-step=embed] .number-control:has(input[name=d_model]) .dec');
  await page.waitForFunction(() => window.attentionLab.getLesson().X[0].length === 4);
  assert.deepEqual((await page.evaluate(() => window.attentionLab.getLesson())).X, toy.X);
  await page.click('.step-card[data-step=embed] .number-control:has(input[name=d_model]) .inc');
  await page.waitForFunction(() => window.attentionLab.getLesson().X[0].length === 5);
  // scale switch off: scaled = scores
  await page.click('.switch input[name=scale]');
  assert.equal((await readCell(page, 'scaled', 1, 1)).value, (await readCell(page, 'scores', 1, 1)).value);
  await page.click('.switch input[name=scale]');
  // causal mask: upper triangle hidden, weights 0
  await checkSettled(page, '.mask-control input[value=causal]');
  assert.equal((await readCell(page, 'weights', 0, 1)).value, 0);
  assert.equal((await readCell(page, 'weights', 0, 0)).value, 1);
  // custom mask: hide every key of row 0 -> explained as an empty row
  await checkSettled(page, '.mask-control input[value=matrix]');
  await page.click('td[data-matrix=mask][data-row="0"][data-col="0"]');
  assert.match(await page.locator('.step-card[data-step=softmax] .step-notes').textContent(), /may not see any key/);
  // two heads: side by side heatmaps and concat
  await checkSettled(page, '.mask-control input[value=none]');
  await page.fill('input[name=heads]', '2');
  await page.press('input[name=heads]', 'Enter');
  assert.equal(await page.locator('.heatmap[data-matrix=weights]').count(), 2);
  assert.equal(await page.locator('.heatmap[data-matrix=concat]').count(), 1);
  await page.click('.wo-buttons button');
  assert.equal(await page.locator('.heatmap[data-matrix=W_O]').count(), 1);
  lesson = await page.evaluate(() => window.attentionLab.getLesson());
  assert.equal(lesson.heads, 2);
  assert.deepEqual(problems, []);
});

test('the sentence box retokenizes and the seed redraws', async () => {
  await choosePreset(page, 'lecture20-seed20');
  const before = (await readCell(page, 'X', 0, 0)).value;
  await page.fill('input[name=sentence]', 'The dog ran very fast');
  await page.press('input[name=sentence]', 'Enter');
  const t = await page.evaluate(() => window.attentionLab.getTrace().tokens);
  assert.deepEqual(t, ['The', 'dog', 'ran', 'very', 'fast']);
  assert.equal((await readCell(page, 'X', 0, 0)).value, before, 'rows that still fit keep their numbers');
  await page.fill('input[name=seed]', '21');
  await page.press('input[name=seed]', 'Enter');
  assert.equal((await page.evaluate(() => window.attentionLab.getLesson())).init.seed, 21);
  assert.notEqual((await readCell(page, 'X', 0, 0)).value, before);
  assert.deepEqual(problems, []);
});

test('padding marks PAD tokens; engine problems show next to the input; a lesson from outside is drawn', async () => {
  await choosePreset(page, 'toy-dk4');
  await checkSettled(page, '.mask-control input[value=padding]');
  await checkSettled(page, '.mask-control input[data-token="2"]');
  assert.equal((await readCell(page, 'weights', 0, 2)).value, 0);
  assert.ok(await page.locator(cellSelector('weights', 1, 2)).evaluate((td) => td.classList.contains('hidden-cell')));
  assert.match(await page.locator('#step-embed .chip.pad').textContent(), /cats/);
  // a word longer than the engine allows: the engine's problem is shown by the sentence and embed step
  await page.fill('input[name=sentence]', `we like ${'x'.repeat(80)}`);
  await page.press('input[name=sentence]', 'Enter');
  assert.match(await page.locator('#step-embed .problems').textContent(), /longer than 64/);
  assert.equal(await page.locator('#step-embed .problems').isVisible(), true);
  assert.deepEqual(await page.evaluate(() => window.attentionLab.getTrace().tokens), ['we', 'like', 'cats']);
  await page.fill('input[name=sentence]', 'we like dogs');
  await page.press('input[name=sentence]', 'Enter');
  assert.equal(await page.locator('#step-embed .problems').isVisible(), false);
  // a lesson set from outside is drawn at once: the trace and the painted X hold its numbers (speed is npm run bench's)
  await choosePreset(page, 'lecture20-seed20');
  const X = await page.evaluate(() => {
    const lesson = window.attentionLab.getLesson();
    lesson.X = Array.from({ length: 4 }, (_, i) => Array.from({ length: 8 }, (_, j) => Math.sin(i * 8 + j)));
    window.attentionLab.setLesson(lesson);
    return lesson.X;
  });
  assert.deepEqual(Array.from(await page.evaluate(() => window.attentionLab.getTrace().X.data)), X.flat());
  assert.equal((await readCell(page, 'X', 2, 3)).value, X[2][3]);
  assert.deepEqual(problems, []);
});

test('editing a seeded matrix stores it literally and keeps init, so the other draws do not change', async () => {
  await choosePreset(page, 'lecture20-seed20');
  const wvBefore = (await readCell(page, 'V', 2, 3)).value;
  const wk = (await readCell(page, 'W_K', 0, 0)).value;
  await typeInto('W_K', 0, 0, '0.25');
  const lesson = await page.evaluate(() => window.attentionLab.getLesson());
  assert.equal(lesson.init.seed, 20);
  assert.equal(lesson.init.draws.length, 4);
  assert.ok(Array.isArray(lesson.W_K) && lesson.W_K[0][0] === 0.25 && lesson.W_K.length === 8);
  assert.equal(lesson.W_Q, undefined);
  assert.equal(lesson.W_V, undefined);
  assert.equal((await readCell(page, 'V', 2, 3)).value, wvBefore);
  assert.notEqual(wk, 0.25);
  // K = X · W_K, checked independently for the edited column
  const X = await page.evaluate(() => { const t = window.attentionLab.getTrace(); return Array.from(t.X.data); });
  let k00 = 0;
  for (let r = 0; r < 8; r++) k00 += X[r] * lesson.W_K[r][0];
  assert.ok(Math.abs((await readCell(page, 'K', 0, 0)).value - k00) < 1e-12);
  assert.deepEqual(problems, []);
});

test('the inspector shows arithmetic that adds up for cosine and general scores', async () => {
  const lesson = { tokens: ['a', 'b'], score: 'cosine', X: [[1, 2], [3, -1]], W_Q: [[1, 0], [0, 1]], W_K: [[2, 0], [0, 1]], W_V: [[1, 1], [0, 2]] };
  assert.deepEqual(await page.evaluate((l) => window.attentionLab.setLesson(l), lesson), { ok: true, problems: [] });
  await clickSettled(page, cellSelector('scores', 1, 0));
  const score = (await readCell(page, 'scores', 1, 0)).value;
  const lines = await page.locator('.inspector .arith').allTextContents();
  // q = (3, -1), k = (2, 2): the terms add up to the dot product 4, which is divided by |q|·|k| = √10·√8
  assert.deepEqual(lines.slice(0, 3), ['3×2 + (-1)×2', '= 6 + (-2)', '= 4']);
  assert.match(lines[3], /^4 ÷ \(\|q.*\| × \|k.*\|\) = 4 ÷ \(3\.16228 × 2\.82843\)$/);
  assert.equal(Number(lines[4].replace('= ', '')), Number((4 / Math.sqrt(80)).toPrecision(6)));
  assert.ok(Math.abs(score - 4 / Math.sqrt(80)) < 1e-15);
  // general: q · (W_a k), terms that add up to the score shown
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), { ...lesson, score: 'general', W_a: [[0.5, 1], [-1, 2]] })).ok, true);
  await clickSettled(page, cellSelector('scores', 1, 0));
  const general = await page.locator('.inspector .arith').allTextContents();
  assert.deepEqual(general, ['3×3 + (-1)×2', '= 9 + (-2)', '= 7']);
  assert.equal((await readCell(page, 'scores', 1, 0)).value, 7);
  assert.deepEqual(problems, []);
});

// A cell's number is black or white, whichever contrasts with its colour (a class written when it flips, not a
// second inline style per cell and repaint). Without it the page's ink (dark, or light in the dark theme) would
// sit on every colour of the ramp.
test('every cell\'s number contrasts with its colour, in the light and the dark theme, also after an edit flips it', async () => {
  const { page: dark, problems: darkProblems } = await open(env, '?theme=dark');
  const contrasts = (p) => p.evaluate(() => {
    const luminance = (css) => {
      const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map((v) => Number(v) / 255)
        .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    return [...document.querySelectorAll('.heatmap[data-matrix=X] td, .heatmap[data-matrix=Q] td')].map((td) => {
      const style = getComputedStyle(td), [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
      return { cell: `${td.dataset.matrix}[${td.dataset.row}][${td.dataset.col}]`, value: td.dataset.value, ratio: (a + 0.05) / (b + 0.05) };
    });
  });
  for (const [p, theme] of [[page, 'light'], [dark, 'dark']]) {
    await choosePreset(p, 'toy-dk4');
    // X[0][0] at the ramp's dark end (the largest number), then at its light middle (0)
    for (const text of ['9', '0']) {
      await typeIntoCell(p, 'X', 0, 0, text);
      assert.equal((await readCell(p, 'X', 0, 0)).value, Number(text));
      const cells = await contrasts(p);
      assert.ok(cells.length >= 24, `${theme}: ${cells.length} cells read`);
      for (const c of cells) assert.ok(c.ratio >= 4.5, `${theme} theme, X[0][0] = ${text}: ${c.cell} = ${c.value} has contrast ${c.ratio.toFixed(2)}`);
    }
  }
  await dark.close();
  assert.deepEqual(problems, []);
  assert.deepEqual(darkProblems, []);
});
