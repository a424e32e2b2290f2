// The release an instructor downloads (npm run release): built twice — two builds of the page, two zips — and
// the zips are the same bytes; its entries are sorted with one date and one mode; SHA256SUMS matches what it
// covers; no file names the machine that built it; and unpacked and served by Python's plain http.server (not
// the project's server), the walkthrough, the exercises, the labs, the offline single file and the course demo
// compute in headless Chromium with no failed request and no console error, each showing the version.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { startBrowser, openPage } from '../e2e/browser.mjs';
import { buildInfo } from '../../scripts/version.mjs';
import { CSP } from '../../web/vite.config.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const info = buildInfo();
const work = mkdtempSync(join(tmpdir(), 'attention-lab-release-'));
const zipName = `attention-lab-${info.version}.zip`;
let zip, files, site, server, base, env;

/** The zip's central directory: [{name, date, time, attrs, os}] in the archive's order. */
function centralDirectory(buf) {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const out = [];
  for (let i = 0; i < count; i++) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50);
    const nameLength = buf.readUInt16LE(at + 28), extraLength = buf.readUInt16LE(at + 30), commentLength = buf.readUInt16LE(at + 32);
    out.push({ os: buf[at + 5], time: buf.readUInt16LE(at + 12), date: buf.readUInt16LE(at + 14), extraLength,
      attrs: buf.readUInt32LE(at + 38), name: buf.subarray(at + 46, at + 46 + nameLength).toString('utf8') });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

/** Python's http.server on a free loopback port: resolves to its base URL. */
function startPythonServer(dir) {
  const child = spawn('/usr/bin/python3', ['-u', '-m', 'http.server', '--bind', '127.0.0.1', '--directory', dir, '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let said = '';
    child.stdout.on('data', (d) => {
      said += d;
      const m = said.match(/port (\d+)/);
      if (m) resolve({ child, base: `http://127.0.0.1:${m[1]}/` });
    });
    child.stderr.resume(); // its request log
    child.on('exit', (code) => reject(new Error(`python3 -m http.server exited (${code}): ${said}`)));
  });
}

before(async () => {
  // Two releases, each with its own build of the page (the wasm and native builds are up to date by now).
  for (const out of ['a', 'b']) execFileSync(process.execPath, [join(ROOT, 'scripts/release.mjs'), '--out', join(work, out)], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  zip = readFileSync(join(work, 'a', zipName));
  files = unzipSync(new Uint8Array(zip));
  site = join(work, 'site');
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(site, name)), { recursive: true });
    writeFileSync(join(site, name), bytes);
  }
  ({ child: server, base } = await startPythonServer(site));
  env = await startBrowser(site);
});
after(async () => {
  await env?.close();
  server?.kill();
  rmSync(work, { recursive: true, force: true });
});

test('two releases of one commit are the same bytes, entries sorted, one date and mode for all', () => {
  assert.ok(zip.length > 200_000, `${zip.length} bytes`);
  assert.equal(Buffer.compare(zip, readFileSync(join(work, 'b', zipName))), 0, 'byte for byte');
  const entries = centralDirectory(zip);
  const names = entries.map((e) => e.name);
  assert.deepEqual(names, [...names].sort(), 'sorted by path');
  assert.equal(new Set(entries.map((e) => `${e.date} ${e.time}`)).size, 1, 'one date');
  const d = new Date(info.epoch * 1000); // the commit's date (or SOURCE_DATE_EPOCH), in UTC, to 2 s
  assert.equal(entries[0].date, ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate());
  assert.equal(entries[0].time, (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1));
  for (const e of entries) {
    assert.equal(e.os, 3, `${e.name}: made on Unix`);
    assert.equal(e.attrs >>> 16, 0o100644, `${e.name}: a plain rw-r--r-- file`);
    assert.equal(e.extraLength, 0, `${e.name}: no extra fields (no timestamps of the build machine)`);
  }
});

