// What the steps say when the lesson gives attention weights literally ("weights", core/given_weights.hpp): which
// rows are given (a slide's printed numbers, shown as printed) and that Z = weights · V is computed from them.
// Read from the trace's givenRows; nothing is computed here.
import { escapeHtml } from '../lib/escape.js';
import { shownExact } from '../numbers.js';
import { t as say } from '../i18n/i18n.js';

const names = (t, rows) => rows.map((i) => `“<bdi>${escapeHtml(t.tokens[i])}</bdi>”`).join(', ');
const givenRows = (t) => t.headTraces[0]?.givenRows ?? [];

/** Notes for a step ('score', 'scale', 'softmax', 'sum') of a lesson with given weights; [] without. */
export function givenWeightsNotes(t, step) {
  const rows = givenRows(t);
  if (!rows.length) return [];
  const all = rows.length === t.tokens.length;
  const note = (key, params = {}) => [`<span class="given-weights">${say(`walkthrough.given.${key}${all ? 'All' : 'Some'}`, { tokens: names(t, rows), ...params })}</span>`];
  if (step === 'score' || step === 'scale') return note('scores');
  if (step === 'softmax') {
    const w = t.headTraces[0].weights;
    const sums = rows.map((i) => shownExact(Array.from(w.data.subarray(i * w.cols, (i + 1) * w.cols)).reduce((a, b) => a + b, 0)));
    return note('weights', { sums: sums.join('; ') });
  }
  if (step === 'sum') return note('sum');
  return [];
}
