// The engine in a Web Worker: big lessons are computed here so the page stays responsive meanwhile.
// Messages: {id, lesson} in; {id, ok, trace | problems} out, with every matrix's buffer transferred, not copied.
// The worker's engine keeps the last trace it computed, so the page's inspector asks it to explain a cell of that
// trace — {id, explain: [kind, head, i, j]} in, {id, ok, value} out — instead of computing the lesson again.
import { loadEngine } from '../wasm/walkthrough-engine.js';

const engine = loadEngine();

// Every typed array of the trace (the six steps, and a layer's, a cross-attention's and positions' parts), once each.
function buffers(trace) {
  const out = new Set();
  const walk = (x) => {
    if (ArrayBuffer.isView(x)) out.add(x.buffer);
    else if (x && typeof x === 'object') for (const v of Object.values(x)) walk(v);
  };
  walk(trace);
  return [...out];
}

const EXPLAIN = {
  score: (e, h, i, j) => e.explainScore(h, i, j),
  softmax: (e, h, i) => e.explainSoftmax(h, i),
  output: (e, h, i, t) => e.explainOutput(h, i, t),
  Q: (e, h, i, t) => e.explainProjection('Q', h, i, t),
  K: (e, h, i, t) => e.explainProjection('K', h, i, t),
  V: (e, h, i, t) => e.explainProjection('V', h, i, t),
  // the Transformer layer's cells (core/explain_layer.hpp)
  norm1: (e, _, i, c) => e.explainNorm(1, i, c),
  norm2: (e, _, i, c) => e.explainNorm(2, i, c),
  norm3: (e, _, i, c) => e.explainNorm(3, i, c),
  ffn_hidden: (e, _, i, u) => e.explainFfnHidden(i, u),
  ffn_output: (e, _, i, c) => e.explainFfnOutput(i, c),
  cross_score: (e, h, i, j) => e.explainCrossScore(h, i, j),
};

self.onmessage = async ({ data: { id, lesson, explain } }) => {
  try {
    if (explain) {
      const [kind, ...cell] = explain;
      self.postMessage({ id, ok: true, value: EXPLAIN[kind](await engine, ...cell) });
      return;
    }
    const r = (await engine).trace(lesson);
    if (r.ok) self.postMessage({ id, ok: true, trace: r.value }, buffers(r.value));
    // a trap in the engine (wasm/engine.js answers {crashed: true}): this worker's instance is spent
    else if (r.crashed) self.postMessage({ id, ok: false, crashed: true, message: r.problems[0]?.message ?? 'the engine stopped' });
    else self.postMessage({ id, ok: false, problems: r.problems });
  } catch (err) {
    // anything else that stops the call (the lesson could not even be sent): treated as a crash too
    self.postMessage({ id, ok: false, crashed: true, message: String(err?.message ?? err) });
  }
};
