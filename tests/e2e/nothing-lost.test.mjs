// Nothing lost: lessons at and beyond the engine's size limits (core/limits.hpp) neither break the page nor
// replace the student's last valid lesson; edits keep working afterwards, and a reload reopens what was shown.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, open, ready, waitForPage, cellSelector, typeIntoCell, clickSettled, checkSettled } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const tokens = (n) => Array.from({ length: n }, (_, i) => `t${i}`);
// A seeded lesson (the presets' format): X is n × d_model, each W is d_model × heads·d_k.
const seeded = (n, dModel, dK, heads = 1) => ({ tokens: tokens(n), heads, init: { rng: 'numpy', seed: 7, draws: [
  { name: 'X', shape: [n, dModel] }, ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [dModel, heads * dK], scale: 0.1 }))] } });

const edit = typeIntoCell;

test('lessons beyond the limits are refused with a message; the last valid lesson stays and stays editable', async () => {
  const { page, problems } = await open(env);
  await page.selectOption('select[name=preset]', 'toy-dk4');
  await edit(page, 'X', 0, 0, '2.5');
  const kept = await page.evaluate(() => window.attentionLab.getLesson());
  assert.equal(kept.X[0][0], 2.5);
  const tooBig = [
    ['513 tokens', seeded(513, 4, 4)],
    ['d_model 1025', seeded(3, 1025, 4)],
    ['65 heads', seeded(3, 4, 4, 65)],
    ['a matrix over 2^20 entries', seeded(4, 1024, 1025)],
    ['n·n·heads over 2^22', seeded(512, 64, 1, 17)],
    ['a value over 1e12', { ...kept, X: kept.X.map((r, i) => (i ? r : r.map(() => 1e13))) }],
    ['a 65-character token', { ...kept, tokens: ['x'.repeat(65), ...kept.tokens.slice(1)] }],
  ];
  for (const [what, lesson] of tooBig) {
    const r = await page.evaluate((l) => window.attentionLab.setLesson(l), lesson);
    assert.equal(r.ok, false, `${what} is refused`);
    assert.ok(r.problems.length > 0 && r.problems.every((p) => typeof p.message === 'string' && p.message.length > 0), `${what}: a clear message`);
    assert.ok(r.problems.some((p) => /most|more than|longer|limit|exceed|too|from \d+ to \d+/i.test(p.message)), `${what}: the message names the limit (${JSON.stringify(r.problems)})`);
    assert.deepEqual(await page.evaluate(() => window.attentionLab.getLesson()), kept, `${what}: the last valid lesson stays`);
  }
  await edit(page, 'X', 1, 1, '-1.25');
  assert.equal(await page.evaluate(() => window.attentionLab.getLesson().X[1][1]), -1.25, 'editing still works');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a lesson at the limits computes in the background, draws whole, edits, and its link reopens it', async () => {
  const { page, problems } = await open(env);
  // 512 tokens, d_model 1024, 8 heads of d_k 128: X is 2^19 entries, W_Q 2^20, n·n·heads = 2^21
  const big = seeded(512, 1024, 128, 8);
  const t0 = Date.now();
  const r = await page.evaluate((l) => window.attentionLab.setLesson(l), big);
  assert.equal(r.ok, true, `the largest allowed lesson computes (${JSON.stringify(r.problems)})`);
  console.log(`# a lesson at the limits (512 tokens, d_model 1024, 8 heads) took ${Date.now() - t0} ms to compute and show`);
  const shape = await page.locator('.canvas-heatmap[data-matrix="X"]').evaluate((el) => [+el.dataset.rows, +el.dataset.cols]);
  assert.deepEqual(shape, [512, 1024], 'X is drawn whole, on a canvas');
  await page.evaluate(() => window.attentionLab.shareLink());
  const lesson = await page.evaluate(() => window.attentionLab.getLesson());
  await page.reload();
  await ready(page);
  assert.deepEqual(await page.evaluate(() => window.attentionLab.getLesson()), lesson, 'a reload reopens the seeded lesson');
  await edit(page, 'X', 0, 0, '0.5');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.busy), 'true', 'a lesson this big is computed in the background');
  await page.evaluate(() => window.attentionLab.settled());
  assert.equal(await page.evaluate(() => window.attentionLab.getLesson().X?.[0]?.[0] ?? null), 0.5, 'an edit on the big lesson is applied');
  assert.deepEqual(problems, []);
  await page.close();
});

