// Each page loads its own engine module and no other (wasm/CMakeLists.txt): the walkthrough the small
// attnlab_walkthrough (no exercise generator, no labs), the exercises page attnlab_engine, the labs attnlab_labs —
// the exercises and the labs preload theirs from the page's head; the walkthrough draws its default lesson from the
// engine's answers recorded at build time (scripts/first-answers.mjs) and fetches its module once the lesson is
// drawn: the numbers drawn first are the engine's, and what a student does before the module arrives is done then.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, openPage, choosePreset, ready, readCell, typeIntoCell, waitForPage } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const PAGES = [
  { path: '', module: 'attnlab_walkthrough' },
  { path: 'exercises.html', module: 'attnlab_engine' },
  { path: 'labs.html', module: 'attnlab_labs' },
];

for (const { path, module } of PAGES) {
  test(`${path || 'the walkthrough'} ${path ? 'preloads and ' : ''}fetches ${module}, and no other engine module`, async () => {
    const { page, problems } = await openPage(env, path);
    if (path) await waitForPage(page, () => document.documentElement.dataset.ready === 'true');
    else await ready(page);
    const { preloaded, fetched } = await page.evaluate(() => ({
      preloaded: [...document.querySelectorAll('link[rel=preload][href$=".wasm"]')].map((l) => l.getAttribute('href')),
      fetched: performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.wasm')),
    }));
    const named = (list) => list.map((u) => u.split('/').pop().replace(/-[\w-]+\.wasm$/, ''));
    assert.deepEqual(named(preloaded), path ? [module] : []);
    assert.deepEqual(named(fetched), [module]);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

// The words: the HTML preloads the English parts of the message files the page shows (web/vite.config.js), so an
// English reader's words are on their way beside the scripts; they are the files the page uses (fetched once, no
// other English file); a German reader's page fetches German's parts when its scripts ask, as well.
for (const { path, parts } of [{ path: '', parts: 1 }, { path: 'exercises.html', parts: 2 }, { path: 'labs.html', parts: 2 }]) {
  test(`${path || 'the walkthrough'} preloads the English words it shows, and fetches each words file once`, async () => {
    for (const lang of ['en', 'de']) {
      const { page, problems } = await openPage(env, `${path}?lang=${lang}`);
      await waitForPage(page, () => document.documentElement.dataset.ready === 'true');
      const { preloaded, fetched } = await page.evaluate(() => ({
        preloaded: [...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.href).filter((u) => /\/assets\/(en|de)-[\w-]+\.js$/.test(u)),
        fetched: performance.getEntriesByType('resource').map((e) => e.name).filter((u) => /\/assets\/(en|de)-[\w-]+\.js$/.test(u)),
      }));
      const language = (list) => list.map((u) => u.split('/').pop().split('-')[0]);
      assert.deepEqual(language(preloaded), Array(parts).fill('en'), `${lang}: the English parts preloaded`);
      assert.deepEqual(fetched.filter((u) => u.includes('/en-')).sort(), [...preloaded].sort(), `${lang}: the English files fetched are those preloaded, once each`);
      assert.equal(fetched.filter((u) => u.includes('/de-')).length, lang === 'de' ? parts : 0, `${lang}: German's parts`);
      assert.equal(new Set(fetched).size, fetched.length);
      if (lang === 'de') assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
      assert.deepEqual(problems, []);
      await page.close();
    }
  });
}

test('the walkthrough\'s module leaves out the exercise generator and the commands: well under the exercises page\'s', async () => {
  const { page } = await openPage(env, '');
  await ready(page);
  const sizes = await page.evaluate(async () => {
    const files = [...new Set(performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.wasm')))];
    return Promise.all(files.map(async (f) => (await (await fetch(f)).arrayBuffer()).byteLength));
  });
  // the exercise generator and the CLI's commands alone are ≈ 180 KB of the exercises page's module
  const exercises = await page.evaluate(async () => {
    const html = await (await fetch('exercises.html')).text();
    const href = /href="\.\/(assets\/attnlab_engine-[\w-]+\.wasm)"/.exec(html)[1];
    return (await (await fetch(href)).arrayBuffer()).byteLength;
  });
  assert.equal(sizes.length, 1);
  assert.ok(sizes[0] < exercises * 0.8, `the walkthrough's module (${sizes[0]} B) is well under the exercises page's (${exercises} B)`);
  await page.close();
});

// The walkthrough's wasm held back until the test lets it through: what the page shows and does before it arrives.
async function withEngineHeld(run) {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  let release, requested;
  const held = new Promise((r) => { release = r; });
  const asked = new Promise((r) => { requested = r; });
  // no service worker: one that has saved this build would serve the wasm from its cache, past the hold
  await page.addInitScript(() => { navigator.serviceWorker.register = () => Promise.reject(new Error('held by the test')); });
  await page.route(/attnlab_walkthrough-[\w-]+\.wasm$/, async (route) => { requested(); await held; await route.continue(); });
  await page.addInitScript(() => new MutationObserver((_, observer) => { // what was fetched when the lesson was drawn
    if (document.documentElement.dataset.drawn !== 'true') return;
    window.fetchedWhenDrawn = performance.getEntriesByType('resource').map((e) => e.name);
    window.cellsWhenDrawn = Object.fromEntries(['X', 'weights'].map((m) => [m, document.querySelectorAll(`td[data-matrix="${m}"]`).length]));
    observer.disconnect();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-drawn'] }));
  await page.goto(env.base);
  // the lesson drawn, or the engine asked for first (a page that drew nothing before its engine would stop there)
  await Promise.race([waitForPage(page, () => document.documentElement.dataset.drawn === 'true'), asked]);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.drawn), 'true', 'the lesson is drawn before the engine is asked for');
  await run(page, release);
  assert.deepEqual(problems, []);
  await page.close();
}
const shown = (page, matrix) => page.evaluate((m) => [...document.querySelectorAll(`td[data-matrix="${m}"][data-head="0"]`)]
  .map((td) => [td.dataset.row, td.dataset.col, td.dataset.value, td.textContent.trim()].join(' ')), matrix);
// The first render draws the first card's heatmaps; those below the screen follow once it is on screen.
async function drawnLater(page, matrix) {
  await waitForPage(page, (m) => document.querySelector(`td[data-matrix="${m}"][data-head="0"]`) !== null, matrix);
  return shown(page, matrix);
}

test('the walkthrough draws its default lesson before its engine arrives: the engine\'s own numbers', async () => {
  await withEngineHeld(async (page, release) => {
    assert.equal(await page.evaluate(() => document.documentElement.dataset.ready), undefined, 'the engine is held back');
    const fetched = await page.evaluate(() => window.fetchedWhenDrawn);
    assert.ok(fetched.some((n) => /\/en-[\w-]+\.js$/.test(n)), 'the words were fetched');
    assert.deepEqual(fetched.filter((n) => /\.wasm$|attnlab_/.test(n)), [], 'no engine before the lesson is drawn');
    assert.deepEqual(await page.evaluate(() => window.cellsWhenDrawn), { X: 32, weights: 0 }, 'first the top of the page: 4 × 8 X, not the weights below the screen');
    const before = { X: await shown(page, 'X'), weights: await drawnLater(page, 'weights'), Z: await drawnLater(page, 'Z') };
    assert.equal(before.weights.length, 16, 'the default lesson: 4 × 4 weights, drawn before the engine arrives');
    await waitForPage(page, () => document.querySelector('.matrix-pending') === null); // (all of it, not only what is near)
    release();
    await ready(page);
    // the engine, loaded, computes the lesson again: every number drawn first is the one it computes
    await page.evaluate(() => window.attentionLab.setLesson(window.attentionLab.getLesson()));
    await page.evaluate(() => window.attentionLab.settled());
    for (const m of ['X', 'weights', 'Z']) assert.deepEqual(await shown(page, m), before[m], m);
    const trace = await page.evaluate(() => window.attentionLab.getTrace());
    const weights = await page.evaluate(() => [...document.querySelectorAll('td[data-matrix="weights"][data-head="0"]')].map((td) => +td.dataset.value));
    assert.deepEqual(weights, Array.from(trace.headTraces[0].weights.data));
  });
});

// The QR code maker (web/qr.js and its library) is not part of the first load: the print link and the projector's
// bar load it once the lesson is drawn, and the walkthrough says it is ready only once it is there (a print cannot
// wait for a module), also when a link makes the engine load beside the words.
for (const path of ['', '?preset=jane-cinema']) {
  test(`the walkthrough${path ? ' opened on a preset' : ''} fetches its QR code maker after its lesson is drawn; a print at data-ready has the code`, async () => {
    const { page, problems } = await openPage(env, path, undefined, () => new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.drawn !== 'true') return;
      window.fetchedWhenDrawn = performance.getEntriesByType('resource').map((e) => e.name);
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-drawn'] }));
    await ready(page);
    const qrFile = /\/assets\/qr-[\w-]+\.js$/;
    const { before, after, printed } = await page.evaluate(() => {
      window.dispatchEvent(new Event('beforeprint')); // (what printing starts with: the link box is drawn then)
      const box = document.querySelector('.print-link');
      return { before: window.fetchedWhenDrawn, after: performance.getEntriesByType('resource').map((e) => e.name), printed: [...box.children].map((c) => c.tagName) };
    });
    assert.deepEqual(before.filter((n) => qrFile.test(n)), [], 'not before the lesson is drawn');
    assert.ok(after.some((n) => qrFile.test(n)), 'fetched by data-ready');
    assert.deepEqual(printed, ['IMG', 'DIV'], 'the printed link box: its QR code, then the link');
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('an edit made before the walkthrough\'s engine arrives is computed when it does', async () => {
  await withEngineHeld(async (page, release) => {
    const weights = await drawnLater(page, 'weights');
    await typeIntoCell(page, 'X', 0, 0, '2.5');
    release();
    await ready(page);
    await page.evaluate(() => window.attentionLab.settled());
    assert.equal(await page.evaluate(() => window.attentionLab.getLesson().X?.[0]?.[0] ?? window.attentionLab.getTrace().X.data[0]), 2.5);
    assert.equal((await readCell(page, 'X', 0, 0)).value, 2.5);
    assert.notDeepEqual(await shown(page, 'weights'), weights, 'the weights follow the edit');
  });
});

test('a link navigated to before the walkthrough\'s engine arrives is followed when it does, and stays in the address bar', async () => {
  // the link of another lesson, as the page writes it
  const { page: other } = await openPage(env, '');
  await ready(other);
  await choosePreset(other, 'jane-cinema');
  await other.evaluate(() => window.attentionLab.settled());
  const hash = new URL(await other.evaluate(() => window.attentionLab.shareLink())).hash;
  const tokens = await other.evaluate(() => window.attentionLab.getTrace().tokens);
  await other.close();
  await withEngineHeld(async (page, release) => {
    const first = await page.evaluate(() => [...document.querySelectorAll('.heatmap[data-matrix="X"] tbody th')].map((th) => th.textContent));
    assert.notDeepEqual(first, tokens, 'the default lesson is another one');
    await page.evaluate((h) => { location.hash = h; }, hash);
    release();
    await ready(page);
    await page.evaluate(() => window.attentionLab.settled());
    assert.deepEqual(await page.evaluate(() => window.attentionLab.getTrace().tokens), tokens, 'the lesson of the link is shown');
    await page.evaluate(() => window.attentionLab.shareLink());
    assert.equal(await page.evaluate(() => location.hash), hash, 'the address bar keeps the link');
  });
});
