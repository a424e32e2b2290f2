// The page's state in the URL fragment, versioned so that a link made today opens identically later.
//
//   v2 (written now): "#v2=" + base64url(deflate-raw(JSON payload)), payload =
//     {l: lesson, p?: preset id, s?: step id, sel?: [matrix, head, row, col], r?: causal reveal,
//      hide?: [step ids], lock?: [input names], note?: string}
//   Seeded matrices stay what the lesson says they are — a seed and a recipe of draws ("init"); literal
//   matrices are arrays of shortest-round-trip numbers, which deflate packs tightly.
//   v1 (read only): "#" + URI-encoded JSON {v: 1, lesson, preset?}.
//
// Links are decoded by the engine (decodeFragment below; core/fragment.cpp), which checks the shape of the payload
// as readPayload does and caps sizes before and while inflating; the lesson itself is validated by the engine too
// (the caller runs engine.check) — nothing in a fragment is trusted.

export const STEP_IDS = ['embed', 'project', 'score', 'scale', 'softmax', 'sum'];
export const LOCKABLE = ['X', 'W_Q', 'W_K', 'W_V', 'W_O', 'sentence', 'seed', 'sizes', 'scale', 'mask'];
const SELECTABLE = ['X', 'W_Q', 'W_K', 'W_V', 'W_O', 'Q', 'K', 'V', 'scores', 'scaled', 'weights', 'Z', 'concat', 'output', 'mask'];
export const MAX_NOTE = 2000;
export const MAX_FRAGMENT = 1_000_000; // characters of the fragment (browsers cap a whole URL near 2 MB)

const b64url = {
  encode(bytes) {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  },
};

async function pipe(bytes, stream) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let k = 0;
  for (const p of parts) { out.set(p, k); k += p.length; }
  return out;
}

/** The v2 payload of a page state (only what is set). */
export function payloadOf(state) {
  const p = { l: state.lesson };
  if (state.preset) p.p = state.preset;
  if (state.step) p.s = state.step;
  if (state.selection) p.sel = [state.selection.matrix, state.selection.head, state.selection.row, state.selection.col];
  if (Number.isInteger(state.reveal)) p.r = state.reveal;
  if (state.hidden?.length) p.hide = state.hidden;
  if (state.locked?.length) p.lock = state.locked;
  if (state.note) p.note = state.note;
  return p;
}

/** "#v2=…" for a page state {lesson, preset, step, selection, reveal, hidden, locked, note}. */
export async function encodeState(state) {
  const bytes = new TextEncoder().encode(JSON.stringify(payloadOf(state)));
  return '#v2=' + b64url.encode(await pipe(bytes, new CompressionStream('deflate-raw')));
}

const isInt = (x, lo, hi) => Number.isInteger(x) && x >= lo && x <= hi;
const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);

/**
 * Checks the view part of a payload; returns {ok, state} or {ok: false, message}. The lesson is left to the engine.
 * Links are checked by the engine's copy of these rules (core/fragment.cpp); tests/node/fragment.test.mjs keeps the two alike.
 */
export function readPayload(p) {
  if (!isObject(p)) return { ok: false, message: 'it does not hold a state object' };
  if (!isObject(p.l)) return { ok: false, message: 'it does not contain a lesson' };
  const state = { lesson: p.l, preset: null, step: null, selection: null, reveal: null, hidden: [], locked: [], note: '' };
  if (p.p !== undefined) {
    if (typeof p.p !== 'string' || p.p.length > 100) return { ok: false, message: 'the preset name is not text' };
    state.preset = p.p;
  }
  if (p.s !== undefined) {
    if (!STEP_IDS.includes(p.s)) return { ok: false, message: 'the step is not one of the six steps' };
    state.step = p.s;
  }
  if (p.sel !== undefined) {
    const s = p.sel;
    if (!Array.isArray(s) || s.length !== 4 || !SELECTABLE.includes(s[0]) || !isInt(s[1], 0, 63) || !isInt(s[2], 0, 1 << 20) || !isInt(s[3], 0, 1 << 20)) {
      return { ok: false, message: 'the selected cell is malformed' };
    }
    state.selection = { matrix: s[0], head: s[1], row: s[2], col: s[3] };
  }
  if (p.r !== undefined) {
    if (!isInt(p.r, 1, 512)) return { ok: false, message: 'the decoding step is not a whole number from 1 to 512' };
    state.reveal = p.r;
  }
  for (const [key, allowed, name] of [['hide', STEP_IDS, 'hidden steps'], ['lock', LOCKABLE, 'locked inputs']]) {
    if (p[key] === undefined) continue;
    if (!Array.isArray(p[key]) || p[key].length > allowed.length || !p[key].every((x) => allowed.includes(x))) {
      return { ok: false, message: `the list of ${name} is malformed` };
    }
    state[key === 'hide' ? 'hidden' : 'locked'] = [...new Set(p[key])];
  }
  if (p.note !== undefined) {
    if (typeof p.note !== 'string') return { ok: false, message: 'the note is not text' };
    if ([...p.note].length > MAX_NOTE) return { ok: false, message: `the note is longer than ${MAX_NOTE} characters` };
    state.note = p.note;
  }
  return { ok: true, state };
}

/**
 * Any fragment -> {ok: true, version, state} | {ok: false, empty: true} | {ok: false, message}, decoded by the engine
 * (core/fragment.cpp: the base64url, the inflating, the JSON and the checks of readPayload, with the same answers).
 * Never throws for any text; an engine that has crashed gives a message. The lesson in `state` still has to pass
 * the engine's check.
 */
export function decodeFragment(hash, engine) {
  try {
    return engine.decodeFragment(hash ?? '');
  } catch (err) {
    if (err?.crashed) return { ok: false, message: `the engine stopped while reading it (${err.reason})` };
    throw err;
  }
}
