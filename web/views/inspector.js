// The inspector: the arithmetic behind the selected cell, with the live numbers from the engine
// (explainScore, explainSoftmax, explainOutput, explainProjection): the page multiplies nothing itself.
import { shownExact as f, parseNumber } from '../numbers.js';
import { t as say } from '../i18n/i18n.js';
import { localizeDigits } from '../i18n/numerals.js';
import { setHtml } from './dom.js';
import { MATRICES } from '../registry.js';
import { explainLayerCell } from './layer-inspector.js';
import { layerTitle } from './layer-views.js';

import { escapeHtml as esc } from '../lib/escape.js';
const tok = (s) => `<b class="tok">${esc(s)}</b>`;
// every number as the page's language writes it
const paren = (v) => (v < 0 ? `(${f(v)})` : f(v));

// The lines of a score's arithmetic, by the lesson's score function (core/explain.hpp): every sum shown is the sum
// of the terms shown, and the last line is the score.
function scoreArithmetic(e, t) {
  const qi = `q<sub>${esc(t[e.i])}</sub>`, kj = `k<sub>${esc(t[e.j])}</sub>`;
  const terms = e.terms.map((x) => `${paren(x.a)}×${paren(x.b)}`).join(' + ');
  const products = `<p class="arith">${terms}</p><p class="arith">= ${e.terms.map((x) => paren(x.product)).join(' + ')}</p>`;
  if (e.score === 'cosine') {
    return `<p>${say('inspector.score.cosine', { q: qi, k: kj })}</p>`
      + `${products}<p class="arith">= ${f(e.dot)}</p>`
      + `<p class="arith">${f(e.dot)} ÷ (|${qi}| × |${kj}|) = ${f(e.dot)} ÷ (${f(e.qNorm)} × ${f(e.kNorm)})</p><p class="arith result">= ${f(e.sum)}</p>`;
  }
  if (e.score === 'general') {
    return `<p>${say('inspector.score.general', { q: qi, k: kj })}</p>`
      + `${products}<p class="arith result">= ${f(e.sum)}</p>`;
  }
  if (!e.terms.length) {
    const how = e.score === 'additive' ? `v<sub>a</sub> · tanh(${qi} W<sub>1</sub> + ${kj} W<sub>2</sub>)` : say('inspector.score.location', { q: qi, position: e.j + 1 });
    return `<p>${say('inspector.score.other', { how })}</p><p class="arith result">= ${f(e.sum)}</p>`;
  }
  return `<p>${say('inspector.score.dot', { q: qi, k: kj })}</p>${products}<p class="arith result">= ${f(e.sum)}</p>`;
}

const INPUTS = ['X', 'W_Q', 'W_K', 'W_V', 'W_O'];

export class Inspector {
  /** options: {onClose() (the selection goes), onEdit(matrix, row, col, value) (an input cell typed here)} */
  constructor(container, options = {}) {
    this.options = options;
    this.el = document.createElement('section');
    this.el.className = 'inspector';
    this.el.setAttribute('aria-label', say('inspector.title'));
    this.el.setAttribute('aria-live', 'polite');
    container.append(this.el);
    // On a phone the inspector is a bottom sheet over the cards: it closes, and an input cell is edited right here
    // (one tap on the cell, then type) instead of by a double tap nobody finds.
    this.el.addEventListener('click', (e) => { if (e.target.closest('.inspector-close')) options.onClose?.(); });
    this.el.addEventListener('submit', (e) => {
      e.preventDefault();
      const form = e.target, s = this.selection, parsed = parseNumber(form.elements.value.value.replace(/^\s*–/, '-'));
      const problem = form.querySelector('.edit-problem');
      if (!parsed.ok) { problem.textContent = localizeDigits(say('inspector.typeNumber')); return; }
      problem.textContent = '';
      options.onEdit?.(s.matrix, s.row, s.col, parsed.value);
    });
  }

