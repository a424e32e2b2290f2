// Checking a student's answer against a generated exercise (core/exercises.cpp): no DOM here.
// read*() turn raw input into an answer of the engine's shape, or a message when it cannot be read
// (that is never a wrong answer and never an attempt); judge() compares it with the key and picks a hint.
import { parseNumber } from '../numbers.js';

const fmt = (v) => String(Number(v.toPrecision(4)));
// An answer is written to 4 decimals wherever it is shown (the sheet's tables, the key, the worksheet, the LMS): the
// exit ticket's text and its table must agree (issue 14, item 7).
const decimals4 = (v) => String(Math.round(v * 1e4) / 1e4 || 0);

/** raw: string (number), string[] (vector), number (choice), {zero: bool[], weights: string[]} (mask),
 *  {NAME: [string, string]} (shapes). Returns {ok: true, answer} or {ok: false, message}. */
export function readAnswer(exercise, raw) {
  const type = exercise.answer.type;
  if (type === 'number') {
    const p = parseNumber(raw ?? '');
    return p.ok ? { ok: true, answer: { type, value: p.value } } : { ok: false, message: capital(p.message) + '.' };
  }
  if (type === 'vector') {
    const expected = exercise.answer.values.length;
    const texts = Array.isArray(raw) ? raw : [];
    if (texts.length !== expected) return { ok: false, message: `Give ${expected} numbers, one per key.` };
    const empty = texts.filter((t) => String(t ?? '').trim() === '').length;
    if (empty) return { ok: false, message: `Give all ${expected} numbers: ${empty === 1 ? '1 box is' : `${empty} boxes are`} still empty.` };
    const values = [];
    for (let k = 0; k < texts.length; k++) {
      const p = parseNumber(texts[k]);
      if (!p.ok) return { ok: false, message: `Entry ${k + 1}: ${p.message}.` };
      values.push(p.value);
    }
    return { ok: true, answer: { type, values } };
  }
  if (type === 'choice') {
    const n = exercise.answer.choices.length;
    if (!Number.isInteger(raw) || raw < 0 || raw >= n) return { ok: false, message: 'Pick one of the options first.' };
    return { ok: true, answer: { type, index: raw } };
  }
  if (type === 'mask') {
    const n = exercise.answer.weights.length;
    const zero = raw?.zero ?? [], texts = raw?.weights ?? [];
    const zeros = [], weights = [];
    for (let k = 0; k < n; k++) {
      if (zero[k]) { zeros.push(k); weights.push(0); continue; }
      const t = String(texts[k] ?? '').trim();
      const name = exercise.given?.tokens?.[k] ?? `key ${k + 1}`;
      if (t === '') return { ok: false, message: `Give a weight for “${name}”, or tick it as hidden (exactly 0).` };
      const p = parseNumber(t);
      if (!p.ok) return { ok: false, message: `Weight of “${name}”: ${p.message}.` };
      weights.push(p.value);
    }
    return { ok: true, answer: { type, zeros, weights } };
  }
  if (type === 'shapes') {
    const shapes = {};
    for (const name of Object.keys(exercise.answer.shapes)) {
      const pair = raw?.[name] ?? [];
      const dims = [];
      for (const [k, part] of [[0, 'rows'], [1, 'columns']]) {
        const t = String(pair[k] ?? '').trim();
        if (t === '') return { ok: false, message: `Give the ${part} of ${label(name)}.` };
        if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > 1e6) return { ok: false, message: `The ${part} of ${label(name)} must be a whole number like 4 (got “${t}”).` };
        dims.push(Number(t));
      }
      shapes[name] = dims;
    }
    return { ok: true, answer: { type, shapes } };
  }
  return { ok: false, message: `This page cannot check answers of type “${type}”.` };
}

function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
export function label(name) {
  return { Q: 'Q_i', K: 'K_i', V: 'V_i', concat: 'the concatenation', W_O: 'W_O', scores: 'the scores', Z: 'Z' }[name] ?? name;
}

/** Does answer `a` equal `b` (both of the engine's shape) within tol? */
export function matches(a, b, tol) {
  if (!a || !b || a.type !== b.type) return false;
  // a key that is not a finite number (the engine refuses such sets) never accepts anything
  const near = (x, y) => Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= tol + 1e-12;
  switch (a.type) {
    case 'number': return near(a.value, b.value);
    case 'vector': return a.values.length === b.values.length && a.values.every((v, k) => near(v, b.values[k]));
    case 'choice': return a.index === b.index;
    case 'mask': {
      if (a.zeros.length !== b.zeros.length || !a.zeros.every((z, k) => z === b.zeros[k])) return false;
      return a.weights.every((v, k) => a.zeros.includes(k) || near(v, b.weights[k]));
    }
    case 'shapes': return Object.keys(b.shapes).every((n) => a.shapes[n]?.[0] === b.shapes[n][0] && a.shapes[n]?.[1] === b.shapes[n][1]);
    default: return false;
  }
}

