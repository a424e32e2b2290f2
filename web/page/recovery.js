// The engine stopped (a trap, an abort, out of memory; wasm/engine.js): a fresh instance recomputes the last
// valid state — the edit that was being computed is dropped — and the student is told.
import { DEFAULT_PRESET } from '../presets/index.js';
import { t } from '../i18n/i18n.js';

/** Returns {recovering(): the promise of the recovery under way, or null}. */
export function startCrashRecovery({ engine, store, controller }) {
  let recovering = null;
  engine.onCrash((reason) => {
    if (recovering) return;
    recovering = engine.restart().then(() => {
      store.set({ notice: t('walkthrough.recovery.restored', { reason }) });
      const shown = controller.shown();
      const r = shown ? controller.tryLesson(shown.lesson) : { ok: false };
      if (!r.ok && !r.crashed) controller.loadPreset(DEFAULT_PRESET.id, { keepNotice: true });
      if (engine.crashed) store.set({ notice: t('walkthrough.recovery.stoppedAgain', { reason }) });
    }, (err) => {
      store.set({ notice: t('walkthrough.recovery.notRestarted', { reason, message: err.message }) });
    }).finally(() => { recovering = null; });
  });
  return { recovering: () => recovering };
}
