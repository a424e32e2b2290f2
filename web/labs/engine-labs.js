// The labs page's engine: its own cached instance of the labs' wasm module (attnlab_labs: wasm/bindings_labs.cpp
// only). Options in as JSON, results out as
// plain objects; the strings "Infinity", "-Infinity" and "NaN" (core/json_number.hpp) become numbers again.
// If the instance crashes (a trap, abort or out of memory), the engine object stays the same: onCrash listeners
// hear of it, restart() makes a fresh instance, and meanwhile each call answers with its own last result (the
// sections then redraw what they showed; the page recomputes everything once restarted).
import createLabsModule from '../../build-wasm/wasm/attnlab_labs.mjs';
import { EngineCrashedError, restartable } from '../../wasm/engine-core.js';

let loading = null;

/** @type {import('../../wasm/engine').loadLabsEngine} */
export function loadLabsEngine(options = {}) {
  if (!loading) {
    const instance = restartable(() => createLabsModule(options).then(wrap));
    loading = instance.restart().then(() => facade(instance));
  }
  return loading;
}

function facade(instance) {
  const last = new Map();
  const guarded = (name) => (...args) => {
    try {
      const r = instance.call((e) => e[name](...args));
      last.set(name, r);
      return r;
    } catch (err) {
      if (err instanceof EngineCrashedError && last.has(name)) return structuredClone(last.get(name));
      throw err;
    }
  };
  const engine = {};
  for (const [name, f] of Object.entries(instance.call((e) => e))) if (typeof f === 'function') engine[name] = guarded(name);
  Object.defineProperty(engine, 'crashed', { get: () => instance.crashed, enumerable: true });
  return Object.assign(engine, {
    onCrash: (listener) => instance.onCrash(listener),
    restart: () => instance.restart(),
    /** Tests only: a deliberate trap now, or inside the next call ({next: true}). */
    debugTrap({ next = false } = {}) {
      if (next) { instance.trapOnNextCall(); return; }
      try { instance.call((e) => e.debugTrap()); } catch (err) { if (!(err instanceof EngineCrashedError)) throw err; }
    },
  });
}

const SPECIAL = { Infinity, '-Infinity': -Infinity, NaN };
function revive(_key, value) {
  return typeof value === 'string' && Object.hasOwn(SPECIAL, value) ? SPECIAL[value] : value;
}
// Numbers going in: ±Infinity and NaN by name, since JSON.stringify would write null.
function replace(_key, value) {
  return typeof value === 'number' && !Number.isFinite(value) ? String(value) : value;
}

function wrap(M) {
  // Every call answers with JSON text this side owns: read, then freed.
  const fns = {
    scale: M.cwrap('labs_scale', 'number', ['string']),
    precision: M.cwrap('labs_softmax_precision', 'number', ['string']),
    bahdanau: M.cwrap('labs_bahdanau', 'number', ['string']),
    trainerNew: M.cwrap('labs_trainer_new', 'number', []),
    trainReset: M.cwrap('labs_train_reset', 'number', ['number', 'string', 'number']),
    trainStep: M.cwrap('labs_train_step', 'number', ['number', 'number', 'number', 'number']),
    trace: M.cwrap('labs_trace', 'number', ['string']),
    schema: M.cwrap('attn_schema', 'number', []),
    debugTrap: M.cwrap('attn_debug_trap', null, []),
  };
  const taken = (ptr) => {
    try { return M.UTF8ToString(ptr); } finally { M._free(ptr); }
  };
  const call = (fn, options, ...rest) => JSON.parse(taken(fn(JSON.stringify(options ?? {}, replace), ...rest)), revive);
  // This instance's training run (the engine keeps none of its own): made with the instance, gone with it.
  const trainer = fns.trainerNew();
  return {
    /** The √d_k experiment: statistics per d_k. */
    scaleLab: (options) => call(fns.scale, options).rows,
    /** One softmax four ways: float64/float16 × naive/max-subtracted. */
    softmaxPrecision: (options) => call(fns.precision, options),
    /** Every alignment function at every decoder step. */
    bahdanau: (options) => call(fns.bahdanau, options),
    /** Start (or restart) the training run; returns the state at step 0. */
    trainReset: (options, shown = 0) => JSON.parse(taken(fns.trainReset(trainer, JSON.stringify(options ?? {}, replace), shown)), revive),
    /** `updates` gradient steps, then the state; `since` = first loss index wanted. */
    trainStep: (updates, shown = 0, since = 0) => JSON.parse(taken(fns.trainStep(trainer, updates, shown, since)), revive),
    /** A lesson through the main engine: the trace (snake_case JSON, hidden cells null) or {problems}. */
    trace: (lesson) => JSON.parse(taken(fns.trace(typeof lesson === 'string' ? lesson : JSON.stringify(lesson)))),
    /** What the engine accepts that the labs offer as choices (as the walkthrough's engine.schema()). */
    schema: () => JSON.parse(taken(fns.schema())),
    debugTrap: () => fns.debugTrap(),
  };
}
