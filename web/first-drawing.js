// What a page needs only after it has drawn what it opened with (the service worker's 2.6 MB, the QR code maker)
// waits for that moment: the walkthrough's data-drawn, the other pages' data-ready, or 5 s after the load should a
// page never say so (an engine that failed to load). Begun earlier, it competed with the first drawing for the two
// cores of a school laptop and for its network.

let drawing = null;
/** Resolves once the page has drawn. */
export function firstDrawing() {
  return (drawing ??= new Promise((resolve) => {
    const root = document.documentElement;
    const drawn = () => root.dataset.drawn === 'true' || root.dataset.ready === 'true';
    if (drawn()) { resolve(); return; }
    const go = () => { observer.disconnect(); clearTimeout(timer); resolve(); };
    const observer = new MutationObserver(() => { if (drawn()) go(); });
    observer.observe(root, { attributes: true, attributeFilter: ['data-drawn', 'data-ready'] });
    const timer = setTimeout(go, 5000);
  }));
}

const parts = [];
/** fn() once the page has drawn; what it returns (a module on its way) is one of the parts partsAfterDrawing() awaits. */
export function afterFirstDrawing(fn) {
  const part = firstDrawing().then(fn);
  parts.push(part.catch(() => {})); // (a part that failed to load fails where it is used, not here)
  return part;
}

/** The parts asked for so far, arrived: the walkthrough says it is ready (data-ready) only then. */
export const partsAfterDrawing = () => Promise.all(parts);
