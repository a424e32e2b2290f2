// Lessons big enough to freeze the page for a noticeable time are computed in a Web Worker
// (web/engine-worker.js, its own engine instance); small ones stay on the main thread, where a round trip to
// a worker would cost more than the computation.

/** Work (engine.plan(lesson).work, core/trace_size.hpp) above which a lesson goes to the worker: roughly 100 ms
 * or more of engine time. */
export const OFF_THREAD_WORK = 2e8;

/** {trace(lesson) -> Promise<{ok, trace | problems | crashed}>, explain(kind, head, i, j) -> Promise<{ok, value |
 * crashed}> about the last trace it computed} or null where workers cannot run the engine. */
export function createOffThreadEngine() {
  if (typeof Worker === 'undefined') return null;
  let worker = null, nextId = 0;
  const waiting = new Map();
  const start = () => {
    worker = new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }) => { waiting.get(data.id)?.(data); waiting.delete(data.id); };
    worker.onerror = (e) => { e.preventDefault?.(); stop(`the worker failed: ${e.message ?? 'unknown error'}`); };
  };
  const stop = (message) => {
    worker?.terminate();
    worker = null;
    for (const resolve of waiting.values()) resolve({ ok: false, crashed: true, message });
    waiting.clear();
  };
  const ask = (message) => {
    if (!worker) start();
    const id = ++nextId;
    return new Promise((resolve) => {
      waiting.set(id, (r) => { if (r.crashed) stop(r.message); resolve(r); });
      worker.postMessage({ id, ...message });
    });
  };
  return {
    trace: (lesson) => ask({ lesson }),
    explain: (kind, head, i, j) => ask({ explain: [kind, head, i, j] }),
  };
}
