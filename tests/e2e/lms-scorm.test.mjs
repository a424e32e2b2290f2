// SCORM 1.2 and SCORM 2004 packages in a real SCORM runtime: each package is made by `npm run package`, unzipped,
// served on 127.0.0.1 and launched in a frame whose parent runs scorm-again (the runtime LMSs embed) as the LMS.
// A student answers every item (some wrong first); the test reads what the LMS recorded (interactions, score,
// completion, success, session time, suspend data), then relaunches with that data (the answers come back).
// A failing LMS (every call answers "false") loses nothing: the page says so and records it all later.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowser } from './browser.mjs';
import { answer, packageInto, ROOT } from './lms-helpers.mjs';

let env, work;
const zips = {};
before(async () => {
  work = mkdtempSync(join(tmpdir(), 'attention-lab-scorm-'));
  zips.scorm12 = packageInto(work, 'scorm12', ['--set', 'exit-ticket', '--format', 'scorm12', '--pass', '0.8']);
  zips.scorm2004 = packageInto(work, 'scorm2004', ['--set', 'exit-ticket', '--format', 'scorm2004', '--pass', '0.8']);
  zips.fixed = packageInto(work, 'fixed', ['--set', 'toy-dk4', '--format', 'scorm12', '--seed', '5']);
  copyFileSync(join(ROOT, 'node_modules/scorm-again/dist/scorm-again.js'), join(work, 'scorm-again.js'));
  // the LMS's page: scorm-again, then the SCO in a frame (the test sets the API up before the frame loads)
  writeFileSync(join(work, 'host.html'), '<!doctype html><meta charset="utf-8"><title>LMS</title><script src="scorm-again.js"></script><body></body>');
  env = await startBrowser(work);
});
after(async () => { await env?.close(); if (work) rmSync(work, { recursive: true, force: true }); });

const API_NAME = { scorm12: 'API', scorm2004: 'API_1484_11' };

/**
 * Opens the LMS page and launches the package in `folder` (format's API): learner, the data kept from a previous
 * session (resume), and `failing` (every call answers "false" until window.lmsRecovers() is called).
 */
async function launch(page, { format, folder, learner = 'learner-7', saved = null, failing = false }) {
  await page.goto(`${env.base}host.html`);
  await page.evaluate(({ format, name, folder, learner, saved, failing }) => {
    const api = format === 'scorm12' ? new window.Scorm12API({ logLevel: 5 }) : new window.Scorm2004API({ logLevel: 5 });
    if (format === 'scorm12') {
      api.cmi.core.student_id = learner;
      api.cmi.student_data.mastery_score = '80';
      if (saved) { api.cmi.core.entry = 'resume'; api.cmi.suspend_data = saved; }
    } else {
      api.cmi.learner_id = learner;
      api.cmi.scaled_passing_score = '0.8';
      if (saved) { api.cmi.entry = 'resume'; api.cmi.suspend_data = saved; }
    }
    window.lms = api;
    window.calls = [];
    let broken = failing;
    window.lmsRecovers = () => { broken = false; };
    // the SCO sees this object: scorm-again behind it, or "false" for everything while the LMS is broken
    window[name] = new Proxy({}, {
      get: (_, method) => (...args) => {
        window.calls.push([method, ...args]);
        if (broken) return method.includes('GetValue') ? '' : 'false';
        return api[method](...args);
      },
    });
    const frame = document.createElement('iframe');
    frame.src = `${folder}/exercises.html?lms=1`;
    frame.style.cssText = 'width: 1000px; height: 800px';
    document.body.append(frame);
  }, { format, name: API_NAME[format], folder, learner, saved, failing });
  const frame = page.frameLocator('iframe');
  await page.waitForFunction(() => document.querySelector('iframe')?.contentDocument?.documentElement?.dataset.ready === 'true', null, { timeout: 60000 });
  const sco = page.frames().find((f) => f.url().includes('exercises.html'));
  return { frame, sco };
}
const cmi = (page) => page.evaluate(() => JSON.parse(JSON.stringify(window.lms.cmi)));

