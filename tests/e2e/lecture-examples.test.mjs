// Issue 14, item 10: the lecture's own examples. The slide's step 4 with its weights given literally (the 0.99 row
// as printed, Z computed from it), <SOS> in the causal reveal, and the exercises on the lecture's ideas (the "bank"
// lesson, Bahdanau's alignment, what a mask is for) answered through the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, open, readCell, choosePreset, cellSelector, waitForPage, clickSettled } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('the slide\'s step 4: the 0.99 row shown as printed, and Z[The][1] = 0.99·3.0 + 0.0004·1.4 + 0.0003·5.4 + 0.0005·0.6', async () => {
  const { page, problems } = await open(env);
  await choosePreset(page, 'slide-step4');
  await page.waitForFunction(() => window.attentionLab.getTrace().headTraces[0].givenRows.length === 2);
  for (const [j, v] of [0.99, 0.0004, 0.0003, 0.0005].entries()) {
    const cell = await readCell(page, 'weights', 0, j);
    assert.equal(cell.value, v, `weights[0][${j}] is the slide's ${v}`);
  }
  assert.equal((await readCell(page, 'weights', 0, 0)).text, '0.99');
  for (const [j, v] of [0.38, 0.269, 0.094, 0.25].entries()) assert.equal((await readCell(page, 'weights', 2, j)).value, v);
  const z = await readCell(page, 'Z', 0, 0);
  assert.ok(Math.abs(z.value - 2.97248) < 1e-12, `Z[The][1] = ${z.value}`);
  assert.match(z.text, /^2\.97/);
  // the steps say which rows were given; the scores stay the slide's 110 and 58
  assert.equal((await readCell(page, 'scores', 0, 0)).value, 110);
  assert.match(await page.locator('.step-card[data-step=softmax] .step-notes').textContent(), /given by the lesson, shown as printed.*0\.9912/s);
  assert.match(await page.locator('.step-card[data-step=score] .step-notes').textContent(), /given by the lesson, not computed from these scores/);
  assert.match(await page.locator('.step-card[data-step=sum] .step-notes').textContent(), /Z = weights · V is computed by the engine/);
  // the inspector: the given row as printed, and Z's arithmetic from it
  await clickSettled(page, cellSelector('weights', 0, 0));
  await page.waitForFunction(() => /given by the lesson, as printed/.test(document.querySelector('.inspector').textContent));
  await clickSettled(page, cellSelector('Z', 0, 0));
  await page.waitForFunction(() => /Output: column 1/.test(document.querySelector('.inspector').textContent));
  const terms = await page.locator('.inspector table.explain tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].slice(1).map((td) => td.textContent)));
  assert.deepEqual(terms, [['0.99', '3', '2.97'], ['0.0004', '1.4', '0.00056'], ['0.0003', '5.4', '0.00162'], ['0.0005', '0.6', '0.0003']], 'the lecture\'s terms');
  assert.match(await page.locator('.inspector .arith.result').textContent(), /z = 2\.97248/);
  // a row computed by softmax still sums to 1
  const row1 = await page.evaluate(() => { const w = window.attentionLab.getTrace().headTraces[0].weights; return Array.from(w.data.subarray(w.cols, 2 * w.cols)); });
  assert.ok(Math.abs(row1.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  assert.deepEqual(problems, []);
  await page.close();
});

test('<SOS> first: the sentence is a decoder\'s input (causal by default) and the reveal names the start token', async () => {
  const { page, problems } = await open(env);
  await choosePreset(page, 'lecture20-seed20');
  await page.fill('input[name=sentence]', '<SOS> the cat sat');
  await page.press('input[name=sentence]', 'Enter');
  await page.waitForFunction(() => window.attentionLab.getTrace().tokens.length === 4);
  assert.equal((await page.evaluate(() => window.attentionLab.getLesson())).mask, 'causal');
  const row0 = await page.evaluate(() => Array.from(window.attentionLab.getTrace().headTraces[0].weights.data.subarray(0, 4)));
  assert.deepEqual(row0, [1, 0, 0, 0], '<SOS> sees only itself');
  for (let k = 0; k < 3; k++) await page.click('.reveal-prev');
  await page.waitForFunction(() => window.attentionLab.getState().reveal === 1);
  assert.match(await page.locator('.reveal output').innerText(), /1 of 4: “\u2068<SOS>\u2069”, the start token — the decoder’s first position, given, not generated/);
  await page.click('.reveal-next');
  assert.match(await page.locator('.reveal output').innerText(), /2 of 4: generating “\u2068the\u2069” after “\u2068<SOS>\u2069”/);
  // a sentence without it is not made causal
  await choosePreset(page, 'lecture20-seed20');
  await page.fill('input[name=sentence]', 'the cat sat');
  await page.press('input[name=sentence]', 'Enter');
  await page.waitForFunction(() => window.attentionLab.getTrace().tokens.length === 3);
  assert.notEqual((await page.evaluate(() => window.attentionLab.getLesson())).mask, 'causal');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the lecture\'s ideas: "bank" in two contexts, Bahdanau\'s alignment and what a mask is for, answered through the page', async () => {
  const { page, problems } = await openPage(env, 'exercises.html#set=lecture-ideas&seed=3');
  await waitForPage(page, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  const sheet = await page.evaluate(() => window.attentionLabExercises.sheet());
  assert.deepEqual(sheet.exercises.map((e) => e.kind), ['static_contextual', 'bahdanau_alignment', 'mask_purpose', 'mask_purpose']);
  const card = (id) => page.locator(`.ex-card[data-id="${id}"]`);
  // "bank": both x rows are shown equal, both z rows different
  const bank = sheet.exercises[0];
  assert.deepEqual(bank.given.x[0], bank.given.x[1]);
  assert.match(await card('bank').locator('.ex-sentences').innerText(), /bank of a river/);
  // a wrong choice first: its own hint
  const wrong = bank.answer.choices.findIndex((c) => /output row z/.test(c));
  await card('bank').locator(`.choice[data-k="${wrong}"]`).click();
  await card('bank').locator('button.check').click();
  assert.match(await card('bank').locator('.feedback').innerText(), /weighted blend of the values around the word/);
  await card('bank').locator(`.choice[data-k="${bank.answer.index}"]`).click();
  await card('bank').locator('button.check').click();
  assert.match(await card('bank').locator('.feedback').innerText(), /Correct/);
  // Bahdanau: e = v_a · tanh(s·W_1 + h·W_2), computed here from the numbers the page shows
  const b = sheet.exercises[1].given;
  const pre = [0, 1].map((t) => [0, 1].reduce((s, r) => s + b.s[r] * b.W_1[r][t] + b.h[b.state][r] * b.W_2[r][t], 0));
  const e = pre.reduce((s, a, t) => s + b.v_a[t] * Math.tanh(a), 0);
  assert.equal(await card('bahdanau').locator('td').count() > 0, true, 'the given numbers are shown');
  await card('bahdanau').locator('input[name=value]').fill(e.toFixed(4));
  await card('bahdanau').locator('button.check').click();
  assert.match(await card('bahdanau').locator('.feedback').innerText(), /Correct/);
  // what a mask is for: the hidden keys decide it
  for (const ex of sheet.exercises.slice(2)) {
    const want = ex.given.hidden.every((k) => ex.given.tokens[k] === '<PAD>') ? /Padding holds no word/ : /may not look at tokens after it/;
    const k = ex.answer.choices.findIndex((c) => want.test(c));
    await card(ex.id).locator(`.choice[data-k="${k}"]`).click();
    await card(ex.id).locator('button.check').click();
    assert.match(await card(ex.id).locator('.feedback').innerText(), /Correct/, ex.id);
  }
  assert.match(await page.locator('.summary').innerText(), /4 of 4 correct/);
  assert.deepEqual(problems, []);
  await page.close();
});
