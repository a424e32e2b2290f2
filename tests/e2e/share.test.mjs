// The state in the URL: a state built through the UI survives copy-link -> a fresh page; back/forward walk
// through edits; old v1 links still open; tampered fragments show a notice, run no script, send no request; a change of
// address costs no favicon fetch.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { startBrowser, open, openPage, waitForPage, readCell, choosePreset, cellSelector, typeIntoCell, typeInQuickSuccession, clickSettled, checkSettled } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const v2 = (payload) => '#v2=' + deflateRawSync(Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload))).toString('base64url');
const view = (s) => ({ lesson: s.lesson, preset: s.preset, selection: s.selection, reveal: s.reveal, step: s.step, hidden: s.hidden, locked: s.locked, note: s.note });

const typeInto = typeIntoCell;

test('a state set through the UI survives copy link -> open in a fresh page, exactly', async () => {
  const { page, problems } = await open(env);
  await choosePreset(page, 'lecture20-seed20');
  await typeInto(page, 'W_K', 0, 1, '0.125');                       // a seeded matrix edited: literal over its draw
  const short = await page.evaluate(() => window.attentionLab.shareLink());
  const seeded = await page.evaluate(() => window.attentionLab.getLesson());
  assert.ok(seeded.init.seed === 20 && seeded.W_Q === undefined && Array.isArray(seeded.W_K), 'seeded matrices stay seed + recipe');
  assert.ok(short.length - env.base.length < 1600, `a seeded lesson with one edit is a short link (${short.length} characters)`);
  await page.fill('input[name=heads]', '2');
  await page.press('input[name=heads]', 'Enter');
  await checkSettled(page, '.mask-control input[value=causal]');
  await page.click('.reveal-next');
  await clickSettled(page, cellSelector('scores', 2, 1, 1));                // a selection in head 2
  await page.click('.instructor-toggle');
  await checkSettled(page, '.instructor-panel input[name=show-step][value=scale]', false);
  await checkSettled(page, '.instructor-panel input[name=lock][value=W_Q]');
  await page.fill('.instructor-panel textarea', 'Look at row 3 <b>only</b>.');
  await page.press('.instructor-panel textarea', 'Tab');
  await page.click('.step-nav a[data-step=softmax]');
  const before = await page.evaluate(() => window.attentionLab.getState());
  const weights = await page.evaluate(() => Array.from(window.attentionLab.getTrace().headTraces[1].weights.data));
  const link = await page.evaluate(() => window.attentionLab.shareLink());
  assert.match(link, /#v2=[A-Za-z0-9_-]+$/);
  assert.ok(link.length < 8000, `the link is compact (${link.length} characters for 300 literal numbers)`);

  const fresh = await open(env, link.slice(env.base.length));
  const after = await fresh.page.evaluate(() => window.attentionLab.getState());
  assert.deepEqual(view(after), view(before));
  assert.deepEqual(await fresh.page.evaluate(() => Array.from(window.attentionLab.getTrace().headTraces[1].weights.data)), weights);
  assert.equal(await fresh.page.locator('#step-scale').isVisible(), false, 'hidden step stays hidden');
  assert.equal(await fresh.page.locator('.step-nav a[data-step=scale]').isVisible(), false);
  assert.equal(await fresh.page.locator('.instructor-note').textContent(), 'Look at row 3 <b>only</b>.', 'the note is text');
  assert.equal(await fresh.page.locator('.instructor-note b').count(), 0);
  assert.match(await fresh.page.locator('.heatmap[data-matrix=W_Q] table').getAttribute('aria-label'), /read-only/, 'W_Q locked');
  assert.match(await fresh.page.locator('.heatmap[data-matrix=W_K] table').getAttribute('aria-label'), /editable/);
  assert.ok(await fresh.page.locator(cellSelector('scores', 2, 1, 1)).evaluate((td) => td.classList.contains('sel-cell')), 'selection restored');
  assert.equal(await fresh.page.locator('.reveal output').textContent().then((t) => t.startsWith('2 of 4')), true, 'decoding step restored');
  assert.deepEqual(problems, []);
  assert.deepEqual(fresh.problems, []);
  await page.close(); await fresh.page.close();
});

test('back and forward walk through edits', async () => {
  const { page, problems } = await open(env);
  await choosePreset(page, 'toy-dk4');
  await page.waitForTimeout(1100);
  await typeInto(page, 'X', 0, 0, '5');
  await page.waitForTimeout(1100);
  await typeInto(page, 'X', 0, 1, '6');
  await page.evaluate(() => window.attentionLab.shareLink());
  assert.equal((await readCell(page, 'X', 0, 1)).value, 6);
  await page.goBack();
  await page.waitForFunction(() => window.attentionLab.getLesson().X[0][1] !== 6);
  assert.equal((await readCell(page, 'X', 0, 0)).value, 5);
  await page.goBack();
  await page.waitForFunction(() => window.attentionLab.getLesson().X[0][0] !== 5);
  await page.goForward();
  await page.waitForFunction(() => window.attentionLab.getLesson().X[0][0] === 5);
  assert.equal((await readCell(page, 'Q', 0, 0)).value !== undefined, true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('old v1 links (the page\'s first format) still open identically', async () => {
  for (const [file, preset, check] of [
    ['v1-toy-edited-causal.txt', 'toy-dk4', (l) => l.X[1][2] === 1.5 && l.mask === 'causal'],
    ['v1-lecture20.txt', 'lecture20-seed20', (l) => l.init.seed === 20],
  ]) {
    const hash = readFileSync(new URL(`../fixtures/links/${file}`, import.meta.url), 'utf8').trim();
    const expected = JSON.parse(decodeURIComponent(hash.slice(1)));
    const { page, problems } = await open(env, hash);
    const state = await page.evaluate(() => window.attentionLab.getState());
    assert.deepEqual(state.lesson, expected.lesson, file);
    assert.ok(check(state.lesson));
    assert.equal(state.preset, preset);
    assert.equal(await page.locator('.notice').isVisible(), false);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('tampered fragments open the default lesson with a notice, run no script and send no request', async () => {
  const xss = '<img src=x onerror="window.__pwned=1">';
  const big = JSON.stringify({ l: { tokens: ['a'], X: [[1]], W_Q: [[1]], W_K: [[1]], W_V: [[1]] }, note: ' '.repeat(40 * 1024 * 1024) });
  const cases = [
    ['#v2=%%%not-base64', /could not be read/],
    ['#v2=' + Buffer.from('garbage that is not deflate').toString('base64url'), /could not be read/],
    ['#v7=abc', /version 7/],
    [v2({ l: 5 }), /does not contain a lesson/],
    [v2({ l: { tokens: 'abc', X: 'no' } }), /problems/],
    [v2({ l: { tokens: ['a'], X: [[1]], W_Q: [[1]], W_K: [[1]], W_V: [[1]] }, sel: ['X', 0, 'a', 0] }), /selected cell/],
    [v2({ l: { tokens: ['a'], X: [[1]], W_Q: [[1]], W_K: [[1]], W_V: [[1]] }, hide: 'all' }), /hidden steps/],
    [v2({ l: { tokens: Array.from({ length: 600 }, (_, i) => `t${i}`), init: { seed: 1, draws: [{ name: 'X', shape: [600, 4000] }] } } }), /problems/],
    [v2({ l: { tokens: ['a'], X: [[1e300]], W_Q: [[1]], W_K: [[1]], W_V: [[1]] } }), /problems/],
    ['#v2=' + deflateRawSync(Buffer.from(big)).toString('base64url'), /unpacks to more than/],
    ['#' + 'A'.repeat(1_500_000), /characters long/],
    ['#' + encodeURIComponent(JSON.stringify({ v: 1, lesson: [1, 2] })), /does not contain a lesson/],
  ];
  const check = async ([hash, message]) => {
    const { page, problems } = await open(env, hash);
    const notice = page.locator('.notice');
    assert.equal(await notice.isVisible(), true, `notice for ${hash.slice(0, 40)}`);
    assert.match(await notice.textContent(), message, hash.slice(0, 60));
    assert.equal(await page.locator('.step-card:not([hidden])').count(), 6);
    assert.equal(await page.evaluate(() => window.attentionLab.getState().preset), 'lecture20-seed20', 'default lesson');
    assert.deepEqual(problems, []);
    await page.close();
  };
  // a selection outside its matrix is dropped, the lesson still opens
  const outside = await open(env, v2({ l: { tokens: ['a', 'b'], X: [[1, 0], [0, 1]], W_Q: [[1], [0]], W_K: [[1], [0]], W_V: [[1], [2]] }, sel: ['scores', 0, 1, 99] }));
  assert.equal(await outside.page.evaluate(() => window.attentionLab.getState().selection), null);
  assert.deepEqual(outside.problems, []);
  await outside.page.close();
  // a few pages at a time; the two largest fragments (1.5 MB, a deflate bomb) one by one: with other tests beside, a
  // 1.5 MB address took more than the 30 s a load may take here
  const heavy = (hash) => hash.length > 50_000;
  const light = cases.filter(([hash]) => !heavy(hash));
  for (let k = 0; k < light.length; k += 4) await Promise.all(light.slice(k, k + 4).map(check));
  for (const c of cases.filter(([hash]) => heavy(hash))) await check(c);
  // script payloads in token text, the sentence, the title and the note: shown as text, nothing runs or loads
  const lesson = { title: xss, note: '<script>window.__pwned=2</script>', tokens: [xss, 'b<svg onload=alert(1)>', 'c'],
    X: [[1, 0], [0, 1], [1, 1]], W_Q: [[1, 0], [0, 1]], W_K: [[1, 0], [0, 1]], W_V: [[1, 0], [0, 1]], mask: { padding: [false, false, true] } };
  const { page, problems } = await open(env, v2({ l: lesson, note: xss, sel: ['weights', 0, 0, 1] }));
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.__pwned ?? null), null);
  assert.equal(await page.locator('#app img:not(.brand img), #app svg[onload], #app script').count(), 0);
  assert.match(await page.locator('.notice').textContent(), /HTML-like/);
  assert.equal(await page.locator('.instructor-note').textContent(), xss);
  assert.ok((await page.locator('.chip').first().textContent()).includes(xss));
  assert.ok((await page.locator('.inspector').textContent()).includes(xss));
  await clickSettled(page, cellSelector('scores', 0, 0));
  assert.equal(await page.evaluate(() => window.__pwned ?? null), null);
  assert.deepEqual(problems, [], 'no request left the origin, none failed, no error');
  await page.close();
});

test('links followed one after another: each is drawn before the browser commits it, and the address bar keeps the lesson shown, never the one before', async () => {
  const { page, problems } = await open(env);
  const preset = (id) => JSON.parse(readFileSync(new URL(`../../web/presets/${id}.json`, import.meta.url), 'utf8')); // (a preset file is a lesson)
  const stalls = await page.evaluate(async ([a, b]) => {
    const lab = window.attentionLab;
    const links = [];
    for (const lesson of [a, b]) { lab.setLesson(lesson); await lab.settled(); links.push(new URL(await lab.shareLink()).hash); }
    const out = [];
    // (a listener after the page's: the Navigation API's navigate event comes before the address bar holds the link)
    let before, k;
    navigation.addEventListener('navigate', () => { if (lab.frame === before) out.push(`link ${k}: not drawn when the navigate event was told of it`); });
    for (k = 0; k < 40; k++) {
      await lab.settled();
      await new Promise((r) => requestAnimationFrame(() => r()));
      const target = links[k % 2];
      if (location.hash === target) { out.push(`link ${k}: the address bar already held it while the page showed the other lesson`); continue; }
      before = lab.frame;
      location.hash = target;
      // the page's own signal: a new frame drawn (a link never drawn is reported, not waited for forever)
      const t0 = performance.now();
      while (lab.frame === before && performance.now() - t0 < 20000) await new Promise((r) => requestAnimationFrame(() => r()));
      if (lab.frame === before) out.push(`link ${k}: never drawn`);
    }
    await lab.settled();
    await lab.shareLink();
    if (location.hash !== links[1]) out.push('the last link shown is not the one in the address bar');
    return out;
  }, [preset('lecture20-seed20'), preset('dog-ran-fast')]);
  assert.deepEqual(stalls, []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('edits in quick succession write the address bar once they pause, with the last of them', async () => {
  const { page, problems } = await open(env);
  await choosePreset(page, 'toy-dk4');
  await page.evaluate(() => window.attentionLab.shareLink());
  await page.evaluate(() => {
    window.addressWrites = 0;
    for (const name of ['replaceState', 'pushState']) {
      const write = History.prototype[name];
      History.prototype[name] = function (...args) { window.addressWrites++; return write.apply(this, args); };
    }
  });
  // eight edits of X[0][0] 60 ms apart
  const EDITS = 8;
  await typeInQuickSuccession(page, Array.from({ length: EDITS }, (_, k) => ['X', 0, 0, String(k + 1)]), 60);
  const r = await page.evaluate(async () => {
    const link = await window.attentionLab.shareLink();
    return { writes: window.addressWrites, hashWritten: new URL(link).hash === location.hash, x: window.attentionLab.getLesson().X[0][0] };
  });
  assert.equal(r.x, 8, 'the last edit is the lesson');
  assert.ok(r.hashWritten, 'the address bar holds the last edit');
  // (once, unless the machine stalled for a quarter of a second between two edits; each edit used to write it)
  assert.ok(r.writes >= 1 && r.writes <= EDITS / 2, `the address bar written ${r.writes} times for ${EDITS} edits`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('every page carries its favicon inside it, as a PNG: a change of address fetches and decodes nothing more', async () => {
  // Chromium fetches a page's favicon again at every change of its address: from a file, a request through the service
  // worker and a decode on the main thread each time; an SVG one is even read as a document of its own (scripts/favicon.mjs)
  for (const path of ['', 'exercises.html', 'labs.html']) {
    const { page, problems } = await openPage(env, path);
    await waitForPage(page, () => document.documentElement.dataset.ready === 'true');
    const icons = await page.evaluate(() => [...document.querySelectorAll('link[rel~="icon"]')].map((l) => l.href));
    assert.equal(icons.length, 1, `${path || 'index.html'}: ${icons.length} favicons`);
    const [, base64] = icons[0].match(/^data:image\/png;base64,([A-Za-z0-9+/=]+)$/) ?? [];
    assert.ok(base64, `${path || 'index.html'}: ${icons[0].slice(0, 60)}`);
    const png = Buffer.from(base64, 'base64');
    assert.deepEqual(png.subarray(0, 8), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [32, 32], 'a 32-pixel square (IHDR)');
    assert.deepEqual(problems, []);
    await page.close();
  }
});
