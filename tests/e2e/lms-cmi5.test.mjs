// A cmi5 package against a small test LRS on 127.0.0.1 (another port than the AU's, as an LMS's LRS is): the AU
// gets its token from the fetch URL, reads LMS.LaunchData, and the LRS checks the cmi5 rules on what arrives —
// initialized first, terminated last, one completed, passed or failed with a score, the registration and the
// context template in every statement, the cmi5 category on cmi5-defined ones. An LRS answering 500 loses nothing:
// the statements wait in the page and arrive, in order, once it answers again. cmi5.xml is checked too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBrowser } from './browser.mjs';
import { answer, packageInto } from './lms-helpers.mjs';

const PUBLISHER = 'https://lms.example/course/7/au/1';
const CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const VERB = (name) => `http://adlnet.gov/expapi/verbs/${name}`;

let env, work, pkg, lrs, lrsBase;
const stored = []; // statements the LRS accepted
const arrivals = []; // [predicate, resolve]: waiting for a statement to arrive
/** Resolves once the LRS has stored a statement for which `predicate` holds. */
const arrival = (predicate) => (stored.some(predicate) ? Promise.resolve() : new Promise((resolve) => arrivals.push([predicate, resolve])));
const state = new Map(); // State API documents
let failing = false; // the LRS answers 500 to everything while true
let fetches = 0;

function startLrs() {
  const server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
      'access-control-allow-headers': 'Authorization, Content-Type, X-Experience-API-Version',
    };
    if (req.method === 'OPTIONS') { res.writeHead(204, cors); res.end(); return; }
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const url = new URL(req.url, 'http://x');
      const reply = (status, json) => { res.writeHead(status, { ...cors, 'content-type': 'application/json' }); res.end(json === undefined ? '' : JSON.stringify(json)); };
      if (failing) return reply(500, { error: 'down' });
      if (url.pathname === '/fetch') {
        fetches += 1;
        return fetches === 1 ? reply(200, { 'auth-token': 'dGVzdDpzZWNyZXQ=' }) : reply(200, { 'error-code': '1', 'error-text': 'already used' });
      }
      if (req.headers.authorization !== 'Basic dGVzdDpzZWNyZXQ=' || req.headers['x-experience-api-version'] !== '1.0.3') return reply(401, {});
      if (url.pathname === '/lrs/activities/state') {
        const key = `${url.searchParams.get('stateId')}|${url.searchParams.get('registration')}`;
        if (req.method === 'PUT') { state.set(key, body); return reply(204); }
        return state.has(key) ? reply(200, JSON.parse(state.get(key))) : reply(404, {});
      }
      if (url.pathname === '/lrs/statements' && req.method === 'POST') {
        const got = JSON.parse(body), list = Array.isArray(got) ? got : [got];
        // as an LRS does (xAPI 1.0.3 §2.2): a statement id it already has is not stored again (a send that timed out
        // after it was stored is sent again), and the same id with other content is a conflict
        const known = (st) => stored.find((s) => s.id === st.id);
        if (list.some((st) => known(st) && JSON.stringify(known(st)) !== JSON.stringify(st))) return reply(409, { error: 'id conflict' });
        stored.push(...list.filter((st) => !known(st)));
        for (const [predicate, resolve] of arrivals) if (stored.some(predicate)) resolve();
        return reply(200, list.map((st) => st.id));
      }
      return reply(404, {});
    });
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'attention-lab-cmi5-'));
  pkg = packageInto(work, 'cmi5', ['--set', 'exit-ticket', '--format', 'cmi5', '--pass', '0.8']);
  env = await startBrowser(work);
  lrs = await startLrs();
  lrsBase = `http://127.0.0.1:${lrs.address().port}`;
});
after(async () => { await env?.close(); lrs?.close(); if (work) rmSync(work, { recursive: true, force: true }); });

