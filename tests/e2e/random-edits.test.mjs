// Random editing: a seeded PRNG drives a few thousand edits through the walkthrough's own controls —
// numbers and garbage typed into heatmap cells (Enter and typing, as a keyboard user does), the sentence box,
// d_model / d_k / heads (typed and stepped), presets, mask kinds, PAD toggles, custom-mask cells, the decoding
// step, the seed, the scale switch, selections, back/forward through history, and lessons set through
// window.attentionLab. After every edit no heatmap cell may show NaN; after each batch the page must have
// logged no error, and reloading its current URL must reopen the same lesson.
// ATTNLAB_EDIT_SEED=<n> replays another sequence; ATTNLAB_EDITS=<n> changes how many edits are made.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowser, open, ready } from './helpers.mjs';

const SEED = Number(process.env.ATTNLAB_EDIT_SEED ?? 20240817);
const EDITS = Number(process.env.ATTNLAB_EDITS ?? 2000);
const BATCH = 250;

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

/** Runs in the page: `count` random edits from PRNG state `state`; returns the new state and a tally. */
async function editBatch({ state, count }) {
  // mulberry32: small, seedable, the same sequence on every machine
  const rand = () => {
    state = (state + 0x6D2B79F5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const NUMBERS = () => pick([
    () => String(int(-9, 9)), () => (rand() * 20 - 10).toFixed(int(0, 6)), () => String(rand()), () => '0', () => '-0',
    () => '1e309', () => '-1e309', () => '1e308', () => '1e-320', () => '1e300', () => 'NaN', () => 'Infinity', () => '-Infinity',
    () => 'abc', () => '', () => ' ', () => '  3.5  ', () => '0x1F', () => '1,5', () => '−2.5', () => '1/3', () => '2e', () => '.',
    () => '-', () => '+7', () => '١٢', () => '<img src=x onerror=window.__pwned=1>', () => '9'.repeat(400), () => '1.' + '3'.repeat(40),
    () => String(int(-1e6, 1e6)), () => '1e5', () => '-1e-5', () => '0.1e1', () => 'null', () => 'true', () => '[1]',
  ])();
  const WORDS = ['the', 'dog', 'ran', 'fast', 'I', 'saw', 'a', 'cat', 'PAD', '<pad>', 'über', '東京', '🙂', 'x'.repeat(60),
    '<b>bold</b>', '"quoted"', "it's", 'a-b', '1.5', '  ', '\t', 'javascript:alert(1)', '&amp;', '\u202e', 'e\u0301'];
  const sentence = () => {
    const r = rand();
    if (r < 0.05) return '';
    if (r < 0.08) return pick(WORDS).repeat(int(1, 30));
    return Array.from({ length: int(1, r < 0.95 ? 8 : 40) }, () => pick(WORDS)).join(pick([' ', ' ', ' ', '  ', ', ', '\n']));
  };
  // An open cell editor ends as a keyboard user ends it: Enter, Tab (either way), Escape, or leaving it.
  const closeEditor = (input) => {
    const how = pick(['Enter', 'Enter', 'Tab', 'Escape', 'blur']);
    if (how === 'blur') input.blur();
    else input.dispatchEvent(new KeyboardEvent('keydown', { key: how, shiftKey: rand() < 0.2, bubbles: true, cancelable: true }));
  };
  const visible = (el) => el && el.offsetParent !== null && !el.disabled;
  const tally = {};
  const errors = [];
  const time = {};
  const note = (kind) => { tally[kind] = (tally[kind] ?? 0) + 1; };

  const actions = [
    [30, function typeIntoCell() {
      const tables = [...document.querySelectorAll('table[role=grid]')].filter((t) => /editable/.test(t.getAttribute('aria-label') ?? '') && visible(t));
      const table = tables.length && pick(tables);
      const cells = table ? table.querySelectorAll('td[data-matrix][data-row][data-col]') : [];
      if (!cells.length) return false;
      const td = pick([...cells]);
      const text = NUMBERS();
      const byTyping = rand() < 0.4 && text.length > 0;
      td.focus({ preventScroll: true });
      // Enter opens the editor on the current value; typing a character opens it with that character.
      td.dispatchEvent(new KeyboardEvent('keydown', { key: byTyping ? text[0] : 'Enter', bubbles: true, cancelable: true }));
      const input = td.querySelector('input');
      if (!input) return false;
      input.value = text;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      closeEditor(input);
      return true;
    }],
    [6, function typeIntoCanvas() {
      // large matrices are canvas heatmaps: the same keys move the focus box and open the editor
      const grids = [...document.querySelectorAll('.canvas-wrap')].filter((g) => /editable/.test(g.getAttribute('aria-label') ?? '') && visible(g));
      if (!grids.length) return false;
      const grid = pick(grids);
      grid.focus({ preventScroll: true });
      for (let k = int(0, 5); k > 0; k--) grid.dispatchEvent(new KeyboardEvent('keydown', { key: pick(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageDown', 'PageUp']), bubbles: true, cancelable: true }));
      const text = NUMBERS();
      const byTyping = rand() < 0.4 && text.length > 0;
      grid.dispatchEvent(new KeyboardEvent('keydown', { key: byTyping ? text[0] : 'Enter', bubbles: true, cancelable: true }));
      const input = grid.querySelector('input');
      if (!input) return false;
      input.value = text;
      closeEditor(input);
      return true;
    }],
    [2, function largeLesson() {
      // a lesson past 16 × 16, so that canvas heatmaps take part
      const n = int(17, 24), d = int(4, 32), heads = pick([1, 2]), cols = heads * int(1, 8);
      window.attentionLab.setLesson({ heads, tokens: Array.from({ length: n }, (_, i) => `w${i}`), init: { seed: int(0, 99), draws: [
        { name: 'X', shape: [n, d] }, ...['W_Q', 'W_K', 'W_V'].map((name) => ({ name, shape: [d, cols], scale: 0.3 }))] } });
      return true;
    }],
    [8, function moveInGrid() {
      const td = pick([...document.querySelectorAll('table[role=grid] td[tabindex="0"]')].filter(visible));
      if (!td) return false;
      td.focus({ preventScroll: true });
      for (let k = int(1, 4); k > 0; k--) td.closest('table').querySelector('td[tabindex="0"]')?.dispatchEvent(new KeyboardEvent('keydown', { key: pick(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', ' ']), bubbles: true, cancelable: true }));
      return true;
    }],
    [6, function selectCell() {
      const td = pick([...document.querySelectorAll('td[data-matrix][data-row][data-col]')]);
      if (!visible(td)) return false;
      td.click();
      return true;
    }],
    [7, function typeSentence() {
      const input = document.querySelector('input[name=sentence]');
      if (!visible(input)) return false;
      input.focus();
      input.value = sentence();
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      input.blur();
      return true;
    }],
    [8, function sizeControl() {
      const name = pick(['d_model', 'd_k', 'heads']);
      const input = document.querySelector(`input[name=${name}]`);
      if (!visible(input)) return false;
      const box = input.closest('.number-control');
      const r = rand();
      if (r < 0.5) {
        const button = box.querySelector(rand() < 0.5 ? '.inc' : '.dec');
        if (!visible(button)) return false;
        button.click();
      } else {
        input.value = String(pick([int(1, 6), int(1, 6), int(1, 3), 0, -1, 65, 9, 2.5, '', 'abc', 1e9, '1e1', int(7, 12)]));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }
      return true;
    }],
    [4, function preset() {
      const select = document.querySelector('select[name=preset]');
      const options = [...select.options].filter((o) => o.value);
      select.value = pick(options).value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    }],
    [6, function maskKind() {
      const radio = pick([...document.querySelectorAll('.mask-control input[type=radio]')]);
      if (!visible(radio)) return false;
      radio.click();
      return true;
    }],
    [5, function maskDetail() {
      const candidates = [...document.querySelectorAll('.mask-control .pad-toggle input, .mask-grid td, .mask-control .reveal-prev, .mask-control .reveal-next')].filter(visible);
      const range = document.querySelector('.mask-control input[name=reveal]');
      if (visible(range) && rand() < 0.3) {
        range.value = String(int(0, Number(range.max) + 2));
        range.dispatchEvent(new Event('input', { bubbles: true }));
        return true;
      }
      if (!candidates.length) return false;
      pick(candidates).click();
      return true;
    }],
    [4, function seed() {
      const input = document.querySelector('input[name=seed]');
      if (!visible(input)) {
        const add = [...document.querySelectorAll('button')].find((b) => /seed/i.test(b.textContent) && visible(b));
        if (!add) return false;
        add.click();
        return true;
      }
      input.value = String(pick([int(0, 100), int(0, 4294967295), -1, 4294967296, 1.5, '', 'x', 42]));
      input.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    }],
    [2, function scaleSwitch() {
      const input = document.querySelector('.switch input');
      if (!visible(input)) return false;
      input.click();
      return true;
    }],
    [2, async function history() {
      // only within the page's own entries (the Navigation API lists same-origin entries): never back out of it
      const back = rand() < 0.5;
      let move;
      if (back && navigation.currentEntry.index > 0) move = navigation.back();
      else if (!back && navigation.canGoForward) move = navigation.forward();
      else return false;
      // (a newer navigation may cut it short, before or after it commits: the page follows that one)
      move.committed.catch(() => {});
      await move.finished.catch(() => {});
      return true;
    }],
    [3, function setLessonFromOutside() {
      const lab = window.attentionLab;
      const lesson = lab.getLesson();
      const r = rand();
      const matrices = Object.keys(lesson).filter((k) => Array.isArray(lesson[k]) && Array.isArray(lesson[k][0]));
      if (r < 0.4 && matrices.length) {
        const m = lesson[pick(matrices)];
        const row = pick(m);
        row[int(0, row.length - 1)] = pick([rand() * 4 - 2, Infinity, NaN, '3', null, -0, 1e-300]);
      } else if (r < 0.6) {
        lesson.tokens = Array.isArray(lesson.tokens) ? lesson.tokens.slice().reverse() : ['a'];
      } else if (r < 0.75) {
        lesson[pick(['mask', 'scale', 'heads', 'title', 'tokens', 'X'])] = pick([null, 5, 'causal', { padding: 'no' }, [], {}, '<svg onload=window.__pwned=1>']);
      } else {
        delete lesson[pick(Object.keys(lesson))];
      }
      window.__lastLesson = JSON.stringify(lesson).slice(0, 1500) + ' FROM STATE ' + JSON.stringify(lab.getState()).slice(0, 3000);
      const result = lab.setLesson(lesson);
      if (!result || typeof result.ok !== 'boolean') errors.push('setLesson gave no {ok, problems}');
      return true;
    }],
  ];
  const total = actions.reduce((s, [w]) => s + w, 0);
  const choose = () => { let x = rand() * total; for (const [w, f] of actions) { if ((x -= w) < 0) return f; } return actions[0][1]; };

  let made = 0;
  for (let k = 0; k < count; k++) {
    const action = choose();
    let did = false;
    const t0 = performance.now();
    try { did = await action(); } catch (e) { errors.push(`${action.name} threw: ${e.message} ${(e.stack ?? '').split('\n').slice(1, 4).join(' ')} ${window.__lastLesson ?? ''}`); }
    if (did) { made++; note(action.name); time[action.name] = (time[action.name] ?? 0) + performance.now() - t0; }
    if (k % 4 === 3) await settle();
    // (a canvas readout quotes the student's invalid input, which may be "NaN": only its numbers count)
    const nan = [...document.querySelectorAll('td[data-matrix][data-row][data-col], .canvas-readout')].find((el) => /NaN/.test(el.textContent.replace(/\(invalid input: .*$/, '')));
    if (nan) { errors.push(`after ${action.name}: ${nan.dataset.matrix ? `cell ${nan.dataset.matrix}[${nan.dataset.row},${nan.dataset.col}]` : 'a canvas readout'} shows "${nan.textContent}"`); break; }
    if (window.__pwned) { errors.push(`script ran after ${action.name}`); break; }
  }
  document.activeElement?.blur?.();
  return { state, made, tally, errors, time, cells: document.querySelectorAll('td[data-matrix]').length };
}

test(`${EDITS} seeded random edits: no error, no NaN shown, the URL reopens the same lesson`, async () => {
  const started = Date.now();
  const { page, problems } = await open(env);
  let state = SEED, made = 0, reloads = 0;
  const tally = {};
  for (let done = 0; done < EDITS; done += BATCH) {
    const r = await page.evaluate(editBatch, { state, count: Math.min(BATCH, EDITS - done) });
    state = r.state;
    made += r.made;
    for (const [k, v] of Object.entries(r.tally)) tally[k] = (tally[k] ?? 0) + v;
    if (process.env.ATTNLAB_EDIT_TIMES) console.log(r.cells, JSON.stringify(Object.fromEntries(Object.entries(r.time).map(([k, v]) => [k, Math.round(v)]))));
    assert.deepEqual(r.errors, [], `batch from edit ${done} (seed ${SEED})`);
    // the URL is written shortly after an edit: wait for it, then reload that very URL
    await page.evaluate(() => window.attentionLab.shareLink());
    const lesson = await page.evaluate(() => window.attentionLab.getLesson());
    const url = page.url();
    assert.deepEqual(problems, [], `no console error up to edit ${done + BATCH} (seed ${SEED})`);
    await page.reload();
    await ready(page).catch(async (e) => {
      const why = await page.evaluate(() => `${document.documentElement.dataset.ready} ${document.querySelector('main, #app')?.innerText.slice(0, 400)}`).catch((x) => x.message);
      throw new Error(`reload after edit ${done + BATCH} (seed ${SEED}) never became ready: ${why}; problems ${JSON.stringify(problems)}; lesson ${JSON.stringify(lesson).slice(0, 600)}; url ${url.slice(0, 200)}`);
    });
    reloads++;
    assert.equal(page.url(), url);
    assert.deepEqual(await page.evaluate(() => window.attentionLab.getLesson()), lesson, `reload after edit ${done + BATCH} reopens the same lesson (seed ${SEED})`);
    assert.deepEqual(problems, [], 'no console error on reload');
    assert.equal(await page.evaluate(() => window.__pwned ?? null), null);
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`# random edits: ${made} edits made of ${EDITS} drawn (seed ${SEED}), ${reloads} reloads, ${seconds.toFixed(1)} s: ${JSON.stringify(tally)}`);
  assert.ok(made >= EDITS * 0.8, `most drawn edits applied (${made})`);
  await page.close();
});

// Found by seed 99: an editor still open in a heatmap when the lesson changes shape under it (a host's setLesson,
// back/forward) committed to a cell the matrix no longer had, and every later render threw.
test('an open cell editor survives the lesson changing shape under it', async () => {
  const { page, problems } = await open(env);
  await page.selectOption('select[name=preset]', 'retrieval-toy');
  await page.click('td[data-matrix="W_V"][data-head="0"][data-row="2"][data-col="2"]');
  await page.keyboard.press('Enter');
  await page.keyboard.type('abc');
  const lesson = await page.evaluate(() => window.attentionLab.getLesson());
  assert.deepEqual(await page.evaluate((l) => window.attentionLab.setLesson(l), { ...lesson, W_V: [[1], [0], [0]] }), { ok: true, problems: [] });
  const bad = await page.evaluate((l) => window.attentionLab.setLesson(l), { ...lesson, W_V: [[null], [0], [0]] });
  assert.equal(bad.ok, false);
  assert.deepEqual(await page.evaluate(() => window.attentionLab.getLesson().W_V), [[1], [0], [0]], 'the last valid lesson stays');
  assert.equal(await page.locator('td[data-matrix="W_V"]').count(), 3);
  assert.deepEqual(problems, []);
  await page.close();
});
