// Worksheets on paper, from the exercises page: "Print worksheets" prints the current set for this seed, or for
// a class (seeds 1…N): each student's sheet starts a page, headed by its seed, with its link and QR code (the same
// sheet online, to check the answers) and blank boxes for the answers; then an instructor's answer-key page per
// seed with the engine's keys and worked solutions. Every number comes from the engine (engine.exercises(set,
// seed)); the sheets are drawn for the print only and removed after it.
import './worksheets.css';
import { answerInWords, label } from '../exercises/check.js';
import { esc, paintGrids, show } from '../exercises/grid.js';
import { choiceText, messageHtml, promptText, solutionTexts } from '../exercises/words.js';
import { t } from '../i18n/i18n.js';
import { problemText } from '../i18n/problem-text.js';
import { qrImage } from '../qr.js';
import { printLink } from './print.js';

/** A class of more than this many students is printed in several runs (a print of thousands of pages stalls). */
export const MAX_CLASS = 200;

/** The seeds a choice stands for: this sheet's, or 1…N. */
export function seedsOf({ who, count }, seed) {
  return who === 'class' ? Array.from({ length: count }, (_, k) => k + 1) : [seed];
}

/** The link of one student's sheet (the page's own link format: #set=… or #setjson=…, and seed=). */
function sheetLink(source, seed, lang) {
  const url = new URL(location.href);
  url.search = '';
  url.hash = (source.kind === 'custom' ? `setjson=${new URLSearchParams(location.hash.slice(1)).get('setjson') ?? ''}&seed=${seed}` : `set=${source.id}&seed=${seed}`) +
    (lang ? `&lang=${encodeURIComponent(lang)}` : ''); // the sheet online speaks the paper's language
  return url.href;
}

// ---------- blank answer boxes, in the shape of the engine's key (never its values) ----------
function blanks(ex, tokens) {
  const a = ex.answer;
  const tol = `<span class="ws-tol">${esc(t('exercises.worksheets.tolerance', { tolerance: show(ex.tolerance, 4) }))}</span>`;
  const box = (labelText, wide = false) => `<span class="ws-box${wide ? ' wide' : ''}"><span class="ws-box-label">${esc(labelText)}</span></span>`;
  if (a.type === 'number') return `<div class="ws-answer">${box(t('exercises.worksheets.answerBox'), true)}${tol}</div>`;
  if (a.type === 'vector') {
    const names = ex.given?.query !== undefined && tokens.length === a.values.length ? tokens : a.values.map((_, k) => `#${k + 1}`);
    return `<div class="ws-answer">${names.map((n) => box(n)).join('')}${tol}</div>`;
  }
  if (a.type === 'choice') {
    return `<ul class="ws-choices">${a.choices.map((c, k) => `<li><span class="ws-tick" aria-hidden="true"></span>${esc(choiceText(ex, k))}</li>`).join('')}</ul>`;
  }
  if (a.type === 'mask') {
    const names = ex.given?.tokens ?? a.weights.map((_, k) => `#${k + 1}`);
    return `<table class="ws-mask"><thead><tr><th scope="col">${esc(t('exercises.worksheets.maskKey'))}</th><th scope="col">${esc(t('exercises.worksheets.maskZero'))}</th><th scope="col">${esc(t('exercises.worksheets.maskOtherwise'))}</th></tr></thead><tbody>${
      names.map((n) => `<tr><th scope="row">${esc(n)}</th><td><span class="ws-tick"></span></td><td><span class="ws-box"></span></td></tr>`).join('')}</tbody></table>${tol}`;
  }
  if (a.type === 'shapes') {
    return `<div class="ws-shapes">${Object.keys(a.shapes).map((n) => `<span class="ws-shape"><b>${esc(label(n))}</b> <span class="ws-box small"></span> × <span class="ws-box small"></span></span>`).join('')}</div>`;
  }
  return '';
}

/** How wide an exercise's given rows of numbers are: up to 6 fit half a page, 7–8 fit it smaller, more take the
 * page's width. */