function launchUrl(registration, actor) {
  const q = new URLSearchParams({
    lms: '1', endpoint: `${lrsBase}/lrs/`, fetch: `${lrsBase}/fetch`, registration,
    activityId: 'urn:attention-lab:exercises:exit-ticket', actor: JSON.stringify(actor),
  });
  return `${env.base}cmi5/exercises.html?${q}`;
}
function launchData(registration) {
  state.set(`LMS.LaunchData|${registration}`, JSON.stringify({
    contextTemplate: {
      contextActivities: { grouping: [{ objectType: 'Activity', id: PUBLISHER }] },
      extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': `session-${registration}` },
    },
    launchMode: 'Normal', moveOn: 'CompletedOrPassed', masteryScore: 0.8, returnURL: `${env.base}returned.html`,
  }));
  fetches = 0;
}

/** The cmi5 rules the LRS checks on one registration's statements. */
function checkCmi5(statements, registration) {
  const verbs = statements.map((s) => s.verb.id);
  assert.equal(verbs[0], VERB('initialized'), 'initialized first');
  assert.equal(verbs.at(-1), VERB('terminated'), 'terminated last');
  assert.equal(verbs.filter((v) => v === VERB('initialized')).length, 1);
  assert.equal(verbs.filter((v) => v === VERB('terminated')).length, 1);
  assert.equal(verbs.filter((v) => v === VERB('completed')).length, 1, 'one completed');
  for (const s of statements) {
    assert.equal(s.context.registration, registration, 'registration in every statement');
    assert.ok(s.context.contextActivities.grouping.some((g) => g.id === PUBLISHER), 'the publisher id from the context template');
    assert.ok(s.context.extensions['https://w3id.org/xapi/cmi5/context/extensions/sessionid'], 'the session id');
    assert.ok(s.id && s.timestamp && s.actor, 'id, timestamp, actor');
    const defined = s.verb.id !== VERB('answered');
    assert.equal(s.context.contextActivities.category?.some((c) => c.id === CMI5) ?? false, defined, `${s.verb.id}: the cmi5 category on cmi5-defined statements only`);
    if (defined) assert.equal(s.object.id, 'urn:attention-lab:exercises:exit-ticket');
  }
  const verdict = statements.filter((s) => s.verb.id === VERB('passed') || s.verb.id === VERB('failed'));
  assert.equal(verdict.length, 1, 'one passed or failed');
  assert.equal(typeof verdict[0].result.score.scaled, 'number');
  assert.ok(verdict[0].result.duration);
}

test('cmi5: initialized, answered per item, completed, passed with the score, terminated; then the return URL', async () => {
  const registration = '11111111-2222-4333-8444-555555555555';
  launchData(registration);
  const page = await env.browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  // (the State API answers 404 for the AU's own document before it exists: Chromium logs that as a failed load)
  page.on('console', (m) => { if (m.type() === 'error' && !/status of 404/.test(m.text())) problems.push(m.text()); });
  await page.goto(launchUrl(registration, { objectType: 'Agent', name: 'Ada', account: { homePage: 'https://lms.example', name: 'ada-42' } }));
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 60000 });
  const sheet = await page.evaluate(() => window.attentionLabExercises.sheet());
  const { learnerSeed } = await import('../../web/lms/ids.js');
  assert.equal(sheet.seed, learnerSeed('ada-42'));
  for (const ex of sheet.exercises) {
    if (ex.id === 'raw-score') await answer(page, ex, true);
    await answer(page, ex);
  }
  await page.locator('.notice', { hasText: 'recorded in your course' }).waitFor();
  await Promise.all([page.waitForURL(/returned\.html/), page.locator('.return-course').click()]);
  const mine = stored.filter((s) => s.context?.registration === registration);
  checkCmi5(mine, registration);
  const answered = mine.filter((s) => s.verb.id === VERB('answered'));
  assert.equal(answered.length, sheet.exercises.length + 1);
  const first = answered[0];
  assert.equal(first.object.id, 'urn:attention-lab:exercises:exit-ticket:softmax-2-0');
  assert.equal(first.object.definition.interactionType, 'fill-in');
  assert.equal(answered.find((s) => s.object.id.endsWith(':raw-score')).result.success, false);
  const passed = mine.find((s) => s.verb.id === VERB('passed'));
  assert.ok(passed.result.score.scaled >= 0.8, 'passed as soon as the mastery score is reached');
  assert.equal(passed.result.success, true);
  assert.equal(fetches, 1, 'the fetch URL is used once');
  assert.deepEqual(problems, []);
  await page.close();
});

