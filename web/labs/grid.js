// A matrix as a table of coloured cells with the numbers in them (weights 0..1 on a light-to-dark ramp,
// signed values on a blue–white–orange ramp): the walkthrough's ramps (colors.js), so a colour means the same
// thing on every page. constructor(container, options), update(data).
import { diverging, sequential, textColorFor } from '../colors.js';
import { localizeDigits } from '../i18n/numerals.js';

function cellRgb(value, signed, limit = 1) {
  if (!Number.isFinite(value)) return [220, 220, 220];
  return signed ? diverging(value, limit || 1) : sequential(Math.min(1, Math.abs(value) / (limit || 1)));
}
export function cellColor(value, signed, limit = 1) {
  return `rgb(${cellRgb(value, signed, limit).join(', ')})`;
}
// White or black text, whichever contrasts more with the cell (WCAG AA 4.5:1 either way; colors.js).
function textOn(value, signed, limit = 1) {
  return textColorFor(cellRgb(value, signed, limit)) === '#fff' ? 'light' : 'dark';
}

export class MatrixGrid {
  /** options: {id, caption, signed, digits} */
  constructor(container, options) {
    this.options = { digits: 2, signed: false, ...options };
    this.el = document.createElement('figure');
    this.el.className = 'grid-figure';
    if (options.id) this.el.dataset.grid = options.id;
    this.el.tabIndex = 0; // it scrolls sideways on a phone: reachable by keyboard (arrow keys scroll it)
    container.append(this.el);
  }

  /** data: {matrix: rows, rowLabels, colLabels, highlightRow?, highlightCol?, note?} */
  update(data) {
    const o = this.options;
    const limit = o.signed ? Math.max(1e-12, ...data.matrix.flat().filter(Number.isFinite).map(Math.abs)) : 1;
    const table = document.createElement('table');
    table.className = 'matrix-grid';
    const head = table.createTHead().insertRow();
    head.append(document.createElement('th'));
    data.colLabels.forEach((c, j) => {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = c;
      if (j === data.highlightCol) th.className = 'hl';
      head.append(th);
    });
    const body = table.createTBody();
    data.matrix.forEach((row, i) => {
      const tr = body.insertRow();
      if (i === data.highlightRow) tr.className = 'hl';
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = data.rowLabels[i];
      tr.append(th);
      row.forEach((v, j) => {
        const td = tr.insertCell();
        td.style.background = cellColor(v, o.signed, limit);
        td.className = textOn(v, o.signed, limit);
        if (j === data.highlightCol) td.classList.add('hl-col');
        td.dataset.row = i;
        td.dataset.col = j;
        td.dataset.value = v;
        td.textContent = Number.isFinite(v) ? localizeDigits(v.toFixed(o.digits)) : String(v);
      });
    });
    const parts = [table];
    if (o.caption || data.note) {
      const cap = document.createElement('figcaption');
      cap.textContent = data.note ?? o.caption;
      parts.unshift(cap);
    }
    this.el.replaceChildren(...parts);
  }
}
