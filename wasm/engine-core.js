// What owns a wasm engine instance, whichever module it is (engine.js: the one with the exercises;
// walkthrough-engine.js: the walkthrough's calls only): loads it once, converts lessons in and traces out,
// restarts it after a crash.
// Every matrix returned is a copy (Float64Array.slice): a view into wasm memory dies when memory grows.

const MATRIX_FIELDS = ['X', 'E', 'W_Q', 'W_K', 'W_V', 'W_O', 'W_a', 'W_1', 'W_2', 'v_a'];
const HEAD_MATRICES = ['Q', 'K', 'V', 'scores', 'scaled', 'masked', 'weights', 'Z'];

const TRACE_JSON_OK = '{"ok":true,"value":';
const NO_NUMBERS = new Float64Array(0); // a matrix of a trace given back whose array the next trace took

// The engine writes the numbers JSON lacks by their JavaScript names (core/json_number.hpp).
const NON_FINITE = { Infinity, '-Infinity': -Infinity, NaN };
const revive = (_key, value) => (typeof value === 'string' && Object.hasOwn(NON_FINITE, value) ? NON_FINITE[value] : value);

/** loadEngine(options) for one Emscripten module factory: one instance, made on the first call. */
export function engineLoader(createModule) {
  let loading = null;
  return (options = {}) => {
    if (!loading) {
      const instance = restartable(() => createModule(options).then(wrap));
      loading = instance.restart().then(() => facade(instance));
    }
    return loading;
  };
}

// ---------- crashes: a trap, an Emscripten abort or a memory/stack overflow kills the instance ----------
// Its memory may then be half-written (the stack pointer, malloc's lists), so nothing more is called on it:
// later calls fail fast until restart() has instantiated a fresh module from the same factory.

/** @type {typeof import('./engine').EngineCrashedError} */
export class EngineCrashedError extends Error {
  constructor(reason) {
    super(`the engine stopped unexpectedly (${reason})`);
    this.name = 'EngineCrashedError';
    this.crashed = true;
    this.reason = reason;
  }
}

/** A trap ("unreachable", "memory access out of bounds"), abort() (Emscripten throws a RuntimeError), a stack overflow (RangeError). */
export function isEngineCrash(err) {
  return err instanceof EngineCrashedError || err instanceof RangeError
    || (typeof WebAssembly !== 'undefined' && err instanceof WebAssembly.RuntimeError) || err?.name === 'RuntimeError';
}

/**
 * One engine instance at a time, made by create() (a promise of the wrapped module). call(fn) runs fn(instance);
 * a crash inside it marks the instance dead, tells the onCrash listeners (once per crash) and throws
 * EngineCrashedError, as does every call until restart() resolves. Shared with the labs page's engine.
 */
export function restartable(create) {
  let current = null, crash = null, restarting = null, trapNext = false;
  const listeners = new Set();
  const die = (err) => {
    if (!crash) {
      crash = { reason: String(err?.message ?? err).replace(/\. Build with -s ASSERTIONS=1 for more info\.$/, '') || 'a trap' };
      current = null;
      trapNext = false;
      for (const f of listeners) {
        try { f(crash.reason); } catch (e) { setTimeout(() => { throw e; }); }
      }
    }
    return new EngineCrashedError(crash.reason);
  };
  return {
    call(fn) {
      if (crash || !current) throw new EngineCrashedError(crash?.reason ?? 'it is restarting');
      try {
        if (trapNext) { trapNext = false; current.debugTrap(); }
        return fn(current);
      } catch (err) {
        throw isEngineCrash(err) ? die(err) : err;
      }
    },
    /** A fresh instance (also when none crashed); the same promise while one is being made. */
    restart() {
      restarting ??= create().then((fresh) => { current = fresh; crash = null; restarting = null; },
        (err) => { restarting = null; throw err; });
      return restarting;
    },
    get crashed() { return crash !== null; },
    get reason() { return crash?.reason ?? null; },
    onCrash(f) { listeners.add(f); return () => listeners.delete(f); },
    trapOnNextCall() { trapNext = true; },
  };
}