/** {correct, hint}: hint is the matching mistake's, else one written for the kind of exercise. */
export function judge(exercise, answer) {
  if (matches(answer, exercise.answer, exercise.tolerance)) return { correct: true, hint: '' };
  const mistake = exercise.mistakes.find((m) => matches(answer, m.answer, exercise.tolerance));
  if (mistake) return { correct: false, hint: mistake.hint, targeted: true };
  return { correct: false, hint: genericHint(exercise, answer), targeted: false };
}

function genericHint(e, a) {
  const g = e.given ?? {};
  switch (e.kind) {
    case 'score':
      return `Multiply the ${g.q?.length ?? ''} entries of q and k in pairs (first with first, second with second, …) and add every product; mind the minus signs.`;
    case 'scaled_score':
      return `Divide the raw score by √d_k = √${g.d_k} ≈ ${fmt(Math.sqrt(g.d_k))}.`;
    case 'softmax_row': {
      const sum = a.values.reduce((s, v) => s + v, 0);
      if (a.values.some((v) => v < 0)) return 'Softmax weights are never negative: exp of any number is positive.';
      if (Math.abs(sum - 1) > Math.max(e.tolerance, 0.005) * a.values.length)
        return `This row does not sum to 1 (your numbers add up to ${fmt(sum)}): divide each exp by the sum of all of them.`;
      const best = g.scores.indexOf(Math.max(...g.scores));
      if (a.values.indexOf(Math.max(...a.values)) !== best)
        return 'The largest score must get the largest weight: softmax keeps the order of the scores.';
      return 'The row sums to 1, but the weights are off: exponentiate each score (after subtracting the largest), then divide by the sum of the exps.';
    }
    case 'output_cell':
      return 'Multiply each attention weight by the value entry of the same key, then add those products.';
    case 'predict_max':
      return 'The key with the largest raw score q·k gets the largest weight: scaling and softmax never change the order within a row.';
    case 'mask_zeros': {
      const want = e.answer.zeros;
      if (a.zeros.length !== want.length || !a.zeros.every((z, k) => z === want[k])) {
        return g.mask === 'causal'
          ? 'Under a causal mask a query sees itself and the keys before it; only the keys after it are hidden.'
          : 'Under a padding mask the PAD keys are hidden, for every query.';
      }
      const sum = a.weights.reduce((s, v) => s + v, 0);
      if (Math.abs(sum - 1) > Math.max(e.tolerance, 0.005) * a.weights.length)
        return `The hidden keys are right, but the remaining weights add up to ${fmt(sum)}, not 1: softmax runs over the visible keys only.`;
      return 'The hidden keys are right: now take the softmax of the visible scaled scores only.';
    }
    case 'why_scale':
      return e.answer.type === 'number'
        ? 'Take the softmax of the raw scores exactly as given (no division): subtract the largest, exponentiate, divide by the sum; the answer is the biggest weight.'
        : 'Think about what exp does to differences of 10 or 20 between scores.';
    case 'multihead_shapes': {
      const wrong = Object.keys(e.answer.shapes).filter((n) => a.shapes[n]?.[0] !== e.answer.shapes[n][0] || a.shapes[n]?.[1] !== e.answer.shapes[n][1]);
      return `Check ${wrong.map(label).join(', ')}: every head has one row per token and d_k (or d_v) columns; the concatenation puts the h heads side by side; W_O maps it to the output width.`;
    }
    case 'layer_norm_cell':
      return 'Find the mean of the row and its variance (the average of the squared distances from the mean), then (x − mean) / √(variance + ε), times γ, plus β.';
    case 'residual_sum':
      return 'A residual connection adds the sub-layer’s output to its input, number by number.';
    case 'ffn_cell':
      return `Multiply the row by the column of W_ff1 entry by entry, add the products and the bias, then apply ${g.activation === 'gelu' ? 'GELU' : 'ReLU (negative → 0)'}.`;
    case 'cross_shapes':
      return 'Queries come from the target (n rows); keys and values from the source (m rows); scores are n × m.';
    case 'static_contextual':
      return 'Compare the two x rows, then the two z rows: which pair is equal?';
    case 'bahdanau_alignment':
      return 'Compute s·W_1 and h·W_2 (row times matrix), add them, take tanh of each entry, then multiply by v_a entry by entry and add.';
    case 'mask_purpose':
      return 'Look at which keys are hidden: the tokens after the query, or <PAD> positions?';
    case 'sinusoidal_entry':
      return 'Column c uses i = ⌊c/2⌋: angle = p / 10000^(2i/d_model); even columns take sin(angle), odd ones cos(angle).';
    default:
      return 'Not quite: try again.';
  }
}

/** Short text of an answer, to 4 decimals: the attempt log, the worked solution, the instructor's key, the worksheet. */
export function describeAnswer(a, exercise) {
  switch (a.type) {
    case 'number': return decimals4(a.value);
    case 'vector': return a.values.map(decimals4).join(', ');
    case 'choice': return exercise.answer.choices[a.index] ?? String(a.index);
    case 'mask': return a.weights.map((v, k) => (a.zeros.includes(k) ? '0 (hidden)' : decimals4(v))).join(', ');
    case 'shapes': return Object.entries(a.shapes).map(([n, [r, c]]) => `${label(n)} ${r} × ${c}`).join(', ');
    default: return '';
  }
}
