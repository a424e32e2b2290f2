// Section 3: static versus contextual embeddings. Both sentences look "bank" up in the same table, so its static
// vectors are identical; one attention pass (Q = K = V = X, scores divided by a temperature) mixes in the words
// it attends to, and the two outputs move apart. Lessons go through the main engine (its tokenizer, its lookup).
import data from './bank-vocabulary.json';
import { BarChart } from './chart.js';
import { COLORS, fmt, h, ltr, slider, textNumber } from './ui.js';
import { problemText } from '../i18n/problem-text.js';
import { t } from '../i18n/i18n.js';
import { localizeDigits } from '../i18n/numerals.js';

// The features are named in the page's language; the words and sentences stay the lecture's English.
const FEATURE_KEYS = { finance: 'featureFinance', nature: 'featureNature', water: 'featureWater', motion: 'featureMotion',
  place: 'featurePlace', grammar: 'featureGrammar' };
const featureName = (f) => (FEATURE_KEYS[f] ? t(`labs.contextual.${FEATURE_KEYS[f]}`) : f);

export function cosine(a, b) {
  let dot = 0, na = 0, nb = 0;
  a.forEach((v, i) => { dot += v * b[i]; na += v * v; nb += b[i] * b[i]; });
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
const identity = (d) => Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? 1 : 0)));

export class ContextualSection {
  constructor(container, engine) {
    this.engine = engine;
    this.features = [...data.features];
    this.vectors = structuredClone(data.vectors);
    this.state = { sentences: [...data.sentences], word: data.word, temperature: 0.5 };
    const controls = h('div', { class: 'controls stacked' });
    container.append(controls);
    this.inputs = this.state.sentences.map((s, k) => {
      const input = h('input', { type: 'text', name: `bank-sentence-${k}`, id: `bank-sentence-${k}`, value: s });
      input.addEventListener('input', () => { this.state.sentences[k] = input.value; this.render(); });
      controls.append(h('label', { class: 'control', for: `bank-sentence-${k}` }, h('span', {}, t('labs.contextual.sentence', { n: fmt(k + 1) })), input));
      return input;
    });
    const row = h('div', { class: 'controls' });
    container.append(row);
    const word = h('input', { type: 'text', name: 'bank-word', id: 'bank-word', value: this.state.word, size: 10 });
    word.addEventListener('input', () => { this.state.word = word.value.trim(); this.render(); });
    row.append(h('label', { class: 'control', for: 'bank-word' }, h('span', {}, t('labs.contextual.word')), word));
    slider(row, { name: 'bank-temperature', label: t('labs.contextual.temperature'), min: 0.1, max: 3, step: 0.05, value: 0.5,
      format: (v) => localizeDigits(v.toFixed(2)), onInput: (v) => { this.state.temperature = v; this.render(); } });
    this.readout = h('p', { class: 'readout', 'aria-live': 'polite', 'data-readout': 'bank' });
    container.append(this.readout);
    const figs = h('div', { class: 'charts' });
    container.append(figs);
    this.attends = [0, 1].map((k) => new BarChart(figs, { id: `bank-attends-${k}`, title: t('labs.contextual.attendsTitle', { n: fmt(k + 1) }), yLabel: t('labs.contextual.weight'), height: 240 }));
    this.vectorsChart = new BarChart(figs, { id: 'bank-vectors', title: t('labs.contextual.vectorTitle'), yLabel: t('labs.contextual.value'), width: 900, height: 260 });
    this.vectorsChart.el.classList.add('wide');
    this.tableBox = h('details', { class: 'vocab', open: '' }, h('summary', {}, t('labs.contextual.vocabulary')));
    container.append(this.tableBox);
    this.buildTable();
    this.render();
  }

