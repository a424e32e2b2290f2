// The labs page ("Beyond the pipeline") in every language: every word comes from the language's messages (no
// message key left on the page, no English sentence of the labs' messages on a non-English page), Arabic is laid
// out right to left while its charts and matrices stay left to right, a number typed with a decimal comma in
// German gives exactly the numbers the same number typed with a point gives in English, the language can be
// chosen in the header and the link back to the walkthrough keeps it; axe and the CSP stay clean.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBrowser, openPage } from './browser.mjs';

const LOCALES = new URL('../../web/i18n/locales/', import.meta.url);
const LANGUAGES = ['en', 'es', 'zh-Hans', 'de', 'fr', 'pt-BR', 'ar'];
const EN = JSON.parse(readFileSync(new URL('en.json', LOCALES), 'utf8')).labs;
const BANK = JSON.parse(readFileSync(new URL('../../web/labs/bank-vocabulary.json', import.meta.url), 'utf8'));
// Until web/i18n/numerals.js is the real one (the contract's stub returns its text unchanged), numbers cannot show
// a decimal comma; the test of what German shows waits for it.
const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));

// The English messages' phrases of three words or more, cut at placeholders, markup, quotes and punctuation.
// The lecture's example sentences (quoted in every language, as the lecture's) are left out.
function englishPhrases(messages) {
  const out = new Set();
  const walk = (v) => {
    if (typeof v === 'object') { Object.values(v).forEach(walk); return; }
    const plain = v.replace(/<[^>]+>/g, '').replace(/\{\{\w+\}\}/g, '|');
    for (const piece of plain.split(/[|.,;:!?()“”«»"—–→·]/)) {
      const phrase = piece.trim().replace(/\s+/g, ' ');
      if ((phrase.match(/[A-Za-z]{2,}/g) ?? []).length >= 3 && !BANK.sentences.some((s) => s.includes(phrase))) out.add(phrase.toLowerCase());
    }
  };
  walk(messages);
  return [...out];
}
const PHRASES = englishPhrases(EN);

// Everything a reader sees or hears on screen: text (not code), and the names, titles and placeholders of elements.
// (The paper-only box of web/print is not on screen; it is redrawn, with the page's title, when printing starts.)
function pageWords() {
  const texts = [];
  const off = 'code, script, style, [hidden], .print-only';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.parentElement.closest(off)) continue;
    if (n.textContent.trim()) texts.push(n.textContent.trim());
  }
  for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (e.closest(off)) continue;
    for (const a of ['aria-label', 'title', 'placeholder']) if (e.getAttribute(a)) texts.push(e.getAttribute(a));
  }
  texts.push(document.title);
  return texts;
}

function collectViolations() {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
}

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

async function openLabs(lang, path = 'labs.html') {
  const opened = await openPage(env, `${path}?lang=${lang}`, undefined, collectViolations);
  await opened.page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  return opened;
}

test('the English messages give the test something to look for', () => {
  assert.ok(PHRASES.length > 100, `${PHRASES.length} phrases`);
  assert.ok(PHRASES.includes('subtracting the max turns the largest exponent into e^0 = 1'), PHRASES.slice(0, 5).join(' / '));
});

