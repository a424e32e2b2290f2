// The state in the address bar. The first state comes from the link (or this browser's copy of a state too large
// for a link, or the default lesson); every edit of the lesson or of the instructor's settings is a new history
// entry (typing bursts within a second share one), selection, step and decoding step only replace the current
// one; Back and Forward open the state of their entry. A link holds a state only up to share.js's limit: past it
// the address bar keeps the last state that fitted, the newer one is kept in this browser (web/persist.js), and
// the student is told.
import { DEFAULT_PRESET, presetById } from '../presets/index.js';
import { STEP_IDS, LOCKABLE } from '../registry.js';
import { decodeFragment, encodeState, payloadOf, MAX_FRAGMENT, MAX_NOTE } from '../share.js';
import { openPersist } from '../persist.js';
import { LINKED, SCHEMA } from './store.js';
import { seedFromQuery, VIEW_QUERY, withSomeStepShown } from '../query-options.js';
import { language, t } from '../i18n/i18n.js';
import { formatInteger } from '../i18n/numerals.js';
import { linkProblemText, problemText } from '../i18n/problem-text.js';

const VIEW_DEFAULTS = Object.fromEntries(LINKED.filter((k) => k !== 'lesson').map((k) => [k, SCHEMA[k]]));
const looksLikeHtml = (t) => typeof t === 'string' && /<\s*[a-z!/]|\bon[a-z]+\s*=|javascript:/i.test(t);

/** A decoded fragment → {state} if the engine accepts its lesson, else {notice} saying why not. */
// what: 'thisLink' | 'browserCopy' | 'newLink' (the notices name it: walkthrough.link.*)
function acceptDecoded(engine, d, what) {
  const instead = what === 'thisLink' ? 'Default' : 'Previous';
  if (!d.ok) return { notice: d.empty ? '' : t(`walkthrough.link.unreadable${instead}`, { reason: linkProblemText(d) }) };
  let found;
  try { found = engine.check(d.state.lesson); } catch (err) { if (!err.crashed) throw err; found = [{ field: 'engine', message: err.message, code: 'engine_stopped', params: { reason: err.message } }]; }
  if (found.length) return { notice: t(`walkthrough.link.problems${instead}`, { where: t(`walkthrough.link.${what}`), problems: found.slice(0, 3).map(problemText).join('; ') }) };
  // Text that looks like HTML is shown as plain text anyway; say so, since a link made by this page never has it.
  const l = d.state.lesson;
  const texts = [l.title, l.note, l.sentence, d.state.note, ...(Array.isArray(l.tokens) ? l.tokens : []), ...(Array.isArray(l.vocab) ? l.vocab : [])];
  const notices = texts.some(looksLikeHtml) ? [t('walkthrough.link.htmlLike')] : [];
  // a link that hides all six steps would be a blank page (web/query-options.js)
  const state = withSomeStepShown({ ...d.state, preset: d.state.preset && presetById(d.state.preset) ? d.state.preset : null }, STEP_IDS, notices);
  return { state, notice: notices.join(' ') };
}

/**
 * engine, query (URLSearchParams), embed (an embed's state belongs to its host: no copy kept, no history entries).
 * initialState() → the first state; start(store, controller, {onFollowed}) keeps the address bar in step.
 */
