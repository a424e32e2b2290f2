// The two CLIs — native build/bin/attnlab and bin/attnlab.mjs on the wasm engine — print identical traces
// and identical messages, for every fixture and for malformed lessons.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const native = join(root, 'build/bin/attnlab');
const wasm = join(root, 'bin/attnlab.mjs');
const goldenDir = join(root, 'tests/fixtures/golden');
const scratch = mkdtempSync(join(tmpdir(), 'attnlab-cli-'));

function run(cli, args, input) {
  const [cmd, pre] = cli === 'native' ? [native, []] : [process.execPath, [wasm]];
  const r = spawnSync(cmd, [...pre, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function both(args, input) {
  const a = run('native', args, input), b = run('wasm', args, input);
  assert.deepEqual(b, a, `native and wasm differ for ${args.join(' ')}`);
  return a;
}

const lessons = readdirSync(goldenDir).filter((f) => f.endsWith('.json')).map((f) => {
  const path = join(scratch, f);
  writeFileSync(path, JSON.stringify(JSON.parse(readFileSync(join(goldenDir, f), 'utf8')).lesson));
  return path;
});

test('trace: byte-identical JSON natively and in wasm on every fixture', () => {
  assert.ok(lessons.length >= 20);
  for (const path of lessons) {
    const r = both(['trace', path]);
    assert.equal(r.code, 0, r.err);
    const trace = JSON.parse(r.out);
    assert.ok(trace.heads.length >= 1);
    for (const head of trace.heads) for (const row of head.weights) assert.ok(Math.abs(row.reduce((s, w) => s + w, 0) - 1) < 1e-12 || row.every((w) => w === 0));
  }
});

test('a large seeded lesson (200,000 Gaussian draws) gives the same bits natively and in wasm', () => {
  const d = 256;
  const lesson = { heads: 4, init: { seed: 77, draws: [{ name: 'X', shape: [64, d] },
    ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [d, d], scale: 0.1 }))] } };
  const r = both(['trace', '-'], JSON.stringify(lesson));
  assert.equal(r.code, 0, r.err);
});

test('trace reads standard input with -', () => {
  const r = both(['trace', '-'], readFileSync(lessons[0], 'utf8'));
  assert.equal(r.code, 0);
  assert.equal(r.out, run('native', ['trace', lessons[0]]).out);
});

test('check: ok, or every problem naming its field, with exit code 1', () => {
  assert.match(both(['check', lessons[0]]).out, /: ok \(\d+ tokens, \d+ heads?\)\n$/);
  const bad = both(['check', '-'], JSON.stringify({ tokens: ['a', 'b'], X: [[1, 2], [3]], heads: 0, mask: 'future' }));
  assert.equal(bad.code, 1);
  assert.match(bad.out, /-: heads: must be a whole number from 1 to 64/);
  assert.match(bad.out, /-: mask: must be "none", "causal"/);
  assert.match(bad.out, /-: X\[1\]: has 1 numbers but row 0 has 2/);
});

test('bad input: non-zero exit, message on stderr, nothing on stdout', () => {
  for (const input of ['', '{', '[]', '{"tokens": "abc"}', '{"X": [[1e999]]}', '{"init": {"seed": 1, "draws": [{"name": "X", "shape": [99999, 99999]}]}}',
    '{"sentence": "' + 'word '.repeat(2000) + '"}', '['.repeat(50000)]) {
    const r = both(['trace', '-'], input);
    assert.equal(r.code, 1, input.slice(0, 40));
    assert.equal(r.out, '');
    assert.match(r.err, /^-: [\w.[\]]+: /);
  }
});

test('exercises: identical answer keys natively and in wasm; --seed required', () => {
  const set = join(root, 'tests/fixtures/exercises/exit-ticket.json');
  for (const seed of ['0', '7', '4294967295']) {
    const r = both(['exercises', set, '--seed', seed]);
    assert.equal(r.code, 0, r.err);
    assert.equal(JSON.parse(r.out).exercises.length, 10);
  }
  assert.equal(both(['exercises', set]).code, 2);
  assert.match(both(['exercises', '-', '--seed', '1'], '{"lesson": 3}').err, /^-: lesson: is missing/);
});

test('usage errors: unknown command, missing file', () => {
  const r = both(['explode', lessons[0]]);
  assert.equal(r.code, 2);
  assert.match(r.err, /unknown command "explode"/);
  const missing = both(['trace', join(scratch, 'nope.json')]);
  assert.equal(missing.code, 1);
  assert.match(missing.err, /cannot read/);
});
