// Checking a student's answer against a generated exercise (core/exercises.cpp): no DOM here.
// read*() turn raw input into an answer of the engine's shape, or a message when it cannot be read
// (that is never a wrong answer and never an attempt); judge() compares it with the key and picks a hint.
// Messages and hints are in the reader's language (say() keeps the English where no language was started).
import { parseNumber } from '../numbers.js';
import { listSeparator, localizeDigits } from '../i18n/numerals.js';
import { choiceText, mistakeHint, say } from './words.js';

const fmt = (v) => String(Number(v.toPrecision(4)));
const shown = (v) => localizeDigits(fmt(v));
// An answer is written to 4 decimals wherever it is shown (the sheet's tables, the key, the worksheet, the LMS): the
// exit ticket's text and its table must agree (issue 14, item 7).
const decimals4 = (v) => String(Math.round(v * 1e4) / 1e4 || 0);
const answerNumber = (v) => localizeDigits(decimals4(v));

/** Why a typed number could not be read, as a sentence (numbers.js gives a code with the text after L1's change). */
function numberProblem(p, raw) {
  const code = p.code ?? (String(raw ?? '').trim() === '' ? 'empty' : 'notNumber');
  const text = p.text ?? String(raw ?? '').trim();
  return say(`exercises.read.${code}`, { text }, capital(p.message) + '.');
}

/** raw: string (number), string[] (vector), number (choice), {zero: bool[], weights: string[]} (mask),
 *  {NAME: [string, string]} (shapes). Returns {ok: true, answer} or {ok: false, message}. */
export function readAnswer(exercise, raw) {
  const type = exercise.answer.type;
  if (type === 'number') {
    const p = parseNumber(raw ?? '');
    return p.ok ? { ok: true, answer: { type, value: p.value } } : { ok: false, message: numberProblem(p, raw) };
  }
  if (type === 'vector') {
    const expected = exercise.answer.values.length;
    const texts = Array.isArray(raw) ? raw : [];
    if (texts.length !== expected) return { ok: false, message: say('exercises.read.giveN', { n: expected }, `Give ${expected} numbers, one per key.`) };
    const empty = texts.filter((t) => String(t ?? '').trim() === '').length;
    if (empty) return { ok: false, message: say('exercises.read.stillEmpty', { total: expected, count: empty }, `Give all ${expected} numbers: ${empty === 1 ? '1 box is' : `${empty} boxes are`} still empty.`) };
    const values = [];
    for (let k = 0; k < texts.length; k++) {
      const p = parseNumber(texts[k]);
      if (!p.ok) return { ok: false, message: say('exercises.read.entry', { n: k + 1, problem: numberProblem(p, texts[k]) }, `Entry ${k + 1}: ${p.message}.`) };
      values.push(p.value);
    }
    return { ok: true, answer: { type, values } };
  }
  if (type === 'choice') {
    const n = exercise.answer.choices.length;
    if (!Number.isInteger(raw) || raw < 0 || raw >= n) return { ok: false, message: say('exercises.read.pickOne', {}, 'Pick one of the options first.') };
    return { ok: true, answer: { type, index: raw } };
  }
  if (type === 'mask') {
    const n = exercise.answer.weights.length;
    const zero = raw?.zero ?? [], texts = raw?.weights ?? [];
    const zeros = [], weights = [];
    for (let k = 0; k < n; k++) {
      if (zero[k]) { zeros.push(k); weights.push(0); continue; }
      const t = String(texts[k] ?? '').trim();
      const name = exercise.given?.tokens?.[k] ?? say('exercises.read.keyN', { n: k + 1 }, `key ${k + 1}`);
      if (t === '') return { ok: false, message: say('exercises.read.maskGive', { name }, `Give a weight for “${name}”, or tick it as hidden (exactly 0).`) };
      const p = parseNumber(t);
      if (!p.ok) return { ok: false, message: say('exercises.read.maskWeight', { name, problem: numberProblem(p, t) }, `Weight of “${name}”: ${p.message}.`) };
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
        if (t === '') return { ok: false, message: say(`exercises.read.${part}Missing`, { name: label(name) }, `Give the ${part} of ${label(name)}.`) };
        if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > 1e6) return { ok: false, message: say(`exercises.read.${part}Whole`, { name: label(name), text: t }, `The ${part} of ${label(name)} must be a whole number like 4 (got “${t}”).`) };
        dims.push(Number(t));
      }
      shapes[name] = dims;
    }
    return { ok: true, answer: { type, shapes } };
  }
  return { ok: false, message: say('exercises.read.cannotCheck', { type }, `This page cannot check answers of type “${type}”.`) };
}

function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
export function label(name) {
  if (name === 'concat') return say('exercises.shapeNames.concat', {}, 'the concatenation');
  if (name === 'scores') return say('exercises.shapeNames.scores', {}, 'the scores');
  return { Q: 'Q_i', K: 'K_i', V: 'V_i', W_O: 'W_O', Z: 'Z' }[name] ?? name;
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
  if (mistake) return { correct: false, hint: mistakeHint(mistake), targeted: true };
  return { correct: false, hint: genericHint(exercise, answer), targeted: false };
}

