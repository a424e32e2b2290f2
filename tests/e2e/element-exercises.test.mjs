// <attention-lab exercises=… seed=…>: the custom element opens an exercise sheet, sizes itself to it and
// re-sends each checked answer as a DOM event on the host page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage } from './browser.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

test('an exercise set embedded with the custom element reports results and its height', async () => {
  const { page, problems } = await openPage(env, 'course-demo.html');
  // a same-origin host: let the demo's own embeds finish loading, then replace them with ours
  await page.waitForFunction(() => [...document.querySelectorAll('attention-lab')].every((el) =>
    el.shadowRoot?.querySelector('iframe')?.contentDocument?.documentElement?.dataset.ready === 'true'), null, { timeout: 30000 });
  await page.evaluate(() => {
    document.body.replaceChildren();
    window.results = [];
    document.addEventListener('attention-lab:exercise-result', (e) => window.results.push(e.detail));
    const el = document.createElement('attention-lab');
    el.setAttribute('exercises', 'exit-ticket');
    el.setAttribute('seed', '11');
    document.body.append(el);
  });
  await page.waitForFunction(() => [...document.querySelector('attention-lab').shadowRoot.querySelectorAll('iframe')]
    .some((f) => f.contentDocument?.documentElement?.dataset.ready === 'true'), null, { timeout: 30000 });
  const frame = page.frames().find((f) => f.url().includes('exercises.html'));
  assert.match(frame.url(), /#set=exit-ticket&seed=11/);
  const sheet = await frame.evaluate(() => window.attentionLabExercises.sheet());
  assert.equal(sheet.seed, 11);
  const ex = sheet.exercises.find((e) => e.id === 'raw-score');
  const card = frame.locator('.ex-card[data-id="raw-score"]');
  await card.locator('input[name=value]').fill(String(ex.answer.value));
  await card.locator('button.check').click();
  await page.waitForFunction(() => window.results.length === 1);
  const [result] = await page.evaluate(() => window.results);
  assert.deepEqual({ set: result.set, seed: result.seed, id: result.id, correct: result.correct, attempts: result.attempts },
    { set: 'exit-ticket', seed: 11, id: 'raw-score', correct: true, attempts: 1 });
  assert.equal(result.statement.object.id, 'urn:attention-lab:exercises:exit-ticket:raw-score', 'the event carries the xAPI statement');
  // the frame follows the sheet's height (the default before any report is 700 px)
  await page.waitForFunction(() => parseFloat(document.querySelector('attention-lab').shadowRoot.querySelector('iframe').style.height) > 1000);
  // (the demo's removed frames may drop their favicon request mid-flight)
  assert.deepEqual(problems.filter((p) => !/^request failed: .*favicon\.svg$/.test(p)), []);
});
