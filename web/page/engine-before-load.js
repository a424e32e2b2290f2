// The walkthrough's engine before its wasm has arrived. The default lesson is drawn from the engine's own answers to
// the calls drawing it makes (its schema, the empty link, the lesson's plan and trace), recorded at build time by the
// same module (scripts/first-answers.mjs), so the first lesson is on screen without waiting for 150 KB of wasm; the
// module loads once the lesson is drawn. Any other call before then throws EngineLoading (the page waits for load()
// instead); once loaded, every call is the engine's.
export class EngineLoading extends Error {
  constructor(name) {
    super(`the engine is still loading (${name})`);
    this.name = 'EngineLoading';
  }
}

/** load(): a promise of the engine (wasm/walkthrough-engine.js); answers: [[JSON of [name, ...args], answer], …]. */
export function engineBeforeLoad(load, answers) {
  const recorded = new Map(answers);
  let real = null, loading = null, traced = null;
  const crashListeners = []; // (told once the engine is there: nothing crashes before)
  const own = {
    /** Whether the engine itself answers now. */
    get loaded() { return real !== null; },
    /** Starts loading the engine (once); resolves when it answers. */
    load: () => (loading ??= load().then((engine) => {
      for (const f of crashListeners) engine.onCrash(f);
      real = engine;
    })),
    // (a trace drawn before the engine arrived is the recorded one, which the engine never reuses)
    pin: (trace) => real?.pin(trace),
  };
  return new Proxy(own, {
    get(target, name) {
      if (name in target) return target[name];
      if (real) return real[name];
      if (typeof name !== 'string' || name === 'then') return undefined; // (not a promise)
      if (name === 'crashed') return false;
      if (name === 'traced') return traced;
      if (name === 'onCrash') return (f) => { crashListeners.push(f); };
      return (...args) => {
        const key = JSON.stringify([name, ...args]);
        if (!recorded.has(key)) throw new EngineLoading(name);
        if (name === 'trace') traced = args[0];
        return structuredClone(recorded.get(key)); // (the caller may change what it is given)
      };
    },
  });
}
