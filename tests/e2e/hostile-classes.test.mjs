// Issue 18, second round of hostile input, through the pages, the element and postMessage: each class with
// several inputs of the class. Waits on the pages' own signals (data-ready, data-lesson, the promises the element
// and the page's API resolve).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { startBrowser, open, openPage, waitForPage } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const small = (extra = {}) => ({ tokens: ['a', 'b'], X: [[1, 0], [0, 1]], W_Q: [[1, 0], [0, 1]], W_K: [[1, 0], [0, 1]], W_V: [[1, 0], [0, 1]], ...extra });
const v2 = (payload) => '#v2=' + deflateRawSync(Buffer.from(JSON.stringify(payload))).toString('base64url');
const b64 = (text) => Buffer.from(text).toString('base64url');
const exercisesReady = (page) => page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises, null, { timeout: 30000 });
const setOf = (extra = {}, lesson = small()) => JSON.stringify({ title: 'T', lesson, exercises: [{ id: 'raw', kind: 'score', query: 0, key: 1 }, { id: 'sc', kind: 'scaled_score' }], ...extra });

test('1, 2, 4. overflowing scales and unbounded tolerances are refused where sets and lessons arrive', async () => {
  // a lesson: through the page's API and postMessage-like setLesson, and in a link
  const { page, problems } = await open(env);
  for (const scale of [1e-300, 5e-324, 1e-13]) {
    const r = await page.evaluate((l) => window.attentionLab.setLesson(l), small({ scale, X: [[1e6, 1e6], [1e6, 1e6]] }));
    assert.equal(r.ok, false);
    assert.equal(r.problems[0].field, 'scale');
  }
  // no "–" for a number in a cell, ever
  assert.equal(await page.locator('td[data-matrix]', { hasText: '–' }).count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
  const linked = await open(env, v2({ l: small({ scale: 1e-300 }) }));
  assert.match(await linked.page.locator('.notice').textContent(), /scale: is too small/);
  await linked.page.close();
  // an exercise set: the overflowing lesson, and tolerances past 1e6 at both levels
  for (const [text, field] of [
    [setOf({}, small({ scale: 1e-300 })), 'lesson.scale'],
    [setOf({ tolerance: 1e7 }), 'tolerance'],
    [JSON.stringify({ lesson: small(), exercises: [{ id: 'e', kind: 'score', tolerance: 1e300 }] }), 'exercises[0].tolerance'],
  ]) {
    const ex = await openPage(env, `exercises.html#setjson=${b64(text)}&seed=1`);
    await exercisesReady(ex.page);
    const found = await ex.page.evaluate(() => window.attentionLabExercises.problems());
    assert.ok(found.some((p) => p.field === field), `${field}: ${JSON.stringify(found)}`);
    assert.equal(await ex.page.locator('.ex-card').count(), 0, 'no exercise can be answered');
    assert.deepEqual(ex.problems, []);
    await ex.page.close();
  }
});

test('6. every reserved name is an ordinary exercise id: its progress is saved and comes back', async () => {
  const ids = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'];
  const text = JSON.stringify({ lesson: small(), exercises: ids.map((id) => ({ id, kind: 'score', query: 0, key: 1 })) });
  const path = `exercises.html#setjson=${b64(text)}&seed=4`;
  const { page, problems } = await openPage(env, path);
  await exercisesReady(page);
  for (const id of ids) {
    const card = page.locator(`.ex-card[data-id="${id}"]`);
    await card.locator('input').first().fill('0'); // q0 · k1 = 0 in this lesson
    await card.locator('button.check').click();
  }
  // (read in the page: an object with an own "__proto__" key would not survive the trip to Node)
  const attempts = () => page.evaluate(() => Object.fromEntries(Object.entries(window.attentionLabExercises.progress().exercises).map(([id, r]) => [`id:${id}`, r.attempts])));
  const before = await attempts();
  for (const id of ids) assert.equal(before[`id:${id}`], 1, `${id} before reload`);
  await page.reload();
  await exercisesReady(page);
  const after = await attempts();
  for (const id of ids) {
    assert.equal(after[`id:${id}`], 1, `${id} after reload`);
    assert.equal(await page.locator(`.ex-card[data-id="${id}"]`).getAttribute('data-state'), 'correct');
  }
  assert.equal(await page.evaluate(() => ({}).attempts), undefined, 'Object.prototype untouched');
  assert.deepEqual(problems, []);
  await page.close();
});

test('7. storage that fails after loading: answers stay in the tab, one notice, saved again once it works', async () => {
  const three = JSON.stringify({ lesson: small(), exercises: ['a', 'b', 'c'].map((id) => ({ id, kind: 'score', query: 0, key: 1 })) });
  const { page, problems } = await openPage(env, `exercises.html#setjson=${b64(three)}&seed=9`);
  await exercisesReady(page);
  await page.evaluate(() => {
    window.__full = true;
    const real = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) { if (window.__full) throw new DOMException('full', 'QuotaExceededError'); return real.call(this, k, v); };
  });
  const cards = page.locator('.ex-card');
  const first = cards.nth(0), second = cards.nth(1);
  await first.locator('input').first().fill('123');
  await first.locator('button.check').click();
  await second.locator('input').first().fill('456');
  await second.locator('button.check').click();
  assert.equal(await page.locator('.storage-notice').count(), 1, 'said once');
  assert.match(await page.locator('.storage-notice').textContent(), /kept in this tab/);
  const kept = await page.evaluate(() => Object.values(window.attentionLabExercises.progress().exercises).map((r) => r.attempts));
  assert.deepEqual(kept, [1, 1], 'both answers kept in memory');
  // re-rendering (another seed and back) reads what memory holds, not the stale storage
  await page.fill('#seed-input', '10');
  await page.press('#seed-input', 'Enter');
  await page.waitForFunction(() => window.attentionLabExercises.seed() === 10);
  await page.fill('#seed-input', '9');
  await page.press('#seed-input', 'Enter');
  await page.waitForFunction(() => window.attentionLabExercises.seed() === 9);
  assert.deepEqual(await page.evaluate(() => Object.values(window.attentionLabExercises.progress().exercises).map((r) => r.attempts)), [1, 1]);
  // storage works again: the next change writes everything
  await page.evaluate(() => { window.__full = false; });
  await cards.nth(2).locator('input').first().fill('7');
  await cards.nth(2).locator('button.check').click();
  await page.reload();
  await exercisesReady(page);
  assert.equal(Object.keys(await page.evaluate(() => window.attentionLabExercises.progress().exercises)).length, 3, 'all three after a reload');
  assert.deepEqual(problems, []);
  await page.close();
});