for (const format of ['scorm12', 'scorm2004']) {
  test(`${format}: every answer is an interaction; score, completion, success and session time reach the LMS; a relaunch resumes`, async () => {
    const page = await env.browser.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    const { sco } = await launch(page, { format, folder: format });
    const sheet = await sco.evaluate(() => window.attentionLabExercises.sheet());
    // the learner's seed: FNV-1a of the LMS id, modulo 100000 (README), shown on the page
    const { learnerSeed } = await import('../../web/lms/ids.js');
    assert.equal(sheet.seed, learnerSeed('learner-7'));
    assert.match(await sco.locator('.seed-value').innerText(), new RegExp(`^${sheet.seed}$`));
    assert.equal(await sco.locator('select[name=set]').isVisible(), false, 'a learner in a course does not switch sets');

    const wrongFirst = new Set(['raw-score', 'why-choice']);
    for (const ex of sheet.exercises) {
      if (wrongFirst.has(ex.id)) await answer(sco, ex, true);
      // half-way: incomplete, no verdict yet
      if (ex.id === 'output') {
        const mid = await cmi(page);
        if (format === 'scorm12') assert.equal(mid.core.lesson_status, 'incomplete');
        else assert.equal(mid.completion_status, 'incomplete');
      }
      await answer(sco, ex);
    }
    await sco.locator('.notice', { hasText: 'recorded in your course' }).waitFor();
    const data = await cmi(page);
    const interactions = Object.values(data.interactions.childArray ?? data.interactions);
    assert.equal(interactions.length, sheet.exercises.length + wrongFirst.size, 'one interaction per checked answer');
    const raw = interactions.find((i) => i.id === 'raw-score');
    assert.equal(raw.type, 'numeric');
    assert.equal(raw.result, format === 'scorm12' ? 'wrong' : 'incorrect');
    assert.equal(interactions.filter((i) => i.id === 'raw-score').at(-1).result, 'correct');
    assert.equal(interactions.find((i) => i.id === 'softmax-2-0').type, 'fill-in');
    assert.equal(interactions.find((i) => i.id === 'why-choice').type, 'choice');
    const response = format === 'scorm12' ? 'student_response' : 'learner_response';
    const rawKey = sheet.exercises.find((e) => e.id === 'raw-score');
    assert.ok(Math.abs(Number(raw[response]) - (rawKey.answer.value + rawKey.tolerance * 10 + 1)) < 1e-9, 'the wrong answer as given');
    for (const i of interactions) {
      assert.ok(i.latency, `${i.id} has a latency`);
      assert.ok(format === 'scorm12' ? /^\d\d:\d\d:\d\d$/.test(i.time) : /^\d{4}-\d\d-\d\dT/.test(i.timestamp), `${i.id} has a time`);
    }
    const score = format === 'scorm12' ? data.core.score : data.score;
    assert.deepEqual([Number(score.raw), Number(score.min), Number(score.max)], [100, 0, 100]);
    if (format === 'scorm12') {
      assert.equal(data.core.lesson_status, 'passed');
    } else {
      assert.equal(Number(data.score.scaled), 1);
      assert.equal(data.completion_status, 'completed');
      assert.equal(data.success_status, 'passed');
    }
    assert.ok(data.suspend_data.length > 10, 'the answers are kept in suspend_data');

    // leaving the page terminates, once, with the session time
    await page.evaluate(() => { document.querySelector('iframe').src = 'about:blank'; });
    await page.waitForFunction((finish) => window.calls.some(([m]) => m === finish), format === 'scorm12' ? 'LMSFinish' : 'Terminate');
    const calls = await page.evaluate(() => window.calls.map(([m, e]) => `${m} ${e ?? ''}`));
    assert.equal(calls.filter((c) => /^(LMSFinish|Terminate)/.test(c)).length, 1);
    const after = await cmi(page);
    const session = format === 'scorm12' ? after.core.session_time : after.session_time;
    assert.ok(session && session !== '00:00:00' && session !== 'PT0H0M0S', `session time ${session}`);
    assert.equal(format === 'scorm12' ? after.core.exit : after.exit, 'suspend');

    // a new session in a fresh browser (nothing in localStorage): the LMS's suspend data brings every answer back
    const page2 = await (await env.browser.newContext()).newPage();
    const { sco: sco2 } = await launch(page2, { format, folder: format, saved: data.suspend_data });
    const progress = await sco2.evaluate(() => window.attentionLabExercises.progress());
    assert.equal(Object.values(progress.exercises).filter((r) => r.correct).length, sheet.exercises.length);
    assert.equal(progress.exercises['raw-score'].attempts, 2);
    assert.equal(await sco2.locator('.ex-card[data-state=correct]').count(), sheet.exercises.length);
    assert.equal(await sco2.locator('.ex-card[data-id="raw-score"] input[name=value]').inputValue(), String(sheet.exercises.find((e) => e.id === 'raw-score').answer.value));
    await page2.context().close();
    await page.close();
    assert.deepEqual(problems, []);
  });
}

