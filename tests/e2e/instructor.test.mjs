// Issue 14, item 6: locks are not one click away. A link with locked inputs opens in student view (no Instructor
// mode to unlock them); the instructor opens it with ?instructor=1, which Copy link never passes on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, open, choosePreset, checkSettled } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('a locked link opens in student view; ?instructor=1 opens it with the panel; the shared link never carries the flag', async () => {
  const { page, problems } = await open(env);
  await choosePreset(page, 'toy-dk4');
  await page.click('.instructor-toggle');
  await checkSettled(page, '.instructor-panel input[name=lock][value=X]');
  await checkSettled(page, '.instructor-panel input[name=lock][value=sentence]');
  assert.equal(await page.isVisible('.instructor-toggle'), true, 'the instructor who set the locks keeps the panel');
  const link = await page.evaluate(() => window.attentionLab.shareLink());
  assert.doesNotMatch(link, /instructor/);

  const student = await open(env, link.slice(env.base.length));
  assert.deepEqual(await student.page.evaluate(() => window.attentionLab.getState().locked), ['X', 'sentence']);
  assert.equal(await student.page.locator('.instructor-toggle').isHidden(), true, 'no button that unlocks them');
  assert.equal(await student.page.isDisabled('input[name=sentence]'), true);

  const url = new URL(link);
  url.searchParams.set('instructor', '1');
  const teacher = await open(env, url.href.slice(env.base.length));
  assert.equal(await teacher.page.isVisible('.instructor-toggle'), true);
  await teacher.page.click('.instructor-toggle');
  await checkSettled(teacher.page, '.instructor-panel input[name=lock][value=X]', false);
  assert.deepEqual(await teacher.page.evaluate(() => window.attentionLab.getState().locked), ['sentence']);
  assert.doesNotMatch(await teacher.page.evaluate(() => window.attentionLab.shareLink()), /instructor/);
  for (const r of [student, teacher]) { assert.deepEqual(r.problems, []); await r.page.close(); }
  assert.deepEqual(problems, []);
  await page.close();
});
