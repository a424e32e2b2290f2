// A student's progress, per exercise set and seed, in localStorage: it must survive a reload and a crash,
// so every change is written at once. Storage can be missing or full (private mode, quotas): then the
// page keeps working from memory and says so.
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
const memory = new Map();

export const persistent = store !== null;

function read(key) {
  const text = store ? store.getItem(key) : memory.get(key);
  if (text == null) return null;
  try { return JSON.parse(text); } catch { return null; }
}
function write(key, value) {
  const text = JSON.stringify(value);
  try {
    if (store) store.setItem(key, text);
    else memory.set(key, text);
    return true;
  } catch {
    memory.set(key, text);
    return false;
  }
}

/** This browser's own seed: drawn once, then kept. */
export function browserSeed() {
  const saved = Number(store?.getItem(SEED_KEY) ?? memory.get(SEED_KEY));
  if (Number.isInteger(saved) && saved >= 0 && saved <= 0xffffffff) return saved;
  const seed = 1 + Math.floor(Math.random() * 99998); // short enough to read out to an instructor
  try { store?.setItem(SEED_KEY, String(seed)); } catch { /* memory only */ }
  memory.set(SEED_KEY, String(seed));
  return seed;
}

const key = (setId, seed) => `${PREFIX}progress:${setId}:${seed}`;

/** {exercises: {id: {answer, raw, attempts, correct, tried: [text], solution, revealed}}} */
export function loadProgress(setId, seed) {
  const p = read(key(setId, seed));
  return p && typeof p === 'object' && p.exercises && typeof p.exercises === 'object' ? p : { exercises: {} };
}

export function saveProgress(setId, seed, progress) {
  return write(key(setId, seed), { ...progress, saved: new Date().toISOString() });
}

export function clearProgress(setId, seed) {
  try { store?.removeItem(key(setId, seed)); } catch { /* ignore */ }
  memory.delete(key(setId, seed));
}
