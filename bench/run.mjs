// `npm run bench`: prints a table and writes bench/results.json. Not a test: on these shared machines only
// ratios within one run mean anything.
//   1. the engine's forward pass natively (build/bin/attnlab_bench) and as wasm in headless Chromium,
//      beside plain-JS and TensorFlow.js peers in the same browser session;
//   2. the page: cold load to the first lesson drawn, bytes of dist/ (raw and gzip), wasm heap after load;
//   3. edit-to-paint latency over 200 cell edits, p50 and p95.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBrowser } from '../tests/e2e/browser.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SIZES = [[4, 8, 1], [16, 64, 2], [128, 256, 4], [512, 768, 12]];
const results = { date: new Date().toISOString(), sizes: [], page: {}, edits: [] };

// 1a. native
const native = spawnSync(join(root, 'build/bin/attnlab_bench'), SIZES.map((s) => s.join(',')), { encoding: 'utf8' });
if (native.status !== 0) throw new Error(`attnlab_bench failed: ${native.stderr}`);
const nativeRows = native.stdout.trim().split('\n').map((l) => JSON.parse(l));

// 1b. wasm and peers, one Chromium session
const repo = await startBrowser(root);
const page = await repo.browser.newPage();
page.on('pageerror', (e) => console.error('bench page error:', e.message));
await page.goto(repo.base + 'bench/page.html');
await page.waitForFunction(() => window.benchReady === true);
const browserRows = await page.evaluate((sizes) => window.runBench(sizes), SIZES);
await repo.close();

for (let i = 0; i < SIZES.length; i++) {
  const b = browserRows[i];
  const row = { n: b.n, d_model: b.d_model, heads: b.heads, native_ms: nativeRows[i].median_ms };
  for (const key of ['wasm', 'wasm_with_copies', 'js_straightforward', 'js_cache_friendly', 'tfjs_cpu', 'tfjs_wasm']) row[`${key}_ms`] = b[key].median_ms;
  row.wasm_over_native = row.wasm_ms / row.native_ms;
  for (const peer of ['js_straightforward', 'js_cache_friendly', 'tfjs_cpu', 'tfjs_wasm']) row[`${peer}_over_wasm`] = row[`${peer}_ms`] / row.wasm_ms;
  results.sizes.push(row);
}

// 2. the page: bytes of dist/ (the single-file build aside), cold load, heap
const files = [];
(function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name !== 'attention-lab.html') {
      const body = readFileSync(path);
      files.push({ file: relative(join(root, 'dist'), path), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    }
  }
})(join(root, 'dist'));
results.page.files = files;
results.page.total_raw = files.reduce((s, f) => s + f.raw, 0);
results.page.total_gzip = files.reduce((s, f) => s + f.gzip, 0);

const site = await startBrowser();
const loads = [];
for (let i = 0; i < 5; i++) {
  const context = await site.browser.newContext(); // a cold cache every time
  const p = await context.newPage();
  // The page sets data-ready on <html> once the first lesson is drawn: note the moment it happens.
  await p.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.ready === 'true') {
        window.firstLessonMs = performance.now();
        observer.disconnect();
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] }); // <html> may not exist yet
  });
  await p.goto(site.base);
  await p.waitForFunction(() => window.firstLessonMs !== undefined);
  loads.push(await p.evaluate(() => window.firstLessonMs));
  if (i === 0) results.page.wasm_heap_bytes = await p.evaluate(() => window.attentionLab.engineMemoryBytes?.() ?? null);
  await context.close();
}
loads.sort((a, b) => a - b);
results.page.first_lesson_ms = loads[loads.length >> 1];

