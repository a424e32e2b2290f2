// The "Beyond the pipeline" page: five sections, each an explanation plus a live experiment computed by the
// wasm engine (through this page's own instance, engine-labs.js). The language is chosen first (lang= in the
// address, the reader's choice, the browser's), so every word is rendered once, in that language.
import { loadLabsEngine } from './engine-labs.js';
import { ScaleSection } from './scale-section.js';
import { PrecisionSection } from './precision-section.js';
import { ContextualSection } from './contextual-section.js';
import { BahdanauSection } from './bahdanau-section.js';
import { TrainingSection } from './training-section.js';
import { sections } from './explanations.js';
import { landOn } from '../views/land.js';
import { startLanguage, t } from '../i18n/i18n.js';
import { languagePicker, withLanguage } from '../i18n/language-picker.js';

const VIEWS = { scale: ScaleSection, precision: PrecisionSection, contextual: ContextualSection, bahdanau: BahdanauSection, training: TrainingSection };

// The header in the page's language (labs.html carries the English words for a reader without scripts).
function renderHeader() {
  document.title = t('labs.page.title');
  const header = document.querySelector('.labs-header');
  const back = header.querySelector('a.back');
  back.textContent = t('labs.page.back');
  back.setAttribute('href', withLanguage('./index.html'));
  header.prepend(languagePicker(header).element);
  header.querySelector('h1').textContent = t('labs.page.heading');
  header.querySelector('.lede').innerHTML = t('labs.page.lede');
  const nav = header.querySelector('nav');
  nav.setAttribute('aria-label', t('labs.page.sections'));
  for (const a of nav.querySelectorAll('a[href^="#"]')) a.innerHTML = t(`labs.nav.${a.getAttribute('href').slice(1)}`);
  const loading = document.querySelector('#labs .loading');
  if (loading) loading.textContent = t('labs.page.loading');
}

async function start() {
  await startLanguage({ page: 'labs' });
  renderHeader();
  const main = document.getElementById('labs');
  const engine = await loadLabsEngine();
  main.replaceChildren();
  const views = {};
  for (const s of sections()) {
    const section = document.createElement('section');
    section.id = s.id;
    section.className = 'lab';
    section.setAttribute('aria-labelledby', `${s.id}-title`);
    section.innerHTML = `<h2 id="${s.id}-title">${s.title}</h2><div class="explain">${s.explain}</div>`;
    const body = document.createElement('div');
    body.className = 'lab-body';
    section.append(body);
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
  say(t('labs.page.crashed', { reason }), true);
  recovering = engine.restart().then(() => {
    for (const id of ['scale', 'precision', 'contextual']) views[id].render();
    views.bahdanau.compute();
    views.training.reset();
    if (engine.crashed) throw new Error('it stopped again while recomputing');
    say(t('labs.page.recovered', { reason }));
  }, (err) => {
    say(t('labs.page.notRecovered', { reason, message: err.message }), true);
  }).finally(() => { recovering = null; });
}

start().catch((e) => {
  const main = document.getElementById('labs');
  let text;
  try { text = t('labs.page.loadFailed', { message: e.message }); } catch { text = `The engine did not load: ${e.message}`; }
  if (!text || text === 'labs.page.loadFailed') text = `The engine did not load: ${e.message}`;
  main.replaceChildren(Object.assign(document.createElement('p'), { className: 'bad', textContent: text }));
  console.error(e);
});
