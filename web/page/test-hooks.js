// window.attentionLab: the page's state, links, exports and engine for tests, hosts and the browser console.
// Everything here reads the state or the trace; setLesson goes through the controller like any edit.
import { LINKED } from './store.js';
import { copyTrace } from '../lib/copy-trace.js';

export function installTestHooks({ engine, store, controller, link, dialogs, recovery, page }) {
  const pick = (state) => Object.fromEntries(LINKED.map((k) => [k, state[k]]));
  window.attentionLab = {
    /** The state a link holds: lesson, preset, step, selection, reveal, hidden, locked, note. */
    getState: () => structuredClone(pick(store.get())),
    shareLink: () => link.shareLink(),
    embedSnippets: () => dialogs.embedSnippets(),
    exports: dialogs.exports,
    getLesson: () => structuredClone(store.get().lesson),
    setLesson: (lesson) => controller.setLessonFromOutside(lesson),
    // A copy of the trace the page shows (wasm/engine.d.ts: tokens, X, inputs, headTraces[h].weights, … as
    // {rows, cols, data: Float64Array}): what the page drew, not a new computation; each matrix's numbers are
    // copied when first read (web/lib/copy-trace.js).
    getTrace() {
      const trace = controller.lendTrace();
      return trace ? copyTrace(trace) : null;
    },
    engineMemoryBytes: () => engine.memoryBytes(),
    /** Tests only: stop the engine as a bug in it would, now or inside its next call ({next: true}). */
    async debugCrashEngine(options) {
      const r = engine.debugTrap(options);
      await recovery.recovering();
      return r;
    },
    get frame() { return page.frame; },
    /** Resolves with what the last Copy link said, once it has said it. */
    copied: () => dialogs.copied(),
    /** Resolves when the copy kept in this browser (a lesson too large for a link) has been written. */
    copyWritten: () => link.copyWritten(),
    /** Resolves when a lesson being computed in the background is shown (at once when there is none). */
    settled: () => controller.settled(),
  };
}
