// The page lives in web/ and builds into dist/: relative URLs, so dist/ works from any folder of any host.
import { defineConfig } from 'vite';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildInfo } from '../scripts/version.mjs';
import { exercisePageFiles, FILE_LIST } from './lms/package.js';
import { serviceWorkerPlugin } from '../scripts/precache.mjs';
import { OWN, localeParts } from '../scripts/locale-parts.mjs';
import { firstAnswersPlugin } from '../scripts/first-answers.mjs';
import { inlineFavicon } from '../scripts/favicon.mjs';

// Strict Content-Security-Policy for every built page: no inline script, no eval (the engine is built with
// -sDYNAMIC_EXECUTION=0; wasm compilation needs 'wasm-unsafe-eval'), no inline <style> or style="" markup
// (styles set from JS through element.style are not covered by style-src). Build only: the dev server
// injects inline styles, and the offline single file (scripts/build-single-file.mjs) inlines everything.
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
  "img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'none'";
const strictCsp = {
  name: 'attention-lab-csp', apply: 'build',
  transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: CSP }, injectTo: 'head-prepend' }],
};

// The page's engine wasm is fetched from the first moment the page is read, beside the scripts, instead of when the
// script that needs it has run (the same request: a fetch with credentials "same-origin"). Each page preloads the
// module its own scripts import (the walkthrough's, the exercises' or the labs'), none of the others.
function wasmOfPage(bundle, entry) {
  const found = new Set(), seen = new Set();
  const visit = (chunk) => {
    if (!chunk || seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) if (asset.endsWith('.wasm')) found.add(asset);
    for (const name of chunk.imports ?? []) visit(bundle[name]);
  };
  visit(entry);
  return [...found];
}
const preloadEngine = {
  name: 'attention-lab-preload-engine', apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, ctx) => (ctx.bundle && ctx.chunk ? wasmOfPage(ctx.bundle, ctx.chunk) : []).map((file) => (
      { tag: 'link', attrs: { rel: 'preload', href: `./${file}`, as: 'fetch', type: 'application/wasm', crossorigin: '' }, injectTo: 'head' })),
  },
};

// The page's words in English, the language its HTML is written in, are fetched from the first moment the page is
// read, beside the scripts: the page asks for its language only once its scripts have run, and that request was a
// round trip on the way to the first lesson (about 20 ms of 260 on this machine, 150 ms more on a school's Wi-Fi). A
// reader of another language fetches their own as before, and these 15 KB as well. Each page preloads the parts of the
// message files it asks for (web/i18n/i18n.js, scripts/locale-parts.mjs).
const PRELOADED_LANGUAGE = 'en';
const partsOfPage = (html) => ['shared', ...OWN.filter((page) => html.endsWith(`/${page}.html`))];
const preloadWords = {
  name: 'attention-lab-preload-words', apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, ctx) => {
      if (!ctx.bundle) return [];
      const wanted = partsOfPage(ctx.filename).map((part) => `/i18n/locales/${PRELOADED_LANGUAGE}.json?part=${part}`);
      return Object.values(ctx.bundle).filter((c) => c.type === 'chunk' && wanted.some((w) => c.facadeModuleId?.endsWith(w)))
        .map((c) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: `./${c.fileName}` }, injectTo: 'head' }));
    },
  },
};

// The version (package.json's, plus the commit): in each page's footer (%ATTENTION_LAB_VERSION% in the HTML) and,
// through web/version.js, in exported files and embed snippets.
export const VERSION = buildInfo().full;
// The files of public/ (the demo pages, the <attention-lab> script) are copied as they are: filled in once written.
const PUBLIC_WITH_VERSION = ['attention-lab.js', 'course-demo.html', 'exercise-host-demo.html'];
const versionInHtml = {
  name: 'attention-lab-version',
  transformIndexHtml: { order: 'pre', handler: (html) => html.replaceAll('%ATTENTION_LAB_VERSION%', VERSION) },
  writeBundle: {
    order: 'post',
    handler({ dir }) {
      for (const name of PUBLIC_WITH_VERSION) {
        const file = `${dir}/${name}`;
        writeFileSync(file, readFileSync(file, 'utf8').replaceAll('%ATTENTION_LAB_VERSION%', VERSION));
      }
    },
  },
};

// The files of the exercises page, listed once built (dist/lms-files.json): what an LMS package of a set holds
// (web/lms/package.js), read by the page's "Download for your LMS" and by `npm run package`.
const lmsFileList = {
  name: 'attention-lab-lms-files', apply: 'build',
  writeBundle: {
    order: 'post',
    handler({ dir }) {
      const site = new Map();
      const walk = (folder, prefix) => {
        for (const e of readdirSync(folder, { withFileTypes: true })) {
          if (e.isDirectory()) walk(`${folder}/${e.name}`, `${prefix}${e.name}/`);
          else if (e.name !== FILE_LIST) site.set(prefix + e.name, readFileSync(`${folder}/${e.name}`));
        }
      };
      walk(dir, '');
      writeFileSync(`${dir}/${FILE_LIST}`, JSON.stringify({ files: exercisePageFiles(site) }, null, 1) + '\n');
    },
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  // sw.js: offline after one visit
  plugins: [localeParts, firstAnswersPlugin, versionInHtml, inlineFavicon, strictCsp, preloadEngine, preloadWords, lmsFileList, serviceWorkerPlugin(VERSION)],
  define: { __ATTENTION_LAB_VERSION__: JSON.stringify(VERSION), __ATTENTION_LAB_CSP__: JSON.stringify(CSP) },
  build: {
    outDir: '../dist', emptyOutDir: true, target: 'es2022',
    modulePreload: { polyfill: false }, // every browser that runs the page preloads modules itself
    // Two pages: the walkthrough and the labs ("Beyond the pipeline").
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        labs: fileURLToPath(new URL('./labs.html', import.meta.url)),
        exercises: fileURLToPath(new URL('./exercises.html', import.meta.url)),
      },
    },
  },
});
