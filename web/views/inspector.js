// The inspector: the arithmetic behind the selected cell, with the live numbers from the engine
// (explainScore, explainSoftmax, explainOutput, explainProjection): the page multiplies nothing itself.
import { formatExact as f } from '../numbers.js';
import { setHtml } from './dom.js';
import { MATRICES } from '../registry.js';
import { explainLayerCell } from './layer-inspector.js';

import { escapeHtml as esc } from '../lib/escape.js';
const tok = (s) => `<b class="tok">${esc(s)}</b>`;
const paren = (v) => (v < 0 ? `(${f(v)})` : f(v));

// The lines of a score's arithmetic, by the lesson's score function (core/explain.hpp): every sum shown is the sum
// of the terms shown, and the last line is the score.
function scoreArithmetic(e, t) {
  const qi = `q<sub>${esc(t[e.i])}</sub>`, kj = `k<sub>${esc(t[e.j])}</sub>`;
  const terms = e.terms.map((x) => `${paren(x.a)}×${paren(x.b)}`).join(' + ');
  const products = `<p class="arith">${terms}</p><p class="arith">= ${e.terms.map((x) => paren(x.product)).join(' + ')}</p>`;
  if (e.score === 'cosine') {
    return `<p>The cosine of ${qi} and ${kj}: their dot product (multiply number by number and add) divided by their lengths:</p>`
      + `${products}<p class="arith">= ${f(e.dot)}</p>`
      + `<p class="arith">${f(e.dot)} ÷ (|${qi}| × |${kj}|) = ${f(e.dot)} ÷ (${f(e.qNorm)} × ${f(e.kNorm)})</p><p class="arith result">= ${f(e.sum)}</p>`;
  }
  if (e.score === 'general') {
    return `<p>${qi} · (W<sub>a</sub> ${kj}): the key as W<sub>a</sub> sees it, multiplied by the query number by number and added:</p>`
      + `${products}<p class="arith result">= ${f(e.sum)}</p>`;
  }
  if (!e.terms.length) {
    const how = e.score === 'additive' ? `v<sub>a</sub> · tanh(${qi} W<sub>1</sub> + ${kj} W<sub>2</sub>)` : `(${qi} W<sub>a</sub>)[${e.j + 1}], the key’s position`;
    return `<p>This lesson scores with ${how}:</p><p class="arith result">= ${f(e.sum)}</p>`;
  }
  return `<p>${qi} · ${kj} multiplies the two rows number by number and adds:</p>${products}<p class="arith result">= ${f(e.sum)}</p>`;
}

const INPUTS = ['X', 'W_Q', 'W_K', 'W_V', 'W_O'];

export class Inspector {
  /** options: {onClose() (the selection goes), onEdit(matrix, row, col, value) (an input cell typed here)} */
  constructor(container, options = {}) {
    this.options = options;
    this.el = document.createElement('section');
    this.el.className = 'inspector';
    this.el.setAttribute('aria-label', 'Inspector');
    this.el.setAttribute('aria-live', 'polite');
    container.append(this.el);
    // On a phone the inspector is a bottom sheet over the cards: it closes, and an input cell is edited right here
    // (one tap on the cell, then type) instead of by a double tap nobody finds.
    this.el.addEventListener('click', (e) => { if (e.target.closest('.inspector-close')) options.onClose?.(); });
    this.el.addEventListener('submit', (e) => {
      e.preventDefault();
      const form = e.target, s = this.selection, text = form.elements.value.value.trim().replace(/^[−–]/, '-');
      const v = text === '' ? NaN : Number(text);
      const problem = form.querySelector('.edit-problem');
      if (!Number.isFinite(v)) { problem.textContent = 'Type a number, such as 0.5 or -1.25.'; return; }
      problem.textContent = '';
      options.onEdit?.(s.matrix, s.row, s.col, v);
    });
  }

  /** The edit form for an input cell a student may change. */
  editForm(s, value) {
    return `<form class="inspector-edit" novalidate><label>New value <input name="value" inputmode="decimal" autocomplete="off" value="${esc(String(value))}"></label>`
      + '<button type="submit">Set</button><span class="edit-problem" role="alert"></span></form>';
  }

