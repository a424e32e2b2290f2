// `npm run bench`: prints the budgets of issue 20 beside the figures measured now, and writes bench/results.json.
// Not a test: on these shared machines only ratios within one run mean anything.
//   1. the engine's forward pass natively (build/bin/attnlab_bench) and as wasm in headless Chromium, beside
//      plain-JS, TensorFlow.js and onnxruntime-web peers in the same browser session;
//   2. the page: bytes of dist/ (raw and gzip), what the walkthrough loads before its first lesson is drawn,
//      cold load to the first lesson drawn (also under 4× CPU throttling and a 1.6 Mbps / 150 ms network), heap;
//   3. latencies in the page: a new lesson (preset, setLesson, link) until painted, edit-to-paint (the six steps
//      and the whole encoder and decoder layer), getTrace().
// BENCH_PARTS=forward,page,latency runs some of them (all by default).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBrowser } from '../tests/e2e/browser.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// single head at (4, 8), (16, 64), (128, 256), (512, 768); multi-head at (16, 64, 2), (128, 256, 4), (512, 768, 12)
const SIZES = [[4, 8, 1], [16, 64, 1], [16, 64, 2], [128, 256, 1], [128, 256, 4], [512, 768, 1], [512, 768, 12]];
const PARTS = new Set((process.env.BENCH_PARTS ?? 'forward,page,latency').split(','));
const results = { date: new Date().toISOString(), sizes: [], page: {}, edits: [], new_lessons: [], budgets: [] };

const f = (v, digits = 3) => (v == null || Number.isNaN(v) ? '—' : Number(v).toFixed(digits));
// the q-quantile of sorted xs by nearest rank: the smallest value with at least q of them at or below it (the p95
// of 40 is the 38th, not the slowest)
const at = (xs, q) => xs[Math.max(0, Math.ceil(xs.length * q) - 1)];
const sorted = (xs) => [...xs].sort((a, b) => a - b);

// ---------- 1. the forward pass ----------
if (PARTS.has('forward')) {
  // 1a. native
  const nativeRun = (sizes) => {
    const native = spawnSync(join(root, 'build/bin/attnlab_bench'), sizes, { encoding: 'utf8' });
    if (native.status !== 0) throw new Error(`attnlab_bench failed: ${native.stderr}`);
    return native.stdout.trim().split('\n');
  };
  const nativeRows = nativeRun(SIZES.map((s) => s.join(','))).map((l) => JSON.parse(l));

  // 1b. wasm and peers, one Chromium session
  const repo = await startBrowser(root);
  const page = await repo.browser.newPage();
  page.on('pageerror', (e) => console.error('bench page error:', e.message));
  page.on('requestfailed', (r) => console.error('bench page: request failed', r.url()));
  await page.goto(repo.base + 'bench/page.html');
  await page.waitForFunction(() => window.benchReady === true);
  const browserRows = await page.evaluate((sizes) => window.runBench(sizes), SIZES);
  // wasm / native at (512, 768, 12) also in pairs, each about a second natively and a second in the browser (in
  // turns, which goes first): the medians above were taken minutes apart, and on a shared machine the load changes
  // in minutes (the native median alone went 294–355 ms in three runs a minute apart). The budget takes the median
  // pair's ratio.
  const PAIRED = [512, 768, 12], pairs = [];
  const nativeOnce = () => JSON.parse(nativeRun([PAIRED.join(',')])[0]).median_ms;
  const wasmOnce = () => page.evaluate((size) => window.wasmForward(...size, 1000), PAIRED);
  for (let k = 0; k < 9; k++) {
    let native, wasm;
    if (k % 2) { wasm = await wasmOnce(); native = nativeOnce(); } else { native = nativeOnce(); wasm = await wasmOnce(); }
    pairs.push({ native_ms: native, wasm_ms: wasm, ratio: wasm / native });
  }
  await repo.close();

  const PEERS = ['js_straightforward', 'js_cache_friendly', 'tfjs_cpu', 'tfjs_wasm', 'onnx', 'onnx_preallocated', 'onnx_best'];
  for (let i = 0; i < SIZES.length; i++) {
    const b = browserRows[i];
    const row = { n: b.n, d_model: b.d_model, heads: b.heads, native_ms: nativeRows[i].median_ms };
    for (const key of ['wasm', 'wasm_with_copies', 'wasm_reusing', ...PEERS]) row[`${key}_ms`] = b[key]?.median_ms ?? null;
    // engine.trace() as the page calls it: into the arrays of the trace before last, given back; onnxruntime-web its
    // faster way, into fresh outputs or into outputs allocated once (its pre-allocated outputs)
    row.trace_ms = row.wasm_reusing_ms;
    row.onnx_best_ms = Math.min(row.onnx_ms, row.onnx_preallocated_ms);
    row.wasm_over_native = row.wasm_ms / row.native_ms;
    for (const peer of PEERS) {
      const ms = row[`${peer}_ms`]; // (null: not measured at that size)
      row[`${peer}_over_wasm`] = ms == null ? null : ms / row.wasm_ms;
      row[`${peer}_over_trace`] = ms == null ? null : ms / row.trace_ms; // engine.trace()
    }
    results.sizes.push(row);
  }
  results.wasm_native_pairs = { size: PAIRED, pairs, median_ratio: at(sorted(pairs.map((x) => x.ratio)), 0.5) };
}

