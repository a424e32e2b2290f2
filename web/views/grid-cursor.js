// The keys of a heatmap's cursor, the same for the table and the canvas heatmap: arrows move one cell,
// PageUp/PageDown ten rows, Home/End to the row's first/last cell; Enter or F2 opens the cell (editing it when it
// is editable), Space selects a read-only one, and a printable key starts editing with that character.
const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], PageUp: [-10, 0], PageDown: [10, 0] };

/**
 * What a key does at cell [i, j] of a rows × cols grid: {move: [i, j]} (kept inside the grid), {open: true}
 * (Enter/F2: select, and edit if editable), {open: false} (Space on a read-only grid: select), {type: char}
 * (start editing with it), or null (not a grid key: the browser keeps it).
 */
export function cursorAction(e, [i, j], { rows, cols, editable }) {
  const clamp = (a, b) => [Math.max(0, Math.min(rows - 1, a)), Math.max(0, Math.min(cols - 1, b))];
  if (MOVES[e.key]) return { move: clamp(i + MOVES[e.key][0], j + MOVES[e.key][1]) };
  if (e.key === 'Home') return { move: clamp(i, 0) };
  if (e.key === 'End') return { move: clamp(i, cols - 1) };
  if (e.key === 'Enter' || e.key === 'F2') return { open: true };
  if (e.key === ' ' && !editable) return { open: false };
  if (editable && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) return { type: e.key };
  return null;
}
