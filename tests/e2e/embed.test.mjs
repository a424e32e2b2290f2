// Embedding: the course demo's three <attention-lab> elements render, compute and stay independent; the
// iframe snippet from the Embed dialog works on a plain host page, resizes itself, and answers the postMessage API.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { startBrowser, openPage, open, cellSelector, screenshot, clickSettled, checkSettled } from './helpers.mjs';

const shots = new URL('../artifacts/screenshots/', import.meta.url);
let env;
before(async () => { env = await startBrowser(); mkdirSync(shots, { recursive: true }); });
after(async () => { await env?.close(); });

const frameReady = (frame) => frame.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });

test('course demo: three embeds on one page render, compute and stay independent', async () => {
  const { page, problems } = await openPage(env, 'course-demo.html');
  const hosts = ['#lab-scores', '#lab-literal', '#lab-causal'];
  const frames = [];
  for (const id of hosts) {
    const handle = await page.locator(`${id}`).evaluateHandle((el) => el.shadowRoot.querySelector('iframe'));
    const frame = await handle.asElement().contentFrame();
    await frameReady(frame);
    frames.push(frame);
  }
  const tokens = await Promise.all(frames.map((f) => f.evaluate(() => window.attentionLab.getTrace().tokens)));
  assert.deepEqual(tokens[0], ['we', 'like', 'cats']);
  assert.deepEqual(tokens[1], ['key', 'value', 'query']);
  assert.equal(tokens[2].at(-1), '___');
  // attributes: shown steps, locked inputs, theme, note
  assert.deepEqual(await frames[0].evaluate(() => [...document.querySelectorAll('.step-card')].filter((c) => !c.hidden).map((c) => c.dataset.step)), ['project', 'score', 'softmax']);
  assert.deepEqual(await frames[0].evaluate(() => window.attentionLab.getState().locked), ['X', 'sentence', 'sizes']);
  assert.equal(await frames[1].evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.match(await frames[1].locator('.instructor-note').textContent(), /Query 1 should pick key 2/);
  assert.equal(await frames[0].evaluate(() => document.documentElement.dataset.embed), 'true');
  assert.equal(await frames[0].locator('.toolbar').isVisible(), false, 'compact chrome');
  // the retrieval toy computes: query 1 ("query") puts most weight on key 2 ("value")? check against plain math
  const w = await frames[1].evaluate(() => Array.from(window.attentionLab.getTrace().headTraces[0].weights.data));
  assert.ok(Math.abs(w.slice(0, 3).reduce((a, b) => a + b, 0) - 1) < 1e-12);
  // auto height follows the content (resize messages)
  await page.waitForFunction(() => parseFloat(document.querySelector('#lab-literal').shadowRoot.querySelector('iframe').style.height) > 1500, null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => document.querySelector('#lab-causal').shadowRoot.querySelector('iframe').style.height), '760px');
  // editing one embed leaves the others alone
  const before2 = await frames[1].evaluate(() => JSON.stringify(window.attentionLab.getLesson()));
  await clickSettled(frames[0], cellSelector('W_K', 0, 0));
  await frames[0].press(cellSelector('W_K', 0, 0), 'Enter');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('9');
  await page.keyboard.press('Enter');
  assert.equal(await frames[0].evaluate(() => window.attentionLab.getLesson().W_K[0][0]), 9);
  assert.equal(await frames[1].evaluate(() => JSON.stringify(window.attentionLab.getLesson())), before2);
  // the host's postMessage API through the element's methods
  await page.click('#read');
  await page.waitForFunction(() => document.getElementById('out').textContent.includes('query'));
  await page.click('#write');
  await page.waitForFunction(() => document.getElementById('out').textContent.includes('"ok":true'));
  assert.deepEqual(await frames[0].evaluate(() => window.attentionLab.getTrace().tokens), ['a', 'b']);
  assert.deepEqual(await frames[2].evaluate(() => window.attentionLab.getTrace().tokens.length), 11);
  const bad = await page.evaluate(() => document.getElementById('lab-literal').setLesson({ tokens: ['a'], X: [[1, 2]], W_Q: 'x' }));
  assert.equal(bad.ok, false);
  assert.ok(bad.problems.length > 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, { path: new URL('course-demo.png', shots).pathname, fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('the Embed dialog snippet works on a plain host page: renders, computes, resizes, answers postMessage', async () => {
  const { page, problems } = await open(env);
  await page.click('.instructor-toggle');
  await checkSettled(page, '.instructor-panel input[name=show-step][value=embed]', false);
  await checkSettled(page, '.instructor-panel input[name=lock][value=X]');
  await page.click('.open-embed');
  const snippet = await page.locator('.embed-dialog textarea.snippet-iframe').inputValue();
  // (the embed speaks the language it was made in: lang= after embed=1)
  assert.match(snippet, /<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?embed=1&amp;lang=en#v2=/);
  // both snippets name the version that made them, as the page's footer does
  const version = await page.getAttribute('footer.site-version', 'data-version');
  assert.ok(snippet.startsWith(`<!-- Attention Lab ${version} -->\n<iframe `));
  assert.ok((await page.locator('.embed-dialog textarea.snippet-element').inputValue()).startsWith(`<!-- Attention Lab ${version} -->\n<script src=`));
  assert.match(await page.locator('.embed-dialog textarea.snippet-element').inputValue(), /<attention-lab lesson-link="#v2=[^"]+" steps="project,score,scale,softmax,sum,add_norm,cross_score,cross_softmax,cross_sum,cross_norm,ffn,ffn_norm" locked="X"/);
  await screenshot(page, { path: new URL('embed-dialog.png', shots).pathname });
  const expected = await page.evaluate(() => window.attentionLab.getLesson());

  const host = await env.browser.newPage();
  const hostErrors = [];
  host.on('pageerror', (e) => hostErrors.push(e.message));
  await host.setContent(`<!doctype html><h1>My course</h1><p>Before.</p>${snippet}<p>After.</p>`);
  const frame = await (await host.locator('iframe').elementHandle()).contentFrame();
  await frameReady(frame);
  assert.deepEqual(await frame.evaluate(() => window.attentionLab.getLesson()), expected);
  assert.equal(await frame.locator('#step-embed').isVisible(), false);
  await host.waitForFunction(() => parseFloat(document.querySelector('iframe').style.height) > 1000, null, { timeout: 10000 });
  // postMessage API, as a host would use it
  const reply = await host.evaluate(() => new Promise((done) => {
    addEventListener('message', (e) => { if (e.data?.type === 'attention-lab:lesson') done(e.data); });
    document.querySelector('iframe').contentWindow.postMessage({ type: 'attention-lab:get-lesson', id: 7 }, '*');
  }));
  assert.equal(reply.id, 7);
  assert.deepEqual(reply.lesson, expected);
  const canvas = await host.evaluate(() => new Promise((done) => {
    addEventListener('message', (e) => { if (typeof e.data === 'string' && e.data.includes('lti.frameResize')) done(JSON.parse(e.data)); });
    document.querySelector('iframe').contentWindow.postMessage({ type: 'attention-lab:set-lesson', lesson: { tokens: ['x', 'y'], X: [[1, 0], [0, 1]], W_Q: [[1], [1]], W_K: [[1], [0]], W_V: [[1], [2]] } }, '*');
  }));
  assert.equal(canvas.subject, 'lti.frameResize');
  assert.ok(canvas.height > 300);
  assert.deepEqual(await frame.evaluate(() => window.attentionLab.getTrace().tokens), ['x', 'y']);
  assert.deepEqual(hostErrors, []);
  assert.deepEqual(problems, []);
  await host.close(); await page.close();
});