// ---------- 2. the page: bytes, first load, cold loads ----------
const distFile = (url) => {
  const path = decodeURIComponent(new URL(url).pathname).replace(/^\/+/, '') || 'index.html';
  return join(root, 'dist', path.endsWith('/') ? path + 'index.html' : path);
};
const gzipOf = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
let site = null;
if (PARTS.has('page') || PARTS.has('latency')) site = await startBrowser();

/** A cold load (fresh context) until the first lesson is drawn: ms after navigation, and what was fetched by then. */
async function coldLoad({ throttled = false } = {}) {
  const context = await site.browser.newContext();
  const p = await context.newPage();
  if (throttled) {
    // a classroom Chromebook on congested Wi-Fi: 4× slower CPU, 1.6 Mbps down and up, 150 ms round trips
    const cdp = await context.newCDPSession(p);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 1.6e6 / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  // The page sets data-drawn on <html> once the first lesson is in the document, and data-ready once its engine has
  // loaded too (and the parts it held back): note both moments, and the resources fetched by the first. The frame that
  // paints the lesson comes after data-drawn (its first style and layout in a new renderer): Largest Contentful Paint
  // says when the largest text of it was painted.
  await p.addInitScript(() => {
    window.painted = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.painted.push(e.startTime); })
      .observe({ type: 'largest-contentful-paint', buffered: true });
    new MutationObserver((_, observer) => {
      const root = document.documentElement.dataset;
      if (root.drawn === 'true' && window.firstLessonMs === undefined) {
        window.firstLessonMs = performance.now();
        window.fetchedBefore = [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)];
      }
      if (root.ready === 'true') {
        window.readyMs = performance.now();
        observer.disconnect();
      }
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-drawn', 'data-ready'] }); // <html> may not exist yet
  });
  await p.goto(site.base, { timeout: 120000 });
  await p.waitForFunction(() => window.readyMs !== undefined, null, { timeout: 120000 });
  await p.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))); // (the last paint reported)
  const out = await p.evaluate(() => ({ ms: window.firstLessonMs, readyMs: window.readyMs, paintedMs: window.painted.at(-1), fetched: window.fetchedBefore, heap: window.attentionLab.engineMemoryBytes?.() ?? null }));
  await context.close();
  return out;
}

