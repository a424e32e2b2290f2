// The walkthrough in each of its languages (issue 17 §1): every string translated (no message key, no English
// sentence outside the lectures' own), <html lang dir> set, Arabic right to left with matrices, formulas and token
// order left to right (also at phone size), axe and the strict CSP clean; numbers as the language writes them
// ("0,5" typed in German is the trace of "0.5" typed in English, to the last bit); a link made in German opens in
// German and gives the same numbers in English; the header's language picker reopens the page in the language
// chosen and remembers it; Arabic-Indic digits when an Arabic reader chooses them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startBrowser, openPage, ready, waitForPage, typeIntoCell, cellSelector, typeInQuickSuccession, clickSettled, checkSettled } from './helpers.mjs';
import { LANGUAGE_CODES, languageProblems } from './languages-helpers.mjs';

const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PHONE = { width: 390, height: 844 };

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

function collectViolations() {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`));
}

/** The numbers the page computed: X and every head's weights and Z, as plain arrays of doubles. */
const numbers = (page) => page.evaluate(() => {
  const t = window.attentionLab.getTrace();
  return { X: Array.from(t.X.data), weights: t.headTraces.map((h) => Array.from(h.weights.data)), Z: t.headTraces.map((h) => Array.from(h.Z.data)) };
});
const firstX = (page, value) => waitForPage(page, (v) => window.attentionLab.getTrace()?.X.data[0] === v, value);

for (const code of LANGUAGE_CODES) {
  test(`walkthrough in ${code}: every string translated, <html lang dir>, CSP clean`, async () => {
    const { page, problems } = await openPage(env, `?lang=${code}`, undefined, collectViolations);
    await ready(page);
    assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), [code, code === 'ar' ? 'rtl' : 'ltr']);
    assert.equal(await page.inputValue('select[name=language]'), code);
    const found = await languageProblems(page, code);
    assert.deepEqual(found, { keys: [], english: [] }, 'the page as it opens');
    // the inspector, the instructor panel, a multi-head lesson with a causal mask: their words too
    await clickSettled(page, cellSelector('weights', 1, 0));
    await waitForPage(page, () => document.querySelector('.inspector h3'));
    await page.click('.instructor-toggle');
    await page.fill('input[name=heads]', '2');
    await page.press('input[name=heads]', 'Enter');
    await checkSettled(page, '.mask-control input[value=causal]');
    await waitForPage(page, () => window.attentionLab.getTrace()?.heads === 2 && window.attentionLab.getTrace().mask === 'causal');
    assert.deepEqual(await languageProblems(page, code), { keys: [], english: [] }, 'with the inspector, the instructor panel, two heads and a causal mask');
    // the Export and Embed dialogs, and the projector's view
    for (const [button, dialog] of [['.open-export', '.export-dialog'], ['.open-embed', '.embed-dialog']]) {
      await page.click(button);
      await waitForPage(page, (sel) => document.querySelector(sel)?.open, dialog);
      assert.deepEqual(await languageProblems(page, code), { keys: [], english: [] }, `with ${dialog} open`);
      await page.click(`${dialog} .dialog-close`);
    }
    await page.click('.open-present');
    await waitForPage(page, () => document.documentElement.dataset.present === 'true' && document.querySelector('.present-bar')?.dataset.qrReady);
    assert.deepEqual(await languageProblems(page, code), { keys: [], english: [] }, 'presenting');
    await page.click('.present-exit');
    // the Transformer layer with cross-attention (the translation preset): its steps, notes and inspector
    await page.selectOption('select[name=preset]', 'translation-decoder');
    await waitForPage(page, () => window.attentionLab.getTrace()?.cross && document.querySelector('#step-ffn_norm:not([hidden])'));
    await clickSettled(page, cellSelector('norm1', 0, 0));
    await waitForPage(page, () => document.querySelector('.inspector h3'));
    assert.deepEqual(await languageProblems(page, code), { keys: [], english: [] }, 'with an encoder–decoder layer');
    assert.deepEqual(await page.evaluate(() => window.__csp), []);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`walkthrough in ${code}: no WCAG 2.1 AA violation`, async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${env.base}?lang=${code}`);
    await ready(page);
    await page.addScriptTag({ path: AXE });
    const result = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }), TAGS);
    assert.deepEqual(result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`), []);
    await context.close();
  });
}

test('Arabic reads right to left while matrices, heatmaps, formulas and token order keep left to right (desktop and phone)', async () => {
  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    const { page, problems } = await openPage(env, '?lang=ar', viewport);
    await ready(page);
    const dirs = await page.evaluate(() => {
      const dir = (sel) => { const el = document.querySelector(sel); return el && getComputedStyle(el).direction; };
      return { body: dir('.step-card .explain'), header: dir('.header-inner'), heatmap: dir('.heatmap table'), row: dir('.matrix-row'), formula: dir('.formula math'), chips: dir('.chips') };
    });
    assert.deepEqual(dirs, { body: 'rtl', header: 'rtl', heatmap: 'ltr', row: 'ltr', formula: 'ltr', chips: 'ltr' });
    // column 1 of a matrix is still at the left, token 1 still first
    const order = await page.evaluate(() => {
      const x = (sel) => document.querySelector(sel).getBoundingClientRect().left;
      const chips = [...document.querySelectorAll('.chips .chip')].map((c) => c.getBoundingClientRect().left);
      return { columns: x('td[data-matrix="X"][data-row="0"][data-col="0"]') < x('td[data-matrix="X"][data-row="0"][data-col="1"]'), tokens: chips.every((v, k) => k === 0 || v > chips[k - 1]) };
    });
    assert.deepEqual(order, { columns: true, tokens: true });
    if (viewport === PHONE) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the Arabic page is ${overflow}px wider than a 390 px phone`);
    }
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('"0,5" typed in German gives the same trace as "0.5" typed in English; the cells show a decimal comma', async () => {
  const en = await openPage(env, '?lang=en');
  await ready(en.page);
  await typeIntoCell(en.page, 'X', 0, 0, '0.5');
  await firstX(en.page, 0.5);
  const de = await openPage(env, '?lang=de');
  await ready(de.page);
  await typeIntoCell(de.page, 'X', 0, 0, '0,5');
  await firstX(de.page, 0.5);
  assert.deepEqual(await numbers(de.page), await numbers(en.page));
  assert.equal((await de.page.textContent(cellSelector('X', 0, 0))).trim(), '0,5');
  assert.equal((await en.page.textContent(cellSelector('X', 0, 0))).trim(), '0.5');
  assert.match(await de.page.textContent('td[data-matrix="weights"][data-row="1"][data-col="0"]'), /^\s*\d+,\d+\s*$/, 'a weight in German');
  assert.deepEqual([...en.problems, ...de.problems], []);
  await en.page.close();
  await de.page.close();
});

