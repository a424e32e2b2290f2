// The exercise page as a student and an instructor use it: solve a sheet right through the UI (answers
// computed here from the numbers the page shows, not read from the engine), answer wrong and get the targeted
// hint, then the worked solution; nonsense is refused without costing an attempt; progress survives a reload
// and is cleared by Reset; authored sets come through the link and their problems are shown by field; an
// embedding host page receives each result by postMessage. Screenshots at desktop and phone sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { startBrowser, openPage, screenshot } from './browser.mjs';

const SHOTS = new URL('../artifacts/screenshots/', import.meta.url);
mkdirSync(SHOTS, { recursive: true });

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

async function openExercises(path, viewport) {
  const r = await openPage(env, `exercises.html${path}`, viewport);
  await r.page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises, null, { timeout: 30000 });
  return r;
}
const sheetOf = (page) => page.evaluate(() => window.attentionLabExercises.sheet());
const progressOf = (page) => page.evaluate(() => window.attentionLabExercises.progress());
const card = (page, id) => page.locator(`.ex-card[data-id="${id}"]`);

function softmax(s) {
  const m = Math.max(...s);
  const e = s.map((v) => Math.exp(v - m));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}
const dot = (a, b) => a.reduce((s, v, k) => s + v * b[k], 0);

/** The right answer, computed here from the exercise's given numbers (and the prompt's wording for choices). */
function solve(ex) {
  const g = ex.given;
  switch (ex.kind) {
    case 'score': return { value: dot(g.q, g.k) };
    case 'scaled_score': return { value: g.score / Math.sqrt(g.d_k) };
    case 'softmax_row': return { values: softmax(g.scores) };
    case 'output_cell': return { value: dot(g.weights, g.values) };
    case 'why_scale':
      if (ex.answer.type === 'number') return { value: Math.max(...softmax(g.scores)) };
      return { choice: ex.answer.choices.findIndex((c) => /saturates/.test(c)) };
    case 'mask_zeros': {
      const n = g.scaled.length;
      const hidden = (j) => (g.mask === 'causal' ? j > g.query : g.mask.padding[j]);
      const visible = [...Array(n).keys()].filter((j) => !hidden(j));
      const w = softmax(visible.map((j) => g.scaled[j]));
      const weights = Array(n).fill(0);
      visible.forEach((j, k) => { weights[j] = w[k]; });
      return { zeros: [...Array(n).keys()].filter(hidden), weights };
    }
    case 'multihead_shapes': return { shapes: { Q: [g.n, g.d_k], K: [g.n, g.d_k], V: [g.n, g.d_v], concat: [g.n, g.heads * g.d_v], W_O: [g.heads * g.d_v, g.d_out] } };
    default: return null; // predict_max: a prediction, answered from the revealed weights below
  }
}

async function fill(page, ex, answer) {
  const c = card(page, ex.id);
  if ('value' in answer) await c.locator('input[name=value]').fill(String(answer.value));
  if ('values' in answer) for (const [k, v] of answer.values.entries()) await c.locator(`input[name=v${k}]`).fill(String(v));
  if ('choice' in answer) await c.locator(`.choice[data-k="${answer.choice}"]`).click();
  if ('zeros' in answer) {
    for (const [k, v] of answer.weights.entries()) {
      const hidden = answer.zeros.includes(k);
      await c.locator(`input[name=z${k}]`).setChecked(hidden);
      if (!hidden) await c.locator(`input[name=w${k}]`).fill(String(v));
    }
  }
  if ('shapes' in answer) {
    for (const [name, [r, cols]] of Object.entries(answer.shapes)) {
      await c.locator(`input[name="${name}-r"]`).fill(String(r));
      await c.locator(`input[name="${name}-c"]`).fill(String(cols));
    }
  }
}
const check = (page, id) => card(page, id).locator('button.check').click();
const feedback = (page, id) => card(page, id).locator('.feedback').innerText();

