// How a matrix is drawn: as a table of live cells while it is small enough to read every number and repaint
// within a frame, as a canvas above that. The view switches when an edit moves a matrix across the line.
import { toRows } from '../matrix.js';
import { Heatmap } from './heatmap.js';
import { CanvasHeatmap } from './heatmap-canvas.js';

export const TABLE_MAX_CELLS = 256; // 16 × 16: the largest attention matrix of the lecture-size lessons

export class MatrixView {
  constructor(container, options) {
    this.options = options;
    this.slot = document.createElement('div');
    this.slot.className = 'matrix-slot';
    container.append(this.slot);
    this.view = null;
  }

  /** data: as Heatmap.update, with `matrix` as the engine gives it ({rows, cols, data}). */
  update(data) {
    const { rows, cols } = data.matrix;
    const View = rows * cols <= TABLE_MAX_CELLS ? Heatmap : CanvasHeatmap;
    if (!(this.view instanceof View)) {
      this.view?.closeEditor?.(false);
      this.slot.replaceChildren();
      this.view = new View(this.slot, this.options);
    }
    if (View === CanvasHeatmap) { this.view.update(data); return; }
    // (a matrix an edit left alone is the same object as before: its rows are too)
    if (data.matrix !== this.flat) { this.flat = data.matrix; this.rows = toRows(data.matrix); }
    this.view.update({ ...data, matrix: this.rows });
  }
}
