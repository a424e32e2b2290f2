// The rest of the Transformer layer after step 6 (web/registry.js takes these in): add & norm, a decoder's
// cross-attention (score → softmax → sum, then add & norm), the feed-forward network and its add & norm (Vaswani et
// al., section 3; core/layer.hpp computes them). The steps themselves are data in core/steps.json, shared with the
// engine; a step there also says when it applies: `layer` (every lesson with a "layer") or `decoder` (a layer with
// a source and cross-attention weights). Here: their words (explain, formula) and their matrices.
//
// A matrix here also says where its numbers are (value(trace, head)) and what its rows and columns are
// ('tokens', 'source' tokens, model 'dims', FFN 'hidden' units, 'one' row of a vector), so one generic view
// (web/views/layer-views.js) draws them all. `lesson`: the dotted place of an editable matrix in the lesson.

const mi = (x) => `<mi>${x}</mi>`;
const sub = (a, b) => `<msub><mi>${a}</mi><mi>${b}</mi></msub>`;
const math = (body) => `<math display="block"><mrow>${body}</mrow></math>`;
const LN = (k, arg) => `<mi>LN</mi><mn>${k}</mn><mo>(</mo>${arg}<mo>)</mo>`;
const KT = `<msup><mi>K</mi><mi>⊤</mi></msup>`;

