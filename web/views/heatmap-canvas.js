// A large matrix as a canvas heatmap: one canvas pixel per cell, scaled up by CSS. A 512 × 768 matrix paints
// in a few milliseconds, where a table of 393,216 live cells would freeze the page. Numbers are read by
// pointing (tooltip) or with the keyboard (a focus box and a spoken readout line), and edited in a small box
// laid over the cell — the same keys as the table heatmap: arrows, Home/End, PageUp/PageDown, Enter or typing.
import { LEVELS, RAMPS, faded, pixelOf } from '../colors.js';
import { shownExact as formatExact, shownNumber as formatNumber, parseNumber } from '../numbers.js';
import { t } from '../i18n/i18n.js';
import { localizeDigits } from '../i18n/numerals.js';
// numbers as the page's language writes them ("0,5" in German); the engine's doubles are never touched
/** A typed number's problem in the page's language (numbers.js gives its code and the text typed). */
const problemOf = (parsed) => t(`common.number.${parsed.code}`, { text: parsed.text });
import { Legend } from './legend.js';
import { hideTooltip, showTooltip } from './tooltip.js';
import { cursorAction } from './grid-cursor.js';

const MAX_WIDTH = 640, MAX_HEIGHT = 480, MAX_CELL = 24; // CSS pixels
const HIDDEN = [205, 205, 205], HIDDEN_PIXEL = pixelOf(HIDDEN), HIDDEN_FADED = pixelOf(faded(HIDDEN));

let uid = 0;

// A canvas far from the viewport writes its pixels when it comes within a screen of it (as when-seen.js draws a
// placeholder): at (128, 256, 4) most of a lesson's canvases lie below the fold, and their pixels were a fifth of
// what a new lesson took. What a heatmap says — its label, legend, focus box and readout — is never late, and a
// canvas waiting for its pixels is blank rather than showing the numbers before (its figure says
// data-pixels="waiting"). Printing paints every one.
const heatmapOf = new WeakMap(); // figure -> CanvasHeatmap
const nearness = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const e of entries) {
      const heatmap = heatmapOf.get(e.target);
      heatmap.near = e.isIntersecting;
      if (heatmap.near && heatmap.stale) heatmap.paintPixels();
    }
  }, { rootMargin: '100% 0px' })
  : null;
if (nearness) {
  window.addEventListener('beforeprint', () => {
    for (const el of document.querySelectorAll('.canvas-heatmap[data-pixels]')) heatmapOf.get(el)?.paintPixels();
  });
}

/** [width, height] of one cell in CSS pixels: the matrix fits MAX_WIDTH × MAX_HEIGHT, cells stay under MAX_CELL. */
export function cellSize(rows, cols) {
  const w = Math.min(MAX_CELL, MAX_WIDTH / cols);
  return [w, Math.min(MAX_CELL, MAX_HEIGHT / rows, Math.max(w, 4))];
}

/** Fills one axis with `names`, each `cell` CSS pixels along `side`; → the names' extent (CSS), or null when hidden. */
// One div a name, kept from one lesson to the next (a lesson of n − 1 tokens changes a name or removes one; making
// them all again cost milliseconds at 128 tokens); their size is the container's (--cell, --axis-font).
function axis(el, names, cell, side) {
  const show = Boolean(names) && cell >= 9;
  el.hidden = !show;
  if (!show) { if (el.firstChild) el.replaceChildren(); return null; }
  const extent = `${Math.min(10, Math.max(...names.map((t) => String(t).length)))}ch`;
  el.style.setProperty('--cell', `${cell}px`);
  el.style.setProperty('--axis-font', `${Math.min(12, cell - 1)}px`);
  const divs = el.children;
  while (divs.length > names.length) el.lastElementChild.remove();
  while (divs.length < names.length) el.append(document.createElement('div'));
  for (let k = 0; k < names.length; k++) {
    const text = String(names[k]);
    if (divs[k].textContent !== text) divs[k].textContent = text;
  }
  el.style[side === 'height' ? 'width' : 'height'] = extent;
  return extent;
}
const same = (a, b) => {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
};