function genericHint(e, a) {
  const g = e.given ?? {};
  const hint = (key, params, english) => say(`exercises.hints.${key}`, params, english);
  switch (e.kind) {
    case 'score':
      return hint('score', { n: g.q?.length ?? 0 }, `Multiply the ${g.q?.length ?? ''} entries of q and k in pairs (first with first, second with second, …) and add every product; mind the minus signs.`);
    case 'scaled_score':
      return hint('scaledScore', { dk: g.d_k, root: shown(Math.sqrt(g.d_k)) }, `Divide the raw score by √d_k = √${g.d_k} ≈ ${fmt(Math.sqrt(g.d_k))}.`);
    case 'softmax_row': {
      const sum = a.values.reduce((s, v) => s + v, 0);
      if (a.values.some((v) => v < 0)) return hint('softmaxNegative', {}, 'Softmax weights are never negative: exp of any number is positive.');
      if (Math.abs(sum - 1) > Math.max(e.tolerance, 0.005) * a.values.length)
        return hint('softmaxSum', { sum: shown(sum) }, `This row does not sum to 1 (your numbers add up to ${fmt(sum)}): divide each exp by the sum of all of them.`);
      const best = g.scores.indexOf(Math.max(...g.scores));
      if (a.values.indexOf(Math.max(...a.values)) !== best)
        return hint('softmaxOrder', {}, 'The largest score must get the largest weight: softmax keeps the order of the scores.');
      return hint('softmaxOff', {}, 'The row sums to 1, but the weights are off: exponentiate each score (after subtracting the largest), then divide by the sum of the exps.');
    }
    case 'output_cell':
      return hint('outputCell', {}, 'Multiply each attention weight by the value entry of the same key, then add those products.');
    case 'predict_max':
      return hint('predictMax', {}, 'The key with the largest raw score q·k gets the largest weight: scaling and softmax never change the order within a row.');
    case 'mask_zeros': {
      const want = e.answer.zeros;
      if (a.zeros.length !== want.length || !a.zeros.every((z, k) => z === want[k])) {
        return g.mask === 'causal'
          ? hint('maskCausal', {}, 'Under a causal mask a query sees itself and the keys before it; only the keys after it are hidden.')
          : hint('maskPadding', {}, 'Under a padding mask the PAD keys are hidden, for every query.');
      }
      const sum = a.weights.reduce((s, v) => s + v, 0);
      if (Math.abs(sum - 1) > Math.max(e.tolerance, 0.005) * a.weights.length)
        return hint('maskSum', { sum: shown(sum) }, `The hidden keys are right, but the remaining weights add up to ${fmt(sum)}, not 1: softmax runs over the visible keys only.`);
      return hint('maskSoftmax', {}, 'The hidden keys are right: now take the softmax of the visible scaled scores only.');
    }
    case 'why_scale':
      return e.answer.type === 'number'
        ? hint('whyScaleNumber', {}, 'Take the softmax of the raw scores exactly as given (no division): subtract the largest, exponentiate, divide by the sum; the answer is the biggest weight.')
        : hint('whyScaleChoice', {}, 'Think about what exp does to differences of 10 or 20 between scores.');
    case 'multihead_shapes': {
      const wrong = Object.keys(e.answer.shapes).filter((n) => a.shapes[n]?.[0] !== e.answer.shapes[n][0] || a.shapes[n]?.[1] !== e.answer.shapes[n][1]);
      return hint('multiheadShapes', { names: wrong.map(label).join(', ') }, `Check ${wrong.map(label).join(', ')}: every head has one row per token and d_k (or d_v) columns; the concatenation puts the h heads side by side; W_O maps it to the output width.`);
    }
    case 'layer_norm_cell':
      return hint('layerNormCell', {}, 'Find the mean of the row and its variance (the average of the squared distances from the mean), then (x − mean) / √(variance + ε), times γ, plus β.');
    case 'residual_sum':
      return hint('residualSum', {}, 'A residual connection adds the sub-layer’s output to its input, number by number.');
    case 'ffn_cell':
      return g.activation === 'gelu'
        ? hint('ffnCellGelu', {}, 'Multiply the row by the column of W_ff1 entry by entry, add the products and the bias, then apply GELU.')
        : hint('ffnCellRelu', {}, 'Multiply the row by the column of W_ff1 entry by entry, add the products and the bias, then apply ReLU (negative → 0).');
    case 'cross_shapes':
      return hint('crossShapes', {}, 'Queries come from the target (n rows); keys and values from the source (m rows); scores are n × m.');
    case 'static_contextual':
      return hint('staticContextual', {}, 'Compare the two x rows, then the two z rows: which pair is equal?');
    case 'bahdanau_alignment':
      return hint('bahdanauAlignment', {}, 'Compute s·W_1 and h·W_2 (row times matrix), add them, take tanh of each entry, then multiply by v_a entry by entry and add.');
    case 'mask_purpose':
      return hint('maskPurpose', {}, 'Look at which keys are hidden: the tokens after the query, or <PAD> positions?');
    case 'sinusoidal_entry':
      return hint('sinusoidalEntry', {}, 'Column c uses i = ⌊c/2⌋: angle = p / 10000^(2i/d_model); even columns take sin(angle), odd ones cos(angle).');
    default:
      return hint('generic', {}, 'Not quite: try again.');
  }
}

/** Short text of an answer, for the summary line and the attempt log. */
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

/** The same, as the reader reads it: their numerals (a semicolon between numbers where the comma is the decimal
 * separator), a choice in their language. describeAnswer stays canonical for the LMS records (web/lms/runtime.js). */
export function answerInWords(a, exercise) {
  const sep = listSeparator();
  switch (a.type) {
    case 'number': return answerNumber(a.value);
    case 'vector': return a.values.map(answerNumber).join(sep);
    case 'choice': return a.index >= 0 && a.index < (exercise.answer.choices?.length ?? 0) ? choiceText(exercise, a.index) : String(a.index);
    case 'mask': return a.weights.map((v, k) => (a.zeros.includes(k) ? say('exercises.hidden', {}, '0 (hidden)') : answerNumber(v))).join(sep);
    case 'shapes': return Object.entries(a.shapes).map(([n, [r, c]]) => `${label(n)} ${r} × ${c}`).join(', ');
    default: return '';
  }
}
