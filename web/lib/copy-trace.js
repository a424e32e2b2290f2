// A deep copy of a trace for whoever asks for one (attentionLab.getTrace()): the same result as structuredClone,
// shared objects stay shared (a head's `masked` may be its `scaled`), but each matrix's numbers are copied when
// they are first read. At (128, 256, 4) a trace holds about 6 MB of Float64Arrays, and what a copy costs is
// writing fresh memory, a page fault per 4 KB: 15–20 ms on some machines, for a caller that mostly reads one
// head's weights. Copying later gives the same numbers because the page never changes a trace it has lent (an
// edit or a new lesson makes a new trace; web/page/controller.js pins what it lends, whose arrays the engine then
// never reuses); the copy keeps the page's arrays alive until it is read.
export function copyTrace(trace) {
  return copy(trace, new Map());
}

function copy(value, seen) {
  if (value === null || typeof value !== 'object') return value;
  let out = seen.get(value);
  if (out) return out;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) out = new Array(value.length);
  else if (proto === Object.prototype || proto === null) out = {};
  else {
    out = structuredClone(value); // anything else a trace may hold one day (a Map, a Set)
    seen.set(value, out);
    return out;
  }
  seen.set(value, out);
  for (const key of Object.keys(value)) put(out, key, value[key], seen);
  return out;
}

/** out[key] = a copy of value; a typed array (not a DataView) is copied on its first read, once for every field that shares it. */
function put(out, key, value, seen) {
  if (!ArrayBuffer.isView(value) || value instanceof DataView) {
    out[key] = copy(value, seen);
    return;
  }
  let once = seen.get(value);
  if (!once) {
    let copied = null;
    once = () => (copied ??= value.slice());
    seen.set(value, once);
  }
  const settle = (v) => Object.defineProperty(out, key, { value: v, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(out, key, {
    get() { const v = once(); settle(v); return v; },
    set: settle,
    enumerable: true,
    configurable: true,
  });
}
