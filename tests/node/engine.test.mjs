// The wasm engine through its JS contract (wasm/engine.d.ts), under Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadEngine } from '../../wasm/engine.js';

const root = new URL('../../', import.meta.url);
const engine = await loadEngine({ wasmBinary: readFileSync(new URL('build-wasm/wasm/attnlab_engine.wasm', root)) });
const fixture = (name) => JSON.parse(readFileSync(new URL(`tests/fixtures/golden/${name}.json`, root), 'utf8'));
const cell = (m, r, c) => m.data[r * m.cols + c];

test('trace matches the NumPy fixture (Lecture 20, seed 20)', () => {
  const f = fixture('lecture20_seed20');
  const r = engine.trace(f.lesson);
  assert.ok(r.ok);
  const t = r.value;
  assert.deepEqual(t.tokens, ['The', 'dog', 'ran', 'fast']);
  assert.equal(t.dK, 8);
  for (const name of ['Q', 'K', 'V', 'scores', 'scaled', 'weights', 'Z'])
    f.expected.heads[0][name].forEach((row, i) => row.forEach((v, j) => assert.ok(Math.abs(cell(t.headTraces[0][name], i, j) - v) < 1e-12, name)));
});

test('the loaded engine is cached, results are copies that survive memory growth', async () => {
  assert.equal(await loadEngine(), engine);
  const small = engine.trace(fixture('toy_dk4').lesson).value;
  const before = Array.from(small.headTraces[0].weights.data);
  const n = 256, d = 512; // grows wasm memory
  const big = { rows: n, cols: d, data: new Float64Array(n * d).map((_, i) => Math.sin(i)) };
  const w = { rows: d, cols: d, data: new Float64Array(d * d).map((_, i) => Math.cos(i) / 20) };
  const r = engine.trace({ X: big, W_Q: w, W_K: w, W_V: w, heads: 4 });
  assert.ok(r.ok, JSON.stringify(r.problems));
  assert.equal(r.value.headTraces.length, 4);
  assert.deepEqual(Array.from(small.headTraces[0].weights.data), before);
});

test('typed-array matrices give the same trace as JSON rows', () => {
  const lesson = fixture('torch_mha_E8_h2').lesson;
  const typed = { ...lesson, X: { rows: lesson.X.length, cols: lesson.X[0].length, data: Float64Array.from(lesson.X.flat()) } };
  const a = engine.trace(lesson).value, b = engine.trace(typed).value;
  assert.deepEqual(b.output.data, a.output.data);
});

test('after an edit, the parts it left alone are the previous trace\'s copies, and every number is as from scratch', () => {
  const lesson = fixture('lecture20_seed20').lesson;
  const before = engine.trace(lesson).value;
  const W_V = before.inputs.W_V;
  const rows = Array.from({ length: W_V.rows }, (_, i) => Array.from(W_V.data.subarray(i * W_V.cols, (i + 1) * W_V.cols)));
  rows[0][0] += 1;
  const edited = { ...lesson, W_V: rows };
  const after = engine.trace(edited).value;
  // an edit of W_V leaves X, W_Q, W_K, Q, K, the scores and the weights alone: nothing of them is copied again
  for (const name of ['W_Q', 'W_K']) assert.equal(after.inputs[name], before.inputs[name], name);
  assert.equal(after.X, before.X);
  for (const name of ['Q', 'K', 'scores', 'scaled', 'masked', 'weights']) assert.equal(after.headTraces[0][name], before.headTraces[0][name], name);
  assert.equal(after.headTraces[0].softmax, before.headTraces[0].softmax);
  for (const name of ['V', 'Z']) assert.notEqual(after.headTraces[0][name], before.headTraces[0][name], name);
  assert.notEqual(after.inputs.W_V, W_V);
  // and the numbers are those of a trace computed from scratch (another lesson in between)
  engine.trace(fixture('toy_dk4').lesson);
  const fresh = engine.trace(edited).value;
  for (const name of ['V', 'scores', 'weights', 'Z']) assert.deepEqual(after.headTraces[0][name].data, fresh.headTraces[0][name].data, name);
  assert.deepEqual(after.output.data, fresh.output.data);
});

