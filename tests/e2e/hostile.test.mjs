// Hostile links: fragments anyone can craft, opened as a student would open them. Script payloads in token text,
// titles and notes (<img onerror>, javascript: URLs, <svg onload>, <script>), very long strings, deeply nested
// JSON, numbers like 1e309, wrong types — both as real links the page itself writes (lesson set through
// window.attentionLab.setLesson, link read back from location.hash) and as raw "#…" fragments written by hand
// (v2 = deflate-raw + base64url JSON; v1 = URI-encoded JSON). Each must run no script, send no request outside
// the origin, log no error, and end on the notice or a sane lesson (six steps, numbers, no NaN).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { startBrowser, open, openPage, waitForPage, settledLoad } from './helpers.mjs';

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<svg onload="window.__pwned=2"><script>window.__pwned=3</script></svg>',
  'javascript:window.__pwned=4',
  '"><script>window.__pwned=5</script>',
  '<a href="javascript:window.__pwned=6">click</a>',
  '<iframe src="https://example.com/"></iframe>',
  '<link rel=stylesheet href="https://example.com/x.css">',
  '<img src="https://example.com/beacon.png">',
  '{{constructor.constructor("window.__pwned=7")()}}',
  '${window.__pwned=8}',
  '</textarea><img src=x onerror=window.__pwned=9>',
];
const v2raw = (text) => '#v2=' + deflateRawSync(Buffer.from(text)).toString('base64url');
const v2 = (payload) => v2raw(JSON.stringify(payload));
const v1raw = (text) => '#' + encodeURIComponent(text);
const small = (extra = {}) => ({ tokens: ['a', 'b'], X: [[1, 0], [0, 1]], W_Q: [[1, 0], [0, 1]], W_K: [[1, 0], [0, 1]], W_V: [[1, 0], [0, 1]], ...extra });
const nest = (depth, open = '[', close = ']', inner = '1') => open.repeat(depth) + inner + close.repeat(depth);

/** The page after a hostile link: nothing ran, nothing left, a notice or a sane lesson, no NaN anywhere. */
async function assertSafe(page, problems, what) {
  await settledLoad(page); // onerror/onload handlers of anything parsed as HTML would have fired by now
  const s = await page.evaluate(() => ({
    pwned: window.__pwned ?? null,
    ready: document.documentElement.dataset.ready,
    cards: document.querySelectorAll('.step-card:not([hidden])').length, // the six (a layer's steps are hidden)
    notice: document.querySelector('.notice')?.hidden === false ? document.querySelector('.notice').textContent : '',
    nan: [...document.querySelectorAll('td[data-matrix]')].filter((td) => /NaN/.test(td.textContent)).length,
    cells: document.querySelectorAll('td[data-matrix]').length,
    injected: document.querySelectorAll('#app img, #app iframe, #app script, #app svg[onload], #app link, a[href^="javascript:" i], [onerror], [onload]').length,
    lesson: (() => { try { return !!window.attentionLab.getLesson().tokens; } catch { return false; } })(),
  }));
  assert.equal(s.pwned, null, `${what}: no script ran`);
  assert.equal(s.ready, 'true', `${what}: the page is ready`);
  assert.equal(s.cards, 6, `${what}: six steps`);
  assert.equal(s.injected, 0, `${what}: no element came from the link's text`);
  assert.equal(s.nan, 0, `${what}: no NaN in a cell`);
  assert.ok(s.cells > 0 && s.lesson, `${what}: a lesson with numbers is shown`);
  assert.deepEqual(problems, [], `${what}: no error, no request left the origin`);
  return s;
}

async function visit(hash, what) {
  const r = await open(env, hash);
  const s = await assertSafe(r.page, r.problems, what);
  await r.page.close();
  return s;
}