  /** The edit form for an input cell a student may change. */
  editForm(s, value) {
    return `<form class="inspector-edit" novalidate><label>${say('inspector.newValue')} <input name="value" inputmode="decimal" autocomplete="off" value="${esc(localizeDigits(String(value)))}"></label>`
      + `<button type="submit">${say('inspector.set')}</button><span class="edit-problem" role="alert"></span></form>`;
  }

  /** data: {selection, trace, explain: {score, softmax, output, projection}, pendingFrom: the first row not generated yet at the causal decoding step shown, or null, locked: inputs not to offer for editing} */
  update({ selection, trace, explain, pendingFrom = null, locked = [] }) {
    const s = selection;
    this.selection = s;
    this.el.classList.toggle('has-selection', Boolean(s && trace));
    let html = `<h2>${say('inspector.title')}</h2>${s && trace ? `<button type="button" class="inspector-close" aria-label="${say('inspector.close')}">✕</button>` : ''}`;
    if (!s || !trace) {
      html += `<p class="hint">${say('inspector.hint')}</p>`;
      setHtml(this.el, html);
      return;
    }
    const t = trace.tokens;
    const headNote = trace.heads > 1 ? ` <span class="muted">${say('inspector.head', { head: s.head + 1 })}</span>` : '';
    // the heatmaps show "…" for rows not generated yet: the inspector does not give their numbers away either
    if (pendingFrom !== null && s.row >= pendingFrom && ['weights', 'Z'].includes(s.matrix)) {
      html += `<p class="hint pending-row">${say(s.matrix === 'Z' ? 'inspector.pendingOutput' : 'inspector.pendingWeights', { token: tok(t[s.row]), step: pendingFrom })}</p>`;
      setHtml(this.el, html);
      return;
    }
    // the engine's explanation of the cell (one that comes from the page's worker is {pending: true} at first)
    const asked = (e, draw) => (e?.pending ? `<p class="hint" data-pending="true">${say('inspector.asking')}</p>` : draw(e));
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
      html += `<p class="hint">${say('inspector.nothing', { message: esc(err.message) })}</p>`;
    }
    setHtml(this.el, html);
  }

  score(e, t, trace) {
    let h = `<h3>${say('inspector.score.title', { query: tok(t[e.i]), key: tok(t[e.j]) })}</h3>`;
    h += scoreArithmetic(e, t);
    h += trace.scale === 'none' // the engine's scale rule (a √d_k of 1 still divides)
      ? `<p>${say('inspector.score.scalingOff')}</p>`
      : `<p>${say('inspector.score.scaled', { arithmetic: `${f(e.sum)} ÷ ${f(e.divisor)} = <b>${f(e.scaled)}</b>` })}</p>`;
    if (e.hidden) h += `<p class="warn">${say('inspector.score.hidden', { key: tok(t[e.j]), query: tok(t[e.i]) })}</p>`;
    return h;
  }

  softmax(e, t, col) {
    let h = `<h3>${say('inspector.softmax.title', { token: tok(t[e.i]) })}</h3>`;
    if (e.empty) return h + `<p class="warn">${say('inspector.softmax.empty', { token: tok(t[e.i]) })}</p>`;
    h += `<p>${say('inspector.softmax.subtract', { max: f(e.max) })}</p>`;
    h += `<p>${say('inspector.softmax.steps')}</p><table class="explain"><thead><tr><th>${say('inspector.key')}</th><th>${say('inspector.softmax.shifted')}</th><th>exp</th><th>${say('inspector.weight')}</th></tr></thead><tbody>`;
    e.exp.forEach((x, j) => {
      const cls = j === col ? ' class="sel"' : '';
      h += e.hidden[j]
        ? `<tr${cls}><td>${esc(t[j])}</td><td colspan="3" class="muted">${say('inspector.softmax.hiddenRow')}</td></tr>`
        : `<tr${cls}><td>${esc(t[j])}</td><td>${f(e.shifted[j])}</td><td>${f(x)}</td><td>${f(x)} ÷ ${f(e.sum)} = <b>${f(e.weights[j])}</b></td></tr>`;
    });
    h += `</tbody></table><p>${say('inspector.softmax.sum', { sum: f(e.sum), total: f(e.weights.reduce((a, b) => a + b, 0)) })}</p>`;
    // a row the lesson gave literally (a slide's printed weights): those are the weights used, not the softmax's
    if (e.given?.length) h = `<p class="given-weights">${say('inspector.softmax.givenRow', { weights: e.given.map(f).join('; '), sum: f(e.given.reduce((a, b) => a + b, 0)) })}</p>` + h;
    return h;
  }

  output(e, t) {
    let h = `<h3>${say('inspector.output.title', { col: e.t + 1, z: `z<sub>${esc(t[e.i])}</sub>` })}</h3>`;
    h += `<p>${say('inspector.output.text', { token: tok(t[e.i]), col: e.t + 1 })}</p>`;
    h += `<table class="explain"><thead><tr><th>${say('inspector.key')}</th><th>${say('inspector.weight')}</th><th>${say('inspector.output.timesValue')}</th><th>${say('inspector.output.part')}</th></tr></thead><tbody>`;
    e.terms.forEach((x, j) => { h += `<tr><td>${esc(t[j])}</td><td>${f(x.a)}</td><td>${f(x.b)}</td><td>${f(x.product)}</td></tr>`; });
    h += `</tbody></table><p class="arith result">z = ${f(e.sum)}</p>`;
    return h;
  }

  // (the engine's arithmetic: the page multiplies nothing itself)
  projection(e, s, t) {
    if (!e) return '';
    const terms = e.terms.map((x) => `${paren(x.a)}×${paren(x.b)}`).join(' + ');
    return `<h3>${say(`inspector.projection.${s.matrix}`, { token: tok(t[s.row]), col: s.col + 1 })}</h3><p>${say('inspector.projection.text', { token: tok(t[s.row]), col: e.column + 1, W: `W<sub>${s.matrix}</sub>` })}</p><p class="arith">${terms}</p><p class="arith result">= ${f(e.sum)}</p>`;
  }

  input(s, t, trace) {
    const m = s.matrix === 'X' ? trace.X : ['W_Q', 'W_K', 'W_V', 'W_O'].includes(s.matrix) ? trace.inputs[s.matrix] : null;
    const at = (i, j) => m.data[i * m.cols + j];
    if (s.matrix === 'X') return `<h3>${say('inspector.input.X', { token: tok(t[s.row]), dim: s.col + 1 })}</h3><p>${say('inspector.input.XValue', { value: f(at(s.row, s.col)) })}</p>`;
    if (s.matrix === 'concat') return `<h3>concat</h3><p>${say('inspector.input.concat', { token: tok(t[s.row]), head: Math.floor(s.col / trace.dV) + 1, col: (s.col % trace.dV) + 1 })}</p>`;
    if (s.matrix === 'output') return `<h3>${say('walkthrough.matrix.outputShort')}</h3><p>${say('inspector.input.output', { token: tok(t[s.row]), col: s.col + 1 })}</p>`;
    if (s.matrix === 'mask') return `<h3>${say('inspector.input.mask')}</h3><p>${say(trace.visible[s.row * t.length + s.col] ? 'inspector.input.maySee' : 'inspector.input.mayNotSee', { query: tok(t[s.row]), key: tok(t[s.col]) })}</p>`;
    const layer = MATRICES[s.matrix]?.value;
    if (!m && layer) {
      const lm = layer(trace, s.head);
      return `<h3>${say('inspector.input.cell', { matrix: esc(layerTitle(s.matrix, MATRICES[s.matrix])), row: s.row + 1, col: s.col + 1 })}</h3><p>${say(MATRICES[s.matrix].editable ? 'inspector.input.parameter' : 'inspector.input.value', { value: f(lm.data[s.row * lm.cols + s.col]) })}</p>`;
    }
    if (!m) return '';
    return `<h3>${say('inspector.input.weightCell', { matrix: s.matrix.replace('_', ' '), row: s.row + 1, col: s.col + 1 })}</h3><p>${say('inspector.input.weight', { value: f(at(s.row, s.col)) })}</p>`;
  }
}
