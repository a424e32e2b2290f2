// Reading numbers a student types, and writing numbers into cells.

export const MAX_ABS = 1e12; // the engine's limit for every number in a lesson

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** {ok: true, value} or {ok: false, message} — never throws, never returns NaN or Infinity. */
export function parseNumber(text) {
  const t = String(text).trim().replace(/\u2212/g, '-').replace(/,/g, '.');
  if (t === '') return { ok: false, message: 'type a number' };
  if (/^[+-]?(nan|inf(inity)?)$/i.test(t)) return { ok: false, message: `“${t}” is not a finite number` };
  if (!NUMBER.test(t)) return { ok: false, message: `“${t}” is not a number` };
  const value = Number(t);
  if (!Number.isFinite(value)) return { ok: false, message: `“${t}” is too large to represent` };
  if (Math.abs(value) > MAX_ABS) return { ok: false, message: `“${t}” is beyond ±1e12, the largest value allowed` };
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

/** Short text for a cell: at most `digits` decimals, trailing zeros dropped. */
export function formatNumber(value, digits = 2) {
  if (value === -Infinity) return '-∞';
  if (Number.isNaN(value)) return '–';
  if (Number.isInteger(value) && Math.abs(value) < 1e6) return String(value);
  const abs = Math.abs(value);
  if (abs >= 1e6) return value.toExponential(1);
  if (abs > 0 && abs < 10 ** -digits) return String(Number(value.toPrecision(1)));
  let s = value.toFixed(abs >= 100 ? 1 : digits);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/** Longer text for the inspector and tooltips. */
export function formatExact(value) {
  if (value === -Infinity) return '-∞';
  if (Number.isNaN(value)) return 'undefined';
  return String(Number(value.toPrecision(6)));
}
