// Nothing lost: lessons at and beyond the engine's size limits (core/limits.hpp) neither break the page nor
// replace the student's last valid lesson; edits keep working afterwards, and a reload reopens what was shown.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, open, ready, cellSelector, typeIntoCell } from './helpers.mjs';

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

test('a lesson at the limits computes, shows its corner, edits, and its link reopens it', async () => {
  const { page, problems } = await open(env);
  // 512 tokens, d_model 1024, 8 heads of d_k 128: X is 2^19 entries, W_Q 2^20, n·n·heads = 2^21
  const big = seeded(512, 1024, 128, 8);
  const t0 = Date.now();
  const r = await page.evaluate((l) => window.attentionLab.setLesson(l), big);
  assert.equal(r.ok, true, `the largest allowed lesson computes (${JSON.stringify(r.problems)})`);
  console.log(`# a lesson at the limits (512 tokens, d_model 1024, 8 heads) took ${Date.now() - t0} ms to compute and show`);
  const shown = await page.locator('td[data-matrix="X"][data-head="0"]').count();
  assert.ok(shown > 0 && shown < 512 * 1024, `X shows its top-left corner (${shown} cells)`);
  await page.evaluate(() => window.attentionLab.shareLink());
  const lesson = await page.evaluate(() => window.attentionLab.getLesson());
  await page.reload();
  await ready(page);
  assert.deepEqual(await page.evaluate(() => window.attentionLab.getLesson()), lesson, 'a reload reopens the seeded lesson');
  await edit(page, 'X', 0, 0, '0.5');
  assert.equal(await page.evaluate(() => window.attentionLab.getLesson().X?.[0]?.[0] ?? null), 0.5, 'an edit on the big lesson is applied');
  assert.deepEqual(problems, []);
  await page.close();
});

// Known gap (needs web/main.js + web/state.js): one edit turns a seeded matrix into literal numbers; for a large
// matrix the link then passes the fragment limit (1 000 000 characters), the URL is not updated, and a reload
// reopens the lesson from before the edit. Wanted: keep the edit (sparse overrides on the seeded draw
// in the link, or a local copy) or at least tell the student the link no longer holds their edits.
test('an edit on a large seeded lesson survives a reload', { todo: 'edits on large seeded matrices are lost on reload (link too long); needs main.js/state.js' }, async () => {
  const { page, problems } = await open(env);
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), seeded(512, 256, 64))).ok, true);
  await edit(page, 'X', 0, 0, '0.5');
  await page.evaluate(() => window.attentionLab.shareLink());
  await page.waitForTimeout(1200);
  const lesson = await page.evaluate(() => window.attentionLab.getLesson());
  await page.reload();
  await ready(page);
  const after = await page.evaluate(() => window.attentionLab.getLesson());
  const notice = await page.locator('.notice').isVisible();
  assert.ok(JSON.stringify(after) === JSON.stringify(lesson) || notice, 'the edit is back, or the page says why not');
  assert.equal(after.X?.[0]?.[0] ?? null, 0.5, 'the edit is back');
  assert.deepEqual(problems, []);
  await page.close();
});