for (const lang of LANGUAGES) {
  test(`labs in ${lang}: no message key, ${lang === 'en' ? 'the English words' : 'no English sentence'}, the language kept in links`, async () => {
    const { page, problems } = await openLabs(lang);
    assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
    assert.equal(await page.evaluate(() => document.documentElement.dir), lang === 'ar' ? 'rtl' : 'ltr');
    // press the controls that change words (play/pause, next step), so their later words are checked too
    await page.click('button[name="bahdanau-next"]');
    await page.click('button[name="train-play"]');
    await page.click('button[name="train-play"]');
    const words = await page.evaluate(pageWords);
    const keys = words.map((w) => w.replace(/https?:\/\/\S+/g, ''))
      .filter((w) => /\b(labs|common|engine)\.(?!html\b)[a-zA-Z]+/.test(w) || /^[a-z]+(\.[a-zA-Z]+)+$/.test(w));
    assert.deepEqual(keys, [], 'message keys on the page');
    assert.deepEqual(words.filter((w) => /<\/?[a-z]+[\s>]/.test(w)), [], 'markup shown as text');
    const text = words.join('\n').replace(/\s+/g, ' ').toLowerCase();
    const english = PHRASES.filter((p) => text.includes(p));
    if (lang === 'en') assert.ok(english.length > 50, `the English page shows its messages (${english.length})`);
    else assert.deepEqual(english, [], 'English phrases on the page');
    assert.equal(await page.locator('a.back').getAttribute('href'), `./index.html?lang=${lang}`);
    assert.equal(await page.locator('select[name="language"]').inputValue(), lang);
    assert.equal(await page.locator('section.lab').count(), 5);
    for (const id of ['scale', 'precision', 'contextual', 'bahdanau', 'training'])
      assert.equal(await page.locator(`nav a[href="#${id}"]`).count(), 1, `the section link #${id} keeps its anchor`);
    assert.deepEqual(await page.evaluate(() => window.__csp), [], 'CSP violations');
    assert.deepEqual(problems, []);
    await page.close();
    // longer words (German) and right to left (Arabic) must not widen a phone's page
    const phone = await openPage(env, `labs.html?lang=${lang}`, { width: 390, height: 844 });
    await phone.page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the phone page is ${overflow}px wider than the screen`);
    await phone.page.close();
  });
}

test('Arabic: the page reads right to left, charts, matrices, vectors and token order stay left to right; axe is clean', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${env.base}labs.html?lang=ar`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  const layout = await page.evaluate(() => {
    const dir = (sel) => getComputedStyle(document.querySelector(sel)).direction;
    const heads = [...document.querySelectorAll('[data-grid="bahdanau-weights"] thead th[scope=col]')].map((th) => th.getBoundingClientRect().left);
    const ticks = [...document.querySelectorAll('[data-chart="scale-example"] svg text.tick[text-anchor=middle]')].map((t) => t.getBoundingClientRect().left);
    return { body: dir('#labs'), svg: dir('[data-chart="scale-variance"] svg'), grid: dir('[data-grid="bahdanau-weights"] table'),
      vocab: dir('table.vocab-table'), state: dir('.decoder-state'), heads, ticks, columns: [...document.querySelectorAll('[data-grid="bahdanau-weights"] thead th[scope=col]')].map((th) => th.textContent) };
  });
  assert.equal(layout.body, 'rtl');
  assert.deepEqual([layout.svg, layout.grid, layout.vocab, layout.state], ['ltr', 'ltr', 'ltr', 'ltr']);
  assert.deepEqual(layout.columns, ['the', 'black', 'cat', 'sat', 'down'], 'the source sentence in its order');
  assert.ok(layout.heads.every((x, k) => k === 0 || x > layout.heads[k - 1]), `matrix columns run left to right: ${layout.heads}`);
  assert.ok(layout.ticks.length > 3 && layout.ticks.every((x, k) => k === 0 || x > layout.ticks[k - 1]), `bar chart keys run left to right: ${layout.ticks}`);
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(() => window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] }));
  assert.deepEqual(violations.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`), []);
  await context.close();
});

// The same experiment typed in English (decimal point) and in German (decimal comma): the engine's numbers agree.
async function typed(lang, text, init) {
  const opened = await openPage(env, `labs.html?lang=${lang}`, undefined, init);
  const { page, problems } = opened;
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  const settle = () => page.evaluate(() => new Promise(requestAnimationFrame));
  await page.fill('input[name="bahdanau-s-1"]', text.state);
  await page.fill('input[name="precision-logits"]', text.logits);
  await page.fill('input[name="bank-vec-river-1"]', text.river);
  await page.fill('input[name="scale-seed"]', text.seed);
  await page.locator('input[name="scale-seed"]').dispatchEvent('change');
  await settle();
  const result = await page.evaluate(() => ({
    context: [...document.querySelectorAll('[data-grid="bahdanau-context"] td')].map((td) => td.dataset.value),
    sweep: document.querySelector('[data-chart="precision-sweep"]').dataset.signature,
    hidden: document.querySelectorAll('#precision fieldset input[type=checkbox]').length,
    cosine: document.querySelector('[data-readout="bank"] [data-cosine]')?.dataset.cosine,
    scale: window.attentionLabs.views.scale.rows.map((r) => r.rawVariance),
    invalid: [...document.querySelectorAll('[aria-invalid=true]')].map((e) => e.name),
    shown: document.querySelector('[data-grid="bahdanau-context"] td').textContent,
  }));
  assert.deepEqual(problems, []);
  await page.close();
  return result;
}

test('German: numbers typed with a decimal comma give exactly the numbers typed with a point in English', async () => {
  const en = await typed('en', { state: '0.75', logits: '2.5, 1, 0.25, -1.5, 3', river: '1.25', seed: '3' });
  const de = await typed('de', { state: '0,75', logits: '2,5; 1; 0,25; -1,5; 3', river: '1,25', seed: '3' });
  assert.deepEqual(en.invalid, []);
  assert.deepEqual(de.invalid, []);
  assert.equal(de.hidden, 5, 'five logits read from "2,5; 1; 0,25; -1,5; 3"');
  for (const k of ['context', 'sweep', 'hidden', 'cosine', 'scale']) assert.deepEqual(de[k], en[k], k);
  // and a German list written with ", " between numbers reads the same
  const deCommas = await typed('de', { state: '0,75', logits: '2,5, 1, 0,25, -1,5, 3', river: '1,25', seed: '3' });
  assert.deepEqual(deCommas.sweep, en.sweep);
});

test('the header offers every language; choosing one reopens the page in it, and the choice is kept', async () => {
  const { page, problems } = await openLabs('en');
  const options = await page.locator('select[name="language"] option').evaluateAll((os) => os.map((o) => o.value));
  assert.deepEqual(options, LANGUAGES);
  assert.equal(await page.locator('label:has(select[name="language"])').textContent(), 'LanguageEnglishEspañol简体中文DeutschFrançaisPortuguês (Brasil)العربية');
  await Promise.all([page.waitForURL(/lang=fr/), page.selectOption('select[name="language"]', 'fr')]);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && document.documentElement.lang === 'fr', null, { timeout: 30000 });
  assert.equal(await page.locator('h1').textContent(), JSON.parse(readFileSync(new URL('fr.json', LOCALES), 'utf8')).labs.page.heading);
  assert.equal(await page.evaluate(() => localStorage.getItem('attention-lab:language')), 'fr');
  // a link without lang= now opens in the reader's choice
  await page.goto(`${env.base}labs.html`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.deepEqual(problems, []);
  await page.close();
});

test("without lang= the page follows the browser's language, and its link back passes it on", async () => {
  const context = await env.browser.newContext({ locale: 'pt-BR' });
  const page = await context.newPage();
  await page.goto(`${env.base}labs.html#bahdanau`);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true', null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-BR');
  assert.equal(await page.locator('#bahdanau h2').textContent(), JSON.parse(readFileSync(new URL('pt-BR.json', LOCALES), 'utf8')).labs.bahdanau.title);
  assert.equal(await page.locator('a.back').getAttribute('href'), './index.html?lang=pt-BR');
  await context.close();
});

