// Every edit a student makes, as a pure function: (lesson, current numbers, change) -> new lesson.
// Seeded matrices stay draws in the lesson until edited; an edited one is carried literally while its
// draw stays in "init", so the draws after it do not change (core/lesson-format.md).
import { withCausalByStart } from './start-token.js';
import { fit, identity, toRows, zeros } from './matrix.js';
import { resizeTransformer } from './layer-edit.js';

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
  // a matrix whose numbers are what its draw gives stays a draw (literal numbers are for edits and kept rows)
  for (const k of INPUTS) if (fresh[k] && Array.isArray(next[k]) && sameRows(next[k], fresh[k])) delete next[k];
  if (Array.isArray(next.E) && from.dModel !== to.dModel) next.E = fit(next.E, next.E.length, to.dModel);
  next.heads = to.heads;
  if (next.mask && typeof next.mask === 'object') next.mask = resizeMask(next.mask, from.n, to.n);
  return resizeTransformer(next, to);
}

const sameRows = (a, b) => a.length === b.length && a.every((r, i) => r.length === b[i].length && r.every((v, j) => Object.is(v, b[i][j])));

function resizeMask(mask, oldN, n) {
  if (Array.isArray(mask)) {
    return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i < oldN && j < oldN ? mask[i][j] : 1)));
  }
  if (mask.padding) return { padding: Array.from({ length: n }, (_, i) => Boolean(mask.padding[i])) };
  return mask;
}

/**
 * The lecture's convention: every head's d_k = d_v = d_model / h, so W_Q, W_K, W_V stay d_model × d_model whatever
 * h is (h only cuts their columns into blocks) and W_O maps the h·d_v concatenated columns back to d_model.
 */
export function splitsModel({ dModel, dK, dV, heads }, woShape) {
  return Boolean(woShape) && heads * dK === dModel && heads * dV === dModel && woShape[0] === dModel && woShape[1] === dModel;
}

const shapeOfRows = (m) => (m ? [m.length, m[0]?.length ?? 0] : null);

/**
 * h changed. Split lessons (d_k = d_model / h) keep every matrix and cut it into the new number of blocks. Otherwise
 * every head keeps its d_k and its numbers: new heads get fresh columns drawn after everything else (appending
 * draws), and heads removed take their own columns away. Lessons the draws cannot express go through resize().
 */
export function setHeads(engine, lesson, values, from, heads) {
  const woShape = shapeOfRows(values.W_O);
  // (when h does not divide d_model, the engine says so: W_Q's columns do not split into h heads)
  if (splitsModel(from, woShape)) return { ...lesson, heads };
  const names = ['W_Q', 'W_K', 'W_V'];
  const seeded = names.every((k) => drawOf(lesson, k));
  const woDrawn = Boolean(drawOf(lesson, 'W_O'));
  if (!seeded || heads === from.heads || (woShape && !woDrawn)) return resize(engine, lesson, values, from, { ...from, heads });
  const next = clone(lesson);
  const draws = next.init.draws;
  const width = (k) => (k === 'W_V' ? from.dV : from.dK);
  const squareWO = woShape && woShape[0] === from.heads * from.dV && woShape[1] === woShape[0];
  const recipe = (d) => ({ ...(d.scale !== undefined ? { scale: d.scale } : {}), ...(d.dist ? { dist: d.dist } : {}) });
  if (heads > from.heads) {
    const k = heads - from.heads;
    for (const name of names) draws.push({ name, shape: [from.dModel, k * width(name)], ...recipe(drawOf(lesson, name)), append: 'columns' });
    if (woShape) {
      const wo = recipe(drawOf(lesson, 'W_O'));
      draws.push({ name: 'W_O', shape: [k * from.dV, woShape[1]], ...wo, append: 'rows' });
      if (squareWO) draws.push({ name: 'W_O', shape: [heads * from.dV, k * from.dV], ...wo, append: 'columns' });
    }
    next.heads = heads;
    return withFreshLiterals(engine, next, lesson, [...names, 'W_O']);
  }
  // fewer heads: drop whole groups of appended heads from the end of the draws when they are exactly those heads
  const target = { W_Q: heads * from.dK, W_K: heads * from.dK, W_V: heads * from.dV };
  const columnsOf = (name) => draws.filter((d) => d.name === name).reduce((n, d) => n + (d.append === 'rows' ? 0 : d.shape[1]), 0);
  const rowsOfWO = () => draws.filter((d) => d.name === 'W_O').reduce((n, d) => n + (d.append === 'columns' ? 0 : d.shape[0]), 0);
  while (draws.length && draws[draws.length - 1].append && [...names, 'W_O'].includes(draws[draws.length - 1].name)) {
    const d = draws[draws.length - 1];
    if (d.name !== 'W_O' && columnsOf(d.name) - d.shape[1] < target[d.name]) break;
    if (d.name === 'W_O' && d.append === 'rows' && rowsOfWO() - d.shape[0] < heads * from.dV) break;
    draws.pop();
  }
  if (names.some((name) => columnsOf(name) !== target[name]) || (woShape && rowsOfWO() !== heads * from.dV)) {
    return resize(engine, lesson, values, from, { ...from, heads });
  }
  if (heads === 1) delete next.heads; // (the default: back to one head is back to the lesson it was)
  else next.heads = heads;
  for (const name of [...names, 'W_O']) {
    if (!Array.isArray(next[name])) continue; // edited numbers: the heads kept keep their edits
    next[name] = name === 'W_O'
      ? next[name].slice(0, heads * from.dV).map((r) => (squareWO ? r.slice(0, heads * from.dV) : r))
      : next[name].map((r) => r.slice(0, target[name]));
  }
  return next;
}

