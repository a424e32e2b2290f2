// The words of the page: one short explanation per section (HTML), written for a student with the lecture at hand.
export const SECTIONS = [
  {
    id: 'scale',
    title: '1. Why divide by √d<sub>k</sub>?',
    explain: `
<p>A score is a dot product: <i>q</i>·<i>k</i> = <i>q</i><sub>1</sub><i>k</i><sub>1</sub> + … + <i>q</i><sub>d<sub>k</sub></sub><i>k</i><sub>d<sub>k</sub></sub>.
If the entries are independent with mean 0 and variance 1, every product also has variance 1, and variances of independent
terms add up: the score has variance <b>d<sub>k</sub></b>, so its typical size is √d<sub>k</sub>. With d<sub>k</sub> = 512 the
scores of one query spread over roughly ±45 instead of ±2.</p>
<p>The softmax turns differences into ratios: a gap of 10 between two scores is a factor e<sup>10</sup> ≈ 22 000 between their weights.
Large scores therefore make almost every row one-hot. A one-hot softmax is also flat: its derivative, the Jacobian
diag(<i>p</i>) − <i>p</i><i>p</i><sup>⊤</sup>, is close to the zero matrix, so almost no gradient flows back to W<sub>Q</sub> and
W<sub>K</sub> and they stop learning. Dividing every score by √d<sub>k</sub> divides the variance by d<sub>k</sub>, back to about 1,
whatever the size of the head.</p>
<p>The engine draws 200 queries and some keys with standard normal entries (NumPy’s generator, so the same seed gives the
same numbers as <code>np.random.seed</code>) and measures both versions. Drag d<sub>k</sub>: the orange “raw” curves drift into
saturation (largest weight → 1, entropy → 0, gradient → 0) while the blue “scaled” ones stay put.</p>`,
  },
  {
    id: 'precision',
    title: '2. Numerical stability: overflow, max subtraction and masks',
    explain: `
<p>Computers store numbers with a fixed number of bits. In half precision (float16, 16 bits, common on GPUs) the largest
finite number is <b>65504</b>, and e<sup>11.09</sup> is already that large: e<sup>12</sup> ≈ 162 755 becomes ∞. A softmax computed
literally as exp(x<sub>j</sub>) / Σ exp(x) then returns ∞/∞ = NaN, or, when only the sum overflows, weights of 0 that do not add up to 1.
float64 survives up to about e<sup>709</sup>, so the problem hides until the same code runs in 16 bits.</p>
<p>The cure costs nothing: adding the same constant c to every logit multiplies every exp by e<sup>c</sup>, which cancels between
numerator and denominator. Choosing c = −max makes the largest exponent exactly e<sup>0</sup> = 1 and every other one smaller, so
nothing can overflow and the sum lies between 1 and n.</p>
<p>Masking hides keys (padding, or the future in a decoder) by overwriting their scores before the softmax. −∞ gives exp = 0
exactly. A “large negative number” does the same in float64, but in float16 −1e9 and −1e6 do not exist: they are stored as −∞.
The difference shows when <em>every</em> key of a row is hidden: with −∞ the row becomes NaN (−∞ − (−∞) is undefined), with a finite
number it becomes uniform. A value that is too small (−5) lets hidden keys keep some weight. Try ticking all boxes, and each mask.</p>`,
  },
  {
    id: 'contextual',
    title: '3. Static versus contextual embeddings',
    explain: `
<p>A word-embedding table such as Word2Vec’s has one row per word. “bank” gets the same row in <i>“I went to bank for opening an
account”</i> and in <i>“I went to bank of a river for the walk”</i>, although a reader understands two different places. Its static
vector has to be a compromise between money and river.</p>
<p>Self-attention rewrites each word as a weighted average of the sentence’s vectors, the weights saying how well the word’s
query matches each key. Here the table is small and readable: each of its six numbers is a named feature. To keep the
output in the same readable features, Q = K = V = X (W<sub>Q</sub> = W<sub>K</sub> = W<sub>V</sub> = identity) and the scores
are divided by a temperature you choose. The same static “bank” meets “account” and “opening” in one sentence and “river” and
“walk” in the other, so its two outputs lean towards finance and towards nature: their cosine similarity drops below 1.
Edit the sentences or any feature and watch the two vectors move.</p>`,
  },
  {
    id: 'bahdanau',
    title: '4. Bahdanau attention: a fresh context vector at every output step',
    explain: `
<p>A plain encoder–decoder translates by squeezing the whole source sentence into one vector, the encoder’s last state; a long
sentence does not fit. Bahdanau, Cho and Bengio (2015) let the decoder look back instead. At output step <i>i</i> its state
<i>s</i><sub>i</sub> is compared with every encoder state <i>h</i><sub>j</sub> by an <b>alignment function</b>, giving scores
e<sub>ij</sub>; a softmax turns them into weights α<sub>ij</sub> that sum to 1; and the decoder receives the
<b>context vector</b> c<sub>i</sub> = Σ<sub>j</sub> α<sub>ij</sub> h<sub>j</sub>, a mixture dominated by the source words that matter now.</p>
<p>Only the alignment function differs between the classic variants: a plain dot product, the dot product divided by √d (the
Transformer’s choice), a bilinear form s·W·h<sup>⊤</sup> (“general”), a small neural network v<sup>⊤</sup>tanh(W<sub>1</sub>s + W<sub>2</sub>h)
(“additive”, Bahdanau’s own), the cosine of the angle (content-based: length ignored), and a location-based score that looks
only at the decoder state and the source <em>position</em>, not at the source words. W, W<sub>1</sub>, W<sub>2</sub>, v are learned in a
real model; here they are random draws (change the seed), which is why the parameter-free functions find the matching word
and the others do not yet. Step through the output words and compare all six rows.</p>`,
  },
  {
    id: 'training',
    title: '5. Watch attention learn',
    explain: `
<p>Nobody writes W<sub>Q</sub>, W<sub>K</sub> and W<sub>V</sub> by hand: they are learned. BERT learns them by hiding a word and
asking the model to name it (the masked-language-model objective), scoring the answer with cross-entropy — minus the log of
the probability given to the right word — and following the gradient of that loss downhill, computed by backpropagation.</p>
<p>Here is the same recipe at toy size. Each training sentence is three random symbols written twice, like
<code>c a e c a e</code>; one position is replaced by [MASK]. The only way to recover it is to look at its copy three positions
away, so the layer must learn to put the [MASK] row’s attention there. The model: token and position embeddings, one attention
head (W<sub>Q</sub>, W<sub>K</sub>, W<sub>V</sub>, 8 dimensions), and W<sub>O</sub> mapping the [MASK] position’s output to one score per
symbol. The engine computes the gradient by hand, backwards through W<sub>O</sub>, the weighted sum, the softmax, the three
projections and the embeddings (checked against finite differences in its tests), and updates all parameters on 256 sentences
per step. The seed fixes the sentences and the starting parameters, so reset replays exactly the same run.</p>
<p>Press play: the loss starts near ln 6 (a blind guess among six symbols) and falls by orders of magnitude; in the heatmap
the highlighted [MASK] row moves its weight onto the outlined column.</p>`,
  },
];