test('a link made in German opens in German, and in English it gives the same numbers', async () => {
  const de = await openPage(env, '?lang=de');
  await ready(de.page);
  await typeIntoCell(de.page, 'X', 1, 2, '-1,25');
  await waitForPage(de.page, () => window.attentionLab.getTrace()?.X.data[window.attentionLab.getTrace().dModel + 2] === -1.25);
  const link = await de.page.evaluate(() => window.attentionLab.shareLink());
  assert.equal(new URL(link).searchParams.get('lang'), 'de');
  const made = await numbers(de.page);
  const again = await openPage(env, link.slice(env.base.length));
  await ready(again.page);
  assert.equal(await again.page.evaluate(() => document.documentElement.lang), 'de');
  assert.deepEqual(await numbers(again.page), made);
  const url = new URL(link);
  url.searchParams.set('lang', 'en');
  const english = await openPage(env, url.href.slice(env.base.length));
  await ready(english.page);
  assert.equal(await english.page.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(await numbers(english.page), made);
  // the embed snippets carry the language too
  const snippets = await de.page.evaluate(() => window.attentionLab.embedSnippets());
  assert.match(snippets.element, /<attention-lab [^>]*lang="de"/);
  assert.match(snippets.iframe, /\?embed=1&amp;lang=de#/);
  assert.deepEqual([...de.problems, ...again.problems, ...english.problems], []);
  for (const p of [de, again, english]) await p.page.close();
});

test('the header picker reopens the page in the language chosen, keeps the lesson and remembers the choice', async () => {
  const { page, problems } = await openPage(env, '?lang=en');
  await ready(page);
  await typeIntoCell(page, 'X', 0, 1, '3');
  await waitForPage(page, () => window.attentionLab.getTrace()?.X.data[1] === 3);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
  const before = await numbers(page);
  await Promise.all([page.waitForURL(/lang=fr/), page.selectOption('select[name=language]', 'fr')]);
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.deepEqual(await numbers(page), before, 'the lesson came along');
  assert.equal(await page.locator('.step-nav').getAttribute('aria-label'), 'Étapes');
  // a page opened later without lang= speaks the language chosen
  await page.goto(env.base);
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.match(await page.getAttribute('.pages a[href*="exercises"]', 'href'), /lang=fr/, 'the exercises link carries the language');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a language chosen just after edits in quick succession keeps the last of them', async () => {
  const { page, problems } = await openPage(env, '?lang=en');
  await ready(page);
  // two edits 30 ms apart: the address bar waits for the second until the edits pause (web/page/link-sync.js)
  await typeInQuickSuccession(page, [['X', 0, 0, '2'], ['X', 0, 1, '-3']], 30);
  const before = await numbers(page);
  assert.deepEqual(before.X.slice(0, 2), [2, -3]);
  await Promise.all([page.waitForURL(/lang=de/), page.selectOption('select[name=language]', 'de')]);
  await ready(page);
  assert.deepEqual(await numbers(page), before, 'both edits came along');
  assert.deepEqual(problems, []);
  await page.close();
});

test('an Arabic reader may choose Arabic-Indic digits: cells show them and typing them gives the same numbers', async () => {
  const { page, problems } = await openPage(env, '?lang=ar');
  await ready(page);
  assert.match(await page.textContent(cellSelector('weights', 1, 0)), /^\s*[0-9.]+\s*$/, 'Latin digits unless chosen');
  await Promise.all([page.waitForEvent('load'), page.selectOption('select[name=digits]', 'arabic')]);
  await ready(page);
  assert.match(await page.textContent(cellSelector('weights', 1, 0)), /^\s*[٠-٩]+٫[٠-٩]+\s*$/);
  await typeIntoCell(page, 'X', 0, 0, '٠٫٥');
  await firstX(page, 0.5);
  assert.equal((await page.textContent(cellSelector('X', 0, 0))).trim(), '٠٫٥');
  assert.deepEqual(problems, []);
  await page.close();
});
