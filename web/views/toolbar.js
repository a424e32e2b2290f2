// The instructor's bar under the header: copy link, instructor settings (hide steps, lock inputs, a note),
// export, embed. It reports through callbacks and keeps no state of its own; token and note text only ever
// reaches the DOM as text.
import { STEP_IDS, LOCKABLE, MATRICES, stepById } from '../registry.js';
import { MAX_NOTE } from '../share.js';
import { t } from '../i18n/i18n.js';
import { layerTitle } from './layer-views.js';

const LOCK_WORDS = ['sentence', 'seed', 'sizes', 'scale', 'mask', 'positions', 'layer', 'source'];
// matrices are named by their symbols (W_Q; a layer's by the registry: γ1 …, W_ff1, cross W_Q), the rest in words
const lockLabel = (name) => (LOCK_WORDS.includes(name) ? t(`walkthrough.lock.${name}`) : MATRICES[name] ? layerTitle(name, MATRICES[name]) : name);

function el(tag, props = {}, ...children) {
  const e = Object.assign(document.createElement(tag), props);
  for (const c of children) e.append(c);
  return e;
}

export async function copyText(text) {
  try { await navigator.clipboard.writeText(text); return true; } catch { return false; }
}

/** A list with `item` in it or not, in the order of `all`. */
const toggled = (list, item, on, all) => all.filter((x) => (x === item ? on : list.includes(x)));

export class Toolbar {
  /** options: {instructor (false: student view, no instructor panel), onCopyLink(), onHidden(ids), onLocked(names), onNote(text), onExport(), onEmbed()} */
  constructor(container, options) {
    this.options = options;
    this.el = el('div', { className: 'toolbar' });
    this.el.setAttribute('role', 'toolbar');
    this.el.setAttribute('aria-label', t('walkthrough.toolbar.label'));
    const button = (text, cls, fn) => { const b = el('button', { type: 'button', className: cls, textContent: text }); b.addEventListener('click', fn); return b; };
    this.status = el('span', { className: 'toolbar-status' });
    this.status.setAttribute('role', 'status');
    this.instructorButton = button(t('walkthrough.toolbar.instructor'), 'instructor-toggle', () => this.togglePanel());
    this.instructorButton.setAttribute('aria-expanded', 'false');
    // student view (a locked link opened without ?instructor=1): the locks hold, nothing here undoes them
    this.instructorButton.hidden = options.instructor === false;
    this.el.append(
      button(t('walkthrough.toolbar.copyLink'), 'copy-link', () => options.onCopyLink()),
      this.instructorButton,
      button(t('walkthrough.toolbar.export'), 'open-export', () => options.onExport()),
      button(t('walkthrough.toolbar.embed'), 'open-embed', () => options.onEmbed()),
      button(t('walkthrough.toolbar.present'), 'open-present', () => options.onPresent()),
      this.status,
    );
    this.panel = el('div', { className: 'instructor-panel', hidden: true });
    this.panel.id = 'instructor-panel';
    this.instructorButton.setAttribute('aria-controls', this.panel.id);
    const steps = el('fieldset', {}, el('legend', { textContent: t('walkthrough.toolbar.stepsShown') }));
    this.stepBoxes = STEP_IDS.map((id, k) => {
      const box = el('input', { type: 'checkbox', name: 'show-step', value: id });
      // (the new list is made from the state last drawn and this box's new value: nothing else is read back)
      box.addEventListener('change', () => options.onHidden(toggled(this.shown.hidden, id, !box.checked, STEP_IDS)));
      steps.append(el('label', {}, box, ` ${k + 1} ${t(`steps.${stepById(id).id}.title`)}`));
      return box;
    });
    const locks = el('fieldset', {}, el('legend', { textContent: t('walkthrough.toolbar.locked') }));
    this.lockBoxes = LOCKABLE.map((name) => {
      const box = el('input', { type: 'checkbox', name: 'lock', value: name });
      box.addEventListener('change', () => options.onLocked(toggled(this.shown.locked, name, box.checked, LOCKABLE)));
      locks.append(el('label', {}, box, ` ${lockLabel(name)}`));
      return box;
    });
    this.note = el('textarea', { name: 'instructor-note', rows: 2, maxLength: MAX_NOTE, placeholder: t('walkthrough.toolbar.notePlaceholder') });
    let timer = null;
    this.note.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => options.onNote(this.note.value), 300); });
    this.note.addEventListener('change', () => { clearTimeout(timer); options.onNote(this.note.value); });
    const noteLabel = el('label', { className: 'note-field' }, el('span', { textContent: t('walkthrough.toolbar.note') }), this.note);
    this.panel.append(steps, locks, noteLabel,
      el('p', { className: 'hint', textContent: t('walkthrough.toolbar.settingsHint') }));
    container.append(this.el, this.panel);
  }

  togglePanel(open = this.panel.hidden) {
    this.panel.hidden = !open;
    this.instructorButton.setAttribute('aria-expanded', String(open));
  }

  say(text) {
    this.status.textContent = text;
    clearTimeout(this.sayTimer);
    this.sayTimer = setTimeout(() => { this.status.textContent = ''; }, 4000);
  }

  /** data: {hidden, locked, note} */
  update({ hidden, locked, note }) {
    this.shown = { hidden, locked };
    for (const b of this.stepBoxes) b.checked = !hidden.includes(b.value);
    for (const b of this.lockBoxes) b.checked = locked.includes(b.value);
    if (document.activeElement !== this.note) this.note.value = note;
  }
}

/** A modal dialog with a title and a body the caller fills; returns {dialog, body}. */
export function makeDialog(title, className) {
  const dialog = el('dialog', { className: `panel-dialog ${className}` });
  const head = el('div', { className: 'dialog-head' }, el('h2', { textContent: title }));
  const close = el('button', { type: 'button', className: 'dialog-close', textContent: t('common.close') });
  close.addEventListener('click', () => dialog.close());
  head.append(close);
  const body = el('div', { className: 'dialog-body' });
  dialog.append(head, body);
  document.body.append(dialog);
  return { dialog, body, el };
}

export { el };