test('8. without storage from the start, the notice says what really happens: a reload loses the answers', async () => {
  const { page, problems } = await openPage(env, 'exercises.html#set=exit-ticket&seed=2', undefined, () => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });
  });
  await exercisesReady(page);
  const text = await page.locator('.ex-notices').textContent();
  assert.match(text, /reloading or closing it loses them/);
  assert.doesNotMatch(text, /until you close the tab/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('9. query options seed the view once; the link wins after that; share links carry one source of truth', async () => {
  const { page, problems } = await open(env, '?note=old%20note&steps=score,softmax&locked=X&instructor=1');
  assert.equal(await page.evaluate(() => window.attentionLab.getState().note), 'old note');
  assert.deepEqual(await page.evaluate(() => window.attentionLab.getState().hidden), ['embed', 'project', 'scale', 'sum', 'add_norm', 'cross_score', 'cross_softmax', 'cross_sum', 'cross_norm', 'ffn', 'ffn_norm']);
  // the instructor edits the view; the page writes its link
  await page.click('.instructor-toggle');
  await page.fill('.instructor-panel textarea', 'new note');
  await page.press('.instructor-panel textarea', 'Tab');
  await page.waitForFunction(() => window.attentionLab.getState().note === 'new note');
  const link = await page.evaluate(() => window.attentionLab.shareLink());
  assert.doesNotMatch(link, /[?&](note|steps|locked|instructor)=/, 'the share link has no query options (nor the instructor\'s flag)');
  // a reload of the address (query still there) shows the latest note: the link wins
  await page.waitForFunction(() => location.hash.startsWith('#v2='));
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && window.attentionLab);
  assert.equal(await page.evaluate(() => window.attentionLab.getState().note), 'new note');
  assert.deepEqual(problems, []);
  await page.close();
});

