// Issue 18, the command lines: both CLIs (native build/bin/attnlab and bin/attnlab.mjs on the wasm engine) refuse
// what is not a file, stop reading at the 32 MiB cap (files, pipes, standard input), say "not UTF-8" for text that
// is not, read a seed as the page does, cap what one trace prints — with the same words and exit codes.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const native = join(root, 'build/bin/attnlab');
const wasm = join(root, 'bin/attnlab.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'attnlab-hostile-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const MiB = 1 << 20;

function run(cli, args, options = {}) {
  const [cmd, pre] = cli === 'native' ? [native, []] : [process.execPath, [wasm]];
  const r = spawnSync(cmd, [...pre, ...args], { encoding: 'utf8', maxBuffer: 1 << 26, ...options });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
function both(args, options) {
  const a = run('native', args, options), b = run('wasm', args, options);
  assert.deepEqual(b, a, `native and wasm differ for ${args.join(' ')}`);
  return a;
}
const file = (name, content) => { const p = join(scratch, name); writeFileSync(p, content); return p; };
const small = { tokens: ['a', 'b'], X: [[1, 2], [3, 4]], W_Q: [[1, 0], [0, 1]], W_K: [[1, 0], [0, 1]], W_V: [[1, 0], [0, 1]] };
const set = (extra = {}) => JSON.stringify({ lesson: small, exercises: [{ id: 'e', kind: 'score' }], ...extra });

test('15. a directory, a device or a socket is refused by name, never read', () => {
  for (const command of ['check', 'trace']) {
    assert.deepEqual(both([command, scratch]), { code: 1, out: '', err: `attnlab: ${scratch} is a directory, not a file\n` });
    for (const dev of ['/dev/zero', '/dev/null', '/dev/urandom'])
      assert.deepEqual(both([command, dev]), { code: 1, out: '', err: `attnlab: ${dev} is a device, not a file\n` });
  }
  assert.deepEqual(both(['exercises', '/dev/zero', '--seed', '1']), { code: 1, out: '', err: 'attnlab: /dev/zero is a device, not a file\n' });
  assert.deepEqual(both(['check', join(scratch, 'missing.json')]), { code: 1, out: '', err: `attnlab: cannot read ${join(scratch, 'missing.json')}\n` });
});

test('15. reading stops at 32 MiB: a big file, standard input, an endless pipe', () => {
  const big = file('big.json', Buffer.alloc(33 * MiB, 0x20));
  assert.deepEqual(both(['check', big]), { code: 1, out: '', err: `attnlab: ${big} is larger than 32 MiB, the most a lesson or exercise set may be\n` });
  const tooLarge = { code: 1, out: '', err: 'attnlab: - is larger than 32 MiB, the most a lesson or exercise set may be\n' };
  assert.deepEqual(both(['check', '-'], { input: Buffer.alloc(40 * MiB, 0x20) }), tooLarge);
  // standard input that never ends (/dev/zero through a pipe): the reader stops at the cap instead of reading on
  for (const cli of ['native', 'wasm']) {
    const cmd = cli === 'native' ? `'${native}' check -` : `'${process.execPath}' '${wasm}' check -`;
    const r = spawnSync('bash', ['-c', `cat /dev/zero | ${cmd}`], { encoding: 'utf8' });
    assert.equal(r.stderr, tooLarge.err, cli);
    assert.equal(r.status, 1, cli);
  }
  // a file of exactly 32 MiB is read (and judged as JSON)
  const edge = file('edge.json', Buffer.concat([Buffer.from(JSON.stringify(small)), Buffer.alloc(32 * MiB - JSON.stringify(small).length, 0x20)]));
  assert.equal(both(['check', edge]).code, 0);
  // a named pipe is read like standard input
  const fifo = join(scratch, 'fifo');
  execFileSync('mkfifo', [fifo]);
  for (const cli of ['native', 'wasm']) {
    // the writer waits for a reader: it runs on its own, with no pipe back to this process
    spawn('bash', ['-c', `printf '%s' '${JSON.stringify(small)}' > '${fifo}'`], { stdio: 'ignore', detached: true }).unref();
    const r = run(cli, ['check', fifo]);
    assert.equal(r.code, 0, `${cli}: ${r.err}`);
    assert.match(r.out, /: ok \(2 tokens, 1 head\)/);
  }
});

test('20. text that is not UTF-8 is named as such, in both CLIs and every command', () => {
  const latin1 = file('latin1.json', Buffer.from('{"tokens":["caf\xe9","b"]}', 'latin1'));
  const utf16 = file('utf16.json', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(small), 'utf16le')]));
  for (const path of [latin1, utf16]) {
    const r = both(['check', path]);
    assert.equal(r.code, 1);
    assert.match(r.out, new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: lesson: is not UTF-8 text \\(byte \\d+ is not part of a UTF-8 character\\): save it as UTF-8\\n$`));
    assert.match(both(['trace', path]).err, /lesson: is not UTF-8 text/);
    assert.match(both(['exercises', path, '--seed', '1']).err, /exercise set: is not UTF-8 text/);
  }
  // a byte-order mark, then UTF-8: fine
  assert.equal(both(['check', file('bom.json', '\ufeff' + JSON.stringify(small))]).code, 0);
  assert.equal(both(['exercises', file('bom-set.json', '\ufeff' + set()), '--seed', '3']).code, 0);
  // a lone surrogate escape reads as U+FFFD, in a lesson and in a set title, as in links
  const trace = JSON.parse(both(['trace', file('lone.json', JSON.stringify({ ...small, tokens: ['a\ud800', 'b'] }))]).out);
  assert.equal(trace.tokens[0], 'a\ufffd');
  const sheet = JSON.parse(both(['exercises', file('lone-set.json', set({ title: 'T\udc00' })), '--seed', '2']).out);
  assert.equal(sheet.title, 'T\ufffd');
});

test('20. --seed is read as the page reads seed=: decimal digits only', () => {
  const path = file('set.json', set());
  assert.equal(both(['exercises', path, '--seed', '16']).code, 0);
  assert.equal(JSON.parse(both(['exercises', path, '--seed', ' 16 ']).out).seed, 16);
  for (const bad of ['0x10', '1e3', '16.0', '+16', '-1', '4294967296', '', 'ten', '0b10']) {
    const r = both(['exercises', path, '--seed', bad]);
    assert.equal(r.code, 2, bad);
    assert.match(r.err, /--seed S, a whole number from 0 to 4294967295 written in decimal digits/, bad);
  }
});

test('16. one trace prints at most 4,194,304 numbers; a bigger lesson is refused at once, with the count', () => {
  const huge = file('huge.json', JSON.stringify({
    sentence: 'w '.repeat(512), heads: 16,
    init: { seed: 1, draws: [{ name: 'X', shape: [512, 1024] }, { name: 'W_Q', shape: [1024, 1024] }, { name: 'W_K', shape: [1024, 1024] }, { name: 'W_V', shape: [1024, 1024] }] },
  }));
  const r = both(['trace', huge]);
  assert.equal(r.code, 1);
  assert.equal(r.out, '');
  assert.match(r.err, /huge\.json: lesson: its trace would print \d+ numbers \(about \d+ MB\); one trace prints at most 4194304/);
  assert.equal(both(['check', huge]).code, 0);
  // 128 tokens, 4 heads, 256 dimensions: under the cap, printed
  const fits = file('fits.json', JSON.stringify({
    sentence: 'w '.repeat(128), heads: 4,
    init: { seed: 1, draws: [{ name: 'X', shape: [128, 256] }, { name: 'W_Q', shape: [256, 256] }, { name: 'W_K', shape: [256, 256] }, { name: 'W_V', shape: [256, 256] }] },
  }));
  const ok = run('native', ['trace', fits]);
  assert.equal(ok.code, 0, ok.err);
  assert.equal(JSON.parse(ok.out).heads.length, 4);
});

test('1. a scale that would overflow the scores is refused in both CLIs, naming scale', () => {
  for (const scale of [1e-300, 5e-324, 1e-13]) {
    const r = both(['trace', file('tiny.json', JSON.stringify({ ...small, scale }))]);
    assert.equal(r.code, 1);
    assert.match(r.err, /: scale: is too small/);
    assert.equal(r.out, '');
  }
});
