// The service worker: after one visit, the pages, the engine and everything they load come from a cache of this
// build, so the walkthrough, the exercises and the labs open and compute with the network off.
//
// One build, one cache. The build writes this file with the list of its files and their SHA-256 digests
// (scripts/precache.mjs); a new deploy changes the list, so the browser sees a new worker. The new worker fetches
// every file past the HTTP cache and checks each digest: a file of another build (a deploy half-uploaded, a stale
// proxy) fails the install, and the old build stays in use until a later try finds the new one whole. Installed,
// it waits while a page of the old build is open (the page offers "Reload to update"); on activating, it deletes
// the previous build's cache. So a page never runs files of two builds.
//
// Only GET requests for this build's files, under this worker's scope, are answered from the cache; anything else
// (the demo pages, the offline single file, another site under the same host) goes to the network untouched.

const BUILD = /* build */ { id: 'unbuilt', version: 'unbuilt', files: {} } /* /build */;

const scope = new URL(self.registration.scope);
// Caches are per origin, not per scope: two copies of Attention Lab on one host (two courses) keep theirs apart.
const CACHE_PREFIX = `attention-lab ${scope.pathname} `;
const CACHE = CACHE_PREFIX + BUILD.id;

const base64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(Object.entries(BUILD.files).map(async ([path, digest]) => {
    const url = new URL(path, scope);
    const response = await fetch(url, { cache: 'reload' }); // past the HTTP cache: GitHub Pages keeps files 10 min
    if (!response.ok || response.redirected) throw new Error(`${path}: ${response.status}`);
    const got = base64(await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
    if (got !== digest) throw new Error(`${path} on the server is not this build's file`);
    await cache.put(url, response);
  }));
}

self.addEventListener('install', (event) => {
  // A failed install leaves nothing half-filled behind; the browser tries again on a later visit.
  event.waitUntil(precache().catch(async (err) => {
    await caches.delete(CACHE);
    throw err;
  }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
    }
    // The first visit's pages are served from here at once (their later loads: the engine's worker, the labs).
    await self.clients.claim();
  })());
});

// A page asks for the update the student accepted; every open page of the old build then reloads itself.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'attention-lab:activate-update') self.skipWaiting();
  if (event.data?.type === 'attention-lab:build') event.source?.postMessage({ type: 'attention-lab:build', id: BUILD.id, version: BUILD.version });
});

/** The build's file a request names, or null: the scope's root is its walkthrough; a query or fragment is the page's own. */
function fileOf(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return null;
  let path = url.pathname.slice(scope.pathname.length);
  if (path === '' && request.mode === 'navigate') path = 'index.html';
  return Object.hasOwn(BUILD.files, path) ? path : null;
}

self.addEventListener('fetch', (event) => {
  const path = fileOf(event.request);
  if (path === null) return;
  event.respondWith((async () => {
    const hit = await (await caches.open(CACHE)).match(new URL(path, scope));
    return hit ?? fetch(event.request); // evicted by the browser: the network, as without a worker
  })());
});
