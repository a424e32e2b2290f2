// The Transformer layer through the wasm engine's JS contract: the typed trace's positions, source, cross-attention
// and layer parts equal the CLI's JSON trace bit for bit; the layer's explanations; decoding with a KV cache; the
// page's layer edits; and the layer export (web/export-layer.js) run through python3 — NumPy always, PyTorch's
// nn.TransformerEncoderLayer / DecoderLayer where torch is installed — reproducing layer.output to 1e-9.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { loadEngine } from '../../wasm/engine.js';
import { addLayer, removeLayer, setLayerCell, setPositions, setSourceSentence } from '../../web/layer-edit.js';
import { layerNumpyCode, layerPytorchCode } from '../../web/export-layer.js';
import { MATRICES, STEPS } from '../../web/registry.js';
import { inputsOf, resize, setSentence } from '../../web/lesson-edit.js';
import { stepApplies } from '../../web/registry-layer.js';

const root = new URL('../../', import.meta.url);
const engine = await loadEngine({ wasmBinary: readFileSync(new URL('build-wasm/wasm/attnlab_engine.wasm', root)) });
const preset = (id) => JSON.parse(readFileSync(new URL(`web/presets/${id}.json`, root), 'utf8'));
const golden = (name) => JSON.parse(readFileSync(new URL(`tests/fixtures/golden/${name}.json`, root), 'utf8'));
const rows = (m) => Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
const traceOf = (lesson) => { const r = engine.trace(lesson); assert.ok(r.ok, JSON.stringify(r.problems)); return r.value; };
const json = (lesson) => { const r = engine.traceJson(JSON.stringify(lesson)); assert.ok(r.ok); return JSON.parse(r.value); };
// JSON carries 17 significant digits: it reads back to the same double
const same = (m, expected, what) => assert.deepEqual(rows(m), expected, what);

const python = '/usr/bin/python3';
const hasTorch = spawnSync(python, ['-c', 'import torch'], { stdio: 'ignore' }).status === 0;
const run = (code) => JSON.parse(execFileSync(python, ['-'], { input: code, encoding: 'utf8', maxBuffer: 1 << 26 }));
const close = (got, m, tol, what) => {
  const want = rows(m);
  assert.equal(got.length, want.length, what);
  got.forEach((row, i) => row.forEach((v, j) => assert.ok(Math.abs(v - want[i][j]) <= tol, `${what}[${i}][${j}]: ${v} vs ${want[i][j]}`)));
};

const encoder = () => {
  const lecture = preset('lecture20-seed20');
  return addLayer(lecture, traceOf(lecture));
};

test('the typed trace of a decoder layer equals the CLI trace bit for bit: P, source, cross-attention, every layer step', () => {
  const lesson = preset('translation-decoder');
  const t = traceOf(lesson), j = json(lesson);
  same(t.P, j.P, 'P');
  same(t.XplusP, j.X_plus_P, 'X + P');
  assert.deepEqual(t.source.tokens, ['le', 'chat', 'dort']);
  same(t.source.X, j.source.X, 'source.X');
  t.cross.headTraces.forEach((h, k) => { for (const name of ['scores', 'weights', 'Z']) same(h[name], j.cross.heads[k][name], `cross ${name}`); });
  assert.equal(t.cross.headTraces[0].weights.rows, 3);
  assert.equal(t.cross.headTraces[0].weights.cols, 3);
  same(t.cross.output, j.cross.output, 'cross output');
  for (const [ours, theirs] of [['attention', 'attention'], ['sum1', 'sum1'], ['crossAttention', 'cross_attention'], ['sum2', 'sum2'],
    ['ffnHidden', 'ffn_hidden'], ['ffnActivated', 'ffn_activated'], ['ffnOutput', 'ffn_output'], ['sum3', 'sum3'], ['output', 'output']]) same(t.layer[ours], j.layer[theirs], ours);
  for (const k of [1, 2, 3]) {
    same(t.layer[`norm${k}`].output, j.layer[`norm${k}`].output, `norm${k}`);
    assert.deepEqual(Array.from(t.layer[`norm${k}`].mean), j.layer[`norm${k}`].mean);
  }
  assert.equal(t.layer.norm, 'post');
  // a decoder applies every step of the registry; the six steps' lesson none of the layer's
  assert.ok(STEPS.every((s) => stepApplies(s, t)));
  const six = traceOf(preset('lecture20-seed20'));
  assert.deepEqual(STEPS.filter((s) => stepApplies(s, six)).map((s) => s.id), ['embed', 'project', 'score', 'scale', 'softmax', 'sum']);
});

