// The service worker's life as a page sees it, reduced to what the page says: is this build kept for offline
// use, and is a newer build waiting. The worker itself is web/offline/sw.js (written per build into dist/sw.js).

/**
 * Whether this page may register the worker: only over http(s) (not the offline single file), and only as the
 * top page or inside a frame of its own origin. Embedded in another site's page, it never registers a worker on
 * that host's behalf (the student visits the host, not Attention Lab). Nor inside an LMS package (launched with
 * ?lms=, web/lms/hook.js): the package has no service worker, and the LMS serves the course.
 */
export function mayRegister(win = window) {
  if (!('serviceWorker' in win.navigator) || !/^https?:$/.test(win.location.protocol)) return false;
  if (new URLSearchParams(win.location.search).has('lms')) return false;
  if (win.top === win) return true;
  try {
    return win.top.location.origin === win.location.origin; // reading another origin's location throws
  } catch {
    return false;
  }
}

/**
 * Registers ./sw.js once `registering` resolves (the worker's fetches wait for the page; a newer build taking over
 * is heard at once) and reports {cached, update} to onChange whenever it changes:
 *   cached: 'installing' (this build is being saved), 'ready' (saved: the pages work offline), 'failed'
 *   update: 'none', 'ready' (a newer build is saved and waits for the student), 'applying'
 * Returns {applyUpdate()}: the waiting build takes over, and every open page of the old one reloads.
 */
export function watchServiceWorker(onChange, registering = Promise.resolve()) {
  const sw = navigator.serviceWorker;
  let registration = null;
  let status = { cached: 'installing', update: 'none' };
  const set = (next) => {
    if (next.cached === status.cached && next.update === status.update) return;
    status = next;
    onChange(status);
  };
  const refresh = () => {
    if (!registration) return;
    const { active, waiting, installing } = registration;
    const cached = active?.state === 'activated' ? 'ready' : active || waiting || installing ? 'installing' : 'failed';
    const update = status.update === 'applying' ? 'applying' : sw.controller && waiting ? 'ready' : 'none';
    set({ cached, update });
  };
  const track = (worker) => worker?.addEventListener('statechange', refresh);

  // A page loaded before any worker is taken over by the first one without reloading (its files are that build's);
  // one already controlled reloads when a newer build takes over, so it never runs files of two builds.
  let controlled = Boolean(sw.controller);
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (controlled && !reloading) {
      reloading = true;
      location.reload();
    }
    controlled = true;
    refresh();
  });

  registering.then(() => sw.register('./sw.js', { scope: './', updateViaCache: 'none' })).then((r) => {
    registration = r;
    r.addEventListener('updatefound', () => { track(r.installing); refresh(); });
    [r.installing, r.waiting, r.active].forEach(track);
    refresh();
    // back on the network: look for a newer build at once rather than at the next visit
    window.addEventListener('online', () => r.update().catch(() => {}));
  }, () => set({ cached: 'failed', update: 'none' })); // no sw.js (the dev server), or a browser that refuses

  return {
    applyUpdate() {
      if (!registration?.waiting) return;
      set({ ...status, update: 'applying' });
      registration.waiting.postMessage({ type: 'attention-lab:activate-update' });
    },
  };
}
