// A matrix as an accessible heatmap grid: numbers in the cells, colour from a shared scale, a legend,
// the shape under it. Editable grids take typing; invalid text is flagged at the cell and the last valid
// value stays. Keyboard: arrows move, Enter or typing edits (editable) or selects (read-only).
import { RAMPS, levelOf } from '../colors.js';
import { shownExact as formatExact, shownNumber as formatNumber, parseNumber } from '../numbers.js';
import { t } from '../i18n/i18n.js';
import { localizeDigits } from '../i18n/numerals.js';
// numbers as the page's language writes them ("0,5" in German); the engine's doubles are never touched
/** A typed number's problem in the page's language (numbers.js gives its code and the text typed). */
const problemOf = (parsed) => t(`common.number.${parsed.code}`, { text: parsed.text });
import { Legend } from './legend.js';
import { hideTooltip, showTooltip } from './tooltip.js';
import { cursorAction } from './grid-cursor.js';
import { setAttr, setProp } from './dom.js';

// A grid of up to 8 columns has columns as wide as a number of five or six characters (style.css, table.steady): an
// edit that gives a number a sign or a digit leaves the grid's shape alone. Wider grids keep their narrower columns,
// so a 16 × 16 grid still fits a laptop's screen.
const STEADY_COLS = 8;
// bit b of a cell's classes; the last two are its text's colour, white or black on its background (none for a hidden or
// pending cell, whose colours are the stylesheet's): a class, written when the colour flips, not a second style per cell
const CLASSES = ['hidden-cell', 'pending', 'invalid', 'sel-row', 'sel-col', 'sel-cell', 'text-white', 'text-black'];

function columnHeader() {
  const th = document.createElement('th');
  th.setAttribute('role', 'columnheader');
  th.scope = 'col';
  return th;
}

export class Heatmap {
  /**
   * options: {matrix, head, label (HTML), scale: 'sequential'|'diverging', editable, digits,
   *           describe(i, j, value) -> text, onEdit(i, j, value), onSelect({matrix, head, row, col})}
   */
  constructor(container, options) {
    this.options = { digits: 2, head: 0, ...options };
    this.errors = new Map(); // "i,j" -> {text, message}
    this.focus = [0, 0];
    this.el = document.createElement('figure');
    this.el.className = 'heatmap';
    this.el.dataset.matrix = options.matrix;
    container.append(this.el);
    this.shapeKey = '';
    this.labelKey = null;
    this.table = null;
  }

  /** data: {matrix: rows, rowLabels, colLabels, hidden(i,j)?, highlight: {rows, cols, cells}, dimRows?: Set, note?} */
  update(data) {
    const m = data.matrix;
    const rows = m.length, cols = rows ? m[0].length : 0;
    if (data.rowLabels && data.rowLabels.length !== rows) throw new Error(`${this.options.matrix}: ${data.rowLabels.length} row labels for ${rows} rows`);
    const before = this.data;
    this.data = data;
    // A new lesson keeps the grid: its cells are reused, rows and columns added or removed, labels rewritten
    // where they differ (building six 16 × 16 tables anew took most of a new lesson's time).
    const shape = `${rows}x${cols}`;
    if (!this.table) this.build(rows, cols, data);
    else if (shape !== this.shapeKey) this.reshape(rows, cols, data);
    if (shape !== this.shapeKey) this.table.classList.toggle('steady', cols <= STEADY_COLS);
    // (labels arrive as new arrays with every trace: compared by value here, so an edit reads no header from the DOM)
    const labels = `${(data.rowLabels ?? []).join('\u0001')}|${(data.colLabels ?? []).join('\u0001')}`;
    if (shape !== this.shapeKey || labels !== this.labelKey) this.relabel(data);
    // A grid that would show just what it shows is not painted again: the engine hands back a matrix an edit left
    // alone as the same object (the weights' grids, when X is edited: 1,112 of the decoder layer's 1,946 cells).
    const hl = data.highlight, marks = `${hl ? `${[...hl.rows]}|${[...hl.cols]}|${[...hl.cells]}` : ''}|${this.focus}`;
    const same = before && shape === this.shapeKey && labels === this.labelKey && marks === this.marksKey
      && data.matrix === before.matrix && data.hidden === before.hidden && data.dimRows === before.dimRows
      && this.errors.size === 0 && !this.editing;
    this.shapeKey = shape;
    this.labelKey = labels;
    this.marksKey = marks;
    if (!same) this.paint();
  }

