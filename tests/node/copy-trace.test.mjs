// attentionLab.getTrace() hands out web/lib/copy-trace.js's copy of the trace the page holds: it must be what
// structuredClone made before (same fields, same numbers, shared objects still shared), and a
// copy: writing into it leaves the page's trace alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadEngine } from '../../wasm/engine.js';
import { copyTrace } from '../../web/lib/copy-trace.js';

const root = new URL('../../', import.meta.url);
const engine = await loadEngine({ wasmBinary: readFileSync(new URL('build-wasm/wasm/attnlab_engine.wasm', root)) });
const preset = (id) => JSON.parse(readFileSync(new URL(`web/presets/${id}.json`, root), 'utf8'));

for (const [name, lesson] of [['lecture preset', preset('lecture20-seed20')], ['decoder layer preset', preset('translation-decoder')],
  ['(16, 64, 2) causal', { heads: 2, mask: 'causal', init: { seed: 3, draws: [{ name: 'X', shape: [16, 64] }, ...['W_Q', 'W_K', 'W_V'].map((n) => ({ name: n, shape: [64, 64], scale: 0.1 }))] } }]]) {
  test(`copyTrace equals structuredClone and is a copy: ${name}`, () => {
    const r = engine.trace(lesson);
    assert.ok(r.ok, JSON.stringify(r.problems));
    const trace = r.value;
    trace.decoding = engine.decode(lesson).value ?? null; // the page keeps its KV-cache steps on the trace
    const copy = copyTrace(trace);
    assert.deepStrictEqual(copy, structuredClone(trace));
    assert.notEqual(copy.headTraces[0].weights.data.buffer, trace.headTraces[0].weights.data.buffer);
    const before = trace.headTraces[0].weights.data[0];
    copy.headTraces[0].weights.data[0] = 42;
    copy.tokens[0] = 'changed';
    assert.equal(trace.headTraces[0].weights.data[0], before);
    assert.notEqual(trace.tokens[0], 'changed');
  });
}

test('copyTrace keeps an object shared between two fields shared, as structuredClone does', () => {
  const m = { rows: 1, cols: 2, data: Float64Array.of(1, 2) };
  const copy = copyTrace({ a: m, b: [m] });
  assert.equal(copy.a, copy.b[0]);
  assert.notEqual(copy.a, m);
});

test('copyTrace copies a matrix\'s numbers when they are first read, once, and a field can be replaced before that', () => {
  const data = Float64Array.of(1, 2, 3);
  const m = { rows: 1, cols: 3, data };
  const copy = copyTrace({ a: m, b: { rows: 1, cols: 3, data }, c: { rows: 1, cols: 3, data } });
  assert.equal(typeof Object.getOwnPropertyDescriptor(copy.a, 'data').get, 'function', 'not copied before it is read');
  const first = copy.a.data;
  assert.notEqual(first, data);
  assert.deepEqual([...first], [1, 2, 3]);
  assert.equal(Object.getOwnPropertyDescriptor(copy.a, 'data').value, first, 'read once, then a plain field');
  assert.equal(copy.b.data, first, 'an array two fields share is copied once and stays shared');
  copy.c.data = 'replaced';
  assert.equal(copy.c.data, 'replaced');
  assert.deepEqual(Object.keys(copy.a), ['rows', 'cols', 'data']);
  assert.deepEqual(JSON.parse(JSON.stringify(copy.b)), { rows: 1, cols: 3, data: { 0: 1, 1: 2, 2: 3 } });
});