// The smallest and largest finite number the mask shows ([0, 0]: none). Nothing after the loop reads a property: V8
// compiles a long loop while it first runs, and in the method it was, that code bailed out after the loop in every
// later call (about 500 times in forty new lessons at (16, 64, 2), by --trace-deopt).
function shownExtent(data, visible) {
  let lo = Infinity, hi = -Infinity;
  for (let k = 0; k < data.length; k++) {
    const v = data[k];
    if ((v < lo || v > hi) && Number.isFinite(v) && !(visible && visible[k] === 0)) { if (v < lo) lo = v; if (v > hi) hi = v; }
  }
  return lo <= hi ? [lo, hi] : [0, 0];
}

export class CanvasHeatmap {
  /** options: as for the table Heatmap (matrix, head, label, ariaName, scale, editable, describe, onEdit, onSelect) */
  constructor(container, options) {
    this.options = { head: 0, ...options };
    const o = this.options, id = `cv${++uid}`;
    this.errors = new Map(); // "i,j" -> {text, message}
    this.focus = [0, 0];
    this.el = document.createElement('figure');
    this.el.className = 'heatmap canvas-heatmap';
    this.el.dataset.matrix = o.matrix;
    this.el.dataset.head = String(o.head);
    this.el.innerHTML = `<figcaption></figcaption>
      <div class="canvas-wrap" tabindex="0" role="application" aria-roledescription="heatmap" aria-describedby="${id}-read">
        <div class="canvas-rows" aria-hidden="true" hidden></div><div class="canvas-cols" aria-hidden="true" hidden></div><canvas aria-hidden="true"></canvas><div class="canvas-marks" aria-hidden="true"></div><div class="canvas-focus" aria-hidden="true"></div>
      </div>
      <p class="canvas-readout" id="${id}-read" aria-live="off"></p>
      <div class="grid-foot"><span class="shape"></span><span class="legend"></span></div>
      <p class="cell-message" aria-live="polite" hidden></p>`;
    this.el.querySelector('figcaption').innerHTML = o.label;
    this.wrap = this.el.querySelector('.canvas-wrap');
    this.canvas = this.el.querySelector('canvas');
    this.ctx = this.canvas.getContext('2d');
    this.marks = this.el.querySelector('.canvas-marks');
    this.rowAxis = this.el.querySelector('.canvas-rows');
    this.colAxis = this.el.querySelector('.canvas-cols');
    this.focusBox = this.el.querySelector('.canvas-focus');
    this.readout = this.el.querySelector('.canvas-readout');
    this.shapeEl = this.el.querySelector('.shape');
    this.legend = new Legend(this.el.querySelector('.legend'), o.scale);
    this.messageEl = this.el.querySelector('.cell-message');
    container.append(this.el);
    this.listen();
    // (until the observer first reports, the heatmap counts as near: a new one is painted at once)
    this.near = true;
    this.stale = false;
    heatmapOf.set(this.el, this);
    nearness?.observe(this.el);
  }

  /** The heatmap is dropped: its figure is no longer observed (browsers have kept observed elements alive). */
  dispose() {
    nearness?.unobserve(this.el);
  }

  /**
   * data: {matrix: {rows, cols, data}, rowLabels, colLabels, visible?: Uint8Array (0 = hidden by the mask, for
   * n × n matrices), highlight: {rows, cols, cells}, dimRows?: Set}
   */
  update(data) {
    const { rows, cols } = data.matrix;
    const resized = rows !== this.rows || cols !== this.cols;
    if (resized) this.resize(rows, cols);
    this.data = data;
    this.labelAxes(resized);
    // An edit changes some matrices and not others (W_Q when X is edited): those keep their pixels. (The matrix
    // drawn is kept, not its array: a trace the page gave back to the engine lends its arrays to a later one, and
    // leaves its matrices with no numbers.)
    const look = `${this.options.scale}|${[...(data.dimRows ?? [])]}`, was = this.painted;
    if (!resized && was && was.look === look && same(was.matrix.data, data.matrix.data) && same(was.visible, data.visible)) {
      was.matrix = data.matrix;
      this.decorate();
      return;
    }
    this.painted = { matrix: data.matrix, visible: data.visible, look };
    this.paint();
  }

