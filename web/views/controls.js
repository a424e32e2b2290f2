// Small input views: the header (sentence, preset menu, seed, step navigator), number steppers,
// the scale switch and the mask controls. Each reports changes through a callback; none keeps state.
import { isStartToken } from '../start-token.js';
import { escapeHtml } from '../lib/escape.js';
import { landOn } from './land.js';
import { setAttr, setProp } from './dom.js';
import { SINGLE_FILE } from '../version.js';
import { t } from '../i18n/i18n.js';
import { languagePicker, withLanguage } from '../i18n/language-picker.js';
import { logo } from './logo.js';

let uid = 0;
const nextId = (p) => `${p}-${++uid}`;

// The offline single file is the walkthrough alone: links to the other pages would open nothing, so it says where
// they are instead.
const offlinePages = () => `<details class="pages offline-pages"><summary>${t('walkthrough.offlinePages.summary')}</summary><p>${t('walkthrough.offlinePages.text', {
  exercises: '<code>exercises.html</code>', labs: '<code>labs.html</code>', command: '<code>python3 -m http.server</code>', address: '<code>http://localhost:8000/exercises.html</code>' })}</p></details>`;

export class HeaderControls {
  /** options: {presets, steps, maxSeed (the engine's, engine.schema()), onSentence(text), onPreset(id), onSeed(seed), onAddSeed(),
   *  beforeLeave() (resolves once the page may be opened again: its link written)} */
  constructor(container, options) {
    this.options = options;
    const el = document.createElement('div');
    el.className = 'header-inner';
    el.innerHTML = `
      <div class="brand">${logo(28)}<span>Attention Lab</span></div>
      ${SINGLE_FILE ? offlinePages() : `<nav class="pages" aria-label="${t('walkthrough.header.otherPages')}"><a href="${escapeHtml(withLanguage('./exercises.html'))}">${t('walkthrough.header.exercises')}</a><a href="${escapeHtml(withLanguage('./labs.html'))}">${t('walkthrough.header.labs')}</a></nav>`}
      <label class="field sentence"><span>${t('walkthrough.header.sentence')}</span><input type="text" name="sentence" autocomplete="off" spellcheck="false"></label>
      <label class="field preset"><span>${t('walkthrough.header.preset')}</span><select name="preset"><option value="">${t('walkthrough.header.ownLesson')}</option>
        ${options.presets.map((p) => `<option value="${p.id}">${escapeHtml(t(`presets.${p.id}.label`))}</option>`).join('')}</select></label>
      <label class="field seed"><span>${t('walkthrough.header.seed')}</span><input type="number" name="seed" min="0" max="${options.maxSeed}" step="1" inputmode="numeric"></label>
      <button type="button" class="add-seed" hidden>${t('walkthrough.header.addSeed')}</button>
      <p class="field-problem" role="alert" hidden></p>
      <nav class="step-nav" aria-label="${t('walkthrough.header.steps')}">${options.steps.map((s, i) => `<a href="#step-${s.id}" data-step="${s.id}"><b>${i + 1}</b> ${escapeHtml(t(`steps.${s.id}.title`))}</a>`).join('')}</nav>`;
    container.append(el);
    // (the language sits with the page links, before the lesson's fields)
    el.insertBefore(languagePicker(el, { beforeLeave: options.beforeLeave }).element, el.querySelector('.field.sentence'));
    // On a phone the header sticks as one line, the step pills: the fields above them scroll away with the page
    // (style.css: .top's top is minus their height, measured here as the layout changes). On a laptop the header
    // wraps to two or three lines, by width and language: the inspector's column sticks below its height.
    const nav = el.querySelector('.step-nav');
    new ResizeObserver(() => {
      container.style.setProperty('--fields-h', `${nav.offsetTop}px`);
      document.documentElement.style.setProperty('--header-h', `${container.offsetHeight}px`);
    }).observe(el);
    this.sentence = el.querySelector('[name=sentence]');
    this.preset = el.querySelector('[name=preset]');
    this.seed = el.querySelector('[name=seed]');
    this.addSeed = el.querySelector('.add-seed');
    this.problem = el.querySelector('.field-problem');
    let timer = null;
    this.sentence.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => options.onSentence(this.sentence.value), 120);
    });
    this.sentence.addEventListener('keydown', (e) => { if (e.key === 'Enter') { clearTimeout(timer); options.onSentence(this.sentence.value); } });
    this.preset.addEventListener('change', () => { if (this.preset.value) options.onPreset(this.preset.value); });
    this.seed.addEventListener('change', () => {
      const v = Number(this.seed.value);
      if (this.seed.value === '' || !Number.isInteger(v) || v < 0 || v > options.maxSeed) {
        this.showProblem(t('walkthrough.header.seedProblem', { max: options.maxSeed }));
        return;
      }
      this.showProblem('');
      options.onSeed(v);
    });
    this.addSeed.addEventListener('click', () => options.onAddSeed());
    // Links in the navigator scroll without writing the step into the hash (the hash holds the lesson).
    el.querySelector('.step-nav').addEventListener('click', (e) => {
      const a = e.target.closest('a');
      if (!a) return;
      e.preventDefault();
      const target = document.getElementById(`step-${a.dataset.step}`);
      const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
      landOn(target, { smooth: !reduce });
      target?.querySelector('h2')?.setAttribute('tabindex', '-1');
      target?.querySelector('h2')?.focus({ preventScroll: true });
    });
  }

  showProblem(text) {
    this.problem.hidden = !text;
    this.problem.textContent = text;
  }

  /** data: {sentence, preset, seed (number|null), from (the label of the preset a changed lesson came from, or null), sentenceProblem} */
  update({ sentence, preset, seed, from, sentenceProblem }) {
    if (document.activeElement !== this.sentence) this.sentence.value = sentence;
    const own = this.preset.options[0];
    const ownText = from ? t('walkthrough.header.ownLessonFrom', { preset: from }) : t('walkthrough.header.ownLesson');
    setProp(own, 'textContent', ownText);
    setProp(this.preset, 'value', preset ?? '');
    const seeded = seed !== null && seed !== undefined;
    setProp(this.seed, 'disabled', !seeded);
    if (document.activeElement !== this.seed) this.seed.value = seeded ? String(seed) : '';
    setProp(this.seed, 'placeholder', seeded ? '' : t('walkthrough.header.seedNone'));
    setProp(this.seed, 'title', seeded ? t('walkthrough.header.seedTitle') : t('walkthrough.header.seedLiteral'));
    setProp(this.addSeed, 'hidden', seeded);
    setAttr(this.sentence, 'aria-invalid', sentenceProblem ? 'true' : 'false');
    if (sentenceProblem !== undefined) this.showProblem(sentenceProblem ?? '');
  }
}

