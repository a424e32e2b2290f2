// Presentation mode, for a projector: one step per screen, large numbers, the chrome hidden, the arrow keys and a
// clicker's Page Up / Page Down moving between steps, and a QR code of the current link so students open the same
// state on their phones. It reads the state it is given; the QR code is made from the link of that state
// (qrcode-generator, shipped with the page: nothing is fetched).
import qrcode from 'qrcode-generator';
import { STEPS } from '../registry.js';

const QR_MAX = 2900; // characters a QR code of the lowest error correction holds at most (version 40: 2,953 bytes)

/** The steps a presentation walks through: those not hidden, in order. */
export const shownSteps = (state) => STEPS.filter((s) => !state.hidden.includes(s.id)).map((s) => s.id);

/** The step shown in presentation mode: the state's step, or the first one shown. */
export const presentedStep = (state) => {
  const steps = shownSteps(state);
  return steps.includes(state.step) ? state.step : steps[0];
};

/** An SVG QR code of `text`, or null when the text is longer than a QR code holds. */
export function qrSvg(text) {
  if (text.length > QR_MAX) return null;
  const qr = qrcode(0, 'L');
  qr.addData(text, 'Byte');
  qr.make();
  const n = qr.getModuleCount(), margin = 4, size = n + 2 * margin;
  let path = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.isDark(r, c)) continue;
      let run = 1;
      while (c + run < n && qr.isDark(r, c + run)) run++;
      path += `M${c + margin} ${r + margin}h${run}v1h-${run}z`; // one rectangle per run of dark modules
      c += run - 1;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="QR code of this lesson's link"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

export class PresentBar {
  /** options: {onStep(id), onExit(), shareLink(): Promise<string>} */
  constructor(container, options) {
    this.options = options;
    this.el = document.createElement('nav');
    this.el.className = 'present-bar';
    this.el.setAttribute('aria-label', 'Presentation');
    this.el.hidden = true;
    this.el.innerHTML = `<button type="button" class="present-prev" aria-label="previous step">◀</button>
      <span class="present-where" aria-live="polite"></span>
      <button type="button" class="present-next" aria-label="next step">▶</button>
      <figure class="present-qr"><div class="qr"></div><figcaption>Scan to open this step</figcaption></figure>
      <button type="button" class="present-exit">Exit (Esc)</button>`;
    container.append(this.el);
    this.where = this.el.querySelector('.present-where');
    this.qr = this.el.querySelector('.qr');
    this.el.querySelector('.present-prev').addEventListener('click', () => this.move(-1));
    this.el.querySelector('.present-next').addEventListener('click', () => this.move(1));
    this.el.querySelector('.present-exit').addEventListener('click', () => options.onExit());
    this.state = null;
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
    const steps = shownSteps(this.state), k = steps.indexOf(presentedStep(this.state));
    const next = steps[Math.max(0, Math.min(steps.length - 1, k + by))];
    if (next !== presentedStep(this.state)) this.options.onStep(next);
  }

  /** Shows the bar for the state; the QR code follows the state's link once it is written. */
  update(state, linkKey) {
    this.state = state;
    this.el.hidden = !state.presenting;
    if (!state.presenting) return;
    const steps = shownSteps(state), step = presentedStep(state), k = steps.indexOf(step);
    this.where.textContent = `step ${k + 1} of ${steps.length}: ${STEPS.find((s) => s.id === step).title}`;
    if (this.qrFor && this.qrFor.length === linkKey.length && this.qrFor.every((v, k) => v === linkKey[k])) return;
    this.qrFor = linkKey;
    this.options.shareLink().then((link) => {
      if (this.qrFor !== linkKey) return; // a newer state asked meanwhile
      const svg = qrSvg(link);
      this.qr.dataset.link = link;
      if (svg) this.qr.innerHTML = svg;
      else this.qr.textContent = `This link is too long for a QR code (${link.length} characters): use Copy link.`;
      this.el.dataset.qrReady = 'true';
    });
  }
}