/** Matrices carried literally (edited) grow by what their new draws give them. */
function withFreshLiterals(engine, next, before, names) {
  const edited = names.filter((k) => Array.isArray(next[k]));
  if (!edited.length) return next;
  const bare = clone(next);
  for (const k of edited) delete bare[k];
  const r = engine.trace(bare);
  if (!r.ok) return next; // the engine's problems are shown for the edit itself
  for (const k of edited) {
    const fresh = toRows(r.value.inputs[k]);
    next[k] = fresh.map((row, i) => row.map((v, j) => before[k][i]?.[j] ?? v));
  }
  return next;
}

/**
 * The sentence box changed. A seeded lesson whose X is drawn one row per position becomes a lookup lesson: its
 * words, in the order they first appear, are the vocabulary, and the embedding table E is drawn where X was drawn
 * (the lecture's own sentence typed again gives the lecture's numbers), so a repeated word gets one row. New words
 * of a lookup lesson get fresh rows of E drawn after everything else (core/lesson-format.md: appending draws).
 * Lessons with their rows given literally keep one row per position (their new rows come from fit()).
 */
export function setSentence(engine, lesson, values, dims, text) {
  const tokens = engine.tokenize(text);
  return withCausalByStart(withPaddingByName(sentenceEdit(engine, lesson, values, dims, text), tokens), tokens);
}

/** Tokens named <PAD> are padding unless the lesson says otherwise: a sentence that has them gets a padding mask. */
function withPaddingByName(lesson, tokens) {
  const pad = tokens.map((t) => t.toUpperCase() === '<PAD>');
  if (!pad.includes(true) || (lesson.mask && !lesson.mask.padding)) return lesson;
  return { ...lesson, mask: { padding: pad } };
}

function sentenceEdit(engine, lesson, values, dims, text) {
  const tokens = engine.tokenize(text);
  let next = clone(lesson);
  delete next.tokens;
  next.sentence = text;
  const xDraw = drawOf(next, 'X');
  if (tokens.length && xDraw && !next.vocab && !next.E && !drawOf(next, 'E') && !next.source) {
    next.vocab = [...new Set(tokens)];
    xDraw.name = 'E';
    xDraw.shape = [next.vocab.length, dims.dModel];
    delete next.X; // (rows edited per position belong to the old positions)
    return withMask(next, dims.n, tokens.length);
  }
  if (next.vocab) {
    const vocab = next.vocab.slice();
    for (const t of tokens) if (!vocab.includes(t)) vocab.push(t);
    const added = vocab.length - next.vocab.length;
    if (added && drawOf(next, 'E')) next = withNewRowsOfE(engine, next, vocab, added, dims.dModel);
    else if (added && Array.isArray(next.E)) next.E = next.E.concat(zeros(added, dims.dModel)); // a given table: zero rows until edited
    next.vocab = vocab;
    if (next.E || drawOf(next, 'E')) if (!Array.isArray(next.X) && !drawOf(next, 'X')) return withMask(next, dims.n, tokens.length);
  }
  if (Array.isArray(lesson.X) && !drawOf(lesson, 'X') && tokens.length > 0) {
    // rows given per position follow their words: a word seen before keeps its row, a new word starts at zero
    // (the embed step says so) — never another word's row
    const before = lesson.tokens ?? engine.tokenize(lesson.sentence ?? '');
    const X = tokens.map((t) => (before.includes(t) ? lesson.X[before.indexOf(t)].slice() : new Array(dims.dModel).fill(0)));
    if (tokens.length === dims.n) return { ...next, X };
    values = { ...values, X };
  }
  if (tokens.length !== dims.n && tokens.length > 0) next = resize(engine, next, values, dims, { ...dims, n: tokens.length });
  return next;
}

/** New words of a seeded table: rows drawn after every other draw, so no number drawn before them moves. */
function withNewRowsOfE(engine, lesson, vocab, added, dModel) {
  const draws = lesson.init.draws;
  const last = draws[draws.length - 1];
  if (last.name === 'E' && last.append === 'rows') last.shape = [last.shape[0] + added, dModel];
  else draws.push({ name: 'E', shape: [added, dModel], append: 'rows' });
  if (Array.isArray(lesson.E)) {
    // an edited table keeps its edits; the new words' rows are what the seed gives them
    const bare = { ...lesson, vocab };
    delete bare.E;
    const r = engine.trace(bare);
    const E = r.ok ? toRows(r.value.inputs.E) : null;
    lesson.E = lesson.E.concat(E ? E.slice(-added) : zeros(added, dModel));
  }
  return lesson;
}

const withMask = (lesson, oldN, n) => {
  if (oldN !== n && lesson.mask && typeof lesson.mask === 'object') lesson.mask = resizeMask(lesson.mask, oldN, n);
  return lesson;
};

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

/**
 * Switches to the lecture's convention d_k = d_v = d_model / h (h becomes the nearest divisor of d_model below it),
 * with W_O (d_model × d_model) mapping the concatenated heads back to d_model.
 */
export function splitModel(engine, lesson, values, from) {
  let heads = from.heads;
  while (from.dModel % heads) heads--;
  const d = from.dModel / heads;
  const next = resize(engine, lesson, values, from, { ...from, heads, dK: d, dV: d });
  return values.W_O ? next : withOutputProjection(next, from.dModel);
}

/** Heads > 1 can mix their outputs with W_O: drawn from the seed when there is one, else the identity. */
export function addOutputProjection(lesson, values) {
  return withOutputProjection(lesson, values.W_V[0].length);
}

function withOutputProjection(lesson, m) {
  const next = clone(lesson);
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