const SHOWN_ROWS = { score: ['q', 'k'], softmax_row: ['scores'], output_cell: ['weights', 'values'], mask_zeros: ['scaled'], why_scale: ['scores'], predict_max: [] };
function widthClass(ex) {
  const widest = Math.max(0, ...(SHOWN_ROWS[ex.kind] ?? Object.keys(ex.given ?? {})).map((k) => (Array.isArray(ex.given?.[k]) ? ex.given[k].length : 0)));
  return widest > 8 ? ' wide' : widest > 6 ? ' snug' : '';
}

/** An exercise's title on paper, with its head when the lesson has several (as the page tags it). */
const headed = (ex, heads, titleOf) => titleOf(ex) + (heads > 1 && Number.isInteger(ex.given?.head) && ex.kind !== 'multihead_shapes' ? ` (${t('exercises.headTag', { n: ex.given.head + 1 })})` : '');

/** One page or more: the sheet of one seed. */
function studentSheet({ sheet, seed, link, tokens, heads, givenHtml, titleOf, title }) {
  const page = document.createElement('section');
  page.className = 'ws-sheet';
  page.dataset.seed = String(seed);
  page.innerHTML = `<header class="ws-head"><div><p class="ws-kicker">${messageHtml('exercises.worksheets.kicker', {}, { seed: `<b>${seed}</b>` })}</p><h1>${esc(title(sheet))}</h1>
      <p class="ws-name">${esc(t('exercises.worksheets.name'))} <span class="ws-line"></span> ${esc(t('exercises.worksheets.date'))} <span class="ws-line short"></span></p>
      <p class="ws-link">${esc(t('exercises.worksheets.checkOnline', { seed }))} <span class="ws-url">${esc(link)}</span></p></div></header>
    <ol class="ws-list">${sheet.exercises.map((ex, k) => `<li class="ws-ex${widthClass(ex)}"><p class="ws-title"><b>${k + 1}. ${esc(headed(ex, heads, titleOf))}</b></p>
      <p class="prompt">${esc(promptText(ex))}</p><div class="given">${givenHtml(ex, tokens)}</div>${blanks(ex, tokens)}</li>`).join('')}</ol>`;
  const qr = qrImage(link, 22, t('exercises.worksheets.qr', { seed }));
  if (qr) page.querySelector('.ws-head').append(qr);
  paintGrids(page);
  return page;
}

/** The instructor's page for one seed: every key and its worked solution. */
function answerKey({ sheet, seed, heads, titleOf, title }) {
  const page = document.createElement('section');
  page.className = 'ws-key';
  page.dataset.seed = String(seed);
  page.innerHTML = `<header class="ws-head"><div><p class="ws-kicker">${messageHtml('exercises.worksheets.keyKicker', {}, { seed: `<b>${seed}</b>` })}</p><h1>${esc(title(sheet))}</h1></div></header>
    <ol class="ws-list">${sheet.exercises.map((ex, k) => `<li class="ws-ex"><p class="ws-title"><b>${k + 1}. ${esc(headed(ex, heads, titleOf))}</b> — ${esc(t('exercises.worksheets.keyAnswer'))}: <b class="ws-key-answer">${esc(answerInWords(ex.answer, ex))}</b></p>
      <ol class="ws-solution">${solutionTexts(ex).map((s) => `<li>${esc(s)}</li>`).join('')}</ol></li>`).join('')}</ol>`;
  return page;
}

/**
 * Builds the print of `seeds` for the set `source` (the page's {kind, id, text}): the students' sheets, then
 * (with `keys`) an answer-key page per seed; tokens and heads are the set's lesson's (the same for every seed).
 * Returns {element, problems}: what the engine refused, if anything.
 */
export function buildWorksheets({ engine, source, seeds, keys, tokens, heads = 1, givenHtml, titleOf, title = (sheet) => sheet.title || t('exercises.exercisesFallback'), lang = null }) {
  const root = document.createElement('div');
  root.className = 'worksheets';
  const sheets = [];
  for (const seed of seeds) {
    const r = engine.exercises(source.text, seed);
    if (!r.ok) return { element: null, problems: r.problems ?? [{ field: '', message: t('exercises.worksheets.engineStopped') }] };
    sheets.push({ sheet: r.value, seed });
  }
  for (const { sheet, seed } of sheets) root.append(studentSheet({ sheet, seed, link: sheetLink(source, seed, lang), tokens, heads, givenHtml, titleOf, title }));
  if (keys) for (const { sheet, seed } of sheets) root.append(answerKey({ sheet, seed, heads, titleOf, title }));
  return { element: root, problems: [] };
}