// 3. edit-to-paint: type a new number into X[0][0] as a keyboard user does (Enter opens the cell's editor,
// Enter commits), then wait for the page's next rendered frame and force layout. The clock starts at the
// committing keystroke.
async function editLatency(label, lesson) {
  const p = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await p.goto(site.base);
  await p.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const times = await p.evaluate(async (lesson) => {
    const lab = window.attentionLab;
    if (lesson) lab.setLesson(lesson);
    await lab.settled();
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    await frame();
    const nextFrame = (before) => new Promise((resolve) => {
      const check = () => (lab.frame !== before ? resolve() : requestAnimationFrame(check));
      check();
    });
    const out = [];
    const start = performance.now();
    // 200 edits, or as many as fit in a minute when each takes long (the result says how many were made)
    for (let k = 0; k < 200 && performance.now() - start < 60000; k++) {
      const cell = document.querySelector('td[data-matrix="X"][data-row="0"][data-col="0"]')
        ?? document.querySelector('.canvas-heatmap[data-matrix="X"] .canvas-wrap');
      cell.focus();
      cell.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      const input = document.activeElement;
      input.value = String((k % 7) / 7 - 0.5);
      await frame(); // the editor opened; what follows is the edit itself
      // a keystroke lands anywhere in the display's 16.7 ms frame interval
      await new Promise((r) => setTimeout(r, (k * 7) % 17));
      const before = lab.frame;
      const t0 = performance.now();
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
      void document.body.offsetHeight; // style and layout of the repainted heatmaps
      const ready = performance.now() - t0;
      await nextFrame(before);
      out.push([ready, performance.now() - t0]);
    }
    return out;
  }, lesson);
  await p.close();
  const pick = (k) => times.map((t) => t[k]).sort((a, b) => a - b);
  const work = pick(0), frame = pick(1), at = (xs, q) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))];
  results.edits.push({ lesson: label, edits: times.length, p50_ms: at(work, 0.5), p95_ms: at(work, 0.95),
    next_frame_p50_ms: at(frame, 0.5), next_frame_p95_ms: at(frame, 0.95) });
}
await editLatency('default preset', null);
const seeded = (n, d, h) => ({ heads: h, init: { seed: 3, draws: [{ name: 'X', shape: [n, d] }, ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [d, d], scale: 0.1 }))] } });
await editLatency('(16, 64, 2)', seeded(16, 64, 2));
await editLatency('(128, 256, 4)', seeded(128, 256, 4));
await site.close();

writeFileSync(join(root, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');

// The table
const f = (v, digits = 3) => (v == null ? '—' : Number(v).toFixed(digits));
console.log('\nForward pass, median ms (every intermediate kept; TF.js in float32)');
console.log('wasm: the engine alone; +copies: engine.trace(), which also copies every intermediate out to JavaScript');
console.log('n, d_model, h     native    wasm  wasm/nat  +copies   js-plain  js-cache   tfjs-cpu  tfjs-wasm   (peer / wasm)');
for (const r of results.sizes)
  console.log(`${`(${r.n}, ${r.d_model}, ${r.heads})`.padEnd(16)} ${f(r.native_ms).padStart(8)} ${f(r.wasm_ms).padStart(8)} ${f(r.wasm_over_native, 2).padStart(8)}x ${f(r.wasm_with_copies_ms).padStart(8)}` +
    ` ${f(r.js_straightforward_ms).padStart(9)} ${f(r.js_cache_friendly_ms).padStart(9)} ${f(r.tfjs_cpu_ms).padStart(9)} ${f(r.tfjs_wasm_ms).padStart(9)}` +
    `   (${[r.js_straightforward_over_wasm, r.js_cache_friendly_over_wasm, r.tfjs_cpu_over_wasm, r.tfjs_wasm_over_wasm].map((x) => f(x, 1) + 'x').join(', ')})`);
console.log(`\nPage: first lesson drawn ${f(results.page.first_lesson_ms, 0)} ms after navigation (median of 5 cold loads); dist/ ${results.page.total_raw} B raw, ${results.page.total_gzip} B gzip; wasm heap ${results.page.wasm_heap_bytes ?? '—'} B`);
for (const file of files) console.log(`  ${file.file.padEnd(40)} ${String(file.raw).padStart(9)} B  ${String(file.gzip).padStart(8)} B gzip`);
console.log('\nEdit-to-paint, 200 edits of X[0][0] typed into the cell: until the heatmaps are repainted and laid out');
console.log('(ready for the display), and until the next frame the browser draws (adds the wait for the display\'s refresh)');
for (const e of results.edits) console.log(`  ${e.lesson.padEnd(16)} p50 ${f(e.p50_ms, 1)} ms   p95 ${f(e.p95_ms, 1)} ms    next frame: p50 ${f(e.next_frame_p50_ms, 1)} ms   p95 ${f(e.next_frame_p95_ms, 1)} ms`);
console.log('\nwrote bench/results.json');
