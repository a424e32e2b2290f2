// The page drawn from its state: createPage(app, handlers) lays the page out once and returns
// render(state, trace), which draws everything a state and its trace say — header, instructor bar, notices,
// the walkthrough's cards and the inspector. Views report events through `handlers`; none keeps state.
import { STEPS } from '../registry.js';
import { PRESETS } from '../presets/index.js';
import { escapeHtml } from '../lib/escape.js';
import { Toolbar } from '../views/toolbar.js';
import { HeaderControls } from '../views/controls.js';
import { Inspector } from '../views/inspector.js';
import { Walkthrough, unownedProblems } from '../views/walkthrough.js';
import { setHtml } from '../views/dom.js';

/**
 * handlers: the controller's events (`on`), plus {explain: {score, softmax, output, projection}, schema (the engine's
 * choices, engine.schema()), copyLink(), openExport(), openEmbed()}. Returns {render(state, trace), say(text), frame: the number of renders so far}.
 */
export function createPage(app, handlers) {
  const { on } = handlers;
  app.innerHTML = `
    <header class="top"></header>
    <div class="toolbar-host"></div>
    <div class="notices"><p class="busy" role="status" hidden></p><p class="notice" role="status" hidden></p><p class="instructor-note" hidden></p><div class="about" hidden></div><div class="problems global" role="alert" hidden></div></div>
    <div class="layout"><div class="cards"></div><aside class="side"></aside></div>
    <footer class="foot">Attention Lab — every number is computed live by the WebAssembly engine.</footer>`;
  const header = new HeaderControls(app.querySelector('.top'), {
    presets: PRESETS, steps: STEPS, maxSeed: handlers.schema.maxSeed,
    onSentence: (text) => {
      if (!text.trim()) { header.showProblem('Type at least one word.'); return; }
      header.showProblem('');
      const r = on.sentence(text);
      if (!r.ok && !r.crashed) header.showProblem(r.problems.map((p) => `${p.field}: ${p.message}`).join(' '));
    },
    onPreset: (id) => on.preset(id),
    onSeed: (seed) => on.seed(seed),
    onAddSeed: () => on.addSeed(),
  });
  const toolbar = new Toolbar(app.querySelector('.toolbar-host'), {
    onCopyLink: () => handlers.copyLink(),
    onHidden: (hidden) => on.hidden(hidden),
    onLocked: (locked) => on.locked(locked),
    onNote: (note) => on.note(note),
    onExport: () => handlers.openExport(),
    onEmbed: () => handlers.openEmbed(),
  });
  const walkthrough = new Walkthrough(app.querySelector('.cards'), on);
  const inspector = new Inspector(app.querySelector('.side'));
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

    header.update({ sentence: lesson.sentence ?? trace.tokens.join(' '), preset: state.preset, seed: lesson.init?.seed ?? (lesson.init ? 0 : null) });
    header.sentence.disabled = locked('sentence');
    header.preset.disabled = locked('sentence');
    if (locked('seed')) { header.seed.disabled = true; header.addSeed.disabled = true; } else header.addSeed.disabled = false;
    for (const s of STEPS) {
      const link = app.querySelector(`.step-nav a[data-step="${s.id}"]`);
      link.hidden = state.hidden.includes(s.id);
      if (s.id === state.step) link.setAttribute('aria-current', 'step'); else link.removeAttribute('aria-current');
    }
    toolbar.update(state);

    const busy = part('.busy');
    if (busy.hidden !== !state.busy) {
      busy.hidden = !state.busy;
      busy.textContent = state.busy ? `Computing a large lesson (about ${(state.busy / 1e6).toFixed(0)} million multiply-adds) in the background — the page stays usable, and it appears here when it is ready.` : '';
      document.documentElement.dataset.busy = String(Boolean(state.busy));
    }
    const rest = unownedProblems(state.problems);
    part('.problems.global').hidden = rest.length === 0;
    setHtml(part('.problems.global'), rest.map((p) => `<p><code>${escapeHtml(p.field)}</code> ${escapeHtml(p.message)}</p>`).join(''));
    part('.notice').hidden = !state.notice;
    part('.notice').textContent = state.notice;
    const about = part('.about');
    about.hidden = !(lesson.title || lesson.note);
    about.replaceChildren(...(lesson.title ? [Object.assign(document.createElement('h2'), { textContent: lesson.title })] : []),
      ...(lesson.note ? [Object.assign(document.createElement('p'), { textContent: lesson.note })] : []));
    part('.instructor-note').hidden = !state.note;
    part('.instructor-note').textContent = state.note;

    inspector.update({ selection: state.selection, trace, explain: handlers.explain });
    frame++;
  }

  return { render, say: (text) => toolbar.say(text), get frame() { return frame; } };
}
