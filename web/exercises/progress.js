// A student's progress, per exercise set and seed, in localStorage: it must survive a reload and a crash,
// so every change is written at once. Storage can be missing at start-up (private mode, disabled) or fail
// later (full): what could not be written is kept in memory, read back before storage, and written again
// with the next change; the page says so once (storageTrouble()).
// Exercise ids are keys: `__proto__`, `constructor`, … must be ordinary ids, so the per-exercise records
// live in objects without a prototype.
const PREFIX = 'attention-lab:exercises:';
const SEED_KEY = PREFIX + 'seed';

function storage() {
  try {
    const s = window.localStorage;
    const probe = PREFIX + 'probe';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}
const store = storage();
const memory = new Map(); // what is not (yet) in storage: everything without storage, failed writes with it
let writeFailed = false;

export const persistent = store !== null;
/** True once a write to storage has failed in this tab (answers are then kept in memory and retried). */
export const storageTrouble = () => writeFailed;

function read(key) {
  let text = memory.get(key);
  if (text === undefined && store) {
    try { text = store.getItem(key); } catch { text = null; }
  }
  if (text == null) return null;
  try { return JSON.parse(text); } catch { return null; }
}
function write(key, value) {
  const text = JSON.stringify(value);
  memory.set(key, text); // first in memory: nothing is lost whatever storage does
  if (!store) return false;
  try {
    store.setItem(key, text);
    memory.delete(key);
    return true;
  } catch {
    writeFailed = true;
    return false;
  }
}

/** A copy of `records` without a prototype: any id, `__proto__` included, is an ordinary key. */
export function recordsOf(records) {
  const out = Object.create(null);
  if (records && typeof records === 'object' && !Array.isArray(records))
    for (const id of Object.keys(records)) out[id] = records[id];
  return out;
}

/** This browser's own seed: drawn once, then kept. */
export function browserSeed() {
  const saved = Number(memory.get(SEED_KEY) ?? (() => { try { return store?.getItem(SEED_KEY); } catch { return null; } })());
  if (Number.isInteger(saved) && saved >= 0 && saved <= 0xffffffff) return saved;
  const seed = 1 + Math.floor(Math.random() * 99998); // short enough to read out to an instructor
  try { store?.setItem(SEED_KEY, String(seed)); } catch { /* memory only */ }
  memory.set(SEED_KEY, String(seed));
  return seed;
}

const key = (setId, seed) => `${PREFIX}progress:${setId}:${seed}`;

/** {exercises: {id: {answer, raw, attempts, correct, tried: [text], solution, revealed}}} (exercises has no prototype) */
export function loadProgress(setId, seed) {
  const p = read(key(setId, seed));
  return { exercises: recordsOf(p && typeof p === 'object' ? p.exercises : null) };
}

/** False when storage did not take it (it is kept in memory and written with the next change). */
export function saveProgress(setId, seed, progress) {
  return write(key(setId, seed), { exercises: progress.exercises, saved: new Date().toISOString() });
}

export function clearProgress(setId, seed) {
  try { store?.removeItem(key(setId, seed)); } catch { /* ignore */ }
  memory.delete(key(setId, seed));
}
