// The instructor's bar under the header: copy link, instructor settings (hide steps, lock inputs, a note),
// export, embed. It reports through callbacks and keeps no state of its own; token and note text only ever
// reaches the DOM as text.
import { STEP_IDS, LOCKABLE, MATRICES, stepById } from '../registry.js';
import { MAX_NOTE } from '../share.js';

const LOCK_LABELS = { X: 'X', W_Q: 'W_Q', W_K: 'W_K', W_V: 'W_V', W_O: 'W_O', sentence: 'sentence & preset', seed: 'seed', sizes: 'sizes & heads', scale: 'scale switch', mask: 'mask',
  positions: 'positions', layer: 'the layer (norm, activation, d_ff)', source: 'source sentence & PAD' };
// a layer's parameters are named by the registry (γ1 …, W_ff1, cross W_Q)
const lockLabel = (name) => LOCK_LABELS[name] ?? MATRICES[name]?.title ?? name;

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
    this.el.setAttribute('aria-label', 'Share and teach');
    const button = (text, cls, fn) => { const b = el('button', { type: 'button', className: cls, textContent: text }); b.addEventListener('click', fn); return b; };
    this.status = el('span', { className: 'toolbar-status' });
    this.status.setAttribute('role', 'status');
    this.instructorButton = button('Instructor mode', 'instructor-toggle', () => this.togglePanel());
    this.instructorButton.setAttribute('aria-expanded', 'false');
    // student view (a locked link opened without ?instructor=1): the locks hold, nothing here undoes them
    this.instructorButton.hidden = options.instructor === false;
    this.el.append(
      button('Copy link', 'copy-link', () => options.onCopyLink()),
      this.instructorButton,
      button('Export…', 'open-export', () => options.onExport()),
      button('Embed…', 'open-embed', () => options.onEmbed()),
      button('Present', 'open-present', () => options.onPresent()),
      this.status,
    );
    this.panel = el('div', { className: 'instructor-panel', hidden: true });
    this.panel.id = 'instructor-panel';
    this.instructorButton.setAttribute('aria-controls', this.panel.id);
    const steps = el('fieldset', {}, el('legend', { textContent: 'Steps students see' }));
    this.stepBoxes = STEP_IDS.map((id, k) => {
      const box = el('input', { type: 'checkbox', name: 'show-step', value: id });
      // (the new list is made from the state last drawn and this box's new value: nothing else is read back)
      box.addEventListener('change', () => options.onHidden(toggled(this.shown.hidden, id, !box.checked, STEP_IDS)));
      steps.append(el('label', {}, box, ` ${k + 1} ${stepById(id).title}`));
      return box;
    });
    const locks = el('fieldset', {}, el('legend', { textContent: 'Locked (students cannot change)' }));
    this.lockBoxes = LOCKABLE.map((name) => {
      const box = el('input', { type: 'checkbox', name: 'lock', value: name });
      box.addEventListener('change', () => options.onLocked(toggled(this.shown.locked, name, box.checked, LOCKABLE)));
      locks.append(el('label', {}, box, ` ${lockLabel(name)}`));
      return box;
    });
    this.note = el('textarea', { name: 'instructor-note', rows: 2, maxLength: MAX_NOTE, placeholder: 'A short note shown above the lesson, e.g. “Change one number in W_K and watch row 2 of the weights.”' });
    let timer = null;
    this.note.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => options.onNote(this.note.value), 300); });
    this.note.addEventListener('change', () => { clearTimeout(timer); options.onNote(this.note.value); });
    const noteLabel = el('label', { className: 'note-field' }, el('span', { textContent: 'Note for students' }), this.note);
    this.panel.append(steps, locks, noteLabel,
      el('p', { className: 'hint', textContent: 'These settings are part of the link and of the embed snippet. A link with locked inputs opens in student view, without this panel; add ?instructor=1 to your own copy of the link (before the #) to open it with the panel again.' }));
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
  const close = el('button', { type: 'button', className: 'dialog-close', textContent: 'Close' });
  close.addEventListener('click', () => dialog.close());
  head.append(close);
  const body = el('div', { className: 'dialog-body' });
  dialog.append(head, body);
  document.body.append(dialog);
  return { dialog, body, el };
}

export { el };