test('the engine matches PyTorch\'s golden decoder layer through the JS contract', () => {
  const f = golden('layer_decoder_pre_gelu_h4_causal_sinusoidal');
  const t = traceOf(f.lesson);
  close(f.expected.layer_output, t.layer.output, 1e-12, 'layer.output');
});

test('explanations of a layer-norm cell, an FFN cell and a cross-attention score add up to the trace', () => {
  const t = traceOf(preset('translation-decoder'));
  const e = engine.explainNorm(2, 1, 3);
  assert.equal(e.output, t.layer.norm2.output.data[1 * t.dModel + 3]);
  assert.ok(Math.abs(e.normalized * e.gamma + e.beta - e.output) < 1e-12);
  assert.equal(e.row.length, t.dModel);
  const h = engine.explainFfnHidden(2, 5);
  assert.equal(h.sum, t.layer.ffnHidden.data[2 * t.layer.ffnHidden.cols + 5]);
  assert.ok(Math.abs(h.terms.reduce((a, x) => a + x.product, h.bias) - h.sum) < 1e-12);
  assert.equal(h.activated, Math.max(0, h.sum));
  const o = engine.explainFfnOutput(0, 1);
  assert.equal(o.sum, t.layer.ffnOutput.data[1]);
  const c = engine.explainCrossScore(1, 2, 0);
  assert.equal(c.scaled, t.cross.headTraces[1].scaled.data[2 * 3 + 0]);
  assert.equal(engine.explainNorm(4, 0, 0), null);
  assert.equal(engine.explainCrossScore(0, 9, 0), null);
});

test('decoding with a KV cache: each step equals the causal row, every head, and is counted', () => {
  const lesson = { ...preset('lecture20-seed20'), mask: 'causal', heads: 2 };
  const t = traceOf(lesson);
  const r = engine.decode(lesson);
  assert.ok(r.ok);
  assert.equal(r.value.length, 4);
  r.value.forEach((step, i) => {
    step.heads.forEach((h, k) => {
      const w = t.headTraces[k].weights;
      assert.deepEqual(h.weights, Array.from(w.data.subarray(i * w.cols, i * w.cols + i + 1)), `step ${i} head ${k}`);
      assert.deepEqual(h.k, Array.from(t.headTraces[k].K.data.subarray(i * t.dK, (i + 1) * t.dK)));
    });
    assert.ok(step.withoutCache >= step.multiplyAdds);
    if (i > 0) assert.ok(step.withoutCache > step.multiplyAdds);
  });
  assert.equal(engine.decode(preset('lecture20-seed20')).value, null); // not causal
});

