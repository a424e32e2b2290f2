// The LMS tools on the exercises page: "Download for your LMS" packages the set on screen in the browser (a built-in
// set and an authored one), holding the same files as `npm run package` makes; "Finish" gives a results code that
// "Grade results codes" (and `attnlab grade`) judge again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { startBrowser, openPage } from './browser.mjs';
import { answer, packageInto, ROOT } from './lms-helpers.mjs';

let env, work;
before(async () => { env = await startBrowser(); work = mkdtempSync(join(tmpdir(), 'attention-lab-lms-page-')); });
after(async () => { await env?.close(); if (work) rmSync(work, { recursive: true, force: true }); });

async function openExercises(hash) {
  const r = await openPage(env, `exercises.html${hash}`);
  await r.page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises, null, { timeout: 60000 });
  return r;
}

async function download(page, { format, seed = '', pass = '0.8' }) {
  await page.locator('.ex-download summary').click();
  await page.locator('.download-form select[name=format]').selectOption(format);
  await page.locator('.download-form input[name=seed]').fill(seed);
  await page.locator('.download-form input[name=pass]').fill(pass);
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator('.download-form button[type=submit]').click()]);
  const path = join(work, file.suggestedFilename());
  await file.saveAs(path);
  return { name: file.suggestedFilename(), zip: unzipSync(new Uint8Array(readFileSync(path))) };
}
const text = (bytes) => new TextDecoder().decode(bytes);

test('Download for your LMS: the set on screen, packaged in the browser with the files the command line packs', async () => {
  const { page, problems } = await openExercises('#set=toy-dk4&seed=3');
  const { name, zip } = await download(page, { format: 'scorm2004', pass: '0.7' });
  assert.equal(name, 'toy-dk4-scorm2004.zip');
  const manifest = text(zip['imsmanifest.xml']);
  assert.match(manifest, /<schemaversion>2004 4th Edition<\/schemaversion>/);
  assert.match(manifest, /<imsss:minNormalizedMeasure>0.7<\/imsss:minNormalizedMeasure>/);
  const config = JSON.parse(text(zip['lms-package.json']));
  assert.deepEqual([config.format, config.set.id, config.seed, config.pass], ['scorm2004', 'toy-dk4', null, 0.7]);
  const cli = packageInto(work, 'cli-toy', ['--set', 'toy-dk4', '--format', 'scorm2004', '--pass', '0.7']);
  assert.deepEqual(Object.keys(zip).sort(), [...cli.zip.keys()].sort(), 'the same files as npm run package');
  assert.deepEqual(zip['exercises.html'], cli.zip.get('exercises.html'));

  // a bad pass mark is refused in words, and nothing is downloaded
  await page.locator('.download-form input[name=pass]').fill('80');
  await page.locator('.download-form button[type=submit]').click();
  assert.match(await page.locator('.download-status').innerText(), /pass mark must be a number above 0 and at most 1/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('an authored set is packaged as it is, with its fixed seed, as cmi5', async () => {
  const set = readFileSync(join(ROOT, 'tests/fixtures/exercises/exit-ticket.json'), 'utf8').replace(/^\uFEFF/, '');
  const { page } = await openExercises(`#setjson=${Buffer.from(set).toString('base64url')}&seed=4`);
  const id = await page.evaluate(() => window.attentionLabExercises.set());
  const { name, zip } = await download(page, { format: 'cmi5', seed: '12' });
  assert.equal(name, `${id}-cmi5.zip`);
  const config = JSON.parse(text(zip['lms-package.json']));
  assert.deepEqual([config.set.id, config.set.text, config.seed], [id, set, 12]);
  assert.match(text(zip['cmi5.xml']), /moveOn="CompletedOrPassed" masteryScore="0.8"/);
  assert.match(text(zip['exercises.html']), /connect-src (&#39;|')self(&#39;|') https: http:/);
  await page.close();
});

test('Finish gives a results code; Grade results codes and attnlab grade judge it again', async () => {
  const { page, problems } = await openExercises('#set=exit-ticket&seed=21');
  const sheet = await page.evaluate(() => window.attentionLabExercises.sheet());
  await answer(page, sheet.exercises[0]);
  await answer(page, sheet.exercises[1], true);
  await answer(page, sheet.exercises[2]);
  await page.locator('.ex-finish button.finish').click();
  const code = await page.locator('.ex-finish .results-code').inputValue();
  assert.match(code, /^AL1-[A-Za-z0-9_-]+$/);
  assert.ok(code.length < 600, `short enough to paste (${code.length} characters)`);

  await page.locator('.ex-grade summary').click();
  await page.locator('.ex-grade textarea[name=codes]').fill(`Ada, ${code}\nnot a code`);
  await page.locator('.ex-grade button.grade').click();
  assert.match(await page.locator('.grade-status').innerText(), /Lines graded: 1 of 2;/);
  const cells = await page.locator('.grade-table tbody tr').first().locator('td').allInnerTexts();
  assert.deepEqual(cells.slice(0, 2), ['1', 'Ada']);
  assert.deepEqual(cells.slice(3, 8), ['exit-ticket', '21', '0.2', '2', '10']);
  const [saved] = await Promise.all([page.waitForEvent('download'), page.locator('.grade-csv').click()]);
  assert.equal(saved.suggestedFilename(), 'results.csv');
  await saved.saveAs(join(work, 'results.csv'));
  const csv = readFileSync(join(work, 'results.csv'), 'utf8');

  // the command line gives the same CSV for the same lines
  const file = join(work, 'codes.txt');
  writeFileSync(file, `Ada, ${code}\nnot a code`);
  const native = spawnSync(join(ROOT, 'build/bin/attnlab'), ['grade', file], { encoding: 'utf8' });
  assert.equal(native.stdout, csv);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a package made on a German page keeps its language: the LMS opens it in German', async () => {
  const { page, problems } = await openExercises('#set=toy-dk4&seed=3&lang=de');
  const { zip } = await download(page, { format: 'scorm12' });
  assert.equal(JSON.parse(text(zip['lms-package.json'])).lang, 'de');
  await page.close();
  // the package as an LMS serves it (no LMS API around it here: the page says so, in German, and shows the set)
  const site = mkdtempSync(join(tmpdir(), 'attention-lab-lms-lang-'));
  for (const [path, bytes] of Object.entries(zip)) {
    mkdirSync(join(site, path, '..'), { recursive: true });
    writeFileSync(join(site, path), bytes);
  }
  const lms = await startBrowser(site);
  try {
    const launched = await openPage(lms, 'exercises.html?lms=1');
    await launched.page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises, null, { timeout: 60000 });
    assert.equal(await launched.page.evaluate(() => document.documentElement.lang), 'de');
    assert.equal(await launched.page.evaluate(() => window.attentionLabExercises.set()), 'toy-dk4');
    const de = JSON.parse(readFileSync(join(ROOT, 'web/i18n/locales/de.json'), 'utf8')).exercises;
    assert.equal(await launched.page.locator('h1').innerText(), de.sets.toyDk4.title);
    await launched.page.close();
  } finally {
    await lms.close();
    rmSync(site, { recursive: true, force: true });
  }
  assert.deepEqual(problems, []);
});