// Every array of a trace by its path ("headTraces.0.weights.data"), as plain numbers; the arrays themselves.
function numbersOf(trace, path = '', out = {}) {
  if (ArrayBuffer.isView(trace)) out[path] = Array.from(trace);
  else if (trace && typeof trace === 'object') for (const key of Object.keys(trace)) numbersOf(trace[key], `${path}.${key}`, out);
  return out;
}
function arrays(trace, found = new Set()) {
  if (ArrayBuffer.isView(trace)) found.add(trace);
  else if (trace && typeof trace === 'object') for (const key of Object.keys(trace)) arrays(trace[key], found);
  return found;
}

test('trace(lesson, {reuse}): the numbers go into the arrays of the trace given back, never into one a trace still holds', () => {
  const lesson = fixture('lecture20_seed20').lesson;
  const W_V = engine.trace(lesson).value.inputs.W_V;
  const rows = Array.from({ length: W_V.rows }, (_, i) => Array.from(W_V.data.subarray(i * W_V.cols, (i + 1) * W_V.cols)));
  rows[0][0] += 1;
  const edited = { ...lesson, W_V: rows };
  const fresh = (l) => { engine.trace(fixture('toy_dk4').lesson); return numbersOf(engine.trace(l).value); };
  const expected = fresh(edited);

  const first = engine.trace(lesson).value, firstArrays = arrays(first);
  const { Q, V } = first.headTraces[0];
  const second = engine.trace(edited, { reuse: first }).value;
  assert.deepEqual(numbersOf(second), expected); // every number as from scratch
  assert.equal(second.headTraces[0].Q, Q); // what the edit left alone is kept, untouched
  assert.equal(Q.data.length, 32);
  for (const name of ['V', 'Z']) assert.ok(firstArrays.has(second.headTraces[0][name].data), `${name} went into an array given back`);
  assert.equal(V.data.length, 0); // and the matrix given back has no numbers left, rather than another's

  // the same trace given back twice: its arrays belong to `second` now, which keeps its numbers
  const kept = numbersOf(second);
  const third = engine.trace(lesson, { reuse: first }).value;
  assert.deepEqual(numbersOf(second), kept);
  assert.deepEqual(numbersOf(third), fresh(lesson));

  // a caller's own arrays (a lesson's) are never written into; a trace of other shapes gives what fits
  const X = { rows: 4, cols: 8, data: Float64Array.from(third.X.data) };
  const own = Array.from(X.data);
  engine.trace({ ...lesson, X }, { reuse: { X } });
  assert.deepEqual(Array.from(X.data), own);
  const toy = engine.trace(fixture('toy_dk4').lesson, { reuse: third }).value;
  assert.deepEqual(numbersOf(toy), fresh(fixture('toy_dk4').lesson));
  assert.deepEqual(numbersOf(engine.trace(edited, { reuse: toy }).value), expected);
});

test('pin(trace): a trace handed out keeps its numbers, also where later traces took its matrices over', () => {
  const lesson = fixture('lecture20_seed20').lesson;
  const lent = engine.trace(lesson).value;
  engine.pin(lent);
  const numbers = numbersOf(lent);
  // edits of X keep lent's W_Q, W_K and W_V in every later trace; each edit gives back the trace before last
  const traces = [lent];
  for (let k = 1; k <= 4; k++) {
    const X = Array.from({ length: lent.X.rows }, (_, i) => Array.from(lent.X.data.subarray(i * lent.X.cols, (i + 1) * lent.X.cols)));
    X[0][0] += k;
    const next = engine.trace({ ...lesson, X }, { reuse: traces.at(-2) ?? null }).value;
    assert.equal(next.inputs.W_Q, lent.inputs.W_Q);
    traces.push(next);
  }
  assert.deepEqual(numbersOf(lent), numbers);
  assert.equal(traces[2].headTraces[0].Q.data.length, 0, 'what is not pinned is still reused');
});