test('cmi5: an LRS answering 500 loses nothing; the statements arrive in order once it answers', async () => {
  const registration = '99999999-2222-4333-8444-555555555555';
  launchData(registration);
  const page = await env.browser.newPage();
  await page.goto(launchUrl(registration, { objectType: 'Agent', account: { homePage: 'https://lms.example', name: 'bo-7' } }));
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 60000 });
  const sheet = await page.evaluate(() => window.attentionLabExercises.sheet());
  failing = true;
  try {
    await answer(page, sheet.exercises[0]);
    await answer(page, sheet.exercises[1], true);
    await page.locator('.notice', { hasText: 'not recorded your latest answer yet' }).waitFor();
    const words = await page.locator('.ex-notices').innerText();
    assert.doesNotMatch(words, /500|error|fetch/i, 'plain words, no raw error');
  } finally {
    failing = false;
  }
  for (const ex of sheet.exercises.slice(1)) await answer(page, ex);
  await page.locator('.notice', { hasText: 'recorded in your course' }).waitFor();
  await Promise.all([page.waitForURL(/returned\.html/), page.locator('.return-course').click()]);
  const mine = stored.filter((s) => s.context?.registration === registration);
  checkCmi5(mine, registration);
  const answered = mine.filter((s) => s.verb.id === VERB('answered')).map((s) => s.object.id.split(':').at(-1));
  assert.deepEqual(answered.slice(0, 2), [sheet.exercises[0].id, sheet.exercises[1].id], 'the answers given while the LRS was down, first and in order');
  await page.close();
});

test('cmi5.xml: one AU with its launch URL, moveOn CompletedOrPassed and the mastery score; the CSP lets the page reach an LRS', async () => {
  const xml = new TextDecoder().decode(pkg.zip.get('cmi5.xml'));
  const page = await env.browser.newPage();
  const found = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
    const aus = [...doc.getElementsByTagName('au')];
    return { root: doc.documentElement.localName, aus: aus.map((a) => ({ moveOn: a.getAttribute('moveOn'), mastery: a.getAttribute('masteryScore'), method: a.getAttribute('launchMethod'), url: a.getElementsByTagName('url')[0]?.textContent })) };
  }, xml);
  assert.equal(found.error, undefined);
  assert.equal(found.root, 'courseStructure');
  assert.deepEqual(found.aus, [{ moveOn: 'CompletedOrPassed', mastery: '0.8', method: 'AnyWindow', url: 'exercises.html?lms=1' }]);
  assert.ok(pkg.zip.has('exercises.html') && pkg.zip.has('lms-package.json'));
  const html = new TextDecoder().decode(pkg.zip.get('exercises.html'));
  assert.match(html, /connect-src (&#39;|')self(&#39;|') https: http:/);
  await page.close();
});

test('cmi5: an LRS down at launch; the statements wait, get the context template once it answers, and leaving terminates', async () => {
  const registration = '77777777-2222-4333-8444-555555555555';
  launchData(registration);
  failing = true;
  const page = await env.browser.newPage();
  try {
    await page.goto(launchUrl(registration, { objectType: 'Agent', account: { homePage: 'https://lms.example', name: 'cy-9' } }));
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 60000 });
    await page.locator('.notice', { hasText: 'not recorded your latest answer yet' }).waitFor();
  } finally {
    failing = false;
  }
  const sheet = await page.evaluate(() => window.attentionLabExercises.sheet());
  for (const ex of sheet.exercises) await answer(page, ex);
  await page.locator('.notice', { hasText: 'recorded in your course' }).waitFor();
  await page.locator('.return-course').waitFor(); // the return URL, learned once the LMS answered
  await page.goto('about:blank'); // leaving the page: terminated, sent with keepalive
  await arrival((s) => s.context?.registration === registration && s.verb.id === VERB('terminated'));
  const mine = stored.filter((s) => s.context?.registration === registration);
  checkCmi5(mine, registration);
  await page.close();
});
