// Issue 17 §1: the engine's problems are shown in the reader's language, naming the field, wherever the page shows
// them (the sentence box, the step cards, the exercises' set author); hosts still get English plus code and params.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, open, openPage, waitForPage } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const LONG_WORD = 'x'.repeat(80);
const shownProblems = (page) => page.evaluate(() => [...document.querySelectorAll('.problems, .field-problem')]
  .filter((el) => !el.hidden && el.textContent.trim()).map((el) => el.innerHTML));

// Types a sentence with a word longer than the engine allows and waits for its problem by the embed step.
async function tooLongWord(page) {
  await page.fill('input[name=sentence]', `we like ${LONG_WORD}`);
  await page.press('input[name=sentence]', 'Enter');
  await waitForPage(page, () => !document.querySelector('#step-embed .problems').hidden);
  return page.locator('#step-embed .problems').innerHTML();
}

// A lesson whose W_Q has the wrong shape, handed in from outside: the answer is English with code and params.
async function wrongShape(page) {
  const r = await page.evaluate(() => {
    const lesson = window.attentionLab.getLesson();
    lesson.W_Q = [[1, 0, 0]];
    return window.attentionLab.setLesson(lesson);
  });
  assert.equal(r.ok, false);
  const p = r.problems.find((x) => x.field === 'W_Q');
  assert.match(p.message, /^has shape 1 × 3 but should be \d+ × any/);
  assert.equal(p.code, 'shape_mismatch');
  assert.equal(p.params.actual, '1 × 3');
  await waitForPage(page, () => [...document.querySelectorAll('.problems')].some((el) => !el.hidden && el.textContent.includes('W_Q')));
  return (await shownProblems(page)).find((html) => html.includes('W_Q'));
}

test('German: a word too long and a matrix of the wrong shape are said in German, with the field', async () => {
  const { page, problems } = await open(env, '?lang=de');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  const embed = await tooLongWord(page);
  assert.match(embed, /<code dir="ltr">(sentence|tokens\[2\])<\/code>(: Token 2)? ist länger als 64 Zeichen/);
  assert.doesNotMatch(embed, /longer than|engine\./);
  assert.match(await page.locator('.field-problem').textContent(), /ist länger als 64 Zeichen/);
  await page.fill('input[name=sentence]', 'we like dogs');
  await page.press('input[name=sentence]', 'Enter');
  await waitForPage(page, () => document.querySelector('#step-embed .problems').hidden);
  const shape = await wrongShape(page);
  assert.match(shape, /<code dir="ltr">W_Q<\/code> hat die Form 1 × 3, sollte aber \d+ × \* sein \(d_model × h·d_k, d_model = \d+\)/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('German: a link the engine cannot read says why in German', async () => {
  const { page, problems } = await open(env, '?lang=de#v3=abc');
  await waitForPage(page, () => !document.querySelector('.notice').hidden);
  const notice = await page.locator('.notice').textContent();
  assert.match(notice, /er wurde im Format Version 3 erstellt, das diese Seite nicht kennt/);
  assert.doesNotMatch(notice, /which this page does not know/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Arabic: the same problems read right to left in Arabic, the field kept left to right', async () => {
  const { page, problems } = await open(env, '?lang=ar');
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  const embed = await tooLongWord(page);
  assert.match(embed, /<code dir="ltr">(sentence|tokens\[2\])<\/code>(: الرمز 2)? أطول من 64 محرفًا/);
  assert.doesNotMatch(embed, /longer than/);
  const shape = await wrongShape(page);
  assert.match(shape, /شكل <code dir="ltr">W_Q<\/code> هو 1 × 3 لكن يجب أن يكون/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('English: the engine\'s own words, as the CLI prints them', async () => {
  const { page, problems } = await open(env, '?lang=en');
  assert.match(await tooLongWord(page), /<code dir="ltr">(sentence|tokens\[2\])<\/code> (token 2 )?is longer than 64 characters/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('German exercises: a set the engine refuses lists its problems in German', async () => {
  const { page, problems } = await openPage(env, 'exercises.html?lang=de');
  await waitForPage(page, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  const lesson = { tokens: ['a', 'b'], X: [[1, 0], [0, 1]], W_Q: [[1], [0]], W_K: [[1], [0]], W_V: [[1], [0, 1]] };
  await page.click('.ex-author summary');
  await page.fill('textarea[name=author]', JSON.stringify({ lesson, exercises: [] }));
  await page.click('.author-open');
  await waitForPage(page, () => document.querySelector('.author-problems').textContent.length > 0);
  const html = await page.locator('.author-problems').innerHTML();
  assert.match(html, /<code dir="ltr">lesson\.W_V\[1\]<\/code> hat 2 Zahlen, aber Zeile 0 hat 1: jede Zeile braucht dieselbe Länge/);
  assert.doesNotMatch(html, /every row/);
  await page.fill('textarea[name=author]', JSON.stringify({ lesson: { ...lesson, W_V: [[1], [0]] }, exercises: [] }));
  await page.click('.author-open');
  await waitForPage(page, () => document.querySelector('.author-problems').textContent.includes('Aufgaben'));
  assert.match(await page.locator('.author-problems').innerHTML(), /<code dir="ltr">exercises<\/code> muss eine Liste von 1 bis 50 Aufgaben sein/);
  assert.deepEqual(problems, []);
  await page.close();
});
