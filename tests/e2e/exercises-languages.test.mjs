// The exercises page in every language of web/i18n/languages.js: opened with lang= in its link, it speaks that
// language everywhere a student or instructor looks — headings, buttons, the engine's prompts, hints and worked
// solutions, the instructor's answer key, the worksheet dialog — with no message key left and no English sentence of
// the page's (en.json's exercises messages, the engine's English prompts) on a non-English page; Arabic is laid
// out right to left with its matrices left to right; a decimal comma is typed where the language writes one and
// is checked as the same double; the page's links keep the language.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startBrowser, openPage } from './browser.mjs';
import { LANGUAGES } from '../../web/i18n/languages.js';

const locale = (code) => JSON.parse(readFileSync(new URL(`../../web/i18n/locales/${code}.json`, import.meta.url), 'utf8'));
const EN = locale('en').exercises;
const DECIMAL_COMMA = new Set(['es', 'de', 'fr', 'pt-BR']);

let env;
before(async () => { env = await startBrowser(); });
after(async () => { await env?.close(); });

/** Every leaf message of a tree, as [dotted key, text]. */
function leaves(tree, prefix = '') {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]]));
}
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** An English sentence of ours as a pattern: its placeholders match anything. Only real sentences (3+ words). */
function sentencePatterns(messages, own) {
  const mine = new Map(leaves(own));
  return leaves(messages)
    .filter(([key, text]) => mine.get(key) !== text) // a message the language writes as English does (none today) is not a leak
    .map(([key, text]) => [key, text.replace(/\{\{[^}]*\}\}/g, ' ').trim()])
    .filter(([, text]) => (text.match(/[A-Za-z]{2,}/g) ?? []).length >= 3)
    .map(([key, text]) => [key, new RegExp(text.split(/\s+/).map(escapeRe).join('.*?'))]);
}

async function open(path) {
  const r = await openPage(env, `exercises.html${path}`);
  await r.page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises, null, { timeout: 30000 });
  return r;
}

/** The visible words of the page, with every <details> opened and the worksheet dialog's text, one string per text node. */
async function visibleTexts(page) {
  return page.evaluate(() => {
    document.querySelectorAll('details').forEach((d) => { d.open = true; });
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('script, style, textarea, [hidden]') || (!el.closest('dialog') && !el.getClientRects().length)) continue;
      const text = n.textContent.replace(/[\u2066-\u2069]/g, '').trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]'))
      for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
    out.push(document.title);
    return out;
  });
}