/**
 * The "Print worksheets" button (put into `header`) and its dialog. current(): the page's state ({source, seed,
 * trace}); givenHtml(ex, tokens) and titleOf(ex): how the page shows an exercise's given numbers and title.
 */
export function installWorksheets({ engine, header, current, givenHtml, titleOf, title, lang = () => null }) {
  const open = Object.assign(document.createElement('button'), { type: 'button', className: 'print-worksheets', textContent: t('exercises.worksheets.button') });
  header.append(open);
  const dialog = document.createElement('dialog');
  dialog.className = 'worksheet-dialog';
  dialog.setAttribute('aria-labelledby', 'worksheet-title');
  dialog.innerHTML = `<form method="dialog" novalidate>
    <h2 id="worksheet-title">${esc(t('exercises.worksheets.title'))}</h2>
    <fieldset><legend>${esc(t('exercises.worksheets.sheets'))}</legend>
      <label><input type="radio" name="who" value="one" checked> <span class="ws-this-sheet"></span></label>
      <label class="ws-class"><input type="radio" name="who" value="class"> ${esc(t('exercises.worksheets.classSeeds'))}
        <input type="number" name="count" min="1" max="${MAX_CLASS}" value="30" inputmode="numeric" aria-label="${esc(t('exercises.worksheets.classCount'))}"></label>
    </fieldset>
    <label><input type="checkbox" name="keys" checked> ${esc(t('exercises.worksheets.keys'))}</label>
    <p class="ws-note">${esc(t('exercises.worksheets.note'))}</p>
    <p class="ws-problem" role="alert" hidden></p>
    <div class="ws-actions"><button type="submit" value="print" class="ws-print">${esc(t('exercises.worksheets.print'))}</button><button type="submit" value="cancel">${esc(t('exercises.worksheets.cancel'))}</button></div>
  </form>`;
  document.body.append(dialog);
  const form = dialog.querySelector('form');
  const problem = dialog.querySelector('.ws-problem');
  const say = (text) => { problem.textContent = text; problem.hidden = !text; };
  form.elements.count.addEventListener('focus', () => { form.elements.who.value = 'class'; });

  open.addEventListener('click', () => {
    const state = current();
    if (!state?.sheet) return;
    dialog.querySelector('.ws-this-sheet').textContent = t('exercises.worksheets.thisSheet', { seed: state.seed });
    say('');
    dialog.showModal();
  });

  let printed = null;
  const clear = () => {
    printed?.remove();
    printed = null;
    delete document.documentElement.dataset.print;
    printLink.suspend(false);
  };
  window.addEventListener('afterprint', () => { if (printed) clear(); });

  form.addEventListener('submit', (e) => {
    if (e.submitter?.value !== 'print') return; // Cancel closes the dialog
    const count = Number(form.elements.count.value);
    const who = form.elements.who.value;
    if (who === 'class' && !(Number.isInteger(count) && count >= 1 && count <= MAX_CLASS)) {
      e.preventDefault();
      say(t('exercises.worksheets.classSize', { max: MAX_CLASS }));
      return;
    }
    const state = current();
    const { element, problems } = buildWorksheets({
      engine, source: state.source, seeds: seedsOf({ who, count }, state.seed), keys: form.elements.keys.checked,
      tokens: state.trace?.tokens ?? [], heads: state.trace?.heads ?? 1, givenHtml, titleOf, ...(title ? { title } : {}), lang: lang(),
    });
    if (!element) {
      e.preventDefault();
      say(t('exercises.worksheets.engineRefused', { problems: problems.map(problemText).join('; ') }));
      return;
    }
    clear();
    printed = element;
    document.body.append(element);
    document.documentElement.dataset.print = 'worksheets';
    printLink.suspend(true); // each sheet carries its own seed's link
    // after the dialog has closed (this submit closes it): the print shows the sheets, not the dialog
    setTimeout(() => window.print());
  });
}
