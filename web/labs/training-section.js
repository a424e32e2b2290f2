// Section 5: watch attention learn. The engine trains a one-head attention layer by gradient descent on the
// cross-entropy of a masked-token task; the page only asks for steps and draws the loss and the weights.
import { BarChart, LineChart } from './chart.js';
import { MatrixGrid } from './grid.js';
import { COLORS, button, fmt, h, ltr, numberInput, select } from './ui.js';
import { t } from '../i18n/i18n.js';
import { localizeDigits } from '../i18n/numerals.js';

const MAX_STEPS = 3000;

export class TrainingSection {
  constructor(container, engine) {
    this.engine = engine;
    this.state = { seed: 1, learningRate: 0.005, adam: true, speed: 2, shown: 0 };
    this.playing = false;
    const controls = h('div', { class: 'controls' });
    container.append(controls);
    this.playButton = button(controls, { name: 'train-play', label: t('labs.training.play'), onClick: () => (this.playing ? this.pause() : this.play()) });
    button(controls, { name: 'train-step', label: t('labs.training.step'), onClick: () => { this.pause(); this.advance(1); } });
    button(controls, { name: 'train-reset', label: t('labs.training.reset'), onClick: () => this.reset() });
    select(controls, { name: 'train-speed', label: t('labs.training.speed'), options: ['1', '2', '5', '20'].map((v) => [v, localizeDigits(v)]),
      value: '2', onChange: (v) => { this.state.speed = Number(v); } });
    const maxSeed = engine.schema().maxSeed;
    numberInput(controls, { name: 'train-seed', label: t('labs.training.seed'), value: 1, integer: true,
      onChange: (v) => { this.state.seed = Number.isInteger(v) && v >= 0 && v <= maxSeed ? v : 1; this.reset(); } });
    select(controls, { name: 'train-optimizer', label: t('labs.training.optimizer'), value: 'adam:0.005',
      options: ['adam:0.005', 'adam:0.02', 'sgd:0.5', 'sgd:0.05'].map((v) => {
        const [kind, rate] = v.split(':');
        return [v, t(`labs.training.${kind}`, { rate: fmt(Number(rate)) })];
      }),
      onChange: (v) => { const [o, r] = v.split(':'); this.state.adam = o === 'adam'; this.state.learningRate = Number(r); this.reset(); } });
    const showRow = h('div', { class: 'controls' });
    container.append(showRow);
    button(showRow, { name: 'train-prev-example', label: '◀', onClick: () => this.show(this.state.shown - 1) })
      .setAttribute('aria-label', t('labs.training.previousSentence'));
    this.exampleLabel = h('span', { class: 'example-label', 'data-readout': 'train-example' });
    showRow.append(this.exampleLabel);
    button(showRow, { name: 'train-next-example', label: '▶', onClick: () => this.show(this.state.shown + 1) })
      .setAttribute('aria-label', t('labs.training.nextSentence'));
    this.readout = h('p', { class: 'readout', 'aria-live': 'off', 'data-readout': 'train' });
    container.append(this.readout);
    const figs = h('div', { class: 'charts' });
    container.append(figs);
    this.lossChart = new LineChart(figs, { id: 'train-loss', title: t('labs.training.lossTitle'),
      xLabel: t('labs.training.lossAxisX'), yLabel: t('labs.training.lossAxisY'), yScale: 'log10' });
    this.heatmap = new MatrixGrid(figs, { id: 'train-weights' });
    this.probs = new BarChart(figs, { id: 'train-probs', title: t('labs.training.probsTitle'), yLabel: t('labs.training.probsAxis'), height: 240 });
    this.reset();
  }

  reset() {
    this.pause();
    const s = this.state;
    const r = this.engine.trainReset({ seed: s.seed, learningRate: s.learningRate, adam: s.adam }, s.shown);
    this.losses = [...r.losses];
    this.accuracies = [...r.accuracies];
    this.draw(r);
  }

  advance(updates) {
    const r = this.engine.trainStep(updates, this.state.shown, this.losses.length);
    this.losses.push(...r.losses);
    this.accuracies.push(...r.accuracies);
    this.draw(r);
    return r;
  }

  show(k) {
    this.state.shown = Math.max(0, Math.min(this.last.examples - 1, k));
    this.draw(this.engine.trainStep(0, this.state.shown, this.losses.length));
  }

  play() {
    this.playing = true;
    this.playButton.textContent = t('labs.training.pause');
    const tick = () => {
      if (!this.playing) return;
      const r = this.advance(this.state.speed);
      if (r.step >= MAX_STEPS) { this.pause(); return; }
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  pause() {
    this.playing = false;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.playButton.textContent = t('labs.training.play');
  }

  draw(r) {
    this.last = r;
    const vocab = r.vocabulary, ex = r.example, m = ex.ids.length / 2;
    const tokens = ex.ids.map((id, j) => `${localizeDigits(String(j + 1))}:${vocab[id]}`);
    this.exampleLabel.textContent = t('labs.training.example', { n: fmt(this.state.shown + 1), total: fmt(r.examples),
      tokens: ltr(ex.ids.map((id) => vocab[id]).join(' ')), answer: ltr(vocab[ex.target]) });
    const points = this.losses.map((loss, step) => [step, loss]);
    this.lossChart.update({ x: [0, Math.max(50, this.losses.length - 1)], series: [{ name: t('labs.training.lossSeries'), color: COLORS.raw, points, dots: false },
      { name: t('labs.training.guessSeries', { n: fmt(vocab.length - 1) }), color: '#777', dashed: true, points: [[0, Math.log(vocab.length - 1)], [Math.max(50, this.losses.length - 1), Math.log(vocab.length - 1)]], dots: false }] });
    this.heatmap.update({ matrix: r.weights, rowLabels: tokens, colLabels: tokens, highlightRow: ex.position,
      highlightCol: (ex.position + m) % (2 * m), note: t('labs.training.weightsNote', { row: fmt(ex.position + 1), column: fmt((ex.position + m) % (2 * m) + 1) }) });
    this.probs.update({ y: [0, 1], categories: vocab.slice(0, -1), highlight: ex.target, series: [{ name: t('labs.training.probsSeries'), color: COLORS.scaled, values: r.probs }] });
    const partner = (ex.position + m) % (2 * m);
    this.readout.replaceChildren(
      h('strong', {}, t('labs.training.readoutHead', { step: fmt(r.step) })), ' · ',
      t('labs.training.readout', { loss: fmt(r.loss, 4), first: fmt(this.losses[0], 3), accuracy: fmt(100 * r.accuracy, 1),
        share: fmt(r.weights[ex.position][partner], 2) }));
    this.readout.dataset.step = r.step;
    this.readout.dataset.loss = r.loss;
  }
}