/** A labelled whole-number stepper, e.g. d_model. */
export class NumberControl {
  /** options: {label (HTML), name, min, max, onChange(value)} */
  constructor(container, options) {
    this.options = options;
    const id = nextId(options.name);
    this.el = document.createElement('div');
    this.el.className = 'number-control';
    this.el.innerHTML = `<label for="${id}">${options.label}</label>
      <button type="button" class="dec" aria-label="${t('walkthrough.controls.decrease', { name: options.name })}">−</button>
      <input id="${id}" name="${options.name}" type="number" min="${options.min}" max="${options.max}" step="1">
      <button type="button" class="inc" aria-label="${t('walkthrough.controls.increase', { name: options.name })}">+</button>
      <span class="control-problem" role="alert"></span>`;
    container.append(this.el);
    this.input = this.el.querySelector('input');
    this.problem = this.el.querySelector('.control-problem');
    const commit = (v) => {
      if (!Number.isInteger(v) || v < options.min || v > options.max) {
        this.problem.textContent = t('walkthrough.controls.wholeNumber', { min: options.min, max: options.max });
        this.input.value = String(this.value);
        return;
      }
      this.problem.textContent = '';
      if (v !== this.value) options.onChange(v);
    };
    this.input.addEventListener('change', () => commit(Number(this.input.value)));
    this.el.querySelector('.dec').addEventListener('click', () => commit(this.value - 1));
    this.el.querySelector('.inc').addEventListener('click', () => commit(this.value + 1));
  }