// One edit turns a seeded matrix into literal numbers; for a large matrix (here X, 256 × 512) the link then passes
// the fragment limit (1 000 000 characters). The address bar keeps the last state that fitted, the page says so (and Copy link
// copies nothing), and this browser keeps the newer state: a reload of the same address brings it back, with the
// instructor's settings; the same link opened in a new tab, or another link, opens as it says.
const noticeText = (page) => page.locator('.notice').textContent();
// Edits X of a big seeded lesson as the page does (literal numbers replace X's draw), through setLesson: how a big
// matrix shows its cells for editing is the heatmap's business, tested elsewhere.
const editX = (page, i, j, value) => page.evaluate(([i, j, value]) => {
  const lesson = window.attentionLab.getLesson(), X = window.attentionLab.getTrace().X;
  const data = X.data.slice();
  data[i * X.cols + j] = value;
  lesson.init.draws = lesson.init.draws.filter((d) => d.name !== 'X');
  const r = window.attentionLab.setLesson({ ...lesson, X: { rows: X.rows, cols: X.cols, data } });
  return Promise.resolve(window.attentionLab.settled?.()).then(() => r); // a big lesson may be computed off the main thread
}, [i, j, value]);
const setBig = (page, lesson) => page.evaluate(async (l) => { const r = window.attentionLab.setLesson(l); await window.attentionLab.settled?.(); return r; }, lesson);
const view = (s) => ({ lesson: s.lesson, hidden: s.hidden, locked: s.locked, note: s.note });

test('an edit on a large seeded lesson survives a reload, with the instructor settings; the page says the link no longer holds it', async () => {
  const { page, problems } = await open(env);
  assert.equal((await setBig(page, seeded(256, 512, 16))).ok, true);
  await page.click('.instructor-toggle');
  await checkSettled(page, '.instructor-panel input[name=show-step][value=scale]', false);
  await checkSettled(page, '.instructor-panel input[name=lock][value=W_Q]');
  await page.fill('.instructor-panel textarea', 'Change X, then look at the weights.');
  await page.press('.instructor-panel textarea', 'Tab');
  await page.evaluate(() => window.attentionLab.shareLink());
  const fitted = page.url(); // the seeded lesson and the settings: a short link
  assert.equal((await editX(page, 0, 0, 0.5)).ok, true);
  await page.evaluate(() => window.attentionLab.shareLink());
  await page.waitForFunction(() => /too large for a link/.test(document.querySelector('.notice')?.textContent ?? ''));
  assert.match(await noticeText(page), /1,000,000.*no longer hold your latest edits.*reloading this page brings them back/);
  assert.equal(page.url(), fitted, 'the address bar keeps the last state that fitted');
  await page.click('.copy-link');
  const said = await page.evaluate(() => window.attentionLab.copied()); // resolves when the button's action has said its word
  assert.match(said, /No link copied: this lesson is too large for a link/);
  const state = view(await page.evaluate(() => window.attentionLab.getState()));
  assert.equal(state.lesson.X[0][0], 0.5);
  await page.evaluate(() => window.attentionLab.copyWritten()); // the browser's copy is written (after a pause in the edits)

  await page.reload();
  await ready(page);
  const after = view(await page.evaluate(() => window.attentionLab.getState()));
  assert.equal(after.lesson.X?.[0]?.[0] ?? null, 0.5, 'the edit is back');
  assert.ok(JSON.stringify(after) === JSON.stringify(state), 'the lesson and the instructor settings are back');
  assert.deepEqual([after.hidden, after.locked, after.note], [['scale'], ['W_Q'], 'Change X, then look at the weights.']);
  await page.waitForFunction(() => /restored from this browser/.test(document.querySelector('.notice')?.textContent ?? ''));
  assert.equal(await page.locator('#step-scale').isVisible(), false, 'the hidden step stays hidden');
  assert.equal((await editX(page, 1, 1, -0.25)).ok, true);
  assert.equal(await page.evaluate(() => window.attentionLab.getLesson().X[1][1]), -0.25, 'editing goes on');
  await page.evaluate(() => window.attentionLab.shareLink());
  await page.evaluate(() => window.attentionLab.copyWritten());

  // the same link in a new tab opens as it says (no copy there), and so does another link in this tab
  const other = await open(env, fitted.slice(env.base.length));
  const opened = await other.page.evaluate(() => window.attentionLab.getState());
  assert.equal(opened.lesson.X, undefined, 'a new tab opens the seeded lesson of the link');
  assert.equal(opened.note, 'Change X, then look at the weights.');
  assert.equal(await other.page.locator('.notice').isVisible(), false);
  await other.page.selectOption('select[name=preset]', 'toy-dk4');
  const small = await other.page.evaluate(() => window.attentionLab.shareLink());
  const smallLesson = await other.page.evaluate(() => window.attentionLab.getLesson());
  await page.goto(small.replace('#', '?from=another-link#'));
  await ready(page);
  assert.deepEqual(await page.evaluate(() => window.attentionLab.getLesson()), smallLesson, 'another link wins over the copy');
  assert.deepEqual(problems, []);
  assert.deepEqual(other.problems, []);
  await other.page.close();
  await page.close();
});

