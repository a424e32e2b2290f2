// How a matrix is drawn: as a table of live cells while it is small enough to read every number and repaint
// within a frame, as a canvas above that. The view switches when an edit moves a matrix across the line.
// A render shares a drawing budget among its matrices: what does not fit waits, as a placeholder of about its
// size, until it comes near the viewport (when-seen.js) — so a lesson of hundreds of heatmaps opens at once.
import { toRows } from '../matrix.js';
import { Heatmap } from './heatmap.js';
import { CanvasHeatmap, cellSize } from './heatmap-canvas.js';
import { cancelSeen, whenSeen } from './when-seen.js';
import { t } from '../i18n/i18n.js';

export const TABLE_MAX_CELLS = 256; // 16 × 16: the largest attention matrix of the lecture-size lessons

/** What one render may draw at once, in table cells (about 20 µs each; a canvas pixel costs a thousandth of
 * that). Every lecture-size lesson fits; a lesson of 256 tokens × 64 heads (65,536 table cells and 192
 * canvases) draws its first heatmaps, the rest as they scroll in. */
export const DRAW_BUDGET = 2048;
export const drawBudget = () => ({ left: DRAW_BUDGET });
const costOf = (rows, cols) => (rows * cols <= TABLE_MAX_CELLS ? rows * cols : (rows * cols) / 1000);

export class MatrixView {
  constructor(container, options) {
    this.options = options;
    this.slot = document.createElement('div');
    this.slot.className = 'matrix-slot';
    container.append(this.slot);
    this.view = null;
    this.placeholder = null;
  }

  /**
   * data: as Heatmap.update, with `matrix` as the engine gives it ({rows, cols, data}); budget: drawBudget() of
   * the render (none: draw now). A matrix once drawn is always kept up to date.
   */
  update(data, budget) {
    const { rows, cols } = data.matrix, cost = costOf(rows, cols);
    if (this.view || !budget || cost <= budget.left) {
      if (budget) budget.left -= cost;
      this.draw(data);
      return;
    }
    this.pending = data;
    if (!this.placeholder) this.wait(rows, cols);
  }

  /** A placeholder of about the matrix's size, replaced by the matrix when it comes near the viewport. */
  wait(rows, cols) {
    const o = this.options, el = document.createElement('figure');
    el.className = 'heatmap matrix-pending';
    el.dataset.matrix = o.matrix;
    el.dataset.head = String(o.head ?? 0);
    el.innerHTML = `<figcaption></figcaption><div class="pending-box"></div>`;
    el.querySelector('figcaption').innerHTML = o.label;
    const box = el.querySelector('.pending-box'), [w, h] = cellSize(rows, cols);
    if (rows * cols <= TABLE_MAX_CELLS) box.style.height = `${(rows + 1) * 2}rem`; // (a header row; rows of 1.9rem and their spacing)
    else Object.assign(box.style, { width: `${cols * w}px`, height: `${rows * h}px` });
    box.textContent = t('walkthrough.cell.pending', { rows, cols });
    this.slot.replaceChildren(el);
    this.placeholder = el;
    whenSeen(el, () => this.draw(this.pending));
  }

  /** The view is dropped (its step's set of heatmaps changed): nothing waits for it any more. */
  dispose() {
    if (this.placeholder) cancelSeen(this.placeholder);
    this.view?.dispose?.();
  }

  draw(data) {
    if (this.placeholder) { cancelSeen(this.placeholder); this.placeholder = null; this.slot.replaceChildren(); }
    this.pending = null;
    const { rows, cols } = data.matrix;
    const View = rows * cols <= TABLE_MAX_CELLS ? Heatmap : CanvasHeatmap;
    if (!(this.view instanceof View)) {
      this.view?.closeEditor?.(false);
      this.view?.dispose?.();
      this.slot.replaceChildren();
      this.view = new View(this.slot, this.options);
    }
    if (View === CanvasHeatmap) { this.view.update(data); return; }
    // (a matrix an edit left alone is the same object as before: its rows are too)
    if (data.matrix !== this.flat) { this.flat = data.matrix; this.rows = toRows(data.matrix); }
    this.view.update({ ...data, matrix: this.rows });
  }
}
