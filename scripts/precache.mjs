// The service worker of a build (dist/sw.js, from web/offline/sw.js): the list of files it caches for offline use
// and the SHA-256 digest of each, and the build's id, a digest of that list. Same files, same sw.js, byte for byte
// (the release zip stays reproducible); any changed file gives a new id, so browsers install the new build.
//
// Cached: the app pages (every HTML file at the root that loads the bundle from assets/: the walkthrough, the
// exercises, the labs), all of assets/ (scripts, styles, the engine's wasm, its worker), whatever else the pages'
// markup loads (the icon, the web app manifest) and the manifest's icons. Not cached: the offline single file (it
// is its own offline copy), the demo pages and the <attention-lab> script (they run on other sites), sw.js itself.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('../web/offline/sw.js', import.meta.url));
const BUILD_MARKER = /\/\* build \*\/[\s\S]*?\/\* \/build \*\//;

function listFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`]);
}

/** The paths (relative to `dir`, sorted) that the service worker caches. */
export function precachedFiles(dir) {
  const files = listFiles(dir);
  const read = (f) => readFileSync(join(dir, f), 'utf8');
  const pages = files.filter((f) => /^[^/]+\.html$/.test(f) && /\bsrc="\.\/assets\//.test(read(f)));
  // what the pages load by their markup (scripts, style sheets, icons, the manifest), and the manifest's icons
  const loaded = new Set(pages.flatMap((p) => [...read(p).matchAll(/<(?:script|link|img)\b[^>]*\b(?:src|href)="\.\/([^"?#]+)"/g)].map((m) => m[1])));
  if (loaded.has('manifest.webmanifest')) {
    const manifest = JSON.parse(read('manifest.webmanifest'));
    for (const icon of [...(manifest.icons ?? []), ...(manifest.shortcuts ?? []).flatMap((s) => s.icons ?? [])]) loaded.add(icon.src.replace(/^\.\//, ''));
  }
  return files.filter((f) => pages.includes(f) || f.startsWith('assets/') || loaded.has(f)).sort();
}

/** Writes `dir`/sw.js for the files now in `dir`; returns {id, version, files: {path: digest}}. */
export function writeServiceWorker(dir, version) {
  const files = {};
  for (const f of precachedFiles(dir)) files[f] = createHash('sha256').update(readFileSync(join(dir, f))).digest('base64');
  const id = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16);
  const build = { id, version, files };
  const source = readFileSync(TEMPLATE, 'utf8');
  if (!BUILD_MARKER.test(source)) throw new Error('web/offline/sw.js has lost its /* build */ … /* /build */ marker');
  writeFileSync(join(dir, 'sw.js'), source.replace(BUILD_MARKER, () => JSON.stringify(build)));
  return build;
}

/** Vite plugin: writes sw.js once every other file of the build is in place. */
export function serviceWorkerPlugin(version) {
  let outDir;
  return {
    name: 'attention-lab-service-worker', apply: 'build',
    configResolved(config) { outDir = resolve(config.root, config.build.outDir); },
    closeBundle: { order: 'post', sequential: true, handler() { writeServiceWorker(outDir, version); } },
  };
}
