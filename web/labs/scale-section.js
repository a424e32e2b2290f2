// Section 1: why divide by √d_k. The engine draws unit-variance queries and keys for every d_k and reports
// the variance of the scores and what the softmax does with them, with and without scaling.
import { BarChart, LineChart } from './chart.js';
import { COLORS, fmt, h, numberInput, slider } from './ui.js';
import { t } from '../i18n/i18n.js';

const POWERS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

export class ScaleSection {
  constructor(container, engine) {
    this.engine = engine;
    this.state = { dK: 64, keys: 16, seed: 0, queries: 200 };
    const controls = h('div', { class: 'controls' });
    container.append(controls);
    this.dK = slider(controls, { name: 'scale-dk', label: 'd_k', min: 0, max: 100, value: 60,
      format: (p) => fmt(toDk(p)), onInput: (p) => { this.state.dK = toDk(p); this.render(); } });
    slider(controls, { name: 'scale-keys', label: t('labs.scale.keys'), min: 2, max: 64, value: this.state.keys, format: fmt,
      onInput: (v) => { this.state.keys = v; this.render(); } });
    const maxSeed = engine.schema().maxSeed;
    numberInput(controls, { name: 'scale-seed', label: t('labs.scale.seed'), value: 0, integer: true,
      onChange: (v) => { this.state.seed = Number.isInteger(v) && v >= 0 && v <= maxSeed ? v : 0; this.render(); } });
    this.readout = h('p', { class: 'readout', 'aria-live': 'polite', 'data-readout': 'scale' });
    container.append(this.readout);
    const charts = h('div', { class: 'charts' });
    container.append(charts);
    const common = { xLabel: t('labs.scale.xLabel'), xScale: 'log2' };
    this.variance = new LineChart(charts, { id: 'scale-variance', title: t('labs.scale.varianceTitle'), yLabel: t('labs.scale.varianceAxis'), yScale: 'log10', ...common });
    this.maxWeight = new LineChart(charts, { id: 'scale-max', title: t('labs.scale.maxTitle'), yLabel: t('labs.scale.maxAxis'), ...common });
    this.entropy = new LineChart(charts, { id: 'scale-entropy', title: t('labs.scale.entropyTitle'), yLabel: t('labs.scale.entropyAxis'), ...common });
    this.jacobian = new LineChart(charts, { id: 'scale-jacobian', title: t('labs.scale.jacobianTitle'), yLabel: t('labs.scale.jacobianAxis'), ...common });
    this.example = new BarChart(charts, { id: 'scale-example', title: t('labs.scale.exampleTitle'), xLabel: t('labs.scale.exampleAxisX'), yLabel: t('labs.scale.exampleAxisY') });
    this.render();
  }

  render() {
    const s = this.state;
    const dKs = [...new Set([...POWERS, s.dK])].sort((a, b) => a - b);
    const rows = this.engine.scaleLab({ dK: dKs, keys: s.keys, queries: s.queries, seed: s.seed });
    this.rows = rows;
    const line = (name, color, f, dashed) => ({ name, color, dashed, points: rows.map((r) => [r.dK, f(r)]) });
    const marker = s.dK, raw = t('labs.scale.raw'), scaled = t('labs.scale.scaled');
    this.variance.update({ marker, series: [
      line(t('labs.scale.rawScores'), COLORS.raw, (r) => r.rawVariance),
      line(t('labs.scale.scaledScores'), COLORS.scaled, (r) => r.scaledVariance),
      line(t('labs.scale.prediction'), '#777', (r) => r.dK, true)] });
    this.maxWeight.update({ marker, y: [0, 1], series: [
      line(raw, COLORS.raw, (r) => r.raw.maxWeight), line(scaled, COLORS.scaled, (r) => r.scaled.maxWeight),
      line(t('labs.scale.uniformWeight', { keys: fmt(s.keys) }), '#777', () => 1 / s.keys, true)] });
    this.entropy.update({ marker, y: [0, Math.ceil(Math.log(s.keys) * 2) / 2], series: [
      line(raw, COLORS.raw, (r) => r.raw.entropy), line(scaled, COLORS.scaled, (r) => r.scaled.entropy),
      line(t('labs.scale.uniformEntropy', { keys: fmt(s.keys) }), '#777', () => Math.log(s.keys), true)] });
    this.jacobian.update({ marker, series: [
      line(raw, COLORS.raw, (r) => r.raw.jacobianNorm), line(scaled, COLORS.scaled, (r) => r.scaled.jacobianNorm)] });
    const r = rows.find((x) => x.dK === s.dK);
    this.example.update({ y: [0, 1], categories: r.example.rawWeights.map((_, j) => fmt(j + 1)), series: [
      { name: raw, color: COLORS.raw, values: r.example.rawWeights },
      { name: scaled, color: COLORS.scaled, values: r.example.scaledWeights }] });
    this.readout.replaceChildren(
      h('strong', {}, t('labs.scale.readoutHead', { dK: fmt(s.dK) })), ' ',
      t('labs.scale.readout', { rawVariance: fmt(r.rawVariance, 1), scaledVariance: fmt(r.scaledVariance),
        rawMax: fmt(r.raw.maxWeight), scaledMax: fmt(r.scaled.maxWeight), rawGradient: fmt(r.raw.jacobianNorm),
        scaledGradient: fmt(r.scaled.jacobianNorm), queries: fmt(s.queries), keys: fmt(s.keys), seed: fmt(s.seed) }));
  }
}

// Slider position 0..100 → d_k 1..1024 on a log scale (every integer reachable near the low end).
function toDk(p) { return Math.max(1, Math.min(1024, Math.round(2 ** (p / 10)))); }
