// Plain data holding typed arrays (a trace) as JSON text and back, exactly: every number is written as JSON writes a
// double (the shortest text that reads back to the same bits), and NaN, ±Infinity and −0, which JSON has not, as text.
const TYPES = { Float64Array, Float32Array, Int32Array, Uint32Array, Int16Array, Uint16Array, Int8Array, Uint8Array };
const NON_FINITE = { NaN, Infinity, '-Infinity': -Infinity, '-0': -0 };
const number = (x) => (Object.is(x, -0) ? '-0' : Number.isFinite(x) ? x : String(x));

export function typedToJson(value) {
  return JSON.stringify(value, (_key, v) => {
    if (ArrayBuffer.isView(v)) {
      if (!TYPES[v.constructor.name]) throw new Error(`typedToJson: no form for a ${v.constructor.name}`);
      return { $typed: v.constructor.name, v: Array.from(v, number) };
    }
    return typeof v === 'number' && typeof number(v) === 'string' ? { $number: number(v) } : v;
  });
}

export function typedFromJson(text) {
  return JSON.parse(text, (_key, v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    if (v.$typed) return TYPES[v.$typed].from(v.v, (x) => (typeof x === 'string' ? NON_FINITE[x] : x));
    return '$number' in v ? NON_FINITE[v.$number] : v;
  });
}
