// The one JS module that owns the wasm engine: loads it once, converts lessons in and traces out.
// Every matrix returned is a copy (Float64Array.slice): a view into wasm memory dies when memory grows.
import createAttnlabModule from '../build-wasm/wasm/attnlab_engine.mjs';

const MATRIX_FIELDS = ['X', 'E', 'W_Q', 'W_K', 'W_V', 'W_O', 'W_a', 'W_1', 'W_2', 'v_a'];
const HEAD_MATRICES = ['Q', 'K', 'V', 'scores', 'scaled', 'masked', 'weights', 'Z'];

let loading = null;

/** @type {import('./engine').loadEngine} */
export function loadEngine(options = {}) {
  if (!loading) loading = createAttnlabModule(options).then(wrap);
  return loading;
}

function isTypedMatrix(value) {
  return value && typeof value === 'object' && value.data instanceof Float64Array;
}

function wrap(M) {
  const api = {
    putMatrix: M.cwrap('attn_put_matrix', null, ['number', 'number', 'number', 'number']),
    run: M.cwrap('attn_run', 'number', ['number']),
    problems: M.cwrap('attn_problems', 'string', []),
    info: M.cwrap('attn_trace_info', 'string', []),
    explain: M.cwrap('attn_explain', 'string', ['number', 'number', 'number', 'number']),
    tokenize: M.cwrap('attn_tokenize', 'string', ['number']),
    exercises: M.cwrap('attn_exercises', 'number', ['number', 'number']),
    command: M.cwrap('attn_command', 'number', ['number', 'number', 'number', 'number']),
    commandText: M.cwrap('attn_command_text', 'string', ['number']),
  };

  // Strings go through malloc, not the stack: a lesson can be megabytes.
  function withStrings(strings, fn) {
    const ptrs = strings.map((s) => {
      const size = M.lengthBytesUTF8(s) + 1;
      const p = M._malloc(size);
      M.stringToUTF8(s, p, size);
      return p;
    });
    try {
      return fn(...ptrs);
    } finally {
      ptrs.forEach((p) => M._free(p));
    }
  }

  // [address, rows, cols] from attn_trace_info → a copy.
  function readMatrix([ptr, rows, cols]) {
    return { rows, cols, data: M.HEAPF64.slice(ptr / 8, ptr / 8 + rows * cols) };
  }

  // Large matrices skip JSON: they go straight into wasm memory and override the lesson's field.
  // All are checked before any is sent, so a refused lesson leaves nothing behind for the next one.
  function send(lesson) {
    if (typeof lesson === 'string') return lesson;
    const rest = {}, typed = [];
    for (const [key, value] of Object.entries(lesson ?? {})) {
      if (!(MATRIX_FIELDS.includes(key) && isTypedMatrix(value))) {
        rest[key] = value;
        continue;
      }
      const { rows, cols } = value;
      if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1 || rows * cols !== value.data.length)
        throw Object.assign(new Error(`has ${value.data.length} numbers, which is not ${rows} × ${cols}`), { field: key });
      typed.push([key, value]);
    }
    const text = JSON.stringify(rest);
    for (const [key, { rows, cols, data }] of typed) {
      const p = M._malloc(data.length * 8);
      M.HEAPF64.set(data, p / 8);
      withStrings([key], (name) => api.putMatrix(name, p, rows, cols));
      M._free(p);
    }
    return text;
  }

  function readTrace() {
    const info = JSON.parse(api.info());
    const n = info.tokens.length;
    const headTraces = info.headTraces.map((h) => {
      const head = {};
      for (const name of HEAD_MATRICES) head[name] = readMatrix(h[name]);
      head.softmax = { max: readMatrix(h.max).data.map((v) => (v === -Infinity ? NaN : v)), exp: readMatrix(h.exp), sum: readMatrix(h.sum).data };
      head.emptyRows = h.emptyRows;
      return head;
    });
    return {
      tokens: info.tokens, tokenIds: info.tokenIds, vocab: info.vocab,
      dModel: info.dModel, dK: info.dK, dV: info.dV, heads: info.heads, divisor: info.divisor,
      visible: M.HEAPU8.slice(info.visible, info.visible + n * n),
      X: readMatrix(info.X), headTraces, concat: readMatrix(info.concat), output: readMatrix(info.output),
      inputs: Object.fromEntries(Object.entries(info.inputs).map(([name, at]) => [name, readMatrix(at)])),
    };
  }

  function explain(kind, head, i, j) {
    const e = withStrings([kind], (k) => JSON.parse(api.explain(k, head, i, j)));
    if (e && e.shifted) e.shifted = e.shifted.map((v) => (v === null ? -Infinity : v));
    if (e && e.max === null) e.max = NaN;
    return e;
  }

  return {
    trace(lesson) {
      let text;
      try {
        text = send(lesson);
      } catch (err) {
        return { ok: false, problems: [{ field: err.field ?? 'lesson', message: err.field ? err.message : `cannot be read: ${err.message}` }] };
      }
      const ok = withStrings([text], (p) => api.run(p));
      return ok ? { ok: true, value: readTrace() } : { ok: false, problems: JSON.parse(api.problems()) };
    },
    check(lesson) {
      const result = this.trace(lesson);
      return result.ok ? [] : result.problems;
    },
    traceJson(lessonText) {
      const code = withStrings(['trace', lessonText, '-', ''], (c, t, s, o) => api.command(c, t, s, o));
      return code === 0 ? { ok: true, value: api.commandText(1) } : { ok: false, problems: JSON.parse(api.problems()) };
    },
    exercises(set, seed) {
      const text = typeof set === 'string' ? set : JSON.stringify(set);
      const p = withStrings([text], (t) => api.exercises(t, seed));
      return p ? { ok: true, value: JSON.parse(M.UTF8ToString(p)) } : { ok: false, problems: JSON.parse(api.problems()) };
    },
    tokenize(sentence) {
      return withStrings([sentence], (p) => JSON.parse(api.tokenize(p)));
    },
    /** The CLI: same text, same exit code as the native binary. */
    command(name, text, source, options = []) {
      const exitCode = withStrings([name, text, source, options.join('\n')], (c, t, s, o) => api.command(c, t, s, o));
      return { exitCode, out: api.commandText(1), err: api.commandText(2) };
    },
    memoryBytes: () => M.HEAPU8.length,
    explainScore: (head, i, j) => explain('score', head, i, j),
    explainSoftmax: (head, i) => explain('softmax', head, i, 0),
    explainOutput: (head, i, t) => explain('output', head, i, t),
  };
}
