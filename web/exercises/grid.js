// Small read-only number grids for the exercise page: the given numbers and the lesson's matrices, coloured
// with the walkthrough's shared scales (colors.js) so a colour means the same thing on both pages.
import { cssColor, diverging, sequential, textColorFor } from '../colors.js';

import { escapeHtml as esc } from '../lib/escape.js';

export { esc };

/** Up to `digits` decimals, trailing zeros dropped: enough for a hand computation within 0.01. */
export function show(v, digits = 4) {
  if (!Number.isFinite(v)) return v === -Infinity ? '−∞' : '–';
  let s = Math.abs(v) >= 1e5 ? v.toExponential(3) : v.toFixed(digits);
  if (s.includes('.') && !s.includes('e')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  if (s === '-0') s = '0';
  return s.replace(/^-/, '−');
}

/**
 * rows: number[][]; options: {caption (HTML), rowLabels, colLabels, scale: 'diverging'|'sequential', digits,
 * hiddenRows: Set (rows shown as a veil with `hiddenNote`), highlightRow, name}
 */
export function grid(rows, options = {}) {
  const { caption = '', rowLabels, colLabels, scale = 'diverging', digits = 4, hiddenRows = new Set(), highlightRow = -1, name = '' } = options;
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
  return root;
}

/** Flat row-major engine matrix -> array of rows. */
export function rowsOf(m) {
  const out = [];
  for (let i = 0; i < m.rows; i++) out.push(Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
  return out;
}
