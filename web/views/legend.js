// The colour scale under a heatmap: the ramp between its two ends. Built once; a repaint changes only the
// ends' text, and only when they changed.
import { legendGradient } from '../colors.js';
import { shownNumber } from '../numbers.js';
import { t } from '../i18n/i18n.js';

export class Legend {
  constructor(el, scale) {
    this.el = el;
    const bar = Object.assign(document.createElement('span'), { className: 'legend-bar' });
    bar.style.background = legendGradient(scale);
    this.lo = document.createElement('span');
    this.hi = document.createElement('span');
    el.replaceChildren(this.lo, bar, this.hi);
    this.ends = null; // the ends' text as written (not read back from the DOM)
  }

  update(lo, hi) {
    const a = shownNumber(lo, 2), b = shownNumber(hi, 2);
    const ends = `${a}|${b}`;
    if (ends === this.ends) return;
    this.ends = ends;
    this.lo.textContent = a;
    this.hi.textContent = b;
    this.el.setAttribute('aria-label', t('walkthrough.legend', { lo: a, hi: b }));
  }
}
