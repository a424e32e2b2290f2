// The "Beyond the pipeline" page: five sections, each an explanation plus a live experiment computed by the
// wasm engine (through this page's own instance, engine-labs.js).
import { loadLabsEngine } from './engine-labs.js';
import { ScaleSection } from './scale-section.js';
import { PrecisionSection } from './precision-section.js';
import { ContextualSection } from './contextual-section.js';
import { BahdanauSection } from './bahdanau-section.js';
import { TrainingSection } from './training-section.js';
import { SECTIONS } from './explanations.js';
import { landOn } from '../views/land.js';

const VIEWS = { scale: ScaleSection, precision: PrecisionSection, contextual: ContextualSection, bahdanau: BahdanauSection, training: TrainingSection };

async function start() {
  const main = document.getElementById('labs');
  const engine = await loadLabsEngine();
  main.replaceChildren();
  const views = {};
  for (const s of SECTIONS) {
    const section = document.createElement('section');
    section.id = s.id;
    section.className = 'lab';
    section.setAttribute('aria-labelledby', `${s.id}-title`);
    section.innerHTML = `<h2 id="${s.id}-title">${s.title}</h2><div class="explain">${s.explain}</div>`;
    const body = document.createElement('div');
    body.className = 'lab-body';
    section.append(body);
    if (s.after) {
      const after = document.createElement('div');
      after.className = 'explain after';
      after.innerHTML = s.after;
      section.append(after);
    }
    main.append(section);
    views[s.id] = new VIEWS[s.id](body, engine);
  }
  window.attentionLabs = { engine, views, debugCrashEngine: (options) => engine.debugTrap(options) };
  engine.onCrash((reason) => recover(engine, views, reason));
  // the sections exist only now: the browser's own jump to labs.html#bahdanau found nothing to land on
  const anchor = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  if (anchor) landOn(anchor);
  document.documentElement.dataset.ready = 'true';
}

// The engine stopped (a trap, abort or out of memory): say so, start a fresh instance, recompute every experiment.
// Until then the sections keep what they showed (engine-labs.js answers with each call's last result).
let recovering = null;
function recover(engine, views, reason) {
  if (recovering) return;
  const say = (text, bad = false) => {
    let box = document.querySelector('.engine-notice');
    if (!box) {
      box = Object.assign(document.createElement('p'), { className: 'engine-notice' });
      box.setAttribute('role', 'status');
      document.getElementById('labs').prepend(box);
    }
    box.textContent = text;
    box.classList.toggle('bad', bad);
  };
  say(`The engine stopped unexpectedly (${reason}); restarting it…`, true);
  recovering = engine.restart().then(() => {
    for (const id of ['scale', 'precision', 'contextual']) views[id].render();
    views.bahdanau.compute();
    views.training.reset();
    if (engine.crashed) throw new Error('it stopped again while recomputing');
    say(`The engine stopped unexpectedly (${reason}); it was restarted and every experiment was recomputed (the training run started over).`);
  }, (err) => {
    say(`The engine stopped unexpectedly (${reason}) and could not be restarted (${err.message}). Reload the page.`, true);
  }).finally(() => { recovering = null; });
}

start().catch((e) => {
  const main = document.getElementById('labs');
  main.replaceChildren(Object.assign(document.createElement('p'), { className: 'bad', textContent: `The engine did not load: ${e.message}` }));
  console.error(e);
});
