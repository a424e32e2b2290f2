// Every edit a student makes, as a pure function: (lesson, current numbers, change) -> new lesson.
// Seeded matrices stay draws in the lesson until edited; an edited one is carried literally while its
// draw stays in "init", so the draws after it do not change (core/lesson-format.md).
import { fit, identity, toRows, zeros } from './matrix.js';

export const INPUTS = ['X', 'W_Q', 'W_K', 'W_V', 'W_O'];

const clone = (x) => structuredClone(x);
const drawOf = (lesson, name) => lesson.init?.draws?.find((d) => d.name === name) ?? null;

/**
 * The numbers of the input matrices as the engine used them, drawn or literal (the trace carries them), as
 * arrays of rows; each is converted when first read (an edit of X needs X only).
 */
export function inputsOf(trace) {
  const values = {};
  for (const k of INPUTS) {
    const m = k === 'X' ? trace.X : trace.inputs?.[k];
    if (!m) continue;
    let rows = null;
    Object.defineProperty(values, k, { enumerable: true, get: () => (rows ??= toRows(m)) });
  }
  return values;
}

/**
 * One cell of an input matrix changed. Lessons are never changed in place, so the new one shares every part
 * the edit did not touch with the old one (copying a 128 × 256 X for one number would cost more than computing).
 */
export function setCell(lesson, values, name, row, col, value) {
  // (a literal matrix is already rows: only a drawn one has to be read from the trace)
  const m = (Array.isArray(lesson[name]) ? lesson[name] : values[name]).slice();
  m[row] = m[row].slice();
  m[row][col] = value;
  // (a literal X overrides the embedding lookup; E and vocab stay for the token ids)
  return { ...lesson, [name]: m };
}

/** The shapes every input must have for n tokens, d_model, d_k (= d_v) per head and h heads. */
export function shapesFor({ n, dModel, dK, dV, heads, dOut }) {
  return { X: [n, dModel], W_Q: [dModel, heads * dK], W_K: [dModel, heads * dK], W_V: [dModel, heads * dV], W_O: [heads * dV, dOut] };
}

/**
 * A new size: matrices keep the numbers that still fit (each head keeps its own columns); new cells
 * come from the seed when the matrix is drawn, else 0.
 */
export function resize(engine, lesson, values, from, to) {
  const next = clone(lesson);
  const dOutOld = values.W_O ? values.W_O[0]?.length ?? 0 : 0;
  const dOut = values.W_O && dOutOld === from.heads * from.dV ? to.heads * to.dV : dOutOld || to.heads * to.dV;
  const shapes = shapesFor({ ...to, dOut });
  if (next.init?.draws) {
    for (const d of next.init.draws) {
      if (shapes[d.name]) d.shape = shapes[d.name];
      if (d.name === 'E') d.shape = [d.shape[0], to.dModel];
    }
  }
  // What the seed gives for the new shapes, before the old numbers are laid over it.
  let fresh = {};
  if (next.init?.draws?.length) {
    const bare = clone(next);
    for (const k of INPUTS) if (drawOf(bare, k)) delete bare[k];
    for (const k of ['W_Q', 'W_K', 'W_V']) if (!drawOf(bare, k)) bare[k] = zeros(...shapes[k]);
    if (!drawOf(bare, 'X')) { delete bare.sentence; delete bare.vocab; delete bare.E; bare.X = zeros(...shapes.X); bare.tokens = Array.from({ length: to.n }, (_, i) => `t${i}`); }
    else { delete bare.sentence; delete bare.vocab; delete bare.E; bare.tokens = Array.from({ length: to.n }, (_, i) => `t${i}`); }
    delete bare.mask;
    bare.heads = to.heads;
    if (!drawOf(bare, 'W_O')) delete bare.W_O;
    const r = engine.trace(bare);
    if (r.ok) {
      fresh = inputsOf(r.value);
      fresh = Object.fromEntries(Object.entries(fresh).filter(([k]) => drawOf(bare, k)));
    }
  }
  const kBlocks = [from.dK, to.dK], vBlocks = [from.dV, to.dV];
  const xDerived = !Array.isArray(lesson.X) && !drawOf(lesson, 'X') && (lesson.E || drawOf(lesson, 'E'));
  for (const k of INPUTS) {
    if (!values[k]) continue;
    if (k === 'X' && xDerived) continue; // X is looked up in E: it follows the sentence by itself
    const [r, c] = shapes[k];
    const blocks = k === 'W_Q' || k === 'W_K' ? kBlocks : k === 'W_V' ? vBlocks : null;
    const rowBlocks = k === 'W_O' ? vBlocks : null;
    next[k] = fit(values[k], r, c, fresh[k] ?? null, blocks, rowBlocks);
  }
  if (Array.isArray(next.E) && from.dModel !== to.dModel) next.E = fit(next.E, next.E.length, to.dModel);
  next.heads = to.heads;
  if (next.mask && typeof next.mask === 'object') next.mask = resizeMask(next.mask, from.n, to.n);
  return next;
}