test('real links made by the page: script payloads in tokens, title and note are shown as text', async () => {
  const { page, problems } = await open(env);
  const links = [];
  for (const [k, p] of PAYLOADS.entries()) {
    const r = await page.evaluate((lesson) => window.attentionLab.setLesson(lesson),
      small({ tokens: [p.slice(0, 64), `w${k}`, 'javascript:alert(1)'], X: [[1, 0], [0, 1], [1, 1]], title: p, note: p })); // tokens: 64 characters at most
    assert.equal(r.ok, true, `setLesson accepts text ${p}`);
    await page.evaluate(() => window.attentionLab.shareLink());
    links.push([p, await page.evaluate(() => location.hash)]);
  }
  await assertSafe(page, problems, 'after setLesson');
  await page.close();
  for (const [p, hash] of links) {
    assert.match(hash, /^#v\d+=|^#/);
    const r = await open(env, hash);
    const s = await assertSafe(r.page, r.problems, `link with ${p}`);
    if (/[<>]/.test(p)) assert.match(s.notice, /HTML-like|plain text/, `notice for ${p}`);
    const row = await r.page.locator('th', { hasText: p.slice(0, 64) }).count() + await r.page.locator('.chip', { hasText: p.slice(0, 64) }).count();
    assert.ok(row > 0, `the token ${p} is shown as text`);
    await r.page.close();
  }
});

test('raw fragments: numbers out of range, wrong types, deep nesting, huge strings', async () => {
  const cases = [
    ['1e309 in X', v2raw(`{"l":{"tokens":["a","b"],"X":[[1e309,0],[0,1]],"W_Q":[[1,0],[0,1]],"W_K":[[1,0],[0,1]],"W_V":[[1,0],[0,1]]}}`)],
    ['-1e309 in W_Q', v2raw(`{"l":{"tokens":["a","b"],"X":[[1,0],[0,1]],"W_Q":[[-1e309,0],[0,1]],"W_K":[[1,0],[0,1]],"W_V":[[1,0],[0,1]]}}`)],
    ['1e-400 and -0', v2raw(`{"l":{"tokens":["a","b"],"X":[[1e-400,-0],[0,1]],"W_Q":[[1,0],[0,1]],"W_K":[[1,0],[0,1]],"W_V":[[1,0],[0,1]]}}`)],
    ['seed 1e309', v2raw(`{"l":{"tokens":["a","b"],"init":{"seed":1e309,"d_model":2,"d_k":2}}}`)],
    ['huge scores overflow softmax', v2(small({ X: [[1e150, 1e150], [-1e150, 1e150]] }))],
    ['NaN-like strings', v2(small({ X: [['NaN', 'Infinity'], [null, true]] }))],
    ['tokens a number', v2(small({ tokens: 5 }))],
    ['tokens objects', v2(small({ tokens: [{ toString: 'x' }, ['<b>']] }))],
    ['X a string', v2(small({ X: '<img src=x onerror=window.__pwned=1>' }))],
    ['X ragged', v2(small({ X: [[1, 0, 3], [0]] }))],
    ['mask junk', v2(small({ mask: { padding: 'yes', custom: [[2]] } }))],
    ['mask script', v2(small({ mask: '<svg onload=window.__pwned=1>' }))],
    ['heads 1e9', v2(small({ heads: 1e9 }))],
    ['heads -1', v2(small({ heads: -1 }))],
    ['__proto__ pollution', v2raw(`{"l":{"tokens":["a","b"],"X":[[1,0],[0,1]],"W_Q":[[1,0],[0,1]],"W_K":[[1,0],[0,1]],"W_V":[[1,0],[0,1]],"__proto__":{"polluted":1}},"__proto__":{"polluted":1}}`)],
    ['selection out of range', v2({ l: small(), sel: ['weights', 99, Infinity, -1] })], // (JSON.stringify writes Infinity as null)
    ['preset unknown', v2({ l: small(), p: '<img src=x onerror=window.__pwned=1>' })],
    ['step script', v2({ l: small(), s: 'javascript:window.__pwned=1' })],
    ['note 100 000 characters', v2({ l: small(), note: '<b>'.repeat(33_000) })],
    ['a 200 000-character token', v2({ l: small({ tokens: ['x'.repeat(200_000), 'b'] }) })],
    ['5000 tokens', v2({ l: { tokens: Array.from({ length: 5000 }, (_, i) => `t${i}`), init: { seed: 1, d_model: 4, d_k: 4 } } })],
    ['nested arrays 100 000 deep in X', v2raw(`{"l":{"tokens":["a"],"X":${nest(100_000)},"W_Q":[[1]],"W_K":[[1]],"W_V":[[1]]}}`)],
    ['nested objects 100 000 deep in mask', v2raw(`{"l":{"tokens":["a"],"X":[[1]],"W_Q":[[1]],"W_K":[[1]],"W_V":[[1]],"mask":${nest(100_000, '{"a":', '}')}}}`)],
    ['nested payload 100 000 deep', v2raw(nest(100_000))],
    ['nested 5 000 deep, v1', v1raw(`{"v":1,"lesson":{"tokens":["a"],"X":${nest(5000)}}}`)],
    ['v1 with 1e309', v1raw(`{"v":1,"lesson":{"tokens":["a","b"],"X":[[1e309,0],[0,1]],"W_Q":[[1,0],[0,1]],"W_K":[[1,0],[0,1]],"W_V":[[1,0],[0,1]]}}`)],
    ['v1 script tokens', v1raw(JSON.stringify({ v: 1, lesson: small({ tokens: [PAYLOADS[0], PAYLOADS[1]] }) }))],
    ['raw HTML fragment', '#<img src=x onerror=window.__pwned=1>'],
    ['javascript: fragment', '#javascript:window.__pwned=1'],
    ['percent garbage', '#%E0%A4%A'],
    ['lone surrogates', v2raw('{"l":{"tokens":["\\ud800","\\udfff"],"X":[[1,0],[0,1]],"W_Q":[[1,0],[0,1]],"W_K":[[1,0],[0,1]],"W_V":[[1,0],[0,1]]}}')],
    ['empty v2', '#v2='],
    ['v2 of null', v2(null)],
    ['v2 of an array', v2([1, 2, 3])],
    ['trailing garbage after JSON', v2raw('{"l":{"tokens":["a"],"X":[[1]],"W_Q":[[1]],"W_K":[[1]],"W_V":[[1]]}}<script>window.__pwned=1</script>')],
    ['deflate bomb of spaces', v2raw(' '.repeat(30 * 1024 * 1024) + '{}')],
  ];
  let notices = 0;
  const queue = [...cases];
  const worker = async () => {  // three pages at a time: each link is a fresh page load
    for (let c = queue.shift(); c; c = queue.shift()) {
      const [what, hash] = c;
      const s = await visit(hash, what);
      if (s.notice) notices++;
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  assert.ok(notices >= cases.length / 2, `most hostile links say why they were not opened as given (${notices} of ${cases.length})`);
});

test('the exercise page takes the same payloads as text', async () => {
  // exercise sets from a link: script in titles, prompts and choices; deep nesting; wrong types
  const b64 = (text) => Buffer.from(text).toString('base64url');
  const set = (extra) => JSON.stringify({ id: 'hostile', title: PAYLOADS[0], lesson: small({ tokens: [PAYLOADS[1], 'b'] }), exercises: [{ kind: 'score', query: 0, key: 1, prompt: PAYLOADS[3] }], ...extra });
  for (const [what, hash] of [
    ['set with script text', `#setjson=${b64(set())}&seed=3`],
    ['set nested 100 000 deep', `#setjson=${b64(`{"id":"x","lesson":${nest(100_000)}}`)}`],
    ['set with 1e309', `#setjson=${b64(set({ lesson: undefined }).replace('"exercises"', '"lesson":{"tokens":["a"],"X":[[1e309]],"W_Q":[[1]],"W_K":[[1]],"W_V":[[1]]},"exercises"'))}`],
    ['seed script', `#set=toy-dk4&seed=${encodeURIComponent(PAYLOADS[0])}`],
    ['set id script', `#set=${encodeURIComponent(PAYLOADS[1])}`],
  ]) {
    const { page, problems } = await openPage(env, `exercises.html${hash}`);
    await waitForPage(page, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises)
      .catch((err) => { throw new Error(`${what}: ${err.message}; ${problems.join('; ')}`); });
    await settledLoad(page);
    assert.equal(await page.evaluate(() => window.__pwned ?? null), null, what);
    assert.equal(await page.locator('#app img, #app iframe, #app script, [onerror], [onload], a[href^="javascript:" i]').count(), 0, what);
    assert.deepEqual(problems, [], what);
    await page.close();
  }
});