  build(rows, cols, data) {
    const o = this.options;
    this.errors.clear();
    this.focus = [Math.min(this.focus[0], rows - 1), Math.min(this.focus[1], cols - 1)];
    // Clearing the grid blurs an editor still open in it, which commits: that commit must not paint the old cells.
    this.building = true;
    this.el.innerHTML = '';
    this.building = false;
    const cap = document.createElement('figcaption');
    cap.innerHTML = o.label;
    this.el.append(cap);
    const wrap = document.createElement('div');
    wrap.className = 'grid-wrap';
    const table = document.createElement('table');
    table.setAttribute('role', 'grid');
    table.setAttribute('aria-label', `${o.ariaName ?? o.matrix}${o.editable ? ' (editable)' : ' (read-only)'}`);
    if (!o.editable) table.setAttribute('aria-readonly', 'true');
    const head = table.createTHead().insertRow();
    head.setAttribute('role', 'row');
    const corner = Object.assign(document.createElement('th'), { className: 'corner' });
    corner.setAttribute('role', 'columnheader');
    corner.setAttribute('aria-label', 'rows');
    head.append(corner);
    for (let j = 0; j < cols; j++) head.append(columnHeader());
    const body = table.createTBody();
    this.cells = [];
    this.shown = []; // per cell, what its DOM shows now (kept in JS: reading DOM state back is slow)
    this.editing = null;
    this.labelled = null;
    for (let i = 0; i < rows; i++) this.addRow(body, i, cols);
    wrap.append(table);
    this.el.append(wrap);
    const foot = document.createElement('div');
    foot.className = 'grid-foot';
    this.shapeEl = document.createElement('span');
    this.shapeEl.className = 'shape';
    this.shapeEl.textContent = `${rows} × ${cols}`;
    const legendEl = document.createElement('span');
    legendEl.className = 'legend';
    foot.append(this.shapeEl, legendEl);
    this.legend = new Legend(legendEl, o.scale);
    this.el.append(foot);
    this.messageEl = document.createElement('p');
    this.messageEl.className = 'cell-message';
    this.messageEl.id = `msg-${o.matrix}-${o.head}-${Math.random().toString(36).slice(2, 8)}`;
    this.messageEl.setAttribute('aria-live', 'polite');
    this.el.append(this.messageEl);
    this.table = table;
    table.addEventListener('keydown', (e) => this.onKey(e));
    table.addEventListener('click', (e) => {
      const td = e.target.closest('td');
      if (td && !td.querySelector('input')) { this.activate(td, false); return; }
      // a row label selects the row (the weights row → the whole softmax of that query)
      const th = e.target.closest('tbody th');
      if (th) { const i = [...th.parentElement.parentElement.children].indexOf(th.parentElement); if (this.cells[i]) this.activate(this.cells[i][Math.min(this.focus[1], this.cells[i].length - 1)], false); }
    });
    table.addEventListener('dblclick', (e) => { const td = e.target.closest('td'); if (td && o.editable) this.startEdit(td, null); });
    table.addEventListener('mouseover', (e) => { const td = e.target.closest('td'); if (td) this.showTip(td); });
    table.addEventListener('mouseleave', hideTooltip);
    table.addEventListener('focusin', (e) => { const td = e.target.closest('td'); if (td) { this.focus = [+td.dataset.row, +td.dataset.col]; this.label(...this.focus); this.showTip(td); } });
    // (the focus moving within the grid, as from a cell's editor back to its cell, keeps the tooltip up)
    table.addEventListener('focusout', (e) => { if (!table.contains(e.relatedTarget)) hideTooltip(); });
  }

  /** Row i of `cols` new cells, appended to the body. */
  addRow(body, i, cols) {
    const tr = body.insertRow();
    tr.setAttribute('role', 'row');
    const th = document.createElement('th');
    th.setAttribute('role', 'rowheader');
    th.scope = 'row';
    tr.append(th);
    this.cells.push([]);
    this.shown.push([]);
    for (let j = 0; j < cols; j++) this.addCell(tr, i, j);
  }

