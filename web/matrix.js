// Small helpers for matrices as the page keeps them: arrays of rows (the lesson's own format).

export function zeros(rows, cols) {
  return Array.from({ length: rows }, () => new Array(cols).fill(0));
}

export function identity(n) {
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
}

/** Engine matrix ({rows, cols, data}) -> arrays of rows. */
export function toRows(m) {
  return Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));
}

export function shapeOf(rows) {
  return [rows.length, rows.length ? rows[0].length : 0];
}

/**
 * A rows×cols matrix that keeps every number of `old` that still fits, fills new cells from `fill`
 * (when given, same target shape) or with 0. `blocks` = [oldBlock, newBlock] column widths of head blocks
 * (multi-head projections keep each head's columns together).
 */
export function fit(old, rows, cols, fill = null, blocks = null, rowBlocks = null) {
  const out = fill ? fill.map((r) => r.slice()) : zeros(rows, cols);
  const [oldRows, oldCols] = shapeOf(old ?? []);
  const mapIndex = (k, b) => (b ? Math.floor(k / b[1]) * b[0] + (k % b[1]) : k);
  const keeps = (k, b, oldLen) => {
    if (!b) return k < oldLen;
    return k % b[1] < b[0] && mapIndex(k, b) < oldLen;
  };
  for (let i = 0; i < rows; i++) {
    if (!keeps(i, rowBlocks, oldRows)) continue;
    for (let j = 0; j < cols; j++) {
      if (!keeps(j, blocks, oldCols)) continue;
      out[i][j] = old[mapIndex(i, rowBlocks)][mapIndex(j, blocks)];
    }
  }
  return out;
}