function resizeMask(mask, oldN, n) {
  if (Array.isArray(mask)) {
    return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i < oldN && j < oldN ? mask[i][j] : 1)));
  }
  if (mask.padding) return { padding: Array.from({ length: n }, (_, i) => Boolean(mask.padding[i])) };
  return mask;
}

/** The sentence box changed: new tokens, with X rows kept where they still fit. */
export function setSentence(engine, lesson, values, dims, text) {
  const tokens = engine.tokenize(text);
  let next = clone(lesson);
  delete next.tokens;
  next.sentence = text;
  if (next.vocab) {
    // New words join the vocabulary; with an embedding table they get a zero row until edited.
    const vocab = next.vocab.slice();
    for (const t of tokens) if (!vocab.includes(t)) vocab.push(t);
    if (Array.isArray(next.E)) next.E = next.E.concat(zeros(vocab.length - next.vocab.length, dims.dModel));
    const dE = drawOf(next, 'E');
    if (dE) dE.shape = [vocab.length, dims.dModel];
    next.vocab = vocab;
  }
  if (tokens.length !== dims.n && tokens.length > 0) next = resize(engine, next, values, dims, { ...dims, n: tokens.length });
  return next;
}

/** A new seed redraws every seeded matrix (edits to seeded matrices are replaced by the new draws). */
export function setSeed(lesson, seed) {
  const next = clone(lesson);
  next.init.seed = seed;
  for (const d of next.init.draws ?? []) delete next[d.name];
  return next;
}

/** A lesson without a seed gets one: every input becomes a seeded draw of its current shape. */
export function addSeed(lesson, values, seed) {
  const next = clone(lesson);
  const draws = [];
  for (const k of INPUTS) {
    if (!values[k]) continue;
    if (k === 'X' && !Array.isArray(lesson.X) && (lesson.E)) continue;
    draws.push({ name: k, shape: [values[k].length, values[k][0].length], ...(k === 'X' ? {} : { scale: 0.5 }) });
    delete next[k];
  }
  next.init = { rng: 'numpy', seed, draws };
  return next;
}

/** Heads > 1 can mix their outputs with W_O: drawn from the seed when there is one, else the identity. */
export function addOutputProjection(lesson, values) {
  const next = clone(lesson);
  const m = values.W_V[0].length;
  if (next.init) next.init.draws = [...(next.init.draws ?? []).filter((d) => d.name !== 'W_O'), { name: 'W_O', shape: [m, m], scale: 0.5 }];
  else next.W_O = identity(m);
  return next;
}

export function removeOutputProjection(lesson) {
  const next = clone(lesson);
  delete next.W_O;
  if (next.init?.draws) next.init.draws = next.init.draws.filter((d) => d.name !== 'W_O');
  return next;
}

/** The mask kind chosen (the engine's names, trace.mask: 'none' | 'causal' | 'padding' | 'matrix'); a matrix starts
 * from what the trace shows. */
export function maskFor(lesson, kind, trace) {
  const next = clone(lesson);
  const n = trace.tokens.length;
  if (kind === 'none') delete next.mask;
  if (kind === 'causal') next.mask = 'causal';
  if (kind === 'padding') next.mask = { padding: new Array(n).fill(false) };
  if (kind === 'matrix') next.mask = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => trace.visible[i * n + j]));
  return next;
}