  /** data: {selection, trace, explain: {score, softmax, output, projection}, pendingFrom: the first row not generated yet at the causal decoding step shown, or null, locked: inputs not to offer for editing} */
  update({ selection, trace, explain, pendingFrom = null, locked = [] }) {
    const s = selection;
    this.selection = s;
    this.el.classList.toggle('has-selection', Boolean(s && trace));
    let html = `<h2>Inspector</h2>${s && trace ? '<button type="button" class="inspector-close" aria-label="Close the inspector">✕</button>' : ''}`;
    if (!s || !trace) {
      html += '<p class="hint">Click any cell (or focus it and press Enter) to see the arithmetic behind it. The same token is then highlighted in every step.</p>';
      setHtml(this.el, html);
      return;
    }
    const t = trace.tokens;
    const headNote = trace.heads > 1 ? ` <span class="muted">(head ${s.head + 1})</span>` : '';
    // the heatmaps show "…" for rows not generated yet: the inspector does not give their numbers away either
    if (pendingFrom !== null && s.row >= pendingFrom && ['weights', 'Z'].includes(s.matrix)) {
      html += `<p class="hint pending-row">${tok(t[s.row])} is not generated yet at decoding step ${pendingFrom}: its row is shown as “…”. Step the decoding forward to see its ${s.matrix === 'Z' ? 'output' : 'weights'}.</p>`;
      setHtml(this.el, html);
      return;
    }
    // the engine's explanation of the cell (one that comes from the page's worker is {pending: true} at first)
    const asked = (e, draw) => (e?.pending ? '<p class="hint" data-pending="true">Asking the engine for the arithmetic of this cell…</p>' : draw(e));
    const shown = (e, draw) => asked(e, (x) => draw(x) + headNote);
    try {
      // (a layer's cell says its head itself where it has one: a layer norm or the FFN has none)
      const layerCell = explainLayerCell(s, trace, explain, asked);
      if (layerCell !== null) html += layerCell;
      else if (['scores', 'scaled'].includes(s.matrix)) html += shown(explain.score(s.head, s.row, s.col), (e) => this.score(e, t, trace));
      else if (s.matrix === 'weights') html += shown(explain.softmax(s.head, s.row), (e) => this.softmax(e, t, s.col));
      else if (s.matrix === 'Z') html += shown(explain.output(s.head, s.row, s.col), (e) => this.output(e, t));
      else if (['Q', 'K', 'V'].includes(s.matrix)) html += shown(explain.projection(s.matrix, s.head, s.row, s.col), (e) => this.projection(e, s, t));
      else html += this.input(s, t, trace);
      const m = s.matrix === 'X' ? trace.X : INPUTS.includes(s.matrix) ? trace.inputs[s.matrix] : null;
      if (m && !locked.includes(s.matrix) && this.options.onEdit) html += this.editForm(s, m.data[s.row * m.cols + s.col]);
    } catch (err) {
      html += `<p class="hint">Nothing to explain for this cell (${esc(err.message)}).</p>`;
    }
    setHtml(this.el, html);
  }

  score(e, t, trace) {
    let h = `<h3>Score: how much ${tok(t[e.i])} is drawn to ${tok(t[e.j])}</h3>`;
    h += scoreArithmetic(e, t);
    h += trace.scale === 'none' // the engine's scale rule (a √d_k of 1 still divides)
      ? '<p>Scaling is off, so the scaled score is the same number.</p>'
      : `<p>Scaled: ${f(e.sum)} ÷ ${f(e.divisor)} = <b>${f(e.scaled)}</b></p>`;
    if (e.hidden) h += `<p class="warn">The mask hides ${tok(t[e.j])} from ${tok(t[e.i])}: this score is replaced by −∞ before softmax, so its weight is exactly 0.</p>`;
    return h;
  }

