// Work for an element far from the viewport, done when it comes near: a lesson the limits allow (256 tokens ×
// 64 heads) has hundreds of heatmaps, and drawing them all at once froze the page for seconds. Printing draws
// everything first (a paper copy has no scrolling).
const waiting = new Map(); // element -> work
const observer = typeof IntersectionObserver === 'function'
  ? new IntersectionObserver((entries) => {
    for (const e of entries) if (e.isIntersecting) run(e.target);
  }, { rootMargin: '100% 0px' }) // a screen ahead in both directions: drawn before it scrolls in
  : null;

function run(el) {
  const work = waiting.get(el);
  waiting.delete(el);
  observer.unobserve(el);
  work?.();
}

/** Runs `work` when `el` comes within a screen of the viewport (at once where that cannot be known). */
export function whenSeen(el, work) {
  if (!observer) { work(); return; }
  if (!waiting.has(el)) observer.observe(el);
  waiting.set(el, work);
}

/** Forgets the work waiting for `el` (it was done another way). */
export function cancelSeen(el) {
  if (waiting.delete(el)) observer.unobserve(el);
}

/** Runs every waiting work now. */
export function runAllSeen() {
  for (const el of [...waiting.keys()]) run(el);
}

if (observer) window.addEventListener('beforeprint', runAllSeen);
