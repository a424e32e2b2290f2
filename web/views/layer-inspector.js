// The inspector's page for a cell of the Transformer layer: a layer norm (mean, variance, normalised value, γ, β),
// a feed-forward cell term by term, a cross-attention score, a residual sum. The arithmetic is the engine's
// (explainNorm, explainFfnHidden, explainFfnOutput, explainCrossScore); a residual sum shows the two numbers the
// engine added, read from the trace. The page multiplies nothing itself.
import { shownExact as f } from '../numbers.js';
import { t as say } from '../i18n/i18n.js';
import { localizeDigits } from '../i18n/numerals.js';
import { escapeHtml as esc } from '../lib/escape.js';
import { streamBefore } from '../registry-layer.js';

const tok = (s) => `<b class="tok">${esc(s)}</b>`;
const paren = (v) => (v < 0 ? `(${f(v)})` : f(v));
const at = (m, i, j) => m.data[i * m.cols + j];
const NORMS = { norm1: 1, norm2: 2, norm3: 3, ffn_normed: null };
const SUMS = { sum1: 1, sum2: 2, sum3: 3, ffn_sum: null };
const SUBLAYER = ['', 'attention', 'crossAttention', 'feedForward'];

function norm(e, t, k) {
  const row = e.row.map(paren).join(', ');
  return `<h3>${say('inspector.layer.normTitle', { k, token: tok(t[e.i]), col: e.c + 1 })}</h3>
    <p>${say('inspector.layer.normRow', { row: `[${row}]` })}</p>
    <p class="arith">${say('inspector.layer.meanVariance', { mean: f(e.mean), variance: f(e.var) })}</p>
    <p class="arith">(x − μ) / √(σ² + ε) = (${f(e.x)} − ${paren(e.mean)}) / √(${f(e.var)} + ${localizeDigits(String(e.eps))}) = ${f(e.x - e.mean)} / ${f(e.root)} = <b>${f(e.normalized)}</b></p>
    <p class="arith">× γ + β = ${paren(e.normalized)} × ${paren(e.gamma)} + ${paren(e.beta)}</p><p class="arith result">= ${f(e.output)}</p>`;
}

function ffn(e, t, s, hidden, activation) {
  const terms = e.terms.map((x) => `${paren(x.a)}×${paren(x.b)}`).join(' + ');
  let h = `<h3>${say(hidden ? 'inspector.layer.ffnHiddenTitle' : 'inspector.layer.ffnOutputTitle', { token: tok(t[s.row]), col: s.col + 1 })}</h3><p>${say(hidden ? 'inspector.layer.ffnHidden' : 'inspector.layer.ffnOutput', { col: s.col + 1 })}</p>
    <p class="arith">${terms} + ${paren(e.bias)}</p><p class="arith result">= ${f(e.sum)}</p>`;
  if (hidden) h += `<p>${activation === 'gelu' ? 'GELU' : 'ReLU'}(${f(e.sum)}) = <b>${f(e.activated)}</b>${activation === 'relu' && e.sum < 0 ? ` ${say('inspector.layer.reluZero')}` : ''}</p>`;
  return h;
}

function crossScore(e, t, src) {
  const terms = e.terms.map((x) => `${paren(x.a)}×${paren(x.b)}`).join(' + ');
  let h = `<h3>${say('inspector.layer.crossTitle', { target: tok(t[e.i]), source: tok(src[e.j]) })}</h3>
    <p>${say('inspector.layer.crossText')}</p><p class="arith">${terms}</p><p class="arith">= ${f(e.sum)}</p>
    <p>${say('inspector.score.scaled', { arithmetic: `${f(e.sum)} ÷ ${f(e.divisor)} = <b>${f(e.scaled)}</b>` })}</p>`;
  if (e.hidden) h += `<p class="warn">${say('inspector.layer.padding', { token: tok(src[e.j]) })}</p>`;
  return h;
}

function residual(trace, k, s) {
  const t = trace.tokens, l = trace.layer;
  const a = at(streamBefore(trace, k), s.row, s.col);
  const sub = [null, l.attention, l.crossAttention, l.ffnOutput][trace.cross ? k : k === 2 ? 3 : 1];
  const sum = at(l[`sum${k}`], s.row, s.col);
  return `<h3>${say('inspector.layer.residualTitle', { token: tok(t[s.row]), col: s.col + 1 })}</h3><p>${say(`inspector.layer.residual.${SUBLAYER[trace.cross ? k : k === 2 ? 3 : 1]}`)}</p>
    <p class="arith">${paren(a)} + ${paren(at(sub, s.row, s.col))}</p><p class="arith result">= ${f(sum)}</p>`;
}

/**
 * HTML for a selected cell of the layer's matrices, or null when the selection is not one of them. `shown(e, draw)`
 * (the inspector's) draws an explanation, or says it is on its way when the page's worker is still answering.
 */
export function explainLayerCell(s, trace, explain, shown = (e, draw) => draw(e)) {
  const t = trace.tokens, lastK = trace.cross ? 3 : 2;
  if (s.matrix in NORMS && trace.layer) {
    const k = NORMS[s.matrix] ?? lastK;
    return shown(explain.norm(k, s.row, s.col), (e) => norm(e, t, k));
  }
  if (s.matrix in SUMS && trace.layer) return residual(trace, SUMS[s.matrix] ?? lastK, s);
  if (s.matrix === 'ffn_hidden' || s.matrix === 'ffn_activated') return shown(explain.ffnHidden(s.row, s.col), (e) => ffn(e, t, s, true, trace.layer.activation));
  if (s.matrix === 'ffn_output') return shown(explain.ffnOutput(s.row, s.col), (e) => ffn(e, t, s, false));
  if (s.matrix === 'cross_scores') return shown(explain.crossScore(s.head, s.row, s.col), (e) => crossScore(e, t, trace.source.tokens) + (trace.heads > 1 ? ` <span class="muted">${say('inspector.head', { head: s.head + 1 })}</span>` : ''));
  if (s.matrix === 'layer_output') return `<h3>${say('inspector.layer.outputTitle', { token: tok(t[s.row]), col: s.col + 1 })}</h3><p>${say(trace.layer.norm === 'post' ? 'inspector.layer.outputPost' : 'inspector.layer.outputPre', { value: `<b>${f(at(trace.layer.output, s.row, s.col))}</b>`, token: tok(t[s.row]) })}</p>`;
  return null;
}