test('the page\'s layer edits: continue into the layer, edit γ, positions, a new source sentence, back to six steps', () => {
  const lesson = encoder();
  const t = traceOf(lesson);
  assert.equal(t.layer.output.rows, 4);
  assert.equal(t.layer.output.cols, 8);
  assert.equal(t.inputs['layer.W_ff1'].cols, 32);
  const edited = setLayerCell(lesson, t, 'layer.ln1.gamma', 0, 2, 3);
  assert.deepEqual(edited.layer.ln1.gamma.slice(0, 3), [1, 1, 3]);
  const t2 = traceOf(edited);
  assert.notDeepEqual(rows(t2.layer.norm1.output), rows(t.layer.norm1.output));
  assert.deepEqual(rows(t2.layer.sum1), rows(t.layer.sum1)); // the sum before the norm is untouched
  const ff = traceOf(setLayerCell(lesson, t, 'layer.W_ff1', 1, 4, -2));
  assert.equal(ff.inputs['layer.W_ff1'].data[1 * 32 + 4], -2);
  for (const kind of ['sinusoidal', 'learned']) assert.equal(traceOf(setPositions(lesson, t, kind)).P.rows, 4);
  const d = preset('translation-decoder');
  const longer = setSourceSentence(engine, d, traceOf(d), 'le petit chat dort');
  assert.equal(traceOf(longer).cross.headTraces[0].weights.cols, 4);
  assert.equal(traceOf(removeLayer(lesson)).layer, undefined);
  // every matrix of the registry has its shape in a decoder's trace
  const td = traceOf(d);
  for (const [name, m] of Object.entries(MATRICES)) if (!['mask'].includes(name)) assert.ok(m.shape(td).every(Number.isInteger), name);
});

test('resizing a layer lesson: d_model, heads and the sentence carry the layer, the cross weights and P along', () => {
  const d = preset('translation-decoder');
  const t = traceOf(d);
  const dims = { n: 3, dModel: 8, dK: 4, dV: 4, heads: 2 };
  for (const to of [{ ...dims, dModel: 6 }, { ...dims, heads: 3 }, { ...dims, dK: 2, dV: 2 }]) {
    const r = engine.trace(resize(engine, d, inputsOf(t), dims, to));
    assert.ok(r.ok, `${JSON.stringify(to)}: ${JSON.stringify(r.problems)}`);
    assert.equal(r.value.layer.output.cols, to.dModel);
    assert.equal(r.value.cross.headTraces.length, to.heads);
  }
  const longer = traceOf(setSentence(engine, d, inputsOf(t), dims, 'the small cat sleeps'));
  assert.equal(longer.layer.output.rows, 4);
  assert.equal(longer.P.rows, 4);
  const enc = encoder(), te = traceOf(enc);
  const learned = setPositions(enc, te, 'learned');
  const tl = traceOf(learned);
  const r = engine.trace(resize(engine, learned, inputsOf(tl), { n: 4, dModel: 8, dK: 8, dV: 8, heads: 1 }, { n: 4, dModel: 5, dK: 8, dV: 8, heads: 1 }));
  assert.ok(r.ok, JSON.stringify(r.problems));
  assert.equal(r.value.P.cols, 5);
  assert.equal(r.value.inputs['layer.W_ff1'].rows, 5);
});

for (const [name, make] of [['an encoder layer (post-norm, ReLU)', encoder],
  ['an encoder layer (pre-norm, GELU, padding)', () => ({ ...encoder(), layer: { ...encoder().layer, norm: 'pre', activation: 'gelu' }, mask: { padding: [false, false, true, false] } })],
  ['the translation decoder (causal, cross-attention, sinusoidal positions)', () => preset('translation-decoder')],
  ['a pre-norm GELU decoder with source padding', () => { const d = preset('translation-decoder'); return { ...d, layer: { ...d.layer, norm: 'pre', activation: 'gelu' }, source: { ...d.source, padding: [false, true, false] } }; }]]) {
  test(`the NumPy export of ${name} reproduces layer.output to 1e-9`, () => {
    const lesson = make(), t = traceOf(lesson);
    close(run(layerNumpyCode(lesson, t)), t.layer.output, 1e-9, 'numpy');
  });
  test(`the PyTorch export of ${name} builds torch.nn's layer and reproduces layer.output to 1e-9`, { skip: hasTorch ? false : 'python3-torch is not installed' }, () => {
    const lesson = make(), t = traceOf(lesson);
    close(run(layerPytorchCode(lesson, t)), t.layer.output, 1e-9, 'torch');
  });
}