test('storage that is switched off or full never breaks the page; it says the edits cannot be kept', async () => {
  const off = () => {
    const deny = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
    for (const name of ['localStorage', 'sessionStorage', 'indexedDB']) Object.defineProperty(window, name, { get: deny, configurable: true });
  };
  const full = () => {
    const quota = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    Storage.prototype.setItem = quota;
    IDBObjectStore.prototype.put = quota;
  };
  for (const [what, init] of [['off', off], ['full', full]]) {
    const { page, problems } = await open(env, '', undefined, init);
    assert.equal((await setBig(page, seeded(256, 512, 16))).ok, true);
    await editX(page, 0, 0, 0.5);
    await page.waitForFunction(() => /does not let the page keep them/.test(document.querySelector('.notice')?.textContent ?? ''), null, { timeout: 10000 });
    await editX(page, 0, 1, 0.75);
    assert.deepEqual((await page.evaluate(() => window.attentionLab.getLesson().X[0])).slice(0, 2), [0.5, 0.75], `storage ${what}: edits still work`);
    await page.selectOption('select[name=preset]', 'toy-dk4');
    await page.waitForFunction(() => !/too large/.test(document.querySelector('.notice')?.textContent ?? ''));
    await page.evaluate(() => window.attentionLab.shareLink()); // resolves once the address bar holds the lesson
    await page.reload();
    await ready(page);
    assert.equal(await page.evaluate(() => window.attentionLab.getState().preset), 'toy-dk4', `storage ${what}: the link still reopens the lesson`);
    assert.deepEqual(problems, [], `storage ${what}: no error`);
    await page.close();
  }
});

