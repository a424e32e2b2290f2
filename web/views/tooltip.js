// One tooltip element for every heatmap: it shows the cell under the pointer or the keyboard focus.
let tooltip = null;

export function sharedTooltip() {
  if (!tooltip) {
    tooltip = document.createElement('div');
    tooltip.className = 'tooltip';
    tooltip.setAttribute('aria-hidden', 'true'); // cells carry the same text in their names or the readout line
    tooltip.hidden = true;
    document.body.append(tooltip);
  }
  return tooltip;
}
