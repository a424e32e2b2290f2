// On paper (web/print/): the walkthrough printed to PDF (page.pdf, as a browser's print without "background
// graphics") has every step card and every heatmap in its colours, no control or toolbar, and on every page the
// lesson's link as text and a QR code that reads back as that link, also for a lesson whose heatmaps wait off screen;
// the exercises page prints worksheets for one seed or a class — each sheet on its own page headed by its seed,
// blank answer boxes, its own link and QR code — then an answer-key page per seed. The PDFs are read back with
// pdf.js (text, fill colours), their pages drawn with @napi-rs/canvas and the codes decoded with jsQR. No CSP
// violation, and axe finds nothing wrong with the worksheet dialog.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { startBrowser, openPage, ready, waitForPage, checkSettled } from './helpers.mjs';
import { loadEngine } from '../../wasm/engine.js';
import { describeAnswer } from '../../web/exercises/check.js';

const ARTIFACTS = new URL('../artifacts/print/', import.meta.url);
const AXE = readFileSync(fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8');
let env;
before(async () => { mkdirSync(ARTIFACTS, { recursive: true }); env = await startBrowser(); });
after(async () => { await env?.close(); });

function collectViolations() {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  window.print = () => { window.__printed = (window.__printed ?? 0) + 1; }; // headless print() would block page.pdf
}

/** The PDF as pages of {text, fills: Set('r,g,b'), pdfPage}, kept in tests/artifacts/print/ for review. */
async function printed(page, name) {
  const bytes = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: false });
  writeFileSync(new URL(name, ARTIFACTS), bytes);
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const p = await doc.getPage(n);
    const text = (await p.getTextContent()).items.map((i) => i.str).join(' ').replace(/\s+/g, ' ');
    const ops = await p.getOperatorList();
    const fills = new Set();
    ops.fnArray.forEach((f, k) => { if (f === pdfjs.OPS.setFillRGBColor) fills.add(Array.from(Object.values(ops.argsArray[k])).join(',')); });
    pages.push({ text, fills, pdfPage: p });
  }
  return pages;
}

/** The QR code drawn in a region of a PDF page ({x, y, w, h} as fractions of the page), decoded; null if none. */
async function qrIn(pdfPage, region) {
  const scale = 4;
  const viewport = pdfPage.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  await pdfPage.render({ canvasContext: ctx, viewport }).promise;
  const x = Math.floor(region.x * canvas.width), y = Math.floor(region.y * canvas.height);
  const w = Math.floor(region.w * canvas.width), h = Math.floor(region.h * canvas.height);
  const image = ctx.getImageData(x, y, w, h);
  return jsQR(image.data, w, h)?.data ?? null;
}
const KIND_TITLE = { score: 'Raw score q · k', scaled_score: 'Scale the score', softmax_row: 'Softmax of a row', output_cell: 'One output cell',
  predict_max: 'Predict, then reveal', mask_zeros: 'Masking', why_scale: 'Why divide by √d_k?', multihead_shapes: 'Multi-head shapes' };
const BOTTOM_RIGHT = { x: 0.6, y: 0.8, w: 0.4, h: 0.2 };
const TOP_RIGHT = { x: 0.6, y: 0, w: 0.4, h: 0.2 };
const near = (rgb, fills) => [...fills].some((f) => f.split(',').every((v, k) => Math.abs(Number(v) - rgb[k]) <= 1));

