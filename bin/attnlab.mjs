#!/usr/bin/env node
// `attnlab` on the wasm engine under Node: same commands, same output, same exit codes as build/bin/attnlab.
// attnlab(args, input) runs it in-process (the tests call it so); run as a program, it reads the real stdin.
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../wasm/engine.js';

const wasmPath = fileURLToPath(new URL('../build-wasm/wasm/attnlab_engine.wasm', import.meta.url));
let engine = null;

/** One run: the words after `attnlab`, and standard input (text, or a function reading it) → {code, out, err}. */
export async function attnlab(args, input = () => readFileSync(0, 'utf8')) {
  engine ??= await loadEngine({ wasmBinary: readFileSync(wasmPath) });
  const [command, path, ...options] = args;
  if (command === undefined || path === undefined) {
    const { err } = engine.command('help', '', '');
    return { code: 2, out: '', err: err.slice(err.indexOf('usage:')) };
  }
  let text;
  try {
    text = path !== '-' ? readFileSync(path, 'utf8') : typeof input === 'function' ? input() : input ?? '';
  } catch {
    return { code: 1, out: '', err: `attnlab: cannot read ${path}\n` };
  }
  const { exitCode, out, err } = engine.command(command, text, path, options);
  return { code: exitCode, out, err };
}

const isMain = process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { code, out, err } = await attnlab(process.argv.slice(2));
  process.stdout.write(out);
  process.stderr.write(err);
  process.exitCode = code;
}
