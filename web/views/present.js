// Presentation mode, for a projector: one step per screen, large numbers, the chrome hidden, the arrow keys and a
// clicker's Page Up / Page Down moving between steps, and a QR code of the current link so students open the same
// state on their phones. It reads the state it is given; the QR code is made from the link of that state
// (web/qr.js, shipped with the page).
import { STEPS } from '../registry.js';
import { stepApplies } from '../registry-layer.js';
import { setProp } from './dom.js';
import { t } from '../i18n/i18n.js';

/** The steps a presentation walks through: those the lesson has (the layer's only with a layer) and not hidden. */
export const shownSteps = (state, trace) =>
  STEPS.filter((s) => !state.hidden.includes(s.id) && (!trace || stepApplies(s, trace))).map((s) => s.id);

/** The step shown in presentation mode: the state's step, or the first one shown. */
export const presentedStep = (state, trace) => {
  const steps = shownSteps(state, trace);
  return steps.includes(state.step) ? state.step : steps[0];
};

export class PresentBar {
  /** options: {onStep(id), onExit(), onExplain(shown), shareLink(): Promise<string>} */
  constructor(container, options) {
    this.options = options;
    this.el = document.createElement('nav');
    this.el.className = 'present-bar';
    this.el.setAttribute('aria-label', t('present.label'));
    this.el.hidden = true;
    this.el.innerHTML = `<button type="button" class="present-prev" aria-label="${t('present.previous')}">◀</button>
      <span class="present-where" aria-live="polite"></span>
      <button type="button" class="present-next" aria-label="${t('present.next')}">▶</button>
      <button type="button" class="present-explain" aria-pressed="false" title="${t('present.explainTitle')}">${t('present.explain')}</button>
      <figure class="present-qr"><div class="qr"></div><figcaption>${t('present.scan')}</figcaption></figure>
      <button type="button" class="present-exit">${t('present.exit')}</button>`;
    container.append(this.el);
    this.where = this.el.querySelector('.present-where');
    this.qr = this.el.querySelector('.qr');
    this.qr.setAttribute('role', 'img');
    this.qr.setAttribute('aria-label', t('present.qrLabel'));
    this.el.querySelector('.present-prev').addEventListener('click', () => this.move(-1));
    this.el.querySelector('.present-next').addEventListener('click', () => this.move(1));
    this.el.querySelector('.present-exit').addEventListener('click', () => options.onExit());
    this.explain = this.el.querySelector('.present-explain');
    this.explain.addEventListener('click', () => options.onExplain(!this.state.presentExplain));
    this.state = null;
    this.trace = null;
    this.qrFor = null;
    // A clicker sends Page Up / Page Down (always steps); the arrow keys step unless a grid or field has them.
    window.addEventListener('keydown', (e) => {
      if (!this.state?.presenting || e.altKey || e.ctrlKey || e.metaKey) return;
      const inside = e.target instanceof Element && e.target.closest('input, textarea, select, td, .canvas-wrap, dialog');
      const by = { PageDown: 1, PageUp: -1, ...(inside ? {} : { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }) }[e.key];
      if (e.key === 'Escape' && !inside) { e.preventDefault(); options.onExit(); return; }
      if (by === undefined) return;
      e.preventDefault();
      this.move(by);
    });
  }

  move(by) {
    const steps = shownSteps(this.state, this.trace), k = steps.indexOf(presentedStep(this.state, this.trace));
    const next = steps[Math.max(0, Math.min(steps.length - 1, k + by))];
    if (next !== steps[k]) this.options.onStep(next);
  }

  /** Shows the bar for the state; the QR code follows the state's link once it is written. */
  update(state, trace, linkKey) {
    this.state = state;
    this.trace = trace;
    setProp(this.el, 'hidden', !state.presenting);
    if (!state.presenting) return;
    const steps = shownSteps(state, trace), step = presentedStep(state, trace), k = steps.indexOf(step);
    this.where.textContent = t('present.where', { step: k + 1, count: steps.length, title: t(`steps.${step}.title`) });
    this.explain.setAttribute('aria-pressed', String(state.presentExplain));
    if (this.qrFor && this.qrFor.length === linkKey.length && this.qrFor.every((v, k) => v === linkKey[k])) return;
    this.qrFor = linkKey;
    // (the QR code maker is loaded when a projector first needs it: most readers never present)
    Promise.all([this.options.shareLink(), import('../qr.js')]).then(([link, { qrSvgText }]) => {
      if (this.qrFor !== linkKey) return; // a newer state asked meanwhile
      const svg = qrSvgText(link, 40); // (its size is the bar's, set in style.css)
      this.qr.dataset.link = link;
      if (svg) this.qr.innerHTML = svg;
      else this.qr.textContent = t('present.tooLong', { length: link.length });
      this.el.dataset.qrReady = 'true';
    });
  }
}