test('the walkthrough on paper: every step and heatmap in colour, no controls, the link and its QR code on every page', async () => {
  const { page, problems } = await openPage(env, '', undefined, collectViolations);
  await ready(page);
  await page.evaluate(() => window.attentionLab.shareLink()); // resolves once the address bar holds the lesson's link
  const link = page.url();
  assert.match(link, /#v2=/);
  // each heatmap's most coloured cell, and each step's title, as the page shows them (the six: no layer here)
  const expected = await page.evaluate(() => [...document.querySelectorAll('.step-card:not([hidden])')].map((card) => ({
    title: card.querySelector('.step-head h2').textContent.trim(),
    heatmaps: [...card.querySelectorAll('.heatmap[data-matrix] table')].map((t) => {
      const cells = [...t.querySelectorAll('td[data-value]')];
      const top = cells.reduce((a, b) => (Math.abs(+b.dataset.value) > Math.abs(+a.dataset.value) ? b : a));
      return { matrix: t.closest('.heatmap').dataset.matrix, rgb: getComputedStyle(top).backgroundColor.match(/\d+/g).slice(0, 3).map(Number) };
    }),
  })));
  assert.equal(expected.length, 6);
  const pages = await printed(page, 'walkthrough.pdf');
  const all = pages.map((p) => p.text).join(' ');
  const fills = new Set(pages.flatMap((p) => [...p.fills]));
  for (const step of expected) {
    assert.ok(all.includes(step.title), `the step "${step.title}" is printed`);
    assert.ok(step.heatmaps.length > 0, step.title);
    for (const h of step.heatmaps) assert.ok(near(h.rgb, fills), `${step.title}: ${h.matrix} keeps its colour rgb(${h.rgb})`);
  }
  // what only works on a screen is not on paper
  for (const gone of ['Copy link', 'Instructor mode', 'Export', 'Reset to preset']) assert.ok(!all.includes(gone), `no "${gone}"`);
  // every page: the link as text (its first printed line) and a QR code of it, and "page N of M"
  pages.forEach((p, k) => {
    assert.ok(p.text.replaceAll(' ', '').includes(link.slice(0, 100)), `page ${k + 1} carries the link`);
    assert.ok(p.text.includes(`Page ${k + 1} of ${pages.length}`), `page ${k + 1} is numbered`);
  });
  for (const k of [0, pages.length - 1]) assert.equal(await qrIn(pages[k].pdfPage, BOTTOM_RIGHT), link, `page ${k + 1}'s QR code opens the lesson`);
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a lesson whose heatmaps wait off screen prints every one of them', async () => {
  const { page, problems } = await openPage(env, '', undefined, collectViolations);
  await ready(page);
  const lesson = { sentence: 'a b c d e f g h i j k l m n o p', heads: 4, init: { seed: 5, draws: [{ name: 'X', shape: [16, 16] }, { name: 'W_Q', shape: [16, 16] }, { name: 'W_K', shape: [16, 16] }, { name: 'W_V', shape: [16, 16] }] } };
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), lesson)).ok, true);
  await page.evaluate(() => window.attentionLab.settled());
  assert.ok(await page.locator('.matrix-pending').count() > 0, 'some heatmaps wait to be drawn');
  const pages = await printed(page, 'walkthrough-16-tokens-4-heads.pdf');
  const all = pages.map((p) => p.text).join(' ');
  assert.ok(!all.includes('drawn when it scrolls into view'), 'no placeholder on paper');
  assert.equal(await page.locator('.matrix-pending').count(), 0);
  assert.equal(await page.locator('.step-card[data-step=softmax] .heatmap[data-matrix=weights]').count(), 4, 'the weights of all four heads');
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(problems, []);
  await page.close();
});

/** Opens the exercises, asks for worksheets through the dialog, and returns the printed pages. */
async function worksheets(page, { who, count, keys = true }, name) {
  await page.click('.print-worksheets');
  await page.waitForSelector('.worksheet-dialog[open]');
  await checkSettled(page, `.worksheet-dialog input[name=who][value=${who}]`);
  if (count !== undefined) await page.fill('.worksheet-dialog input[name=count]', String(count));
  if (!keys) await checkSettled(page, '.worksheet-dialog input[name=keys]', false);
  const before = await page.evaluate(() => window.__printed ?? 0);
  await page.click('.worksheet-dialog .ws-print');
  await page.waitForFunction((n) => window.__printed === n + 1, before);
  // on the sheets: a blank (a box, or a tick for an option) for every exercise, and nothing filled in
  const blanks = await page.evaluate(() => [...document.querySelectorAll('.worksheets .ws-sheet')].map((s) => ({
    exercises: s.querySelectorAll('.ws-ex').length, withBlank: [...s.querySelectorAll('.ws-ex')].filter((e) => e.querySelector('.ws-box, .ws-tick')).length,
    filled: [...s.querySelectorAll('.ws-box')].filter((b) => b.textContent.replace(b.querySelector('.ws-box-label')?.textContent ?? '', '').trim()).length,
  })));
  for (const b of blanks) assert.deepEqual(b, { exercises: b.exercises, withBlank: b.exercises, filled: 0 });
  const pages = await printed(page, name);
  // done printing (page.pdf fires afterprint): the sheets are gone, the page prints as itself again
  await page.waitForFunction(() => !document.querySelector('.worksheets') && !document.documentElement.dataset.print);
  return pages;
}