export function createLinkSync({ engine, query, embed }) {
  const saved = embed ? null : openPersist(location.pathname);
  let restoredCopy = false, controller = null, store = null;

  async function initialState() {
    const fromLink = acceptDecoded(engine, await decodeFragment(location.hash, engine), 'thisLink');
    let { state } = fromLink, notice = fromLink.notice;
    const kept = saved ? await saved.restore(location.hash) : null;
    if (kept) {
      // the copy is a payload as the link holds it: the engine reads it the same way
      const copy = acceptDecoded(engine, engine.readPayload(kept), 'browserCopy');
      if (copy.state) { state = copy.state; notice = copy.notice || notice; restoredCopy = true; }
    }
    if (engine.crashed) await engine.restart(); // the lesson stopped the engine: the default one needs a fresh instance
    const linked = Boolean(state);
    if (!state) {
      const preset = presetById(query.get('preset') ?? '') ?? DEFAULT_PRESET;
      state = { lesson: structuredClone(preset.lesson), preset: preset.id };
    }
    // query options seed the view of a page opened without a link state (web/query-options.js); in an embed they
    // are the host's attributes, set again on every open, so there they apply over the link's
    const seeded = seedFromQuery(query, { ...VIEW_DEFAULTS, ...state }, { fromLink: linked && !embed, steps: STEP_IDS, lockable: LOCKABLE, maxNote: MAX_NOTE });
    if (seeded.notice) notice = notice ? `${notice} ${seeded.notice}` : seeded.notice;
    return { ...seeded.state, notice };
  }

  // ---------- a link too large: the copy in this browser, and the notice ----------
  let copyWritten = Promise.resolve(); // the last copy asked for, written
  let tooLong = 0, copyKept = true, linkNotice = null; // tooLong: characters of the link that does not fit
  function holds(state, hash) {
    const fits = hash.length - 1 <= MAX_FRAGMENT;
    tooLong = fits ? 0 : hash.length - 1;
    if (fits) {
      restoredCopy = false;
      saved?.forget();
    } else {
      copyWritten = (saved ? saved.save(payloadOf(state), location.hash) : Promise.resolve(false)).then((ok) => { copyKept = ok; showLinkNotice(); });
    }
    showLinkNotice();
    return fits;
  }
  function showLinkNotice() {
    const text = !tooLong ? null
      : [restoredCopy ? t('walkthrough.link.restored') : '', t('walkthrough.link.tooLarge', { length: formatInteger(tooLong), max: formatInteger(MAX_FRAGMENT) }),
        copyKept ? t('walkthrough.link.keptHere') : t('walkthrough.link.notKept')].filter(Boolean).join(' ');
    if (text === linkNotice) return;
    const notice = store.get().notice;
    if (text) store.set({ notice: text });
    else if (notice === linkNotice) store.set({ notice: '' });
    linkNotice = text;
  }

  // ---------- writing the link: just after the change is painted, then once the changes pause ----------
  // Each write of the address bar costs the browser's own process 6 ms (a short link) to 30 ms (a (16, 64) lesson's)
  // of CPU in Chromium, which on a two-core laptop is taken from the edits that follow it. So the first change after
  // a pause is written at once, and changes that follow it closely (a student typing numbers or walking through cells)
  // when they pause; a big lesson's link, which takes a while to build, always waits for the pause.
  const PAUSE_MS = 250;
  let lastHash = location.hash, urlSeq = 0, lastPushAt = 0, lastEditKey = null, urlTimer = null, urlDone = null;
  let urlWritten = Promise.resolve(), lastChangeAt = -Infinity;
  const editKey = (st) => JSON.stringify([st.lesson, st.preset, st.hidden, st.locked, st.note]);
  const write = () => { urlTimer = null; const done = urlDone; urlDone = null; writeUrl().then(done, done); };
  function schedule() {
    const t = controller.shown()?.trace, now = performance.now();
    const wait = now - lastChangeAt > PAUSE_MS && !(t && t.tokens.length * t.dModel > 4096) ? 20 : PAUSE_MS;
    lastChangeAt = now;
    if (!urlDone) urlWritten = new Promise((resolve) => { urlDone = resolve; });
    clearTimeout(urlTimer);
    urlTimer = setTimeout(write, wait);
  }
  /** The link of the state shown written now (before the page is opened again, in another language). */
  function flush() {
    if (urlTimer) { clearTimeout(urlTimer); write(); }
    return urlWritten;
  }
  async function writeUrl() {
    const state = store.get(), seq = ++urlSeq;
    const key = editKey(state);
    const edited = lastEditKey !== null && key !== lastEditKey;
    lastEditKey = key;
    const hash = await encodeState(state);
    // a newer state (an edit, a followed link) arrived meanwhile: its own write follows; this one would put an older
    // lesson in the address bar than the page shows
    if (seq !== urlSeq || store.get() !== state) return;
    if (!holds(state, hash)) return;
    const now = performance.now();
    // (an embed only replaces: its entries would join the host page's Back button)
    const push = edited && !embed && now - lastPushAt > 1000 && location.hash !== '';
    if (edited) lastPushAt = now;
    lastHash = hash;
    if (hash === location.hash) return;
    history[push ? 'pushState' : 'replaceState'](null, '', hash);
  }

  // ---------- following the link: Back, Forward, an edited address ----------
  async function followUrl(onFollowed, target = location.hash) {
    if (target === lastHash) return;
    // (decoded at once: a link's decoding is synchronous, and an await here let the browser's own navigation work
    // run first, about 6 ms)
    const { state, notice } = acceptDecoded(engine, decodeFragment(target, engine), 'newLink');
    if (!state) { if (notice) store.set({ notice }); return; }
    lastHash = target;
    // (the notice is cleared with the lesson, in one render; a lesson refused keeps it and the old lesson)
    const r = controller.tryLesson(state.lesson, { ...VIEW_DEFAULTS, ...state, notice: '' });
    await controller.settled();
    lastEditKey = editKey(store.get()); // moving through history is not a new edit
    if (r.ok) onFollowed(state.step);
  }

  /** The link of the state shown, once the address bar holds it. */
  async function shareLink() {
    await urlWritten;
    const url = new URL(location.href);
    url.hash = await encodeState(store.get());
    url.searchParams.delete('embed');
    url.searchParams.delete('instructor'); // the instructor's own flag never reaches students
    url.searchParams.delete('present'); // (nor the projector's view)
    for (const name of VIEW_QUERY) url.searchParams.delete(name); // the fragment holds them: one source of truth
    url.searchParams.set('lang', language()); // a link opens in the language it was made in (its numbers are the same in all)
    return url.href;
  }

  return {
    initialState, shareLink, flush,
    start(theStore, theController, { onFollowed }) {
      store = theStore;
      controller = theController;
      store.subscribe(schedule);
      const follow = () => followUrl(onFollowed);
      // the address bar moved on while the page was starting (Back, an edited link): that link; else the lesson shown
      if (location.hash !== lastHash) follow(); else schedule();
      window.addEventListener('popstate', follow);
      window.addEventListener('hashchange', follow);
      // Where the Navigation API tells of a new fragment, its link is followed then, before the browser commits it: the
      // browser's own work on a change of address (its history and toolbar, in its own process) then comes after the
      // lesson is drawn rather than beside it (a link at lecture size: p50 8.3 → 7.9 ms, p95 17.6 → 15.3 ms, in five
      // runs of forty taking turns). Without that API, hashchange and popstate tell of it once the address bar holds it.
      globalThis.navigation?.addEventListener('navigate', (e) => { if (e.hashChange) followUrl(onFollowed, new URL(e.destination.url).hash); });
    },
    /** Characters of a link too large to hold the state shown (0 when it fits). */
    get tooLong() { return tooLong; },
    copyWritten: () => copyWritten,
  };
}