for (const { code, dir = 'ltr' } of LANGUAGES) {
  test(`exercises in ${code}: every word translated, the instructor's key too, links keep lang=${code}`, async () => {
    const own = locale(code).exercises;
    const { page, problems } = await open(`?instructor=1#set=exit-ticket&seed=3&lang=${code}`);
    assert.equal(await page.evaluate(() => document.documentElement.lang), code);
    assert.equal(await page.evaluate(() => document.documentElement.dir), dir);
    // wrong answers (hints), then worked solutions shown, so the engine's sentences are all on the page
    const sheet = await page.evaluate(() => window.attentionLabExercises.sheet());
    for (const ex of sheet.exercises.filter((e) => e.answer.type === 'number')) {
      for (const wrong of ['123456', '654321', '111111']) {
        await page.fill(`.ex-card[data-id="${ex.id}"] input[name=value]`, wrong);
        await page.click(`.ex-card[data-id="${ex.id}"] button.check`);
      }
      await page.click(`.ex-card[data-id="${ex.id}"] .show-solution`);
    }
    await page.click('.print-worksheets');
    await page.waitForSelector('.worksheet-dialog[open]');
    const texts = await visibleTexts(page);
    const all = texts.join('\n');

    // no message key left (i18next shows the key of a message it does not have)
    const keys = texts.filter((t) => /^(common|exercises|lms|print|offline|engine|labs|steps|presets)(\.[a-zA-Z0-9_-]+)+$/.test(t) || /\bexercises\.[a-z][a-zA-Z0-9]*\.[a-zA-Z0-9_.]+/.test(t.replace(/exercises\.html\S*/g, '')));
    assert.deepEqual(keys, [], `${code}: message keys on the page`);
    // the page's words and the engine's are this language's
    assert.ok(all.includes(own.header.set) && all.includes(own.card.check) && all.includes(own.worksheets.title), `${code}: the header, cards and dialog`);
    const summary = own.key.summarySeed.replace('{{seed}}', '3');
    assert.equal(await page.locator('.ex-key summary').innerText(), summary, `${code}: the instructor's key is headed in ${code}`);
    const keyTitles = await page.locator('.ex-key-list li b').allInnerTexts();
    const title = (kind) => own.titles[kind.replace(/_([a-z])/g, (_, c) => c.toUpperCase())];
    assert.deepEqual(keyTitles, sheet.exercises.map((e) => title(e.kind)), `${code}: the key names each exercise in ${code}`);
    const why = sheet.exercises.find((e) => e.kind === 'why_scale' && e.answer.type === 'choice');
    const keyText = await page.locator(`.ex-key-list li[data-id="${why.id}"]`).innerText();
    assert.ok(keyText.includes(own.kinds.whyScale.choiceSaturates), `${code}: the key's choice in ${code}: ${keyText}`);
    if (code !== 'en') {
      const leaks = sentencePatterns(EN, own).filter(([, re]) => texts.some((t) => re.test(t))).map(([key]) => key);
      assert.deepEqual(leaks, [], `${code}: English sentences of en.json on the page`);
      const english = sheet.exercises.flatMap((e) => [e.prompt, ...e.solution.filter((_, k) => e.solution_keys[k])])
        .map((s) => s.replace(/[\u2066-\u2069]/g, '')).filter((s) => all.includes(s));
      assert.deepEqual(english, [], `${code}: the engine's English prompts or worked steps on the page`);
    }
    // links keep the language: this sheet's own link, the address, the set menu
    assert.match(await page.evaluate(() => location.hash), new RegExp(`lang=${code}`));
    assert.match(await page.locator('.own-link').getAttribute('href'), new RegExp(`lang=${code}`));
    await page.keyboard.press('Escape');
    await page.selectOption('select[name=set]', 'toy-dk4');
    await page.waitForFunction(() => window.attentionLabExercises.set() === 'toy-dk4');
    assert.match(await page.evaluate(() => location.hash), new RegExp(`set=toy-dk4.*lang=${code}`));
    assert.equal(await page.evaluate(() => document.documentElement.lang), code);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('Arabic: the page reads right to left, its matrices, mask table and shapes left to right', async () => {
  const { page, problems } = await open('#set=toy-dk4&seed=2&lang=ar');
  const dirs = await page.evaluate(() => ({
    page: getComputedStyle(document.querySelector('.ex-main')).direction,
    prompt: getComputedStyle(document.querySelector('.prompt')).direction,
    grids: [...document.querySelectorAll('.ex-grid table')].map((t) => getComputedStyle(t).direction),
    masks: [...document.querySelectorAll('.mask-answer table')].map((t) => getComputedStyle(t).direction),
  }));
  assert.equal(dirs.page, 'rtl');
  assert.equal(dirs.prompt, 'rtl');
  assert.ok(dirs.grids.length > 0 && dirs.grids.every((d) => d === 'ltr'), `grids: ${dirs.grids}`);
  assert.ok(dirs.masks.length > 0 && dirs.masks.every((d) => d === 'ltr'), `masks: ${dirs.masks}`);
  // the first column of a grid is on the left, as in the lecture's matrices
  const [first, second] = await page.evaluate(() => [...document.querySelector('.ex-grid tbody tr').querySelectorAll('td')].slice(0, 2).map((td) => td.getBoundingClientRect().left));
  assert.ok(first < second);
  assert.deepEqual(problems, []);
  await page.close();
});

for (const code of DECIMAL_COMMA) {
  test(`${code}: an answer typed with a decimal comma is the same double as with a point, and is checked right`, async () => {
    const { page, problems } = await open(`#set=exit-ticket&seed=5&lang=${code}`);
    const sheet = await page.evaluate(() => window.attentionLabExercises.sheet());
    const scaled = sheet.exercises.find((e) => e.kind === 'scaled_score');
    const value = scaled.given.score / Math.sqrt(scaled.given.d_k);
    const dotted = value.toFixed(6);
    await page.fill(`.ex-card[data-id="${scaled.id}"] input[name=value]`, dotted.replace('.', ','));
    await page.click(`.ex-card[data-id="${scaled.id}"] button.check`);
    await page.waitForSelector(`.ex-card[data-id="${scaled.id}"][data-state=correct]`);
    const kept = await page.evaluate((id) => window.attentionLabExercises.progress().exercises[id].answer.value, scaled.id);
    assert.equal(kept, Number(dotted), 'the engine receives exactly the double of the dotted text');
    // a vector answer, box by box, with commas: the softmax of the lecture's (2, 0)
    const tick = sheet.exercises.find((e) => e.kind === 'softmax_row' && e.given.query === undefined);
    for (const [k, v] of tick.answer.values.entries()) await page.fill(`.ex-card[data-id="${tick.id}"] input[name=v${k}]`, v.toFixed(4).replace('.', ','));
    await page.click(`.ex-card[data-id="${tick.id}"] button.check`);
    await page.waitForSelector(`.ex-card[data-id="${tick.id}"][data-state=correct]`);
    // the page writes its numbers with the comma too: the exact value shown after a correct answer, the tolerance
    const note = await page.locator(`.ex-card[data-id="${scaled.id}"] .feedback`).innerText();
    assert.match(note, /\d,\d/, `the exact value with a decimal comma: ${note}`);
    assert.doesNotMatch(note, /\d\.\d/);
    assert.match(await page.locator(`.ex-card[data-id="${scaled.id}"] .tolerance`).innerText(), /0,01/);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('the header\'s language menu opens the same sheet in the chosen language, and remembers it', async () => {
  const { page, problems } = await open('#set=multi-head&seed=11');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  await Promise.all([page.waitForURL(/lang=fr/), page.selectOption('select[name=language]', 'fr')]);
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.deepEqual(await page.evaluate(() => [window.attentionLabExercises.set(), window.attentionLabExercises.seed()]), ['multi-head', 11]);
  assert.equal(await page.locator('h1').innerText(), locale('fr').exercises.sets.multiHead.title);
  // remembered: the page opened again without lang= speaks French
  await page.goto(env.base + 'exercises.html#set=multi-head&seed=11');
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true' && window.attentionLabExercises);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.deepEqual(problems, []);
  await page.close();
});

// The exercises on the lecture's ideas (core/exercises_concepts.cpp): the "bank" lesson's choice, Bahdanau's
// alignment and what a mask is for speak the reader's language too — their prompts, given labels, choices, every
// wrong choice's hint and the worked steps — and an answer picked among the translated choices is checked.
for (const code of ['de', 'ar']) {
  test(`lecture-ideas in ${code}: the new kinds' prompts, choices, hints and steps translated; a choice is checked`, async () => {
    const own = locale(code).exercises;
    const { page, problems } = await open(`#set=lecture-ideas&seed=2&lang=${code}`);
    assert.equal(await page.evaluate(() => document.documentElement.lang), code);
    const sheet = await page.evaluate(() => window.attentionLabExercises.sheet());
    assert.deepEqual(sheet.exercises.map((e) => e.kind), ['static_contextual', 'bahdanau_alignment', 'mask_purpose', 'mask_purpose']);
    const card = (id) => `.ex-card[data-id="${id}"]`;
    // the right choice first (checked right, its words in this language), then every wrong one of the others
    const causal = sheet.exercises.find((e) => e.id === 'causal-for');
    await page.click(`${card(causal.id)} .choice[data-k="${causal.answer.index}"]`);
    await page.click(`${card(causal.id)} button.check`);
    await page.waitForSelector(`${card(causal.id)}[data-state=correct]`);
    assert.equal(await page.locator(`${card(causal.id)} .choice[data-k="${causal.answer.index}"]`).innerText(), own.kinds.maskPurpose.choiceFuture);
    for (const ex of sheet.exercises.filter((e) => e.id !== causal.id)) {
      if (ex.answer.type === 'choice') {
        let tries = 0;
        for (const [k] of ex.answer.choices.entries()) {
          if (k === ex.answer.index) continue;
          await page.click(`${card(ex.id)} .choice[data-k="${k}"]`);
          await page.click(`${card(ex.id)} button.check`);
          tries += 1;
          await page.waitForFunction(([id, n]) => window.attentionLabExercises.progress().exercises[id]?.attempts === n, [ex.id, tries]);
        }
      } else {
        for (const wrong of ['123456', '654321', '111111']) {
          await page.fill(`${card(ex.id)} input[name=value]`, wrong);
          await page.click(`${card(ex.id)} button.check`);
        }
      }
      await page.click(`${card(ex.id)} .show-solution`);
      await page.waitForSelector(`${card(ex.id)} .solution:not([hidden])`);
    }
    const texts = await visibleTexts(page);
    const all = texts.join('\n');
    const keys = texts.filter((t) => /^(common|exercises|lms|print|offline|engine|labs|steps|presets)(\.[a-zA-Z0-9_-]+)+$/.test(t) || /\bexercises\.[a-z][a-zA-Z0-9]*\.[a-zA-Z0-9_.]+/.test(t.replace(/exercises\.html\S*/g, '')));
    assert.deepEqual(keys, [], `${code}: message keys on the page`);
    const leaks = sentencePatterns(EN, own).filter(([, re]) => texts.some((t) => re.test(t))).map(([key]) => key);
    assert.deepEqual(leaks, [], `${code}: English sentences of en.json on the page`);
    const english = sheet.exercises.flatMap((e) => [e.prompt, ...e.solution.filter((_, k) => e.solution_keys[k]), ...e.mistakes.map((m) => m.hint), ...(e.answer.choices ?? [])])
      .map((s) => s.replace(/[\u2066-\u2069]/g, '')).filter((s) => all.includes(s));
    assert.deepEqual(english, [], `${code}: the engine's English prompts, hints, choices or worked steps on the page`);
    // this language's words for each new kind: the titles, a prompt's opening, a wrong choice's hint, a worked step
    for (const title of [own.titles.staticContextual, own.titles.bahdanauAlignment, own.titles.maskPurpose]) assert.ok(all.includes(title), `${code}: title ${title}`);
    assert.ok(all.includes(own.kinds.staticContextual.hintOutput) || all.includes(own.kinds.staticContextual.hintWeights), `${code}: a hint of the bank choice`);
    assert.ok(all.includes(own.kinds.staticContextual.staticVsContextual), `${code}: the bank's last worked step`);
    assert.ok(all.includes(own.given.encoderStates) && all.includes(own.given.maskedRowCaption), `${code}: the given numbers' labels`);
    assert.equal(await page.locator('h1').innerText(), own.sets.lectureIdeas.title);
    assert.deepEqual(problems, []);
    await page.close();
  });
}
