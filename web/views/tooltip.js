// One tooltip element for every heatmap: it shows the cell under the pointer or the keyboard focus.
import { setProp } from './dom.js';

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
 * Shows `text` above a cell (below when there is no room). `at()` gives the cell's bottom-left corner and its top
 * in the viewport ({x, y, top}); it is read at the next
 * frame, when the page is laid out anyway: reading it at once, after an edit repainted the heatmaps, would lay
 * the page out twice.
 */
export function showTooltip(text, at) {
  const tip = element();
  setProp(tip, 'textContent', text);
  setProp(tip, 'hidden', false);
  if (!anchor) requestAnimationFrame(place);
  anchor = at;
}

const headerBottom = () => { const h = document.querySelector('.top'); return h ? Math.max(0, h.getBoundingClientRect().bottom) : 0; };

export function hideTooltip() {
  element().hidden = true;
}

function place() {
  const at = anchor;
  anchor = null;
  if (tooltip.hidden) return;
  const { x, y, top } = at();
  const w = Math.min(320, window.innerWidth - 16);
  tooltip.style.maxWidth = `${w}px`;
  tooltip.style.left = `${Math.max(8, Math.min(window.scrollX + x, window.scrollX + window.innerWidth - w - 8))}px`;
  // above the cell, so the rows below it (the ones read next) stay in view; below only when there is no room above
  const above = top === undefined ? -1 : top - tooltip.offsetHeight - 6;
  tooltip.style.top = `${window.scrollY + (above >= headerBottom() + 4 ? above : y + 6)}px`;
}