/** The words of the layer's steps (their ids, titles, matrices and fields are in core/steps.json). */
export const LAYER_TEXT = {
  add_norm: {
    explain: 'Attention’s output is not used alone: it is added to what went in (a <em>residual connection</em>, so each token keeps ' +
      'its own row and adds what it learned from the others), and the sum is normalised row by row. Layer normalisation ' +
      'subtracts the row’s mean and divides by its standard deviation, so every row has mean 0 and variance 1; the learned ' +
      'γ and β then stretch and shift each column. Pre-norm layers normalise before the attention instead.',
    formula: math(`${mi('x')}<mo>′</mo><mo>=</mo>${LN(1, `${mi('x')}<mo>+</mo><mi>MHA</mi><mo>(</mo>${mi('x')}<mo>)</mo>`)}<mo>,</mo><mspace width="1em"></mspace><mi>LN</mi><mo>(</mo>${sub('x', 'c')}<mo>)</mo><mo>=</mo><mi>γ</mi><mfrac><mrow>${sub('x', 'c')}<mo>−</mo><mi>μ</mi></mrow><msqrt><msup><mi>σ</mi><mn>2</mn></msup><mo>+</mo><mi>ε</mi></msqrt></mfrac><mo>+</mo><mi>β</mi>`),
  },
  cross_score: {
    explain: 'A decoder also looks at the sentence it translates. Its queries come from its own stream (the target tokens so far); ' +
      'the keys and values come from the encoder’s output for the source sentence. So the score table has one row per target ' +
      'token and one column per source token — n × m, not n × n. This is the Transformer’s form of Bahdanau’s encoder–decoder attention.',
    formula: math(`${mi('Q')}<mo>=</mo>${mi('x')}<mo>′</mo>${sub('W', 'Q')}<mo>,</mo><mspace width="0.5em"></mspace>${mi('K')}<mo>=</mo>${sub('X', 'src')}${sub('W', 'K')}<mo>,</mo><mspace width="0.5em"></mspace>${mi('S')}<mo>=</mo><mfrac><mrow>${mi('Q')}${KT}</mrow><msqrt>${sub('d', 'k')}</msqrt></mfrac><mo>∈</mo><msup><mi>ℝ</mi><mrow><mi>n</mi><mo>×</mo><mi>m</mi></mrow></msup>`),
  },
  cross_softmax: {
    explain: 'Each target token’s row of scores becomes weights over the source tokens, exactly as in step 5. A padded source ' +
      'token is hidden: its weight is 0. Read a row to see which source words a target word is translated from.',
    formula: math(`${sub('A', 'ij')}<mo>=</mo><mi>softmax</mi><msub><mo>(</mo><mi>j</mi></msub>${sub('S', 'ij')}<mo>)</mo><mo>,</mo><mspace width="1em"></mspace><mi>i</mi><mo>≤</mo><mi>n</mi><mo>,</mo><mi>j</mi><mo>≤</mo><mi>m</mi>`),
  },
  cross_sum: {
    explain: 'Each target token takes a blend of the source tokens’ value rows, in the proportions of its weights; the heads are ' +
      'laid side by side and W<sub>O</sub> mixes them back to d<sub>model</sub> columns, ready to be added to the stream.',
    formula: math(`${mi('Z')}<mo>=</mo>${mi('A')}<mo>(</mo>${sub('X', 'src')}${sub('W', 'V')}<mo>)</mo><mo>,</mo><mspace width="1em"></mspace><mi>out</mi><mo>=</mo><mi>concat</mi><mo>(</mo>${sub('Z', '1')}<mo>…</mo>${sub('Z', 'h')}<mo>)</mo>${sub('W', 'O')}`),
  },
  cross_norm: {
    explain: 'The cross-attention’s output is added to the stream it read, and the sum is normalised again with its own γ and β.',
    formula: math(`${mi('x')}<mo>″</mo><mo>=</mo>${LN(2, `${mi('x')}<mo>′</mo><mo>+</mo><mi>CrossAttn</mi><mo>(</mo>${mi('x')}<mo>′</mo><mo>,</mo>${sub('X', 'src')}<mo>)</mo>`)}`),
  },
  ffn: {
    explain: 'Attention mixes tokens; the feed-forward network then works on each token alone, the same two small layers for every row. ' +
      'The row is widened to d<sub>ff</sub> hidden units, passed through a nonlinearity (ReLU sets negatives to 0; GELU bends them ' +
      'smoothly), and projected back to d<sub>model</sub>. Most of a Transformer’s parameters live here.',
    formula: math(`<mi>FFN</mi><mo>(</mo>${mi('x')}<mo>)</mo><mo>=</mo><mi>act</mi><mo>(</mo>${mi('x')}${sub('W', 'ff1')}<mo>+</mo>${sub('b', 'ff1')}<mo>)</mo>${sub('W', 'ff2')}<mo>+</mo>${sub('b', 'ff2')}`),
  },
  ffn_norm: {
    explain: 'The last residual connection adds the feed-forward output to its input, and a final layer norm gives the layer’s output: ' +
      'one row per token, d<sub>model</sub> wide, the same shape as X. That is what the next layer reads — a Transformer stacks this block N times.',
    formula: math(`${mi('y')}<mo>=</mo>${LN('', `${mi('x')}<mo>+</mo><mi>FFN</mi><mo>(</mo>${mi('x')}<mo>)</mo>`)}<mo>∈</mo><msup><mi>ℝ</mi><mrow><mi>n</mi><mo>×</mo>${sub('d', 'model')}</mrow></msup>`),
  },
};

const decoder = (t) => Boolean(t.cross);
// The feed-forward sub-layer is the second (encoder) or third (decoder): its sum and norm.
const ffnK = (t) => (decoder(t) ? 3 : 2);
const input = (name) => (t) => t.inputs[name];
// What sub-layer k read and added to: post-norm, the stream after norm k−1; pre-norm, norm k's output.
export function streamBefore(t, k) {
  const l = t.layer;
  if (k === 1) return l.input;
  return l.norm === 'post' ? l[`norm${k - 1}`].output : l[`sum${k - 1}`];
}
export const sublayerInput = (t, k) => (t.layer.norm === 'pre' ? t.layer[`norm${k}`].output : streamBefore(t, k));