// The engine stops (a trap in the wasm code, as a bug would cause): the page restarts it, shows the last valid
// lesson with the same numbers, says what happened, and goes on computing edits.
test('a crash of the engine: restarted, the last valid lesson restored and still editable, the student told', async () => {
  const { page, problems } = await open(env);
  await page.selectOption('select[name=preset]', 'toy-dk4');
  await edit(page, 'X', 0, 0, '2.5');
  const kept = await page.evaluate(() => window.attentionLab.getState());
  const weights = () => page.evaluate(() => Array.from(window.attentionLab.getTrace().headTraces[0].weights.data));
  const before = await weights();

  // inside an edit: the engine traps while computing it; that edit is dropped, the one before stays
  await clickSettled(page, cellSelector('X', 1, 1));
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('9');
  await page.evaluate(() => window.attentionLab.debugCrashEngine({ next: true }));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /engine stopped unexpectedly \(unreachable\); it was restarted and your lesson was restored/.test(document.querySelector('.notice')?.textContent ?? ''));
  const after = await page.evaluate(() => window.attentionLab.getState());
  assert.deepEqual(after.lesson, kept.lesson, 'the last valid lesson is shown');
  assert.deepEqual([after.hidden, after.locked, after.note, after.preset], [kept.hidden, kept.locked, kept.note, kept.preset]);
  assert.deepEqual(await weights(), before, 'the fresh engine gives the same numbers');
  assert.equal(Number(await page.locator(cellSelector('X', 0, 0)).getAttribute('data-value')), 2.5, 'the page shows it');

  // at rest: the engine traps on its own
  const r = await page.evaluate(() => window.attentionLab.debugCrashEngine()); // resolves once restored
  assert.equal(r.crashed, true);
  assert.match(await noticeText(page), /restarted and your lesson was restored/);
  assert.deepEqual(await page.evaluate(() => window.attentionLab.getLesson()), kept.lesson);

  // and it goes on: edits compute, the inspector explains
  await edit(page, 'X', 1, 1, '-1.25');
  assert.equal(await page.evaluate(() => window.attentionLab.getLesson().X[1][1]), -1.25, 'an edit after the crash is applied');
  assert.notDeepEqual(await weights(), before, 'and computed');
  await clickSettled(page, cellSelector('scores', 0, 1));
  await page.waitForFunction(() => /multiplies the two rows/.test(document.querySelector('.side')?.textContent ?? ''));
  await page.evaluate(() => window.attentionLab.shareLink());
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => window.attentionLab.getLesson().X[1][1]), -1.25, 'and its link reopens it');
  assert.deepEqual(problems, [], 'no uncaught error, no console error');
  await page.close();
});

test('a crash on the exercises and labs pages: a clear message, the page recovers, answers are kept', async () => {
  const ex = await openPage(env, 'exercises.html#set=toy-dk4&seed=2');
  await waitForPage(ex.page, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  const first = await ex.page.locator('.ex-card:has(input[name=value])').first().getAttribute('data-id');
  await ex.page.locator(`.ex-card[data-id="${first}"] input[name=value]`).fill('12345');
  await ex.page.locator(`.ex-card[data-id="${first}"] button.check`).click();
  await ex.page.waitForFunction((id) => window.attentionLabExercises.progress().exercises[id]?.attempts === 1, first);
  const progress = await ex.page.evaluate(() => window.attentionLabExercises.progress());
  assert.equal(progress.exercises[first].attempts, 1);
  await ex.page.evaluate(() => window.attentionLabExercises.debugCrashEngine());
  await ex.page.waitForFunction(() => /engine stopped unexpectedly.*restarted.*your answers/.test(document.querySelector('.ex-notices')?.textContent ?? ''));
  assert.equal((await ex.page.evaluate(() => window.attentionLabExercises.progress())).exercises[first].attempts, 1, 'the answers are kept');
  await ex.page.fill('#seed-input', '9');
  await ex.page.click('form.seed button');
  await ex.page.waitForFunction(() => window.attentionLabExercises.seed() === 9 && window.attentionLabExercises.sheet().exercises.length > 0);
  assert.deepEqual(ex.problems, []);
  await ex.page.close();

  const labs = await openPage(env, 'labs.html');
  await waitForPage(labs.page, () => document.documentElement.dataset.ready === 'true');
  const readout = () => labs.page.locator('[data-readout="scale"]').textContent();
  const shown = await readout();
  await labs.page.evaluate(() => window.attentionLabs.debugCrashEngine({ next: true }));
  await labs.page.locator('input[name="scale-dk"]').evaluate((el) => { el.value = '90'; el.dispatchEvent(new Event('input', { bubbles: true })); });
  await labs.page.waitForFunction(() => /engine stopped unexpectedly \(unreachable\); it was restarted and every experiment was recomputed/.test(document.querySelector('.engine-notice')?.textContent ?? ''));
  assert.match(await readout(), /d_k = 512/, 'the action that met the crash is recomputed');
  assert.notEqual(await readout(), shown);
  await labs.page.click('button[name=train-step]');
  assert.match(await labs.page.locator('[data-readout="train"]').textContent(), /\S/);
  assert.deepEqual(labs.problems, []);
  await labs.page.close();
});
