// The selected cell: whether it lies inside its matrix, and what it lights up in every other matrix (the same
// query token's row, the same key's column, the pair's cell).
import { MATRICES } from '../registry.js';

/** A selection (perhaps from a link) must name a matrix of this trace and lie inside it. */
export function selectionFits(sel, trace) {
  const m = MATRICES[sel?.matrix];
  if (!m) return false;
  const [rows, cols] = m.shape(trace);
  return Number.isInteger(sel.head) && sel.head >= 0 && sel.head < trace.heads
    && sel.row >= 0 && sel.row < rows && sel.col >= 0 && sel.col < cols;
}

// the layer's matrices with a row per token (registry-layer.js) light up the same token's row as the six steps'
const LAYER_TOKEN_ROWS = Object.keys(MATRICES).filter((name) => MATRICES[name].rows === 'tokens');
const TOKEN_ROWS = ['X', 'Q', 'scores', 'scaled', 'weights', 'Z', 'concat', 'output', ...LAYER_TOKEN_ROWS];
// a source token's column in the cross-attention, its row in source.X
const SOURCE_PAIRS = ['cross_scores', 'cross_weights'];
const KEY_ROWS = ['K', 'V'];
const PAIRS = ['scores', 'scaled', 'weights'];

/** {rows, cols, cells: Set of "i,j"} to highlight in one matrix (of one head) for the selection s. */
export function highlightFor(s, matrix, head) {
  const out = { rows: new Set(), cols: new Set(), cells: new Set() };
  if (!s) return out;
  let qi = null, kj = null, t = null;
  if (['X', 'Q', 'concat', 'output'].includes(s.matrix)) qi = s.row;
  if (KEY_ROWS.includes(s.matrix)) kj = s.row;
  if (PAIRS.includes(s.matrix)) { qi = s.row; kj = s.col; }
  if (s.matrix === 'Z') { qi = s.row; t = s.col; }
  if (LAYER_TOKEN_ROWS.includes(s.matrix)) qi = s.row;
  const src = SOURCE_PAIRS.includes(s.matrix) ? s.col : s.matrix === 'source.X' ? s.row : null;
  if (src !== null && SOURCE_PAIRS.includes(matrix)) out.cols.add(src);
  if (src !== null && matrix === 'source.X') out.rows.add(src);
  if (s.matrix === 'V') t = s.col;
  if (qi !== null && TOKEN_ROWS.includes(matrix)) out.rows.add(qi);
  if (kj !== null && KEY_ROWS.includes(matrix)) out.rows.add(kj);
  if (kj !== null && PAIRS.includes(matrix)) out.cols.add(kj);
  if (t !== null && (matrix === 'Z' || matrix === 'V') && head === s.head) out.cols.add(t);
  if (PAIRS.includes(matrix) && qi !== null && kj !== null && head === s.head) out.cells.add(`${qi},${kj}`);
  if (matrix === s.matrix && (head ?? 0) === s.head) out.cells.add(`${s.row},${s.col}`);
  return out;
}