test('German shows every number with a decimal comma: ticks, matrices, tables, readouts and the inputs', async () => {
  const { page, problems } = await openLabs('de');
  const shown = await page.evaluate(() => {
    const texts = [...document.querySelectorAll('#labs .chart text, #labs [data-grid] td, #labs table.numbers td, #labs .readout, #labs output, #labs .explain, #labs figcaption, #labs legend, #labs option')]
      .filter((e) => !e.closest('code')).map((e) => e.textContent);
    const inputs = [...document.querySelectorAll('#labs input[type=text]')].filter((i) => !/sentence|word/.test(i.name)).map((i) => i.value);
    return { texts, inputs };
  });
  const points = [...shown.texts, ...shown.inputs].filter((s) => /\d\.\d/.test(s));
  assert.deepEqual(points, [], 'numbers written with a decimal point');
  assert.ok(shown.texts.some((s) => /\d,\d/.test(s)) && shown.inputs.some((s) => /\d,\d/.test(s)), 'numbers with a decimal comma are shown and typed');
  assert.deepEqual(problems, []);
  await page.close();
});

test('Arabic with Arabic-Indic digits chosen: numbers are shown in them, and typed in them give the English numbers', async () => {
  const en = await typed('en', { state: '0.75', logits: '2.5, 1, 0.25, -1.5, 3', river: '1.25', seed: '3' });
  const chooseArabicDigits = () => localStorage.setItem('attention-lab:digits', 'arabic');
  const ar = await typed('ar', { state: '٠٫٧٥', logits: '٢٫٥، ١، ٠٫٢٥، -١٫٥، ٣', river: '١٫٢٥', seed: '٣' }, chooseArabicDigits);
  assert.deepEqual(ar.invalid, []);
  for (const k of ['context', 'sweep', 'hidden', 'cosine', 'scale']) assert.deepEqual(ar[k], en[k], k);
  assert.match(ar.shown, /^[٠-٩]+٫[٠-٩]+$/, `a matrix cell shows ${ar.shown}`);
});
