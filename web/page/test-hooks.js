// window.attentionLab: the page's state, links, exports and engine for tests, hosts and the browser console.
// Everything here reads the state or the trace; setLesson goes through the controller like any edit.
import { LINKED } from './store.js';

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
    // The engine's trace in its JSON form (core/lesson-format.md: heads[h].weights as arrays of rows, hidden
    // cells null, concat, output), together with the typed copies the page works from (headTraces, X, inputs, …).
    getTrace() {
      const shown = controller.shown();
      if (!shown) return null;
      const json = engine.traceJson(JSON.stringify(shown.lesson));
      return json.ok ? { ...shown.trace, ...JSON.parse(json.value) } : shown.trace;
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
