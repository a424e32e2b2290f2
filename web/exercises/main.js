// The exercise page: an exercise set (built-in, or authored and carried in the link) and a seed go through the
// engine, which returns this student's sheet with answer keys; the page asks, checks, hints, and keeps the
// progress in localStorage (keyed by set and seed). Embedded in an iframe it also posts each result to the host.
import { loadEngine } from '../../wasm/engine.js';
import { SETS, setById } from './sets.js';
import { answerInWords, judge, label, readAnswer } from './check.js';
import { browserSeed, clearProgress, loadProgress, persistent, saveProgress, storageTrouble } from './progress.js';
import { esc, grid, paintGrids, rowsOf, show } from './grid.js';
import { conceptGivenHtml } from './concepts.js';
import { installWorksheets } from '../print/worksheets.js';
import { createOffThreadEngine, OFF_THREAD_WORK } from '../off-thread.js';
import { stepById } from '../registry.js';
import { decodeText as decodeBase64Url, encodeText as encodeBase64Url } from '../lib/base64url.js';
import { LAYER_MATRICES, labelsOf } from '../registry-layer.js';
import { startLms } from '../lms/hook.js';
import { answeredStatement } from '../lms/xapi.js';
import { downloadHtml, wireDownload } from '../lms/download.js';
import { finishHtml, gradeHtml, wireFinish, wireGrade } from '../lms/results-ui.js';
import { problemHtml } from '../i18n/problem-text.js';
import { language, startLanguage, t } from '../i18n/i18n.js';
import { listSeparator } from '../i18n/numerals.js';
import { addressIn, languagePicker } from '../i18n/language-picker.js';
import { choiceText, kindTitle, messageHtml, promptText, setLabel, setTitle, solutionTexts } from './words.js';
import { logo } from '../views/logo.js';

const app = document.getElementById('app');
const WRONG_BEFORE_SOLUTION = 3;
const embedded = window.parent !== window;
const offThread = createOffThreadEngine();

// The engine loads while the reader's language does (a link's lang=, in the query or the hash, an LMS package's own,
// then their choice, then the browser's): every word below is theirs.
const loading = loadEngine();
loading.catch(() => {}); // (its failure is reported below, in the reader's language)
await startLanguage({ page: 'exercises' });
document.title = t('exercises.pageTitle');
app.querySelector('.loading')?.replaceChildren(t('exercises.loading'));

let engine;
try {
  engine = await loading;
} catch (err) {
  app.innerHTML = `<p class="fatal">${esc(t('exercises.engineFailed', { message: err.message }))}</p>`;
  throw err;
}
const MAX_SEED = engine.schema().maxSeed; // the engine's seed range (np.random.seed's)

// The engine stopped (a trap, abort or out of memory): start a fresh instance and reopen the last sheet; the
// answers come back from localStorage (progress.js writes every change at once).
let recovering = false;
engine.onCrash((reason) => {
  if (recovering) return;
  recovering = true;
  const message = t('exercises.crashRestarted', { reason });
  engine.restart().then(() => {
    load(state ? { source: state.source, seed: state.seed, notices: [message] } : { ...fromLink(), notices: [message] });
  }, (err) => {
    app.querySelector('.ex-notices')?.insertAdjacentHTML('afterbegin', `<p class="notice" role="alert">${esc(t('exercises.crashFailed', { reason, message: err.message }))}</p>`);
  }).finally(() => { recovering = false; });
});


/** A step of the Transformer layer (core/steps.json, web/registry-layer.js): its matrices this trace has, as grids. */
function layerStepGrids(trace, id) {
  const step = stepById(id);
  if (!step?.applies) return '';
  const out = [];
  for (const name of step.matrices) {
    const m = LAYER_MATRICES[name];
    if (!m) continue;
    const heads = m.perHead ? trace.headTraces.map((_, h) => h) : [0];
    for (const h of heads) {
      let value = null;
      try { value = m.value(trace, h); } catch { value = null; }
      if (!value) continue;
      out.push(grid(value, { caption: m.title + (m.perHead && trace.heads > 1 ? ` (${t('exercises.headTag', { n: h + 1 })})` : ''), rowLabels: labelsOf(trace, m.rows), ...(m.cols === 'dV' ? {} : { colLabels: labelsOf(trace, m.cols) }), digits: 2 }));
    }
  }
  return out.join('');
}

// ---------- the link: #set=NAME or #setjson=BASE64URL, and seed= (hash or query) ----------
function params() {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(location.search);
  return { get: (k) => hash.get(k) ?? query.get(k) };
}

function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k++) { h ^= text.charCodeAt(k); h = Math.imul(h, 0x01000193) >>> 0; }
  return h.toString(16).padStart(8, '0');
}

function parseSeed(text) {
  const t = String(text ?? '').trim();
  if (!/^\d+$/.test(t) || Number(t) > MAX_SEED) return null;
  return Number(t);
}

/** {source: {kind: 'builtin'|'custom', id, text, label}, seed, notices: [text]} */
function fromLink() {
  const p = params();
  const notices = [];
  let source = null;
  const custom = p.get('setjson');
  if (custom !== null) {
    try {
      const text = decodeBase64Url(custom);
      source = { kind: 'custom', id: `custom-${fnv1a(text)}`, text, label: t('exercises.notices.linkSet') };
    } catch {
      notices.push(t('exercises.notices.badSetJson'));
    }
  } else if (p.get('set') !== null) {
    const builtin = setById(p.get('set'));
    if (builtin) source = builtinSource(builtin);
    else notices.push(t('exercises.notices.noSuchSet', { name: p.get('set') }));
  }
  if (!source) source = builtinSource(SETS[0]);
  let seed = browserSeed();
  if (p.get('seed') !== null) {
    const s = parseSeed(p.get('seed'));
    if (s === null) notices.push(t('exercises.notices.badSeed', { seed: p.get('seed'), max: MAX_SEED }));
    else seed = s;
  }
  return { source, seed, notices };
}
function builtinSource(b) {
  return { kind: 'builtin', id: b.id, text: JSON.stringify(b.set), label: setLabel(b.id, b.label) };
}

