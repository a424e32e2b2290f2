// Names that must stay the same wherever a result travels: the IRIs of a set and of its exercises (xAPI, cmi5),
// and the seed an LMS learner gets when the package fixes none. An instructor reproduces any learner's sheet
// with `attnlab exercises SET --seed S`, S = learnerSeed(the learner id the LMS shows), so the rule is written
// once here and in the README: FNV-1a (32-bit) over the id's UTF-8 bytes, modulo 100000.
export const SEED_RANGE = 100000;

/** FNV-1a, 32-bit, over the UTF-8 bytes of `text`: an unsigned integer. */
export function fnv1a32(text) {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(String(text))) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The seed of a learner whose LMS id is `learnerId` (a package without a fixed seed). */
export const learnerSeed = (learnerId) => fnv1a32(learnerId) % SEED_RANGE;

// URNs are IRIs that need no domain of ours: set ids and exercise ids are letters, digits, '-' and '_' (the engine
// checks exercise ids; set ids are built-in names or custom-<hex>), so they go in as they are.
const BASE = 'urn:attention-lab:exercises';
export const setIri = (setId) => `${BASE}:${encodeURIComponent(setId)}`;
export const exerciseIri = (setId, exerciseId) => `${setIri(setId)}:${encodeURIComponent(exerciseId)}`;

/** The id of an authored set (what the exercises page keys its progress by): FNV-1a over the text's UTF-16 units. */
export function customSetId(text) {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) { h ^= text.charCodeAt(k); h = Math.imul(h, 0x01000193) >>> 0; }
  return `custom-${h.toString(16).padStart(8, '0')}`;
}
