// Small SVG charts with real axes: ticks, tick labels, axis titles and a legend. No chart library.
// LineChart: series of (x, y) points, linear/log2/log10 axes, non-finite y values leave a gap.
// BarChart: grouped bars over named categories.
// Both follow the views' contract: constructor(container, options), update(data).
// Tick labels are written in the reader's digits; the plot itself stays left to right in every language (labs.css).
import { localizeDigits } from '../i18n/numerals.js';
import { t } from '../i18n/i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}
function text(parent, x, y, content, attrs = {}) {
  const t = el('text', { x, y, ...attrs }, parent);
  t.textContent = content;
  return t;
}

export function formatTick(v) {
  if (v === 0) return localizeDigits('0');
  const a = Math.abs(v);
  if (a >= 1e4 || a < 1e-3) return localizeDigits(v.toExponential(0).replace('e+', 'e'));
  if (a >= 100) return localizeDigits(String(Math.round(v)));
  return localizeDigits(String(Number(v.toPrecision(3))));
}

// Evenly spaced "nice" ticks (1, 2, 5 × 10^k) covering [lo, hi].
function niceTicks(lo, hi, count = 5) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count, mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw);
  const ticks = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

// The first nice tick at or above hi.
function niceCeil(lo, hi) {
  const t = niceTicks(lo, hi);
  const step = t.length > 1 ? t[1] - t[0] : Math.abs(hi) || 1;
  return t.at(-1) >= hi - 1e-12 ? t.at(-1) : Number((t.at(-1) + step).toPrecision(12));
}

class Axis {
  constructor(kind, domain, range) {
    this.kind = kind;
    this.range = range;
    const f = this.f = kind === 'log2' ? Math.log2 : kind === 'log10' ? Math.log10 : (v) => v;
    this.a = f(domain[0]);
    this.b = f(domain[1]);
    if (this.b === this.a) this.b = this.a + 1;
    this.domain = domain;
  }
  map(v) {
    const t = (this.f(v) - this.a) / (this.b - this.a);
    return this.range[0] + t * (this.range[1] - this.range[0]);
  }
  ticks() {
    if (this.kind === 'linear') return niceTicks(this.domain[0], this.domain[1]);
    const base = this.kind === 'log2' ? 2 : 10;
    const out = [];
    const every = this.kind === 'log2' && this.b - this.a > 6 ? 2 : 1;  // every other power of 2 when crowded
    for (let k = Math.ceil(this.a - 1e-9); k <= this.b + 1e-9; k += 1) if (k % every === 0) out.push(base ** k);
    return out;
  }
}

class Frame {
  constructor(container, options) {
    this.options = { width: 460, height: 280, ...options };
    const o = this.options;
    this.el = document.createElement('figure');
    this.el.className = 'chart';
    if (o.id) this.el.dataset.chart = o.id;
    if (o.title) {
      const cap = document.createElement('figcaption');
      cap.textContent = o.title;
      this.el.append(cap);
    }
    this.svg = el('svg', { viewBox: `0 0 ${o.width} ${o.height}`, role: 'img', 'aria-label': o.title ?? t('labs.chart.unnamed') }, this.el);
    container.append(this.el);
    this.margin = { left: 58, right: 12, top: 12, bottom: 44 };
  }

  // Axes, gridlines and titles; returns the plot area.
  drawAxes(x, y, xTicks, xLabels) {
    const o = this.options, m = this.margin, s = this.svg;
    const bottom = o.height - m.bottom, left = m.left, right = o.width - m.right;
    const grid = el('g', { class: 'grid' }, s);
    for (const t of y.ticks()) {
      const py = y.map(t);
      if (py < m.top - 0.5 || py > bottom + 0.5) continue;
      el('line', { x1: left, x2: right, y1: py, y2: py }, grid);
      text(s, left - 6, py + 4, formatTick(t), { class: 'tick', 'text-anchor': 'end' });
    }
    xTicks.forEach((t, k) => {
      const px = typeof t === 'number' ? x.map(t) : t.px;
      el('line', { x1: px, x2: px, y1: bottom, y2: bottom + 5, class: 'axis' }, s);
      text(s, px, bottom + 17, xLabels ? xLabels[k] : formatTick(t), { class: 'tick', 'text-anchor': 'middle' });
    });
    el('line', { x1: left, x2: right, y1: bottom, y2: bottom, class: 'axis' }, s);
    el('line', { x1: left, x2: left, y1: m.top, y2: bottom, class: 'axis' }, s);
    if (o.xLabel) text(s, (left + right) / 2, o.height - 6, o.xLabel, { class: 'axis-label', 'text-anchor': 'middle' });
    if (o.yLabel) text(s, 14, (m.top + bottom) / 2, o.yLabel, { class: 'axis-label', 'text-anchor': 'middle', transform: `rotate(-90 14 ${(m.top + bottom) / 2})` });
  }

  drawLegend(series) {
    const legend = document.createElement('ul');
    legend.className = 'legend';
    for (const s of series) {
      const li = document.createElement('li');
      const swatch = document.createElement('span');
      swatch.className = `swatch${s.dashed ? ' dashed' : ''}`;
      swatch.style.setProperty('--c', s.color);
      li.append(swatch, document.createTextNode(s.name));
      legend.append(li);
    }
    this.el.querySelector('ul.legend')?.remove();
    this.el.append(legend);
  }
}

