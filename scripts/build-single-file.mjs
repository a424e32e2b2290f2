// dist/attention-lab.html: the whole page in one file that works when double-clicked (file://, no network).
// From file:// a browser runs neither ES modules nor fetch, so the page is bundled as one classic script (IIFE),
// the engine is the classic -sSINGLE_FILE build (wasm inlined as base64; build-wasm/wasm/attnlab_engine_single.js),
// and the styles and icon are inlined. Run after the wasm build: node scripts/build-single-file.mjs
import { build } from 'vite';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { buildInfo } from './version.mjs';
import { localeParts } from './locale-parts.mjs';
import { firstAnswersPlugin } from './first-answers.mjs';
import { withFaviconInside } from './favicon.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = `${root}web/`;
const engineScript = readFileSync(`${root}build-wasm/wasm/attnlab_engine_single.js`, 'utf8');
const shim = `${root}web/single-file-engine.js`;
const version = buildInfo().full; // in the footer, the exports and the snippets, as in the served pages

const result = await build({
  configFile: false, root: web, logLevel: 'warn', publicDir: false, plugins: [localeParts, firstAnswersPlugin],
  // The ES module import of the engine becomes the global the classic engine script defines.
  // It has no separate worker file either: big lessons are computed on the main thread there.
  resolve: { alias: [{ find: /^.*\/build-wasm\/wasm\/attnlab_(engine|walkthrough)\.mjs$/, replacement: shim },
    { find: /^\.\/off-thread\.js$/, replacement: `${web}single-file-off-thread.js` }] },
  define: { __ATTENTION_LAB_VERSION__: JSON.stringify(version), __ATTENTION_LAB_SINGLE_FILE__: 'true' },
  build: { write: false, target: 'es2022', minify: true, lib: { entry: `${web}main.js`, formats: ['iife'], name: 'AttentionLabPage', fileName: () => 'page.js' } },
});
const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
const page = outputs.find((o) => o.type === 'chunk' && o.isEntry).code;

const indexHtml = readFileSync(`${web}index.html`, 'utf8');
// A style sheet with the sheets it imports written in place (a file:// page fetches nothing), paths from its folder.
const inlined = (path) => readFileSync(`${web}${path}`, 'utf8')
  .replace(/@import url\('\.\/([^']+)'\);\n?/g, (_, rel) => inlined(`${path.replace(/[^/]*$/, '')}${rel}`));
// every style sheet the page links (its own, the print sheet), in order, as one inline style
const css = [...indexHtml.matchAll(/<link rel="stylesheet" href="\.\/([^"]+)">/g)].map((m) => inlined(m[1])).join('\n');
if (css.includes('@import')) throw new Error('a style sheet of web/index.html imports one this build does not inline');
const inline = (js) => js.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
// The served pages' policy allows scripts from 'self' only; this file's scripts and style are inline, so its own
// policy allows exactly them by their SHA-256 hashes, and no network at all (connect-src data: only: the inlined
// engine reads its wasm from a data: URL).
const engineJs = `\n${inline(engineScript)}\n`;
const pageJs = `\n${inline(page)}\n`;
const styleCss = `\n${css}`;
const sha = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const singleFileCsp = `default-src 'none'; script-src ${sha(engineJs)} ${sha(pageJs)} 'wasm-unsafe-eval'; ` +
  `style-src ${sha(styleCss)}; img-src data: blob:; connect-src data:; object-src 'none'; base-uri 'none'; form-action 'none'`;
const html = withFaviconInside(indexHtml, 'web/index.html')
  .replaceAll('%ATTENTION_LAB_VERSION%', version)
  // the served pages' web app manifest and service worker (web/offline/): nothing to install from a file
  .replace(/^.*\sdata-served-only[\s>].*\n/gm, '')
  .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\n?/i, '')
  .replace(/<meta charset="utf-8">\n?/i, (m) => `${m}<meta http-equiv="Content-Security-Policy" content="${singleFileCsp}">\n`)
  .replace(/<link rel="stylesheet"[^>]*>/, () => `<style>${styleCss}</style>`)
  .replace(/\n?<link rel="stylesheet"[^>]*>/g, '')
  .replace(/<script type="module"[^>]*><\/script>/, () => `<script>${engineJs}</script>\n<script>${pageJs}</script>`)
  .replace(/\n?<script src="\.\/file-check\.js"[^>]*><\/script>/, ''); // (the served pages' note for file://: this file runs there)
if (!html.includes(singleFileCsp)) throw new Error('web/index.html has no <meta charset="utf-8"> to put the policy after');
mkdirSync(`${root}dist`, { recursive: true });
writeFileSync(`${root}dist/attention-lab.html`, html);
console.log(`dist/attention-lab.html: ${(html.length / 1024).toFixed(0)} KiB`);