  addCell(tr, i, j) {
    // (a copy of the grid's blank cell: one call for what every cell has, where a new lesson adds hundreds)
    if (!this.blankCell) {
      const o = this.options, blank = this.blankCell = document.createElement('td');
      blank.setAttribute('role', 'gridcell');
      blank.dataset.matrix = o.matrix;
      blank.dataset.head = String(o.head);
      blank.tabIndex = -1;
    }
    const td = this.blankCell.cloneNode(false);
    td.dataset.row = String(i);
    td.dataset.col = String(j);
    tr.append(td);
    this.cells[i].push(td);
    // (what the copy already is: no class, out of the tab order — the first paint writes neither again)
    this.shown[i].push({ level: null, text: null, v: undefined, pending: null, cls: 0, focusable: false, err: undefined });
  }

  /** The grid made rows × cols in place: the cells both shapes have are kept (and repainted only where they change). */
  reshape(rows, cols, data) {
    // An editor still open is closed as a rebuild closed it (its blur commits: not to the old cells).
    this.building = true;
    if (this.editing) {
      const [i, j] = this.editing;
      const input = this.cells[i][j].querySelector('input');
      input?.blur(); // (its blur handler removes it)
      if (input?.isConnected) input.remove();
      this.editing = null;
    }
    this.building = false;
    this.errors.clear();
    this.focus = [Math.min(this.focus[0], rows - 1), Math.min(this.focus[1], cols - 1)];
    const head = this.table.tHead.rows[0], body = this.table.tBodies[0];
    while (head.cells.length - 1 > cols) head.lastElementChild.remove();
    while (head.cells.length - 1 < cols) head.append(columnHeader());
    while (this.cells.length > rows) { body.lastElementChild.remove(); this.cells.pop(); this.shown.pop(); }
    this.cells.forEach((line, i) => {
      const tr = body.rows[i];
      while (line.length > cols) { line.pop().remove(); this.shown[i].pop(); }
      while (line.length < cols) this.addCell(tr, i, line.length);
    });
    while (this.cells.length < rows) this.addRow(body, this.cells.length, cols);
    this.shapeEl.textContent = `${rows} × ${cols}`;
    if (this.labelled && !this.labelled.isConnected) this.labelled = null;
  }

  /** Row and column labels written where they differ from what the headers show. */
  relabel(data) {
    const head = this.table.tHead.rows[0].cells, body = this.table.tBodies[0].rows;
    for (let j = 1; j < head.length; j++) setProp(head[j], 'textContent', data.colLabels?.[j - 1] ?? String(j));
    for (let i = 0; i < body.length; i++) setProp(body[i].cells[0], 'textContent', data.rowLabels?.[i] ?? String(i + 1));
  }

  range() {
    const m = this.data.matrix;
    if (this.options.scale === 'sequential') return [0, 1];
    let lim = 0;
    m.forEach((r, i) => r.forEach((v, j) => { if (Number.isFinite(v) && !this.data.hidden?.(i, j)) lim = Math.max(lim, Math.abs(v)); }));
    return [-lim, lim];
  }

  paint() {
    const o = this.options, d = this.data, m = d.matrix;
    const [lo, hi] = this.range();
    const hl = d.highlight ?? {};
    const kind = o.scale === 'sequential' ? 'sequential' : 'diverging', ramp = RAMPS[kind];
    const anyErrors = this.errors.size > 0, anyCells = hl.cells?.size > 0;
    for (let i = 0; i < m.length; i++) {
      const row = m[i], pending = Boolean(d.dimRows?.has(i)), selRow = hl.rows?.has(i);
      for (let j = 0; j < row.length; j++) {
        if (this.editing && this.editing[0] === i && this.editing[1] === j) continue;
        const v = row[j], td = this.cells[i][j], was = this.shown[i][j];
        const hidden = Boolean(d.hidden?.(i, j));
        const err = anyErrors ? this.errors.get(`${i},${j}`) : undefined;
        const level = hidden || pending ? -1 : levelOf(kind, v, hi);
        // the cell's classes as bits (a string per cell and repaint would be garbage to collect)
        const colour = level < 0 ? null : ramp.cell(level);
        const cls = (hidden ? 1 : 0) | (pending ? 2 : 0) | (err ? 4 : 0) | (selRow ? 8 : 0) | (hl.cols?.has(j) ? 16 : 0) | (anyCells && hl.cells.has(`${i},${j}`) ? 32 : 0)
          | (colour ? (colour[1] === '#fff' ? 64 : 128) : 0);
        const focusable = i === this.focus[0] && j === this.focus[1];
        // Only touch the DOM where something changed, field by field, and by the cheapest call (backgroundColor,
        // not the background shorthand; the text node's data, not a new node): a repaint must fit in one frame.
        if (level !== was.level) { td.style.backgroundColor = colour ? colour[0] : ''; was.level = level; }
        if (v !== was.v || pending !== was.pending) {
          const text = pending ? '…' : formatNumber(v, o.digits);
          if (text !== was.text) { if (td.firstChild?.nodeType === Node.TEXT_NODE) td.firstChild.data = text; else td.textContent = text; was.text = text; }
          if (v !== was.v) td.setAttribute('data-value', String(v));
          was.v = v; was.pending = pending;
        }
        if (cls !== was.cls) { td.className = CLASSES.filter((_, b) => cls & (1 << b)).join(' '); was.cls = cls; }
        if (focusable !== was.focusable) { td.tabIndex = focusable ? 0 : -1; was.focusable = focusable; }
        if (err !== was.err) {
          if (err) { td.setAttribute('aria-invalid', 'true'); td.setAttribute('aria-describedby', this.messageEl.id); }
          else { td.removeAttribute('aria-invalid'); td.removeAttribute('aria-describedby'); }
          was.err = err;
        }
      }
    }
    this.label(...this.focus);
    this.legend.update(lo, hi);
    this.paintMessages();
  }

