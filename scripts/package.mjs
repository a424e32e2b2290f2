#!/usr/bin/env node
// npm run package -- --set NAME|FILE.json --format scorm12|scorm2004|cmi5 [--seed N] [--pass 0.8] [--lang de] [--out FILE.zip]
// An LMS package of one exercise set, made from the built exercises page (dist/, `npm run build`) by the same module
// as the page's "Download for your LMS" control (web/lms/package.js). NAME is a built-in set (web/exercises/sets/);
// the set is checked by the engine first. Without --seed each learner's seed comes from their LMS id (README).
// --lang (en, es, zh-Hans, de, fr, pt-BR, ar) makes the package's pages open in that language; without it each learner's
// browser (or own choice) decides.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../wasm/engine.js';
import { buildInfo } from './version.mjs';
import { FILE_LIST, FORMATS, makePackage, problemWith } from '../web/lms/package.js';
import { customSetId } from '../web/lms/ids.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USAGE = 'usage: npm run package -- --set NAME|FILE.json --format scorm12|scorm2004|cmi5 [--seed N] [--pass 0.8] [--lang en|es|zh-Hans|de|fr|pt-BR|ar] [--out FILE.zip]';

function fail(message, code = 1) {
  console.error(`package: ${message}`);
  if (code === 2) console.error(USAGE);
  process.exit(code);
}

function parse(args) {
  const known = new Set(['--set', '--format', '--seed', '--pass', '--lang', '--out']);
  const o = {};
  for (let k = 0; k < args.length; k += 2) {
    if (!known.has(args[k])) fail(`unknown option “${args[k]}”`, 2);
    if (args[k + 1] === undefined) fail(`${args[k]} needs a value`, 2);
    o[args[k].slice(2)] = args[k + 1];
  }
  if (!o.set || !o.format) fail('--set and --format are required', 2);
  if (!FORMATS.includes(o.format)) fail(`--format must be one of ${FORMATS.join(', ')}`, 2);
  if (o.seed !== undefined && !/^\d{1,10}$/.test(o.seed)) fail('--seed must be a whole number from 0 to 4294967295 in decimal digits', 2);
  if (o.pass !== undefined && !/^(0(\.\d+)?|1(\.0*)?|\.\d+)$/.test(o.pass)) fail('--pass must be a number above 0 and at most 1, like 0.8', 2);
  return o;
}

const o = parse(process.argv.slice(2));
const builtin = join(ROOT, 'web/exercises/sets', `${o.set}.json`);
const isName = /^[A-Za-z0-9_-]+$/.test(o.set) && existsSync(builtin);
const setPath = isName ? builtin : resolve(o.set);
if (!existsSync(setPath)) fail(`there is no built-in set “${o.set}” and no such file`);
const text = readFileSync(setPath, 'utf8').replace(/^\uFEFF/, '');

const wasm = join(ROOT, 'build-wasm/wasm/attnlab_engine.wasm');
if (!existsSync(wasm)) fail('the engine is not built (run npm run build)');
const engine = await loadEngine({ wasmBinary: readFileSync(wasm) });
const checked = engine.exercises(text, 0);
if (!checked.ok) fail(`${o.set} is not a usable exercise set:\n${checked.problems.map((p) => `  ${p.field}: ${p.message}`).join('\n')}`);

const dist = join(ROOT, 'dist');
if (!existsSync(join(dist, FILE_LIST))) fail('the page is not built (run npm run build)');
const { files } = JSON.parse(readFileSync(join(dist, FILE_LIST), 'utf8'));
const pageFiles = new Map(files.map((f) => [f, new Uint8Array(readFileSync(join(dist, f)))]));

const seed = o.seed === undefined ? null : Number(o.seed);
const pass = o.pass === undefined ? 0.8 : Number(o.pass);
const lang = o.lang ?? null; // the package's pages open in this language (without it: each learner's own)
const problem = problemWith({ format: o.format, seed, pass, lang });
if (problem) fail(problem, 2);
const { CSP } = await import('../web/vite.config.js');
const info = buildInfo();
const set = { id: isName ? o.set : customSetId(text), title: checked.value.title || basename(setPath, '.json'), text };
const zip = makePackage({
  format: o.format, set, seed, pass, lang, pageFiles, csp: CSP, version: info.full,
  mtime: new Date(Math.floor(Math.max(info.epoch, 315532800) / 2) * 2000), // as the release dates its entries
});
const out = resolve(o.out ?? `${set.id}-${o.format}.zip`);
writeFileSync(out, zip);
console.log(`${out}: ${o.format} package of “${set.title}” (${files.length + 2} files, ${(zip.length / 1024).toFixed(0)} KiB, ${seed === null ? 'each learner’s seed from their LMS id' : `seed ${seed}`}, pass mark ${pass}${lang ? `, in ${lang}` : ''})`);
