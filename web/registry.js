// Steps and matrices as data, read by the walkthrough (cards, heatmaps, problems next to their step), the exercise
// page's visible steps, export, the instructor's locks and the link's view fields. Adding a step is one entry in
// core/steps.json (and its matrices in MATRICES, its words in TEXT), one view (web/views/step-views.js) and one
// engine function.
//
// A step: {id, title, matrices: the trace fields it shows, fields: the lesson fields whose problems are shown on its
// card} from core/steps.json — the engine reads the same file, so a link names the steps the page has — plus its
// words here: {explain, formula}. The formula is MathML (Chromium renders MathML Core natively, so no typesetter
// ships with the page).
import STEP_DATA from '../core/steps.json' with { type: 'json' };
// A matrix: {label (HTML), title (plain text), shape(trace) → [rows, cols], perHead, editable (an input students
// edit, so an instructor may lock it), scale ('diverging' | 'sequential'), digits}.

const mi = (x) => `<mi>${x}</mi>`;
const sub = (a, b) => `<msub><mi>${a}</mi><mi>${b}</mi></msub>`;
const math = (body) => `<math display="block"><mrow>${body}</mrow></math>`;
const sqrtDk = `<msqrt>${sub('d', 'k')}</msqrt>`;
const KT = `<msup><mi>K</mi><mi>⊤</mi></msup>`;

const TEXT = {
  embed: {
    explain: 'The sentence is cut into tokens, and each token gets an id: its position in the vocabulary. ' +
      'Looking that id up turns every token into a row of numbers, its embedding. Stacked together, the rows form X: ' +
      'one row per token, d<sub>model</sub> columns. Nothing here knows about the other words yet — each row describes its token alone.',
    formula: math(`${mi('X')}<mo>=</mo><mrow><mo>[</mo><msub><mi>x</mi><mn>1</mn></msub><mo>;</mo><mo>…</mo><mo>;</mo><msub><mi>x</mi><mi>n</mi></msub><mo>]</mo></mrow><mo>∈</mo><msup><mi>ℝ</mi><mrow><mi>n</mi><mo>×</mo>${sub('d', 'model')}</mrow></msup>`),
  },
  project: {
    explain: 'Three learned matrices give each token three different roles. Its query row says what it is looking for, ' +
      'its key row says what it offers to be found by, and its value row is the content it hands over when it is picked. ' +
      'Each is the same embedding times a different matrix, so the model can learn to match on one thing and pass on another.',
    formula: math(`${mi('Q')}<mo>=</mo>${mi('X')}${sub('W', 'Q')}<mo>,</mo><mspace width="1em"></mspace>${mi('K')}<mo>=</mo>${mi('X')}${sub('W', 'K')}<mo>,</mo><mspace width="1em"></mspace>${mi('V')}<mo>=</mo>${mi('X')}${sub('W', 'V')}`),
  },
  score: {
    explain: 'Every query is compared with every key by a dot product: multiply the two rows number by number and add up. ' +
      'A large result means the query and the key point the same way. Row i of the table holds how strongly token i ' +
      'is drawn to each token of the sentence (rows are queries, columns are keys).',
    formula: math(`${sub('S', 'ij')}<mo>=</mo>${sub('q', 'i')}<mo>·</mo>${sub('k', 'j')}<mo>,</mo><mspace width="1em"></mspace>${mi('S')}<mo>=</mo>${mi('Q')}${KT}`),
  },
  scale: {
    explain: 'A dot product of long vectors adds up many terms, so its size grows with d<sub>k</sub>. Fed to softmax as they are, big ' +
      'scores make one key take almost all the weight and the others almost none, which stalls learning. Dividing every ' +
      'score by √d<sub>k</sub> keeps them in a moderate range. The order within a row never changes; only the gaps shrink. ' +
      'Switch scaling off to compare.',
    formula: math(`<mfrac>${mi('S')}${sqrtDk}</mfrac><mo>=</mo><mfrac><mrow>${mi('Q')}${KT}</mrow>${sqrtDk}</mfrac>`),
  },
  softmax: {
    explain: 'Softmax turns each row of scaled scores into weights: subtract the row’s largest score (so nothing overflows), ' +
      'take the exponential of each, and divide by their sum. Every weight is then between 0 and 1 and each row adds up to 1. ' +
      'A mask can hide keys before this step: a hidden key gets weight exactly 0, and the rest share the whole weight.',
    formula: math(`${sub('A', 'ij')}<mo>=</mo><mfrac><msup><mi>e</mi><mrow>${sub('s', 'ij')}</mrow></msup><mrow><msub><mo>∑</mo><mi>m</mi></msub><msup><mi>e</mi><mrow>${sub('s', 'im')}</mrow></msup></mrow></mfrac><mo>,</mo><mspace width="1em"></mspace>${mi('A')}<mo>=</mo><mi>softmax</mi><mo>(</mo><mfrac><mrow>${mi('Q')}${KT}</mrow>${sqrtDk}</mfrac><mo>)</mo>`),
  },
  sum: {
    explain: 'Each token’s new representation is a blend of all value rows, mixed in the proportions its weights row gives. ' +
      'A token that put 0.7 of its weight on “dog” ends up mostly carrying dog’s value. The result Z has one row per token, ' +
      'now shaped by its context. With several heads, each head blends on its own; their outputs are laid side by side and ' +
      'W<sub>O</sub> mixes them into one.',
    formula: math(`${mi('Z')}<mo>=</mo>${mi('A')}${mi('V')}<mo>,</mo><mspace width="1em"></mspace>${sub('z', 'i')}<mo>=</mo><munder><mo>∑</mo><mi>j</mi></munder>${sub('A', 'ij')}${sub('v', 'j')}`),
  },
};