  // The grid's tab stop (the focus cell) is named with what its number means; the other cells are named by
  // their number, read with their row and column headers. Describing all 1,536 cells of six 16 × 16 grids
  // anew after every edit would not fit in a frame; describing the one a keyboard or screen reader is on does.
  label(i, j) {
    const td = this.cells[i]?.[j];
    if (this.labelled && this.labelled !== td) this.labelled.removeAttribute('aria-label');
    this.labelled = td;
    if (!td) return;
    const d = this.data, v = d.matrix[i][j], hidden = Boolean(d.hidden?.(i, j)), err = this.errors.get(`${i},${j}`);
    // The name starts with the number shown (WCAG 2.5.3 label in name), then where it is and what it means.
    const text = d.dimRows?.has(i) ? '…' : formatNumber(v, this.options.digits);
    setAttr(td, 'aria-label', `${text} (${d.rowLabels?.[i] ?? i + 1}, ${d.colLabels?.[j] ?? j + 1}): ${this.describe(i, j, v, hidden)}${err ? ` ${t('walkthrough.cell.invalid', { message: err.message })}` : ''}`);
  }

  paintMessages() {
    const d = this.data, m = d.matrix;
    if (this.errors.size === 0 && this.messageEl.hidden) return;
    for (const k of this.errors.keys()) {  // a cell the matrix no longer has (it shrank under an open editor)
      const [i, j] = k.split(',').map(Number);
      if (m[i]?.[j] === undefined) this.errors.delete(k);
    }
    const msgs = [...this.errors.entries()].map(([k, e]) => {
      const [i, j] = k.split(',').map(Number);
      return t('walkthrough.cell.kept', { row: d.rowLabels?.[i] ?? i + 1, col: d.colLabels?.[j] ?? j + 1, message: e.message, value: formatNumber(m[i][j], 4) });
    });
    this.messageEl.textContent = msgs.join(' ');
    this.messageEl.hidden = msgs.length === 0;
  }

  describe(i, j, v, hidden) {
    if (hidden) return t('walkthrough.cell.hidden');
    const text = this.options.describe ? this.options.describe(i, j, v) : '';
    return `${formatExact(v)}${text ? ` — ${text}` : ''}`;
  }

  showTip(td) {
    const i = +td.dataset.row, j = +td.dataset.col;
    const d = this.data;
    const hidden = Boolean(d.hidden?.(i, j));
    const err = this.errors.get(`${i},${j}`);
    showTooltip(`${this.options.ariaName ?? this.options.matrix}[${d.rowLabels?.[i] ?? i + 1}, ${d.colLabels?.[j] ?? j + 1}] = ${this.describe(i, j, d.matrix[i][j], hidden)}${err ? ` ${t('walkthrough.cell.invalid', { message: err.message })}` : ''}`,
      () => { const r = td.getBoundingClientRect(); return { x: r.left, y: r.bottom, top: r.top }; });
  }

