// Section 4: Bahdanau attention. For the decoder's output step i, every alignment function scores the decoder
// state s_i against each encoder state h_j; a softmax turns the scores into weights α_ij; the context vector
// c_i = Σ_j α_ij h_j is what the decoder receives at that step. All six functions side by side.
import data from './bahdanau-data.json';
import { MatrixGrid } from './grid.js';
import { button, fmt, h, ltr, numberInput, select, slider, textNumber } from './ui.js';
import { t } from '../i18n/i18n.js';

// The engine's alignment functions by the names it gives them, with their message keys (labs.bahdanau.kind…/short…).
const KINDS = { dot: 'Dot', scaled_dot: 'ScaledDot', general: 'General', additive: 'Additive', cosine: 'Cosine', location: 'Location' };
const LABEL = (kind) => t(`labs.bahdanau.kind${KINDS[kind]}`);
const SHORT = (kind) => t(`labs.bahdanau.short${KINDS[kind]}`);
// The encoder's dimensions are named in the page's language; the sentences stay the example's English and French.
const DIMS = { article: 'dimArticle', colour: 'dimColour', animal: 'dimAnimal', action: 'dimAction' };
const dims = () => data.dims.map((d) => (DIMS[d] ? t(`labs.bahdanau.${DIMS[d]}`) : d));

export class BahdanauSection {
  constructor(container, engine) {
    this.engine = engine;
    this.S = structuredClone(data.S);
    this.state = { step: 0, seed: 0, kind: 'scaled_dot' };
    const controls = h('div', { class: 'controls' });
    container.append(controls);
    button(controls, { name: 'bahdanau-prev', label: t('labs.bahdanau.previous'), onClick: () => this.go(this.state.step - 1) });
    this.stepSlider = slider(controls, { name: 'bahdanau-step', label: t('labs.bahdanau.step'), min: 1, max: data.target.length, value: 1,
      format: (v) => t('labs.bahdanau.stepValue', { i: fmt(v), word: ltr(data.target[v - 1]) }), onInput: (v) => this.go(v - 1) });
    button(controls, { name: 'bahdanau-next', label: t('labs.bahdanau.next'), onClick: () => this.go(this.state.step + 1) });
    select(controls, { name: 'bahdanau-kind', label: t('labs.bahdanau.kind'), options: Object.keys(KINDS).map((k) => [k, LABEL(k)]), value: this.state.kind,
      onChange: (v) => { this.state.kind = v; this.render(); } });
    numberInput(controls, { name: 'bahdanau-seed', label: t('labs.bahdanau.seed'), value: 0, integer: true,
      onChange: (v) => { this.state.seed = Number.isInteger(v) && v >= 0 ? v : 0; this.render(); } });
    this.stateBox = h('fieldset', { class: 'decoder-state' });
    container.append(this.stateBox);
    this.readout = h('p', { class: 'readout', 'aria-live': 'polite', 'data-readout': 'bahdanau' });
    container.append(this.readout);
    const figs = h('div', { class: 'charts grids' });
    container.append(figs);
    this.scores = new MatrixGrid(figs, { id: 'bahdanau-scores', signed: true });
    this.weights = new MatrixGrid(figs, { id: 'bahdanau-weights' });
    this.context = new MatrixGrid(figs, { id: 'bahdanau-context', signed: true });
    this.alignment = new MatrixGrid(figs, { id: 'bahdanau-alignment' });
    this.encoder = new MatrixGrid(figs, { id: 'bahdanau-encoder', signed: true });
    this.render();
  }

  go(step) {
    this.state.step = Math.max(0, Math.min(data.target.length - 1, step));
    this.stepSlider.set(this.state.step + 1);
    this.render();
  }

  buildStateInputs() {
    const i = this.state.step;
    this.stateBox.replaceChildren(h('legend', {}, t('labs.bahdanau.stateLegend', { i: fmt(i + 1), word: ltr(data.target[i]) })));
    const names = dims();
    this.S[i].forEach((v, d) => {
      const input = textNumber({ value: v, name: `bahdanau-s-${d}`, id: `bahdanau-s-${d}`,
        onValue: (x) => { if (Number.isFinite(x)) { this.S[i][d] = x; this.compute(); } } });
      this.stateBox.append(h('label', { for: `bahdanau-s-${d}` }, `${names[d]} `, input));
    });
  }

  render() {
    this.buildStateInputs();
    this.compute();
  }

  compute() {
    const s = this.state, i = s.step;
    const r = this.engine.bahdanau({ H: data.H, S: this.S, seed: s.seed, dA: 4 });
    if (r.error) { this.readout.textContent = r.error; return; }
    const step = r.steps[i];
    const names = step.map((a) => SHORT(a.kind)), n = fmt(i + 1);
    const k = step.findIndex((a) => a.kind === s.kind);
    this.scores.update({ matrix: step.map((a) => a.scores), rowLabels: names, colLabels: data.source, highlightRow: k,
      note: t('labs.bahdanau.scoresNote', { i: n }) });
    this.weights.update({ matrix: step.map((a) => a.weights), rowLabels: names, colLabels: data.source, highlightRow: k,
      note: t('labs.bahdanau.weightsNote', { i: n }) });
    this.context.update({ matrix: step.map((a) => a.context), rowLabels: names, colLabels: dims(), highlightRow: k,
      note: t('labs.bahdanau.contextNote', { i: n }) });
    this.alignment.update({ matrix: r.steps.map((st) => st[k].weights), rowLabels: data.target, colLabels: data.source,
      highlightRow: i, note: t('labs.bahdanau.alignmentNote', { kind: LABEL(s.kind) }) });
    this.encoder.update({ matrix: data.H, rowLabels: data.source, colLabels: dims(), note: t('labs.bahdanau.encoderNote') });
    const best = step.map((a) => data.source[a.weights.indexOf(Math.max(...a.weights))]);
    this.readout.replaceChildren(
      h('strong', {}, t('labs.bahdanau.readoutHead', { i: n, word: ltr(data.target[i]) })), ' ',
      step.map((a, j) => t('labs.bahdanau.readoutItem', { kind: SHORT(a.kind), word: ltr(best[j]), weight: fmt(Math.max(...a.weights), 2) })).join(' · '));
  }
}
