// Where the shown lesson came from, said honestly: a preset as it is, or "your lesson (from …)" once the seed,
// the sentence, a size or a number has changed — the preset's title and note then describe numbers no longer shown.
// Derived from the state (the lesson and the preset it started from); never stored.

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const tokensOf = (l) => l.tokens ?? l.sentence ?? null;
const shapes = (l) => (l.init?.draws ?? []).map((d) => [d.name, d.shape]);
const INPUT_NAMES = ['X', 'E', 'W_Q', 'W_K', 'W_V', 'W_O'];

let last = { lesson: null, preset: null, value: null };

/**
 * null when the lesson is the preset (or there is none); else {parts: [{kind: 'seedFromTo', from: 20, to: 21}, …]}:
 * what changed, by kind, for the page to say in its language (walkthrough.departed.change.<kind>).
 * Remembered for the last lesson: lessons are never changed in place, so an unchanged one is the same object.
 */
export function departureFrom(preset, lesson) {
  if (!preset) return null;
  if (last.lesson === lesson && last.preset === preset) return last.value;
  const p = preset.lesson;
  // cheap differences first: a lesson resized to hundreds of rows is not compared number by number
  const parts = [];
  const change = (kind, from, to) => { parts.push({ kind, from, to }); };
  const seedOf = (l) => l.init?.seed;
  if (seedOf(p) !== seedOf(lesson)) {
    if (seedOf(p) !== undefined && seedOf(lesson) !== undefined) change('seedFromTo', seedOf(p), seedOf(lesson));
    else change('seed');
  }
  if (!same(tokensOf(p), tokensOf(lesson))) change('sentence');
  if ((p.heads ?? 1) !== (lesson.heads ?? 1)) change('heads', p.heads ?? 1, lesson.heads ?? 1);
  const sized = INPUT_NAMES.some((k) => Array.isArray(p[k]) && Array.isArray(lesson[k]) && (p[k].length !== lesson[k].length || p[k][0]?.length !== lesson[k][0]?.length));
  if ((sized || !same(shapes(p), shapes(lesson))) && !parts.length) change('size');
  if (!parts.length && INPUT_NAMES.some((k) => !same(p[k], lesson[k]))) change('numbers');
  if (!same(p.mask, lesson.mask) || !same(p.scale, lesson.scale) || !same(p.score, lesson.score)) change('maskOrScale');
  // (title and note are words about the numbers: a link made before a preset's wording changed is still the preset)
  const numbersOf = ({ title, note, ...rest }) => rest;
  if (!parts.length && !same(numbersOf(p), numbersOf(lesson))) change('lesson');
  const value = parts.length ? { parts } : null;
  last = { lesson, preset, value };
  return value;
}
