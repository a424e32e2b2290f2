// Section 4: Bahdanau attention. For the decoder's output step i, every alignment function scores the decoder
// state s_i against each encoder state h_j; a softmax turns the scores into weights α_ij; the context vector
// c_i = Σ_j α_ij h_j is what the decoder receives at that step. All six functions side by side.
import data from './bahdanau-data.json';
import { MatrixGrid } from './grid.js';
import { button, fmt, h, numberInput, select, slider } from './ui.js';

const KINDS = [['dot', 'dot: s·h'], ['scaled_dot', 'scaled dot: s·h/√d'], ['general', 'general: s·W·hᵀ'],
  ['additive', 'additive: vᵀtanh(sW₁ + hW₂)'], ['cosine', 'content-based: cosine'], ['location', 'location: (s·W)[j]']];
const LABEL = Object.fromEntries(KINDS);
const SHORT = { dot: 'dot', scaled_dot: 'scaled dot', general: 'general', additive: 'additive', cosine: 'cosine', location: 'location' };

export class BahdanauSection {
  constructor(container, engine) {
    this.engine = engine;
    this.S = structuredClone(data.S);
    this.state = { step: 0, seed: 0, kind: 'scaled_dot' };
    const controls = h('div', { class: 'controls' });
    container.append(controls);
    button(controls, { name: 'bahdanau-prev', label: '◀ previous', onClick: () => this.go(this.state.step - 1) });
    this.stepSlider = slider(controls, { name: 'bahdanau-step', label: 'output step i', min: 1, max: data.target.length, value: 1,
      format: (v) => `${v} (“${data.target[v - 1]}”)`, onInput: (v) => this.go(v - 1) });
    button(controls, { name: 'bahdanau-next', label: 'next ▶', onClick: () => this.go(this.state.step + 1) });
    select(controls, { name: 'bahdanau-kind', label: 'alignment matrix for', options: KINDS, value: this.state.kind,
      onChange: (v) => { this.state.kind = v; this.render(); } });
    numberInput(controls, { name: 'bahdanau-seed', label: 'seed of W, W₁, W₂, v', value: 0, min: 0,
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
    this.stateBox.replaceChildren(h('legend', {}, `decoder state s_${i + 1} (for “${data.target[i]}”) — edit it`));
    this.S[i].forEach((v, t) => {
      const input = h('input', { type: 'number', step: 0.1, value: v, name: `bahdanau-s-${t}`, id: `bahdanau-s-${t}` });
      input.addEventListener('input', () => {
        const x = Number(input.value);
        if (input.value !== '' && Number.isFinite(x)) { this.S[i][t] = x; this.compute(); }
      });
      this.stateBox.append(h('label', { for: `bahdanau-s-${t}` }, `${data.dims[t]} `, input));
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
    const names = step.map((a) => SHORT[a.kind]);
    const k = step.findIndex((a) => a.kind === s.kind);
    this.scores.update({ matrix: step.map((a) => a.scores), rowLabels: names, colLabels: data.source, highlightRow: k,
      note: `Alignment scores e_${i + 1},j = align(s_${i + 1}, h_j)` });
    this.weights.update({ matrix: step.map((a) => a.weights), rowLabels: names, colLabels: data.source, highlightRow: k,
      note: `Weights α_${i + 1},j = softmax over j` });
    this.context.update({ matrix: step.map((a) => a.context), rowLabels: names, colLabels: data.dims, highlightRow: k,
      note: `Context vector c_${i + 1} = Σ_j α_${i + 1},j h_j` });
    this.alignment.update({ matrix: r.steps.map((st) => st[k].weights), rowLabels: data.target, colLabels: data.source,
      highlightRow: i, note: `Alignment matrix (${LABEL[s.kind]}): every output step` });
    this.encoder.update({ matrix: data.H, rowLabels: data.source, colLabels: data.dims, note: 'Encoder states h_j (rows)' });
    const best = step.map((a) => data.source[a.weights.indexOf(Math.max(...a.weights))]);
    this.readout.replaceChildren(
      h('strong', {}, `Step ${i + 1}, “${data.target[i]}”: `),
      step.map((a, j) => `${a.kind.replace('_', ' ')} → “${best[j]}” (${fmt(Math.max(...a.weights), 2)})`).join(' · '));
  }
}