test('10. set text with a byte-order mark: one reader, through a link and through "Author your own set"', async () => {
  const text = '\ufeff' + setOf();
  const { page, problems } = await openPage(env, `exercises.html#setjson=${b64(text)}&seed=5`);
  await exercisesReady(page);
  assert.equal(await page.locator('.ex-card').count(), 2);
  assert.deepEqual(await page.evaluate(() => window.attentionLabExercises.problems()), []);
  // pasted into the authoring box: opens, the page stays consistent
  await page.goto(`${env.base}exercises.html#set=exit-ticket&seed=5`);
  await exercisesReady(page);
  await page.click('.ex-author summary');
  await page.fill('textarea[name=author]', '\ufeff' + setOf({ title: 'Pasted' }));
  await page.click('.author-open');
  await page.waitForFunction(() => window.attentionLabExercises.sheet()?.title === 'Pasted');
  assert.equal(await page.locator('.ex-card').count(), 2);
  assert.equal(await page.locator('h1').first().textContent(), 'Pasted');
  // two marks are not JSON: refused with a message, the sheet shown stays
  await page.fill('textarea[name=author]', '\ufeff\ufeff' + setOf({ title: 'Twice' }));
  await page.click('.author-open');
  await page.waitForFunction(() => document.querySelector('.author-problems').textContent.length > 0);
  assert.equal(await page.evaluate(() => window.attentionLabExercises.sheet().title), 'Pasted');
  assert.deepEqual(problems, []);
  await page.close();
});

test('11. a big lesson on the exercises page: canvases, computed off the main thread, ready', async () => {
  // 512 tokens, d_model 512, 8 heads: 6.7·10⁸ multiply-adds, past the worker's threshold
  const lesson = { sentence: 'w '.repeat(512), heads: 8, init: { seed: 1, draws: [{ name: 'X', shape: [512, 512] }, { name: 'W_Q', shape: [512, 512] }, { name: 'W_K', shape: [512, 512] }, { name: 'W_V', shape: [512, 512] }] } };
  const text = JSON.stringify({ lesson, exercises: [{ id: 'raw', kind: 'score' }, { id: 'p', kind: 'predict_max' }], visible_steps: ['embed', 'score', 'softmax'] });
  const { page, problems } = await openPage(env, `exercises.html#setjson=${b64(text)}&seed=1`);
  await exercisesReady(page);
  await page.waitForFunction(() => document.documentElement.dataset.lesson === 'shown', null, { timeout: 60000 });
  assert.equal(await page.locator('.ex-lesson td').count(), 0, 'no table of 262,144 cells');
  assert.equal(await page.locator('.ex-lesson .canvas-heatmap').count(), 1 + 8 + 8);
  assert.equal(await page.locator('.ex-card').count(), 2);
  assert.deepEqual(problems, []);
  await page.close();
});