test("a layer's lesson, whose steps the engine takes over none of: a matrix an edit left as it was is the previous copy again", () => {
  const lesson = JSON.parse(readFileSync(new URL('web/presets/translation-decoder.json', root), 'utf8'));
  const first = engine.trace(lesson).value;
  const X = Array.from({ length: first.X.rows }, (_, i) => Array.from(first.X.data.subarray(i * first.X.cols, (i + 1) * first.X.cols)));
  X[0][0] += 1;
  const edited = { ...lesson, X };
  const second = engine.trace(edited).value;
  assert.deepEqual(second.unchanged, []); // (the engine compared nothing: the copies are the same numbers, not kept steps)
  for (const name of ['W_Q', 'W_O', 'cross.W_V', 'layer.W_ff1', 'layer.b_ff2']) assert.equal(second.inputs[name], first.inputs[name], name);
  assert.notEqual(second.X, first.X);
  assert.notEqual(second.headTraces[0].Q, first.headTraces[0].Q);
  assert.notDeepEqual(second.headTraces[0].Q.data, first.headTraces[0].Q.data);
  // the trace before given back for the next one's numbers: what the later traces share with it stays theirs
  const numbers = numbersOf(second);
  const third = engine.trace(lesson, { reuse: first }).value;
  assert.equal(third.inputs['layer.W_ff1'], first.inputs['layer.W_ff1']);
  assert.deepEqual(numbersOf(second), numbers);
  const fresh = (l) => { engine.trace(fixture('toy_dk4').lesson); return numbersOf(engine.trace(l).value); };
  assert.deepEqual(numbers, fresh(edited)); // every number as from scratch
  assert.deepEqual(numbersOf(third), fresh(lesson));
});

test('problems come back as values naming the field', () => {
  const r = engine.trace({ tokens: ['a'], X: [[1, 'x']] });
  assert.equal(r.ok, false);
  assert.deepEqual(r.problems[0], { field: 'X[0][1]', message: 'must be a number, not a string', code: 'not_a_number', params: { type: 'string' } });
  assert.equal(engine.trace('{oops').ok, false);
  assert.deepEqual(engine.check(fixture('toy_dk4').lesson), []);
  const cyclic = {}; cyclic.self = cyclic;
  assert.equal(engine.trace(cyclic).ok, false);
});

test('masking: hidden cells -Infinity in masked, weights exactly 0, empty rows flagged', () => {
  const t = engine.trace(fixture('masks_empty_row').lesson).value;
  const h = t.headTraces[0];
  assert.deepEqual(h.emptyRows, [1]);
  for (let j = 0; j < h.weights.cols; j++) assert.equal(cell(h.weights, 1, j), 0);
  assert.ok(Number.isNaN(h.softmax.max[1]));
  assert.ok(Array.from(h.masked.data).includes(-Infinity));
  assert.notEqual(h.masked, h.scaled);
  assert.equal(t.visible.length, t.tokens.length ** 2);
});

test('a mask that hides nothing: masked is scaled (one copy for both)', () => {
  const lesson = fixture('lecture20_seed20').lesson;
  const t = engine.trace(lesson).value;
  assert.ok(t.visible.every((v) => v === 1));
  for (const h of t.headTraces) assert.equal(h.masked, h.scaled);
  const causal = engine.trace({ ...lesson, mask: 'causal' }).value.headTraces[0];
  assert.notEqual(causal.masked, causal.scaled);
  assert.equal(cell(causal.masked, 0, 1), -Infinity);
  assert.equal(cell(causal.masked, 1, 0), cell(causal.scaled, 1, 0));
});

test('a matrix the engine made as a copy of another shares its copy: one head\'s concat is its Z, without W_O the output is the concat, the lesson\'s X is the trace\'s X', () => {
  const lesson = fixture('lecture20_seed20').lesson;
  const t = engine.trace(lesson).value;
  assert.equal(t.concat, t.headTraces[0].Z);
  assert.equal(t.output, t.concat);
  assert.equal(t.inputs.X, t.X);
  const W_O = Array.from({ length: 8 }, (_, i) => Array.from({ length: 8 }, (_, j) => (i === j ? 2 : 0)));
  const projected = engine.trace({ ...lesson, W_O }).value;
  assert.notEqual(projected.output, projected.concat);
  assert.deepEqual(Array.from(projected.output.data), Array.from(projected.concat.data, (v) => 2 * v));
  assert.deepEqual(Array.from(projected.concat.data), Array.from(t.concat.data));
  const two = engine.trace({ ...lesson, heads: 2 }).value;
  assert.notEqual(two.concat, two.headTraces[0].Z);
  assert.equal(two.output, two.concat);
  assert.equal(two.concat.cols, 2 * two.headTraces[0].Z.cols);
  // shared or not, the numbers are the engine's (its own JSON form, another path out of wasm memory)
  for (const [name, value] of [['lecture', lesson], ['W_O', { ...lesson, W_O }], ['two heads', { ...lesson, heads: 2 }]]) {
    const r = engine.trace(value).value, json = JSON.parse(engine.traceJson(JSON.stringify(value)).value);
    assert.deepEqual([...r.output.data], json.output.flat(), name);
    assert.deepEqual([...r.concat.data], json.concat.flat(), name);
  }
});

