// The two CLIs — native build/bin/attnlab and bin/attnlab.mjs on the wasm engine — print identical traces
// and identical messages, for every fixture and for malformed lessons.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const native = join(root, 'build/bin/attnlab');
const wasm = join(root, 'bin/attnlab.mjs');
const { attnlab } = await import(wasm);
const goldenDir = join(root, 'tests/fixtures/golden');
const scratch = mkdtempSync(join(tmpdir(), 'attnlab-cli-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

// The native binary runs as a process (a few milliseconds); the wasm CLI runs in this process (bin/attnlab.mjs's
// attnlab()), so the engine is loaded once, not once per call.
function runNative(args, input) {
  const r = spawnSync(native, args, { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

async function both(args, input) {
  const a = runNative(args, input), b = await attnlab(args, input ?? '');
  assert.deepEqual(b, a, `native and wasm differ for ${args.join(' ')}`);
  return a;
}

const lessons = readdirSync(goldenDir).filter((f) => f.endsWith('.json')).map((f) => {
  const path = join(scratch, f);
  writeFileSync(path, JSON.stringify(JSON.parse(readFileSync(join(goldenDir, f), 'utf8')).lesson));
  return path;
});

test('trace: byte-identical JSON natively and in wasm on every fixture', async () => {
  assert.ok(lessons.length >= 20);
  for (const path of lessons) {
    const r = await both(['trace', path]);
    assert.equal(r.code, 0, r.err);
    const trace = JSON.parse(r.out);
    assert.ok(trace.heads.length >= 1);
    for (const head of trace.heads) for (const row of head.weights) assert.ok(Math.abs(row.reduce((s, w) => s + w, 0) - 1) < 1e-12 || row.every((w) => w === 0));
  }
});

test('a large seeded lesson (200,000 Gaussian draws) gives the same bits natively and in wasm', async () => {
  const d = 256;
  const lesson = { heads: 4, init: { seed: 77, draws: [{ name: 'X', shape: [64, d] },
    ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [d, d], scale: 0.1 }))] } };
  const r = await both(['trace', '-'], JSON.stringify(lesson));
  assert.equal(r.code, 0, r.err);
});

test('trace reads standard input with -', async () => {
  const r = await both(['trace', '-'], readFileSync(lessons[0], 'utf8'));
  assert.equal(r.code, 0);
  assert.equal(r.out, runNative(['trace', lessons[0]]).out);
});

test('check: ok, or every problem naming its field, with exit code 1', async () => {
  assert.match((await both(['check', lessons[0]])).out, /: ok \(\d+ tokens, \d+ heads?\)\n$/);
  const bad = await both(['check', '-'], JSON.stringify({ tokens: ['a', 'b'], X: [[1, 2], [3]], heads: 0, mask: 'future' }));
  assert.equal(bad.code, 1);
  assert.match(bad.out, /-: heads: must be a whole number from 1 to 64/);
  assert.match(bad.out, /-: mask: must be "none", "causal"/);
  assert.match(bad.out, /-: X\[1\]: has 1 numbers but row 0 has 2/);
});

test('bad input: non-zero exit, message on stderr, nothing on stdout', async () => {
  for (const input of ['', '{', '[]', '{"tokens": "abc"}', '{"X": [[1e999]]}', '{"init": {"seed": 1, "draws": [{"name": "X", "shape": [99999, 99999]}]}}',
    '{"sentence": "' + 'word '.repeat(2000) + '"}', '['.repeat(50000)]) {
    const r = await both(['trace', '-'], input);
    assert.equal(r.code, 1, input.slice(0, 40));
    assert.equal(r.out, '');
    assert.match(r.err, /^-: [\w.[\]]+: /);
  }
});

test('exercises: identical answer keys natively and in wasm; --seed required', async () => {
  const set = join(root, 'tests/fixtures/exercises/exit-ticket.json');
  for (const seed of ['0', '7', '4294967295']) {
    const r = await both(['exercises', set, '--seed', seed]);
    assert.equal(r.code, 0, r.err);
    assert.equal(JSON.parse(r.out).exercises.length, 10);
  }
  assert.equal((await both(['exercises', set])).code, 2);
  assert.match((await both(['exercises', '-', '--seed', '1'], '{"lesson": 3}')).err, /^-: lesson: is missing/);
});

test('usage errors: unknown command, missing file', async () => {
  const r = await both(['explode', lessons[0]]);
  assert.equal(r.code, 2);
  assert.match(r.err, /unknown command "explode"/);
  const missing = await both(['trace', join(scratch, 'nope.json')]);
  assert.equal(missing.code, 1);
  assert.match(missing.err, /cannot read/);
});

test('as a program: bin/attnlab.mjs reads its file or standard input and exits with the command\'s code', () => {
  const r = spawnSync(process.execPath, [wasm, 'trace', '-'], { input: readFileSync(lessons[0], 'utf8'), encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, runNative(['trace', lessons[0]]).out);
  const usage = spawnSync(process.execPath, [wasm], { encoding: 'utf8' });
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /^usage: attnlab trace/);
});
