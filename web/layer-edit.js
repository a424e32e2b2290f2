// Edits of the Transformer parts of a lesson, as pure functions (lesson, trace, change) → new lesson, like
// web/lesson-edit.js: a whole layer added or removed, its options, a cell of γ, β, W_ff1 … (stored at their
// dotted place, "layer.ln1.gamma" is lesson.layer.ln1.gamma), positions, and the source of a cross-attention.
// Seeded parameters stay draws until edited; an edited one is carried literally, its draw kept so the draws after
// it do not change (core/lesson-format.md).
import { toRows } from './matrix.js';
import { lessonPlace } from './registry-layer.js';

const clone = (x) => structuredClone(x);
const ones = (n) => new Array(n).fill(1);
const zerosList = (n) => new Array(n).fill(0);
/** Vectors (biases, γ, β) are lists in the lesson, 1 × length in the trace. */
const isVector = (place) => /(^|\.)(gamma|beta|b_[A-Za-z0-9]+)$/.test(place);

function getAt(obj, path) {
  return path.reduce((o, k) => (o && typeof o === 'object' ? o[k] : undefined), obj);
}
/** A copy of `lesson` with `value` at the dotted `place`, sharing every part it does not touch. */
function setAt(lesson, place, value) {
  const path = place.split('.');
  const out = { ...lesson };
  let at = out;
  for (const k of path.slice(0, -1)) {
    at[k] = at[k] && typeof at[k] === 'object' && !Array.isArray(at[k]) ? { ...at[k] } : {};
    at = at[k];
  }
  at[path[path.length - 1]] = value;
  return out;
}
const withDraws = (lesson, draws) => {
  const next = lesson;
  next.init ??= { rng: 'numpy', seed: 0, draws: [] };
  next.init.draws ??= [];
  const names = new Set(draws.map((d) => d.name));
  next.init.draws = [...next.init.draws.filter((d) => !names.has(d.name)), ...draws];
  return next;
};
const withoutDraws = (lesson, test) => {
  if (lesson.init?.draws) lesson.init.draws = lesson.init.draws.filter((d) => !test(d.name));
};

/** The numbers of a trace matrix at a lesson place (what an edit starts from). */
function current(trace, place) {
  if (trace.inputs[place]) return trace.inputs[place];
  if (place === 'source.X') return trace.source?.X;
  return null;
}

/** One cell of a layer parameter (or source.X, a cross weight, P) changed. `name` is the registry's matrix name. */
export function setLayerCell(lesson, trace, name, row, col, value) {
  const place = lessonPlace(name, trace);
  const literal = place === 'P' ? lesson.positions : getAt(lesson, place.split('.'));
  if (isVector(place)) {
    const list = (Array.isArray(literal) ? literal : Array.from(current(trace, place).data)).slice();
    list[col] = value;
    return setAt(lesson, place, list);
  }
  const rows = (Array.isArray(literal) ? literal : toRows(current(trace, place))).slice();
  rows[row] = rows[row].slice();
  rows[row][col] = value;
  return place === 'P' ? { ...lesson, positions: rows } : setAt(lesson, place, rows);
}

/** The layer's parameters named as draws: the FFN's weights and biases (γ = 1 and β = 0 are literal, as PyTorch starts). */
const ffnDraws = (d, dFf) => [
  { name: 'layer.W_ff1', shape: [d, dFf], scale: 0.5 }, { name: 'layer.b_ff1', shape: [dFf], scale: 0.1 },
  { name: 'layer.W_ff2', shape: [dFf, d], scale: 0.5 }, { name: 'layer.b_ff2', shape: [d], scale: 0.1 },
];
const norms = (d, k) => Object.fromEntries(Array.from({ length: k }, (_, i) => [`ln${i + 1}`, { gamma: ones(d), beta: zerosList(d) }]));
/** d_ff of a new layer: four times d_model as in Vaswani et al., at most 64 so the heatmaps stay readable. */
export const defaultDff = (dModel) => Math.min(4 * dModel, 64);

/**
 * "Continue into the full layer": the lesson becomes one encoder layer (post-norm, ReLU), its FFN drawn from the
 * lesson's seed (a lesson without one gets seed 0 for these draws alone). The attention's output must be d_model
 * wide to be added to its input: W_O is drawn (h·d_v × d_model) when it is missing or of another width.
 */
export function addLayer(lesson, trace) {
  const next = clone(lesson);
  const d = trace.dModel, hv = trace.heads * trace.dV;
  const draws = [];
  if (!trace.inputs.W_O || trace.inputs.W_O.cols !== d) {
    delete next.W_O;
    draws.push({ name: 'W_O', shape: [hv, d], scale: 0.5 });
  }
  draws.push(...ffnDraws(d, defaultDff(d)));
  next.layer = { norm: 'post', eps: 1e-5, activation: 'relu', ...norms(d, 2) };
  return withDraws(next, draws);
}

/** Back to the six steps: the layer, its draws and a decoder's source and cross-attention go. */
export function removeLayer(lesson) {
  const next = clone(lesson);
  delete next.layer;
  delete next.cross;
  delete next.source;
  withoutDraws(next, (name) => name.startsWith('layer.') || name.startsWith('cross.') || name === 'source.X');
  return next;
}

