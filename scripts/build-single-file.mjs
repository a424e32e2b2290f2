// dist/attention-lab.html: the whole page in one file that works when double-clicked (file://, no network).
// From file:// a browser runs neither ES modules nor fetch, so the page is bundled as one classic script (IIFE),
// the engine is the classic -sSINGLE_FILE build (wasm inlined as base64; build-wasm/wasm/attnlab_engine_single.js),
// and the styles and icon are inlined. Run after the wasm build: node scripts/build-single-file.mjs
import { build } from 'vite';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildInfo } from './version.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = `${root}web/`;
const engineScript = readFileSync(`${root}build-wasm/wasm/attnlab_engine_single.js`, 'utf8');
const shim = `${root}web/single-file-engine.js`;
const version = buildInfo().full; // in the footer, the exports and the snippets, as in the served pages

const result = await build({
  configFile: false, root: web, logLevel: 'warn', publicDir: false,
  // The ES module import of the engine becomes the global the classic engine script defines.
  // It has no separate worker file either: big lessons are computed on the main thread there.
  resolve: { alias: [{ find: /^.*\/build-wasm\/wasm\/attnlab_engine\.mjs$/, replacement: shim },
    { find: /^\.\/off-thread\.js$/, replacement: `${web}single-file-off-thread.js` }] },
  define: { __ATTENTION_LAB_VERSION__: JSON.stringify(version) },
  build: { write: false, target: 'es2022', minify: true, lib: { entry: `${web}main.js`, formats: ['iife'], name: 'AttentionLabPage', fileName: () => 'page.js' } },
});
const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
const page = outputs.find((o) => o.type === 'chunk' && o.isEntry).code;

const icon = `data:image/svg+xml;base64,${readFileSync(`${web}public/favicon.svg`).toString('base64')}`;
const css = readFileSync(`${web}style.css`, 'utf8');
const inline = (js) => js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
// A served page's Content-Security-Policy would block this file's inline scripts and styles: it is dropped here
// (a file opened from disk has no server to protect).
const html = readFileSync(`${web}index.html`, 'utf8')
  .replaceAll('%ATTENTION_LAB_VERSION%', version)
  .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\n?/i, '')
  .replace(/<link rel="icon"[^>]*>/, `<link rel="icon" href="${icon}" type="image/svg+xml">`)
  .replace(/<link rel="stylesheet"[^>]*>/, () => `<style>\n${css}</style>`)
  .replace(/<script type="module"[^>]*><\/script>/, () => `<script>\n${inline(engineScript)}\n</script>\n<script>\n${inline(page.replaceAll('./favicon.svg', icon))}\n</script>`);
mkdirSync(`${root}dist`, { recursive: true });
writeFileSync(`${root}dist/attention-lab.html`, html);
console.log(`dist/attention-lab.html: ${(html.length / 1024).toFixed(0)} KiB`);
