// Three moments of a page's first load, for what must not compete with it for the two cores of a school laptop and its
// network. Drawn: what a page needs only after it has drawn what it opened with (the QR code maker) waits for the
// walkthrough's data-drawn or the other pages' data-ready, or 5 s should a page never say so (an engine that failed
// to load). Ready: data-ready (the walkthrough's engine has arrived too), or 10 s. Quiet: ready, and then idle for a
// second. The service worker's 2.6 MB wait for it: fetched from the moment the lesson was drawn, the engine was ready
// 650–1060 ms after it, against 380–540; fetched at data-ready, they slowed what a student did in the next half
// second two to five times (the first new lessons took 15–70 ms, against 5–20 ms with the worker waiting).

// Resolves once <html> says one of `attributes` is "true", or after `ms`.
const whenSaid = (attributes, ms) => new Promise((resolve) => {
  const root = document.documentElement;
  const said = () => attributes.some((name) => root.getAttribute(name) === 'true');
  if (said()) { resolve(); return; }
  const go = () => { observer.disconnect(); clearTimeout(timer); resolve(); };
  const observer = new MutationObserver(() => { if (said()) go(); });
  observer.observe(root, { attributes: true, attributeFilter: attributes });
  const timer = setTimeout(go, ms);
});

let drawing = null, ready = null;
/** Resolves once the page has drawn, or 5 s after the first call. */
export const firstDrawing = () => (drawing ??= whenSaid(['data-drawn', 'data-ready'], 5000));
/** Resolves once the page is ready: drawn, and the walkthrough's engine loaded (data-ready), or 10 s after the first call. */
export const pageReady = () => (ready ??= whenSaid(['data-ready'], 10000));

/**
 * Resolves once the page is ready and has then been quiet for `ms`: nothing drawn (no change to its DOM) and nothing
 * done by the reader (no key, pointer, wheel, touch or scroll), looked at every quarter second; or `most` ms after it
 * was ready whatever happens.
 */
export const pageQuiet = (ms = 1000, most = 30000) => pageReady().then(() => new Promise((resolve) => {
  const TICK = 250, INPUT = ['keydown', 'pointerdown', 'wheel', 'touchstart', 'scroll'];
  let busy = false, quietFor = 0;
  // (the observer is let go at the first change it sees and taken up again at the next look: a render of a thousand
  // cells is not followed record by record)
  const seen = () => { busy = true; observer.disconnect(); };
  const observer = new MutationObserver(seen);
  const watch = () => observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const finish = () => {
    clearInterval(look); clearTimeout(timer); observer.disconnect();
    for (const type of INPUT) removeEventListener(type, seen, { capture: true });
    resolve();
  };
  const look = setInterval(() => {
    if (busy) { busy = false; quietFor = 0; watch(); } else if ((quietFor += TICK) >= ms) finish();
  }, TICK);
  const timer = setTimeout(finish, most);
  for (const type of INPUT) addEventListener(type, seen, { capture: true, passive: true });
  watch();
}));

const parts = [];
/** fn() once the page has drawn; what it returns (a module on its way) is one of the parts partsAfterDrawing() awaits. */
export function afterFirstDrawing(fn) {
  const part = firstDrawing().then(fn);
  parts.push(part.catch(() => {})); // (a part that failed to load fails where it is used, not here)
  return part;
}

// (usually after the first frame is painted; in a browser without requestIdleCallback, the next task)
const whenIdle = (fn) => (globalThis.requestIdleCallback ? requestIdleCallback(fn, { timeout: 1000 }) : setTimeout(fn, 0));
/** fn() once the page has drawn and is next idle, as one of the parts. */
export const idleAfterFirstDrawing = (fn) => afterFirstDrawing(() => new Promise((resolve) => whenIdle(resolve)).then(fn));

/** The parts asked for so far, arrived: the walkthrough says it is ready (data-ready) only then. */
export const partsAfterDrawing = () => Promise.all(parts);
