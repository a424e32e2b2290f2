// Scrolls to a step card or section so that it lands where the link points: its top just below the sticky header,
// and still there after the cards above it are laid out late (content-visibility, heatmaps drawn as they come
// near). Only this document scrolls: inside a frame, window.scrollTo moves the frame's own content, never the
// page that hosts it (scrollIntoView would scroll the host too). The user's own scrolling ends the correction.

const SETTLE_MS = 5000; // a smooth scroll and the layout after it end well within this on a loaded machine; then the page lets go

let stopLast = null;

/** The height the sticky header covers at the top of the viewport (0 when it does not stick). */
export function headerCover(header = document.querySelector('.top')) {
  if (!header || getComputedStyle(header).position !== 'sticky') return 0;
  return Math.max(0, header.getBoundingClientRect().bottom);
}

/** Places `target` below the header now and keeps it there while the layout above it settles. */
export function landOn(target, { smooth = false } = {}) {
  stopLast?.();
  if (!target) return;
  const root = document.documentElement;
  const place = (behavior = 'instant') => {
    const y = Math.max(0, Math.round(target.getBoundingClientRect().top + window.scrollY - headerCover() - 8));
    if (Math.abs(y - window.scrollY) < 1) return false; // there already (no scroll, so no scrollend either)
    window.scrollTo({ top: y, behavior });
    return true;
  };
  if (!place(smooth ? 'smooth' : 'instant')) smooth = false;
  root.dataset.landing = 'true';
  let timer = 0, quiet = 0;
  const resized = new ResizeObserver(() => {
    if (!smooth) place();
    settleSoon();
  });
  const stop = () => {
    resized.disconnect();
    clearTimeout(timer);
    clearTimeout(quiet);
    for (const t of ['wheel', 'touchstart', 'keydown', 'pointerdown']) window.removeEventListener(t, stop, true);
    window.removeEventListener('scrollend', onScrollEnd);
    if (stopLast === stop) stopLast = null;
    root.dataset.landing = 'false';
  };
  // a smooth scroll is corrected once it has arrived (cards laid out on the way moved the target)
  const onScrollEnd = () => { smooth = false; place(); settleSoon(); };
  // nothing moved for half a second, and a smooth scroll has arrived: laid out
  function settleSoon() {
    clearTimeout(quiet);
    quiet = setTimeout(() => (smooth ? settleSoon() : stop()), 500);
  }
  window.addEventListener('scrollend', onScrollEnd);
  for (const t of ['wheel', 'touchstart', 'keydown', 'pointerdown']) window.addEventListener(t, stop, true);
  resized.observe(document.body);
  for (const el of document.querySelectorAll('.step-card, section')) resized.observe(el);
  timer = setTimeout(stop, SETTLE_MS);
  stopLast = stop;
}
