#!/usr/bin/env node
// `attnlab` on the wasm engine under Node: same commands, same output, same exit codes as build/bin/attnlab.
// attnlab(args, input) runs it in-process (the tests call it so); run as a program, it reads the real stdin.
import { closeSync, fstatSync, openSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEngine } from '../wasm/engine.js';

const wasmPath = fileURLToPath(new URL('../build-wasm/wasm/attnlab_engine.wasm', import.meta.url));
const MAX_BYTES = 32 * 1024 * 1024; // core/limits.hpp max_json_bytes
let engine = null;

// The input's bytes, as core/cli/attnlab.cpp reads them (same checks, same words): only regular files, pipes and
// standard input, never past the cap. The bytes go to the engine as they are, so it is the one to say "not UTF-8".
function readInput(path) {
  let fd, st;
  try {
    if (path !== '-') { // the kind first, from the name: a FIFO is then opened as `cat` would (waiting for a writer)
      st = statSync(path);
      const kind = st.isDirectory() ? 'a directory' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : st.isSocket() ? 'a socket' : null;
      if (kind) return { why: `${path} is ${kind}, not a file` };
    }
    fd = path === '-' ? 0 : openSync(path, 'r');
    st = fstatSync(fd);
  } catch {
    return { why: `cannot read ${path}` };
  }
  const close = () => { if (path !== '-') closeSync(fd); };
  const tooLarge = `${path} is larger than 32 MiB, the most a lesson or exercise set may be`;
  if (st.isFile() && st.size > MAX_BYTES) { close(); return { why: tooLarge }; }
  const chunks = [];
  let total = 0;
  const chunk = Buffer.alloc(1 << 16);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    let got;
    try {
      got = readSync(fd, chunk, 0, chunk.length, null);
    } catch (e) {
      if (e.code === 'EAGAIN') { Atomics.wait(pause, 0, 0, 5); continue; } // a pipe with nothing in it yet
      if (e.code === 'EOF') break;
      close();
      return { why: `cannot read ${path}` };
    }
    if (got === 0) break;
    if (total + got > MAX_BYTES) { close(); return { why: tooLarge }; } // stop at the cap: the rest is never read
    chunks.push(Buffer.from(chunk.subarray(0, got)));
    total += got;
  }
  close();
  return { bytes: new Uint8Array(Buffer.concat(chunks, total)) };
}

/** One run: the words after `attnlab`, and standard input (text or bytes; by default the real one) → {code, out, err}. */
export async function attnlab(args, input) {
  engine ??= await loadEngine({ wasmBinary: readFileSync(wasmPath) });
  const [command, path, ...options] = args;
  if (command === undefined || path === undefined) {
    const { err } = engine.command('help', '', '');
    return { code: 2, out: '', err: err.slice(err.indexOf('usage:')) };
  }
  const read = path === '-' && input !== undefined ? { bytes: input } : readInput(path);
  if (read.why) return { code: 1, out: '', err: `attnlab: ${read.why}\n` };
  // grade --set SET.json: the set's bytes travel as "--set-json BASE64URL", as core/cli/attnlab.cpp passes them
  if (command === 'grade') {
    for (let k = 0; k + 1 < options.length; k += 2) {
      if (options[k] !== '--set') continue;
      const set = readInput(options[k + 1]);
      if (set.why) return { code: 1, out: '', err: `attnlab: ${set.why}\n` };
      options[k] = '--set-json';
      options[k + 1] = Buffer.from(set.bytes).toString('base64url');
    }
  }
  const { exitCode, out, err } = engine.command(command, read.bytes, path, options);
  return { code: exitCode, out, err };
}

const isMain = process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { code, out, err } = await attnlab(process.argv.slice(2));
  process.stdout.write(out);
  process.stderr.write(err);
  process.exitCode = code;
}
