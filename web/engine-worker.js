// The engine in a Web Worker: big lessons are computed here so the page stays responsive meanwhile.
// Messages: {id, lesson} in; {id, ok, trace | problems} out, with every matrix's buffer transferred, not copied.
import { loadEngine } from '../wasm/engine.js';

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

self.onmessage = async ({ data: { id, lesson } }) => {
  try {
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