test('12. free text has a limit: a link with a 20 MB title is refused at once with the field named', async () => {
  const { page, problems } = await open(env, v2({ l: small({ title: 't'.repeat(20 << 20) }) }));
  assert.match(await page.locator('.notice').textContent(), /title: is longer than 200 characters/);
  const r = await page.evaluate((l) => window.attentionLab.setLesson(l), small({ note: 'n'.repeat(2001) }));
  assert.deepEqual(r.problems, [{ field: 'note', message: 'is longer than 2000 characters', code: 'too_long', params: { max: 2000 } }]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('14, 17. every entry point answers: malformed typed matrices, __proto__ keys, uncloneable values', async () => {
  const { page, problems } = await open(env);
  const before = await page.evaluate(() => JSON.stringify(window.attentionLab.getLesson()));
  for (const bad of [
    { rows: 1e9, cols: 0, n: 4 }, { rows: 2, cols: 2, n: 3 }, { rows: -1, cols: -4, n: 4 }, { rows: 0.5, cols: 8, n: 4 }, { rows: 2 ** 31, cols: 2 ** 31, n: 4 },
  ]) {
    const r = await page.evaluate(({ rows, cols, n }) => window.attentionLab.setLesson({ tokens: ['a', 'b'], X: { rows, cols, data: new Float64Array(n) }, W_Q: [[1]], W_K: [[1]], W_V: [[1]] }), bad);
    assert.equal(r.ok, false, JSON.stringify(bad));
    assert.equal(r.problems[0].field, 'X');
  }
  // a lesson whose own __proto__ key carries a title, PAD flags and a divisor: none of it reaches the page
  const r = await page.evaluate(() => {
    const l = JSON.parse('{"tokens":["a","b"],"X":[[1,0],[0,1]],"W_Q":[[1,0],[0,1]],"W_K":[[1,0],[0,1]],"W_V":[[1,0],[0,1]],"__proto__":{"title":"FAKE","mask":{"padding":[true,true]},"scale":1e-300}}');
    return window.attentionLab.setLesson(l);
  });
  assert.equal(r.ok, true);
  const shown = await page.evaluate(() => ({ lesson: window.attentionLab.getLesson(), about: document.querySelector('.about')?.textContent ?? '', pad: document.querySelectorAll('.chip.pad').length }));
  assert.equal(shown.lesson.title, undefined);
  assert.equal(Object.getPrototypeOf(shown.lesson), Object.prototype);
  assert.doesNotMatch(shown.about, /FAKE/);
  assert.equal(shown.pad, 0);
  assert.notEqual(JSON.stringify(shown.lesson), before);
  // through the element and postMessage: each request settles with {ok, problems}
  await page.goto(`${env.base}course-demo.html`);
  await page.waitForFunction(() => customElements.get('attention-lab'));
  const replies = await page.evaluate(async () => {
    const el = document.getElementById('lab-scores');
    const out = [];
    out.push(await el.setLesson({ tokens: ['a'], X: { rows: 1e9, cols: 0, data: new Float64Array(4) }, W_Q: [[1]], W_K: [[1]], W_V: [[1]] }));
    out.push(await el.setLesson({ tokens: ['a'], X: [[1]], W_Q: [[1]], W_K: [[1]], W_V: [[1]], f: () => 1 }));
    out.push(await el.setLesson(JSON.parse('{"tokens":["a"],"X":[[1]],"W_Q":[[1]],"W_K":[[1]],"W_V":[[1]],"__proto__":{"title":"FAKE"}}')));
    out.push(await el.setLesson('not an object'));
    return out;
  });
  assert.equal(replies[0].ok, false);
  assert.equal(replies[0].problems[0].field, 'X');
  assert.equal(replies[1].ok, false);
  assert.equal(replies[2].ok, true);
  assert.equal(replies[3].ok, false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('18. steps that name nothing, a link hiding all six, and heights out of bounds', async () => {
  for (const query of ['?steps=', '?steps=nope', '?steps=%20,%20', '?steps=Score,SOFTMAX']) {
    const { page, problems } = await open(env, query);
    assert.equal(await page.locator('.step-card:not([hidden])').count(), 6, query);
    assert.match(await page.locator('.notice').textContent(), /steps option/, query);
    assert.deepEqual(problems, []);
    await page.close();
  }
  const some = await open(env, '?steps=score,nope');
  assert.equal(await some.page.locator('.step-card:not([hidden])').count(), 1);
  assert.match(await some.page.locator('.notice').textContent(), /“nope”, which is not a step/);
  await some.page.close();
  const all = await open(env, v2({ l: small(), hide: ['embed', 'project', 'score', 'scale', 'softmax', 'sum'] }));
  assert.equal(await all.page.locator('.step-card:not([hidden])').count(), 6);
  assert.match(await all.page.locator('.notice').textContent(), /hid every step/);
  await all.page.close();
  // the element: height kept between 120 px and 20,000 px
  const { page, problems } = await openPage(env, 'course-demo.html');
  // (the frames of elements removed at once never finish loading, neither their page nor its files: not a failure of
  // the page; the request's frame says which failures are theirs, and each takes back its own entry in `problems`)
  const removedFrame = /index\.html\?embed=1&preset=toy-dk4$/;
  page.on('requestfailed', (r) => {
    let frame = '';
    try { frame = r.frame().url(); } catch { /* a request of the service worker's own has no frame */ }
    const k = problems.lastIndexOf(`request failed: ${r.url()}`);
    if (k >= 0 && (removedFrame.test(r.url()) || removedFrame.test(frame))) problems.splice(k, 1);
  });
  await page.waitForFunction(() => customElements.get('attention-lab'));
  const heights = await page.evaluate(async () => {
    const out = {};
    for (const h of ['0', '99999999', '-5', '50vh', 'calc(1px * 1e9)', 'javascript:1', '400', '1e9px']) {
      const el = document.createElement('attention-lab');
      el.setAttribute('preset', 'toy-dk4');
      el.setAttribute('height', h);
      document.body.append(el);
      await new Promise((r) => requestAnimationFrame(r));
      out[h] = el.shadowRoot.querySelector('iframe').getBoundingClientRect().height;
      el.remove();
    }
    return out;
  });
  for (const [h, px] of Object.entries(heights)) assert.ok(px >= 120 && px <= 20000, `height="${h}" gives ${px}px`);
  assert.equal(heights['400'], 400);
  assert.deepEqual(problems, []);
  await page.close();
});

test('19. a right-to-left override in a token does not reverse the page\'s own text', async () => {
  const rlo = 'ab\u202Ecd';
  const { page, problems } = await open(env, v2({ l: small({ tokens: [rlo, 'b'] }) }));
  const isolated = await page.evaluate((t) => {
    const holders = [...document.querySelectorAll('th, .chip bdi, .chip')].filter((e) => e.textContent.includes(t));
    return holders.length > 0 && holders.every((e) => getComputedStyle(e).unicodeBidi === 'isolate' || e.closest('bdi'));
  }, rlo);
  assert.ok(isolated, 'every element holding the token isolates it');
  assert.deepEqual(problems, []);
  await page.close();
  // the exercises page: prompts isolate tokens
  const ex = await openPage(env, `exercises.html#setjson=${b64(setOf({}, small({ tokens: [rlo, 'b'] })))}&seed=1`);
  await exercisesReady(ex.page);
  const prompt = await ex.page.locator('.ex-card .prompt').first().textContent();
  assert.ok(prompt.includes(`\u2068${rlo}\u2069`), prompt);
  assert.deepEqual(ex.problems, []);
  await ex.page.close();
});

test('13. a lesson of 256 tokens × 64 heads (within the limits) is computed in the worker and drawn as it scrolls into view', async () => {
  const { page, problems } = await open(env);
  const lesson = { sentence: 'w '.repeat(256), heads: 64, init: { seed: 3, draws: [{ name: 'X', shape: [256, 64] }, { name: 'W_Q', shape: [64, 64] }, { name: 'W_K', shape: [64, 64] }, { name: 'W_V', shape: [64, 64] }] } };
  const r = await page.evaluate((l) => window.attentionLab.setLesson(l), lesson);
  assert.equal(r.ok, true, JSON.stringify(r.problems));
  assert.equal(await page.evaluate(() => document.documentElement.dataset.busy), 'true', 'computed in the background');
  // the page answers while the worker computes: the instructor panel opens
  await page.click('.instructor-toggle');
  await page.evaluate(() => window.attentionLab.settled());
  assert.equal(await page.evaluate(() => window.attentionLab.getLesson().heads), 64); // (getTrace() would copy all 64 heads' matrices out)
  // drawn progressively: what one render cannot afford waits as a placeholder until it scrolls near
  const weights = '[data-matrix="weights"]';
  assert.equal(await page.locator(`.heatmap${weights}`).count(), 64, 'a heatmap or its placeholder for every head');
  assert.ok(await page.locator(`.matrix-pending${weights}`).count() > 0, 'the heads far below wait to be drawn');
  // (scrolled again while waiting: what is drawn above it may move it)
  await waitForPage(page, () => {
    const waiting = document.querySelector('.matrix-pending[data-matrix="weights"][data-head="63"]');
    waiting?.scrollIntoView();
    return !waiting && document.querySelector('.canvas-heatmap[data-matrix="weights"][data-head="63"]');
  });
  assert.equal(await page.locator(`.canvas-heatmap${weights}[data-head="63"]`).getAttribute('data-rows'), '256');
  // printing draws everything (a paper copy has no scrolling)
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  assert.equal(await page.locator('.matrix-pending').count(), 0);
  assert.equal(await page.locator(`.canvas-heatmap${weights}`).count(), 64);
  assert.deepEqual(problems, []);
  await page.close();
});
