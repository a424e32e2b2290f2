// The page drawn from its state: createPage(app, handlers) lays the page out once and returns
// render(state, trace), which draws everything a state and its trace say — header, instructor bar, notices,
// the walkthrough's cards and the inspector. Views report events through `handlers`; none keeps state.
import { STEPS } from '../registry.js';
import { stepApplies } from '../registry-layer.js';
import { PRESETS, presetById } from '../presets/index.js';
import { departureFrom } from '../lesson-origin.js';
import { idleAfterFirstDrawing } from '../first-drawing.js';
import { PresentBar, presentedStep } from '../views/present.js';
import { LINKED } from './store.js';
import { landOn } from '../views/land.js';
import { escapeHtml } from '../lib/escape.js';
import { Toolbar } from '../views/toolbar.js';
import { HeaderControls } from '../views/controls.js';
import { Inspector } from '../views/inspector.js';
import { Walkthrough, unownedProblems } from '../views/walkthrough.js';
import { setAttr, setHtml, setProp } from '../views/dom.js';
import { language, t } from '../i18n/i18n.js';
import { localizeDigits } from '../i18n/numerals.js';
import { problemHtml, problemText } from '../i18n/problem-text.js';

// "a, b and c" in the page's language (made once: the language never changes without a reload)
let listFormat = null;
const listOf = (items) => (listFormat ??= new Intl.ListFormat(language(), { type: 'conjunction' })).format(items);
// Made while the page is idle after its first drawing: the first Intl.ListFormat loads the language's list
// patterns (40–180 ms on a busy 2-core machine), which the first edit's note ("you changed X") would wait for.
idleAfterFirstDrawing(() => listOf([]));

// What an edit changed, in the order of the steps: what the engine did not take over from the trace before.
// Nothing after a lesson that shares nothing with the one before (a preset, a link): marks are for edits.
const CHANGE_ORDER = ['X', 'W_Q', 'W_K', 'W_V', 'Q', 'K', 'V', 'scores', 'scaled', 'weights', 'Z', 'concat', 'W_O', 'output'];
const COMPUTED = new Set(['Q', 'K', 'V', 'scores', 'scaled', 'weights', 'Z']);
function changedBy(trace) {
  const kept = trace.unchanged;
  if (!kept?.length) return [];
  const shown = (m) => m === 'X' || COMPUTED.has(m) || trace.inputs[m] || (m === 'concat' && trace.heads > 1) || (m === 'output' && trace.inputs.W_O);
  return CHANGE_ORDER.filter((m) => !kept.includes(m) && shown(m));
}

/**
 * handlers: the controller's events (`on`), plus {explain: {score, softmax, output, projection}, schema (the engine's
 * choices, engine.schema()), copyLink(), openExport(), openEmbed(), shareLink(), linkWritten(), instructor: whether the instructor
 * settings are offered (web/main.js)}. Returns {render(state, trace), say(text), frame: the number of renders so far}.
 */