test('explanations: score terms, softmax steps, output terms', () => {
  const t = engine.trace(fixture('exit_ticket').lesson).value;
  const s = engine.explainScore(0, 0, 0);
  assert.equal(s.terms.reduce((a, x) => a + x.product, 0), s.sum);
  const sm = engine.explainSoftmax(0, 0);
  assert.ok(Math.abs(sm.weights[0] - 0.8808) < 1e-4);
  assert.equal(Math.max(...sm.shifted), 0);
  const o = engine.explainOutput(0, 0, 0);
  assert.ok(Math.abs(o.terms.reduce((a, x) => a + x.product, 0) - cell(t.headTraces[0].Z, 0, 0)) < 1e-15);
  assert.equal(engine.explainScore(5, 0, 0), null);
});

test('tokenize and traceJson', () => {
  assert.deepEqual(engine.tokenize('Life is short, eat dessert first'), ['Life', 'is', 'short', ',', 'eat', 'dessert', 'first']);
  const r = engine.traceJson(JSON.stringify(fixture('toy_dk4').lesson));
  assert.ok(r.ok);
  assert.ok(JSON.parse(r.value).heads);
});

test('traceJson reports its own problems, not those of an earlier call', () => {
  assert.ok(engine.trace(fixture('toy_dk4').lesson).ok); // an earlier call with no problems
  const bad = engine.traceJson(JSON.stringify({ tokens: ['a'], X: [[1, 'x']] }));
  assert.equal(bad.ok, false);
  assert.deepEqual(bad.problems, [{ field: 'X[0][1]', message: 'must be a number, not a string', code: 'not_a_number', params: { type: 'string' } }]);
  assert.equal(engine.trace({ tokens: ['a'], X: [[1, null]] }).ok, false); // an earlier call with other problems
  const unreadable = engine.traceJson('{oops');
  assert.equal(unreadable.ok, false);
  assert.equal(unreadable.problems.length, 1);
  assert.notEqual(unreadable.problems[0].field, 'X[0][1]');
});

test('a cosine score is explained as the dot product over the norms; its terms never claim to add up to the score', () => {
  const lesson = { tokens: ['a', 'b'], score: 'cosine', X: [[1, 2], [3, -1]], W_Q: [[1, 0], [0, 1]], W_K: [[2, 0], [0, 1]], W_V: [[1, 1], [0, 2]] };
  const t = engine.trace(lesson).value;
  const e = engine.explainScore(0, 1, 0);
  assert.equal(e.score, 'cosine');
  const dot = e.terms.reduce((a, x) => a + x.product, 0);
  assert.equal(dot, 4);
  assert.equal(e.dot, 4);
  assert.ok(Math.abs(e.qNorm - Math.sqrt(10)) < 1e-15 && Math.abs(e.kNorm - Math.sqrt(8)) < 1e-15);
  assert.ok(Math.abs(e.sum - dot / (e.qNorm * e.kNorm)) < 1e-15);
  assert.equal(e.sum, cell(t.headTraces[0].scores, 1, 0));
  const general = engine.trace({ ...lesson, score: 'general', W_a: [[0.5, 1], [-1, 2]] }).value;
  const g = engine.explainScore(0, 1, 0);
  assert.equal(g.score, 'general');
  assert.ok(Math.abs(g.terms.reduce((a, x) => a + x.product, 0) - cell(general.headTraces[0].scores, 1, 0)) < 1e-12);
});

test('the trace carries the lesson matrices as used (drawn ones included)', () => {
  const f = fixture('lecture20_seed20');
  const t = engine.trace(f.lesson).value;
  assert.deepEqual(Object.keys(t.inputs).sort(), ['W_K', 'W_Q', 'W_V', 'X']);
  f.expected.matrices.W_Q.forEach((row, i) => row.forEach((v, j) => assert.equal(cell(t.inputs.W_Q, i, j), v)));
});