test('an LMS whose every call fails loses nothing: the page says so, keeps the answers and records them once it works', async () => {
  const page = await env.browser.newPage();
  const { sco } = await launch(page, { format: 'scorm12', folder: 'fixed', failing: true });
  const sheet = await sco.evaluate(() => window.attentionLabExercises.sheet());
  assert.equal(sheet.seed, 5, 'the package fixes the seed');
  await answer(sco, sheet.exercises[0]);
  const notice = await sco.locator('.notice').allInnerTexts();
  assert.ok(notice.some((t) => /cannot be recorded right now/.test(t) && /kept in this browser/.test(t)), notice.join(' | '));
  assert.ok(!notice.some((t) => /\b(false|error|undefined|\d{3})\b/i.test(t.replace(/seed \d+/, ''))), 'no raw error code');
  // the same browser, the LMS working again: the kept answer is recorded when the page opens
  const { sco: again } = await launch(page, { format: 'scorm12', folder: 'fixed' });
  assert.equal(await again.locator('.ex-card[data-state=correct]').count(), 1);
  await again.locator('.notice', { hasText: 'recorded in your course' }).waitFor();
  const data = await cmi(page);
  assert.equal(Number(data.core.score.raw), Math.round(10000 / sheet.exercises.length) / 100);

  // an LMS that fails after starting: the answer waits, and goes with the next one
  const { sco: third } = await launch(page, { format: 'scorm12', folder: 'fixed' });
  await page.evaluate(() => { window.works = window.lms.LMSSetValue; window.lms.LMSSetValue = () => 'false'; }); // every write fails from now on
  await answer(third, sheet.exercises[1]);
  await third.locator('.notice', { hasText: 'not recorded your latest answer yet' }).waitFor();
  await page.evaluate(() => { window.lms.LMSSetValue = window.works; });
  await answer(third, sheet.exercises[2]);
  await third.locator('.notice', { hasText: 'recorded in your course' }).waitFor();
  const after = await cmi(page);
  const ids = Object.values(after.interactions.childArray ?? after.interactions).map((i) => i.id);
  assert.ok(ids.includes(sheet.exercises[1].id) && ids.includes(sheet.exercises[2].id), `both answers recorded: ${ids}`);
  await page.close();
});

test('the manifests are well-formed XML naming files that are in the zip', async () => {
  const page = await env.browser.newPage();
  for (const [name, { zip }] of Object.entries(zips)) {
    const text = new TextDecoder().decode(zip.get('imsmanifest.xml'));
    const found = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
      const all = [...doc.getElementsByTagName('*')];
      return {
        version: doc.getElementsByTagName('schemaversion')[0]?.textContent,
        files: all.filter((e) => e.localName === 'file').map((e) => e.getAttribute('href')),
        resource: all.filter((e) => e.localName === 'resource').map((e) => [e.getAttribute('href'), e.getAttribute('adlcp:scormtype') ?? e.getAttribute('adlcp:scormType')]),
        mastery: all.find((e) => e.localName === 'masteryscore')?.textContent,
        measure: all.find((e) => e.localName === 'minNormalizedMeasure')?.textContent,
        byMeasure: all.find((e) => e.localName === 'primaryObjective')?.getAttribute('satisfiedByMeasure'),
      };
    }, text);
    assert.equal(found.error, undefined, `${name}: ${found.error}`);
    assert.deepEqual(found.resource, [['exercises.html?lms=1', 'sco']]);
    for (const f of found.files) assert.ok(zip.has(f), `${name}: ${f} is in the zip`);
    assert.ok(found.files.some((f) => f.endsWith('.wasm')), 'the engine is in the package');
    assert.ok(zip.has('lms-package.json'));
    if (name === 'scorm2004') {
      assert.equal(found.version, '2004 4th Edition');
      assert.equal(found.measure, '0.8');
      assert.equal(found.byMeasure, 'true');
    } else {
      assert.equal(found.version, '1.2');
      assert.equal(found.mastery, '80');
    }
  }
  const config = JSON.parse(new TextDecoder().decode(zips.fixed.zip.get('lms-package.json')));
  assert.equal(config.seed, 5);
  assert.equal(config.set.id, 'toy-dk4');
  await page.close();
});