if (PARTS.has('page')) {
  const files = [];
  (function walk(dir) {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name !== 'attention-lab.html') files.push({ file: relative(join(root, 'dist'), path), raw: statSync(path).size, gzip: gzipOf(path) });
    }
  })(join(root, 'dist'));
  results.page.files = files;
  results.page.total_raw = files.reduce((s, x) => s + x.raw, 0);
  results.page.total_gzip = files.reduce((s, x) => s + x.gzip, 0);

  // each moment of a load (the first lesson drawn, then painted; the page ready): its median over the loads, and
  // its figure in every load
  const record = (loads, kind) => {
    for (const [moment, key] of [['first_lesson', 'ms'], ['first_lesson_painted', 'paintedMs'], ['ready', 'readyMs']]) {
      const xs = loads.map((load) => load[key]);
      results.page[`${moment}${kind}_ms`] = at(sorted(xs), 0.5);
      results.page[`${moment}${kind}_all_ms`] = xs;
    }
  };
  const plain = [];
  for (let i = 0; i < 5; i++) plain.push(await coldLoad());
  results.page.wasm_heap_bytes = plain[0].heap;
  // what the walkthrough fetched before its first lesson was drawn, each file gzipped as a server would send it
  const seen = [...new Set(plain[0].fetched.map(distFile))];
  results.page.first_load = seen.map((file) => ({ file: relative(join(root, 'dist'), file), gzip: gzipOf(file) }));
  results.page.first_load_gzip = results.page.first_load.reduce((s, x) => s + x.gzip, 0);
  record(plain, '');
  const throttled = [];
  for (let i = 0; i < 3; i++) throttled.push(await coldLoad({ throttled: true }));
  record(throttled, '_throttled');
}

// ---------- 3. latencies in the page ----------
const presetLesson = (name) => JSON.parse(readFileSync(join(root, 'web/presets', `${name}.json`), 'utf8'));
const seeded = (n, d, h, seed = 3) => ({ heads: h, init: { seed, draws: [{ name: 'X', shape: [n, d] }, ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [d, d], scale: 0.1 }))] } });
// The lecture lesson continued into one encoder layer, as the page's "Continue into the full layer" makes it.
function encoderLesson() {
  const lesson = presetLesson('lecture20-seed20'), d = 8, dFf = 32;
  const ones = Array(d).fill(1), zeros = Array(d).fill(0);
  lesson.layer = { norm: 'post', eps: 1e-5, activation: 'relu', ln1: { gamma: ones, beta: zeros }, ln2: { gamma: ones, beta: zeros } };
  lesson.init.draws.push({ name: 'W_O', shape: [d, d], scale: 0.5 }, { name: 'layer.W_ff1', shape: [d, dFf], scale: 0.5 },
    { name: 'layer.b_ff1', shape: [dFf], scale: 0.1 }, { name: 'layer.W_ff2', shape: [dFf, d], scale: 0.5 }, { name: 'layer.b_ff2', shape: [d], scale: 0.1 });
  return lesson;
}

async function openSite() {
  const p = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  p.on('pageerror', (e) => console.error('bench page error:', e.message));
  await p.goto(site.base);
  await p.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  return p;
}

// edit-to-paint: type a new number into X[0][0] as a keyboard user does (Enter opens the cell's editor,
// Enter commits), then wait for the page's next rendered frame and force layout. The clock starts at the
// committing keystroke.
async function editLatency(label, lesson) {
  const p = await openSite();
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
  const pick = (k) => sorted(times.map((t) => t[k]));
  const work = pick(0), frame = pick(1);
  const row = { lesson: label, edits: times.length, p50_ms: at(work, 0.5), p95_ms: at(work, 0.95),
    next_frame_p50_ms: at(frame, 0.5), next_frame_p95_ms: at(frame, 0.95), first_ms: times[0][0] };
  results.edits.push(row);
  return row;
}