  resize(rows, cols) {
    this.rows = rows; this.cols = cols;
    // (each write clears and reallocates the canvas, even of the same number: 35 µs a 16 × 64 canvas for both, 21 for one)
    if (this.canvas.width !== cols) this.canvas.width = cols;
    if (this.canvas.height !== rows) this.canvas.height = rows;
    this.image = this.ctx.createImageData(cols, rows);
    this.pixels = new Uint32Array(this.image.data.buffer); // one store per cell
    [this.cellW, this.cellH] = cellSize(rows, cols);
    this.wrap.style.width = `${cols * this.cellW}px`;
    this.wrap.style.height = `${rows * this.cellH}px`;
    this.focus = [Math.min(this.focus[0], rows - 1), Math.min(this.focus[1], cols - 1)];
    for (const k of this.errors.keys()) { const [i, j] = k.split(',').map(Number); if (i >= rows || j >= cols) this.errors.delete(k); }
    this.shapeEl.textContent = `${rows} × ${cols}`;
    this.el.dataset.rows = String(rows);
    this.el.dataset.cols = String(cols);
    this.closeEditor(false);
  }

  value(i, j) { return this.data.matrix.data[i * this.cols + j]; }

  // The names of the rows (tokens) left of the pixels and of the columns above them, where cells are big enough
  // to read them; the readout and the tooltip name every cell anyway, so these are for the eye only.
  labelAxes(resized) {
    const rows = this.data.rowLabels ?? null, cols = this.data.colLabels ?? Array.from({ length: this.cols }, (_, j) => String(j + 1));
    const key = `${rows?.join('\u0001')}|${cols.join('\u0001')}`;
    if (!resized && key === this.axesKey) return;
    this.axesKey = key;
    const left = axis(this.rowAxis, rows, this.cellH, 'height');
    const top = axis(this.colAxis, cols, this.cellW, 'width');
    this.wrap.style.marginLeft = left ? `calc(${left} + 8px)` : '';
    this.wrap.style.marginTop = top ? `calc(${top} + 6px)` : '';
  }

  /** The colour scale's ends; also notes the smallest and largest value shown (for the text alternative). */
  range() {
    this.shown = shownExtent(this.data.matrix.data, this.data.visible);
    if (this.options.scale === 'sequential') return [0, 1];
    const lim = Math.max(Math.abs(this.shown[0]), Math.abs(this.shown[1]));
    return [-lim, lim];
  }

  paint() {
    const [lo, hi] = this.ends = this.range();
    if (this.near) this.paintPixels();
    else if (!this.stale) {
      this.stale = true;
      this.el.dataset.pixels = 'waiting';
      this.ctx.clearRect(0, 0, this.cols, this.rows);
    }
    this.legend.update(lo, hi);
    this.wrap.setAttribute('aria-label', t(this.options.editable ? 'walkthrough.cell.canvasEditable' : 'walkthrough.cell.canvasReadOnly', {
      matrix: this.options.ariaName ?? this.options.matrix, rows: this.rows, cols: this.cols, lo: formatNumber(this.shown[0], 2), hi: formatNumber(this.shown[1], 2) }));
    this.decorate();
  }

  /** One 32-bit store a cell, from the colour scale's ends that paint() found. */
  paintPixels() {
    const d = this.data, { data } = d.matrix, vis = d.visible, rows = this.rows, cols = this.cols, px = this.pixels;
    const hi = this.ends[1];
    const sequentialScale = this.options.scale === 'sequential';
    const ramp = RAMPS[sequentialScale ? 'sequential' : 'diverging'].pixels();
    // levelOf, inlined: the step is offset + value × slope, rounded (+ 0.5, truncated) and clamped (NaN → step 0)
    const top = LEVELS - 1, slope = (sequentialScale ? 1 : hi > 0 ? 1 / (2 * hi) : 0) * top, offset = (sequentialScale ? 0 : 0.5) * top + 0.5;
    for (let i = 0, k = 0; i < rows; i++) {
      const dim = d.dimRows?.has(i), lut = dim ? ramp.fadedPixel : ramp.pixel, hidden = dim ? HIDDEN_FADED : HIDDEN_PIXEL;
      for (const end = k + cols; k < end; k++) {
        const x = offset + data[k] * slope;
        px[k] = vis && vis[k] === 0 ? hidden : lut[x >= top ? top : x > 0 ? x | 0 : 0];
      }
    }
    this.ctx.putImageData(this.image, 0, 0);
    if (this.stale) {
      this.stale = false;
      delete this.el.dataset.pixels;
    }
  }

