// Lessons big enough to freeze the page for a noticeable time are computed in a Web Worker
// (web/engine-worker.js, its own engine instance); small ones stay on the main thread, where a round trip to
// a worker would cost more than the computation.

/** Multiply-adds above which a lesson goes to the worker: roughly 100 ms or more of engine time. */
export const OFF_THREAD_WORK = 2e8;

/** [rows, cols] of an input as the lesson gives it: literal rows, a typed matrix or a seeded draw. */
function shapeIn(lesson, name) {
  const m = lesson[name];
  if (Array.isArray(m)) return [m.length, Array.isArray(m[0]) ? m[0].length : 0];
  if (m && typeof m === 'object' && Number.isInteger(m.rows)) return [m.rows, m.cols];
  const draw = Array.isArray(lesson.init?.draws) ? lesson.init.draws.find((d) => d?.name === name) : null;
  const s = Array.isArray(draw?.shape) ? draw.shape.map(Number) : null;
  return s ? (s.length === 1 ? [1, s[0]] : [s[0], s[1]]) : [0, 0];
}

/** Per attention cell (n·n per head), what the rest of a trace costs in multiply-adds' time: the mask, the
 * softmax and its steps, and the copies of six n × n matrices per head out to JavaScript. 256 tokens × 64 heads
 * (4·10⁶ cells, a few thousand multiply-adds) is 2·10⁸ that way: it goes to the worker. */
const PER_ATTENTION_CELL = 50;

/** Roughly the multiply-adds of the forward pass: the projections, then QK^T and the weighted sum; and the
 * per-cell work of every head's attention matrices. */
export function workOf(lesson) {
  if (!lesson || typeof lesson !== 'object') return 0;
  const tokens = Array.isArray(lesson.tokens) ? lesson.tokens.length : typeof lesson.sentence === 'string' ? lesson.sentence.split(/\s+/).filter(Boolean).length : 0;
  const [xRows, xCols] = shapeIn(lesson, 'X');
  const n = xRows || tokens, d = xCols || shapeIn(lesson, 'E')[1];
  const q = shapeIn(lesson, 'W_Q')[1], k = shapeIn(lesson, 'W_K')[1], v = shapeIn(lesson, 'W_V')[1];
  const heads = Number.isInteger(lesson.heads) && lesson.heads > 0 ? lesson.heads : 1;
  // a whole layer adds its feed-forward network (two n × d × d_ff products) and, for a decoder, a second attention
  const layer = lesson.layer && typeof lesson.layer === 'object' ? lesson.layer : null;
  const dFf = Array.isArray(layer?.W_ff1?.[0]) ? layer.W_ff1[0].length : shapeIn({ init: lesson.init }, 'layer.W_ff1')[1];
  const m = Array.isArray(lesson.source?.tokens) ? lesson.source.tokens.length : 0;
  const ffn = layer ? 2 * n * d * dFf : 0, cross = layer && m ? n * d * (q + v) + m * d * (k + v) + n * m * (q + v) + n * m * heads * PER_ATTENTION_CELL : 0;
  const work = n * d * (q + k + v) + n * n * (q + v) + n * n * heads * PER_ATTENTION_CELL + ffn + cross;
  return Number.isFinite(work) ? work : 0;
}

/** {trace(lesson) -> Promise<{ok, trace | problems | crashed}>} or null where workers cannot run the engine. */
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
  return {
    trace(lesson) {
      if (!worker) start();
      const id = ++nextId;
      return new Promise((resolve) => {
        waiting.set(id, (r) => { if (r.crashed) stop(r.message); resolve(r); });
        worker.postMessage({ id, lesson });
      });
    },
  };
}