  moveFocus(i, j) {
    const rows = this.cells.length, cols = this.cells[0]?.length ?? 0;
    i = Math.max(0, Math.min(rows - 1, i)); j = Math.max(0, Math.min(cols - 1, j));
    this.cells[this.focus[0]]?.[this.focus[1]]?.setAttribute('tabindex', '-1');
    this.focus = [i, j];
    const td = this.cells[i][j];
    td.tabIndex = 0;
    this.focusCell(td);
  }

  // The tooltip says the cell's new number before the focus arrives: focusing lays the page out, and the
  // focusin handler's change to the tooltip after that would lay it out again.
  focusCell(td, options) {
    this.showTip(td);
    td.focus(options);
  }

  onKey(e) {
    if (e.target.tagName === 'INPUT') return;
    const td = e.target.closest('td');
    if (!td) return;
    const i = +td.dataset.row, j = +td.dataset.col;
    const a = cursorAction(e, [i, j], { rows: this.cells.length, cols: this.cells[0]?.length ?? 0, editable: this.options.editable });
    if (!a) return;
    e.preventDefault();
    if (a.move) this.moveFocus(...a.move);
    else if (a.type) this.startEdit(td, a.type);
    else this.activate(td, a.open);
  }

  activate(td, fromKeyboard) {
    const i = +td.dataset.row, j = +td.dataset.col;
    this.focus = [i, j];
    this.options.onSelect?.({ matrix: this.options.matrix, head: this.options.head, row: i, col: j });
    if (fromKeyboard && this.options.editable) this.startEdit(td, null);
  }

  startEdit(td, firstChar) {
    if (td.querySelector('input')) return;
    const i = +td.dataset.row, j = +td.dataset.col;
    const err = this.errors.get(`${i},${j}`);
    const input = document.createElement('input');
    input.type = 'text';
    input.inputMode = 'decimal';
    input.className = 'cell-input';
    input.setAttribute('aria-label', t('walkthrough.cell.newValue', { matrix: this.options.ariaName ?? this.options.matrix, row: i + 1, col: j + 1 }));
    input.value = firstChar ?? (err ? err.text : localizeDigits(String(this.data.matrix[i][j])));
    this.editing = [i, j];
    Object.assign(this.shown[i][j], { v: undefined, text: null }); // the editor replaced the text: write it back when it closes
    td.textContent = '';
    td.append(input);
    input.focus();
    if (firstChar == null) input.select();
    let done = false;
    const finish = (commit, move) => {
      if (done) return;
      done = true;
      // The new numbers first, painted around the open editor; then the focus, which lays the repainted page out
      // once (focusing the cell before would lay it out once more, before the repaint, for nothing; removing the
      // editor while it has the focus would too); the editor goes last, and the cell shows its number again.
      if (commit) this.commit(i, j, input.value);
      this.editing = null;
      if (move && (move[0] || move[1])) this.moveFocus(i + move[0], j + move[1]);
      else if (this.cells[i]?.[j]) this.focusCell(this.cells[i][j], { preventScroll: true }); // (the grid may have been rebuilt meanwhile)
      input.remove();
      this.paint();
    };
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') { e.preventDefault(); finish(true, e.shiftKey ? [-1, 0] : [0, 0]); }
      else if (e.key === 'Escape') { e.preventDefault(); finish(false); }
      else if (e.key === 'Tab') { e.preventDefault(); finish(true, [0, e.shiftKey ? -1 : 1]); }
    });
    input.addEventListener('blur', () => { if (!done) { done = true; this.editing = null; const t = input.value; input.remove(); this.commit(i, j, t); } });
  }

  commit(i, j, text) {
    // An editor left open while the lesson changed shape (its blur fires when the grid is rebuilt) may point
    // outside the matrix now: there is nothing to commit to.
    if (this.data.matrix[i]?.[j] === undefined) { if (!this.building) this.paint(); return; }
    const parsed = parseNumber(text);
    if (!parsed.ok) {
      this.errors.set(`${i},${j}`, { text, message: problemOf(parsed) });
      if (!this.building) this.paint();
      return;
    }
    this.errors.delete(`${i},${j}`);
    if (parsed.value === this.data.matrix[i][j]) { if (!this.building) this.paint(); return; }
    // (during a rebuild the edit waits until the render that rebuilds has finished)
    if (this.building) { queueMicrotask(() => this.options.onEdit?.(i, j, parsed.value)); return; }
    this.options.onEdit?.(i, j, parsed.value); // (whoever takes the edit repaints the grid)
  }
}