export class LineChart extends Frame {
  /** options: {id, title, xLabel, yLabel, xScale: 'linear'|'log2'|'log10', yScale, width, height} */
  constructor(container, options) {
    super(container, { xScale: 'linear', yScale: 'linear', ...options });
  }

  /** data: {series: [{name, color, points: [[x, y]], dashed?}], x?: [lo, hi], y?: [lo, hi], marker?: x, notes?: [{x, y, text}]} */
  update(data) {
    const o = this.options, m = this.margin;
    this.svg.replaceChildren();
    const pts = data.series.flatMap((s) => s.points).filter(([px, py]) => Number.isFinite(px) && Number.isFinite(py)
      && (o.yScale === 'linear' || py > 0));
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    let xDomain = data.x ?? [Math.min(...xs), Math.max(...xs)];
    let yDomain = data.y ?? [Math.min(0, ...ys), Math.max(...ys)];
    if (o.yScale !== 'linear' && !data.y) {
      const f = o.yScale === 'log2' ? 2 : 10;
      yDomain = [f ** Math.floor(Math.log(Math.min(...ys)) / Math.log(f)), f ** Math.ceil(Math.log(Math.max(...ys)) / Math.log(f))];
    }
    if (!pts.length) { xDomain = data.x ?? [0, 1]; yDomain = data.y ?? [0, 1]; }
    if (o.yScale === 'linear' && !data.y) yDomain = [yDomain[0], niceCeil(yDomain[0], yDomain[1])];
    const x = new Axis(o.xScale, xDomain, [m.left, o.width - m.right]);
    const y = new Axis(o.yScale, yDomain, [o.height - m.bottom, m.top]);
    this.drawAxes(x, y, x.ticks().filter((t) => t >= xDomain[0] - 1e-9 && t <= xDomain[1] * (1 + 1e-9)));
    const clip = `clip-${o.id ?? Math.random().toString(36).slice(2)}`;
    el('rect', { x: m.left, y: m.top, width: o.width - m.left - m.right, height: o.height - m.top - m.bottom },
      el('clipPath', { id: clip }, this.svg));
    const plot = el('g', { 'clip-path': `url(#${clip})` }, this.svg);
    if (data.marker !== undefined) {
      const px = x.map(data.marker);
      el('line', { x1: px, x2: px, y1: m.top, y2: o.height - m.bottom, class: 'marker' }, plot);
    }
    for (const s of data.series) {
      let d = '', pen = false;
      for (const [px, py] of s.points) {
        const ok = Number.isFinite(py) && (o.yScale === 'linear' || py > 0);
        if (!ok) { pen = false; continue; }
        d += `${pen ? 'L' : 'M'}${x.map(px).toFixed(2)},${y.map(py).toFixed(2)}`;
        pen = true;
      }
      el('path', { d, class: 'series', stroke: s.color, 'stroke-dasharray': s.dashed ? '6 4' : 'none', 'data-series': s.name }, plot);
      if (s.dots !== false && s.points.length <= 40)
        for (const [px, py] of s.points)
          if (Number.isFinite(py) && (o.yScale === 'linear' || py > 0))
            el('circle', { cx: x.map(px), cy: y.map(py), r: 2.6, fill: s.color }, plot);
    }
    for (const n of data.notes ?? []) text(plot, x.map(n.x) + 4, y.map(n.y) - 4, n.text, { class: 'note' });
    this.drawLegend(data.series);
    this.el.dataset.points = String(pts.length);
    this.el.dataset.signature = data.series.map((s) => s.points.map((p) => p[1]).join(',')).join('|');
  }
}

export class BarChart extends Frame {
  /** options: {id, title, xLabel, yLabel, width, height} */
  constructor(container, options) { super(container, options); }

  /** data: {categories: [name], series: [{name, color, values}], y?: [lo, hi], highlight?: index} */
  update(data) {
    const o = this.options, m = this.margin;
    this.svg.replaceChildren();
    const all = data.series.flatMap((s) => s.values).filter(Number.isFinite);
    const lo = Math.min(0, ...all);
    const yDomain = data.y ?? [lo, niceCeil(lo, Math.max(1e-9, ...all))];
    const y = new Axis('linear', yDomain, [o.height - m.bottom, m.top]);
    const n = data.categories.length, left = m.left, width = o.width - m.left - m.right;
    const band = width / Math.max(1, n), inner = band * 0.8 / Math.max(1, data.series.length);
    const ticks = data.categories.map((_, k) => ({ px: left + band * (k + 0.5) }));
    if (data.highlight !== undefined && data.highlight >= 0)
      el('rect', { x: left + band * data.highlight, y: m.top, width: band, height: o.height - m.top - m.bottom, class: 'band' }, this.svg);
    this.drawAxes(null, y, ticks, data.categories);
    const zero = y.map(Math.max(yDomain[0], 0));
    data.series.forEach((s, k) => {
      s.values.forEach((v, i) => {
        const bx = left + band * i + band * 0.1 + inner * k;
        if (!Number.isFinite(v)) {
          text(this.svg, bx + inner / 2, zero - 4, Number.isNaN(v) ? 'NaN' : '∞', { class: 'note', 'text-anchor': 'middle' });
          return;
        }
        const py = y.map(v);
        el('rect', { x: bx, y: Math.min(py, zero), width: Math.max(1, inner - 1), height: Math.abs(zero - py), fill: s.color,
          'data-series': s.name, 'data-value': v }, this.svg);
      });
    });
    this.drawLegend(data.series);
    this.el.dataset.signature = data.series.map((s) => s.values.join(',')).join('|');
  }
}
