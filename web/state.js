// The page's one state object and its round trip through the URL hash.
// state = {lesson, preset, selection, reveal}: the lesson is the engine's input; the rest are view options.
// Derived data (the trace) never goes into the state or the URL.

export function createStore(initial) {
  let state = initial;
  const listeners = [];
  return {
    get: () => state,
    /** One edit = one new state object. */
    set(patch) {
      state = { ...state, ...patch };
      for (const f of listeners) f(state);
    },
    subscribe(f) { listeners.push(f); },
  };
}

// Version 1 of the hash: "#" + URI-encoded JSON {v: 1, lesson, preset?}. A later issue compacts it.
export function encodeHash(state) {
  const data = { v: 1, lesson: state.lesson };
  if (state.preset) data.preset = state.preset;
  return '#' + encodeURIComponent(JSON.stringify(data));
}

/** {ok: true, lesson, preset} | {ok: false, empty} | {ok: false, message} */
export function decodeHash(hash) {
  const text = (hash ?? '').replace(/^#/, '');
  if (!text) return { ok: false, empty: true };
  try {
    const data = JSON.parse(decodeURIComponent(text));
    if (!data || typeof data !== 'object' || !data.lesson || typeof data.lesson !== 'object' || Array.isArray(data.lesson)) {
      return { ok: false, message: 'the link does not contain a lesson' };
    }
    return { ok: true, lesson: data.lesson, preset: typeof data.preset === 'string' ? data.preset : null };
  } catch (err) {
    return { ok: false, message: 'the link could not be read' };
  }
}