  /** What lies over the pixels: selection marks, the focus box and its readout, messages. */
  decorate() {
    this.paintMarks();
    this.placeFocus();
    this.paintMessages();
  }

  // Selected rows, columns and cells, and cells with invalid input: outlines over the canvas (built through
  // element.style: the page's CSP refuses style attributes in markup).
  paintMarks() {
    const hl = this.data.highlight ?? {}, boxes = [];
    for (const i of hl.rows ?? []) if (i < this.rows) boxes.push(['mark-band', i, 0, 1, this.cols]);
    for (const j of hl.cols ?? []) if (j < this.cols) boxes.push(['mark-band', 0, j, this.rows, 1]);
    for (const c of hl.cells ?? []) { const [i, j] = c.split(',').map(Number); if (i < this.rows && j < this.cols) boxes.push(['mark-cell', i, j, 1, 1]); }
    for (const k of this.errors.keys()) { const [i, j] = k.split(',').map(Number); boxes.push(['mark-invalid', i, j, 1, 1]); }
    const key = `${this.cellW},${this.cellH}|${boxes.join('|')}`;
    if (key === this.marksKey) return;
    this.marksKey = key;
    this.marks.replaceChildren(...boxes.map(([cls, i, j, h, w]) => {
      const div = document.createElement('div');
      div.className = cls;
      Object.assign(div.style, { top: `${i * this.cellH}px`, left: `${j * this.cellW}px`, height: `${h * this.cellH}px`, width: `${w * this.cellW}px` });
      return div;
    }));
  }

  paintMessages() {
    const msgs = [...this.errors.entries()].map(([k, e]) => {
      const [i, j] = k.split(',').map(Number);
      return t('walkthrough.cell.kept', { row: this.rowName(i), col: this.colName(j), message: e.message, value: formatNumber(this.value(i, j), 4) });
    });
    this.messageEl.textContent = msgs.join(' ');
    this.messageEl.hidden = msgs.length === 0;
  }

  rowName(i) { return this.data.rowLabels?.[i] ?? String(i + 1); }
  colName(j) { return this.data.colLabels?.[j] ?? String(j + 1); }

  describe(i, j) {
    const v = this.value(i, j);
    const hidden = this.data.visible?.[i * this.cols + j] === 0;
    const meaning = hidden ? t('walkthrough.cell.hidden') : `${formatExact(v)}${this.options.describe ? ` — ${this.options.describe(i, j, v)}` : ''}`;
    const err = this.errors.get(`${i},${j}`);
    return `${this.options.ariaName ?? this.options.matrix}[${this.rowName(i)}, ${this.colName(j)}] = ${meaning}${err ? ` ${t('walkthrough.cell.invalid', { message: err.message })}` : ''}`;
  }

  placeFocus() {
    const [i, j] = this.focus, box = `${i * this.cellH}|${j * this.cellW}|${this.cellW}|${this.cellH}`;
    if (box !== this.box) { // (an unchanged style still costs a style pass)
      this.box = box;
      Object.assign(this.focusBox.style, { top: `${i * this.cellH}px`, left: `${j * this.cellW}px`, width: `${this.cellW}px`, height: `${this.cellH}px` });
    }
    const text = this.describe(i, j);
    if (this.readout.textContent !== text) this.readout.textContent = text;
  }

  cellAt(e) {
    const r = this.wrap.getBoundingClientRect();
    const i = Math.floor((e.clientY - r.top) / this.cellH), j = Math.floor((e.clientX - r.left) / this.cellW);
    return i >= 0 && j >= 0 && i < this.rows && j < this.cols ? [i, j] : null;
  }

  listen() {
    this.wrap.addEventListener('mousemove', (e) => {
      const c = this.cellAt(e);
      if (c) this.showTip(c[0], c[1]);
      else hideTooltip();
    });
    this.wrap.addEventListener('mouseleave', hideTooltip);
    this.wrap.addEventListener('click', (e) => {
      const c = this.cellAt(e);
      if (c && !this.editor) this.select(c[0], c[1]);
    });
    this.wrap.addEventListener('dblclick', (e) => { const c = this.cellAt(e); if (c && this.options.editable) this.startEdit(c[0], c[1], null); });
    this.wrap.addEventListener('keydown', (e) => this.onKey(e));
    // An edit rewrites the readout of every canvas whose numbers changed: only the focused canvas's is spoken (else
    // a screen reader would read out each of a (128, 256, 4) lesson's 33 after every edit).
    this.wrap.addEventListener('focus', () => { this.readout.setAttribute('aria-live', 'polite'); this.showTip(...this.focus); });
    this.wrap.addEventListener('blur', () => { this.readout.setAttribute('aria-live', 'off'); hideTooltip(); });
  }

