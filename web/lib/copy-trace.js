// A deep copy of a trace for whoever asks for one (attentionLab.getTrace()): the same result as structuredClone,
// shared objects stay shared (a head's `masked` may be its `scaled`), at the cost of one memcpy per matrix. At
// (128, 256, 4) a trace is about 6 MB of Float64Arrays; structuredClone serialises them into a buffer and reads
// them back, which is about twice the work.
export function copyTrace(trace) {
  return copy(trace, new Map());
}

function copy(value, seen) {
  if (value === null || typeof value !== 'object') return value;
  let out = seen.get(value);
  if (out) return out;
  const proto = Object.getPrototypeOf(value);
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) out = value.slice();
  else if (Array.isArray(value)) {
    out = new Array(value.length);
    seen.set(value, out);
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i], seen);
    return out;
  } else if (proto === Object.prototype || proto === null) {
    out = {};
    seen.set(value, out);
    for (const key of Object.keys(value)) out[key] = copy(value[key], seen);
    return out;
  } else out = structuredClone(value); // anything else a trace may hold one day (a Map, a Set)
  seen.set(value, out);
  return out;
}
