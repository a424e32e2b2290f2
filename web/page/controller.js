// The controller: turns an event (an edit, a preset, a link, a host's message) into a new state. Every lesson is
// traced by the engine before it is accepted; a rejected one leaves the shown lesson and sets `problems`. The
// trace of the shown lesson is derived data: it is kept here, never in the state.
import { DEFAULT_PRESET, presetById } from '../presets/index.js';
import { OFF_THREAD_WORK } from '../off-thread.js';
import { incomingLesson } from '../incoming.js';
import { addOutputProjection, addSeed, inputsOf, maskFor, removeOutputProjection, resize, setCell, setHeads, setSeed, setSentence, splitModel } from '../lesson-edit.js';
import { MAX_NOTE } from '../share.js';
import { addLayer, removeLayer, setDff, setLayerCell, setLayerOption, setPositions, setSourcePadding, setSourceSentence } from '../layer-edit.js';
import { MATRICES } from '../registry.js';
import { KV_CACHE_MAX_TOKENS } from '../views/kv-cache-view.js';
import { selectionFits } from './selection.js';
import { presentedStep } from '../views/present.js';
import { t } from '../i18n/i18n.js';


/**
 * engine: the page's engine (wasm/engine.js); offThread: the worker's (web/off-thread.js) or null.
 * Returns {shown(), settled(), tryLesson(lesson, patch), loadPreset(id), setLessonFromOutside(lesson), explain,
 * onExplained(listener), on: {…events}}.
 */