  showTip(i, j) {
    showTooltip(this.describe(i, j), () => {
      const r = this.wrap.getBoundingClientRect();
      return { x: r.left + j * this.cellW, y: r.top + (i + 1) * this.cellH, top: r.top + i * this.cellH };
    });
  }

  select(i, j) {
    this.focus = [i, j];
    this.placeFocus();
    this.wrap.focus({ preventScroll: true });
    this.showTip(i, j); // (a mouse-down focused the grid first, and its tooltip named the old focus cell)
    this.options.onSelect?.({ matrix: this.options.matrix, head: this.options.head, row: i, col: j });
  }

  move(i, j) {
    this.focus = [Math.max(0, Math.min(this.rows - 1, i)), Math.max(0, Math.min(this.cols - 1, j))];
    this.placeFocus();
    this.showTip(...this.focus);
  }

  onKey(e) {
    if (e.target !== this.wrap) return;
    const [i, j] = this.focus;
    const a = cursorAction(e, [i, j], { rows: this.rows, cols: this.cols, editable: this.options.editable });
    if (!a) return;
    e.preventDefault();
    if (a.move) this.move(...a.move);
    else if (a.type) this.startEdit(i, j, a.type);
    else {
      this.select(i, j);
      if (this.options.editable && a.open) this.startEdit(i, j, null);
    }
  }

  startEdit(i, j, firstChar) {
    this.closeEditor(false);
    const err = this.errors.get(`${i},${j}`);
    const input = document.createElement('input');
    input.type = 'text';
    input.inputMode = 'decimal';
    input.className = 'cell-input canvas-editor';
    input.setAttribute('aria-label', t('walkthrough.cell.newValue', { matrix: this.options.ariaName ?? this.options.matrix, row: this.rowName(i), col: this.colName(j) }));
    input.value = firstChar ?? (err ? err.text : localizeDigits(String(this.value(i, j))));
    Object.assign(input.style, { top: `${i * this.cellH}px`, left: `${Math.min(j * this.cellW, Math.max(0, this.cols * this.cellW - 80))}px` });
    this.focus = [i, j];
    this.editor = { input, i, j };
    this.wrap.append(input);
    input.focus();
    if (firstChar == null) input.select();
    input.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Enter') { e.preventDefault(); this.closeEditor(true, e.shiftKey ? [-1, 0] : [0, 0]); }
      else if (e.key === 'Escape') { e.preventDefault(); this.closeEditor(false, [0, 0]); }
      else if (e.key === 'Tab') { e.preventDefault(); this.closeEditor(true, [0, e.shiftKey ? -1 : 1]); }
    });
    input.addEventListener('blur', () => this.closeEditor(true));
  }

  /** Ends an open edit: commits its text or not, then moves the focus (back to the grid when `move` is given). */
  closeEditor(commit, move = null) {
    const ed = this.editor;
    if (!ed) return;
    this.editor = null;
    const text = ed.input.value;
    // The new numbers first, then the focus: focusing needs the page's style, computed once for the repainted
    // heatmaps. (The grid takes the focus before the editor goes: removing the focused element costs more.)
    if (commit) this.commit(ed.i, ed.j, text);
    if (move) this.wrap.focus({ preventScroll: true });
    ed.input.remove();
    if (move) this.move(ed.i + move[0], ed.j + move[1]);
  }

  commit(i, j, text) {
    if (i >= this.rows || j >= this.cols) return;
    const parsed = parseNumber(text);
    if (!parsed.ok) { this.errors.set(`${i},${j}`, { text, message: problemOf(parsed) }); this.decorate(); return; }
    const had = this.errors.delete(`${i},${j}`);
    if (parsed.value !== this.value(i, j)) this.options.onEdit?.(i, j, parsed.value);
    else if (had) this.decorate();
  }
}
