// Offline after the first visit, on every app page (loaded by its HTML beside the page's own script): registers
// the service worker once the page is ready, and says when the network is gone and when a new version waits.
// The state is {online, cached, update, later, quiet}; every change renders the status bar and the <html> data
// attributes (data-online, data-offline, data-update) that tests and styles read.
import './offline.css';
import { mayRegister, watchServiceWorker } from './lifecycle.js';
import { createStatusView } from './status-view.js';
import { pageQuiet } from '../first-drawing.js';

let state = { online: navigator.onLine, cached: 'off', update: 'none', later: false, quiet: false };
let worker = null;
let view = null;

function set(patch) {
  state = { ...state, ...patch };
  const root = document.documentElement.dataset;
  root.online = String(state.online);
  root.offline = state.cached;
  root.update = state.update;
  view?.render(state);
}

function start() {
  view = createStatusView({ onUpdate: () => worker?.applyUpdate(), onLater: () => set({ later: true }), onQuiet: () => set({ quiet: true }) });
  window.addEventListener('online', () => set({ online: true, quiet: false })); // a next time offline is said in full again
  window.addEventListener('offline', () => set({ online: false }));
  // off: the offline single file, or a frame inside another site. The worker fetches every file of the build as it
  // installs: begun at the load event, before the walkthrough had drawn, it made the first lesson wait (259 against
  // 167 ms, median of 20 cold loads each); begun once it had drawn, it made the walkthrough's engine wait
  // (web/first-drawing.js); begun once it was ready, it slowed what the student did next. So it is registered once the
  // page is ready and has been idle for a second.
  if (mayRegister()) worker = watchServiceWorker(({ cached, update }) => set({ cached, update, later: state.later && update === 'ready' }), pageQuiet());
  set({});
}

if (document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
