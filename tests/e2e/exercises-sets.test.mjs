// Every built-in exercise set (web/exercises/sets/*.json) validates and generates a sheet with the native CLI,
// as instructors run it: `attnlab exercises SET.json --seed S` exits 0 and prints every exercise with its key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = `${root}build/bin/attnlab`;
const dir = `${root}web/exercises/sets/`;
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

test('the eight built-in sets are there, one per lecture example, the exit ticket, the lecture\'s ideas and the Transformer layer', () => {
  assert.deepEqual(files, ['exit-ticket.json', 'lecture-ideas.json', 'lecture20-seed20.json', 'multi-head.json', 'raschka-2024.json', 'retrieval-toy.json', 'toy-dk4.json', 'transformer-layer.json']);
  const ideas = JSON.parse(readFileSync(dir + 'lecture-ideas.json'));
  assert.deepEqual(ideas.exercises.map((e) => e.kind), ['static_contextual', 'bahdanau_alignment', 'mask_purpose', 'mask_purpose']);
  const layer = JSON.parse(readFileSync(dir + 'transformer-layer.json'));
  assert.deepEqual(layer.exercises.map((e) => e.kind), ['sinusoidal_entry', 'residual_sum', 'layer_norm_cell', 'cross_shapes', 'ffn_cell']);
  assert.ok(layer.lesson.layer && layer.lesson.source, 'a decoder layer');
  const ticket = JSON.parse(readFileSync(dir + 'exit-ticket.json'));
  assert.ok(ticket.exercises.some((e) => e.kind === 'softmax_row' && JSON.stringify(e.scores) === '[2,0]'), 'the exit ticket asks softmax(2, 0)');
  assert.equal(JSON.parse(readFileSync(dir + 'raschka-2024.json')).reseed, false, 'Raschka keeps the article\'s literal numbers');
  const mh = JSON.parse(readFileSync(dir + 'multi-head.json'));
  assert.equal(mh.lesson.heads, 2);
  assert.ok(mh.lesson.init.draws.some((d) => d.name === 'W_O'));
});

test('every set validates and generates answer keys with `attnlab exercises --seed`', { skip: !existsSync(cli) && 'build/bin/attnlab is not built' }, () => {
  for (const f of files) {
    const set = JSON.parse(readFileSync(dir + f));
    for (const seed of [1, 2, 3, 30, 4294967295]) {
      const out = execFileSync(cli, ['exercises', dir + f, '--seed', String(seed)], { encoding: 'utf8' });
      const sheet = JSON.parse(out);
      assert.equal(sheet.seed, seed);
      assert.deepEqual(sheet.exercises.map((e) => e.id), set.exercises.map((e) => e.id), f);
      for (const e of sheet.exercises) {
        assert.ok(e.prompt && e.answer && Array.isArray(e.solution) && e.solution.length > 0, `${f} ${e.id}`);
        if (e.answer.type === 'vector') assert.ok(Math.abs(e.answer.values.reduce((a, b) => a + b, 0) - 1) < 1e-9);
      }
    }
  }
});