/** norm ('post' | 'pre') or activation ('relu' | 'gelu') of the layer. */
export function setLayerOption(lesson, key, value) {
  return { ...lesson, layer: { ...lesson.layer, [key]: value } };
}

/** A new d_ff: the FFN's weights are drawn again at the new width (edits to them are replaced). */
export function setDff(lesson, trace, dFf) {
  const next = clone(lesson);
  for (const k of ['W_ff1', 'b_ff1', 'W_ff2', 'b_ff2']) delete next.layer[k];
  return withDraws(next, ffnDraws(trace.dModel, dFf));
}

/** Positions: 'none', 'sinusoidal' (Vaswani et al.), or 'learned' (P drawn from the seed, n × d_model). */
export function setPositions(lesson, trace, kind) {
  const next = clone(lesson);
  delete next.positions;
  withoutDraws(next, (name) => name === 'P');
  if (kind === 'sinusoidal') next.positions = 'sinusoidal';
  if (kind === 'learned') return withDraws(next, [{ name: 'P', shape: [trace.tokens.length, trace.dModel], scale: 0.5 }]);
  return next;
}

/** The positions a lesson uses. */
export function positionsKind(lesson) {
  if (lesson.positions === 'sinusoidal') return 'sinusoidal';
  if (Array.isArray(lesson.positions) || lesson.init?.draws?.some((d) => d.name === 'P')) return 'learned';
  return 'none';
}

/** The source sentence typed: new source tokens, its rows drawn again at the new length (m × d_model). */
export function setSourceSentence(engine, lesson, trace, text) {
  const tokens = engine.tokenize(text);
  const next = clone(lesson);
  const padding = next.source?.padding;
  next.source = { tokens };
  if (padding) next.source.padding = tokens.map((_, j) => Boolean(padding[j]));
  return withDraws(next, [{ name: 'source.X', shape: [tokens.length, trace.dModel] }]);
}

/** Source token j marked as padding (hidden as a key of the cross-attention) or not. */
export function setSourcePadding(lesson, trace, j, pad) {
  const next = clone(lesson);
  const m = trace.source.tokens.length;
  const padding = Array.from({ length: m }, (_, k) => Boolean(next.source.padding?.[k]));
  padding[j] = pad;
  next.source.padding = padding;
  return next;
}

/** Every lesson place a layer lesson's parameters live at, for the export and the tests. */
export const LAYER_PLACES = ['layer.ln1.gamma', 'layer.ln1.beta', 'layer.ln2.gamma', 'layer.ln2.beta', 'layer.ln3.gamma', 'layer.ln3.beta',
  'layer.W_ff1', 'layer.b_ff1', 'layer.W_ff2', 'layer.b_ff2'];

/**
 * After a resize (web/lesson-edit.js resize): the Transformer parts follow the new sizes — positions n × d_model,
 * W_O h·d_v × d_model (a layer adds it to its input), the FFN, γ and β, the source's rows and the cross weights.
 * Seeded ones get their draw's new shape; literal ones keep the numbers that still fit (γ new cells 1, others 0).
 */
export function resizeTransformer(lesson, to) {
  const next = lesson;
  const d = to.dModel, hk = to.heads * to.dK, hv = to.heads * to.dV;
  const dFf = next.layer ? Number(next.init?.draws?.find((x) => x.name === 'layer.W_ff1')?.shape?.[1] ?? next.layer.W_ff1?.[0]?.length ?? defaultDff(d)) : 0;
  // the source's length: its tokens, else (a sentence) the rows its draw or literal X already has
  const m = next.source?.tokens?.length ?? next.init?.draws?.find((x) => x.name === 'source.X')?.shape?.[0] ?? next.source?.X?.length ?? 0;
  const shapes = { P: [to.n, d] };
  if (next.layer) {
    Object.assign(shapes, { W_O: [hv, d], 'layer.W_ff1': [d, dFf], 'layer.b_ff1': [dFf], 'layer.W_ff2': [dFf, d], 'layer.b_ff2': [d] });
    for (const k of [1, 2, 3]) for (const p of ['gamma', 'beta']) shapes[`layer.ln${k}.${p}`] = [d];
  }
  if (next.source) shapes['source.X'] = [m, d];
  if (next.cross || next.init?.draws?.some((x) => x.name.startsWith('cross.'))) Object.assign(shapes, { 'cross.W_Q': [d, hk], 'cross.W_K': [d, hk], 'cross.W_V': [d, hv], 'cross.W_O': [hv, d], 'cross.b_Q': [hk], 'cross.b_K': [hk], 'cross.b_V': [hv], 'cross.b_O': [d] });
  for (const draw of next.init?.draws ?? []) if (shapes[draw.name]) draw.shape = shapes[draw.name];
  for (const [place, shape] of Object.entries(shapes)) {
    const path = place === 'P' ? ['positions'] : place.split('.');
    const parent = path.length === 1 ? next : getAt(next, path.slice(0, -1));
    const key = path[path.length - 1], old = parent?.[key];
    if (!Array.isArray(old)) continue;
    if (shape.length === 1) parent[key] = Array.from({ length: shape[0] }, (_, j) => old[j] ?? (key === 'gamma' ? 1 : 0));
    else parent[key] = Array.from({ length: shape[0] }, (_, i) => Array.from({ length: shape[1] }, (_, j) => old[i]?.[j] ?? 0));
  }
  return next;
}