test('the release holds the pages, the engine, the single file, the element, the demos, the notes, the licence and the sums', () => {
  const names = Object.keys(files);
  for (const name of ['index.html', 'exercises.html', 'labs.html', 'attention-lab.html', 'attention-lab.js', 'course-demo.html',
    'exercise-host-demo.html', 'favicon.svg', 'INSTRUCTORS.md', 'LICENSE', 'SHA256SUMS', '_headers', '.htaccess']) {
    assert.ok(names.includes(name), name);
  }
  assert.ok(names.some((n) => /^assets\/.+\.wasm$/.test(n)), 'the engine');
  assert.ok(names.some((n) => /^assets\/.+\.js$/.test(n)), 'the scripts');
  // the LMS packages of every built-in set (npm run package, issue 16)
  const sets = readdirSync(join(ROOT, 'web/exercises/sets')).map((f) => f.replace(/\.json$/, ''));
  for (const set of sets) for (const format of ['scorm12', 'scorm2004', 'cmi5']) assert.ok(names.includes(`lms/${set}-${format}.zip`), `lms/${set}-${format}.zip`);
  // everything dist/ has, byte for byte (dist/ is the second build's)
  const distFiles = execFileSync('find', ['.', '-type', 'f'], { cwd: join(ROOT, 'dist'), encoding: 'utf8' }).trim().split('\n').map((p) => p.slice(2));
  for (const p of distFiles) assert.ok(files[p] && Buffer.from(files[p]).equals(readFileSync(join(ROOT, 'dist', p))), `dist/${p}`);
  const text = (n) => Buffer.from(files[n]).toString('utf8');
  assert.match(text('LICENSE'), /^MIT License\n\nCopyright \(c\) 2026 Attention Lab contributors\n/);
  assert.match(text('INSTRUCTORS.md'), new RegExp(`^# Attention Lab ${info.full.replace(/[.+]/g, '\\$&')} — for instructors`));
  for (const topic of ['static host', 'university web folder', 'LMS', 'Embed', 'Check that it works']) assert.ok(text('INSTRUCTORS.md').includes(topic), topic);
  // the header files carry the pages' own policy
  assert.ok(text('_headers').includes(`Content-Security-Policy: ${CSP}\n`));
  assert.ok(text('.htaccess').includes(`Header set Content-Security-Policy "${CSP}"`));
  for (const page of ['index.html', 'exercises.html', 'labs.html']) {
    assert.ok(text(page).replaceAll('&#39;', "'").includes(`<meta http-equiv="Content-Security-Policy" content="${CSP}">`), `${page}: the meta tag says the same`);
  }
  // every page's footer, and the element's script, name the version
  for (const n of names.filter((n) => n.endsWith('.html'))) assert.ok(text(n).includes(`<footer class="site-version" data-version="${info.full}">Attention Lab ${info.full}</footer>`), `${n}: the version in its footer`);
  assert.ok(text('attention-lab.js').startsWith(`// Attention Lab ${info.full} — `));
  for (const n of ['INSTRUCTORS.md', '_headers', '.htaccess', 'attention-lab.js', ...names.filter((n) => n.endsWith('.html'))]) {
    assert.doesNotMatch(text(n), /%(ATTENTION_LAB_VERSION|VERSION|RELEASE|CSP)%/, `${n}: no placeholder left`);
  }
});

test('SHA256SUMS covers every other file and matches it (also by sha256sum -c)', () => {
  const lines = Buffer.from(files.SHA256SUMS).toString('utf8').trim().split('\n');
  const listed = lines.map((l) => {
    const m = l.match(/^([0-9a-f]{64}) {2}(.+)$/);
    assert.ok(m, `sha256sum format: ${l}`);
    assert.equal(createHash('sha256').update(files[m[2]]).digest('hex'), m[1], m[2]);
    return m[2];
  });
  assert.deepEqual(listed, Object.keys(files).filter((n) => n !== 'SHA256SUMS').sort());
  const out = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: site, encoding: 'utf8' });
  assert.equal(out.trim().split('\n').filter((l) => l.endsWith(': OK')).length, listed.length);
});

test('no file names a folder of the machine that built it', () => {
  const folders = [ROOT, `${homedir()}/`, `${tmpdir()}/`, '/tmp/'].map((p) => p.replace(/\/+$/, '/'));
  for (const [name, bytes] of Object.entries(files)) {
    const text = Buffer.from(bytes).toString('latin1');
    for (const f of folders) assert.ok(!text.includes(f), `${name} names ${f}`);
  }
});

