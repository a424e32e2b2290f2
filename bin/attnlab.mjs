#!/usr/bin/env node
// `attnlab` on the wasm engine under Node: same commands, same output, same exit codes as build/bin/attnlab.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../wasm/engine.js';

const wasmPath = fileURLToPath(new URL('../build-wasm/wasm/attnlab_engine.wasm', import.meta.url));
const [command, path, ...options] = process.argv.slice(2);
const engine = await loadEngine({ wasmBinary: readFileSync(wasmPath) });

if (command === undefined || path === undefined) {
  const { err } = engine.command('help', '', '');
  process.stderr.write(err.slice(err.indexOf('usage:')));
  process.exit(2);
}
let text;
try {
  text = readFileSync(path === '-' ? 0 : path, 'utf8');
} catch {
  process.stderr.write(`attnlab: cannot read ${path}\n`);
  process.exit(1);
}
const { exitCode, out, err } = engine.command(command, text, path, options);
process.stdout.write(out);
process.stderr.write(err);
process.exitCode = exitCode;
