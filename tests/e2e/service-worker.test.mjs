// Offline after the first visit (web/offline/, dist/sw.js): one visit saves the build; with the network off every
// page opens and computes, a share link computes its lesson, an exercise is checked and its progress kept; the
// page says it is offline. A new build replaces the cached one only when the student accepts it, never mixed with
// the old one; a half-uploaded build is refused. An embed inside another site never registers a worker. No
// Content-Security-Policy violation on the way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startBrowser, waitForPage, readCell, typeIntoCell, typeInQuickSuccession } from './helpers.mjs';
import { CHROMIUM } from './browser.mjs';
import { serve } from '../../scripts/serve.mjs';
import { precachedFiles, writeServiceWorker } from '../../scripts/precache.mjs';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const AXE = readFileSync(fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8');
let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

function collectViolations() {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
}

/** window.pastInstalling(w): resolves once the worker w, if any, is past installing (installed or refused), however early it got there. */
function definePastInstalling() {
  window.pastInstalling = (w) => new Promise((done) => {
    const check = () => { if (!w || w.state !== 'installing') done(); };
    w?.addEventListener('statechange', check);
    check();
  });
}

/** A context of its own (its service workers and caches), pages that record what went wrong. */
async function newContext(base) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(collectViolations);
  await context.addInitScript(definePastInstalling);
  const problems = [];
  const open = async (path) => {
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
    await page.goto(base + path);
    return page;
  };
  return { context, open, problems };
}
const ready = (page) => waitForPage(page, () => document.documentElement.dataset.ready === 'true');
const savedOffline = (page) => waitForPage(page, () => document.documentElement.dataset.offline === 'ready');
/** axe-core's WCAG 2.1 AA violations on the page (evaluated through the driver: the page's CSP stays on). */
async function axeViolations(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE);
  const r = await page.evaluate(() => window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }));
  return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
const cacheNames = (page) => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('attention-lab ')));

test('the build\'s service worker lists the app pages, the engine and its assets, with their digests', () => {
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
  const build = JSON.parse(sw.match(/const BUILD = (\{.*?\});/)[1]);
  const files = Object.keys(build.files);
  for (const f of ['index.html', 'exercises.html', 'labs.html', 'favicon.svg', 'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png']) assert.ok(files.includes(f), f);
  assert.ok(files.some((f) => /^assets\/.+\.wasm$/.test(f)), 'the engine');
  assert.ok(files.some((f) => /^assets\/engine-worker.*\.js$/.test(f)), 'the engine\'s worker');
  for (const f of ['attention-lab.html', 'attention-lab.js', 'course-demo.html', 'exercise-host-demo.html', 'sw.js']) assert.ok(!files.includes(f), `${f} is not cached`);
  assert.deepEqual(files, precachedFiles(DIST));
  assert.match(build.id, /^[0-9a-f]{16}$/);
  // the manifest: installable (a name, a start page in scope, standalone, icons of 192 and 512 px, maskable too)
  const manifest = JSON.parse(readFileSync(join(DIST, 'manifest.webmanifest'), 'utf8'));
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.start_url, './index.html');
  for (const size of ['192x192', '512x512']) {
    for (const purpose of ['any', 'maskable']) assert.ok(manifest.icons.some((i) => i.sizes === size && i.purpose === purpose && files.includes(i.src.slice(2))), `${size} ${purpose}`);
  }
  for (const page of ['index.html', 'exercises.html', 'labs.html']) assert.match(readFileSync(join(DIST, page), 'utf8'), /<link rel="manifest" href="\.\/manifest\.webmanifest"/, page);
});

