// Small read-only number grids for the exercise page: the given numbers and the lesson's matrices, coloured
// with the walkthrough's shared scales (colors.js) so a colour means the same thing on both pages.
import { cssColor, diverging, sequential, textColorFor } from '../colors.js';
import { CanvasHeatmap } from '../views/heatmap-canvas.js';
import { TABLE_MAX_CELLS } from '../views/matrix-view.js';

// Matrices past the walkthrough's table size are canvases here too (one pixel per cell): a 512 × 512 table of
// HTML would freeze the page for seconds, and 64 heads of them would not fit in a string. grid() leaves a
// placeholder, paintGrids() draws it.
const canvases = new Map(); // placeholder id -> {matrix, options}
let nextCanvas = 0;

import { escapeHtml as esc } from '../lib/escape.js';
import { localizeDigits } from '../i18n/numerals.js';

export { esc };

/** Up to `digits` decimals, trailing zeros dropped: enough for a hand computation within 0.01; in the reader's numerals. */
export function show(v, digits = 4) {
  if (!Number.isFinite(v)) return v === -Infinity ? '−∞' : '–';
  let s = Math.abs(v) >= 1e5 ? v.toExponential(3) : v.toFixed(digits);
  if (s.includes('.') && !s.includes('e')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  if (s === '-0') s = '0';
  return localizeDigits(s).replace(/^-/, '−'); // in the reader's numerals ("0,5" in German)
}

/**
 * rows: number[][]; options: {caption (HTML), rowLabels, colLabels, scale: 'diverging'|'sequential', digits,
 * hiddenRows: Set (rows shown as a veil with `hiddenNote`), highlightRow, name}
 */
export function grid(matrix, options = {}) {
  const { caption = '', rowLabels, colLabels, scale = 'diverging', digits = 4, hiddenRows = new Set(), highlightRow = -1, name = '' } = options;
  const flat = !Array.isArray(matrix);
  if ((flat ? matrix.rows * matrix.cols : matrix.length * (matrix[0]?.length ?? 0)) > TABLE_MAX_CELLS) {
    const id = `g${++nextCanvas}`;
    canvases.set(id, { matrix: flat ? matrix : flatOf(matrix), options });
    return `<figure class="ex-grid ex-canvas" data-canvas="${id}"${name ? ` data-name="${esc(name)}"` : ''}></figure>`;
  }
  const rows = flat ? rowsOf(matrix) : matrix;
  let lim = 0;
  rows.forEach((r, i) => { if (!hiddenRows.has(i)) r.forEach((v) => { if (Number.isFinite(v)) lim = Math.max(lim, Math.abs(v)); }); });
  const cols = rows[0]?.length ?? 0;
  const head = `<tr><th class="corner" aria-hidden="true"></th>${Array.from({ length: cols }, (_, j) => `<th scope="col">${esc(colLabels?.[j] ?? j + 1)}</th>`).join('')}</tr>`;
  const body = rows.map((r, i) => {
    const label = `<th scope="row">${esc(rowLabels?.[i] ?? i + 1)}</th>`;
    if (hiddenRows.has(i)) return `<tr class="veiled">${label}<td colspan="${cols}">${esc(options.hiddenNote ?? 'hidden for now')}</td></tr>`;
    const cells = r.map((v, j) => {
      const rgb = scale === 'sequential' ? sequential(v) : diverging(v, lim);
      return `<td data-row="${i}" data-col="${j}" data-value="${v}" title="${esc(String(v))}" data-bg="${cssColor(rgb)}" data-fg="${textColorFor(rgb)}">${show(v, digits)}</td>`;
    }).join('');
    return `<tr${i === highlightRow ? ' class="hl"' : ''}>${label}${cells}</tr>`;
  }).join('');
  const shape = options.shape === false ? '' : `<span class="shape">${rows.length} × ${cols}</span>`;
  return `<figure class="ex-grid"${name ? ` data-name="${esc(name)}"` : ''}>${caption ? `<figcaption>${caption}</figcaption>` : ''}` +
    `<div class="grid-scroll" tabindex="0"><table><thead>${head}</thead><tbody>${body}</tbody></table></div>${shape}</figure>`;
}

/**
 * Colours the cells of grids inserted under `root`. The strict Content-Security-Policy (style-src 'self')
 * refuses style="" attributes in markup, but not styles set through element.style, so grid() writes the
 * colours as data attributes and this applies them once the markup is in the page.
 */
export function paintGrids(root) {
  for (const td of root.querySelectorAll('td[data-bg]')) {
    td.style.background = td.dataset.bg;
    td.style.color = td.dataset.fg;
  }
  for (const slot of root.querySelectorAll('figure[data-canvas]')) {
    const pending = canvases.get(slot.dataset.canvas);
    canvases.delete(slot.dataset.canvas);
    if (!pending) continue;
    const { matrix, options: o } = pending;
    const n = matrix.rows * matrix.cols;
    // rows veiled until the student answers (predict, then reveal) are drawn as hidden cells, values withheld
    let data = matrix.data, visible;
    if (o.hiddenRows?.size) {
      data = Float64Array.from(data);
      visible = new Uint8Array(n).fill(1);
      for (const i of o.hiddenRows) { data.fill(0, i * matrix.cols, (i + 1) * matrix.cols); visible.fill(0, i * matrix.cols, (i + 1) * matrix.cols); }
    }
    const view = new CanvasHeatmap(slot, {
      matrix: o.name || 'matrix', label: o.caption ?? '', ariaName: o.name || 'matrix', scale: o.scale ?? 'diverging', editable: false,
    });
    view.update({ matrix: { rows: matrix.rows, cols: matrix.cols, data }, rowLabels: o.rowLabels, colLabels: o.colLabels, visible });
  }
  return root;
}

function flatOf(rows) {
  const cols = rows[0]?.length ?? 0, data = new Float64Array(rows.length * cols);
  rows.forEach((r, i) => data.set(r, i * cols));
  return { rows: rows.length, cols, data };
}

/** Flat row-major engine matrix -> array of rows. */
export function rowsOf(m) {
  const out = [];
  for (let i = 0; i < m.rows; i++) out.push(Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
  return out;
}
