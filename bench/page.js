// Runs inside headless Chromium for `npm run bench`: our wasm engine and its JavaScript peers on the same
// inputs, in the same session, measured in turns. window.runBench(sizes) resolves to medians in milliseconds.
import { loadEngine } from '../wasm/engine.js';
import createAttnlabModule from '../build-wasm/wasm/attnlab_engine.mjs';
import { straightforward, cacheFriendly, tensorflow } from './peers.js';
import { attentionModel, OUTPUTS } from './onnx-graph.js';
import * as ort from '../node_modules/onnxruntime-web/dist/ort.wasm.min.mjs';

const tf = window.tf;
tf.wasm.setWasmPaths(new URL('../node_modules/@tensorflow/tfjs-backend-wasm/dist/', import.meta.url).href);
// onnxruntime-web: its wasm backend (CPU kernels, SIMD), one thread, from node_modules
ort.env.wasm.numThreads = 1;
ort.env.wasm.proxy = false;
ort.env.wasm.wasmPaths = new URL('../node_modules/onnxruntime-web/dist/', import.meta.url).href;

/** onnxruntime-web on the same forward as an ONNX graph (bench/onnx-graph.js), float64, every intermediate fetched. */
async function onnxPeer(n, d, heads, X, WQ, WK, WV) {
  const session = await ort.InferenceSession.create(attentionModel(n, d, heads), { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  const feeds = { X: new ort.Tensor('float64', X, [n, d]), W_Q: new ort.Tensor('float64', WQ, [d, d]),
    W_K: new ort.Tensor('float64', WK, [d, d]), W_V: new ort.Tensor('float64', WV, [d, d]) };
  const run = async () => {
    const out = await session.run(feeds);
    for (const name of OUTPUTS) if (!out[name].data.length) throw new Error(`onnx: no ${name}`);
    return out;
  };
  // the same with every output written into a tensor of its own allocated once (onnxruntime's pre-allocated
  // outputs, as engine.trace(lesson, {reuse}) writes into the arrays of a trace given back)
  const first = await run();
  const fetches = Object.fromEntries(OUTPUTS.map((name) => [name, new ort.Tensor('float64', new Float64Array(first[name].data.length), first[name].dims)]));
  const runInto = async () => {
    const out = await session.run(feeds, fetches);
    if (out.concat.data !== fetches.concat.data) throw new Error('onnx: a pre-allocated output was not used');
    return out;
  };
  return { session, run, runInto };
}

// Deterministic inputs, the same for every implementation.
function inputs(n, d) {
  let s = 12345;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.2;
  const mat = (r, c) => Float64Array.from({ length: r * c }, next);
  return { X: mat(n, d), WQ: mat(d, d), WK: mat(d, d), WV: mat(d, d) };
}
const rows = (flat, r, c) => Array.from({ length: r }, (_, i) => Array.from(flat.subarray(i * c, (i + 1) * c)));

// Median time of one call for each of several implementations, measured in turns (one sample of each, then the
// next round): a change in the machine's load then falls on all of them alike, and their ratios hold. A sample
// batches calls to last at least 5 ms (timer resolution); at least 3 rounds, then more while within `budget` ms.
// An implementation is a function, or {setup, run} where setup (not timed) comes before each of its samples.
async function medians(impls, budget = 6000) {
  const batch = {}, samples = {}, fns = {}, setups = {};
  for (const [name, impl] of Object.entries(impls)) [fns[name], setups[name]] = typeof impl === 'function' ? [impl, null] : [impl.run, impl.setup];
  for (const [name, fn] of Object.entries(fns)) {
    await setups[name]?.();
    await fn(); // warm-up
    // calls per sample: as many as fill 5 ms, the most of three tries (one timed call that met a pause of the
    // machine's made every sample one call long, at the timer's 0.1 ms resolution); a call over 50 ms is its own batch
    batch[name] = 1;
    for (let k = 0, took = 0; k < 3 && took < 50; k++) {
      let calls = 0;
      const t = performance.now();
      do { await fn(); calls++; } while (performance.now() - t < 5);
      took = performance.now() - t;
      batch[name] = Math.max(batch[name], calls);
    }
    samples[name] = [];
  }
  const start = performance.now();
  for (let round = 0; round < 3 || (performance.now() - start < budget && round < 40); round++) {
    for (const [name, fn] of Object.entries(fns)) {
      await setups[name]?.();
      const t = performance.now();
      for (let r = 0; r < batch[name]; r++) await fn();
      samples[name].push((performance.now() - t) / batch[name]);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, xs]) => {
    xs.sort((a, b) => a - b);
    return [name, { median_ms: xs[xs.length >> 1], samples: xs.length, batch: batch[name] }];
  }));
}

