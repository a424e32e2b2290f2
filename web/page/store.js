// The page's one state, with a declared schema: what is not in SCHEMA cannot be stored. The trace and everything
// else derived from the lesson are never state; nothing is read back from the DOM.
//
//   lesson      the engine's input (core/lesson-format.md)
//   preset      the built-in lesson it came from, or null
//   step        the step in view, or null
//   selection   {matrix, head, row, col} the inspector explains, or null
//   reveal      the causal decoding step (1…n), or null for all rows
//   hidden      step ids an instructor hid
//   locked      inputs an instructor locked
//   note        the instructor's note
//   notice      what the page tells the student (a link it could not open, a crash it recovered from, …)
//   busy        multiply-adds of a lesson being computed in the background, or 0
//   problems    the engine's problems with the last rejected edit, shown next to their input
//   presenting  presentation mode (one step per screen, for a projector): this screen's, not the link's
//   presentExplain  in presentation mode, the step's explanation is shown (collapsed by default, so the heatmap fits)
export const SCHEMA = {
  lesson: null, preset: null, step: null, selection: null, reveal: null,
  hidden: [], locked: [], note: '',
  notice: '', busy: 0, problems: [], presenting: false, presentExplain: false,
};
/** The keys a link carries (the view and the lesson); notice, busy and problems belong to this page load. */
export const LINKED = ['lesson', 'preset', 'step', 'selection', 'reveal', 'hidden', 'locked', 'note'];

export function createStore(initial) {
  const check = (patch) => {
    for (const key of Object.keys(patch)) if (!(key in SCHEMA)) throw new Error(`the page state has no "${key}"`);
    return patch;
  };
  let state = { ...SCHEMA, ...check(initial) };
  const listeners = [];
  return {
    get: () => state,
    /** One change = one new state object; listeners hear of it at once. A patch that changes nothing is no change
     *  (no new state, no render): states are never mutated in place, so an equal reference is the same value. */
    set(patch) {
      if (Object.keys(check(patch)).every((key) => Object.is(state[key], patch[key]))) return;
      state = { ...state, ...patch };
      for (const f of listeners) f(state);
    },
    subscribe(f) { listeners.push(f); },
  };
}