test('worksheets for a class of three: a sheet per page headed by its seed, blank boxes, its QR code; then the answer keys', async () => {
  const { page, problems } = await openPage(env, 'exercises.html#set=exit-ticket&seed=7', undefined, collectViolations);
  await waitForPage(page, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  // the keys the engine gives each seed (the same wasm, under Node)
  const engine = await loadEngine({ wasmBinary: readFileSync(new URL('../../build-wasm/wasm/attnlab_engine.wasm', import.meta.url)) });
  const set = readFileSync(new URL('../../web/exercises/sets/exit-ticket.json', import.meta.url), 'utf8');
  const pages = await worksheets(page, { who: 'class', count: 3 }, 'worksheets-3-seeds.pdf');
  assert.equal(pages.length, 6, 'three sheets of one page each, then three answer-key pages');
  const base = page.url().split('#')[0];
  for (const seed of [1, 2, 3]) {
    const sheet = pages[seed - 1], key = pages[seed + 2];
    assert.match(sheet.text, new RegExp(`Worksheet · seed ${seed} Exit ticket`), `page ${seed} is seed ${seed}'s sheet`);
    assert.ok(sheet.text.includes('Name') && sheet.text.includes('Date'));
    const link = `${base}#set=exit-ticket&seed=${seed}`;
    assert.ok(sheet.text.includes(link), `seed ${seed}'s link as text`);
    assert.equal(await qrIn(sheet.pdfPage, TOP_RIGHT), link, `seed ${seed}'s QR code opens the same sheet`);
    assert.match(key.text, new RegExp(`Answer key · seed ${seed} · for the instructor`), `page ${seed + 3} is seed ${seed}'s key`);
    // every exercise on the sheet; every answer of the engine's key on the key page, the numbers not on the sheet
    const { value: sheetOfSeed } = engine.exercises(set, seed);
    const squeeze = (t) => t.replace(/[\s\u2066-\u2069]+/g, ''); // (a line ends where the PDF's text has a space; no isolates on paper)
    for (const [k, ex] of sheetOfSeed.exercises.entries()) {
      assert.ok(squeeze(sheet.text).includes(squeeze(`${k + 1}. ${KIND_TITLE[ex.kind]}`)) && squeeze(sheet.text).includes(squeeze(ex.prompt)), `seed ${seed}: exercise ${ex.id} asked`);
      const answer = describeAnswer(ex.answer, ex);
      assert.ok(squeeze(key.text).includes(squeeze(`answer: ${answer}`)), `seed ${seed}: ${ex.id}'s key ${answer}`);
      for (const line of ex.solution ?? []) {
        assert.ok(squeeze(key.text).includes(squeeze(line)), `seed ${seed}: ${ex.id}'s worked solution`);
        assert.ok(!squeeze(sheet.text).includes(squeeze(line)), `seed ${seed}: ${ex.id}'s solution is not on the sheet`);
      }
    }
    assert.ok(!sheet.text.includes('answer:'), 'no key on the sheet');
    assert.ok(sheet.fills.size > 8, 'the given numbers keep their colours');
  }
  // the answers are the engine's: the key of seed 7 (this page's sheet) matches what the page would accept
  const own = await worksheets(page, { who: 'one' }, 'worksheet-seed-7.pdf');
  assert.equal(own.length, 2, 'one sheet, one key');
  assert.match(own[0].text, /Worksheet · seed 7 /);
  const answers = await page.evaluate(() => window.attentionLabExercises.sheet().exercises.map((e) => ({ id: e.id, type: e.answer.type, value: e.answer.value })));
  for (const a of answers.filter((x) => x.type === 'number')) {
    const shown = String(Math.round(a.value * 1e4) / 1e4); // 4 decimals, as the page's key and tables
    assert.ok(own[1].text.includes(`answer: ${shown}`), `${a.id}: the key gives ${shown}`);
  }
  assert.ok(!own[0].text.includes('answer:'), 'the student\'s sheet has no key');
  const withoutKeys = await worksheets(page, { who: 'class', count: 2, keys: false }, 'worksheets-no-keys.pdf');
  assert.equal(withoutKeys.length, 2);
  assert.ok(!withoutKeys.some((p) => p.text.includes('Answer key')));
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('worksheets of a set carried in the link: each sheet\'s link and QR code carry the set and its seed', async () => {
  const set = { title: 'Tiny authored set', lesson: { tokens: ['a', 'b'], X: [[1, 0], [0, 1]], W_Q: [[1], [0]], W_K: [[1], [0]], W_V: [[1], [0]] },
    exercises: [{ id: 'tick', kind: 'softmax_row', scores: [2, 0] }, { id: 's', kind: 'score', query: 0, key: 1 }] };
  const setjson = Buffer.from(JSON.stringify(set)).toString('base64url');
  const { page, problems } = await openPage(env, `exercises.html#setjson=${setjson}&seed=4`, undefined, collectViolations);
  await waitForPage(page, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  const pages = await worksheets(page, { who: 'class', count: 2 }, 'worksheets-authored-set.pdf');
  assert.equal(pages.length, 4);
  for (const seed of [1, 2]) {
    const link = `${page.url().split('#')[0]}#setjson=${setjson}&seed=${seed}`;
    assert.match(pages[seed - 1].text, new RegExp(`Worksheet · seed ${seed} Tiny authored set`));
    assert.ok(pages[seed - 1].text.replace(/\s+/g, '').includes(link), `seed ${seed}'s link`);
    assert.equal(await qrIn(pages[seed - 1].pdfPage, TOP_RIGHT), link, `seed ${seed}'s QR code`);
    assert.match(pages[seed + 1].text, new RegExp(`Answer key · seed ${seed} .*answer: 0\\.8808, 0\\.1192`));
  }
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the worksheet dialog: a class size out of range is refused with a message; axe finds no violation', async () => {
  const { page, problems } = await openPage(env, 'exercises.html#set=toy-dk4&seed=2', undefined, collectViolations);
  await waitForPage(page, () => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  await page.click('.print-worksheets');
  await page.waitForSelector('.worksheet-dialog[open]');
  assert.match(await page.locator('.worksheet-dialog').innerText(), /This sheet only \(seed 2\)/);
  await page.evaluate(AXE);
  const r = await page.evaluate(() => window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }));
  assert.deepEqual(r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`), []);
  for (const bad of ['0', '201', '2.5']) {
    await checkSettled(page, '.worksheet-dialog input[name=who][value=class]');
    await page.fill('.worksheet-dialog input[name=count]', bad);
    await page.click('.worksheet-dialog .ws-print');
    assert.match(await page.locator('.ws-problem').innerText(), /whole number from 1 to 200/, bad);
    assert.equal(await page.locator('.worksheet-dialog[open]').count(), 1, 'the dialog stays open');
  }
  assert.equal(await page.evaluate(() => window.__printed ?? 0), 0, 'nothing printed');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('.worksheet-dialog[open]').count(), 0);
  assert.deepEqual(await page.evaluate(() => window.__csp), []);
  assert.deepEqual(problems, []);
  await page.close();
});