const tokens = 'tokens', dims = 'dims', one = 'one';
const vec = (name, title, label) => ({ label, title, rows: one, cols: dims, value: input(name), editable: true, lesson: name });
export const LAYER_MATRICES = {
  P: { label: 'P (positions)', title: 'P (positions)', rows: tokens, cols: dims, value: (t) => t.P },
  X_plus_P: { label: 'X + P', title: 'X + P', rows: tokens, cols: dims, value: (t) => t.XplusP },
  attention: { label: 'MHA(x): attention’s output', title: 'attention output', rows: tokens, cols: dims, value: (t) => t.layer.attention },
  sum1: { label: 'x + MHA(x)', title: 'sum1 (residual)', rows: tokens, cols: dims, value: (t) => t.layer.sum1 },
  norm1: { label: 'LN<sub>1</sub>', title: 'norm1', rows: tokens, cols: dims, value: (t) => t.layer.norm1.output },
  'layer.ln1.gamma': vec('layer.ln1.gamma', 'γ1 (ln1.gamma)', 'γ<sub>1</sub>'),
  'layer.ln1.beta': vec('layer.ln1.beta', 'β1 (ln1.beta)', 'β<sub>1</sub>'),
  'source.X': { label: 'X<sub>src</sub> (encoder output)', title: 'source.X', rows: 'source', cols: dims, value: (t) => t.source.X, editable: true, lesson: 'source.X' },
  'cross.W_Q': { label: 'W<sub>Q</sub> (cross)', title: 'cross.W_Q', rows: dims, cols: 'headsK', value: input('cross.W_Q'), editable: true, lesson: 'cross.W_Q' },
  'cross.W_K': { label: 'W<sub>K</sub> (cross)', title: 'cross.W_K', rows: dims, cols: 'headsK', value: input('cross.W_K'), editable: true, lesson: 'cross.W_K' },
  'cross.W_V': { label: 'W<sub>V</sub> (cross)', title: 'cross.W_V', rows: dims, cols: 'headsV', value: input('cross.W_V'), editable: true, lesson: 'cross.W_V' },
  'cross.W_O': { label: 'W<sub>O</sub> (cross)', title: 'cross.W_O', rows: 'headsV', cols: dims, value: input('cross.W_O'), editable: true, lesson: 'cross.W_O' },
  cross_scores: { label: 'cross scores QK<sup>⊤</sup>/√d<sub>k</sub>', title: 'cross-attention scores', rows: tokens, cols: 'source', perHead: true, value: (t, h) => t.cross.headTraces[h].scaled },
  cross_weights: { label: 'cross weights A', title: 'cross-attention weights', rows: tokens, cols: 'source', perHead: true, value: (t, h) => t.cross.headTraces[h].weights, scale: 'sequential', digits: 3 },
  cross_Z: { label: 'Z (cross)', title: 'cross-attention Z', rows: tokens, cols: 'dV', perHead: true, value: (t, h) => t.cross.headTraces[h].Z },
  cross_output: { label: 'cross-attention output', title: 'cross-attention output', rows: tokens, cols: dims, value: (t) => t.cross.output },
  cross_in: { label: 'x′ (the stream it read)', title: 'stream before cross-attention', rows: tokens, cols: dims, value: (t) => streamBefore(t, 2) },
  sum2: { label: 'x′ + CrossAttn', title: 'sum2 (residual)', rows: tokens, cols: dims, value: (t) => t.layer.sum2 },
  norm2: { label: 'LN<sub>2</sub>', title: 'norm2', rows: tokens, cols: dims, value: (t) => t.layer.norm2.output },
  'layer.ln2.gamma': vec('layer.ln2.gamma', 'γ2 (ln2.gamma)', 'γ<sub>2</sub>'),
  'layer.ln2.beta': vec('layer.ln2.beta', 'β2 (ln2.beta)', 'β<sub>2</sub>'),
  ffn_in: { label: 'x (what the FFN reads)', title: 'FFN input', rows: tokens, cols: dims, value: (t) => sublayerInput(t, ffnK(t)) },
  'layer.W_ff1': { label: 'W<sub>ff1</sub>', title: 'W_ff1', rows: dims, cols: 'hidden', value: input('layer.W_ff1'), editable: true, lesson: 'layer.W_ff1' },
  'layer.b_ff1': { label: 'b<sub>ff1</sub>', title: 'b_ff1', rows: one, cols: 'hidden', value: input('layer.b_ff1'), editable: true, lesson: 'layer.b_ff1' },
  ffn_hidden: { label: 'x W<sub>ff1</sub> + b<sub>ff1</sub>', title: 'ffn_hidden (pre-activation)', rows: tokens, cols: 'hidden', value: (t) => t.layer.ffnHidden },
  ffn_activated: { label: 'act(…)', title: 'ffn_activated', rows: tokens, cols: 'hidden', value: (t) => t.layer.ffnActivated },
  'layer.W_ff2': { label: 'W<sub>ff2</sub>', title: 'W_ff2', rows: 'hidden', cols: dims, value: input('layer.W_ff2'), editable: true, lesson: 'layer.W_ff2' },
  'layer.b_ff2': { label: 'b<sub>ff2</sub>', title: 'b_ff2', rows: one, cols: dims, value: input('layer.b_ff2'), editable: true, lesson: 'layer.b_ff2' },
  ffn_output: { label: 'FFN(x)', title: 'ffn_output', rows: tokens, cols: dims, value: (t) => t.layer.ffnOutput },
  ffn_sum: { label: 'x + FFN(x)', title: 'the last residual sum', rows: tokens, cols: dims, value: (t) => t.layer[`sum${ffnK(t)}`] },
  ffn_gamma: { label: 'γ (last norm)', title: 'γ of the last norm', rows: one, cols: dims, value: (t) => t.inputs[`layer.ln${ffnK(t)}.gamma`], editable: true, lesson: (t) => `layer.ln${ffnK(t)}.gamma` },
  ffn_beta: { label: 'β (last norm)', title: 'β of the last norm', rows: one, cols: dims, value: (t) => t.inputs[`layer.ln${ffnK(t)}.beta`], editable: true, lesson: (t) => `layer.ln${ffnK(t)}.beta` },
  ffn_normed: { label: 'LN (last norm)', title: 'the last norm', rows: tokens, cols: dims, value: (t) => t.layer[`norm${ffnK(t)}`].output },
  layer_output: { label: 'layer output', title: 'layer.output', rows: tokens, cols: dims, value: (t) => t.layer.output },
};