test('Chromium finds the site installable: its manifest parses without error, nothing stands in the way', async () => {
  // a profile of its own on disk: the tests' usual contexts are incognito, where nothing is installable
  const profile = mkdtempSync(join(tmpdir(), 'attention-lab-profile-'));
  const context = await chromium.launchPersistentContext(profile, CHROMIUM);
  try {
    const page = await context.newPage();
    await page.goto(env.base);
    await ready(page);
    await savedOffline(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.equal(manifest.url, `${env.base}manifest.webmanifest`);
    assert.deepEqual(manifest.errors, []);
    assert.deepEqual((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, []);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('after one visit, with the network off: every page opens and computes, a share link computes, an exercise is checked and kept', async () => {
  const { context, open, problems } = await newContext(env.base);
  const page = await open('');
  await ready(page);
  await savedOffline(page);
  assert.equal(await page.evaluate(() => !!navigator.serviceWorker.controller), true, 'the first page is served by the worker at once');
  // a lesson edited online, and its link
  await typeIntoCell(page, 'X', 0, 0, '2.5');
  await page.waitForFunction(() => document.querySelector('td[data-matrix="X"][data-row="0"][data-col="0"]')?.dataset.value === '2.5');
  const online = await readCell(page, 'weights', 0, 1);
  const link = await page.evaluate(() => window.attentionLab.shareLink());
  assert.match(link, /#v2=/);

  await context.setOffline(true);
  await page.waitForFunction(() => document.documentElement.dataset.online === 'false');
  assert.match(await page.locator('.app-status').innerText(), /You are offline\. This page, the walkthrough, the exercises and the labs all work/);
  await page.reload();
  await ready(page);
  assert.equal(await page.locator('.app-status-offline').count(), 1, 'a reloaded page says it is offline too');
  assert.deepEqual(await axeViolations(page), [], 'the offline notice is accessible');
  // "Hide" leaves a one-word badge while offline
  await page.click('.app-status-hide');
  assert.equal((await page.locator('.app-status').innerText()).trim(), 'Offline');
  // the share link, opened offline in a new tab, computes its lesson: the numbers of the online page
  const shared = await open(link.slice(env.base.length));
  await ready(shared);
  assert.deepEqual(await readCell(shared, 'weights', 0, 1), online);
  // and an edit offline recomputes every later step
  const before = await readCell(shared, 'scores', 0, 0);
  await typeIntoCell(shared, 'X', 0, 0, '-1');
  await shared.waitForFunction((v) => document.querySelector('td[data-matrix="scores"][data-row="0"][data-col="0"]')?.dataset.value !== v, String(before.value));
  assert.ok(Number.isFinite((await readCell(shared, 'scores', 0, 0)).value));

  // the exercises, never opened online: a sheet, an answer checked, the progress kept over a reload
  const ex = await open('exercises.html#set=exit-ticket&seed=3');
  await waitForPage(ex, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  const key = await ex.evaluate(() => window.attentionLabExercises.sheet().exercises.find((e) => e.id === 'raw-score').answer.value);
  await ex.locator('.ex-card[data-id="raw-score"] input[name=value]').fill(String(key));
  await ex.locator('.ex-card[data-id="raw-score"] button.check').click();
  await ex.waitForSelector('.ex-card[data-id="raw-score"][data-state=correct]');
  await ex.reload();
  await waitForPage(ex, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  await ex.waitForSelector('.ex-card[data-id="raw-score"][data-state=correct]');
  assert.equal(await ex.locator('.app-status-offline').count(), 1);

  // the labs, never opened online: the engine computes their experiments
  const labs = await open('labs.html');
  await ready(labs);
  await labs.waitForFunction(() => window.attentionLabs?.views?.scale?.rows?.length > 0);

  for (const p of [page, shared, ex, labs]) assert.deepEqual(await p.evaluate(() => window.__csp), [], p.url());
  assert.deepEqual(problems, []);
  await context.close();
});

test('a first visit saves the build only once the student pauses: not while they edit just after the page is ready', async () => {
  const { context, open, problems } = await newContext(env.base);
  const page = await open('');
  await ready(page);
  // two seconds of edits, one every 100 ms, from the moment the page is ready: the build is not fetched meanwhile
  const signals = await typeInQuickSuccession(page, Array.from({ length: 20 }, (_, k) => ['X', 0, 0, String(k / 10)]), 100);
  assert.deepEqual([...new Set(signals.map((d) => d.offline))], ['off'], 'no worker registered while the student edits');
  assert.deepEqual(await cacheNames(page), []);
  await savedOffline(page); // and once they pause, it is
  assert.equal((await cacheNames(page)).length, 1);
  assert.deepEqual(problems, []);
  await context.close();
});

/** dist/ copied into a folder of its own, served on its own port: a site to deploy new builds to. */
async function site() {
  const dir = mkdtempSync(join(tmpdir(), 'attention-lab-site-'));
  cpSync(DIST, dir, { recursive: true });
  const server = await serve(0, dir);
  return { dir, base: `http://127.0.0.1:${server.address().port}/`, close() { server.close(); rmSync(dir, { recursive: true, force: true }); } };
}
const footer = (page) => page.locator('footer.site-version').textContent();
/**
 * Waits until the page has registered its worker (once it was ready and then quiet: web/first-drawing.js), then until
 * the worker its registration is installing has finished, one way or the other.
 */
const installSettled = async (page) => {
  await waitForPage(page, () => document.documentElement.dataset.offline !== 'off');
  await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration();
    await r.update().catch(() => {});
    await window.pastInstalling(r.installing);
  });
};
/**
 * The build caches once no try of a new build is installing, as soon as they are `want` (or as they are 30 s on). A try
 * keeps its cache only while it runs, and one may begin at any moment: Chromium checks for a new sw.js a second after
 * a page's last request through the worker, besides the page's registration and installSettled's update().
 */
async function cachesWhenIdle(page, want) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.evaluate(async () => window.pastInstalling((await navigator.serviceWorker.getRegistration()).installing));
    const names = await cacheNames(page);
    if (JSON.stringify(names) === JSON.stringify(want) || Date.now() > deadline) return names;
    await new Promise((tick) => setTimeout(tick, 100));
  }
}

test('a new build replaces the cached one when the student accepts it, never mixed; a half-uploaded one is refused', async () => {
  const s = await site();
  try {
    const { context, open, problems } = await newContext(s.base);
    const page = await open('');
    await ready(page);
    await savedOffline(page);
    const old = await footer(page);
    const [oldCache] = await cacheNames(page);
    const index = join(s.dir, 'index.html');
    const html = readFileSync(index, 'utf8');

    // a deploy caught half-way: sw.js names an index.html the server does not have yet
    writeFileSync(index, html.replace('</footer>', ' (new build)</footer>'));
    writeServiceWorker(s.dir, 'next');
    writeFileSync(index, html.replace('</footer>', ' (half uploaded)</footer>'));
    await page.reload();
    await ready(page);
    await installSettled(page);
    assert.equal(await footer(page), old, 'still the cached build');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.update), 'none', 'nothing to offer');
    assert.deepEqual(await cachesWhenIdle(page, [oldCache]), [oldCache], 'nothing of the half build kept');

    // the deploy completes: the new build is saved in the background and offered; the open pages stay whole
    writeFileSync(index, html.replace('</footer>', ' (new build)</footer>'));
    const other = await open('');
    await ready(other);
    await installSettled(other);
    for (const p of [page, other]) {
      await waitForPage(p, () => document.documentElement.dataset.update === 'ready');
      assert.match(await p.locator('.app-status').innerText(), /A new version of Attention Lab is ready/);
      assert.equal(await footer(p), old, 'an open page keeps its build');
    }
    assert.deepEqual(await axeViolations(page), [], 'the update offer is accessible');
    await other.reload();
    await ready(other);
    assert.equal(await footer(other), old, 'a reload while the new build waits still gets the old one, whole');

    // "Later" hides the offer in that page only; "Reload to update" switches every open page
    await other.click('.app-status-later');
    assert.equal(await other.locator('.app-status').isHidden(), true);
    const reloads = [page, other].map((p) => p.waitForEvent('load'));
    await page.click('.app-status-reload');
    await Promise.all(reloads);
    for (const p of [page, other]) {
      await ready(p);
      assert.equal(await footer(p), `${old} (new build)`);
    }
    await savedOffline(page);
    const caches = await cacheNames(page);
    assert.equal(caches.length, 1, 'the old build\'s cache is gone');
    assert.notEqual(caches[0], oldCache);
    // and the new build is the one kept offline
    await context.setOffline(true);
    await page.reload();
    await ready(page);
    assert.equal(await footer(page), `${old} (new build)`);
    assert.equal(await page.evaluate(() => window.__csp.length), 0);
    assert.deepEqual(problems, []);
    await context.close();
  } finally {
    s.close();
  }
});

test('embedded in another site\'s page it registers no worker; in a page of its own origin it does', async () => {
  const s = await site();
  const host = await site(); // another port: another origin
  try {
    const frameHtml = (src) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,"></head><body><iframe title="lab" src="${src}" width="900" height="700"></iframe></body></html>`;
    writeFileSync(join(host.dir, 'host.html'), frameHtml(`${s.base}index.html?embed=1`));
    writeFileSync(join(s.dir, 'host.html'), frameHtml('./index.html?embed=1'));
    for (const [base, expected] of [[host.base, 'off'], [s.base, 'ready']]) {
      const { context, open, problems } = await newContext(base);
      const page = await open('host.html');
      const frame = page.frames().find((f) => f.url().includes('index.html?embed=1')); // loaded: goto waits for the frames
      await frame.waitForFunction((want) => document.documentElement.dataset.ready === 'true' && document.documentElement.dataset.offline === want, expected, { timeout: 0 });
      const registrations = await frame.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
      assert.equal(registrations, expected === 'off' ? 0 : 1, base);
      assert.deepEqual(problems, []);
      await context.close();
    }
  } finally {
    s.close();
    host.close();
  }
});

test('the worker starts fetching the build only once the page is ready (its files would compete with the first lesson and the engine)', async () => {
  const { context, open, problems } = await newContext(env.base);
  // what each page had said (drawn, ready) when the worker was registered
  await context.addInitScript(() => {
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...args) => {
      const root = document.documentElement.dataset;
      window.registeredWhen = { drawn: root.drawn ?? null, ready: root.ready ?? null };
      return register(...args);
    };
  });
  try {
    const walkthrough = await open('');
    await savedOffline(walkthrough);
    assert.deepEqual(await walkthrough.evaluate(() => window.registeredWhen), { drawn: 'true', ready: 'true' }, 'the walkthrough had drawn its first lesson and loaded its engine');
    for (const path of ['exercises.html', 'labs.html']) {
      const page = await open(path);
      await waitForPage(page, () => window.registeredWhen !== undefined);
      assert.equal((await page.evaluate(() => window.registeredWhen)).ready, 'true', `${path} was ready`);
    }
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
