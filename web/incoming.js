// A lesson handed to the page from outside (the element's setLesson(), a host's postMessage): copied into
// plain JSON data before anything reads it. Own keys only, and never `__proto__` (as a key it would become the
// copy's prototype and lend it fields the engine never saw); typed matrices ({rows, cols, data}) are checked
// like the engine checks them and become arrays of rows. Never throws: {ok, lesson} or {ok: false, problems}.
import { toRows } from './matrix.js';

const MAX_ENTRIES = 1 << 20; // core/limits.hpp max_entries
const MAX_DEPTH = 64;

// Refused with the engine's kind of problem: English for hosts, a code and params for the page's languages.
class Refused extends Error {
  constructor(field, message, code, params = {}) { super(message); Object.assign(this, { field, code, params }); }
}

function typedMatrix(field, v) {
  const { rows, cols, data } = v;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1)
    throw new Refused(field, `must have whole numbers of rows and columns of at least 1 (got ${String(rows)} × ${String(cols)})`, 'typed_matrix_shape', { rows: String(rows), cols: String(cols) });
  if (data.length > MAX_ENTRIES) throw new Refused(field, `has ${data.length} entries; at most ${MAX_ENTRIES} are allowed`, 'too_many_entries', { count: data.length, max: MAX_ENTRIES });
  if (rows * cols !== data.length) throw new Refused(field, `has ${data.length} numbers, which is not ${rows} × ${cols}`, 'typed_matrix_length', { count: data.length, rows, cols });
  return toRows({ rows, cols, data: Float64Array.from(data) });
}

function copy(value, field, depth) {
  if (depth > MAX_DEPTH) throw new Refused(field, 'is nested too deeply', 'nested_too_deeply');
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new Refused(field, `must be JSON data, not a ${typeof value}`, 'not_json_data', { type: typeof value });
    return value;
  }
  if (ArrayBuffer.isView(value)) return Array.from(value);
  if (Array.isArray(value)) return Array.from(value, (x, i) => copy(x, `${field}[${i}]`, depth + 1));
  if (ArrayBuffer.isView(value.data) && 'rows' in value && 'cols' in value) return typedMatrix(field, value);
  const out = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__') continue; // not a lesson field, and never a prototype
    out[key] = copy(value[key], field ? `${field}.${key}` : key, depth + 1);
  }
  return out;
}

export function incomingLesson(lesson) {
  if (!lesson || typeof lesson !== 'object' || Array.isArray(lesson)) return { ok: false, problems: [{ field: 'lesson', message: 'must be an object', code: 'not_an_object', params: { type: Array.isArray(lesson) ? 'array' : lesson === null ? 'null' : typeof lesson } }] };
  try {
    return { ok: true, lesson: copy(lesson, '', 0) };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, problems: [{ field: err.field || 'lesson', message: err.message, code: err.code, params: err.params }] };
    return { ok: false, problems: [{ field: 'lesson', message: `cannot be read: ${err.message}`, code: 'lesson_unreadable', params: { detail: err.message } }] };
  }
}
