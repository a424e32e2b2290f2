// Section 1: why divide by √d_k. The engine draws unit-variance queries and keys for every d_k and reports
// the variance of the scores and what the softmax does with them, with and without scaling.
import { BarChart, LineChart } from './chart.js';
import { COLORS, fmt, h, numberInput, slider } from './ui.js';

const POWERS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

export class ScaleSection {
  constructor(container, engine) {
    this.engine = engine;
    this.state = { dK: 64, keys: 16, seed: 0, queries: 200 };
    const controls = h('div', { class: 'controls' });
    container.append(controls);
    this.dK = slider(controls, { name: 'scale-dk', label: 'd_k', min: 0, max: 100, value: 60,
      format: (p) => String(toDk(p)), onInput: (p) => { this.state.dK = toDk(p); this.render(); } });
    slider(controls, { name: 'scale-keys', label: 'keys per query', min: 2, max: 64, value: this.state.keys,
      onInput: (v) => { this.state.keys = v; this.render(); } });
    numberInput(controls, { name: 'scale-seed', label: 'seed', value: 0, min: 0, max: engine.schema().maxSeed,
      onChange: (v) => { this.state.seed = Number.isInteger(v) && v >= 0 ? v : 0; this.render(); } });
    this.readout = h('p', { class: 'readout', 'aria-live': 'polite', 'data-readout': 'scale' });
    container.append(this.readout);
    const charts = h('div', { class: 'charts' });
    container.append(charts);
    const common = { xLabel: 'd_k (log scale)', xScale: 'log2' };
    this.variance = new LineChart(charts, { id: 'scale-variance', title: 'Variance of the scores', yLabel: 'variance (log scale)', yScale: 'log10', ...common });
    this.maxWeight = new LineChart(charts, { id: 'scale-max', title: 'Largest softmax weight in a row (mean)', yLabel: 'largest weight', ...common });
    this.entropy = new LineChart(charts, { id: 'scale-entropy', title: 'Row entropy (mean)', yLabel: 'entropy (nats)', ...common });
    this.jacobian = new LineChart(charts, { id: 'scale-jacobian', title: 'Size of the softmax gradient ‖diag(p) − p pᵀ‖', yLabel: 'Frobenius norm', ...common });
    this.example = new BarChart(charts, { id: 'scale-example', title: 'One query’s weights at the chosen d_k', xLabel: 'key', yLabel: 'weight' });
    this.render();
  }

  render() {
    const s = this.state;
    const dKs = [...new Set([...POWERS, s.dK])].sort((a, b) => a - b);
    const rows = this.engine.scaleLab({ dK: dKs, keys: s.keys, queries: s.queries, seed: s.seed });
    this.rows = rows;
    const line = (name, color, f, dashed) => ({ name, color, dashed, points: rows.map((r) => [r.dK, f(r)]) });
    const marker = s.dK;
    this.variance.update({ marker, series: [
      line('raw q·k', COLORS.raw, (r) => r.rawVariance),
      line('scaled q·k / √d_k', COLORS.scaled, (r) => r.scaledVariance),
      line('d_k (the prediction)', '#777', (r) => r.dK, true)] });
    this.maxWeight.update({ marker, y: [0, 1], series: [
      line('raw', COLORS.raw, (r) => r.raw.maxWeight), line('scaled', COLORS.scaled, (r) => r.scaled.maxWeight),
      line(`uniform 1/${s.keys}`, '#777', () => 1 / s.keys, true)] });
    this.entropy.update({ marker, y: [0, Math.ceil(Math.log(s.keys) * 2) / 2], series: [
      line('raw', COLORS.raw, (r) => r.raw.entropy), line('scaled', COLORS.scaled, (r) => r.scaled.entropy),
      line(`uniform ln ${s.keys}`, '#777', () => Math.log(s.keys), true)] });
    this.jacobian.update({ marker, series: [
      line('raw', COLORS.raw, (r) => r.raw.jacobianNorm), line('scaled', COLORS.scaled, (r) => r.scaled.jacobianNorm)] });
    const r = rows.find((x) => x.dK === s.dK);
    this.example.update({ y: [0, 1], categories: r.example.rawWeights.map((_, j) => String(j + 1)), series: [
      { name: 'raw', color: COLORS.raw, values: r.example.rawWeights },
      { name: 'scaled', color: COLORS.scaled, values: r.example.scaledWeights }] });
    this.readout.replaceChildren(
      h('strong', {}, `d_k = ${s.dK}: `),
      `raw scores have variance ${fmt(r.rawVariance, 1)}, scaled ${fmt(r.scaledVariance)}. `,
      `The largest weight averages ${fmt(r.raw.maxWeight)} raw vs ${fmt(r.scaled.maxWeight)} scaled; `,
      `the gradient norm is ${fmt(r.raw.jacobianNorm)} raw vs ${fmt(r.scaled.jacobianNorm)} scaled `,
      `(${s.queries} queries × ${s.keys} keys, seed ${s.seed}).`);
  }
}

// Slider position 0..100 → d_k 1..1024 on a log scale (every integer reachable near the low end).
function toDk(p) { return Math.max(1, Math.min(1024, Math.round(2 ** (p / 10)))); }