test('a plain static server sends the engine as application/wasm', async () => {
  const wasm = Object.keys(files).find((n) => n.endsWith('.wasm'));
  const r = await fetch(base + wasm);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), 'application/wasm');
  assert.equal((await r.arrayBuffer()).byteLength, files[wasm].length);
});

/** A page of the unpacked release from Python's server: no failed request or HTTP error, no console error. */
async function openFromRelease(path) {
  const r = await openPage({ browser: env.browser, base }, path);
  r.page.on('response', (res) => { if (res.status() >= 400) r.problems.push(`HTTP ${res.status()}: ${res.url()}`); });
  await r.page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  assert.equal(await r.page.getAttribute('footer.site-version', 'data-version'), info.full, `${path}: the footer shows the version`);
  assert.equal((await r.page.locator('footer.site-version').textContent()).trim(), `Attention Lab ${info.full}`);
  return r;
}
const rowSums = (weights) => Array.from({ length: weights.rows }, (_, i) => weights.data.slice(i * weights.cols, (i + 1) * weights.cols).reduce((a, b) => a + b, 0));

for (const path of ['index.html', 'attention-lab.html']) {
  test(`served from the release: ${path} computes the default lesson`, async () => {
    const { page, problems } = await openFromRelease(path);
    const golden = JSON.parse(readFileSync(new URL('../fixtures/golden/lecture20_seed20.json', import.meta.url)));
    const w = await page.evaluate(() => { const t = window.attentionLab.getTrace().headTraces[0].weights; return { rows: t.rows, cols: t.cols, data: Array.from(t.data) }; });
    golden.expected.heads[0].weights.flat().forEach((v, k) => assert.ok(Math.abs(w.data[k] - v) < 1e-12, `weights #${k}`));
    rowSums(w).forEach((s) => assert.ok(Math.abs(s - 1) < 1e-12));
    assert.equal(await page.locator('.step-card:not([hidden])').count(), 6);
    assert.ok(await page.locator('td[data-matrix="weights"]').count() > 0, 'heatmaps drawn');
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('served from the release: exercises.html draws a sheet from the engine', async () => {
  const { page, problems } = await openFromRelease('exercises.html#set=exit-ticket&seed=3');
  const sheet = await page.evaluate(() => window.attentionLabExercises.sheet());
  assert.ok(sheet.exercises.length > 0);
  assert.equal(await page.evaluate(() => window.attentionLabExercises.seed()), 3);
  assert.equal(await page.locator('.ex-card').count(), sheet.exercises.length);
  assert.deepEqual(problems, []);
  await page.close();
});

test('served from the release: labs.html computes its five experiments', async () => {
  const { page, problems } = await openFromRelease('labs.html');
  assert.equal(await page.locator('section.lab').count(), 5);
  const rows = await page.evaluate(() => window.attentionLabs.views.scale.rows);
  assert.ok(Math.abs(rows.find((r) => r.dK === 512).scaledVariance - 1) < 0.2);
  assert.deepEqual(problems, []);
  await page.close();
});

test('served from the release: course-demo.html runs three embeds through attention-lab.js', async () => {
  const { page, problems } = await openPage({ browser: env.browser, base }, 'course-demo.html');
  await page.waitForFunction(() => {
    const frames = [...document.querySelectorAll('attention-lab')].map((el) => el.shadowRoot?.querySelector('iframe') ?? el.querySelector('iframe'));
    return frames.length === 3 && frames.every((f) => f?.contentDocument?.documentElement.dataset.ready === 'true');
  }, null, { timeout: 30000 });
  assert.equal(await page.getAttribute('footer.site-version', 'data-version'), info.full);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the offline single file of the release opens from disk too', async () => {
  const page = await env.browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  await page.goto(pathToFileURL(join(site, 'attention-lab.html')).href);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  assert.equal(await page.getAttribute('footer.site-version', 'data-version'), info.full);
  assert.deepEqual(problems, []);
  await page.close();
});
