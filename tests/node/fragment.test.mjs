// Links decoded by the engine (engine.decodeFragment, core/fragment.cpp) against the JavaScript decoder the page
// used before (kept below as the reference: DecompressionStream, TextDecoder, JSON.parse and share.js's
// readPayload, now only here): the same states for every golden link, for links the page's own encoder (encodeState,
// CompressionStream) writes, and for thousands of damaged ones; the same messages wherever the old decoder had
// more to say than "the data does not unpack to a state".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { loadEngine } from '../../wasm/engine.js';
import { encodeState } from '../../web/share.js';
import { INPUTS, LOCKABLE, MATRICES, SELECTABLE, STEPS, STEP_IDS } from '../../web/registry.js';

const root = new URL('../../', import.meta.url);
const engine = await loadEngine({ wasmBinary: readFileSync(new URL('build-wasm/wasm/attnlab_engine.wasm', root)) });
const links = JSON.parse(readFileSync(new URL('tests/fixtures/fragments/links.json', root), 'utf8')).cases;
const presets = readdirSync(new URL('web/presets/', root)).filter((f) => f.endsWith('.json'))
  .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(new URL(`web/presets/${f}`, root), 'utf8'))]);

// ---- the page's JavaScript decoder before the engine took it over (web/share.js, commit b7fb518) ----
const MAX_NOTE = 2000;
// (the page's registry names the matrices since the layer's steps came: web/registry.js)
const SELECTABLE_REF = SELECTABLE;
const isInt = (x, lo, hi) => Number.isInteger(x) && x >= lo && x <= hi;
const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);