/** Rows or columns of a kind, counted in this trace. */
export function extent(t, kind) {
  switch (kind) {
    case 'tokens': return t.tokens.length;
    case 'source': return t.source?.tokens.length ?? 0;
    case 'dims': return t.dModel;
    case 'one': return 1;
    case 'hidden': return t.inputs['layer.W_ff1']?.cols ?? 0;
    case 'headsK': return t.heads * (t.cross?.dK ?? t.dK);
    case 'headsV': return t.heads * (t.cross?.dV ?? t.dV);
    case 'dV': return t.cross?.dV ?? t.dV;
    default: return 0;
  }
}

/** Whether a step of the registry is drawn for this trace (the six steps always are). */
export function stepApplies(step, t) {
  if (step.applies === 'layer') return Boolean(t.layer);
  if (step.applies === 'decoder') return Boolean(t.layer && t.cross);
  return true;
}

/** The lesson field an editable layer matrix is stored in ("layer.ln2.gamma"). */
export const lessonPlace = (name, t) => {
  const m = LAYER_MATRICES[name];
  return typeof m?.lesson === 'function' ? m.lesson(t) : m?.lesson ?? name;
};

const count = (n) => Array.from({ length: n }, (_, j) => String(j + 1));
const headCols = (n, per) => Array.from({ length: n }, (_, j) => (n > per ? `${Math.floor(j / per) + 1}.${(j % per) + 1}` : String(j + 1)));

/** Row or column labels of a kind (registry-layer.js) in this trace. */
export function labelsOf(t, kind) {
  switch (kind) {
    case 'tokens': return t.tokens;
    case 'source': return t.source?.tokens ?? [];
    case 'one': return ['·'];
    case 'headsK': return headCols(extent(t, kind), t.cross?.dK ?? t.dK);
    case 'headsV': return headCols(extent(t, kind), t.cross?.dV ?? t.dV);
    default: return count(extent(t, kind));
  }
}

