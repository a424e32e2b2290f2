// A copy of the page's state in this browser, for when the link cannot hold it: past share.js's fragment limit
// the address bar keeps the last state that fitted, so a reload would lose the newer edits. The copy is kept per
// tab (an id in sessionStorage, which survives a reload but not a new tab) together with the fragment the address
// bar showed when it was saved; a reload of that same address brings the copy back, while any other link —
// another fragment, or the same link opened in a new tab — opens as it says.
//
// IndexedDB holds the copy (structured clone: megabytes of numbers without a JSON string, no 5 MB quota);
// localStorage is the fallback. Storage that is missing, disabled or full only makes save() answer false.
const DB = 'attention-lab', STORE = 'states', KEEP = 20, MAX_AGE = 30 * 24 * 3600 * 1000;
const LS_PREFIX = 'attention-lab:state:';
const TAB_KEY = 'attention-lab:tab';

/** {id, fresh}: this tab's id (null without sessionStorage), and whether the tab had none before. */
function tabId() {
  try {
    let id = sessionStorage.getItem(TAB_KEY);
    const fresh = !id;
    if (fresh) {
      id = Math.random().toString(36).slice(2) + Date.now().toString(36);
      sessionStorage.setItem(TAB_KEY, id);
    }
    return { id, fresh };
  } catch {
    return { id: null, fresh: false };
  }
}

function reloaded() {
  try { return ['reload', 'back_forward'].includes(performance.getEntriesByType('navigation')[0]?.type); } catch { return false; }
}

const request = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });
const done = (tx) => new Promise((resolve, reject) => { tx.oncomplete = () => resolve(); tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('aborted')); });

function openDb() {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE).createIndex('savedAt', 'savedAt');
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
    r.onblocked = () => reject(new Error('blocked'));
  });
}

const idb = {
  async get(db, key) { return request(db.transaction(STORE).objectStore(STORE).get(key)); },
  async put(db, key, record) { const tx = db.transaction(STORE, 'readwrite'); tx.objectStore(STORE).put(record, key); await done(tx); },
  async remove(db, key) { const tx = db.transaction(STORE, 'readwrite'); tx.objectStore(STORE).delete(key); await done(tx); },
  // Keeps the KEEP newest copies younger than MAX_AGE (one per tab that ever needed one).
  async prune(db) {
    const tx = db.transaction(STORE, 'readwrite');
    const cursor = tx.objectStore(STORE).index('savedAt').openKeyCursor(null, 'prev');
    let seen = 0;
    const old = Date.now() - MAX_AGE;
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return;
      if (++seen > KEEP || c.key < old) tx.objectStore(STORE).delete(c.primaryKey);
      c.continue();
    };
    await done(tx);
  },
};

const local = {
  get(key) { const t = localStorage.getItem(LS_PREFIX + key); return t ? JSON.parse(t) : null; },
  put(key, record) {
    const text = JSON.stringify(record);
    try {
      localStorage.setItem(LS_PREFIX + key, text);
    } catch {
      // full: drop the other tabs' copies, then try once more
      for (const k of Object.keys(localStorage)) if (k.startsWith(LS_PREFIX) && k !== LS_PREFIX + key) localStorage.removeItem(k);
      localStorage.setItem(LS_PREFIX + key, text);
    }
  },
  remove(key) { localStorage.removeItem(LS_PREFIX + key); },
};

/**
 * The copy for one page (scope, e.g. its path). {restore(hash), save(payload, hash), forget(), flush()}:
 * restore → the saved payload when this tab last saved one at this same fragment, else null; save (debounced)
 * and forget → Promise<boolean>, false when storage refused. Nothing here throws.
 */
export function openPersist(scope) {
  const { id: tab, fresh } = tabId();
  // Without sessionStorage there is no tab id: one copy per page, given back only on a reload.
  const key = `${scope}|${tab ?? 'any'}`;
  const backend = (async () => {
    try {
      const db = await openDb();
      idb.prune(db).catch(() => {});
      return { get: (k) => idb.get(db, k), put: (k, r) => idb.put(db, k, r), remove: (k) => idb.remove(db, k) };
    } catch {
      try { localStorage.getItem(LS_PREFIX); return local; } catch { return null; }
    }
  })();

  // One write at a time, in order; a newer save replaces one still waiting (its callers get the newer result).
  let pending = null, timer = null, chain = Promise.resolve(), clean = false;
  const write = () => {
    clearTimeout(timer);
    timer = null;
    const job = pending;
    pending = null;
    if (!job) return chain.then(() => true);
    const result = chain.then(async () => {
      const store = await backend;
      if (!store) return false;
      try {
        if (job.remove) await store.remove(key);
        else await store.put(key, { payload: job.payload, hash: job.hash, savedAt: Date.now() });
        return true;
      } catch {
        return false;
      }
    });
    chain = result;
    job.waiting.forEach((resolve) => resolve(result));
    return result;
  };
  const enqueue = (job, delay) => {
    const waiting = pending?.waiting ?? [];
    pending = { ...job, waiting };
    const promise = new Promise((resolve) => waiting.push(resolve));
    clearTimeout(timer);
    if (delay) timer = setTimeout(write, delay); else write();
    return promise;
  };
  addEventListener('pagehide', () => { write(); });

  return {
    async restore(hash) {
      try {
        // (a tab opened just now has nothing kept: the first lesson need not wait for the database)
        if (fresh || (!tab && !reloaded())) return null;
        const store = await backend;
        if (!store) return null;
        const r = await store.get(key);
        return r && r.hash === hash && r.payload && typeof r.payload === 'object' ? r.payload : null;
      } catch {
        return null;
      }
    },
    /** Keep this payload (plain data) as the state shown while the address bar shows `hash`. */
    save(payload, hash) {
      clean = false;
      return enqueue({ payload, hash }, 250);
    },
    /** The link holds everything again: the copy is dropped. */
    forget() {
      if (clean && !pending) return Promise.resolve(true);
      clean = true;
      return enqueue({ remove: true }, 0);
    },
    /** Writes what is waiting now. */
    flush: () => write(),
  };
}