// A link in the hash keeps the language it came with (a lang= in the query stays there by itself).
const HASH_LANG = new URLSearchParams(location.hash.replace(/^#/, '')).get('lang') !== null;
function linkHash(source, seed) {
  const lang = HASH_LANG ? `&lang=${encodeURIComponent(language())}` : '';
  return (source.kind === 'custom' ? `#setjson=${encodeBase64Url(source.text)}&seed=${seed}` : `#set=${source.id}&seed=${seed}`) + lang;
}
/** The language a link made here for others carries: the reader's, unless it is the default and no link asked for it. */
const ASKED_LANG = HASH_LANG || new URLSearchParams(location.search).has('lang');
const linkLanguage = () => (ASKED_LANG || language() !== 'en' ? language() : null);

// ---------- state ----------
let state = null; // {source, seed, notices, sheet, problems, trace, progress}
let authorEdited = false; // the author's box holds the author's own text: a new sheet does not replace it

function load({ source, seed, notices }) {
  const result = engine.exercises(source.text, seed);
  if (result.crashed) return; // the crash handler reopens the last sheet
  state = { source, seed, notices, sheet: null, problems: [], trace: null, progress: loadProgress('', -1) };
  if (!result.ok) {
    state.problems = result.problems;
  } else {
    // The engine read the set (its text is never parsed here) and hands back the lesson of this seed.
    state.sheet = result.value;
    const lesson = state.sheet.lesson;
    if (offThread && engine.plan(lesson).work > OFF_THREAD_WORK) {
      // a big lesson's matrices are computed in the walkthrough's worker: the sheet is usable meanwhile
      const mine = state;
      state.computing = true;
      offThread.trace(lesson).then((r) => {
        if (state !== mine) return;
        state.computing = false;
        state.trace = r.ok ? r.trace : null;
        render();
      });
    } else {
      const traced = engine.trace(lesson);
      state.trace = traced.ok ? traced.value : null;
    }
    state.progress = loadProgress(source.id, seed);
    if (inLms()) lms.opened(state.sheet, state.progress);
  }
  const hash = linkHash(source, seed);
  if (location.hash !== hash) history.replaceState(null, '', hash);
  render();
}

// ---------- layout ----------
const code = (text) => `<code>${esc(text)}</code>`;
app.innerHTML = `
  <header class="ex-top"><div class="ex-top-inner">
    <a class="brand" href="./index.html" title="${esc(t('exercises.header.brandTitle'))}">${logo(22)}<span>Attention Lab</span></a>
    <label class="field set"><span>${esc(t('exercises.header.set'))}</span><select name="set"></select></label>
    <form class="field seed"><label for="seed-input">${esc(t('exercises.header.seed'))}</label><span class="seed-row"><input id="seed-input" name="seed" inputmode="numeric" autocomplete="off"><button type="submit">${esc(t('exercises.header.use'))}</button></span></form>
    <div class="ex-language"></div>
    <button type="button" class="reset">${esc(t('exercises.header.reset'))}</button>
    <p class="seed-problem" role="alert" hidden></p>
  </div></header>
  <main class="ex-main">
    <div class="ex-notices"></div>
    <section class="ex-intro"></section>
    <details class="ex-lesson" hidden><summary>${esc(t('exercises.lessonSummary'))}</summary><div class="ex-lesson-body"></div></details>
    <ol class="ex-list"></ol>
    ${finishHtml()}
    <details class="ex-key" hidden><summary>${esc(t('exercises.key.summary'))}</summary><ol class="ex-key-list"></ol></details>
    <details class="ex-author"><summary>${esc(t('exercises.author.summary'))}</summary>
      <p>${messageHtml('exercises.author.intro', {}, {
        kinds: 'score, scaled_score, softmax_row, output_cell, predict_max, mask_zeros, why_scale, multihead_shapes',
        command: code('attnlab exercises SET.json --seed S'), flag: code('?instructor=1'), example: code('exercises.html?instructor=1#set=NAME&seed=S'),
      })}</p>
      <textarea name="author" rows="12" spellcheck="false" aria-label="${esc(t('exercises.author.textarea'))}"></textarea>
      <div class="author-actions"><button type="button" class="author-open">${esc(t('exercises.author.open'))}</button></div>
      <div class="author-problems" role="alert"></div>
      <label class="author-link" hidden><span>${esc(t('exercises.author.link'))}</span><input readonly></label>
    </details>
    ${downloadHtml()}
    ${gradeHtml()}
  </main>
  <footer class="ex-foot">${esc(t('exercises.footer'))} <a href="./index.html">${esc(t('exercises.footerLink'))}</a></footer>`;

// The reader's choice of language (the walkthrough's picker, with the Arabic digits choice): this sheet opens again
// in it with lang= in the query, the set and seed kept in the fragment (without its own lang=).
languagePicker(app.querySelector('.ex-language'), {
  onChoose: (code) => {
    const url = new URL(addressIn(code));
    const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
    hash.delete('lang');
    url.hash = hash.toString();
    location.assign(url.href);
  },
});

const setSelect = app.querySelector('select[name=set]');
setSelect.innerHTML = SETS.map((s) => `<option value="${esc(s.id)}">${esc(setLabel(s.id, s.label))}</option>`).join('') + `<option value="" disabled>${esc(t('exercises.header.setFromLink'))}</option>`;
setSelect.addEventListener('change', () => {
  const b = setById(setSelect.value);
  if (b) load({ source: builtinSource(b), seed: state.seed, notices: [] });
});
const seedForm = app.querySelector('form.seed');
const seedInput = seedForm.querySelector('input');
const seedProblem = app.querySelector('.seed-problem');
seedForm.addEventListener('submit', (e) => {
  e.preventDefault();
  const s = parseSeed(seedInput.value);
  if (s === null) {
    seedProblem.textContent = t('exercises.header.seedProblem', { max: MAX_SEED });
    seedProblem.hidden = false;
    return;
  }
  seedProblem.hidden = true;
  if (s !== state.seed) load({ source: state.source, seed: s, notices: [] });
});
app.querySelector('button.reset').addEventListener('click', () => {
  if (!state?.sheet) return;
  if (!window.confirm(t('exercises.header.resetConfirm'))) return;
  clearProgress(state.source.id, state.seed);
  state.progress = loadProgress('', -1); // (an empty record set without a prototype)
  render();
});
window.addEventListener('hashchange', () => {
  if (location.hash !== linkHash(state.source, state.seed)) load(fromLink());
});
// "Print worksheets": this sheet or a class's, with answer keys (web/print/worksheets.js)
installWorksheets({ engine, header: app.querySelector('.ex-top-inner'), current: () => state, givenHtml, titleOf: (ex) => kindTitle(ex.kind), title: () => sheetTitle(), lang: linkLanguage });

// authoring: check with the engine, then open as #setjson=
const authorText = app.querySelector('textarea[name=author]');
const authorProblems = app.querySelector('.author-problems');
const authorLink = app.querySelector('.author-link');
app.querySelector('.author-open').addEventListener('click', () => {
  const text = authorText.value;
  const r = engine.exercises(text, state.seed);
  authorLink.hidden = true;
  if (!r.ok) {
    authorProblems.innerHTML = problemList(r.problems, t('exercises.author.problems'));
    return;
  }
  authorProblems.innerHTML = '';
  const compact = text; // exactly what the engine read: the link carries the same text
  const source = { kind: 'custom', id: `custom-${fnv1a(compact)}`, text: compact, label: t('exercises.notices.linkSet') };
  load({ source, seed: state.seed, notices: [] });
  const url = new URL(location.href);
  url.hash = linkHash(source, 0).replace(/&seed=0(?=&|$)/, '').replace(/&lang=[^&]*$/, '') + (linkLanguage() ? `&lang=${encodeURIComponent(linkLanguage())}` : '');
  authorLink.hidden = false;
  authorLink.querySelector('input').value = url.href;
  window.scrollTo({ top: 0 });
});

// The LMS tools (web/lms/): a package of the sheet shown, the student's results code, the instructor's grader.
const shown = () => (state?.sheet ? state : null);
wireDownload(app.querySelector('.ex-download'), () => shown() && { set: { id: state.source.id, title: sheetTitle(), text: state.source.text }, lang: language() });
wireFinish(app.querySelector('.ex-finish'), () => shown() && { setId: state.source.id, seed: state.seed, sheet: state.sheet, progress: state.progress });
wireGrade(app.querySelector('.ex-grade'), engine, () => (state?.source.kind === 'custom' ? [state.source.text] : []));

function problemList(problems, title) {
  return `<p>${esc(title)}</p><ul class="problem-list">${problems.map((p) => `<li>${problemHtml(p)}</li>`).join('')}</ul>`;
}

// ---------- rendering ----------
function render() {
  const { source, seed, sheet } = state;
  setSelect.value = source.kind === 'builtin' ? source.id : '';
  seedInput.value = String(seed);
  if (!authorEdited) {
    try { authorText.value = JSON.stringify(JSON.parse(source.text), null, 1); } catch { authorText.value = source.text; }
  }
  authorText.oninput = () => { authorEdited = authorText.value !== ''; };

  renderNotices();

  const intro = app.querySelector('.ex-intro');
  const list = app.querySelector('.ex-list');
  const lessonPanel = app.querySelector('.ex-lesson');
  if (!sheet) {
    intro.innerHTML = '';
    list.innerHTML = '';
    lessonPanel.hidden = true;
    publish();
    return;
  }
  document.title = `${sheetTitle()} — Attention Lab`;
  intro.innerHTML = `<h1>${esc(sheetTitle())}</h1>
    <p class="seed-note">${messageHtml(sheet.reseed === false ? 'exercises.seedNoteKept' : 'exercises.seedNote', {}, {
      seed: `<b class="seed-value">${seed}</b>`, link: `<a class="own-link" href="${esc(linkHash(source, seed))}">${esc(t('exercises.seedLink'))}</a>`,
    })}</p>
    <p class="summary" aria-live="polite"></p>`;
  list.innerHTML = '';
  sheet.exercises.forEach((ex, index) => list.append(card(ex, index)));
  renderKey();
  renderLesson();
  renderSummary();
  publish();
}

/** A built-in set's title in the reader's language; an authored set's own. */
function sheetTitle() {
  const own = state.sheet?.title || t('exercises.exercisesFallback');
  return state.source.kind === 'builtin' ? setTitle(state.source.id, own) : own;
}

function renderNotices() {
  const notices = [...state.notices];
  if (!persistent) notices.push(t('exercises.notices.noStorage'));
  else if (storageTrouble()) notices.push(t('exercises.notices.storageFull'));
  if (inLms() && lms.status) notices.push(lms.status);
  const box = app.querySelector('.ex-notices');
  box.innerHTML = notices.map((n) => `<p class="notice" role="status">${esc(n)}</p>`).join('') +
    (state.problems.length ? `<div class="problems" role="alert">${problemList(state.problems, t('exercises.notices.problemsTitle'))}<p>${esc(t('exercises.notices.problemsHelp'))}</p></div>` : '');
}

// The answer key of the sheet shown (the engine's, as it checks answers), for an instructor who opened the page with
// ?instructor=1: any seed, no command line needed. Students' links never carry the flag.
const INSTRUCTOR = new URLSearchParams(location.search).get('instructor') === '1';
function renderKey() {
  const box = app.querySelector('.ex-key');
  box.hidden = !INSTRUCTOR;
  if (!INSTRUCTOR) return;
  box.querySelector('summary').textContent = t('exercises.key.summarySeed', { seed: state.seed });
  box.querySelector('.ex-key-list').innerHTML = state.sheet.exercises.map((ex) => `<li data-id="${esc(ex.id)}"><b>${esc(kindTitle(ex.kind))}</b>: ${esc(answerInWords(ex.answer, ex))}</li>`).join('');
}

function renderSummary() {
  const recs = state.sheet.exercises.map((e) => state.progress.exercises[e.id]);
  const done = recs.filter((r) => r?.correct).length;
  const attempts = recs.reduce((s, r) => s + (r?.attempts ?? 0), 0);
  app.querySelector('.summary').textContent = t('exercises.summary', { done, total: recs.length, count: attempts });
}

function tokens() { return state.trace?.tokens ?? []; }

function renderLesson() {
  const panel = app.querySelector('.ex-lesson');
  const steps = state.sheet.visible_steps ?? [];
  const trace = state.trace;
  if (!trace || steps.length === 0) { panel.hidden = true; return; }
  // a predict_max query keeps its weights row veiled until it is answered
  const veiled = new Map(); // head -> Set(query)
  for (const e of state.sheet.exercises) {
    if (e.kind !== 'predict_max' || state.progress.exercises[e.id]?.attempts) continue;
    const h = e.given?.head ?? 0;
    if (!veiled.has(h)) veiled.set(h, new Set());
    veiled.get(h).add(e.given.query);
  }
  const tok = trace.tokens;
  const heads = trace.headTraces.map((h, i) => ({ h, i, sub: trace.heads > 1 ? ` <small>${esc(t('exercises.headTag', { n: i + 1 }))}</small>` : '' }));
  const parts = [];
  for (const step of steps) {
    let body = '';
    if (step === 'embed') body = grid(trace.X, { caption: 'X', rowLabels: tok, digits: 2 });
    if (step === 'project') body = heads.map(({ h, sub }) => ['Q', 'K', 'V'].map((n) => grid(h[n], { caption: n + sub, rowLabels: tok, digits: 2 })).join('')).join('');
    if (step === 'score') body = heads.map(({ h, sub }) => grid(h.scores, { caption: 'scores = Q·Kᵀ' + sub, rowLabels: tok, colLabels: tok, digits: 2 })).join('');
    if (step === 'scale') body = heads.map(({ h, sub }) => grid(h.scaled, { caption: esc(t('exercises.lesson.scaled', { divisor: show(trace.divisor, 3) })) + sub, rowLabels: tok, colLabels: tok, digits: 2 })).join('');
    if (step === 'softmax') body = heads.map(({ h, i, sub }) => grid(h.weights, { caption: 'weights = softmax(scaled)' + sub, rowLabels: tok, colLabels: tok, digits: 2, scale: 'sequential', hiddenRows: veiled.get(i) ?? new Set(), hiddenNote: t('exercises.lesson.hiddenNote') })).join('');
    if (step === 'sum') body = heads.map(({ h, sub }) => grid(h.Z, { caption: 'Z = weights·V' + sub, rowLabels: tok, digits: 2 })).join('');
    if (!body) body = layerStepGrids(trace, step);
    parts.push(`<section class="lesson-step" data-step="${esc(step)}"><h3>${esc(stepById(step)?.title ?? step)}</h3><div class="grids">${body}</div></section>`);
  }
  panel.querySelector('.ex-lesson-body').innerHTML = parts.join('');
  paintGrids(panel.querySelector('.ex-lesson-body'));
  panel.hidden = false;
}

function record(id) {
  return state.progress.exercises[id] ?? { attempts: 0, correct: false, tried: [] };
}

function card(ex, index) {
  const li = document.createElement('li');
  li.className = 'ex-card';
  li.dataset.id = ex.id;
  li.dataset.kind = ex.kind;
  li.id = `exercise-${ex.id}`;
  const head = ex.given?.head;
  const headNote = state.trace?.heads > 1 && Number.isInteger(head) && ex.kind !== 'multihead_shapes' ? ` <span class="head-tag">${esc(t('exercises.headTag', { n: head + 1 }))}</span>` : '';
  li.innerHTML = `
    <header class="ex-head"><span class="ex-no">${index + 1}</span><h2>${esc(kindTitle(ex.kind))}${headNote}</h2><span class="ex-status"></span></header>
    <p class="prompt">${esc(promptText(ex))}</p>
    <div class="given">${givenHtml(ex)}</div>
    <form class="answer" novalidate>${inputsHtml(ex)}<div class="actions"><button type="submit" class="check">${esc(t('exercises.card.check'))}</button><span class="tolerance">${toleranceNote(ex)}</span></div></form>
    <div class="feedback" role="status" aria-live="polite"></div>
    <div class="reveal-area"></div>
    <div class="solution-area"><button type="button" class="show-solution" hidden>${esc(t('exercises.card.showSolution'))}</button><ol class="solution" hidden></ol></div>`;
  paintGrids(li.querySelector('.given'));
  wire(li, ex);
  paintCard(li, ex);
  return li;
}

function toleranceNote(ex) {
  const type = ex.answer.type;
  if (type === 'number' || type === 'vector' || type === 'mask') return esc(t('exercises.card.within', { tolerance: show(ex.tolerance, 4) }));
  return '';
}

function vectorRow(values, name, colLabels) {
  return grid([values], { rowLabels: [name], colLabels, shape: false });
}

function givenHtml(ex) {
  const g = ex.given ?? {};
  const tok = tokens();
  const name = (i) => tok[i] ?? `#${i + 1}`;
  const fact = (k, v) => `<span class="fact"><span>${k}</span> <b>${v}</b></span>`;
  const say = (key, params) => esc(t(`exercises.given.${key}`, params));
  switch (ex.kind) {
    case 'score':
      return grid([g.q, g.k], { rowLabels: [`q (${name(g.query)})`, `k (${name(g.key)})`], caption: say('qAndK', { dk: g.q.length }), shape: false });
    case 'scaled_score':
      return `<p class="facts">${fact(say('rawScore'), show(g.score))}${fact('d_k', g.d_k)}</p>`;
    case 'softmax_row': {
      const labels = g.query !== undefined && tok.length === g.scores.length ? tok : undefined;
      return vectorRow(g.scores, g.query !== undefined ? t('exercises.given.scaledOf', { token: name(g.query) }) : t('exercises.given.scores'), labels);
    }
    case 'output_cell':
      return grid([g.weights, g.values], { rowLabels: [t('exercises.given.weightsOf', { token: name(g.query) }), t('exercises.given.vColumn', { n: g.dim + 1 })], colLabels: tok.length === g.weights.length ? tok : undefined, caption: say('weightsCaption'), shape: false });
    case 'predict_max':
      return `<p class="facts">${fact(say('query'), esc(name(g.query)))}${fact(say('keys'), g.tokens.map(esc).join(', '))}</p>`;
    case 'mask_zeros': {
      const pads = g.tokens.filter((_, k) => g.mask?.padding?.[k]);
      const mask = g.mask === 'causal'
        ? say('maskCausal', { token: name(g.query) })
        : pads.length ? say('maskPadding', { tokens: pads.map((w) => `“${w}”`).join(', '), count: pads.length }) : say('maskPaddingNone');
      return vectorRow(g.scaled, t('exercises.given.scaledOf', { token: name(g.query) }), g.tokens) + `<p class="facts">${fact(say('mask'), mask)}</p>`;
    }
    case 'why_scale':
      return vectorRow(g.scores, t('exercises.given.rawScores'), undefined) + `<p class="facts">${fact('d_k', g.d_k)}${fact('√d_k', show(Math.sqrt(g.d_k), 3))}</p>`;
    case 'multihead_shapes':
      return `<p class="facts">${fact('n', g.n)}${fact('d_model', g.d_model)}${fact('h', g.heads)}${fact('d_k', g.d_k)}${fact('d_v', g.d_v)}${fact(say('outputWidth'), g.d_out)}</p>`;
    case 'layer_norm_cell':
      return vectorRow(g.row, t('exercises.given.rowOf', { token: name(g.query) }), undefined) + `<p class="facts">${fact(say('column'), g.column + 1)}${fact('γ', show(g.gamma))}${fact('β', show(g.beta))}${fact('ε', show(g.eps, 8))}</p>`;
    case 'residual_sum':
      return `<p class="facts">${fact(say('xWentIn'), show(g.input))}${fact('MHA(x)', show(g.attention))}</p>`;
    case 'ffn_cell':
      return grid([g.x, g.w], { rowLabels: [t('exercises.given.xOf', { token: name(g.query) }), t('exercises.given.wffColumn', { n: g.unit + 1 })], caption: say('ffnCaption'), shape: false }) + `<p class="facts">${fact('b_ff1', show(g.bias))}${fact(say('activation'), g.activation === 'gelu' ? 'GELU' : 'ReLU')}</p>`;
    case 'cross_shapes':
      return `<p class="facts">${fact(say('nTarget'), g.n)}${fact(say('mSource'), g.m)}${fact('d_model', g.d_model)}${fact('d_k', g.d_k)}${fact('d_v', g.d_v)}</p>`;
    case 'sinusoidal_entry':
      return `<p class="facts">${fact(say('positionP'), g.position)}${fact(say('column'), g.column)}${fact('d_model', g.d_model)}</p>`;
    case 'static_contextual':
    case 'bahdanau_alignment':
    case 'mask_purpose':
      return conceptGivenHtml(ex);
    default:
      return '';
  }
}

function inputsHtml(ex) {
  const a = ex.answer;
  const tok = tokens();
  if (a.type === 'number') {
    return `<label class="num-answer"><span>${esc(t('exercises.card.yourAnswer'))}</span><input name="value" inputmode="decimal" autocomplete="off" spellcheck="false"></label>`;
  }
  if (a.type === 'vector') {
    const labels = ex.given?.query !== undefined && tok.length === a.values.length ? tok : a.values.map((_, k) => `#${k + 1}`);
    return `<fieldset class="vector-answer"><legend>${esc(t('exercises.card.yourWeights'))}</legend><div class="boxes">${a.values.map((_, k) =>
      `<label><span>${esc(labels[k])}</span><input name="v${k}" data-k="${k}" inputmode="decimal" autocomplete="off" spellcheck="false"></label>`).join('')}</div></fieldset>`;
  }
  if (a.type === 'choice') {
    return `<fieldset class="choice-answer"><legend>${esc(t('exercises.card.chooseOne'))}</legend><div class="choices" role="radiogroup">${a.choices.map((c, k) =>
      `<button type="button" class="choice" role="radio" aria-checked="false" tabindex="${k === 0 ? 0 : -1}" data-k="${k}">${esc(choiceText(ex, k))}</button>`).join('')}</div></fieldset>`;
  }
  if (a.type === 'mask') {
    const names = ex.given?.tokens ?? a.weights.map((_, k) => `#${k + 1}`);
    return `<fieldset class="mask-answer"><legend>${esc(t('exercises.card.maskLegend'))}</legend>
      <table><thead><tr><th scope="col">${esc(t('exercises.card.maskKey'))}</th><th scope="col">${esc(t('exercises.card.maskZero'))}</th><th scope="col">${esc(t('exercises.card.maskWeight'))}</th></tr></thead><tbody>${a.weights.map((_, k) =>
      `<tr><th scope="row">${esc(names[k])}</th><td><input type="checkbox" name="z${k}" data-k="${k}" aria-label="${esc(t('exercises.card.maskZeroLabel', { name: names[k] }))}"></td>` +
      `<td><input name="w${k}" data-k="${k}" inputmode="decimal" autocomplete="off" aria-label="${esc(t('exercises.card.maskWeightLabel', { name: names[k] }))}"></td></tr>`).join('')}</tbody></table></fieldset>`;
  }
  if (a.type === 'shapes') {
    return `<fieldset class="shapes-answer"><legend>${esc(t('exercises.card.shapesLegend'))}</legend><div class="shape-grid">${Object.keys(a.shapes).map((n) =>
      `<div class="shape-row"><span class="shape-name">${esc(label(n))}</span><input name="${esc(n)}-r" inputmode="numeric" aria-label="${esc(t('exercises.card.rowsOf', { name: label(n) }))}" autocomplete="off"><span aria-hidden="true">×</span><input name="${esc(n)}-c" inputmode="numeric" aria-label="${esc(t('exercises.card.columnsOf', { name: label(n) }))}" autocomplete="off"></div>`).join('')}</div></fieldset>`;
  }
  return `<p class="warn">${esc(t('exercises.card.unknownType', { type: a.type }))}</p>`;
}

// ----- reading and restoring the raw input (what the student typed, even if unchecked) -----
// The typed text is read from its boxes; what the student chose (a choice, the "exactly 0" flags) lives in the
// state (progress.exercises[id].raw), set by its click or change, and is only ever written to the page.
function readRaw(li, ex, chosen = record(ex.id).raw) {
  const f = li.querySelector('form');
  const a = ex.answer;
  if (a.type === 'number') return f.elements.value.value;
  if (a.type === 'vector') return a.values.map((_, k) => f.elements[`v${k}`].value);
  if (a.type === 'choice') return Number.isInteger(chosen) ? chosen : null;
  if (a.type === 'mask') {
    const zero = a.weights.map((_, k) => Boolean(chosen?.zero?.[k]));
    return { zero, weights: a.weights.map((_, k) => (zero[k] ? '' : f.elements[`w${k}`].value)) };
  }
  if (a.type === 'shapes') return Object.fromEntries(Object.keys(a.shapes).map((n) => [n, [f.elements[`${n}-r`].value, f.elements[`${n}-c`].value]]));
  return null;
}
function writeRaw(li, ex, raw) {
  if (raw == null) return;
  const f = li.querySelector('form');
  const a = ex.answer;
  if (a.type === 'number') f.elements.value.value = raw;
  if (a.type === 'vector') a.values.forEach((_, k) => { f.elements[`v${k}`].value = raw[k] ?? ''; });
  // (one tab stop per radio group: the chosen answer, as native radio buttons have)
  if (a.type === 'choice') f.querySelectorAll('.choice').forEach((b, k) => { b.setAttribute('aria-checked', String(k === raw)); b.tabIndex = k === raw ? 0 : -1; });
  if (a.type === 'mask') a.weights.forEach((_, k) => { f.elements[`z${k}`].checked = !!raw.zero?.[k]; f.elements[`w${k}`].value = raw.weights?.[k] ?? ''; f.elements[`w${k}`].disabled = !!raw.zero?.[k]; });
  if (a.type === 'shapes') Object.keys(a.shapes).forEach((n) => { f.elements[`${n}-r`].value = raw[n]?.[0] ?? ''; f.elements[`${n}-c`].value = raw[n]?.[1] ?? ''; });
}

// Storage that fails after loading (full): answers stay in this tab's memory, every change tries again, and the
// page says so once.
let storageNoticeShown = false;
function save() {
  if (saveProgress(state.source.id, state.seed, state.progress) || !persistent || storageNoticeShown) return;
  storageNoticeShown = true;
  const box = app.querySelector('.ex-notices');
  box.insertAdjacentHTML('afterbegin', `<p class="notice storage-notice" role="status">${esc(t('exercises.notices.storageFull'))}</p>`);
}

function wire(li, ex) {
  const form = li.querySelector('form');
  // chosen: the new choice or flags, when the event changed them (else they stay as the state holds them)
  const keep = (chosen) => {
    const rec = record(ex.id);
    if (rec.correct || rec.locked) return;
    state.progress.exercises[ex.id] = { ...rec, raw: readRaw(li, ex, chosen ?? rec.raw) };
    save();
    if (chosen !== undefined) writeRaw(li, ex, state.progress.exercises[ex.id].raw);
  };
  form.addEventListener('input', (e) => {
    li.querySelector('.feedback').classList.remove('invalid');
    const flag = /^z(\d+)$/.exec(e.target.name ?? '');
    if (!flag) { keep(); return; }
    const was = readRaw(li, ex);
    keep({ zero: was.zero.map((z, k) => (k === Number(flag[1]) ? e.target.checked : z)) });
  });
  const choices = [...form.querySelectorAll('.choice')];
  choices.forEach((b, k) => b.addEventListener('click', () => keep(k)));
  // a radio group answers the arrow keys (and Home, End): the next choice is focused and chosen
  choices.forEach((b, k) => b.addEventListener('keydown', (e) => {
    const to = { ArrowDown: k + 1, ArrowRight: k + 1, ArrowUp: k - 1, ArrowLeft: k - 1, Home: 0, End: choices.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = (to + choices.length) % choices.length;
    choices[next].focus();
    keep(next);
  }));
  // a pasted row "0.88, 0.12" fills the boxes from the one pasted into
  form.querySelectorAll('.vector-answer input').forEach((input) => input.addEventListener('paste', (e) => {
    const text = e.clipboardData?.getData('text') ?? '';
    const parts = text.trim().split(/[\s,;]+/).filter(Boolean);
    if (parts.length < 2) return;
    e.preventDefault();
    const start = Number(input.name.slice(1)); // v0, v1, …
    parts.forEach((p, k) => { const box = form.elements[`v${start + k}`]; if (box) box.value = p; });
    keep();
  }));
  form.addEventListener('submit', (e) => { e.preventDefault(); check(li, ex); });
  li.querySelector('.show-solution').addEventListener('click', () => {
    state.progress.exercises[ex.id] = { ...record(ex.id), solution: true };
    save();
    paintCard(li, ex);
    li.querySelector('.solution').focus();
  });
}

function check(li, ex) {
  const rec = record(ex.id);
  if (rec.correct || rec.locked) return;
  const raw = readRaw(li, ex);
  const read = readAnswer(ex, raw);
  const feedback = li.querySelector('.feedback');
  if (!read.ok) {
    feedback.className = 'feedback invalid';
    feedback.innerHTML = `<p>${esc(read.message)}</p><p class="small">${esc(t('exercises.feedback.notCounted'))}</p>`;
    return;
  }
  const key = JSON.stringify(read.answer);
  if ((rec.tried ?? []).includes(key)) {
    feedback.className = 'feedback invalid';
    feedback.innerHTML = `<p>${esc(rec.hint ? t('exercises.feedback.alreadyTriedHint', { hint: hintOf(ex, rec) }) : t('exercises.feedback.alreadyTried'))}</p><p class="small">${esc(t('exercises.feedback.notCountedAgain'))}</p>`;
    return;
  }
  const verdict = judge(ex, read.answer);
  const next = {
    ...rec, raw, answer: read.answer, attempts: (rec.attempts ?? 0) + 1, correct: verdict.correct,
    hint: verdict.hint, targeted: !!verdict.targeted, tried: [...(rec.tried ?? []), key],
  };
  if (ex.kind === 'predict_max') next.locked = true; // a prediction is made once, then the heatmap shows the truth
  state.progress.exercises[ex.id] = next;
  save();
  if (inLms()) lms.answered(state.sheet, state.progress, ex, next);
  paintCard(li, ex, true);
  renderSummary();
  if (ex.kind === 'predict_max') renderLesson();
  announce(ex, next);
}

// Embedded: tell the host how tall the sheet is, so <attention-lab exercises=…> and iframes can fit it.
if (embedded && typeof ResizeObserver === 'function') {
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    try { window.parent.postMessage({ type: 'attention-lab:resize', height }, '*'); } catch { /* a host that went away */ }
  }).observe(document.body);
}

function announce(ex, rec) {
  if (!embedded) return;
  // statement: the same result as an xAPI statement (web/lms/xapi.js), its actor left for the host to add
  const message = {
    type: 'attention-lab:exercise-result', set: state.source.id, seed: state.seed, id: ex.id, correct: rec.correct, attempts: rec.attempts, answer: rec.answer,
    statement: answeredStatement({ setId: state.source.id, exercise: ex, record: rec }),
  };
  try { window.parent.postMessage(message, '*'); } catch { /* a host that went away */ }
}

function paintCard(li, ex, fresh = false) {
  const rec = record(ex.id);
  writeRaw(li, ex, rec.raw);
  const wrong = (rec.attempts ?? 0) - (rec.correct ? 1 : 0);
  const status = li.querySelector('.ex-status');
  const done = rec.correct || rec.locked;
  li.dataset.state = rec.correct ? 'correct' : rec.attempts ? 'wrong' : 'new';
  status.textContent = rec.correct ? (rec.attempts > 1 ? t('exercises.status.correctAttempt', { n: rec.attempts }) : t('exercises.status.correct')) : rec.attempts ? t('exercises.status.attempts', { count: rec.attempts }) : '';
  const zero = /^w(\d+)$/;
  li.querySelectorAll('form input, form button').forEach((el) => {
    el.disabled = done || Boolean(ex.answer.type === 'mask' && zero.test(el.name ?? '') && rec.raw?.zero?.[Number(zero.exec(el.name)[1])]);
  });
  const feedback = li.querySelector('.feedback');
  if (!rec.attempts) {
    if (!fresh) { feedback.className = 'feedback'; feedback.innerHTML = ''; }
  } else if (rec.correct) {
    feedback.className = 'feedback correct';
    feedback.innerHTML = `<p><b>${esc(t('exercises.feedback.correct'))}</b> ${esc(correctNote(ex))}</p>`;
  } else {
    feedback.className = `feedback wrong${rec.targeted ? ' targeted' : ''}`;
    const verdict = ex.kind === 'predict_max' ? 'notThatOne' : 'notYet';
    const said = rec.answer ? t(`exercises.feedback.${verdict}Answered`, { answer: answerInWords(rec.answer, ex) }) : t(`exercises.feedback.${verdict}`);
    feedback.innerHTML = `<p><b>${esc(said)}</b> <span class="hint">${esc(hintOf(ex, rec))}</span></p>` +
      (!done && wrong < WRONG_BEFORE_SOLUTION ? `<p class="small">${esc(t('exercises.feedback.triesLeft', { count: WRONG_BEFORE_SOLUTION - wrong }))}</p>` : '');
  }
  const offer = rec.correct || rec.locked || wrong >= WRONG_BEFORE_SOLUTION;
  const button = li.querySelector('.show-solution');
  const steps = li.querySelector('.solution');
  button.hidden = !offer || !!rec.solution;
  steps.hidden = !rec.solution;
  if (rec.solution) {
    steps.tabIndex = -1;
    steps.innerHTML = solutionTexts(ex).map((s) => `<li>${esc(s)}</li>`).join('') + `<li class="key">${esc(t('exercises.card.answerLine', { answer: answerInWords(ex.answer, ex) }))}</li>`;
  }
  if (ex.kind === 'predict_max') paintReveal(li, ex, rec);
}

function correctNote(ex) {
  const a = ex.answer;
  const list = (values) => values.map((v) => show(v, 4)).join(listSeparator());
  if (a.type === 'number') return t('exercises.feedback.exactValue', { value: show(a.value, 6) });
  if (a.type === 'vector') return t('exercises.feedback.exactlyVector', { values: list(a.values) });
  if (a.type === 'mask') return t('exercises.feedback.exactlyMask', { values: list(a.weights) });
  return '';
}

/** The hint of the last wrong answer, in the reader's language: the engine's mistake it matched, or the page's own. */
function hintOf(ex, rec) {
  if (!rec.attempts || rec.correct || !rec.answer) return rec.hint ?? '';
  return judge(ex, rec.answer).hint;
}

function paintReveal(li, ex, rec) {
  const area = li.querySelector('.reveal-area');
  const trace = state.trace;
  if (!rec.attempts) {
    area.innerHTML = `<p class="veil">${esc(t('exercises.reveal.veil'))}</p>`;
    return;
  }
  if (!trace) { area.innerHTML = ''; return; }
  const head = ex.given?.head ?? 0;
  const h = trace.headTraces[head];
  const q = ex.given.query;
  const row = rowsOf(h.weights)[q];
  const scores = rowsOf(h.scores)[q];
  const tok = trace.tokens;
  area.innerHTML = grid([row], { caption: messageHtml('exercises.reveal.weightsOf', {}, { token: `<bdi>${esc(tok[q])}</bdi>` }), rowLabels: [tok[q]], colLabels: tok, scale: 'sequential', digits: 3, name: 'reveal', shape: false }) +
    grid([scores], { caption: esc(t('exercises.reveal.rawScores')), rowLabels: [tok[q]], colLabels: tok, digits: 3, shape: false });
  paintGrids(area);
}

// ---------- debug hook for tests and instructors' tools ----------
function publish() {
  window.attentionLabExercises = {
    sheet: () => structuredClone(state.sheet),
    problems: () => structuredClone(state.problems),
    progress: () => structuredClone(state.progress),
    set: () => state.source.id,
    seed: () => state.seed,
    debugCrashEngine: (options) => engine.debugTrap(options),
  };
  // 'computing' while a big lesson's matrices are computed off the main thread, then 'shown' (or 'none')
  document.documentElement.dataset.lesson = state?.computing ? 'computing' : state?.trace ? 'shown' : 'none';
  document.documentElement.dataset.ready = 'true';
}

// Launched by an LMS (a package's ?lms=1): the package's set and the learner's seed, the answers the LMS kept, and
// every checked answer recorded there (web/lms/hook.js). The set and seed controls belong to the instructor, so a
// learner in a course does not see them.
const lms = await startLms({ onStatus: () => { if (state) { renderNotices(); offerReturn(); } }, fallbackSeed: browserSeed() });
// cmi5: once the LMS has said where to return (LaunchData's returnURL), the student can finish and go back there.
let returnOffered = false;
function offerReturn() {
  if (!lms?.returnURL || returnOffered) return;
  returnOffered = true;
  const finish = app.querySelector('.ex-finish');
  finish.insertAdjacentHTML('beforeend', `<p><button type="button" class="return-course">${esc(t('lms.finish.returnToCourse'))}</button></p>`);
  finish.querySelector('.return-course').addEventListener('click', () => lms.finish({ leave: true }));
}
function inLms() {
  return Boolean(lms?.source && state?.sheet && state.source.id === lms.source.id && state.seed === lms.seed);
}
if (lms?.source) {
  for (const el of [setSelect.closest('.field'), seedForm, app.querySelector('button.reset'), app.querySelector('.ex-author'), app.querySelector('.ex-download'), app.querySelector('.ex-grade')]) el.hidden = true;
  offerReturn();
  load({ source: lms.source, seed: lms.seed, notices: lms.notices });
} else {
  const first = fromLink();
  load({ ...first, notices: [...(lms?.notices ?? []), ...first.notices] });
}