// The engine object callers keep: the same object across restarts, with every method of wrap(M). Calls that
// return a Result give {ok: false, crashed: true, problems: [{field: 'engine', message, code, params}]} when the engine has
// crashed; the others throw EngineCrashedError.
const RESULT_METHODS = new Set(['trace', 'plan', 'traceJson', 'exercises']);
function facade(instance) {
  const result = (name) => (...args) => {
    try {
      return instance.call((e) => e[name](...args));
    } catch (err) {
      if (err instanceof EngineCrashedError) return { ok: false, crashed: true, problems: [{ field: 'engine', message: err.message, code: 'engine_stopped', params: { reason: err.message } }] };
      throw err;
    }
  };
  const plain = (name) => (...args) => instance.call((e) => e[name](...args));
  const engine = {};
  for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(instance.call((e) => e)))) {
    if (typeof d.value === 'function') engine[name] = RESULT_METHODS.has(name) ? result(name) : plain(name);
    // a getter reads the live instance (undefined while crashed: a fresh instance holds nothing yet)
    else if (d.get) Object.defineProperty(engine, name, { enumerable: true, get: () => (instance.crashed ? undefined : instance.call((e) => e[name])) });
  }
  Object.defineProperty(engine, 'crashed', { get: () => instance.crashed, enumerable: true });
  return Object.assign(engine, {
    onCrash: (listener) => instance.onCrash(listener),
    restart: () => instance.restart(),
    /** Tests only: a deliberate trap in the wasm code, now or inside the next call (as a bug in it would). */
    debugTrap({ next = false } = {}) {
      if (next) { instance.trapOnNextCall(); return { ok: true }; }
      return result('debugTrap')();
    },
  });
}

function isTypedMatrix(value) {
  return value && typeof value === 'object' && value.data instanceof Float64Array;
}

// A literal matrix of plain numbers (arrays of rows) travels as a typed array too: turning numbers into JSON
// text and back costs more than the attention itself for a lesson of a few thousand numbers. Anything that is
// not a rectangle of finite numbers stays as it is, for the engine to explain what is wrong with it.
function asTyped(rows) {
  if (!Array.isArray(rows) || rows.length === 0 || !Array.isArray(rows[0])) return rows;
  const cols = rows[0].length;
  if (cols === 0 || rows.length * cols < 64) return rows;
  const data = new Float64Array(rows.length * cols);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!Array.isArray(row) || row.length !== cols) return rows;
    for (let j = 0; j < cols; j++) {
      const v = row[j];
      if (typeof v !== 'number' || !Number.isFinite(v)) return rows;
      data[i * cols + j] = v;
    }
  }
  return { rows: rows.length, cols, data };
}