// The engine's forward pass alone, the way TF.js is timed: every intermediate kept in wasm memory, nothing
// copied out to JavaScript (engine.trace, timed separately, adds those copies). The engine reuses the steps an
// edit leaves alone, so runs alternate between two X (one number apart): every step is computed every time.
async function computeOnly() {
  const M = await createAttnlabModule();
  const trace = M.cwrap('attn_trace', 'number', ['string', 'string', 'number', 'number']);
  const free = M.cwrap('attn_trace_free', null, ['number']);
  return (n, d, heads, matrices) => {
    const place = ([data, rows, cols]) => {
      const p = M._malloc(data.length * 8);
      M.HEAPF64.set(data, p / 8);
      return [p, rows, cols];
    };
    const placed = Object.fromEntries(Object.entries(matrices).map(([name, m]) => [name, place(m)]));
    const typed = [JSON.stringify(placed), JSON.stringify({ ...placed, X: place([edited(matrices.X[0]), matrices.X[1], matrices.X[2]]) })];
    const lesson = JSON.stringify({ heads });
    let k = 0;
    return () => {
      const answer = trace(lesson, typed[k++ % 2], 0, 0);
      // the answer is {"ok":true,"value":{…, "handle":N, …}} (addresses, not numbers): the trace is freed, the text too
      const text = M.UTF8ToString(answer), handle = /"handle":(\d+)/.exec(text);
      M._free(answer);
      if (!handle) throw new Error(`lesson refused: ${text.slice(0, 200)}`);
      free(Number(handle[1]));
    };
  };
}

/** X with its first number changed: a lesson the engine must compute again from the start. */
function edited(X) {
  const copy = Float64Array.from(X);
  copy[0] += 1;
  return copy;
}

// The engine's forward alone at one size for about `ms` milliseconds: its median, for the wasm / native ratio
// measured in pairs with the native engine (bench/run.mjs).
const forwards = new Map();
window.wasmForward = async (n, d, heads, ms) => {
  const key = `${n},${d},${heads}`;
  if (!forwards.has(key)) {
    const { X, WQ, WK, WV } = inputs(n, d);
    forwards.set(key, (await computeOnly())(n, d, heads, { X: [X, n, d], W_Q: [WQ, d, d], W_K: [WK, d, d], W_V: [WV, d, d] }));
  }
  return (await medians({ wasm: forwards.get(key) }, ms)).wasm.median_ms;
};

window.runBench = async (sizes) => {
  const engine = await loadEngine();
  const prepare = await computeOnly();
  const results = [];
  for (const [n, d, heads] of sizes) {
    const { X, WQ, WK, WV } = inputs(n, d);
    const m = (data, r, c) => ({ rows: r, cols: c, data });
    const lesson = { heads, X: m(X, n, d), W_Q: m(WQ, d, d), W_K: m(WK, d, d), W_V: m(WV, d, d) };
    const lessons = [lesson, { ...lesson, X: m(edited(X), n, d) }];
    let k = 0;
    const given = [null, null]; // the traces wasm_reusing gives back, oldest first
    const [Xr, WQr, WKr, WVr] = [rows(X, n, d), rows(WQ, d, d), rows(WK, d, d), rows(WV, d, d)];
    const [X32, WQ32, WK32, WV32] = [X, WQ, WK, WV].map((a) => Float32Array.from(a));
    const onBackend = (backend) => ({
      setup: async () => { await tf.setBackend(backend); await tf.ready(); },
      run: () => tensorflow(tf, X32, WQ32, WK32, WV32, n, d, heads),
    });
    const onnx = await onnxPeer(n, d, heads, X, WQ, WK, WV);
    const row = { n, d_model: d, heads, ...await medians({
      wasm: prepare(n, d, heads, { X: [X, n, d], W_Q: [WQ, d, d], W_K: [WK, d, d], W_V: [WV, d, d] }),
      wasm_with_copies: () => {
        const r = engine.trace(lessons[k++ % 2]);
        if (!r.ok) throw new Error(JSON.stringify(r.problems));
      },
      // as the page calls it: into the arrays of the trace before last, given back (web/page/controller.js)
      wasm_reusing: () => {
        const r = engine.trace(lessons[k++ % 2], { reuse: given.shift() });
        if (!r.ok) throw new Error(JSON.stringify(r.problems));
        given.push(r.value);
      },
      js_cache_friendly: () => cacheFriendly(X, WQ, WK, WV, n, d, heads),
      // (the two slowest peers, seconds a call at n = 512 and in no budget, are left out there)
      ...(n < 512 ? { js_straightforward: () => straightforward(Xr, WQr, WKr, WVr, heads), tfjs_cpu: onBackend('cpu') } : {}),
      tfjs_wasm: onBackend('wasm'),
      onnx: onnx.run,
      onnx_preallocated: onnx.runInto,
    }) };
    await onnx.session.release();
    results.push(row);
  }
  return results;
};
window.benchReady = true;
