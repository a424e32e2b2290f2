// The labs page's engine: its own cached instance of the wasm module (the walkthrough page's wasm/engine.js
// keeps its instance private; this page is separate, so one instance each). Options in as JSON, results out as
// plain objects; "inf", "-inf" and "nan" strings from the engine become numbers again.
import createAttnlabModule from '../../build-wasm/wasm/attnlab_engine.mjs';

let loading = null;

/** @type {import('../../wasm/engine').loadLabsEngine} */
export function loadLabsEngine(options = {}) {
  if (!loading) loading = createAttnlabModule(options).then(wrap);
  return loading;
}

const SPECIAL = { inf: Infinity, '-inf': -Infinity, nan: NaN };
function revive(_key, value) {
  return typeof value === 'string' && value in SPECIAL ? SPECIAL[value] : value;
}
// Numbers going in: ±Infinity as strings, since JSON.stringify would write null.
function replace(_key, value) {
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'nan' : value > 0 ? 'inf' : '-inf';
  return value;
}

function wrap(M) {
  const fns = {
    scale: M.cwrap('labs_scale', 'string', ['string']),
    precision: M.cwrap('labs_softmax_precision', 'string', ['string']),
    bahdanau: M.cwrap('labs_bahdanau', 'string', ['string']),
    trainReset: M.cwrap('labs_train_reset', 'string', ['string', 'number']),
    trainStep: M.cwrap('labs_train_step', 'string', ['number', 'number', 'number']),
    trace: M.cwrap('labs_trace', 'string', ['string']),
  };
  const call = (fn, options, ...rest) => JSON.parse(fn(JSON.stringify(options ?? {}, replace), ...rest), revive);
  return {
    /** The √d_k experiment: statistics per d_k. */
    scaleLab: (options) => call(fns.scale, options).rows,
    /** One softmax four ways: float64/float16 × naive/max-subtracted. */
    softmaxPrecision: (options) => call(fns.precision, options),
    /** Every alignment function at every decoder step. */
    bahdanau: (options) => call(fns.bahdanau, options),
    /** Start (or restart) the training run; returns the state at step 0. */
    trainReset: (options, shown = 0) => call(fns.trainReset, options, shown),
    /** `updates` gradient steps, then the state; `since` = first loss index wanted. */
    trainStep: (updates, shown = 0, since = 0) => JSON.parse(fns.trainStep(updates, shown, since), revive),
    /** A lesson through the main engine: the trace (snake_case JSON, hidden cells null) or {problems}. */
    trace: (lesson) => JSON.parse(fns.trace(typeof lesson === 'string' ? lesson : JSON.stringify(lesson))),
  };
}