export function createController({ engine, store, offThread }) {
  let shown = null;                // {lesson, trace, inputs, fromWorker} of the lesson on screen
  // The trace shown before it, given back to the engine for the next trace's numbers (its arrays, instead of fresh
  // ones: half of engine.trace() at (128, 256, 4)): every view has drawn the trace on screen since. What was lent to
  // a host is pinned (getTrace's copy reads its arrays when first asked), also in the later traces that keep it.
  let spare = null;
  let latest = 0;                  // the newest lesson asked for; an older answer from the worker is dropped
  let settled = Promise.resolve(); // resolves when the worker has answered the newest lesson
  const state = () => store.get();

  function dims() {
    const t = shown.trace;
    return { n: t.tokens.length, dModel: t.dModel, dK: t.dK, dV: t.dV, heads: t.heads };
  }

  /** A causal lesson of the six steps (up to 32 tokens) decoded with a KV cache: the engine's steps, or null. */
  function decoding(lesson, trace) {
    if (trace.mask !== 'causal' || trace.layer || trace.source || trace.tokens.length > KV_CACHE_MAX_TOKENS) return null;
    const r = engine.decode(lesson);
    return r.ok ? r.value : null;
  }

  /** A computed lesson becomes the one shown. */
  function accept(lesson, trace, patch, fromWorker = false) {
    trace.decoding = decoding(lesson, trace);
    let inputs = null; // the inputs as arrays of rows, what edits start from: made when the first edit asks for them
    spare = shown?.trace ?? null;
    shown = { lesson, trace, fromWorker, get inputs() { return (inputs ??= inputsOf(trace)); } };
    explained.clear();
    const n = trace.tokens.length;
    const sel = 'selection' in patch ? patch.selection : state().selection;
    const selection = sel && selectionFits(sel, trace) ? sel : null;
    const reveal = Math.min(patch.reveal ?? state().reveal ?? n, n);
    store.set({ ...patch, selection, lesson, reveal, problems: [], busy: 0 });
  }

  /**
   * Accept a new lesson if the engine can trace it; otherwise report its problems and keep the old one.
   * sameShapes: the lesson is the shown one with other numbers (an edited cell), so its work is the shown lesson's
   * and the thread that computed that one computes it (without a plan: 0.3–0.4 ms of an edit in a layer).
   */
  function tryLesson(lesson, patch = {}, { sameShapes = false } = {}) {
    const seq = ++latest;
    if (state().busy) store.set({ busy: 0 });
    if (offThread && !(sameShapes && shown && !shown.fromWorker)) {
      // the engine checks the lesson and sizes its work (core/trace_size.hpp) before either thread computes it
      const plan = engine.plan(lesson);
      if (plan.crashed) return { ok: false, problems: plan.problems, crashed: true }; // restored by the crash recovery
      if (!plan.ok) {
        store.set({ problems: plan.problems });
        return { ok: false, problems: plan.problems };
      }
      if (plan.work > OFF_THREAD_WORK) return tryOffThread(lesson, patch, seq, plan.work);
    }
    // (the first lesson's call is the one recorded at build time: web/page/engine-before-load.js)
    const r = spare ? engine.trace(lesson, { reuse: spare }) : engine.trace(lesson);
    if (r.crashed) return { ok: false, problems: r.problems, crashed: true }; // restored by the crash recovery
    if (!r.ok) {
      store.set({ problems: r.problems });
      return { ok: false, problems: r.problems };
    }
    accept(lesson, r.value, patch);
    return { ok: true };
  }

  /** A big lesson, checked here already (a refusal is as immediate as for a small one): computed by the worker. */
  function tryOffThread(lesson, patch, seq, work) {
    store.set({ busy: work });
    worker.computing++;
    settled = offThread.trace(lesson).then((r) => {
      worker.computing--;
      if (r.ok) worker.holds = lesson;
      else if (r.crashed) worker.holds = null;
      if (worker.waiting) { worker.waiting = false; queueMicrotask(explainedNow); } // asked while it was computing
      if (seq !== latest) return;
      if (r.ok) accept(lesson, r.trace, patch, true);
      else if (!shown) {
        store.set({ busy: 0, notice: t('walkthrough.notices.defaultShown'), problems: r.problems ?? [] });
        loadPreset(DEFAULT_PRESET.id, { keepNotice: true });
      } else {
        store.set({ busy: 0, notice: r.crashed ? t('walkthrough.notices.stoppedKept', { reason: r.message }) : '', problems: r.problems ?? [] });
      }
    });
    return { ok: true, pending: true };
  }

  function loadPreset(id, { keepNotice = false } = {}) {
    const p = presetById(id);
    if (!p) return { ok: false };
    const r = tryLesson(structuredClone(p.lesson), { preset: id, selection: null, reveal: null });
    if (r.ok && !keepNotice) store.set({ notice: '' });
    return r;
  }

  /** A lesson from a host page or a test: plain JSON or typed matrices ({rows, cols, data}). */
  function setLessonFromOutside(lesson) {
    // a plain JSON copy (no inherited keys, typed matrices checked and made rows): web/incoming.js
    const incoming = incomingLesson(lesson);
    if (!incoming.ok) return incoming;
    try {
      const r = tryLesson(incoming.lesson, { preset: null, selection: null, reveal: null });
      return r.ok ? { ok: true, problems: [] } : { ok: false, problems: r.problems ?? [{ field: 'lesson', message: 'could not be shown', code: 'lesson_not_shown', params: { detail: '' } }] };
    } catch (err) {
      return { ok: false, problems: [{ field: 'lesson', message: `could not be shown: ${err.message}`, code: 'lesson_not_shown', params: { detail: err.message } }] };
    }
  }

  const locked = (name) => state().locked.includes(name);
  const edit = (make) => {
    let next;
    try { next = make(); } catch (err) { if (err.crashed) return { ok: false, crashed: true }; throw err; } // restored by the crash recovery
    return tryLesson(next);
  };
  let lastNumericScale = null;

  // The page's events, each a new state (or the same one with its problems).
  const on = {
    sentence: (text) => edit(() => setSentence(engine, shown.lesson, shown.inputs, dims(), text)),
    preset: (id) => loadPreset(id),
    seed: (seed) => tryLesson(setSeed(shown.lesson, seed)),
    addSeed: () => tryLesson(addSeed(shown.lesson, shown.inputs, 0)),
    resize: (patch) => edit(() => resize(engine, shown.lesson, shown.inputs, dims(), { ...dims(), ...patch })),
    // a layer's parameters (γ, β, W_ff1 …), the source's rows, the cross weights and P live at their dotted places
    cell: (name, i, j, v) => tryLesson(MATRICES[name]?.lesson || name === 'P'
      ? setLayerCell(shown.lesson, shown.trace, name, i, j, v) : setCell(shown.lesson, shown.inputs, name, i, j, v), {}, { sameShapes: true }),
    addLayer: () => tryLesson(addLayer(shown.lesson, shown.trace), { step: 'add_norm' }),
    removeLayer: () => tryLesson(removeLayer(shown.lesson), { step: 'sum' }),
    layerOption: (key, value) => tryLesson(setLayerOption(shown.lesson, key, value)),
    dFf: (dFf) => tryLesson(setDff(shown.lesson, shown.trace, dFf)),
    positions: (kind) => tryLesson(setPositions(shown.lesson, shown.trace, kind)),
    sourceSentence: (text) => edit(() => setSourceSentence(engine, shown.lesson, shown.trace, text)),
    sourcePadding: (j, pad) => tryLesson(setSourcePadding(shown.lesson, shown.trace, j, pad)),
    heads: (h) => edit(() => setHeads(engine, shown.lesson, shown.inputs, dims(), h)),
    splitHeads: (split) => edit(() => (split ? splitModel(engine, shown.lesson, shown.inputs, dims()) : removeOutputProjection(shown.lesson))),
    scale(on) {
      const next = structuredClone(shown.lesson);
      if (typeof next.scale === 'number') lastNumericScale = next.scale;
      // on: the number the lesson had, or √d_k — left implicit where the score function scales by default
      if (on) {
        if (lastNumericScale) next.scale = lastNumericScale;
        else if (shown.trace.score === 'scaled_dot') delete next.scale;
        else next.scale = 'sqrt_dk';
      } else next.scale = 'none';
      return tryLesson(next);
    },
    maskKind(kind) {
      const n = shown.trace.tokens.length;
      return tryLesson(maskFor(shown.lesson, kind, shown.trace), kind === 'causal' ? { reveal: 1 } : { reveal: n });
    },
    padding(i, pad) {
      const next = structuredClone(shown.lesson);
      next.mask.padding[i] = pad;
      return tryLesson(next);
    },
    toggleMask(i, j) {
      if (locked('mask')) return { ok: false };
      const next = structuredClone(shown.lesson);
      next.mask[i][j] = next.mask[i][j] ? 0 : 1;
      return tryLesson(next);
    },
    outputProjection: (add) => tryLesson(add ? addOutputProjection(shown.lesson, shown.inputs) : removeOutputProjection(shown.lesson)),
    reveal: (step) => store.set({ reveal: step }),
    select: (selection) => store.set({ selection }),
    step: (step) => store.set({ step }),
    present: (on) => store.set(on ? { presenting: true, step: presentedStep(state(), shown.trace) } : { presenting: false }),
    presentExplain: (on) => store.set({ presentExplain: on }),
    hidden: (hidden) => store.set({ hidden }),
    locked: (list) => store.set({ locked: list }),
    note: (note) => store.set({ note: note.slice(0, MAX_NOTE) }),
  };

  // The arithmetic behind a cell, from the engine that computed the shown trace: this thread's engine explains the
  // trace it holds last (an edit it refused leaves it holding the shown one); the worker's explains the last trace it
  // computed, asynchronously — the inspector shows {pending: true} until the answer is drawn (onExplained). Only when
  // neither holds the shown lesson (a worker that stopped) is it traced again here.
  const worker = { holds: null, computing: 0, waiting: false }; // its last trace's lesson; traces under way
  const explained = new Map(); // the worker's explanations of the shown trace: "kind,head,i,j" → answer
  const listeners = new Set();
  const explainedNow = () => { for (const f of listeners) f(); };
  function fromWorker(kind, h, i, j) {
    // while it computes a newer lesson, its answer would be about that one: asked again once it is done
    if (worker.computing) { worker.waiting = true; return { pending: true }; }
    const key = [kind, h, i, j].join();
    if (explained.has(key)) return explained.get(key);
    const asked = shown;
    explained.set(key, { pending: true });
    offThread.explain(kind, h, i, j).then((r) => {
      if (shown !== asked) return;
      if (r.ok) explained.set(key, r.value);
      else { worker.holds = null; explained.clear(); } // the worker stopped: explained here from now on
      explainedNow();
    });
    return explained.get(key);
  }
  const ask = (kind, local) => (h, i, j) => {
    if (shown?.fromWorker && worker.holds === shown.lesson) return fromWorker(kind, h, i, j);
    if (shown && engine.traced !== shown.lesson) engine.trace(shown.lesson);
    return local(h, i, j);
  };
  const explain = {
    score: ask('score', (h, i, j) => engine.explainScore(h, i, j)),
    softmax: ask('softmax', (h, i) => engine.explainSoftmax(h, i)),
    output: ask('output', (h, i, t) => engine.explainOutput(h, i, t)),
    projection: (m, h, i, t) => ask(m, (hh, ii, tt) => engine.explainProjection(m, hh, ii, tt))(h, i, t),
    // the layer's cells (core/explain_layer.hpp), from whichever engine holds the shown trace, as the six steps'
    norm: (k, i, c) => ask(`norm${k}`, (_, ii, cc) => engine.explainNorm(k, ii, cc))(0, i, c),
    ffnHidden: (i, u) => ask('ffn_hidden', (_, ii, uu) => engine.explainFfnHidden(ii, uu))(0, i, u),
    ffnOutput: (i, c) => ask('ffn_output', (_, ii, cc) => engine.explainFfnOutput(ii, cc))(0, i, c),
    crossScore: ask('cross_score', (h, i, j) => engine.explainCrossScore(h, i, j)),
  };

  return {
    explain,
    /** listener() is called when an explanation from the worker has arrived (the inspector draws it then). */
    onExplained: (listener) => listeners.add(listener),
    shown: () => shown,
    /** The trace on screen, for a host to read as long as it likes: its arrays are never reused. */
    lendTrace() {
      if (shown && !engine.crashed) engine.pin(shown.trace); // (a restarted engine reuses nothing of an earlier one)
      return shown?.trace ?? null;
    },
    settled: () => settled,
    tryLesson, loadPreset, setLessonFromOutside, on,
  };
}