// share.js's readPayload: the view part of a payload → {ok, state} or {ok: false, message}.
function readPayload(p) {
  if (!isObject(p)) return { ok: false, message: 'it does not hold a state object' };
  if (!isObject(p.l)) return { ok: false, message: 'it does not contain a lesson' };
  const state = { lesson: p.l, preset: null, step: null, selection: null, reveal: null, hidden: [], locked: [], note: '' };
  if (p.p !== undefined) {
    if (typeof p.p !== 'string' || p.p.length > 100) return { ok: false, message: 'the preset name is not text' };
    state.preset = p.p;
  }
  if (p.s !== undefined) {
    if (!STEP_IDS.includes(p.s)) return { ok: false, message: 'the step is not one of the walkthrough\'s steps' };
    state.step = p.s;
  }
  if (p.sel !== undefined) {
    const s = p.sel;
    if (!Array.isArray(s) || s.length !== 4 || !SELECTABLE_REF.includes(s[0]) || !isInt(s[1], 0, 63) || !isInt(s[2], 0, 1 << 20) || !isInt(s[3], 0, 1 << 20)) {
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


// state.js's decodeHash: the first format, "#" + URI-encoded JSON {v: 1, lesson, preset?}.
function decodeHash(hash) {
  const text = (hash ?? '').replace(/^#/, '');
  if (!text) return { ok: false, empty: true };
  try {
    const data = JSON.parse(decodeURIComponent(text));
    if (!data || typeof data !== 'object' || !data.lesson || typeof data.lesson !== 'object' || Array.isArray(data.lesson)) {
      return { ok: false, message: 'the link does not contain a lesson' };
    }
    return { ok: true, lesson: data.lesson, preset: typeof data.preset === 'string' ? data.preset : null };
  } catch {
    return { ok: false, message: 'the link could not be read' };
  }
}
// One addition: Chromium's DecompressionStream refuses bytes after the last block ("Junk found after end of
// compressed data"), Node's ignores them, so the reference checks for them as the browser does.
async function pipe(bytes, stream, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) { await reader.cancel(); throw new Error(`it unpacks to more than ${limit / 1048576} MiB`); }
    parts.push(value);
  }
  const out = new Uint8Array(total);
  let k = 0;
  for (const p of parts) { out.set(p, k); k += p.length; }
  return out;
}
function b64urlDecode(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('it contains characters that base64url does not use');
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}
async function referenceDecode(hash) {
  const text = (hash ?? '').replace(/^#/, '');
  if (!text || /^step-[a-z]+$/.test(text)) return { ok: false, empty: true };
  if (text.length > 1_000_000) return { ok: false, message: `it is ${text.length.toLocaleString('en')} characters long, more than a link may be` };
  const m = /^v(\d+)=(.*)$/s.exec(text);
  if (m) {
    if (m[1] !== '2') return { ok: false, message: `it was made in format version ${m[1]}, which this page does not know` };
    let payload;
    try {
      const packed = b64urlDecode(m[2]);
      const bytes = await pipe(packed, new DecompressionStream('deflate-raw'), 32 * 1024 * 1024);
      if (inflateRawSync(packed, { info: true }).engine.bytesWritten < packed.length) throw new Error('junk after the data');
      payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch (err) {
      return { ok: false, message: `it is damaged: ${/unpacks|base64url/.test(err.message) ? err.message : 'the data does not unpack to a state'}` };
    }
    const r = readPayload(payload);
    return r.ok ? { ok: true, version: 2, state: r.state } : r;
  }
  const v1 = decodeHash('#' + text);
  if (!v1.ok) return v1;
  const r = readPayload({ l: v1.lesson, ...(v1.preset ? { p: v1.preset } : {}) });
  return r.ok ? { ok: true, version: 1, state: r.state } : r;
}

// deepStrictEqual without recursion (Object.is for numbers: -0 is not 0): lessons may nest 100 000 deep.
function same(a, b) {
  const stack = [[a, b]];
  while (stack.length) {
    const [x, y] = stack.pop();
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') {
      if (!Object.is(x, y)) return false;
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const kx = Object.keys(x), ky = Object.keys(y);
    if (kx.length !== ky.length || kx.some((k, i) => k !== ky[i])) return false;
    for (const k of kx) stack.push([x[k], y[k]]);
  }
  return true;
}

/** The engine's answer is the reference's, or says more where the reference only said "does not unpack". */
function assertSame(got, want, what) {
  const show = (x) => { try { return JSON.stringify(x).slice(0, 300); } catch { return '(too deep to show)'; } };
  if (want.ok || want.empty) {
    if (!same(got, want)) assert.fail(`${what}: ${show(got)} is not ${show(want)}`);
    return;
  }
  assert.equal(got.ok, false, what);
  assert.match(got.code, /^link_/, `${what}: the reason's code, for the page's languages`);
  if (want.message === 'it is damaged: the data does not unpack to a state') {
    assert.match(got.message, /^it is damaged: /, what);
  } else {
    assert.equal(got.message, want.message, what);
  }
}

const v2raw = (text) => '#v2=' + deflateRawSync(Buffer.from(text)).toString('base64url');

test('every golden link: the engine gives what the JavaScript decoder gave', async () => {
  for (const c of links) assertSame(engine.decodeFragment(c.fragment), await referenceDecode(c.fragment), c.name);
});

test('links written by the page\'s encoder (CompressionStream) open as the state they were made from', async () => {
  const states = [];
  for (const [id, lesson] of presets) {
    states.push({ lesson, preset: id, step: null, selection: null, reveal: null, hidden: [], locked: [], note: '' });
    states.push({ lesson, preset: id, step: 'softmax', selection: { matrix: 'weights', head: 0, row: 1, col: 0 }, reveal: 2,
      hidden: ['scale'], locked: ['W_Q', 'mask'], note: `Note for ${id}: <b>bold</b> ✓ 𝛼 "quoted" \\ back\nslash` });
  }
  states.push({ lesson: { tokens: ['-0'], X: [[-0, 1e-300, 1.7976931348623157e308, 5e-324]] }, preset: null, step: null,
    selection: null, reveal: null, hidden: [], locked: [], note: '\ud800 a note cut inside a surrogate pair' });
  for (const state of states) {
    const hash = await encodeState(state);
    const got = engine.decodeFragment(hash);
    assert.deepStrictEqual(got, { ok: true, version: 2, state: { ...state, lesson: JSON.parse(JSON.stringify(state.lesson)) } }, hash.slice(0, 60));
    assertSame(got, await referenceDecode(hash), hash.slice(0, 60));
  }
});

test('payloads of every shape: the engine checks them as readPayload did, also given as a payload (engine.readPayload)', async () => {
  let seed = 7;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const pick = (list) => list[rand(list.length)];
  const values = [null, true, 0, -0, 1, 2, 63, 64, 512, 513, -1, 1.5, 2 ** 20, 2 ** 20 + 1, 1e21, '', 'x', 'softmax', 'weights',
    'W_Q', 'mask', 'Embed', '𝛼'.repeat(50), 'p'.repeat(101), 'n'.repeat(2000), 'n'.repeat(2001), [], {}, [1], ['sum', 'sum'],
    STEP_IDS, [...STEP_IDS, 'sum'], LOCKABLE, [...LOCKABLE, 'X'], ['weights', 0, 1, 2], ['X', 0, 0], ['Z', 63, 1048576, 0]];
  const keys = ['l', 'p', 's', 'sel', 'r', 'hide', 'lock', 'note', 'v', 'lesson'];
  for (let k = 0; k < 1500; k++) {
    const payload = {};
    for (let n = rand(6); n >= 0; n--) payload[pick(keys)] = pick(values);
    if (rand(4) > 0) payload.l = rand(3) ? { tokens: ['a'] } : pick(values);
    const raw = rand(10) === 0 ? pick(values) : payload;
    const hash = v2raw(JSON.stringify(raw));
    const want = readPayload(raw);
    assertSame(engine.decodeFragment(hash), want.ok ? { ok: true, version: 2, state: want.state } : want, JSON.stringify(raw).slice(0, 200));
    assertSame(engine.readPayload(raw), want.ok ? { ok: true, version: 2, state: want.state } : want, `payload ${JSON.stringify(raw).slice(0, 200)}`);
  }
});

test('damaged links: the same answers as the JavaScript decoder', async () => {
  let seed = 99;
  const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const sources = links.map((c) => c.fragment).filter((f) => f.length < 3000);
  let states = 0, damaged = 0;
  for (let k = 0; k < 3000; k++) {
    let s = sources[rand(sources.length)];
    for (let e = 1 + rand(2); e > 0 && s.length > 5; e--) {
      const at = 4 + rand(s.length - 4);
      const c = alphabet[rand(alphabet.length)];
      s = rand(3) === 0 ? s.slice(0, at) + s.slice(at + 1 + rand(3)) : s.slice(0, at) + c + s.slice(at + (rand(2) ? 1 : 0));
    }
    const got = engine.decodeFragment(s), want = await referenceDecode(s);
    assertSame(got, want, s.slice(0, 120));
    if (got.ok) states++;
    else if (/damaged/.test(got.message)) damaged++;
  }
  assert.ok(states > 20 && damaged > 500, `${states} states, ${damaged} damaged`);
});

test('hostile fragments: the same answers, and the lesson exactly as JSON.parse read it', async () => {
  const nest = (depth) => '['.repeat(depth) + '1' + ']'.repeat(depth);
  const cases = [
    v2raw('{"l":{"tokens":["a","b"],"X":[[1e309,-0],[1e-400,-1e309]]},"note":"\\ud800"}'),
    v2raw('{"l":{"tokens":["\\ud800","\\udfff"]},"p":"\\udc00"}'),
    v2raw(`{"l":{"X":${nest(100_000)}}}`),
    v2raw(nest(100_000)),
    v2raw('\ufeff{"l":{"a":1,"a":2,"b":{"__proto__":{"polluted":1}}},"__proto__":{"l":5}}'),
    v2raw(' '.repeat(30 * 1024 * 1024) + '{"l":{}}'),
    v2raw(JSON.stringify({ l: {}, note: ' '.repeat(33 * 1024 * 1024) })),
    '#' + encodeURIComponent(`{"v":1,"lesson":{"tokens":["a"],"X":${nest(5000)}}}`),
    '#' + encodeURIComponent('{"v":1,"lesson":{"X":[[1e309]]},"preset":"toy-dk4"}'),
    '#%E0%A4%A', '#javascript:alert(1)', '#<img src=x onerror=alert(1)>', '#v2=', '#v2=A', '#' + 'A'.repeat(1_000_001),
  ];
  for (const hash of cases) {
    const got = engine.decodeFragment(hash), want = await referenceDecode(hash);
    assertSame(got, want, hash.slice(0, 80));
  }
  const r = engine.decodeFragment(cases[0]);
  assert.ok(Object.is(r.state.lesson.X[0][1], -0) && r.state.lesson.X[0][0] === Infinity && r.state.note === '\ud800');
});

test('one list of steps and link names (core/steps.json): the page\'s registry covers it, the engine checks it', () => {
  for (const step of STEPS) {
    assert.ok(step.explain && step.formula, `${step.id} has its words in web/registry.js or web/registry-layer.js`);
    for (const name of step.matrices) assert.ok(MATRICES[name], `${step.id} shows ${name}, a matrix of the registry`);
  }
  // a cell may be selected in every matrix the page draws, and an instructor may lock every input
  assert.deepEqual([...SELECTABLE].sort(), Object.keys(MATRICES).sort());
  for (const name of INPUTS) assert.ok(LOCKABLE.includes(name), name);
  for (const id of ['add_norm', 'cross_score', 'ffn_norm']) assert.ok(STEP_IDS.includes(id));
  for (const name of ['layer.ln1.gamma', 'layer.W_ff1', 'cross.W_Q']) assert.ok(LOCKABLE.includes(name));
  for (const name of ['norm1', 'ffn_hidden', 'cross_weights', 'P']) assert.ok(SELECTABLE.includes(name));
  // the engine compiled the same file in: a link may name a layer's step, matrix and input
  const hash = v2raw(JSON.stringify({ l: { tokens: ['a'], X: [[1]], W_Q: [[1]], W_K: [[1]], W_V: [[1]] },
    s: 'ffn_norm', sel: ['cross_weights', 0, 0, 0], hide: STEP_IDS.slice(6), lock: LOCKABLE }));
  const r = engine.decodeFragment(hash);
  assert.equal(r.ok, true, r.message);
  assert.deepEqual(r.state.hidden, STEP_IDS.slice(6));
  assert.deepEqual(r.state.locked, LOCKABLE);
});
