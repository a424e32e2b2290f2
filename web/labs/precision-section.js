// Section 2: numerical stability. One row of logits, four ways: float64 or float16, with or without subtracting
// the max; hidden keys filled with −∞ or a large negative number. Plus a sweep: adding the same constant to every
// logit must not change the softmax — the chart shows which implementations survive that.
import { LineChart } from './chart.js';
import { COLORS, fmt, h, select, slider } from './ui.js';

const MASKS = [['-inf', '−∞'], ['-1e9', '−1e9'], ['-1e6', '−1e6'], ['-1e4', '−1e4 (fits in float16)'], ['-5', '−5 (too small: leaks)']];
const RUN_COLORS = ['#7570b3', COLORS.scaled, COLORS.raw, '#1b9e77'];

export class PrecisionSection {
  constructor(container, engine) {
    this.engine = engine;
    this.state = { logits: [2, 1, 0.5, -1], hidden: [false, false, false, true], shift: 0, mask: '-inf' };
    const controls = h('div', { class: 'controls' });
    container.append(controls);
    this.text = h('input', { type: 'text', name: 'precision-logits', id: 'precision-logits', value: this.state.logits.join(', '), size: 24 });
    this.text.addEventListener('input', () => this.readLogits());
    controls.append(h('label', { class: 'control', for: 'precision-logits' }, h('span', {}, 'logits'), this.text));
    this.shift = slider(controls, { name: 'precision-shift', label: 'add to every logit', min: 0, max: 20, step: 0.25, value: 0,
      format: (v) => `+${v}`, onInput: (v) => { this.state.shift = v; this.render(); } });
    select(controls, { name: 'precision-mask', label: 'hidden keys get', options: MASKS, value: '-inf',
      onChange: (v) => { this.state.mask = v; this.render(); } });
    this.hiddenBox = h('fieldset', { class: 'hidden-keys' });
    container.append(this.hiddenBox);
    this.message = h('p', { class: 'readout', 'aria-live': 'polite', 'data-readout': 'precision' });
    container.append(this.message);
    this.table = h('div', { class: 'table-wrap', tabindex: 0 }); // scrolls sideways on a phone: keyboard-reachable
    container.append(this.table);
    const charts = h('div', { class: 'charts' });
    container.append(charts);
    this.sweep = new LineChart(charts, { id: 'precision-sweep', title: 'Weight of the largest logit as a constant is added to every logit',
      xLabel: 'constant added to every logit', yLabel: 'weight (gap = NaN)', width: 900, height: 300 });
    this.sweep.el.classList.add('wide');
    this.buildHidden();
    this.render();
  }

  readLogits() {
    const parts = this.text.value.split(/[,\s]+/).filter(Boolean).map(Number);
    const ok = parts.length >= 1 && parts.length <= 12 && parts.every(Number.isFinite);
    this.text.setAttribute('aria-invalid', String(!ok));
    if (!ok) { this.message.textContent = 'Type 1 to 12 numbers separated by commas.'; return; }
    const changed = parts.length !== this.state.logits.length;
    this.state.logits = parts;
    if (changed) { this.state.hidden = parts.map((_, i) => this.state.hidden[i] ?? false); this.buildHidden(); }
    this.render();
  }

  buildHidden() {
    this.hiddenBox.replaceChildren(h('legend', {}, 'hide key (mask)'));
    this.state.logits.forEach((_, i) => {
      const box = h('input', { type: 'checkbox', name: `precision-hide-${i}`, id: `precision-hide-${i}` });
      box.checked = this.state.hidden[i];
      box.addEventListener('change', () => { this.state.hidden[i] = box.checked; this.render(); });
      this.hiddenBox.append(h('label', { for: `precision-hide-${i}` }, box, ` ${i + 1}`));
    });
  }

  run(shift) {
    const s = this.state;
    return this.engine.softmaxPrecision({ logits: s.logits.map((x) => x + shift), hidden: s.hidden, mask: s.mask === '-inf' ? -Infinity : Number(s.mask) }).runs;
  }

  render() {
    const s = this.state;
    const runs = this.run(s.shift);
    const head = h('tr', {}, h('th', {}, 'computed in'), h('th', {}, 'stored logits'), h('th', {}, 'exp(…)'), h('th', {}, 'sum'),
      h('th', {}, 'weights'), h('th', {}, 'Σ weights'), h('th', {}, 'verdict'));
    const body = runs.map((r) => {
      const total = r.weights.reduce((a, b) => a + b, 0);
      const verdict = r.invalid ? 'NaN: broken' : r.overflow ? 'overflow: weights wrong' : Math.abs(total - 1) > 0.01 ? 'does not sum to 1' : 'fine';
      const cls = verdict === 'fine' ? 'ok' : 'bad';
      return h('tr', { 'data-run': r.name },
        h('th', { scope: 'row' }, r.name),
        h('td', {}, r.inputs.map((v) => fmt(v, 2)).join(', ')),
        h('td', {}, r.exp.map((v) => fmt(v, 3)).join(', ')),
        h('td', {}, fmt(r.sum, 3)),
        h('td', { 'data-weights': '' }, r.weights.map((v) => fmt(v, 4)).join(', ')),
        h('td', {}, fmt(total, 4)),
        h('td', { class: `verdict ${cls}` }, verdict));
    });
    this.table.replaceChildren(h('table', { class: 'numbers' }, h('thead', {}, head), h('tbody', {}, ...body)));
    const maxLogit = Math.max(...s.logits.map((x, i) => (s.hidden[i] ? -Infinity : x + s.shift)));
    this.message.replaceChildren(
      `Largest visible logit ${fmt(maxLogit, 2)}: e^${fmt(maxLogit, 2)} = ${fmt(Math.exp(maxLogit), 1)}`,
      Math.exp(maxLogit) > 65504 ? ' — more than 65504, the largest float16. ' : ' — fits in float16 (at most 65504). ',
      `Subtracting the max turns the largest exponent into e^0 = 1, so nothing can overflow.`);
    // the sweep
    const shifts = [];
    for (let t = 0; t <= 20; t += 0.25) shifts.push(t);
    const visible = s.logits.map((x, i) => (s.hidden[i] ? -Infinity : x));
    const top = visible.indexOf(Math.max(...visible));
    const per = shifts.map((t) => this.run(t));
    this.sweep.update({ x: [0, 20], y: [0, 1], marker: s.shift, series: runs.map((r, k) => ({
      name: r.name, color: RUN_COLORS[k], dashed: k % 2 === 0, dots: false,
      points: shifts.map((t, i) => [t, top >= 0 ? per[i][k].weights[top] : NaN]) })) });
  }
}