test('exercises: a sheet per seed, or problems naming the field', () => {
  const set = readFileSync(new URL('tests/fixtures/exercises/exit-ticket.json', root), 'utf8');
  const a = engine.exercises(set, 3), b = engine.exercises(JSON.parse(set), 3);
  assert.ok(a.ok);
  assert.deepEqual(a.value, b.value);
  assert.equal(a.value.exercises[0].answer.values.length, 2);
  assert.notDeepEqual(engine.exercises(set, 4).value, a.value);
  assert.deepEqual(engine.exercises('{"lesson": 1}', 1).problems[0].field, 'lesson');
  assert.equal(engine.exercises(set, -1).ok, false);
});

test('typed matrices get the same checks as JSON ones, and a refused one leaves nothing behind', () => {
  const lesson = fixture('toy_dk4').lesson;
  const m = (rows, cols, data) => ({ rows, cols, data: Float64Array.from(data) });
  const bad = engine.trace({ ...lesson, X: m(2, 2, [1, 2, 3]) });
  assert.deepEqual(bad.problems[0].field, 'X');
  const nan = engine.trace({ ...lesson, W_Q: m(1, 1, [NaN]) });
  assert.deepEqual(nan.problems[0], { field: 'W_Q[0][0]', message: 'must be a finite number', code: 'not_finite', params: {} });
  // the first bad number is named by its row and column, as in a JSON matrix
  const wide = (at, v) => m(2, 3, [1, 2, 3, 4, 5, 6].map((x, k) => (k === at ? v : x)));
  for (const [at, v, field, code] of [[5, Infinity, 'X[1][2]', 'not_finite'], [4, -Infinity, 'X[1][1]', 'not_finite'],
    [2, 2e12, 'X[0][2]', 'number_too_large'], [3, -1e12, null, null]]) {
    const r = engine.check({ ...lesson, X: wide(at, v), tokens: ['a', 'b'] }).find((p) => p.field.startsWith('X['));
    assert.deepEqual([r?.field ?? null, r?.code ?? null], [field, code], `${v} at ${at}`);
  }
  assert.ok(engine.trace(lesson).ok); // nothing from the refused lessons leaked into this one
  assert.deepEqual(engine.trace(lesson).value.output.data, engine.trace(JSON.stringify(lesson)).value.output.data);
});

test('a crash (a trap in the wasm code): typed failures until restart(), then the same engine object works again', async () => {
  const lesson = fixture('toy_dk4').lesson;
  const before = Array.from(engine.trace(lesson).value.headTraces[0].weights.data);
  const heard = [];
  const stop = engine.onCrash((reason) => heard.push(reason));
  const r = engine.debugTrap();
  assert.deepEqual([r.ok, r.crashed, r.problems[0].field], [false, true, 'engine']);
  assert.match(r.problems[0].message, /stopped unexpectedly \(unreachable\)/);
  assert.equal(engine.crashed, true);
  assert.deepEqual(heard, ['unreachable'], 'listeners hear of it once');
  assert.equal(engine.trace(lesson).crashed, true, 'Result calls answer {ok: false, crashed: true}');
  assert.equal(engine.exercises('{}', 1).crashed, true);
  assert.throws(() => engine.tokenize('a b'), (e) => e.name === 'EngineCrashedError' && e.crashed === true);
  assert.throws(() => engine.explainScore(0, 0, 0), { name: 'EngineCrashedError' });
  await Promise.all([engine.restart(), engine.restart()]);
  assert.equal(engine.crashed, false);
  assert.deepEqual(Array.from(engine.trace(lesson).value.headTraces[0].weights.data), before, 'a fresh instance, the same numbers');
  assert.deepEqual(engine.tokenize('a b'), ['a', 'b']);
  // inside the next call, as a bug met while computing would be
  engine.debugTrap({ next: true });
  assert.equal(engine.trace(lesson).crashed, true);
  assert.deepEqual(heard, ['unreachable', 'unreachable']);
  stop();
  await engine.restart();
  assert.equal(engine.trace(lesson).ok, true);
  assert.equal(await loadEngine(), engine);
});

