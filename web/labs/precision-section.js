// Section 2: numerical stability. One row of logits, four ways: float64 or float16, with or without subtracting
// the max; hidden keys filled with −∞ or a large negative number. Plus a sweep: adding the same constant to every
// logit must not change the softmax — the chart shows which implementations survive that.
import { LineChart } from './chart.js';
import { COLORS, fmt, h, select, slider } from './ui.js';
import { language, t } from '../i18n/i18n.js';
import { localizeDigits } from '../i18n/numerals.js';
import { decimalComma as commaIn, readList, writeList } from './number-list.js';

const negative = (text) => localizeDigits(text).replace('-', '−');
const masks = () => [['-inf', '−∞'], ['-1e9', negative('-1e9')], ['-1e6', negative('-1e6')],
  ['-1e4', t('labs.precision.maskFits', { value: negative('-1e4') })], ['-5', t('labs.precision.maskLeaks', { value: negative('-5') })]];
const RUN_COLORS = ['#7570b3', COLORS.scaled, COLORS.raw, '#1b9e77'];
// The engine's four runs by the names it gives them (kept as data-run), shown in the page's language.
const RUN_KEYS = { 'float64, naive': 'runFloat64Naive', 'float64, max subtracted': 'runFloat64Max',
  'float16, naive': 'runFloat16Naive', 'float16, max subtracted': 'runFloat16Max' };
const runName = (name) => (RUN_KEYS[name] ? t(`labs.precision.${RUN_KEYS[name]}`) : name);
const FLOAT16_MAX = 65504;
const decimalComma = () => commaIn(language());

export class PrecisionSection {
  constructor(container, engine) {
    this.engine = engine;
    this.state = { logits: [2, 1, 0.5, -1], hidden: [false, false, false, true], shift: 0, mask: '-inf' };
    const controls = h('div', { class: 'controls' });
    container.append(controls);
    this.text = h('input', { type: 'text', name: 'precision-logits', id: 'precision-logits', value: writeList(this.state.logits, decimalComma()), size: 24 });
    this.text.addEventListener('input', () => this.readLogits());
    controls.append(h('label', { class: 'control', for: 'precision-logits' }, h('span', {}, t('labs.precision.logits')), this.text));
    this.shift = slider(controls, { name: 'precision-shift', label: t('labs.precision.shift'), min: 0, max: 20, step: 0.25, value: 0,
      format: (v) => `+${fmt(v)}`, onInput: (v) => { this.state.shift = v; this.render(); } });
    select(controls, { name: 'precision-mask', label: t('labs.precision.mask'), options: masks(), value: '-inf',
      onChange: (v) => { this.state.mask = v; this.render(); } });
    this.hiddenBox = h('fieldset', { class: 'hidden-keys' });
    container.append(this.hiddenBox);
    this.message = h('p', { class: 'readout', 'aria-live': 'polite', 'data-readout': 'precision' });
    container.append(this.message);
    this.table = h('div', { class: 'table-wrap', tabindex: 0 }); // scrolls sideways on a phone: keyboard-reachable
    container.append(this.table);
    const charts = h('div', { class: 'charts' });
    container.append(charts);
    this.sweep = new LineChart(charts, { id: 'precision-sweep', title: t('labs.precision.sweepTitle'),
      xLabel: t('labs.precision.sweepAxisX'), yLabel: t('labs.precision.sweepAxisY'), width: 900, height: 300 });
    this.sweep.el.classList.add('wide');
    this.buildHidden();
    this.render();
  }

  readLogits() {
    const parts = readList(this.text.value, decimalComma());
    const ok = parts !== null && parts.length >= 1 && parts.length <= 12;
    this.text.setAttribute('aria-invalid', String(!ok));
    if (!ok) { this.message.textContent = t('labs.precision.logitsInvalid'); return; }
    const changed = parts.length !== this.state.logits.length;
    this.state.logits = parts;
    if (changed) { this.state.hidden = parts.map((_, i) => this.state.hidden[i] ?? false); this.buildHidden(); }
    this.render();
  }

  buildHidden() {
    this.hiddenBox.replaceChildren(h('legend', {}, t('labs.precision.hide')));
    this.state.logits.forEach((_, i) => {
      const box = h('input', { type: 'checkbox', name: `precision-hide-${i}`, id: `precision-hide-${i}` });
      box.checked = this.state.hidden[i];
      box.addEventListener('change', () => { this.state.hidden[i] = box.checked; this.render(); });
      this.hiddenBox.append(h('label', { for: `precision-hide-${i}` }, box, ` ${fmt(i + 1)}`));
    });
  }

  run(shift) {
    const s = this.state;
    return this.engine.softmaxPrecision({ logits: s.logits.map((x) => x + shift), hidden: s.hidden, mask: s.mask === '-inf' ? -Infinity : Number(s.mask) }).runs;
  }

  render() {
    const s = this.state;
    const runs = this.run(s.shift);
    const head = h('tr', {}, ...['computedIn', 'stored', 'exp', 'sum', 'weights', 'total', 'verdict']
      .map((k) => h('th', { scope: 'col' }, t(`labs.precision.${k}`))));
    const body = runs.map((r) => {
      const total = r.weights.reduce((a, b) => a + b, 0);
      const verdict = r.invalid ? 'Invalid' : r.overflow ? 'Overflow' : Math.abs(total - 1) > 0.01 ? 'NotOne' : 'Fine';
      const cls = verdict === 'Fine' ? 'ok' : 'bad';
      const list = (values, digits) => values.map((v) => fmt(v, digits)).join(decimalComma() ? '; ' : ', ');
      return h('tr', { 'data-run': r.name },
        h('th', { scope: 'row' }, runName(r.name)),
        h('td', { class: 'ltr' }, list(r.inputs, 2)),
        h('td', { class: 'ltr' }, list(r.exp, 3)),
        h('td', {}, fmt(r.sum, 3)),
        h('td', { 'data-weights': '' }, list(r.weights, 4)),
        h('td', {}, fmt(total, 4)),
        h('td', { class: `verdict ${cls}`, 'data-verdict': verdict.toLowerCase() }, t(`labs.precision.verdict${verdict}`)));
    });
    this.table.replaceChildren(h('table', { class: 'numbers' }, h('thead', {}, head), h('tbody', {}, ...body)));
    const maxLogit = Math.max(...s.logits.map((x, i) => (s.hidden[i] ? -Infinity : x + s.shift)));
    this.message.textContent = t(Math.exp(maxLogit) > FLOAT16_MAX ? 'labs.precision.overflows' : 'labs.precision.fits',
      { max: fmt(maxLogit, 2), exp: fmt(Math.exp(maxLogit), 1), limit: fmt(FLOAT16_MAX) });
    // the sweep
    const shifts = [];
    for (let t = 0; t <= 20; t += 0.25) shifts.push(t);
    const visible = s.logits.map((x, i) => (s.hidden[i] ? -Infinity : x));
    const top = visible.indexOf(Math.max(...visible));
    const per = shifts.map((t) => this.run(t));
    this.sweep.update({ x: [0, 20], y: [0, 1], marker: s.shift, series: runs.map((r, k) => ({
      name: runName(r.name), color: RUN_COLORS[k], dashed: k % 2 === 0, dots: false,
      points: shifts.map((t, i) => [t, top >= 0 ? per[i][k].weights[top] : NaN]) })) });
  }
}
