// One tooltip element for every heatmap: it shows the cell under the pointer or the keyboard focus.
let tooltip = null, anchor = null;

function element() {
  if (!tooltip) {
    tooltip = document.createElement('div');
    tooltip.className = 'tooltip';
    tooltip.setAttribute('aria-hidden', 'true'); // the focused cell's name or the readout line says the same
    tooltip.hidden = true;
    document.body.append(tooltip);
  }
  return tooltip;
}

/**
 * Shows `text` under a cell. `at()` gives the cell's bottom-left corner in the viewport; it is read at the next
 * frame, when the page is laid out anyway: reading it at once, after an edit repainted the heatmaps, would lay
 * the page out twice.
 */
export function showTooltip(text, at) {
  const tip = element();
  tip.textContent = text;
  tip.hidden = false;
  if (!anchor) requestAnimationFrame(place);
  anchor = at;
}

export function hideTooltip() {
  element().hidden = true;
}

function place() {
  const at = anchor;
  anchor = null;
  if (tooltip.hidden) return;
  const { x, y } = at();
  const w = Math.min(320, window.innerWidth - 16);
  tooltip.style.maxWidth = `${w}px`;
  tooltip.style.left = `${Math.max(8, Math.min(window.scrollX + x, window.scrollX + window.innerWidth - w - 8))}px`;
  tooltip.style.top = `${window.scrollY + y + 6}px`;
}