function wrap(M) {
  // Every call answers with JSON text this side owns (taken: read, then freed); a trace lives behind a handle.
  const api = {
    trace: M.cwrap('attn_trace', 'number', ['number', 'number', 'number', 'number']),
    traceFree: M.cwrap('attn_trace_free', null, ['number']),
    drawsNew: M.cwrap('attn_draws_new', 'number', []),
    plan: M.cwrap('attn_plan', 'number', ['number', 'number', 'number']),
    schema: M.cwrap('attn_schema', 'number', []),
    explain: M.cwrap('attn_explain', 'number', ['number', 'number', 'number', 'number', 'number']),
    tokenize: M.cwrap('attn_tokenize', 'number', ['number']),
    decodeFragment: M.cwrap('attn_decode_fragment', 'number', ['number']),
    readPayload: M.cwrap('attn_read_payload', 'number', ['number']),
    exercises: M.cwrap('attn_exercises', 'number', ['number', 'number']),
    traceJson: M.cwrap('attn_trace_json', 'number', ['number']),
    command: M.cwrap('attn_command', 'number', ['number', 'number', 'number', 'number']),
    debugTrap: M.cwrap('attn_debug_trap', null, []),
    decode: M.cwrap('attn_decode', 'number', ['number', 'number']),
  };

  // Strings go through malloc, not the stack: a lesson can be megabytes.
  function withStrings(strings, fn) {
    const ptrs = strings.map((s) => {
      const bytes = s instanceof Uint8Array; // bytes as read from a file, for the engine to judge (UTF-8 or not)
      const size = (bytes ? s.length : M.lengthBytesUTF8(s)) + 1;
      const p = M._malloc(size);
      if (!p) throw new RangeError('out of memory'); // the heap could not grow: a fresh instance starts small again
      if (bytes) { M.HEAPU8.set(s, p); M.HEAPU8[p + s.length] = 0; } else M.stringToUTF8(s, p, size);
      return p;
    });
    try {
      return fn(...ptrs);
    } finally {
      ptrs.forEach((p) => M._free(p));
    }
  }

  // A string the engine allocated for this call alone: read once, then freed.
  function taken(ptr) {
    try {
      return M.UTF8ToString(ptr);
    } finally {
      M._free(ptr);
    }
  }
  const answer = (ptr) => JSON.parse(taken(ptr));

  // A trace's matrices are read in two passes: readMatrix notes [address, rows, cols] from a trace's info, and
  // copyOut copies them all once the trace knows which matrices it takes over (see trace's `reuse`). A vector
  // (a softmax's max and sum, a norm's mean and variance: n numbers) is copied at once.
  let unread = [];
  function readMatrix([ptr, rows, cols]) {
    const m = { rows, cols, data: null };
    unread.push([m, ptr]);
    return m;
  }
  const readVector = ([ptr, rows, cols]) => M.HEAPF64.slice(ptr / 8, ptr / 8 + rows * cols);

  // Which trace holds each matrix the engine made now: the newest (a matrix an edit left alone passes to the next).
  // A pinned matrix (pin(trace): a host may read it later) is never reused, in whichever trace it is now.
  const holder = new WeakMap(), pinned = new WeakSet();
  const matricesIn = (value, found = new Set()) => {
    if (value?.data instanceof Float64Array && Number.isInteger(value.rows)) found.add(value);
    else if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) for (const key of Object.keys(value)) matricesIn(value[key], found);
    return found;
  };
  // The numbers go into the arrays of the trace its caller gave back, where one of the same length is free: a fresh
  // Float64Array costs its allocation and a page fault per 4 KB written (a browser's engine.trace() at (512, 768,
  // 12) took 740 ms, 250 ms into the arrays of a trace given back). Free: a matrix of `given` that no later trace
  // took over and that `trace` does not keep — never a caller's own (a lesson's) or one posted away. A matrix whose
  // array went to the new trace is left with none (no numbers rather than another matrix's).
  function copyOut(trace, given) {
    const free = new Map();
    if (given) {
      const held = matricesIn(trace);
      for (const m of matricesIn(given)) {
        if (holder.get(m) !== given || held.has(m) || pinned.has(m) || m.data.buffer.byteLength === 0) continue;
        if (!free.has(m.data.length)) free.set(m.data.length, []);
        free.get(m.data.length).push(m);
      }
    }
    for (const [m, ptr] of unread) {
      const numbers = M.HEAPF64.subarray(ptr / 8, ptr / 8 + m.rows * m.cols), spare = free.get(numbers.length)?.pop();
      if (spare) {
        m.data = spare.data;
        m.data.set(numbers);
        spare.data = NO_NUMBERS;
      } else m.data = numbers.slice();
    }
    unread = [];
    for (const m of matricesIn(trace)) holder.set(m, trace);
    return trace;
  }
  // Whether a matrix in wasm memory holds the numbers of `other` (a copy read out), bit for bit (reading is cheap; a
  // copy writes fresh memory, which costs a page fault per 4 KB).
  function sameBits([a, rows, cols], other) {
    if (rows !== other.rows || cols !== other.cols) return false;
    const words = new Int32Array(other.data.buffer, other.data.byteOffset, rows * cols * 2), x = a / 4, h = M.HEAP32;
    for (let k = 0; k < words.length; k++) if (h[x + k] !== words[k]) return false;
    return true;
  }

  // Large matrices skip JSON: they are copied into wasm memory for the one call and override the lesson's field
  // ({"X": [address, rows, cols]}). All are checked before any is sent. fn(lessonText, typedText) runs the call.
  function send(lesson, fn) {
    if (typeof lesson === 'string') return withStrings([lesson, '{}'], fn);
    const rest = {}, typed = [];
    for (const [key, raw] of Object.entries(lesson ?? {})) {
      const value = MATRIX_FIELDS.includes(key) ? asTyped(raw) : raw;
      if (!(MATRIX_FIELDS.includes(key) && isTypedMatrix(value))) {
        rest[key] = value;
        continue;
      }
      const { rows, cols } = value;
      if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1 || rows * cols !== value.data.length)
        throw Object.assign(new Error(`has ${value.data.length} numbers, which is not ${rows} × ${cols}`), { field: key, code: 'typed_matrix_length', params: { count: value.data.length, rows, cols } });
      typed.push([key, value]);
    }
    const text = JSON.stringify(rest);
    const placed = {}, ptrs = [];
    try {
      for (const [key, { rows, cols, data }] of typed) {
        const p = M._malloc(data.length * 8);
        if (!p) throw new RangeError('out of memory');
        ptrs.push(p);
        M.HEAPF64.set(data, p / 8);
        placed[key] = [p, rows, cols];
      }
      return withStrings([text, JSON.stringify(placed)], fn);
    } finally {
      ptrs.forEach((p) => M._free(p));
    }
  }
  // A lesson JavaScript cannot even send is the lesson's fault, reported as its problem (not a crash).
  function unsendable(err) {
    if (isEngineCrash(err) && !/Invalid string length/.test(err.message)) throw err;
    if (err.field) return [{ field: err.field, message: err.message, code: err.code ?? 'lesson_unreadable', params: err.params ?? { detail: err.message } }];
    return [{ field: 'lesson', message: `cannot be read: ${err.message}`, code: 'lesson_unreadable', params: { detail: err.message } }];
  }

  // The trace's matrices copied out of wasm memory; those the engine took over from the previous trace (an
  // edit left them alone) are that trace's copies again, so an unchanged 256 × 256 W_Q costs nothing — unless
  // their buffers were transferred away (the worker posts its traces).
  function readTrace(info, previous, given) {
    unread = [];
    const [n, keys] = info.visibleShape;
    const visible = M.HEAPU8.slice(info.visible, info.visible + n * keys), hidesNothing = !visible.includes(0);
    const kept = new Set(previous ? info.unchanged : []);
    const attached = (m) => m.data.buffer.byteLength > 0;
    // A matrix the engine placed where one already read lies (a copy of it by construction: one head's
    // concatenation is its Z, the output without W_O the concatenation, the lesson's X the trace's X) shares that
    // one's copy, as masked shares scaled's. The engine takes over no step of a layer's lesson, so there a matrix
    // with the numbers of the previous trace's copy is that copy again (a weight's, when X is edited): the page
    // does not repaint a matrix it has drawn.
    const atAddress = new Map();
    const read = (name, at, was) => {
      const earlier = was && attached(was) ? was : null, [address] = at;
      let m = atAddress.get(address);
      if (!m) {
        m = earlier && (kept.has(name) || sameBits(at, earlier)) ? earlier : readMatrix(at);
        if (address) atAddress.set(address, m); // (an empty matrix lies nowhere)
      }
      return m;
    };
    const headTraces = info.headTraces.map((h, k) => {
      const was = previous?.headTraces[k] ?? {}, head = {};
      for (const name of HEAD_MATRICES) {
        // (a mask that hides nothing leaves masked equal to scaled, number for number: one copy serves both)
        head[name] = name === 'masked' && hidesNothing ? head.scaled : read(name === 'masked' ? 'weights' : name, h[name], was[name]);
      }
      head.softmax = kept.has('weights') && was.softmax && attached(was.softmax.exp) ? was.softmax
        : { max: readVector(h.max).map((v) => (v === -Infinity ? NaN : v)), exp: readMatrix(h.exp), sum: readVector(h.sum) };
      head.emptyRows = h.emptyRows;
      head.givenRows = h.givenRows ?? [];
      return head;
    });
    const X = read('X', info.X, previous?.X);
    const concat = read('concat', info.concat, previous?.concat);
    return copyOut({
      tokens: info.tokens, tokenIds: info.tokenIds, vocab: info.vocab, unchanged: previous ? info.unchanged : [],
      dModel: info.dModel, dK: info.dK, dV: info.dV, heads: info.heads,
      score: info.score, scale: info.scale, mask: info.mask, divisor: info.divisor,
      visible, keys,
      X, headTraces, concat,
      output: read('output', info.output, previous?.output),
      inputs: Object.fromEntries(Object.entries(info.inputs).map(([name, at]) => [name, read(name, at, previous?.inputs[name])])),
      ...readTransformer(info),
    }, given);
  }

  const readHeads = (list, hidesNothing) => list.map((h) => {
    const head = {};
    for (const name of HEAD_MATRICES) head[name] = name === 'masked' && hidesNothing ? head.scaled : readMatrix(h[name]);
    head.softmax = { max: readVector(h.max).map((v) => (v === -Infinity ? NaN : v)), exp: readMatrix(h.exp), sum: readVector(h.sum) };
    head.emptyRows = h.emptyRows;
    head.givenRows = h.givenRows ?? [];
    return head;
  });
  const readNorm = (n) => ({ mean: readVector(n.mean), var: readVector(n.var), normalized: readMatrix(n.normalized), output: readMatrix(n.output) });

  // The Transformer parts of a trace, where it has them (core/trace.hpp): positions, the source, a decoder's
  // cross-attention and the layer's every intermediate. Never taken over from the previous trace.
  function readTransformer(info) {
    const out = {};
    if (info.P) { out.P = readMatrix(info.P); out.XplusP = readMatrix(info.XplusP); }
    if (info.source) out.source = { tokens: info.source.tokens, X: readMatrix(info.source.X) };
    if (info.cross) {
      const c = info.cross, [at, rows, cols] = c.visible, visible = M.HEAPU8.slice(at, at + rows * cols);
      out.cross = {
        dK: c.dK, dV: c.dV, divisor: c.divisor, visible,
        headTraces: readHeads(c.headTraces, !visible.includes(0)), concat: readMatrix(c.concat), output: readMatrix(c.output),
      };
    }
    if (info.layer) {
      const l = info.layer, layer = { norm: l.norm, activation: l.activation, eps: l.eps };
      for (const name of ['input', 'attention', 'sum1', 'ffnHidden', 'ffnActivated', 'ffnOutput', 'sum2', 'output', 'crossAttention', 'sum3']) {
        if (l[name]) layer[name] = readMatrix(l[name]);
      }
      for (const name of ['norm1', 'norm2', 'norm3']) if (l[name]) layer[name] = readNorm(l[name]);
      out.layer = layer;
    }
    return out;
  }

  // The engine's trace this instance holds (its handle): the one explain* answer about, and the previous trace
  // of the next one (which takes over the steps an edit left alone, so it is freed then).
  // The seeded draws this instance lends from one lesson to the next (core/seeded_draws.hpp): edits re-read
  // the whole lesson, and its seeded matrices are then the same draws again.
  let held = 0, traced = null, last = null;
  const draws = api.drawsNew();
  function explain(kind, head, i, j) {
    // (only numbers are revived here: elsewhere a string "NaN" may be a token)
    const e = withStrings([kind], (k) => JSON.parse(taken(api.explain(held, k, head, i, j)), revive));
    if (e && e.max === -Infinity) e.max = NaN; // an empty row has no max (as SoftmaxTrace.max says)
    return e;
  }
  function plan(lesson) {
    try {
      return send(lesson, (text, typed) => answer(api.plan(text, typed, draws)));
    } catch (err) {
      return { ok: false, problems: unsendable(err) };
    }
  }

  return {
    /** options.reuse: a trace the caller no longer needs, whose arrays take this one's numbers (wasm/engine.d.ts). */
    trace(lesson, { reuse = null } = {}) {
      let r;
      try {
        r = send(lesson, (text, typed) => answer(api.trace(text, typed, held, draws)));
      } catch (err) {
        return { ok: false, problems: unsendable(err) };
      }
      if (!r.ok) return { ok: false, problems: r.problems };
      api.traceFree(held);
      held = r.value.handle;
      traced = lesson;
      last = readTrace(r.value, last, reuse);
      return { ok: true, value: last };
    },
    /** The arrays of `trace` are never reused (trace's `reuse`), also where a later trace took its matrices over. */
    pin(trace) {
      for (const m of matricesIn(trace)) pinned.add(m);
    },
    /** The lesson of the trace the engine holds (what explain* answers about). */
    get traced() { return traced; },
    /** The lesson's problems ([] when none), without computing it: the last trace stays what it was. */
    check(lesson) {
      const r = plan(lesson);
      return r.ok ? [] : r.problems;
    },
    /** The lesson checked and sized without computing it: {ok: true, work (multiply-adds, roughly), numbers (of
     *  its trace JSON)} or {ok: false, problems} (core/trace_size.hpp). */
    plan(lesson) {
      const r = plan(lesson);
      return r.ok ? { ok: true, ...r.value } : r;
    },
    /** What the engine accepts that a page offers as choices: {maxSeed, maxTokens, maxDim, maxHeads, maxTraceNumbers}. */
    schema: () => answer(api.schema()),
    traceJson(lessonText) {
      const text = taken(withStrings([lessonText], (t) => api.traceJson(t)));
      // the value is kept as the engine's text (17 significant digits), so it is cut out rather than parsed
      return text.startsWith(TRACE_JSON_OK) ? { ok: true, value: text.slice(TRACE_JSON_OK.length, -1) } : JSON.parse(text);
    },
    exercises(set, seed) {
      if (!api.exercises) throw new Error('this engine module has no exercises (load wasm/engine.js)');
      const text = typeof set === 'string' ? set : JSON.stringify(set);
      return withStrings([text], (t) => answer(api.exercises(t, seed)));
    },
    tokenize(sentence) {
      return withStrings([sentence], (p) => answer(api.tokenize(p)));
    },
    /** A link's fragment decoded and its view fields checked by the engine (core/fragment.hpp). */
    decodeFragment(hash) {
      return withStrings([hash ?? ''], (p) => answer(api.decodeFragment(p)));
    },
    /** A state payload ({l: lesson, p?, s?, …}, what a "#v2=" link unpacks to) read as decodeFragment reads a link. */
    readPayload(payload) {
      let text;
      try { text = JSON.stringify(payload); } catch (err) { return { ok: false, message: `it cannot be read (${err.message})` }; }
      return withStrings([text ?? 'null'], (p) => answer(api.readPayload(p)));
    },
    /** The CLI: same text, same exit code as the native binary. `text` may be the file's bytes (a Uint8Array). */
    command(name, text, source, options = []) {
      if (!api.command) throw new Error('this engine module has no commands (load wasm/engine.js)');
      const r = withStrings([name, text, source, options.join('\n')], (c, t, s, o) => answer(api.command(c, t, s, o)));
      return { exitCode: r.code, out: r.out, err: r.err };
    },
    /** A causal lesson decoded one position at a time with a KV cache (core/kv_cache.hpp): {ok, value: steps | null}. */
    decode(lesson) {
      try {
        return send(lesson, (text, typed) => answer(api.decode(text, typed)));
      } catch (err) {
        return { ok: false, problems: unsendable(err) };
      }
    },
    memoryBytes: () => M.HEAPU8.length,
    explainScore: (head, i, j) => explain('score', head, i, j),
    explainSoftmax: (head, i) => explain('softmax', head, i, 0),
    explainOutput: (head, i, t) => explain('output', head, i, t),
    explainProjection: (matrix, head, i, t) => explain(matrix, head, i, t),
    /** Layer norm k (1, 2, 3), cell (i, c): mean, variance, normalised value, γ, β (core/explain_layer.hpp). */
    explainNorm: (k, i, c) => explain(`norm${k}`, 0, i, c),
    explainFfnHidden: (i, u) => explain('ffn_hidden', 0, i, u),
    explainFfnOutput: (i, c) => explain('ffn_output', 0, i, c),
    explainCrossScore: (head, i, j) => explain('cross_score', head, i, j),
    debugTrap() { api.debugTrap(); return { ok: true }; },
  };
}
