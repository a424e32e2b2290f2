// The results code: what a student without an LMS pastes into any quiz or assignment box. It holds the set, the
// seed and the last answer to each item — never a score: the grader (`attnlab grade`, core/grade.cpp, and the
// page's "Grade results codes", which runs the same engine code) regenerates the sheet from set and seed and
// judges every answer itself, so a forged code can only claim answers the student then had to compute.
// Form: "AL1-" + base64url(deflate-raw(JSON) + FNV-1a-32 of those bytes, big-endian); the checksum catches a
// code cut short or mistyped. core/results_code.cpp reads it.
import { deflateSync } from 'fflate';
import { encodeBytes } from '../lib/base64url.js';

export const CODE_PREFIX = 'AL1-';

function fnv1aBytes(bytes) {
  let h = 0x811c9dc5;
  for (const b of bytes) { h ^= b; h = Math.imul(h, 0x01000193) >>> 0; }
  return h >>> 0;
}

/** The code of a sheet's answers. sheet: the engine's generated sheet; progress: the page's records. */
export function encodeResultsCode({ setId, seed, sheet, progress }) {
  const answers = {};
  for (const ex of sheet.exercises) {
    const answer = progress.exercises[ex.id]?.answer;
    if (answer) answers[ex.id] = answer;
  }
  const packed = deflateSync(new TextEncoder().encode(JSON.stringify({ v: 1, set: setId, seed, answers })), { level: 9 });
  const sum = fnv1aBytes(packed);
  const bytes = new Uint8Array(packed.length + 4);
  bytes.set(packed);
  new DataView(bytes.buffer).setUint32(packed.length, sum);
  return CODE_PREFIX + encodeBytes(bytes);
}