  update(value) {
    this.value = value;
    if (document.activeElement !== this.input) this.input.value = String(value);
    this.el.querySelector('.dec').disabled = value <= this.options.min;
    this.el.querySelector('.inc').disabled = value >= this.options.max;
  }

  /** Locked by an instructor: neither typed into nor stepped (unlocking re-enables the steppers at the next update). */
  lock(on) {
    this.input.disabled = on;
    if (on) this.el.querySelectorAll('button').forEach((b) => { b.disabled = true; });
  }
}

/** A checkbox styled as a switch. */
export class Switch {
  constructor(container, options) {
    this.el = document.createElement('label');
    this.el.className = 'switch';
    this.el.innerHTML = `<input type="checkbox" role="switch" name="${options.name}"><span>${options.label}</span>`;
    container.append(this.el);
    this.input = this.el.querySelector('input');
    this.input.addEventListener('change', () => options.onChange(this.input.checked));
  }

  update(checked) { this.input.checked = checked; }
}

/** A labelled choice among a few named options: the positions, where the norm sits, the activation. */
export class Choice {
  /** options: {name, label (HTML), options: [[value, text (HTML)], …], onChange(value)} */
  constructor(container, options) {
    this.el = document.createElement('label');
    this.el.className = 'control';
    this.el.innerHTML = `<span>${options.label}</span><select name="${options.name}">${options.options.map(([v, text]) => `<option value="${v}">${text}</option>`).join('')}</select>`;
    container.append(this.el);
    this.input = this.el.querySelector('select');
    this.input.addEventListener('change', () => options.onChange(this.input.value));
  }

  update(value) { setProp(this.input, 'value', value); }
}

/** Mask kind (the engine's names: none / causal / padding / matrix, shown as custom), the causal reveal and the PAD toggles. */
export class MaskControl {
  /** options: {onKind(kind), onReveal(step), onPadding(i, isPad)} */
  constructor(container, options) {
    this.options = options;
    const name = nextId('mask');
    this.el = document.createElement('div');
    this.el.className = 'mask-control';
    this.el.innerHTML = `<fieldset><legend>${t('walkthrough.mask.legend')}</legend>
      ${['none', 'causal', 'padding', 'matrix']
        .map((v) => `<label><input type="radio" name="${name}" value="${v}"> ${t(`walkthrough.mask.kind.${v}`)}</label>`).join('')}</fieldset>
      <div class="reveal" hidden><label>${t('walkthrough.mask.decodingStep')} <input type="range" min="1" step="1" name="reveal"> <output></output></label>
        <button type="button" class="reveal-prev" aria-label="${t('walkthrough.mask.previous')}">◀</button><button type="button" class="reveal-next" aria-label="${t('walkthrough.mask.next')}">▶</button></div>
      <div class="padding" hidden></div>`;
    container.append(this.el);
    this.el.querySelectorAll('input[type=radio]').forEach((r) => r.addEventListener('change', () => options.onKind(r.value)));
    this.range = this.el.querySelector('[name=reveal]');
    this.range.addEventListener('input', () => options.onReveal(Number(this.range.value)));
    this.el.querySelector('.reveal-prev').addEventListener('click', () => options.onReveal(Math.max(1, this.reveal - 1)));
    this.el.querySelector('.reveal-next').addEventListener('click', () => options.onReveal(Math.min(this.n, this.reveal + 1)));
    this.paddingEl = this.el.querySelector('.padding');
    this.paddingEl.addEventListener('change', (e) => {
      const box = e.target.closest('input[data-token]');
      if (box) options.onPadding(Number(box.dataset.token), box.checked);
    });
  }

  /** data: {kind, tokens, reveal, padding: bool[]} */
  update({ kind, tokens, reveal, padding }) {
    this.n = tokens.length;
    this.reveal = reveal;
    this.el.querySelectorAll('input[type=radio]').forEach((r) => { r.checked = r.value === kind; });
    const rev = this.el.querySelector('.reveal');
    setProp(rev, 'hidden', kind !== 'causal');
    this.range.max = String(tokens.length);
    this.range.value = String(reveal);
    setProp(rev.querySelector('output'), 'textContent', revealText(tokens, reveal));
    setProp(this.paddingEl, 'hidden', kind !== 'padding');
    if (kind === 'padding') {
      this.paddingEl.innerHTML = `<span>${t('walkthrough.mask.markPad')}</span>` + tokens.map((t, i) =>
        `<label class="pad-toggle"><input type="checkbox" data-token="${i}" ${padding[i] ? 'checked' : ''}> ${escapeHtml(t)}</label>`).join('');
    }
  }
}