// A new lesson until painted: from the call (a preset chosen in the menu, attentionLab.setLesson, a new link in
// the address bar) until the page has rendered it and laid it out. Two lessons alternate, so each one is new:
// A and B differ in their numbers and, for the seeded sizes, in their number of tokens (n and n − 1).
async function newLessonLatency(label, how, a, b, rounds = 40) {
  const p = await openSite();
  const times = await p.evaluate(async ({ how, a, b, rounds }) => {
    const lab = window.attentionLab;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    // the page's next change to its DOM (or 10 s): a render is noticed in the microtask after it, where polling from
    // tasks would wait behind the browser's own (a followed link's hashchange event comes tens of ms after the render)
    const changed = () => new Promise((r) => {
      const observer = new MutationObserver(() => { observer.disconnect(); clearTimeout(timer); r(); });
      const timer = setTimeout(() => { observer.disconnect(); r(); }, 10000);
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    let start;
    if (how === 'preset') {
      const menu = document.querySelector('select[name=preset]');
      start = (lesson) => { menu.value = lesson; menu.dispatchEvent(new Event('change', { bubbles: true })); };
    } else if (how === 'setLesson') {
      start = (lesson) => lab.setLesson(lesson);
    } else {
      // the links of both lessons, as the page writes them
      const links = [];
      for (const lesson of [a, b]) {
        lab.setLesson(lesson);
        await lab.settled();
        links.push(new URL(await lab.shareLink()).hash);
      }
      a = links[0]; b = links[1];
      start = (hash) => { location.hash = hash; };
    }
    const out = [];
    for (let k = 0; k < rounds + 2; k++) {
      await frame();
      await lab.settled();
      const before = lab.frame;
      const t0 = performance.now();
      start(k % 2 ? b : a);
      while (lab.frame === before && performance.now() - t0 < 10000) await changed();
      await lab.settled();
      void document.body.offsetHeight; // style and layout of the new grids
      if (k >= 2) out.push(performance.now() - t0); // the first two: code not yet compiled, grids not yet made
    }
    return out;
  }, { how, a, b, rounds });
  await p.close();
  const xs = sorted(times);
  const row = { lesson: label, how, count: xs.length, p50_ms: at(xs, 0.5), p95_ms: at(xs, 0.95), max_ms: xs[xs.length - 1] };
  results.new_lessons.push(row);
  return row;
}

/**
 * getTrace() at (128, 256, 4), median and worst of 20 calls: with one head's weights read (what a host reads; the
 * budget's figure: a matrix is copied when first read), and with every matrix read.
 */
async function getTraceLatency(lesson) {
  const p = await openSite();
  const times = await p.evaluate(async (lesson) => {
    const lab = window.attentionLab;
    lab.setLesson(lesson);
    await lab.settled();
    const readAll = (v) => { if (v && typeof v === 'object' && !ArrayBuffer.isView(v)) for (const key of Object.keys(v)) readAll(v[key]); };
    const out = { one: [], all: [] };
    for (let k = 0; k < 42; k++) {
      const t0 = performance.now();
      const t = lab.getTrace();
      if (k % 2) readAll(t);
      else if (!t.headTraces[3].weights.data.length) throw new Error('no trace');
      (k % 2 ? out.all : out.one).push(performance.now() - t0);
    }
    return { one: out.one.slice(1), all: out.all.slice(1) };
  }, lesson);
  await p.close();
  const one = sorted(times.one), all = sorted(times.all);
  results.page.get_trace = { lesson: '(128, 256, 4)', median_ms: at(one, 0.5), max_ms: one[one.length - 1], every_matrix_read: { median_ms: at(all, 0.5), max_ms: all[all.length - 1] } };
}

if (PARTS.has('latency')) {
  const lecture = [presetLesson('lecture20-seed20'), presetLesson('dog-ran-fast')];
  await newLessonLatency('lecture size', 'preset', 'lecture20-seed20', 'dog-ran-fast');
  await newLessonLatency('lecture size', 'setLesson', ...lecture);
  await newLessonLatency('lecture size', 'link', ...lecture);
  for (const [n, d, h] of [[16, 64, 2], [128, 256, 4]]) {
    for (const how of ['setLesson', 'link']) await newLessonLatency(`(${n}, ${d}, ${h})`, how, seeded(n, d, h, 3), seeded(n - 1, d, h, 4));
  }
  await editLatency('default preset', null);
  await editLatency('(16, 64, 2)', seeded(16, 64, 2));
  await editLatency('(128, 256, 4)', seeded(128, 256, 4));
  await editLatency('encoder layer', encoderLesson());
  await editLatency('decoder layer', presetLesson('translation-decoder'));
  await getTraceLatency(seeded(128, 256, 4));
}
if (site) await site.close();

// ---------- the budgets of issue 20, each beside its measured figure ----------
function budget(figure, limit, measured, unit, pass) {
  results.budgets.push({ figure, budget: limit, measured: measured ?? null, unit, pass: measured == null ? null : pass });
}
for (const r of results.new_lessons) {
  const limit = r.lesson.startsWith('(128') ? 50 : 16;
  budget(`new lesson (${r.how}) → painted, ${r.lesson}, p95`, `< ${limit} ms`, r.p95_ms, 'ms', r.p95_ms < limit);
}
for (const e of results.edits.filter((x) => ['default preset', '(16, 64, 2)'].includes(x.lesson)))
  budget(`edit → paint, ${e.lesson === 'default preset' ? 'lecture size' : e.lesson}, p95`, '< 8 ms', e.p95_ms, 'ms', e.p95_ms < 8);
if (results.page.get_trace) budget('getTrace() and one head\'s weights read, (128, 256, 4), median of 20', '< 20 ms', results.page.get_trace.median_ms, 'ms', results.page.get_trace.median_ms < 20);
if (results.page.total_gzip) {
  budget('dist/ gzip, all pages, the single file aside', '< 200 KB', results.page.total_gzip / 1000, 'KB', results.page.total_gzip < 200000);
  budget('what the walkthrough loads before its first lesson is drawn, gzip', '< 120 KB', results.page.first_load_gzip / 1000, 'KB', results.page.first_load_gzip < 120000);
  budget('navigation → first lesson drawn (data-drawn, median of 5 cold loads)', '< 300 ms', results.page.first_lesson_ms, 'ms', results.page.first_lesson_ms < 300);
  budget('the same, 4× CPU throttling, 1.6 Mbps / 150 ms (median of 3)', '< 2500 ms', results.page.first_lesson_throttled_ms, 'ms', results.page.first_lesson_throttled_ms < 2500);
}
for (const e of results.edits.filter((x) => x.lesson.endsWith('layer')))
  budget(`whole-layer lesson edit → paint, ${e.lesson}, lecture size, p95`, '< 8 ms', e.p95_ms, 'ms', e.p95_ms < 8);
const size = (n, d, h) => results.sizes.find((r) => r.n === n && r.d_model === d && r.heads === h);
if (results.sizes.length) {
  const paired = results.wasm_native_pairs.median_ratio;
  budget('wasm / native, (512, 768, 12), median of 9 pairs', '≤ 1.1×', paired, '×', paired <= 1.1);
  for (const [n, d, h] of [[128, 256, 1], [512, 768, 1], [128, 256, 4], [512, 768, 12]]) {
    const r = size(n, d, h), label = h === 1 ? `single head (${n}, ${d})` : `(${n}, ${d}, ${h})`;
    budget(`engine.trace() vs onnxruntime-web, ${label}: peer / ours`, '≥ 1.3×', r.onnx_best_over_trace, '×', r.onnx_best_over_trace >= 1.3);
    budget(`engine.trace() vs TF.js wasm, ${label}: peer / ours`, '≥ 1.3×', r.tfjs_wasm_over_trace, '×', r.tfjs_wasm_over_trace >= 1.3);
  }
  for (const [n, d] of [[4, 8], [16, 64]]) {
    const r = size(n, d, 1);
    budget(`engine.trace() vs cache-friendly plain JS, single head (${n}, ${d}): peer / ours`, '> 1×', r.js_cache_friendly_over_trace, '×', r.js_cache_friendly_over_trace > 1);
  }
}

writeFileSync(join(root, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');

// ---------- the tables ----------
if (results.sizes.length) {
  console.log('\nForward pass, median ms (every intermediate kept; TF.js in float32, ours and onnxruntime-web in float64)');
  console.log('wasm: the engine alone; trace(): engine.trace() as the page calls it, which also copies every intermediate out to');
  console.log('JavaScript, into the arrays of the trace before last (given back), and fresh: into new arrays; onnx: fresh outputs, pre: pre-allocated');
  console.log('n, d_model, h     native     wasm  wasm/nat     fresh   trace()  js-plain  js-cache  tfjs-cpu tfjs-wasm      onnx  onnx-pre   (peer / trace(): js-cache, tfjs-wasm, faster onnx)');
  for (const r of results.sizes)
    console.log(`${`(${r.n}, ${r.d_model}, ${r.heads})`.padEnd(16)} ${f(r.native_ms).padStart(8)} ${f(r.wasm_ms).padStart(8)} ${f(r.wasm_over_native, 2).padStart(8)}x ${f(r.wasm_with_copies_ms).padStart(9)} ${f(r.wasm_reusing_ms).padStart(9)}` +
      ` ${f(r.js_straightforward_ms).padStart(9)} ${f(r.js_cache_friendly_ms).padStart(9)} ${f(r.tfjs_cpu_ms).padStart(9)} ${f(r.tfjs_wasm_ms).padStart(9)} ${f(r.onnx_ms).padStart(9)} ${f(r.onnx_preallocated_ms).padStart(9)}` +
      `   (${[r.js_cache_friendly_over_trace, r.tfjs_wasm_over_trace, r.onnx_best_over_trace].map((x) => f(x, 2) + 'x').join(', ')})`);
  const { pairs, median_ratio: ratio } = results.wasm_native_pairs;
  console.log(`wasm / native at (512, 768, 12) in pairs (wasm / native): ${pairs.map((x) => `${f(x.wasm_ms, 1)} / ${f(x.native_ms, 1)}`).join(', ')} ms → median ${f(ratio, 2)}x`);
}
if (results.page.files) {
  console.log(`\nPage: first lesson drawn ${f(results.page.first_lesson_ms, 0)} ms after navigation (median of 5 cold loads), ${f(results.page.first_lesson_throttled_ms, 0)} ms throttled; painted (Largest Contentful Paint) ${f(results.page.first_lesson_painted_ms, 0)} ms, ${f(results.page.first_lesson_painted_throttled_ms, 0)} ms throttled; its engine ready ${f(results.page.ready_ms, 0)} ms, ${f(results.page.ready_throttled_ms, 0)} ms throttled; dist/ ${results.page.total_raw} B raw, ${results.page.total_gzip} B gzip; wasm heap ${results.page.wasm_heap_bytes ?? '—'} B`);
  for (const file of results.page.files) console.log(`  ${file.file.padEnd(40)} ${String(file.raw).padStart(9)} B  ${String(file.gzip).padStart(8)} B gzip`);
  console.log(`Fetched before the first lesson is drawn (${results.page.first_load_gzip} B gzip): ${results.page.first_load.map((x) => `${x.file} ${x.gzip}`).join(', ')}`);
}
if (results.new_lessons.length) {
  console.log('\nNew lesson → painted and laid out (two lessons alternating)');
  for (const r of results.new_lessons) console.log(`  ${`${r.lesson}, ${r.how}`.padEnd(28)} p50 ${f(r.p50_ms, 1)} ms   p95 ${f(r.p95_ms, 1)} ms   max ${f(r.max_ms, 1)} ms  (${r.count})`);
  console.log('\nEdit-to-paint, 200 edits of X[0][0] typed into the cell: until the heatmaps are repainted and laid out');
  console.log('(ready for the display), and until the next frame the browser draws (adds the wait for the display\'s refresh)');
  for (const e of results.edits) console.log(`  ${e.lesson.padEnd(16)} p50 ${f(e.p50_ms, 1)} ms   p95 ${f(e.p95_ms, 1)} ms    next frame: p50 ${f(e.next_frame_p50_ms, 1)} ms   p95 ${f(e.next_frame_p95_ms, 1)} ms    the first edit ${f(e.first_ms, 1)} ms`);
  const g = results.page.get_trace;
  console.log(`\ngetTrace(), (128, 256, 4), one head's weights read: median ${f(g.median_ms, 1)} ms, worst ${f(g.max_ms, 1)} ms of 20; every matrix read: median ${f(g.every_matrix_read.median_ms, 1)} ms, worst ${f(g.every_matrix_read.max_ms, 1)} ms`);
}
console.log('\nBudgets (issue 20)');
console.log(`${'figure'.padEnd(86)} ${'budget'.padEnd(10)} ${'measured'.padStart(10)}`);
for (const b of results.budgets)
  console.log(`${b.figure.padEnd(86)} ${b.budget.padEnd(10)} ${`${f(b.measured, b.unit === '×' ? 2 : 1)} ${b.unit}`.padStart(10)}  ${b.pass == null ? '—' : b.pass ? 'pass' : 'FAIL'}`);
console.log(`${results.budgets.filter((b) => b.pass).length} of ${results.budgets.length} met`);
console.log('\nwrote bench/results.json');
