// One walkthrough step as a card: number, title, our explanation, the formula, a row of controls and a
// body the page fills with heatmaps. Built from a step of steps.js; its title and explanation are the page's
// language's (steps.<id>.title / .explain; core/steps.json keeps the English the command line prints).
import { setHtml, setProp } from './dom.js';
import { escapeHtml } from '../lib/escape.js';
import { t } from '../i18n/i18n.js';
import { localizeDigits } from '../i18n/numerals.js';
import { problemHtml } from '../i18n/problem-text.js';

export class StepCard {
  constructor(container, options) {
    const { step, index } = options;
    this.title = t(`steps.${step.id}.title`);
    this.el = document.createElement('section');
    this.el.className = 'step-card';
    this.el.id = `step-${step.id}`;
    this.el.dataset.step = step.id;
    this.el.setAttribute('aria-labelledby', `step-${step.id}-title`);
    this.el.innerHTML = `
      <header class="step-head"><span class="step-no" aria-hidden="true">${index + 1}</span>
        <h2 id="step-${step.id}-title">${index + 1}. ${escapeHtml(this.title)}</h2></header>
      <p class="explain">${localizeDigits(t(`steps.${step.id}.explain`))}</p>
      <div class="formula" role="group" aria-label="${t('walkthrough.formula')}">${step.formula}</div>
      <div class="step-controls"></div>
      <div class="problems" role="alert" hidden></div>
      <div class="step-notes"></div>
      <div class="step-body"></div>`;
    container.append(this.el);
    this.controls = this.el.querySelector('.step-controls');
    this.body = this.el.querySelector('.step-body');
    this.notes = this.el.querySelector('.step-notes');
    this.problemsEl = this.el.querySelector('.problems');
    this.number = index + 1;
  }

  /** The step's number among the steps this lesson has (a layer's steps follow step 6; a decoder has more). */
  setNumber(k) {
    if (k === this.number) return;
    this.number = k;
    this.el.querySelector('.step-no').textContent = String(k);
    this.el.querySelector('h2').textContent = `${k}. ${this.title}`;
  }

  /** data: {problems: [{field, message, code, params}], notes: [html]} */
  update({ problems = [], notes = [] } = {}) {
    setProp(this.problemsEl, 'hidden', problems.length === 0);
    setHtml(this.problemsEl, problems.map((p) => `<p>${problemHtml(p)}</p>`).join(''));
    setHtml(this.notes, notes.map((n) => `<p class="note">${n}</p>`).join(''));
  }
}