  softmax(e, t, col) {
    let h = `<h3>Softmax of the row of ${tok(t[e.i])}</h3>`;
    if (e.empty) return h + `<p class="warn">Every key is hidden from ${tok(t[e.i])}, so there is nothing to share the weight among: the row stays all zeros and its output row is zero.</p>`;
    h += `<p>1. Subtract the largest visible score, ${f(e.max)}, so no exponential overflows.</p>`;
    h += `<p>2. Take e to the power of each; 3. add them up; 4. divide each by the sum.</p><table class="explain"><thead><tr><th>key</th><th>score − max</th><th>exp</th><th>weight</th></tr></thead><tbody>`;
    e.exp.forEach((x, j) => {
      const cls = j === col ? ' class="sel"' : '';
      h += e.hidden[j]
        ? `<tr${cls}><td>${esc(t[j])}</td><td colspan="3" class="muted">hidden → 0</td></tr>`
        : `<tr${cls}><td>${esc(t[j])}</td><td>${f(e.shifted[j])}</td><td>${f(x)}</td><td>${f(x)} ÷ ${f(e.sum)} = <b>${f(e.weights[j])}</b></td></tr>`;
    });
    h += `</tbody></table><p>Sum of the exponentials: ${f(e.sum)}. The weights add up to ${f(e.weights.reduce((a, b) => a + b, 0))}.</p>`;
    // a row the lesson gave literally (a slide's printed weights): those are the weights used, not the softmax's
    if (e.given?.length) h = `<p class="given-weights">This row is given by the lesson, as printed: <b>${e.given.map(f).join(', ')}</b> (sum ${f(e.given.reduce((a, b) => a + b, 0))}). Z uses these numbers; the softmax of the scaled scores would give the weights below.</p>` + h;
    return h;
  }

  output(e, t) {
    let h = `<h3>Output: column ${e.t + 1} of z<sub>${esc(t[e.i])}</sub></h3>`;
    h += `<p>The weights of ${tok(t[e.i])} times column ${e.t + 1} of V, added up:</p>`;
    h += '<table class="explain"><thead><tr><th>key</th><th>weight</th><th>× value</th><th>= part</th></tr></thead><tbody>';
    e.terms.forEach((x, j) => { h += `<tr><td>${esc(t[j])}</td><td>${f(x.a)}</td><td>${f(x.b)}</td><td>${f(x.product)}</td></tr>`; });
    h += `</tbody></table><p class="arith result">z = ${f(e.sum)}</p>`;
    return h;
  }

  // (the engine's arithmetic: the page multiplies nothing itself)
  projection(e, s, t) {
    if (!e) return '';
    const terms = e.terms.map((x) => `${paren(x.a)}×${paren(x.b)}`).join(' + ');
    const name = { Q: 'query', K: 'key', V: 'value' }[s.matrix];
    return `<h3>${s.matrix}: the ${name} of ${tok(t[s.row])}, column ${s.col + 1}</h3><p>Row ${tok(t[s.row])} of X times column ${e.column + 1} of W<sub>${s.matrix}</sub>:</p><p class="arith">${terms}</p><p class="arith result">= ${f(e.sum)}</p>`;
  }

  input(s, t, trace) {
    const m = s.matrix === 'X' ? trace.X : ['W_Q', 'W_K', 'W_V', 'W_O'].includes(s.matrix) ? trace.inputs[s.matrix] : null;
    const at = (i, j) => m.data[i * m.cols + j];
    if (s.matrix === 'X') return `<h3>X: embedding of ${tok(t[s.row])}, dimension ${s.col + 1}</h3><p>Value ${f(at(s.row, s.col))}. Press Enter or type to change it: every later step follows.</p>`;
    if (s.matrix === 'concat') return `<h3>Concat</h3><p>Row ${tok(t[s.row])}: the outputs of all heads side by side (head ${Math.floor(s.col / trace.dV) + 1}, column ${(s.col % trace.dV) + 1}).</p>`;
    if (s.matrix === 'output') return `<h3>Output</h3><p>Row ${tok(t[s.row])} of concat times column ${s.col + 1} of W<sub>O</sub>.</p>`;
    if (s.matrix === 'mask') return `<h3>Mask</h3><p>${tok(t[s.row])} ${trace.visible[s.row * t.length + s.col] ? 'may see' : 'may not see'} ${tok(t[s.col])}.</p>`;
    const layer = MATRICES[s.matrix]?.value;
    if (!m && layer) {
      const lm = layer(trace, s.head);
      return `<h3>${esc(MATRICES[s.matrix].title)}: row ${s.row + 1}, column ${s.col + 1}</h3><p>${MATRICES[s.matrix].editable ? 'A learned parameter' : 'Value'}: ${f(lm.data[s.row * lm.cols + s.col])}.${MATRICES[s.matrix].editable ? ' Edit it to see what changes.' : ''}</p>`;
    }
    if (!m) return '';
    return `<h3>${s.matrix.replace('_', ' ')} row ${s.row + 1}, column ${s.col + 1}</h3><p>A learned weight: ${f(at(s.row, s.col))}. Edit it to see what changes.</p>`;
  }
}