export const STEPS = STEP_DATA.steps.map((step) => ({ ...step, ...TEXT[step.id] }));
export const STEP_IDS = STEPS.map((s) => s.id);
export const stepById = (id) => STEPS.find((s) => s.id === id) ?? null;

const html = (a, b) => `${a}<sub>${b}</sub>`;
const tokens = (t) => t.tokens.length;
const inputShape = (name) => (t) => (t.inputs[name] ? [t.inputs[name].rows, t.inputs[name].cols] : [0, 0]);
export const MATRICES = {
  X: { label: 'X (embeddings)', title: 'X (embeddings)', shape: (t) => [tokens(t), t.dModel], editable: true },
  W_Q: { label: html('W', 'Q'), title: 'W_Q', shape: (t) => [t.dModel, t.heads * t.dK], editable: true },
  W_K: { label: html('W', 'K'), title: 'W_K', shape: (t) => [t.dModel, t.heads * t.dK], editable: true },
  W_V: { label: html('W', 'V'), title: 'W_V', shape: (t) => [t.dModel, t.heads * t.dV], editable: true },
  Q: { label: 'Q', title: 'Q', shape: (t) => [tokens(t), t.dK], perHead: true },
  K: { label: 'K', title: 'K', shape: (t) => [tokens(t), t.dK], perHead: true },
  V: { label: 'V', title: 'V', shape: (t) => [tokens(t), t.dV], perHead: true },
  scores: { label: 'QK<sup>⊤</sup>', title: 'scores = Q·Kᵀ', shape: (t) => [tokens(t), tokens(t)], perHead: true, masked: true },
  scaled: { label: 'QK<sup>⊤</sup> / √d<sub>k</sub>', title: 'scaled = scores / divisor', shape: (t) => [tokens(t), tokens(t)], perHead: true, masked: true },
  weights: { label: 'weights A', title: 'weights A = softmax', shape: (t) => [tokens(t), tokens(t)], perHead: true, masked: true, scale: 'sequential', digits: 3 },
  mask: { label: 'mask', title: 'mask', shape: (t) => [tokens(t), tokens(t)] },
  Z: { label: 'Z', title: 'Z = A·V', shape: (t) => [tokens(t), t.dV], perHead: true },
  concat: { label: 'concat(Z<sub>1</sub> … Z<sub>h</sub>)', title: 'concat', shape: (t) => [tokens(t), t.heads * t.dV] },
  W_O: { label: html('W', 'O'), title: 'W_O', shape: inputShape('W_O'), editable: true },
  output: { label: 'output = concat · W<sub>O</sub>', title: 'output', shape: (t) => [t.output.rows, t.output.cols] },
};
for (const m of Object.values(MATRICES)) {
  m.scale ??= 'diverging';
  m.digits ??= 2;
}
/** The matrices students edit (the lesson's inputs), in pipeline order. */
export const INPUTS = Object.keys(MATRICES).filter((name) => MATRICES[name].editable);
/** What an instructor may lock (a link's "lock"): every input, and the controls that are not a matrix. */
export const LOCKABLE = STEP_DATA.lockable;
/** The matrices a cell may be selected in (a link's "sel"). */
export const SELECTABLE = STEP_DATA.selectable;

/** The step whose card shows a problem of this lesson field ("X[0][1]" belongs to embed), or null. */
export function stepOfField(field) {
  const base = String(field).split(/[[.]/)[0];
  return STEPS.find((s) => s.fields.includes(base))?.id ?? null;
}
