// Results codes and `attnlab grade`: codes made by the page's encoder (web/lms/results-code.js) from answers to
// sheets the engine generated are judged again by both command lines, which print the same CSV; a code cut short,
// changed or of an unknown set is named in the problem column; an authored set is graded with --set.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeResultsCode } from '../../web/lms/results-code.js';
import { customSetId, fnv1a32, learnerSeed } from '../../web/lms/ids.js';
import { outcome, packProgress, unpackProgress } from '../../web/lms/runtime.js';

const root = new URL('../../', import.meta.url).pathname;
const native = join(root, 'build/bin/attnlab');
const { attnlab } = await import(join(root, 'bin/attnlab.mjs'));
const { loadEngine } = await import(join(root, 'wasm/engine.js'));
const engine = await loadEngine({ wasmBinary: readFileSync(join(root, 'build-wasm/wasm/attnlab_engine.wasm')) });
const scratch = mkdtempSync(join(tmpdir(), 'attnlab-grade-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

async function both(args) {
  const r = spawnSync(native, args, { encoding: 'utf8' });
  const a = { code: r.status, out: r.stdout, err: r.stderr };
  assert.deepEqual(await attnlab(args, ''), a, `native and wasm differ for ${args.join(' ')}`);
  return a;
}
const csv = (text) => text.trim().split('\n').map((line) => line.split(','));

function sheetOf(setText, seed) {
  const r = engine.exercises(setText, seed);
  assert.ok(r.ok);
  return r.value;
}
/** A student's progress: the key for `right` ids, a wrong number / choice for `wrong` ids, nothing for the rest. */
function progressFor(sheet, right, wrong = []) {
  const exercises = {};
  for (const ex of sheet.exercises) {
    if (right.includes(ex.id)) exercises[ex.id] = { answer: ex.answer, attempts: 1, correct: true };
    if (wrong.includes(ex.id)) {
      const a = ex.answer.type === 'number' ? { type: 'number', value: ex.answer.value + 5 } : ex.answer.type === 'choice' ? { ...ex.answer, index: (ex.answer.index + 1) % ex.answer.choices.length } : null;
      exercises[ex.id] = { answer: a, attempts: 1, correct: false };
    }
  }
  return { exercises };
}

test('grade: every answer judged again by the engine; the same CSV from both command lines', async () => {
  const setText = readFileSync(join(root, 'web/exercises/sets/exit-ticket.json'), 'utf8');
  const sheet = sheetOf(setText, 7);
  const ids = sheet.exercises.map((e) => e.id);
  const all = encodeResultsCode({ setId: 'exit-ticket', seed: 7, sheet, progress: progressFor(sheet, ids) });
  const some = encodeResultsCode({ setId: 'exit-ticket', seed: 7, sheet, progress: progressFor(sheet, ['raw-score', 'output'], ['scale-it', 'why-choice']) });
  // the right answers of seed 7 claimed under seed 8: judged against seed 8's sheet
  const forged = encodeResultsCode({ setId: 'exit-ticket', seed: 8, sheet, progress: progressFor(sheet, ids) });
  const changed = some.slice(0, 20) + (some[20] === 'A' ? 'B' : 'A') + some.slice(21);
  const file = join(scratch, 'codes.txt');
  writeFileSync(file, `Ada Lovelace: ${all}\n\n${some}\n=cmd(), ${forged}\r\nBo ${changed}\nno code here\n`);
  const r = await both(['grade', file]);
  assert.equal(r.code, 1, 'some lines could not be graded');
  assert.match(r.err, /2 lines could not be graded .* 3 graded/);
  const rows = csv(r.out);
  assert.deepEqual(rows[0].slice(0, 8), ['line', 'name', 'code', 'set', 'seed', 'score', 'correct', 'total']);
  assert.deepEqual(rows[0].slice(8), [...ids, 'problem']);
  const col = (row, id) => row[rows[0].indexOf(id)];
  assert.deepEqual(rows[1].slice(0, 8), ['1', 'Ada Lovelace', all, 'exit-ticket', '7', '1', String(ids.length), String(ids.length)]);
  assert.deepEqual(rows[2].slice(0, 2), ['3', '']);
  assert.equal(col(rows[2], 'raw-score'), 'correct');
  assert.equal(col(rows[2], 'scale-it'), 'wrong');
  assert.equal(col(rows[2], 'why-choice'), 'wrong');
  assert.equal(col(rows[2], 'causal'), 'unanswered');
  assert.equal(rows[2][6], '2');
  assert.equal(rows[2][5], String(Math.round((2 / ids.length) * 10000) / 10000));
  assert.equal(rows[3][1], "'=cmd()", 'a name a spreadsheet would run is defused');
  assert.ok(Number(rows[3][6]) < ids.length / 2, `a forged seed earns little (${rows[3][6]} right)`);
  assert.match(rows[4].at(-1), /checksum does not match/);
  assert.match(rows[5].at(-1), /no results code on this line/);
});

test('grade: an authored set is graded with --set; without it the line says what to pass', async () => {
  const setText = readFileSync(join(root, 'tests/fixtures/exercises/exit-ticket.json'), 'utf8').replace(/^\uFEFF/, '');
  const id = customSetId(setText);
  const sheet = sheetOf(setText, 3);
  const file = join(scratch, 'custom.txt');
  writeFileSync(file, encodeResultsCode({ setId: id, seed: 3, sheet, progress: progressFor(sheet, sheet.exercises.map((e) => e.id)) }) + '\n');
  const setFile = join(scratch, 'my set.json');
  writeFileSync(setFile, setText);
  const without = await both(['grade', file]);
  assert.match(csv(without.out)[1].at(-1), /not built in: pass the set with --set FILE.json/);
  const r = await both(['grade', file, '--set', setFile]);
  assert.equal(r.code, 0, r.err);
  assert.equal(csv(r.out)[1][5], '1');
  assert.equal(csv(r.out)[1][3], id);
  const bad = await both(['grade', file, '--seed', '3']);
  assert.equal(bad.code, 2);
});

test('the learner seed, the set ids and the suspend data', () => {
  assert.equal(fnv1a32(''), 0x811c9dc5);
  assert.equal(fnv1a32('a'), 0xe40c292c);
  assert.equal(learnerSeed('a'), 0xe40c292c % 100000);
  assert.match(customSetId('{}'), /^custom-[0-9a-f]{8}$/);
  const progress = { exercises: { a: { answer: { type: 'number', value: 1 }, attempts: 2, correct: true, hint: 'x'.repeat(9000), tried: ['1', '2'] } } };
  const packed = packProgress(progress, 4096);
  assert.ok(packed.length <= 4096);
  assert.equal(unpackProgress(packed).exercises.a.attempts, 2);
  assert.equal(unpackProgress('nonsense'), null);
  const sheet = { exercises: [{ id: 'a' }, { id: 'b' }] };
  assert.deepEqual(outcome(sheet, progress, 0.8), { total: 2, answered: 1, correct: 1, scaled: 0.5, percent: 50, completed: false, success: 'unknown' });
  assert.equal(outcome(sheet, { exercises: { ...progress.exercises, b: { attempts: 1, correct: false } } }, 0.8).success, 'failed');
  assert.equal(outcome(sheet, progress, 0.5).success, 'passed');
});
