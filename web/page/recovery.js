// The engine stopped (a trap, an abort, out of memory; wasm/engine.js): a fresh instance recomputes the last
// valid state — the edit that was being computed is dropped — and the student is told.
import { DEFAULT_PRESET } from '../presets/index.js';

/** Returns {recovering(): the promise of the recovery under way, or null}. */
export function startCrashRecovery({ engine, store, controller }) {
  let recovering = null;
  engine.onCrash((reason) => {
    if (recovering) return;
    recovering = engine.restart().then(() => {
      store.set({ notice: `The engine stopped unexpectedly (${reason}); it was restarted and your lesson was restored.` });
      const shown = controller.shown();
      const r = shown ? controller.tryLesson(shown.lesson) : { ok: false };
      if (!r.ok && !r.crashed) controller.loadPreset(DEFAULT_PRESET.id, { keepNotice: true });
      if (engine.crashed) store.set({ notice: `The engine stopped unexpectedly (${reason}) and stopped again when restarted. Reload the page; your lesson is in its link.` });
    }, (err) => {
      store.set({ notice: `The engine stopped unexpectedly (${reason}) and could not be restarted (${err.message}). Reload the page; your lesson is in its link.` });
    }).finally(() => { recovering = null; });
  });
  return { recovering: () => recovering };
}