test('plan: the lesson checked and sized without computing it; the trace explained stays the last one computed', () => {
  const lesson = fixture('toy_dk4').lesson;
  assert.ok(engine.trace(lesson).ok);
  const before = engine.explainScore(0, 0, 1);
  const big = { tokens: Array.from({ length: 256 }, (_, i) => `t${i}`), heads: 64,
    init: { seed: 1, draws: [{ name: 'X', shape: [256, 256] }, ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [256, 256] }))] } };
  const p = engine.plan(big);
  assert.equal(p.ok, true);
  assert.ok(p.work > 2e8, `work ${p.work}: past the page's worker threshold`);
  assert.ok(p.numbers > 4194304);
  const small = engine.plan(lesson);
  assert.ok(small.ok && small.work > 0 && small.work < 1e6);
  assert.deepEqual(engine.plan({ tokens: ['a'], X: [[1, 'x']] }).problems, [{ field: 'X[0][1]', message: 'must be a number, not a string', code: 'not_a_number', params: { type: 'string' } }]);
  assert.equal(engine.traced, lesson);
  assert.deepEqual(engine.explainScore(0, 0, 1), before);
});

test('schema: the choices the pages offer come from the engine', () => {
  const s = engine.schema();
  assert.equal(s.maxSeed, 4294967295);
  assert.equal(s.maxTraceNumbers, 4194304);
  assert.ok(s.maxTokens >= 512 && s.maxHeads >= 64 && s.maxDim >= 768);
});

test('traceJson refuses a trace past the CLI\'s cap, as `attnlab trace` does', () => {
  const huge = { sentence: 'w '.repeat(512).trim(), heads: 16, init: { seed: 1, draws: [{ name: 'X', shape: [512, 1024] },
    ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [1024, 1024] }))] } };
  const r = engine.traceJson(JSON.stringify(huge));
  assert.equal(r.ok, false);
  assert.equal(r.problems[0].field, 'lesson');
  assert.match(r.problems[0].message, /^its trace would print \d+ numbers .*at most 4194304/);
});

test('the trace names its score function and the scale rule it used', () => {
  const base = fixture('toy_dk4').lesson;
  const t = engine.trace(base).value;
  assert.equal(t.score, 'scaled_dot');
  assert.equal(t.scale, 'sqrt_dk');
  assert.equal(t.divisor, Math.sqrt(t.dK));
  const dot = engine.trace({ ...base, score: 'dot' }).value;
  assert.deepEqual([dot.score, dot.scale, dot.divisor], ['dot', 'none', 1]);
  const numeric = engine.trace({ ...base, scale: 3 }).value;
  assert.deepEqual([numeric.scale, numeric.divisor], [3, 3]);
});

test('a softmax explanation of a row with hidden keys: -Infinity where hidden, NaN for the max of an empty row', () => {
  engine.trace(fixture('masks_empty_row').lesson);
  const empty = engine.explainSoftmax(0, 1);
  assert.equal(empty.empty, true);
  assert.ok(Number.isNaN(empty.max));
  const row = engine.explainSoftmax(0, 0);
  row.hidden.forEach((hidden, j) => { if (hidden) assert.equal(row.shifted[j], -Infinity); else assert.ok(Number.isFinite(row.shifted[j])); });
});

test('a token named like a non-finite number stays text', () => {
  assert.deepEqual(engine.tokenize('NaN Infinity'), ['NaN', 'Infinity']);
  const t = engine.trace({ tokens: ['NaN', 'Infinity'], X: [[1, 0], [0, 1]], W_Q: [[1, 0], [0, 1]], W_K: [[1, 0], [0, 1]], W_V: [[1, 0], [0, 1]] }).value;
  assert.deepEqual(t.tokens, ['NaN', 'Infinity']);
});

test('the trace names the lesson\'s mask by the form of its field; the schema lists the kinds', () => {
  const base = fixture('toy_dk4').lesson;
  const n = engine.trace(base).value.tokens.length;
  assert.equal(engine.trace({ ...base, mask: undefined }).value.mask, 'none');
  assert.equal(engine.trace({ ...base, mask: 'causal' }).value.mask, 'causal');
  assert.equal(engine.trace({ ...base, mask: { padding: new Array(n).fill(false) } }).value.mask, 'padding');
  assert.equal(engine.trace({ ...base, mask: Array.from({ length: n }, () => new Array(n).fill(1)) }).value.mask, 'matrix');
  assert.deepEqual(engine.schema().maskKinds, ['none', 'causal', 'padding', 'matrix']);
});
