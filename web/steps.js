// The six walkthrough steps as data: {id, title, tensor, explain, formula}. The formula is MathML
// (Chromium renders MathML Core natively, so no typesetter ships with the page).

const mi = (x) => `<mi>${x}</mi>`;
const sub = (a, b) => `<msub><mi>${a}</mi><mi>${b}</mi></msub>`;
const math = (body) => `<math display="block"><mrow>${body}</mrow></math>`;
const sqrtDk = `<msqrt>${sub('d', 'k')}</msqrt>`;
const KT = `<msup><mi>K</mi><mi>⊤</mi></msup>`;

export const STEPS = [
  {
    id: 'embed', title: 'Embed', tensor: 'X',
    explain: 'The sentence is cut into tokens, and each token gets an id: its position in the vocabulary. ' +
      'Looking that id up turns every token into a row of numbers, its embedding. Stacked together, the rows form X: ' +
      'one row per token, d<sub>model</sub> columns. Nothing here knows about the other words yet — each row describes its token alone.',
    formula: math(`${mi('X')}<mo>=</mo><mrow><mo>[</mo><msub><mi>x</mi><mn>1</mn></msub><mo>;</mo><mo>…</mo><mo>;</mo><msub><mi>x</mi><mi>n</mi></msub><mo>]</mo></mrow><mo>∈</mo><msup><mi>ℝ</mi><mrow><mi>n</mi><mo>×</mo>${sub('d', 'model')}</mrow></msup>`),
  },
  {
    id: 'project', title: 'Project', tensor: 'Q, K, V',
    explain: 'Three learned matrices give each token three different roles. Its query row says what it is looking for, ' +
      'its key row says what it offers to be found by, and its value row is the content it hands over when it is picked. ' +
      'Each is the same embedding times a different matrix, so the model can learn to match on one thing and pass on another.',
    formula: math(`${mi('Q')}<mo>=</mo>${mi('X')}${sub('W', 'Q')}<mo>,</mo><mspace width="1em"></mspace>${mi('K')}<mo>=</mo>${mi('X')}${sub('W', 'K')}<mo>,</mo><mspace width="1em"></mspace>${mi('V')}<mo>=</mo>${mi('X')}${sub('W', 'V')}`),
  },
  {
    id: 'score', title: 'Score', tensor: 'scores',
    explain: 'Every query is compared with every key by a dot product: multiply the two rows number by number and add up. ' +
      'A large result means the query and the key point the same way. Row i of the table holds how strongly token i ' +
      'is drawn to each token of the sentence (rows are queries, columns are keys).',
    formula: math(`${sub('S', 'ij')}<mo>=</mo>${sub('q', 'i')}<mo>·</mo>${sub('k', 'j')}<mo>,</mo><mspace width="1em"></mspace>${mi('S')}<mo>=</mo>${mi('Q')}${KT}`),
  },
  {
    id: 'scale', title: 'Scale', tensor: 'scaled',
    explain: 'A dot product of long vectors adds up many terms, so its size grows with d<sub>k</sub>. Fed to softmax as they are, big ' +
      'scores make one key take almost all the weight and the others almost none, which stalls learning. Dividing every ' +
      'score by √d<sub>k</sub> keeps them in a moderate range. The order within a row never changes; only the gaps shrink. ' +
      'Switch scaling off to compare.',
    formula: math(`<mfrac>${mi('S')}${sqrtDk}</mfrac><mo>=</mo><mfrac><mrow>${mi('Q')}${KT}</mrow>${sqrtDk}</mfrac>`),
  },
  {
    id: 'softmax', title: 'Softmax', tensor: 'weights',
    explain: 'Softmax turns each row of scaled scores into weights: subtract the row’s largest score (so nothing overflows), ' +
      'take the exponential of each, and divide by their sum. Every weight is then between 0 and 1 and each row adds up to 1. ' +
      'A mask can hide keys before this step: a hidden key gets weight exactly 0, and the rest share the whole weight.',
    formula: math(`${sub('A', 'ij')}<mo>=</mo><mfrac><msup><mi>e</mi><mrow>${sub('s', 'ij')}</mrow></msup><mrow><msub><mo>∑</mo><mi>m</mi></msub><msup><mi>e</mi><mrow>${sub('s', 'im')}</mrow></msup></mrow></mfrac><mo>,</mo><mspace width="1em"></mspace>${mi('A')}<mo>=</mo><mi>softmax</mi><mo>(</mo><mfrac><mrow>${mi('Q')}${KT}</mrow>${sqrtDk}</mfrac><mo>)</mo>`),
  },
  {
    id: 'sum', title: 'Sum', tensor: 'Z',
    explain: 'Each token’s new representation is a blend of all value rows, mixed in the proportions its weights row gives. ' +
      'A token that put 0.7 of its weight on “dog” ends up mostly carrying dog’s value. The result Z has one row per token, ' +
      'now shaped by its context. With several heads, each head blends on its own; their outputs are laid side by side and ' +
      'W<sub>O</sub> mixes them into one.',
    formula: math(`${mi('Z')}<mo>=</mo>${mi('A')}${mi('V')}<mo>,</mo><mspace width="1em"></mspace>${sub('z', 'i')}<mo>=</mo><munder><mo>∑</mo><mi>j</mi></munder>${sub('A', 'ij')}${sub('v', 'j')}`),
  },
];