test('a whole sheet solved right through the page, with the prediction answered before its heatmap', async () => {
  const { page, problems } = await openExercises('#set=exit-ticket&seed=3');
  const sheet = await sheetOf(page);
  assert.equal(sheet.seed, 3);
  assert.equal(await page.locator('.ex-card').count(), sheet.exercises.length);
  // the exit-ticket case from the lecture: softmax(2, 0) ≈ (0.88, 0.12), rounded as a student would write it
  await fill(page, sheet.exercises[0], { values: [0.88, 0.12] });
  await check(page, 'softmax-2-0');
  assert.match(await feedback(page, 'softmax-2-0'), /Correct/);

  for (const ex of sheet.exercises.slice(1)) {
    if (ex.kind === 'predict_max') {
      assert.equal(await card(page, ex.id).locator('figure[data-name=reveal]').count(), 0, 'no heatmap before the prediction');
      // a prediction has no numbers to compute from: take the key from the sheet (the debug hook)
      await fill(page, ex, { choice: ex.answer.index });
      await check(page, ex.id);
      const reveal = card(page, ex.id).locator('figure[data-name=reveal] td');
      assert.equal(await reveal.count(), ex.given.tokens.length, 'the weights row is revealed after predicting');
      const weights = (await reveal.evaluateAll((tds) => tds.map((td) => Number(td.dataset.value))));
      assert.equal(weights.indexOf(Math.max(...weights)), ex.answer.index, 'the revealed heatmap agrees with the key');
      await screenshot(card(page, ex.id), { path: new URL('exercises-predict-revealed-1280.png', SHOTS).pathname });
      continue;
    }
    await fill(page, ex, solve(ex));
    await check(page, ex.id);
    assert.match(await feedback(page, ex.id), /Correct/, `${ex.id}: ${await feedback(page, ex.id)}`);
  }
  assert.equal(await page.locator('.ex-card[data-state=correct]').count(), sheet.exercises.length);
  assert.match(await page.locator('.summary').innerText(), new RegExp(`${sheet.exercises.length} of ${sheet.exercises.length} correct`));
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, { path: new URL('exercises-solved-1280.png', SHOTS).pathname, fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('wrong answers get the targeted hint, then the worked solution; nonsense is refused and not counted', async () => {
  const { page, problems } = await openExercises('#set=exit-ticket&seed=5');
  const sheet = await sheetOf(page);
  const scaled = sheet.exercises.find((e) => e.id === 'scale-it');
  const { score, d_k } = scaled.given;

  // nonsense first: letters, empty, NaN, Infinity — a message, no attempt
  for (const text of ['abc', '', 'NaN', 'Infinity', '1.2.3']) {
    await card(page, 'scale-it').locator('input[name=value]').fill(text);
    await check(page, 'scale-it');
    assert.match(await feedback(page, 'scale-it'), /not|type a number/i, `message for “${text}”`);
    assert.match(await feedback(page, 'scale-it'), /Not counted/);
  }
  assert.equal((await progressOf(page)).exercises['scale-it']?.attempts ?? 0, 0);
  assert.equal(await card(page, 'scale-it').getAttribute('data-state'), 'new');

  // divide by d_k instead of √d_k: the targeted hint
  await fill(page, scaled, { value: (score / d_k).toFixed(4) });
  await check(page, 'scale-it');
  assert.match(await feedback(page, 'scale-it'), /divided by d_k instead of √d_k/);
  // the same answer again is not a new attempt
  await check(page, 'scale-it');
  assert.match(await feedback(page, 'scale-it'), /already tried/);
  assert.equal((await progressOf(page)).exercises['scale-it'].attempts, 1);
  assert.equal(await card(page, 'scale-it').locator('.show-solution').isVisible(), false);
  // unscaled, then something unrelated: the generic hint names √d_k
  await fill(page, scaled, { value: score.toFixed(4) });
  await check(page, 'scale-it');
  assert.match(await feedback(page, 'scale-it'), /unchanged: divide it by √d_k/);
  await fill(page, scaled, { value: 123 });
  await check(page, 'scale-it');
  assert.match(await feedback(page, 'scale-it'), /Divide the raw score by √d_k = √8/);
  assert.equal((await progressOf(page)).exercises['scale-it'].attempts, 3);
  // three wrong: the worked solution is offered, with the live numbers
  const show = card(page, 'scale-it').locator('.show-solution');
  assert.equal(await show.isVisible(), true);
  await show.click();
  const steps = await card(page, 'scale-it').locator('.solution li').allInnerTexts();
  assert.ok(steps.some((s) => s.includes('√8 = 2.828')), steps.join(' | '));
  // and the right answer still counts
  await fill(page, scaled, { value: score / Math.sqrt(d_k) });
  await check(page, 'scale-it');
  assert.match(await feedback(page, 'scale-it'), /Correct/);
  assert.equal((await progressOf(page)).exercises['scale-it'].attempts, 4);

  // softmax: a row that does not sum to 1; a vector with an empty box is refused
  const row = sheet.exercises.find((e) => e.id === 'weights-row');
  await card(page, 'weights-row').locator('input[name=v0]').fill('0.5');
  await check(page, 'weights-row');
  assert.match(await feedback(page, 'weights-row'), /still empty/);
  await fill(page, row, { values: row.given.scores.map(() => 0.5) });
  await check(page, 'weights-row');
  assert.match(await feedback(page, 'weights-row'), /does not sum to 1/);
  // dividing by the sum without exp: the engine's mistake hint
  const plain = row.given.scores.reduce((a, b) => a + b, 0);
  await fill(page, row, { values: row.given.scores.map((s) => s / plain) });
  await check(page, 'weights-row');
  assert.match(await feedback(page, 'weights-row'), /without exponentiating/);

  // masking: the unmasked weights are the renormalisation mistake
  const causal = sheet.exercises.find((e) => e.id === 'causal');
  const right = solve(causal);
  const unmasked = softmax(causal.given.scaled);
  await fill(page, causal, { zeros: right.zeros, weights: unmasked });
  await check(page, 'causal');
  assert.match(await feedback(page, 'causal'), /renormalised/);
  await fill(page, causal, { zeros: [], weights: unmasked });
  await check(page, 'causal');
  assert.match(await feedback(page, 'causal'), /causal mask/);

  // shapes: letters refused, d_model instead of d_k gets the hint (the multi-head set, where they differ)
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, { path: new URL('exercises-feedback-1280.png', SHOTS).pathname, fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();

  const mh = await openExercises('#set=multi-head&seed=11');
  const shapes = (await sheetOf(mh.page)).exercises.find((e) => e.kind === 'multihead_shapes');
  const g = shapes.given;
  await fill(mh.page, shapes, { shapes: { Q: [g.n, 'x'], K: [g.n, g.d_k], V: [g.n, g.d_v], concat: [g.n, g.heads * g.d_v], W_O: [g.heads * g.d_v, g.d_out] } });
  await check(mh.page, shapes.id);
  assert.match(await feedback(mh.page, shapes.id), /whole number/);
  await fill(mh.page, shapes, { shapes: { Q: [g.n, g.d_model], K: [g.n, g.d_model], V: [g.n, g.d_model], concat: [g.n, g.heads * g.d_v], W_O: [g.heads * g.d_v, g.d_out] } });
  await check(mh.page, shapes.id);
  assert.match(await feedback(mh.page, shapes.id), /not d_model/);
  assert.deepEqual(mh.problems, []);
  await mh.page.close();
});

test('progress survives a reload, is kept per seed, and Reset clears it after confirming', async () => {
  const { page, problems } = await openExercises('#set=toy-dk4&seed=2');
  const sheet = await sheetOf(page);
  const [first, second] = sheet.exercises;
  await fill(page, first, solve(first));
  await check(page, first.id);
  await fill(page, second, { value: 999 });
  await check(page, second.id);
  await card(page, second.id).locator('input[name=value]').fill('half-typed'); // unchecked typing is kept too (at once)
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  assert.equal(await card(page, first.id).getAttribute('data-state'), 'correct');
  assert.equal(await card(page, second.id).getAttribute('data-state'), 'wrong');
  assert.equal(await card(page, second.id).locator('input[name=value]').inputValue(), 'half-typed');
  assert.match(await feedback(page, second.id), /Not yet/);
  assert.equal((await progressOf(page)).exercises[second.id].attempts, 1);

  // another seed is another sheet with its own (empty) progress; back to seed 2 and it is all there
  await page.fill('#seed-input', '9');
  await page.click('form.seed button');
  await page.waitForFunction(() => window.attentionLabExercises.seed() === 9);
  assert.match(await page.evaluate(() => location.hash), /seed=9/);
  assert.equal(await page.locator('.ex-card[data-state=correct]').count(), 0);
  await page.fill('#seed-input', 'twelve');
  await page.click('form.seed button');
  assert.match(await page.locator('.seed-problem').innerText(), /whole number/);
  await page.fill('#seed-input', '2');
  await page.click('form.seed button');
  await page.waitForFunction(() => window.attentionLabExercises.seed() === 2);
  assert.equal(await card(page, first.id).getAttribute('data-state'), 'correct');

  // Reset: dismissing the confirmation keeps everything, accepting clears it
  page.once('dialog', (d) => d.dismiss());
  await page.click('button.reset');
  assert.equal(await card(page, first.id).getAttribute('data-state'), 'correct');
  page.once('dialog', (d) => d.accept());
  await page.click('button.reset');
  assert.equal(await page.locator('.ex-card[data-state=new]').count(), sheet.exercises.length);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  assert.equal(await page.locator('.ex-card[data-state=new]').count(), sheet.exercises.length);
  assert.deepEqual(problems, []);
  await page.close();
});

test('without a seed in the link the browser keeps its own; an authored set comes through #setjson, problems by field', async () => {
  const a = await openExercises('#set=retrieval-toy');
  const seed = await a.page.evaluate(() => window.attentionLabExercises.seed());
  assert.ok(Number.isInteger(seed));
  assert.match(await a.page.locator('.seed-value').innerText(), new RegExp(`^${seed}$`));
  await a.page.reload();
  await a.page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  assert.equal(await a.page.evaluate(() => window.attentionLabExercises.seed()), seed);

  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const bad = { title: 'Broken', lesson: { tokens: ['a', 'b'], X: [[1, 0], [0, 1]], W_Q: [[1], [0]], W_K: [[1], [0]], W_V: [[1], [0]] },
    exercises: [{ id: 'one', kind: 'score', query: 5 }, { id: 'two', kind: 'guess' }] };
  await a.page.goto(env.base + `exercises.html#setjson=${b64(bad)}&seed=4`);
  await a.page.waitForFunction(() => window.attentionLabExercises?.problems().length > 0);
  const text = await a.page.locator('.problems').innerText();
  assert.match(text, /exercises\[0\]\.query/);
  assert.match(text, /exercises\[1\]\.kind/);
  assert.equal(await a.page.locator('.ex-card').count(), 0);
  // the menu still works
  await a.page.selectOption('select[name=set]', 'exit-ticket');
  await a.page.waitForFunction(() => window.attentionLabExercises.set() === 'exit-ticket');
  assert.equal(await a.page.locator('.problems').count(), 0);

  // undecodable link: a notice, and the default set
  await a.page.goto('about:blank'); // a fresh load, not a same-document hash change
  await a.page.goto(env.base + 'exercises.html#setjson=%%%not-base64&seed=4');
  await a.page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  assert.match(await a.page.locator('.notice').first().innerText(), /could not be decoded/);
  assert.ok(await a.page.locator('.ex-card').count() > 0);

  // a valid authored set, with the lecture's softmax(2, 0)
  const good = { title: 'Tiny', lesson: bad.lesson, exercises: [{ id: 'tick', kind: 'softmax_row', scores: [2, 0] }, { id: 's', kind: 'score', query: 0, key: 0 }] };
  await a.page.goto('about:blank');
  await a.page.goto(env.base + `exercises.html#setjson=${b64(good)}&seed=4`);
  await a.page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  assert.equal(await a.page.locator('h1').innerText(), 'Tiny');
  const sheet = await sheetOf(a.page);
  await fill(a.page, sheet.exercises[0], { values: [0.88, 0.12] });
  await check(a.page, 'tick');
  assert.match(await feedback(a.page, 'tick'), /Correct/);
  assert.match(await a.page.evaluate(() => window.attentionLabExercises.set()), /^custom-/);
  assert.deepEqual(a.problems, []);
  await a.page.close();
});

test('embedded in a host page, each checked answer is posted to the host', async () => {
  const { page, problems } = await openPage(env, 'exercise-host-demo.html#set=exit-ticket&seed=3');
  const frame = page.frameLocator('iframe');
  await page.waitForFunction(() => document.querySelector('iframe').contentDocument?.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  const fr = page.frames().find((f) => f.url().includes('exercises.html'));
  const sheet = await fr.evaluate(() => window.attentionLabExercises.sheet());
  const ex = sheet.exercises.find((e) => e.id === 'raw-score');
  await frame.locator('.ex-card[data-id="raw-score"] input[name=value]').fill('abc'); // nonsense: nothing posted
  await frame.locator('.ex-card[data-id="raw-score"] button.check').click();
  await frame.locator('.ex-card[data-id="raw-score"] input[name=value]').fill(String(-dot(ex.given.q, ex.given.k)));
  await frame.locator('.ex-card[data-id="raw-score"] button.check').click();
  await frame.locator('.ex-card[data-id="raw-score"] input[name=value]').fill(String(dot(ex.given.q, ex.given.k)));
  await frame.locator('.ex-card[data-id="raw-score"] button.check').click();
  await page.waitForFunction(() => window.receivedResults.length >= 2);
  const got = await page.evaluate(() => window.receivedResults);
  assert.equal(got.length, 2);
  assert.deepEqual(Object.keys(got[1]).sort(), ['answer', 'attempts', 'correct', 'id', 'seed', 'set', 'statement', 'type']);
  assert.deepEqual({ ...got[0], answer: undefined, statement: undefined }, { type: 'attention-lab:exercise-result', set: 'exit-ticket', seed: 3, id: 'raw-score', correct: false, attempts: 1, answer: undefined, statement: undefined });
  // the xAPI statement: verb answered, the exercise's IRI, the result; no actor (the host adds it)
  const st = got[1].statement;
  assert.equal(st.verb.id, 'http://adlnet.gov/expapi/verbs/answered');
  assert.equal(st.object.id, 'urn:attention-lab:exercises:exit-ticket:raw-score');
  assert.equal(st.object.definition.interactionType, 'numeric');
  assert.deepEqual([st.result.success, st.result.score.scaled, Number(st.result.response)], [true, 1, got[1].answer.value]);
  assert.equal(got[0].statement.result.success, false);
  assert.equal(st.actor, undefined);
  assert.match(st.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.ok(!Number.isNaN(Date.parse(st.timestamp)));
  assert.equal(got[1].correct, true);
  assert.equal(got[1].attempts, 2);
  assert.equal(got[1].answer.type, 'number');
  assert.ok(Math.abs(got[1].answer.value - ex.answer.value) < 1e-9);
  assert.equal(await page.locator('#results tr').count(), 2);
  assert.deepEqual(problems, []);
  await page.close();
});

test('every built-in set loads for several seeds; screenshots at 1280 × 900 and 390 × 844 fit the screen', async () => {
  const { page, problems } = await openExercises('#set=exit-ticket&seed=1');
  const ids = await page.locator('select[name=set] option:not([disabled])').evaluateAll((os) => os.map((o) => o.value));
  assert.equal(ids.length, 8);
  for (const id of ids) {
    for (const seed of [1, 2, 4294967295]) {
      await page.evaluate(([id, seed]) => { location.hash = `#set=${id}&seed=${seed}`; }, [id, seed]);
      await page.waitForFunction(([id, seed]) => window.attentionLabExercises.set() === id && window.attentionLabExercises.seed() === seed, [id, seed]);
      assert.equal((await page.evaluate(() => window.attentionLabExercises.problems())).length, 0, `${id} seed ${seed}`);
      assert.ok(await page.locator('.ex-card').count() > 0);
    }
  }
  assert.deepEqual(problems, []);
  await page.close();

  for (const [w, h, path] of [[1280, 900, '#set=multi-head&seed=7'], [390, 844, '#set=exit-ticket&seed=3'], [390, 844, '#set=toy-dk4&seed=2'], [390, 844, '#set=lecture-ideas&seed=3']]) {
    const r = await openExercises(path, { width: w, height: h });
    const overflow = await r.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `${path} at ${w}px is ${overflow}px wider than the screen`);
    const name = path.match(/set=([\w-]+)/)[1];
    await screenshot(r.page, { path: new URL(`exercises-${name}-${w}.png`, SHOTS).pathname, fullPage: w > 400 });
    if (w < 400 && name !== 'lecture-ideas') {
      // further down: the mask and shapes answers on a phone
      await r.page.locator('.ex-card[data-kind=mask_zeros]').first().scrollIntoViewIfNeeded();
      await screenshot(r.page, { path: new URL(`exercises-${name}-${w}-mask.png`, SHOTS).pathname });
    }
    assert.deepEqual(r.problems, []);
    await r.page.close();
  }
});
