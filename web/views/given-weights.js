// What the steps say when the lesson gives attention weights literally ("weights", core/given_weights.hpp): which
// rows are given (a slide's printed numbers, shown as printed) and that Z = weights · V is computed from them.
// Read from the trace's givenRows; nothing is computed here.
import { escapeHtml } from '../lib/escape.js';
import { formatExact } from '../numbers.js';

const names = (t, rows) => rows.map((i) => `“<bdi>${escapeHtml(t.tokens[i])}</bdi>”`).join(', ');
const givenRows = (t) => t.headTraces[0]?.givenRows ?? [];

/** Notes for a step ('score', 'scale', 'softmax', 'sum') of a lesson with given weights; [] without. */
export function givenWeightsNotes(t, step) {
  const rows = givenRows(t);
  if (!rows.length) return [];
  const all = rows.length === t.tokens.length;
  const which = all ? 'Every row of the weights is' : `The weights of ${names(t, rows)} are`;
  if (step === 'score' || step === 'scale') {
    return [`<span class="given-weights">${which} given by the lesson, not computed from these scores: the lesson shows the mechanism here, and step 5 the given numbers as printed.</span>`];
  }
  if (step === 'softmax') {
    const w = t.headTraces[0].weights;
    const sums = rows.map((i) => formatExact(Array.from(w.data.subarray(i * w.cols, (i + 1) * w.cols)).reduce((a, b) => a + b, 0)));
    return [`<span class="given-weights">${which} given by the lesson, shown as printed (${rows.length === 1 ? 'its row sums' : 'their rows sum'} to ${sums.join(', ')}: a slide rounds)${all ? '' : '; softmax of the scaled scores gives the other rows'}.</span>`];
  }
  if (step === 'sum') return [`<span class="given-weights">Z = weights · V is computed by the engine from the given weights${all ? '' : ` of ${names(t, rows)}`}: click a cell of Z for its arithmetic.</span>`];
  return [];
}

/** The given row's explanation in the inspector, instead of the softmax's arithmetic. */
export function givenRowText(t, head, row) {
  return givenRows(t).includes(row) && head === 0
    ? `The weights of ${names(t, [row])} are given by the lesson, as printed: they are not the softmax of the scaled scores. The softmax's own numbers follow, for comparison.`
    : null;
}