export function createPage(app, handlers) {
  const { on } = handlers;
  app.innerHTML = `
    <header class="top"></header>
    <div class="toolbar-host"></div>
    <div class="notices"><p class="changed-marks" role="status" hidden></p><p class="busy" role="status" hidden></p><p class="notice" role="status" hidden></p><p class="instructor-note" hidden></p><div class="about" hidden></div><div class="problems global" role="alert" hidden></div></div>
    <div class="layout"><div class="cards"></div><aside class="side"></aside></div>
    <footer class="foot">${t('walkthrough.footer')}</footer>`;
  const header = new HeaderControls(app.querySelector('.top'), {
    presets: PRESETS, steps: STEPS, maxSeed: handlers.schema.maxSeed,
    onSentence: (text) => {
      if (!text.trim()) { header.showProblem(t('walkthrough.header.typeAWord')); return; }
      header.showProblem('');
      const r = on.sentence(text);
      if (!r.ok && !r.crashed) header.showProblem(r.problems.map(problemText).join(' '));
    },
    onPreset: (id) => on.preset(id),
    onSeed: (seed) => on.seed(seed),
    onAddSeed: () => on.addSeed(),
    beforeLeave: () => handlers.linkWritten(),
  });
  const toolbar = new Toolbar(app.querySelector('.toolbar-host'), {
    instructor: handlers.instructor,
    onCopyLink: () => handlers.copyLink(),
    onHidden: (hidden) => on.hidden(hidden),
    onLocked: (locked) => on.locked(locked),
    onNote: (note) => on.note(note),
    onExport: () => handlers.openExport(),
    onEmbed: () => handlers.openEmbed(),
    onPresent: () => on.present(true),
  });
  const walkthrough = new Walkthrough(app.querySelector('.cards'), on);
  const presentBar = new PresentBar(app, { onStep: (step) => on.step(step), onExit: () => on.present(false), onExplain: (shown) => on.presentExplain(shown), shareLink: () => handlers.shareLink() });
  let presented = null, selected = null;
  // On a phone the inspector is a bottom sheet: the cell it explains is moved up out from under it (the student
  // tapped it, so this scroll is theirs).
  function keepAboveSheet(sel) {
    if (!sel || !matchMedia('(max-width: 900px)').matches) return;
    const sheet = app.querySelector('.inspector').getBoundingClientRect();
    const cell = app.querySelector(`[data-matrix="${sel.matrix}"][data-head="${sel.head ?? 0}"][data-row="${sel.row}"][data-col="${sel.col}"]`)
      ?? app.querySelector(`.canvas-heatmap[data-matrix="${sel.matrix}"][data-head="${sel.head ?? 0}"]`);
    if (!cell) return;
    const r = cell.getBoundingClientRect();
    if (r.bottom > sheet.top - 8) window.scrollBy({ top: r.bottom - sheet.top + 24, behavior: 'instant' });
  }
  const inspector = new Inspector(app.querySelector('.side'), { onClose: () => on.select(null), onEdit: (m, i, j, v) => on.cell(m, i, j, v) });
  app.querySelector('.changed-marks').addEventListener('click', (e) => {
    const a = e.target.closest('a[data-step]');
    if (!a) return;
    e.preventDefault();
    landOn(document.getElementById(`step-${a.dataset.step}`));
  });
  app.querySelector('.step-nav').addEventListener('click', (e) => {
    const a = e.target.closest('a[data-step]');
    if (a) on.step(a.dataset.step);
  });
  const part = (selector) => app.querySelector(selector);
  let frame = 0;

  function render(state, trace) {
    const { lesson } = state;
    const locked = (name) => state.locked.includes(name);
    walkthrough.render(state, trace);

    const preset = presetById(state.preset);
    const departed = departureFrom(preset, lesson);
    header.update({ sentence: lesson.sentence ?? trace.tokens.join(' '), preset: departed ? null : state.preset, seed: lesson.init?.seed ?? (lesson.init ? 0 : null), from: departed ? t(`presets.${state.preset}.label`) : null });
    setProp(header.sentence, 'disabled', locked('sentence'));
    setProp(header.preset, 'disabled', locked('sentence'));
    if (locked('seed')) setProp(header.seed, 'disabled', true);
    setProp(header.addSeed, 'disabled', locked('seed'));
    let number = 0;
    for (const s of STEPS) {
      const link = app.querySelector(`.step-nav a[data-step="${s.id}"]`);
      const applies = stepApplies(s, trace);
      setProp(link, 'hidden', !applies || state.hidden.includes(s.id));
      if (applies) setProp(link.querySelector('b'), 'textContent', String(++number));
      setAttr(link, 'aria-current', s.id === state.step ? 'step' : null);
    }
    toolbar.update(state);
    // after an edit: which steps it changed, marked on their pills and cards, each a link to its step
    const changed = changedBy(trace);
    const changedSteps = STEPS.filter((s) => s.matrices.some((m) => changed.includes(m)) && !state.hidden.includes(s.id));
    for (const s of STEPS) {
      const hit = changedSteps.includes(s);
      app.querySelector(`.step-nav a[data-step="${s.id}"]`).classList.toggle('changed', hit);
      walkthrough.cards[s.id].el.classList.toggle('changed', hit);
    }
    const marks = part('.changed-marks');
    setProp(marks, 'hidden', changed.length === 0);
    setHtml(marks, changed.length ? t('walkthrough.changed', { matrices: changed.map((m) => escapeHtml(m)).join(', '), steps: changedSteps.map((s) => `<a href="#step-${s.id}" data-step="${s.id}">${escapeHtml(t(`steps.${s.id}.title`))}</a>`).join(' ') }) : '');
    // presentation mode: the one step shown, from its top (a new step starts a new screen)
    const step = state.presenting ? presentedStep(state, trace) : null;
    setAttr(document.documentElement, 'data-present', String(state.presenting));
    setAttr(document.documentElement, 'data-present-explain', String(state.presenting && state.presentExplain));
    for (const s of STEPS) walkthrough.cards[s.id].el.classList.toggle('presented', s.id === step);
    if (step && step !== presented) window.scrollTo({ top: 0, behavior: 'instant' });
    presented = step;
    presentBar.update(state, trace, LINKED.map((k) => state[k]));

    const busy = part('.busy');
    if (busy.hidden !== !state.busy) {
      busy.hidden = !state.busy;
      busy.textContent = state.busy ? localizeDigits(t('walkthrough.busy', { millions: (state.busy / 1e6).toFixed(0) })) : '';
      document.documentElement.dataset.busy = String(Boolean(state.busy));
    }
    const rest = unownedProblems(state.problems);
    setProp(part('.problems.global'), 'hidden', rest.length === 0);
    setHtml(part('.problems.global'), rest.map((p) => `<p>${problemHtml(p)}</p>`).join(''));
    setProp(part('.notice'), 'hidden', !state.notice);
    setProp(part('.notice'), 'textContent', state.notice);
    const about = part('.about');
    setProp(about, 'hidden', !(lesson.title || lesson.note || departed));
    setAttr(about, 'data-from', departed ? state.preset : '');
    // a changed preset: its title and note were written for numbers no longer shown, so they are named as its origin
    // (a preset's title and note are the page's language's; a lesson's own, from a link or a file, are its author's)
    const fromPreset = !departed && preset && state.preset === preset.id;
    const title = departed ? t('walkthrough.departed.title', { preset: t(`presets.${state.preset}.label`) })
      : fromPreset && lesson.title ? t(`presets.${preset.id}.title`) : lesson.title;
    const text = departed ? t('walkthrough.departed.text', { changes: listOf(departed.parts.map((c) => t(`walkthrough.departed.change.${c.kind}`, { from: c.from, to: c.to }))) })
      : fromPreset && lesson.note ? t(`presets.${preset.id}.note`) : lesson.note;
    setHtml(about, (title ? `<h2>${escapeHtml(title)}</h2>` : '') + (text ? `<p>${escapeHtml(text)}</p>` : ''));
    setProp(part('.instructor-note'), 'hidden', !state.note);
    setProp(part('.instructor-note'), 'textContent', state.note);

    const n = trace.tokens.length;
    const pendingFrom = trace.mask === 'causal' && state.reveal !== null && state.reveal < n ? state.reveal : null;
    inspector.update({ selection: state.selection, trace, explain: handlers.explain, pendingFrom, locked: state.locked });
    if (state.selection !== selected) keepAboveSheet(state.selection);
    selected = state.selection;
    frame++;
  }

  return { render, say: (text) => toolbar.say(text), get frame() { return frame; } };
}