  buildTable() {
    const head = h('tr', {}, h('th', { scope: 'col' }, t('labs.contextual.wordColumn')), ...this.features.map((f) => h('th', { scope: 'col' }, featureName(f))));
    const rows = Object.entries(this.vectors).map(([w, v]) => h('tr', {}, h('th', { scope: 'row' }, w), ...v.map((x, j) => {
      const input = textNumber({ value: x, name: `bank-vec-${w}-${j}`, 'aria-label': t('labs.contextual.cell', { word: w, feature: featureName(this.features[j]) }),
        onValue: (val) => { if (Number.isFinite(val)) { this.vectors[w][j] = val; this.render(); } } });
      return h('td', {}, input);
    })));
    const addName = h('input', { type: 'text', name: 'bank-new-word', size: 10, placeholder: t('labs.contextual.newWord'), 'aria-label': t('labs.contextual.newWord') });
    const add = h('button', { type: 'button', name: 'bank-add-word' }, t('labs.contextual.addWord'));
    add.addEventListener('click', () => {
      const w = addName.value.trim();
      if (!w || this.vectors[w]) return;
      this.vectors[w] = this.features.map(() => 0);
      this.buildTable();
      this.render();
    });
    const wrap = h('div', { class: 'table-wrap', tabindex: 0 }, h('table', { class: 'numbers vocab-table' }, h('thead', {}, head), h('tbody', {}, ...rows)));
    [...this.tableBox.children].slice(1).forEach((c) => c.remove());
    this.tableBox.append(wrap, h('p', {}, addName, ' ', add));
  }

  lesson(sentence) {
    const vocab = Object.keys(this.vectors);
    const d = this.features.length;
    return { sentence, vocab, E: vocab.map((w) => this.vectors[w]), W_Q: identity(d), W_K: identity(d), W_V: identity(d),
      score: 'dot', scale: this.state.temperature };
  }

  render() {
    const s = this.state;
    const results = s.sentences.map((sentence) => this.engine.trace(this.lesson(sentence)));
    const problem = results.map((r, k) => r.problems && t('labs.contextual.problem', { n: fmt(k + 1), problem: problemText(r.problems[0]) })).find(Boolean);
    if (problem) {
      this.readout.textContent = problem;
      this.readout.classList.add('bad');
      return;
    }
    this.readout.classList.remove('bad');
    const found = results.map((r) => r.tokens.indexOf(s.word));
    if (found.some((i) => i < 0)) {
      this.readout.textContent = t('labs.contextual.missingWord', { word: s.word });
      this.readout.classList.add('bad');
      return;
    }
    const statics = results.map(() => this.vectors[s.word]);
    const contextual = results.map((r, k) => r.output[found[k]]);
    results.forEach((r, k) => {
      const w = r.heads[0].weights[found[k]];
      const others = w.map((v, j) => (j === found[k] ? -1 : v));
      const top = others.indexOf(Math.max(...others));
      this.attends[k].update({ y: [0, 1], categories: r.tokens, highlight: found[k],
        series: [{ name: t('labs.contextual.attendsSeries', { word: s.word }), color: k ? COLORS.scaled : COLORS.raw, values: w }] });
      this.attends[k].top = r.tokens[top];
    });
    this.vectorsChart.update({ categories: this.features.map(featureName), series: [
      { name: t('labs.contextual.staticSeries'), color: '#888', values: statics[0] },
      { name: t('labs.contextual.contextualSeries', { n: fmt(1) }), color: COLORS.raw, values: contextual[0] },
      { name: t('labs.contextual.contextualSeries', { n: fmt(2) }), color: COLORS.scaled, values: contextual[1] }] });
    const cs = cosine(statics[0], statics[1]), cc = cosine(contextual[0], contextual[1]);
    this.readout.replaceChildren(
      h('strong', {}, t('labs.contextual.cosStatic', { value: fmt(cs, 3) })), t('labs.contextual.afterStatic'),
      h('strong', { 'data-cosine': cc }, t('labs.contextual.cosContextual', { value: fmt(cc, 3) })), t('labs.contextual.afterContextual'),
      t('labs.contextual.attendsMost', { word: ltr(s.word), first: ltr(this.attends[0].top), second: ltr(this.attends[1].top) }));
  }
}

// A sentence the engine cannot read: its problem in the page's language (the engine's code, when the message
// files know it), else a sentence that says what to do; English readers see the engine's own words.