/** The custom mask as a grid of toggles: rows are queries, columns are keys; click or Space/Enter toggles. */
export class MaskGrid {
  constructor(container, options) {
    this.options = options;
    this.el = document.createElement('figure');
    this.el.className = 'mask-grid';
    container.append(this.el);
    this.focus = [0, 0];
    this.el.addEventListener('click', (e) => { const td = e.target.closest('td'); if (td) this.toggle(td); });
    this.el.addEventListener('keydown', (e) => {
      const td = e.target.closest('td');
      if (!td) return;
      const i = +td.dataset.row, j = +td.dataset.col;
      const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      if (moves[e.key]) { e.preventDefault(); this.move(i + moves[e.key][0], j + moves[e.key][1]); }
      else if (e.key === ' ' || e.key === 'Enter') { e.preventDefault(); this.toggle(td); }
    });
  }

  toggle(td) {
    this.focus = [+td.dataset.row, +td.dataset.col];
    this.options.onToggle(+td.dataset.row, +td.dataset.col);
  }

  move(i, j) {
    const n = this.n;
    i = Math.max(0, Math.min(n - 1, i)); j = Math.max(0, Math.min(n - 1, j));
    this.focus = [i, j];
    this.el.querySelectorAll('td').forEach((td) => { td.tabIndex = +td.dataset.row === i && +td.dataset.col === j ? 0 : -1; });
    this.el.querySelector(`td[data-row="${i}"][data-col="${j}"]`)?.focus();
  }

  /** data: {tokens, visible: Uint8Array n×n} */
  update({ tokens, visible }) {
    const n = tokens.length;
    this.n = n;
    const hadFocus = this.el.contains(document.activeElement);
    let h = `<figcaption>${t('walkthrough.mask.gridCaption')}</figcaption><div class="grid-wrap"><table role="grid" aria-label="${t('walkthrough.mask.gridLabel')}"><thead><tr role="row"><th role="columnheader" aria-label="${t('walkthrough.mask.corner')}"></th>`;
    h += tokens.map((t) => `<th role="columnheader" scope="col">${escapeHtml(t)}</th>`).join('') + '</tr></thead><tbody>';
    for (let i = 0; i < n; i++) {
      h += `<tr role="row"><th role="rowheader" scope="row">${escapeHtml(tokens[i])}</th>`;
      for (let j = 0; j < n; j++) {
        const on = visible[i * n + j] === 1;
        const f = i === this.focus[0] && j === this.focus[1];
        h += `<td role="gridcell" data-matrix="mask" data-row="${i}" data-col="${j}" tabindex="${f ? 0 : -1}" class="${on ? 'seen' : 'hidden-cell'}" aria-label="${t(on ? 'walkthrough.mask.sees' : 'walkthrough.mask.doesNotSee', { query: escapeHtml(tokens[i]), key: escapeHtml(tokens[j]) })}">${on ? '✓' : '✕'}</td>`;
      }
      h += '</tr>';
    }
    this.el.innerHTML = h + `</tbody></table></div><div class="grid-foot"><span class="shape">${t('walkthrough.mask.legendShape')}</span></div>`;
    if (hadFocus) this.el.querySelector(`td[data-row="${this.focus[0]}"][data-col="${this.focus[1]}"]`)?.focus();
  }
}

/** The causal reveal's words for decoding step `reveal` (1-based) of `tokens`. */
export function revealText(tokens, reveal) {
  const isolate = (s) => `\u2068${s ?? ''}\u2069`;
  const params = { step: reveal, count: tokens.length, token: isolate(tokens[reveal - 1]), start: isolate(tokens[0]) };
  if (!isStartToken(tokens[0])) return t('walkthrough.mask.generating', params);
  return t(reveal === 1 ? 'walkthrough.mask.startToken' : 'walkthrough.mask.generatingAfterStart', params);
}
