// The walkthrough page, wired: lesson → engine → trace → views, one way. The store holds the state
// (page/store.js), the controller turns events into new states (page/controller.js), render(state, trace) draws
// them (page/render.js); the link, dialogs, crash recovery and test hooks each live in a module of their own.
import { loadEngine } from '../wasm/walkthrough-engine.js';
import { DEFAULT_PRESET } from './presets/index.js';
import { createOffThreadEngine } from './off-thread.js';
import { startEmbedMode } from './embed.js';
import { landOn } from './views/land.js';
import { createStore } from './page/store.js';
import { createController } from './page/controller.js';
import { createPage } from './page/render.js';
import { createLinkSync } from './page/link-sync.js';
import { createDialogs } from './page/dialogs.js';
import { partsAfterDrawing } from './first-drawing.js';
import { startCrashRecovery } from './page/recovery.js';
import { installTestHooks } from './page/test-hooks.js';
import { EngineLoading, engineBeforeLoad } from './page/engine-before-load.js';
import { typedFromJson } from './lib/typed-json.js';
import FIRST_ANSWERS from 'virtual:first-answers';
import { startLanguage, t } from './i18n/i18n.js';

// Query options (an embed sets them): ?embed=1&theme=dark&preset=…&step=…&steps=a,b&locked=X,W_Q&note=…
const query = new URLSearchParams(location.search);
const EMBED = query.has('embed') && query.get('embed') !== '0';
if (EMBED) document.documentElement.dataset.embed = 'true';
if (['dark', 'light'].includes(query.get('theme'))) document.documentElement.dataset.theme = query.get('theme');

// A handler run now; one that needs the engine before it has arrived waits in line, and the views see "on its way".
function afterLoad(engine, line, handlers, whileLoading) {
  return Object.fromEntries(Object.entries(handlers).map(([name, f]) => [name, (...args) => {
    if (engine.loaded) return f(...args);
    try {
      return f(...args);
    } catch (err) {
      if (!(err instanceof EngineLoading)) throw err;
      line.push(() => f(...args));
      return whileLoading;
    }
  }]));
}
// A handler that waits for the engine (a dialog: it may need it after it opened).
function whenLoaded(engine, line, handlers) {
  return Object.fromEntries(Object.entries(handlers).map(([name, f]) => [name, (...args) => {
    if (engine.loaded) return f(...args);
    line.push(() => f(...args));
    return undefined;
  }]));
}

async function boot() {
  const app = document.getElementById('app');
  // the language's messages load first (the chosen language's part; the HTML preloads English's); the engine once the
  // first lesson is drawn — the default lesson is drawn from the engine's answers recorded at build time
  const speaking = startLanguage({ query });
  speaking.then(() => { const loading = app.querySelector('.loading'); if (loading) loading.textContent = t('walkthrough.loading'); }, () => {});
  const engine = engineBeforeLoad(() => loadEngine(), typedFromJson(FIRST_ANSWERS));
  // a link or another preset needs the engine to be drawn: it loads beside the words (else once the lesson is drawn)
  if (location.hash.length > 1 || query.has('preset') || EMBED) engine.load().catch(() => {});
  const loaded = () => engine.load().catch((err) => {
    app.replaceChildren(Object.assign(document.createElement('p'), { className: 'fatal', textContent: t('walkthrough.engineFailed', { message: err.message }) }));
    throw err;
  });
  // a call drawing needs that the build did not answer (a link, another lesson): the engine first
  const orLoaded = async (f) => { try { return await f(); } catch (err) { if (!(err instanceof EngineLoading)) throw err; await loaded(); return f(); } };
  await speaking;
  document.title = t('walkthrough.pageTitle');

  const link = createLinkSync({ engine, query, embed: EMBED });
  const store = createStore(await orLoaded(() => link.initialState()));
  // Big lessons are computed in a Web Worker (web/off-thread.js) while the page stays usable.
  const controller = createController({ engine, store, offThread: createOffThreadEngine() });
  const dialogs = createDialogs({ store, controller, link, say: (text) => page.say(text) });
  // A link with locked inputs opens in student view: no Instructor mode to unlock them. The instructor keeps
  // ?instructor=1 on their own copy of the link (Copy link leaves it out, so students never get it).
  const instructor = query.get('instructor') === '1' || store.get().locked.length === 0;
  const line = []; // what the reader did before the engine arrived, done when it has
  const page = createPage(app, {
    instructor, schema: engine.schema(),
    on: afterLoad(engine, line, controller.on, { ok: true, pending: true }),
    explain: afterLoad(engine, [], controller.explain, { pending: true }), // (drawn again once loaded)
    ...whenLoaded(engine, line, { copyLink: dialogs.copyLink, openExport: dialogs.openExport, openEmbed: dialogs.openEmbed }),
    shareLink: () => loaded().then(() => link.shareLink()),
    linkWritten: () => link.flush(),
  });
  const scrollToStep = (step) => {
    if (step && !store.get().hidden.includes(step)) landOn(document.getElementById(`step-${step}`));
  };
  const draw = (state) => { const shown = controller.shown(); if (shown) page.render(state, shown.trace); };
  store.subscribe(draw);
  const recovery = startCrashRecovery({ engine, store, controller });

  const first = await orLoaded(() => controller.tryLesson(store.get().lesson, { ...store.get() }));
  if (!first.ok) {
    store.set({ notice: t('walkthrough.notices.defaultShown') });
    controller.loadPreset(DEFAULT_PRESET.id, { keepNotice: true });
  }
  // the step a link or bookmark opens on, or the projector's view: as soon as the lesson is drawn (a big one: once the
  // worker has it)
  let arrived = false;
  const arrive = () => {
    if (arrived) return;
    arrived = true;
    if (query.get('present') === '1' && !EMBED) controller.on.present(true);
    else scrollToStep(store.get().step);
    document.documentElement.dataset.drawn = 'true';
  };
  if (controller.shown()) arrive();

  await loaded();
  // the engine holds the lesson shown (what it explains, and what the first edit is compared with)
  const shown = controller.shown();
  if (shown && !shown.fromWorker && engine.traced !== shown.lesson) engine.trace(shown.lesson);
  controller.onExplained(() => draw(store.get())); // the worker's arithmetic for the selected cell has arrived
  link.start(store, controller, { onFollowed: scrollToStep });
  installTestHooks({ engine, store, controller, link, dialogs, recovery, page });
  for (const f of line.splice(0)) f();
  draw(store.get());

  await controller.settled(); // a big first lesson is drawn when the worker has it
  if (EMBED) {
    startEmbedMode({
      getLesson: () => structuredClone(store.get().lesson),
      setLesson: (lesson) => controller.setLessonFromOutside(lesson),
      getState: async () => ({ state: window.attentionLab.getState(), link: await link.shareLink() }),
    });
  }
  arrive();
  await partsAfterDrawing(); // (the print link's QR code maker, the edit note's list format)
  document.documentElement.dataset.ready = 'true';
}

boot();
