// Boot and wiring: one state object -> engine.trace -> views. Every edit builds a new lesson, which is
// traced before it is accepted (an invalid one is reported next to its input and the last valid one stays).
import { loadEngine } from '../wasm/engine.js';
import { STEPS } from './steps.js';
import { PRESETS, DEFAULT_PRESET, presetById } from './presets/index.js';
import { createStore } from './state.js';
import { decodeFragment, encodeState, payloadOf, readPayload, STEP_IDS, LOCKABLE, MAX_FRAGMENT, MAX_NOTE } from './share.js';
import { openPersist } from './persist.js';
import { createOffThreadEngine, OFF_THREAD_WORK, workOf } from './off-thread.js';
import { Toolbar, makeDialog, copyText, el } from './views/toolbar.js';
import { download, heatmapSvg, matricesCsv, matricesOf, numpyCode, pytorchCode, svgToPng } from './export.js';
import { startEmbedMode } from './embed.js';
import { toRows } from './matrix.js';
import { addOutputProjection, addSeed, inputsOf, removeOutputProjection, resize, setCell, setSeed, setSentence } from './lesson-edit.js';
import { MatrixView } from './views/matrix-view.js';
import { Inspector } from './views/inspector.js';
import { StepCard } from './views/step-card.js';
import { escapeHtml } from './lib/escape.js';
import { setHtml } from './views/dom.js';
import { HeaderControls, MaskControl, MaskGrid, NumberControl, Switch } from './views/controls.js';
import { formatExact } from './numbers.js';

// Query options (an embed sets them): ?embed=1&theme=dark&preset=…&step=…&steps=a,b&locked=X,W_Q
const query = new URLSearchParams(location.search);
const EMBED = query.has('embed') && query.get('embed') !== '0';
if (EMBED) document.documentElement.dataset.embed = 'true';
if (['dark', 'light'].includes(query.get('theme'))) document.documentElement.dataset.theme = query.get('theme');

async function boot() {
const app = document.getElementById('app');
let engine;
try {
  engine = await loadEngine();
} catch (err) {
  app.replaceChildren(Object.assign(document.createElement('p'), { className: 'fatal', textContent: `The attention engine could not start: ${err.message}` }));
  throw err;
}

// ---------- computing: lesson -> {trace, inputs} ----------
let current = null; // {lesson, trace, inputs}: derived, never stored in the state

function compute(lesson) {
  const r = engine.trace(lesson);
  if (!r.ok) return { ok: false, problems: r.problems, crashed: r.crashed };
  return { ok: true, trace: r.value };
}

// The engine explains the trace it holds last; after a lesson computed elsewhere (the worker) or a rejected
// edit it may hold another, and traces the shown lesson again the first time an explanation is asked for.
const holdShown = () => { if (current && engine.traced !== current.lesson) engine.trace(current.lesson); };
const explain = {
  score: (h, i, j) => (holdShown(), engine.explainScore(h, i, j)),
  softmax: (h, i) => (holdShown(), engine.explainSoftmax(h, i)),
  output: (h, i, t) => (holdShown(), engine.explainOutput(h, i, t)),
};

// Big lessons are computed in a Web Worker (web/off-thread.js) while the page stays usable.
const offThread = createOffThreadEngine();
let latest = 0;                      // the newest lesson asked for; an older answer from the worker is dropped
let settled = Promise.resolve();     // resolves when the worker has answered the newest lesson

// ---------- the state ----------
// state = {lesson, preset, selection, reveal, step, hidden: [step ids], locked: [input names], note}
let notice = '';
const VIEW_DEFAULTS = { preset: null, selection: null, reveal: null, step: null, hidden: [], locked: [], note: '' };
const listParam = (name, allowed) => (query.get(name) ?? '').split(',').map((x) => x.trim()).filter((x) => allowed.includes(x));

/** A decoded fragment becomes a state only if the engine accepts its lesson. */
function acceptDecoded(d, what) {
  if (d.ok) {
    let found;
    try { found = engine.check(d.state.lesson); } catch (err) { if (!err.crashed) throw err; found = [{ field: 'engine', message: err.message }]; }
    if (found.length === 0) {
      // Text that looks like HTML is shown as plain text anyway; say so, since a link made by this page never has it.
      const l = d.state.lesson;
      const texts = [l.title, l.note, l.sentence, d.state.note, ...(Array.isArray(l.tokens) ? l.tokens : []), ...(Array.isArray(l.vocab) ? l.vocab : [])];
      if (texts.some((t) => typeof t === 'string' && /<\s*[a-z!/]|\bon[a-z]+\s*=|javascript:/i.test(t))) {
        notice = 'This link’s text contains HTML-like markup (for example in a token); it is shown as plain text and nothing in it runs.';
      }
      return { ...d.state, preset: d.state.preset && presetById(d.state.preset) ? d.state.preset : null };
    }
    notice = `The lesson in ${what} has problems (${found.slice(0, 3).map((p) => `${p.field}: ${p.message}`).join('; ')}), so ${what === 'this link' ? 'the default lesson is shown instead' : 'the previous lesson is kept'}.`;
  } else if (!d.empty) {
    notice = `The link could not be read (${d.message}), so ${what === 'this link' ? 'the default lesson is shown instead' : 'the previous lesson is kept'}.`;
  }
  return null;
}

// Edits the link cannot hold (past its length limit) are kept in this browser and come back on a reload of the
// same address; an embed's state belongs to its host page.
const saved = EMBED ? null : openPersist(location.pathname);
let restoredCopy = false;

async function initialState() {
  let state = acceptDecoded(await decodeFragment(location.hash, engine), 'this link');
  const kept = saved ? await saved.restore(location.hash) : null;
  if (kept) {
    const before = notice;
    const r = readPayload(kept);
    const copy = acceptDecoded(r.ok ? { ok: true, state: r.state } : r, 'this browser’s copy');
    if (copy) { state = copy; restoredCopy = true; } else notice = before;
  }
  if (engine.crashed) await engine.restart(); // the lesson stopped the engine: the default one needs a fresh instance
  if (!state) {
    const preset = presetById(query.get('preset') ?? '') ?? DEFAULT_PRESET;
    state = { ...VIEW_DEFAULTS, lesson: structuredClone(preset.lesson), preset: preset.id };
  }
  // an embed's attributes override what the link says about the view
  if (query.has('steps')) { const shown = listParam('steps', STEP_IDS); state.hidden = STEP_IDS.filter((id) => !shown.includes(id)); }
  if (query.has('locked')) state.locked = listParam('locked', LOCKABLE);
  if (STEP_IDS.includes(query.get('step'))) state.step = query.get('step');
  if (query.has('note')) state.note = query.get('note').slice(0, MAX_NOTE);
  return state;
}

const start = await initialState();
const store = createStore({ ...VIEW_DEFAULTS, ...start });
let problems = []; // from the last rejected edit, shown next to the related input

/** Accept a new lesson if the engine can trace it; otherwise report its problems and keep the old one. */
function tryLesson(lesson, patch = {}) {
  const seq = ++latest;
  setBusy(false);
  if (offThread && workOf(lesson) > OFF_THREAD_WORK) return tryOffThread(lesson, patch, seq);
  const result = compute(lesson);
  if (result.crashed) return result; // not the lesson's fault: the crash handler below restores what was shown
  if (!result.ok) {
    problems = result.problems;
    render();
    return result;
  }
  accept(lesson, result.trace, patch);
  return { ok: true };
}

/** A big lesson: checked here at once (a refusal is as immediate as for a small one), computed by the worker. */
function tryOffThread(lesson, patch, seq) {
  let found;
  try { found = engine.check(lesson); } catch (err) { if (!err.crashed) throw err; return { ok: false, problems: [], crashed: true }; }
  if (found.length) { problems = found; render(); return { ok: false, problems: found }; }
  setBusy(true, lesson);
  settled = offThread.trace(lesson).then((r) => {
    if (seq !== latest) return;
    setBusy(false);
    if (r.ok) accept(lesson, r.trace, patch);
    else if (!current) { notice = `The lesson could not be computed (${r.crashed ? r.message : r.problems[0]?.message}), so the default lesson is shown instead.`; loadPreset(DEFAULT_PRESET.id); }
    else { notice = r.crashed ? `Computing that lesson stopped the engine (${r.message}); the lesson before it is kept.` : ''; problems = r.problems ?? []; render(); }
  });
  return { ok: true, pending: true };
}

function setBusy(on, lesson) {
  const el = app.querySelector('.busy');
  if (!el || el.hidden === !on) return;
  el.hidden = !on;
  el.textContent = on ? `Computing a large lesson (about ${(workOf(lesson) / 1e6).toFixed(0)} million multiply-adds) in the background — the page stays usable, and it appears here when it is ready.` : '';
  document.documentElement.dataset.busy = String(on);
}

/** A computed lesson becomes the one shown. */
function accept(lesson, trace, patch) {
  problems = [];
  // The inputs as arrays of rows are what edits start from: made when the first edit asks for them.
  let inputs = null;
  current = { lesson, trace, get inputs() { return (inputs ??= inputsOf(trace)); } };
  const n = trace.tokens.length;
  const sel = 'selection' in patch ? patch.selection : store.get().selection;
  const selection = sel && selectionFits(sel, trace) ? sel : null;
  const reveal = Math.min(patch.reveal ?? store.get().reveal ?? n, n);
  store.set({ ...patch, selection, lesson, reveal });
}

/** A selected cell (perhaps from a link) must lie inside its matrix. */
function selectionFits(sel, t) {
  const n = t.tokens.length, h = t.heads;
  const shapes = { X: [n, t.dModel], W_Q: [t.dModel, h * t.dK], W_K: [t.dModel, h * t.dK], W_V: [t.dModel, h * t.dV],
    W_O: t.inputs.W_O ? [t.inputs.W_O.rows, t.inputs.W_O.cols] : [0, 0], Q: [n, t.dK], K: [n, t.dK], V: [n, t.dV], Z: [n, t.dV],
    scores: [n, n], scaled: [n, n], weights: [n, n], mask: [n, n], concat: [n, h * t.dV], output: [t.output.rows, t.output.cols] };
  const shape = shapes[sel.matrix];
  return Boolean(shape) && Number.isInteger(sel.head) && sel.head >= 0 && sel.head < h && sel.row >= 0 && sel.row < shape[0] && sel.col >= 0 && sel.col < shape[1];
}

function dims() {
  const t = current.trace;
  return { n: t.tokens.length, dModel: t.dModel, dK: t.dK, dV: t.dV, heads: t.heads };
}

// ---------- layout ----------
app.innerHTML = `
  <header class="top"></header>
  <div class="toolbar-host"></div>
  <div class="notices"><p class="busy" role="status" hidden></p><p class="notice" role="status" hidden></p><p class="instructor-note" hidden></p><div class="about" hidden></div><div class="problems global" role="alert" hidden></div></div>
  <div class="layout"><div class="cards"></div><aside class="side"></aside></div>
  <footer class="foot">Attention Lab — every number is computed live by the WebAssembly engine.</footer>`;
const header = new HeaderControls(app.querySelector('.top'), {
  presets: PRESETS, steps: STEPS,
  onSentence: (text) => {
    if (!text.trim()) { header.showProblem('Type at least one word.'); return; }
    header.showProblem('');
    let next;
    try { next = setSentence(engine, current.lesson, current.inputs, dims(), text); } catch (err) { if (err.crashed) return; throw err; } // restored by the crash handler
    const r = tryLesson(next);
    if (!r.ok && !r.crashed) header.showProblem(r.problems.map((p) => `${p.field}: ${p.message}`).join(' '));
  },
  onPreset: (id) => loadPreset(id),
  onSeed: (seed) => tryLesson(setSeed(current.lesson, seed)),
  onAddSeed: () => tryLesson(addSeed(current.lesson, current.inputs, 0)),
});

const toolbar = new Toolbar(app.querySelector('.toolbar-host'), {
  onCopyLink: () => { copying = copyLink(); },
  onHidden: (hidden) => store.set({ hidden }),
  onLocked: (locked) => store.set({ locked }),
  onNote: (note) => store.set({ note: note.slice(0, MAX_NOTE) }),
  onExport: () => openExport(),
  onEmbed: () => openEmbed(),
});
const locked = (name) => store.get().locked.includes(name);

const cards = {};
STEPS.forEach((step, index) => { cards[step.id] = new StepCard(app.querySelector('.cards'), { step, index }); });
const inspector = new Inspector(app.querySelector('.side'));

const resizeTo = (patch) => tryLesson(resize(engine, current.lesson, current.inputs, dims(), { ...dims(), ...patch }));
const dModelControl = new NumberControl(cards.embed.controls, { label: 'd<sub>model</sub>', name: 'd_model', min: 1, max: 64, onChange: (v) => resizeTo({ dModel: v }) });
const dKControl = new NumberControl(cards.project.controls, { label: 'd<sub>k</sub> = d<sub>v</sub>', name: 'd_k', min: 1, max: 64, onChange: (v) => resizeTo({ dK: v, dV: v }) });
const headsControl = new NumberControl(cards.project.controls, { label: 'heads h', name: 'heads', min: 1, max: 8, onChange: (v) => resizeTo({ heads: v }) });
let lastNumericScale = null;
const scaleSwitch = new Switch(cards.scale.controls, {
  name: 'scale', label: 'divide by √d<sub>k</sub>',
  onChange: (on) => {
    const next = structuredClone(current.lesson);
    if (typeof next.scale === 'number') lastNumericScale = next.scale;
    if (on) { if (lastNumericScale) next.scale = lastNumericScale; else delete next.scale; } else next.scale = 'none';
    tryLesson(next);
  },
});
const divisorEl = document.createElement('p');
divisorEl.className = 'divisor';
cards.scale.controls.append(divisorEl);

const maskControl = new MaskControl(cards.softmax.controls, {
  onKind: (kind) => {
    const next = structuredClone(current.lesson);
    const n = current.trace.tokens.length;
    if (kind === 'none') delete next.mask;
    if (kind === 'causal') next.mask = 'causal';
    if (kind === 'padding') next.mask = { padding: new Array(n).fill(false) };
    if (kind === 'custom') next.mask = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => current.trace.visible[i * n + j]));
    tryLesson(next, kind === 'causal' ? { reveal: 1 } : { reveal: n });
  },
  onReveal: (step) => store.set({ reveal: step }),
  onPadding: (i, pad) => {
    const next = structuredClone(current.lesson);
    next.mask.padding[i] = pad;
    tryLesson(next);
  },
});
const maskGridHost = document.createElement('div');
cards.softmax.controls.append(maskGridHost);
const maskGrid = new MaskGrid(maskGridHost, {
  onToggle: (i, j) => {
    if (locked('mask')) return;
    const next = structuredClone(current.lesson);
    next.mask[i][j] = next.mask[i][j] ? 0 : 1;
    tryLesson(next);
  },
});
const outputButtons = document.createElement('div');
outputButtons.className = 'wo-buttons';
cards.sum.controls.append(outputButtons);
outputButtons.addEventListener('click', (e) => {
  const b = e.target.closest('button');
  if (!b) return;
  tryLesson(b.dataset.action === 'add' ? addOutputProjection(current.lesson, current.inputs) : removeOutputProjection(current.lesson));
});

// ---------- heatmaps, rebuilt when the set of matrices changes ----------
const grids = {}; // step id -> {signature, maps: {key: MatrixView}}
const q = (s) => `“${s}”`;

function headGroups(body, heads, names) {
  const groups = [];
  for (let h = 0; h < heads; h++) {
    const g = document.createElement('div');
    g.className = 'head-group';
    if (heads > 1) g.innerHTML = `<h3 class="head-title">Head ${h + 1}</h3>`;
    const row = document.createElement('div');
    row.className = 'matrix-row';
    g.append(row);
    body.append(g);
    groups.push(row);
  }
  return groups;
}

function ensureGrids(stepId, signature, build) {
  const g = grids[stepId];
  if (g && g.signature === signature) return g.maps;
  const body = cards[stepId].body;
  body.innerHTML = '';
  const maps = {};
  build(body, maps);
  grids[stepId] = { signature, maps };
  return maps;
}

const select = (sel) => store.set({ selection: sel });
const edit = (name) => (i, j, v) => tryLesson(setCell(current.lesson, current.inputs, name, i, j, v));

function makeMap(host, maps, key, options) {
  maps[key] = new MatrixView(host, { onSelect: select, ...options });
}

function label(name, head, heads) {
  const base = { W_Q: 'W<sub>Q</sub>', W_K: 'W<sub>K</sub>', W_V: 'W<sub>V</sub>', W_O: 'W<sub>O</sub>', scores: 'QK<sup>⊤</sup>', scaled: 'QK<sup>⊤</sup> / √d<sub>k</sub>', weights: 'weights A', concat: 'concat(Z<sub>1</sub> … Z<sub>h</sub>)', output: 'output = concat · W<sub>O</sub>' }[name] ?? name;
  return base;
}

function buildAll() {
  const t = current.trace, heads = t.heads;
  const hasWO = Boolean(t.inputs.W_O);
  const lockKey = store.get().locked.join();
  ensureGrids('embed', `X|${lockKey}`, (body, maps) => {
    const row = document.createElement('div'); row.className = 'matrix-row'; body.append(row);
    makeMap(row, maps, 'X', { matrix: 'X', label: 'X (embeddings)', ariaName: 'X', scale: 'diverging', editable: !locked('X'), onEdit: edit('X'),
      describe: (i, j) => `dimension ${j + 1} of the embedding of ${q(current.trace.tokens[i])}` });
  });
  ensureGrids('project', `h${heads}|${lockKey}`, (body, maps) => {
    const row = document.createElement('div'); row.className = 'matrix-row weights-row'; body.append(row);
    for (const W of ['W_Q', 'W_K', 'W_V']) {
      makeMap(row, maps, W, { matrix: W, label: label(W, null, 1), ariaName: W, scale: 'diverging', editable: !locked(W), onEdit: edit(W),
        describe: (i, j) => `learned weight: input dimension ${i + 1} → ${W.slice(2)} column ${j + 1}` });
    }
    headGroups(body, heads).forEach((host, h) => {
      for (const M of ['Q', 'K', 'V']) {
        const role = { Q: 'query', K: 'key', V: 'value' }[M];
        makeMap(host, maps, `${M}${h}`, { matrix: M, head: h, label: label(M, h, heads), ariaName: `${M}${heads > 1 ? ` head ${h + 1}` : ''}`, scale: 'diverging',
          describe: (i, j) => `${role} of ${q(current.trace.tokens[i])}, column ${j + 1}` });
      }
    });
  });
  const perHead = (stepId, name, options) => ensureGrids(stepId, `h${heads}`, (body, maps) => {
    headGroups(body, heads).forEach((host, h) => makeMap(host, maps, `${name}${h}`, { matrix: name, head: h, label: label(name, h, heads), ariaName: `${name}${heads > 1 ? ` head ${h + 1}` : ''}`, ...options }));
  });
  perHead('score', 'scores', { scale: 'diverging', describe: (i, j) => `raw score: how strongly ${q(current.trace.tokens[i])} (query) matches ${q(current.trace.tokens[j])} (key)` });
  perHead('scale', 'scaled', { scale: 'diverging', describe: (i, j) => `scaled score of ${q(current.trace.tokens[i])} for ${q(current.trace.tokens[j])}` });
  perHead('softmax', 'weights', { scale: 'sequential', digits: 3, describe: (i, j, v) => `how much ${q(current.trace.tokens[i])} attends to ${q(current.trace.tokens[j])} (${(v * 100).toFixed(1)}%)` });
  ensureGrids('sum', `h${heads}-${hasWO}|${lockKey}`, (body, maps) => {
    headGroups(body, heads).forEach((host, h) => makeMap(host, maps, `Z${h}`, { matrix: 'Z', head: h, label: label('Z', h, heads), ariaName: `Z${heads > 1 ? ` head ${h + 1}` : ''}`, scale: 'diverging',
      describe: (i, j) => `dimension ${j + 1} of the new, context-aware ${q(current.trace.tokens[i])}` }));
    if (heads > 1 || hasWO) {
      const row = document.createElement('div'); row.className = 'matrix-row combine'; body.append(row);
      makeMap(row, maps, 'concat', { matrix: 'concat', label: label('concat', null, 1), ariaName: 'concat', scale: 'diverging', describe: (i, j) => `${q(current.trace.tokens[i])}, head ${Math.floor(j / current.trace.dV) + 1}` });
      if (hasWO) {
        makeMap(row, maps, 'W_O', { matrix: 'W_O', label: label('W_O', null, 1), ariaName: 'W_O', scale: 'diverging', editable: !locked('W_O'), onEdit: edit('W_O'), describe: (i, j) => `output weight: concat column ${i + 1} → output column ${j + 1}` });
        makeMap(row, maps, 'output', { matrix: 'output', label: label('output', null, 1), ariaName: 'output', scale: 'diverging', describe: (i, j) => `final output of ${q(current.trace.tokens[i])}, column ${j + 1}` });
      }
    }
  });
}

// ---------- selection highlighting ----------
function highlightFor(matrix, head) {
  const s = store.get().selection;
  const out = { rows: new Set(), cols: new Set(), cells: new Set() };
  if (!s) return out;
  const tokenRows = ['X', 'Q', 'scores', 'scaled', 'weights', 'Z', 'concat', 'output'];
  const keyRows = ['K', 'V'];
  const pairs = ['scores', 'scaled', 'weights'];
  let qi = null, kj = null, t = null;
  if (['X', 'Q', 'concat', 'output'].includes(s.matrix)) qi = s.row;
  if (['K', 'V'].includes(s.matrix)) kj = s.row;
  if (pairs.includes(s.matrix)) { qi = s.row; kj = s.col; }
  if (s.matrix === 'Z') { qi = s.row; t = s.col; }
  if (s.matrix === 'V') t = s.col;
  if (qi !== null && tokenRows.includes(matrix)) out.rows.add(qi);
  if (kj !== null && keyRows.includes(matrix)) out.rows.add(kj);
  if (kj !== null && pairs.includes(matrix)) out.cols.add(kj);
  if (t !== null && (matrix === 'Z' || matrix === 'V') && head === s.head) out.cols.add(t);
  if (pairs.includes(matrix) && qi !== null && kj !== null && head === s.head) out.cells.add(`${qi},${kj}`);
  if (matrix === s.matrix && (head ?? 0) === s.head) out.cells.add(`${s.row},${s.col}`);
  return out;
}

// ---------- render ----------
function maskKind(mask) {
  if (!mask || mask === 'none') return 'none';
  if (mask === 'causal') return 'causal';
  if (Array.isArray(mask)) return 'custom';
  return 'padding';
}

const problemsFor = (prefixes) => problems.filter((p) => prefixes.some((x) => p.field === x || p.field.startsWith(`${x}[`) || p.field.startsWith(`${x}.`)));
const STEP_FIELDS = {
  embed: ['X', 'E', 'vocab', 'tokens', 'sentence', 'init'], project: ['W_Q', 'W_K', 'W_V', 'heads'], score: ['score', 'W_a', 'W_1', 'W_2', 'v_a'],
  scale: ['scale'], softmax: ['mask'], sum: ['W_O'],
};

let frame = 0;
function render() {
  if (!current) return;
  const state = store.get();
  const t = current.trace, tk = t.tokens, n = tk.length;
  buildAll();
  const maps = Object.fromEntries(Object.values(grids).flatMap((g) => Object.entries(g.maps)));
  const paint = (key, matrix, extra = {}) => {
    const m = maps[key];
    if (!m || !matrix) return;
    m.update({ matrix, highlight: highlightFor(m.options.matrix, m.options.head), ...extra });
  };
  const dimLabels = (count, perHead) => Array.from({ length: count }, (_, j) => (perHead && t.heads > 1 ? `${Math.floor(j / perHead) + 1}.${(j % perHead) + 1}` : String(j + 1)));
  paint('X', t.X, { rowLabels: tk, colLabels: dimLabels(t.dModel) });
  paint('W_Q', t.inputs.W_Q, { colLabels: dimLabels(t.heads * t.dK, t.dK) });
  paint('W_K', t.inputs.W_K, { colLabels: dimLabels(t.heads * t.dK, t.dK) });
  paint('W_V', t.inputs.W_V, { colLabels: dimLabels(t.heads * t.dV, t.dV) });
  const lesson = state.lesson;
  const kind = maskKind(lesson.mask);
  const reveal = state.reveal ?? n;
  const pending = kind === 'causal' && reveal < n ? new Set(Array.from({ length: n - reveal }, (_, k) => reveal + k)) : null;
  const hidden = (i, j) => t.visible[i * n + j] === 0;
  t.headTraces.forEach((h, k) => {
    paint(`Q${k}`, h.Q, { rowLabels: tk });
    paint(`K${k}`, h.K, { rowLabels: tk });
    paint(`V${k}`, h.V, { rowLabels: tk });
    paint(`scores${k}`, h.scores, { rowLabels: tk, colLabels: tk, hidden, visible: t.visible });
    paint(`scaled${k}`, h.scaled, { rowLabels: tk, colLabels: tk, hidden, visible: t.visible });
    paint(`weights${k}`, h.weights, { rowLabels: tk, colLabels: tk, hidden, visible: t.visible, dimRows: pending });
    paint(`Z${k}`, h.Z, { rowLabels: tk, dimRows: pending });
  });
  paint('concat', t.concat, { rowLabels: tk, colLabels: dimLabels(t.heads * t.dV, t.dV) });
  if (t.inputs.W_O) paint('W_O', t.inputs.W_O, { rowLabels: dimLabels(t.heads * t.dV, t.dV) });
  paint('output', t.output, { rowLabels: tk });

  // header and controls
  header.update({ sentence: lesson.sentence ?? tk.join(' '), preset: state.preset, seed: lesson.init?.seed ?? (lesson.init ? 0 : null) });
  dModelControl.update(t.dModel);
  dKControl.update(t.dK);
  headsControl.update(t.heads);
  dKControl.el.title = t.dK !== t.dV ? `this lesson has d_k = ${t.dK} and d_v = ${t.dV}; changing it sets both` : '';
  scaleSwitch.update(lesson.scale !== 'none');
  setHtml(divisorEl, lesson.scale === 'none'
    ? 'Scaling is off: the scores go to softmax as they are (divisor 1).'
    : typeof lesson.scale === 'number'
      ? `Divisor <b>${formatExact(t.divisor)}</b>, set by the lesson (for d<sub>k</sub> = 768, √768 ≈ 27.7); this toy has d<sub>k</sub> = ${t.dK}.`
      : `√d<sub>k</sub> = √${t.dK} = <b>${formatExact(t.divisor)}</b>`);
  const padding = kind === 'padding' ? lesson.mask.padding : new Array(n).fill(false);
  maskControl.update({ kind, tokens: tk, reveal, padding });
  maskGridHost.hidden = kind !== 'custom';
  if (kind === 'custom') maskGrid.update({ tokens: tk, visible: t.visible });
  setHtml(outputButtons, t.inputs.W_O
    ? '<button type="button" data-action="remove">Remove W<sub>O</sub></button>'
    : `<button type="button" data-action="add">Add an output projection W<sub>O</sub></button>`);

  // notes per step
  const ids = t.tokenIds;
  const chips = tk.map((w, i) => `<span class="chip${padding[i] ? ' pad' : ''}">${escapeHtml(w)}${ids ? `<small>id ${ids[i]}</small>` : ''}${padding[i] ? '<small>PAD</small>' : ''}</span>`).join('');
  const notes = { embed: [`<span class="chips" aria-label="tokens">${chips}</span>`, `${n} tokens, each a row of d<sub>model</sub> = ${t.dModel} numbers.${ids ? ' The small number under each token is its id in the vocabulary.' : ' This lesson lists its tokens without a vocabulary, so there are no ids; type in the sentence box to get them.'}`] };
  notes.project = [t.heads > 1
    ? `Each of the ${t.heads} heads uses its own ${t.dK} columns of W<sub>Q</sub> and W<sub>K</sub> and ${t.dV} columns of W<sub>V</sub> (column labels read head.column).`
    : `One head: Q and K have d<sub>k</sub> = ${t.dK} columns, V has d<sub>v</sub> = ${t.dV}.`];
  notes.score = ['Rows are queries (the token that is looking), columns are keys (the token being looked at).'];
  notes.scale = [];
  notes.softmax = ['Each row adds up to 1 (hidden cells, hatched, get exactly 0).'];
  if (pending) notes.softmax.push(`Decoding order: rows after “${escapeHtml(tk[reveal - 1])}” are faded — those tokens are not generated yet. Each new token can only look back.`);
  t.headTraces.forEach((h, k) => {
    for (const i of h.emptyRows) {
      notes.softmax.push(`<span class="warn">${t.heads > 1 ? `Head ${k + 1}: ` : ''}“${escapeHtml(tk[i])}” may not see any key — every key in its row is hidden. Softmax has nothing to share the weight among, so its weights row is all 0 and its output row in Z is all 0 (not a broken number).</span>`);
    }
  });
  notes.sum = t.heads > 1 ? [`The ${t.heads} heads’ outputs are laid side by side (concat, ${n} × ${t.heads * t.dV})${t.inputs.W_O ? ' and W<sub>O</sub> mixes them' : '; add W<sub>O</sub> to mix them'}.`] : [];
  for (const s of STEPS) cards[s.id].update({ problems: problemsFor(STEP_FIELDS[s.id]), notes: notes[s.id] });
  const known = Object.values(STEP_FIELDS).flat();
  const rest = problems.filter((p) => !known.some((x) => p.field === x || p.field.startsWith(`${x}[`) || p.field.startsWith(`${x}.`)));
  const global = app.querySelector('.problems.global');
  global.hidden = rest.length === 0;
  setHtml(global, rest.map((p) => `<p><code>${escapeHtml(p.field)}</code> ${escapeHtml(p.message)}</p>`).join(''));
  const noticeEl = app.querySelector('.notice');
  noticeEl.hidden = !notice;
  noticeEl.textContent = notice;
  const about = app.querySelector('.about');
  about.hidden = !(lesson.title || lesson.note);
  about.replaceChildren(...(lesson.title ? [Object.assign(document.createElement('h2'), { textContent: lesson.title })] : []),
    ...(lesson.note ? [Object.assign(document.createElement('p'), { textContent: lesson.note })] : []));
  const noteEl = app.querySelector('.instructor-note');
  noteEl.hidden = !state.note;
  noteEl.textContent = state.note;

  // instructor settings: hidden steps, locked inputs
  for (const s of STEPS) {
    const hide = state.hidden.includes(s.id);
    cards[s.id].el.hidden = hide;
    const link = app.querySelector(`.step-nav a[data-step="${s.id}"]`);
    if (link) { link.hidden = hide; if (s.id === state.step) link.setAttribute('aria-current', 'step'); else link.removeAttribute('aria-current'); }
  }
  for (const [control, name] of [[dModelControl, 'sizes'], [dKControl, 'sizes'], [headsControl, 'sizes']]) {
    control.input.disabled = locked(name);
    if (locked(name)) control.el.querySelectorAll('button').forEach((b) => { b.disabled = true; });
  }
  scaleSwitch.input.disabled = locked('scale');
  maskControl.el.querySelectorAll('input, button').forEach((i) => { i.disabled = locked('mask'); });
  maskGrid.el.classList.toggle('locked', locked('mask'));
  outputButtons.querySelectorAll('button').forEach((b) => { b.disabled = locked('sizes') || locked('W_O'); });
  header.sentence.disabled = locked('sentence');
  header.preset.disabled = locked('sentence');
  if (locked('seed')) { header.seed.disabled = true; header.addSeed.disabled = true; } else header.addSeed.disabled = false;
  toolbar.update(state);

  inspector.update({ selection: state.selection, trace: t, explain });
  frame++;
}

// ---------- presets, URL, automation ----------
function loadPreset(id) {
  const p = presetById(id);
  if (!p) return;
  const r = tryLesson(structuredClone(p.lesson), { preset: id, selection: null, reveal: null });
  if (r.ok) notice = '';
}

// The engine stopped (a trap, an abort, out of memory; wasm/engine.js): a fresh instance recomputes the last
// valid state — the edit that was being computed is dropped — and the student is told.
let recovering = null; // the promise of the recovery under way
engine.onCrash((reason) => {
  if (recovering) return;
  recovering = engine.restart().then(() => {
    notice = `The engine stopped unexpectedly (${reason}); it was restarted and your lesson was restored.`;
    const r = current ? tryLesson(current.lesson) : { ok: false };
    if (!r.ok && !r.crashed) loadPreset(DEFAULT_PRESET.id);
    if (engine.crashed) notice = `The engine stopped unexpectedly (${reason}) and stopped again when restarted. Reload the page; your lesson is in its link.`;
    render();
  }, (err) => {
    notice = `The engine stopped unexpectedly (${reason}) and could not be restarted (${err.message}). Reload the page; your lesson is in its link.`;
    render();
  }).finally(() => { recovering = null; });
});

// A link holds the state only up to share.js's limit. Past it the address bar keeps the last state that fitted;
// the newer one is kept in this browser (web/persist.js) until the link fits again, and the student is told.
let copyWritten = Promise.resolve(); // the last copy asked for, written
let linkTooLong = 0, copyKept = true, linkNoticeShown = null; // linkTooLong: characters of the link that does not fit
function linkHolds(state, hash) {
  const fits = hash.length - 1 <= MAX_FRAGMENT;
  linkTooLong = fits ? 0 : hash.length - 1;
  if (fits) {
    restoredCopy = false;
    saved?.forget();
  } else {
    copyWritten = (saved ? saved.save(payloadOf(state), location.hash) : Promise.resolve(false)).then((ok) => { copyKept = ok; showLinkNotice(); });
  }
  showLinkNotice();
  return fits;
}
function showLinkNotice() {
  const text = !linkTooLong ? null
    : `${restoredCopy ? 'Your latest edits were restored from this browser. ' : ''}This lesson is too large for a link (${linkTooLong.toLocaleString('en')} characters; a link holds at most ${MAX_FRAGMENT.toLocaleString('en')}), so the address bar and copied links no longer hold your latest edits. ${copyKept
      ? 'This browser keeps them: reloading this page brings them back. To share them, use Export → Lesson (JSON).'
      : 'This browser does not let the page keep them either (storage is off or full): use Export → Lesson (JSON) to keep them.'}`;
  if (text === linkNoticeShown) return;
  if (text) notice = text;
  else if (notice === linkNoticeShown) notice = '';
  linkNoticeShown = text;
  render();
}

// Every edit of the lesson or of the instructor's settings is a new history entry (typing bursts within
// a second share one); selection, step and decoding step only replace the current entry.
// The link is written just after the edit is painted: serialising and compressing a big lesson is not on the
// way to the screen, and a burst of edits is written once.
let lastHash = location.hash, urlSeq = 0, lastPushAt = 0, lastEditKey = null, urlTimer = null, urlDone = null;
let urlWritten = Promise.resolve();
const editKey = (st) => JSON.stringify([st.lesson, st.preset, st.hidden, st.locked, st.note]);
store.subscribe(() => {
  render();
  // a big lesson's link takes a while to build: it waits for a pause in the edits
  const wait = current && current.trace.tokens.length * current.trace.dModel > 4096 ? 300 : 20;
  if (!urlDone) urlWritten = new Promise((resolve) => { urlDone = resolve; });
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => { const done = urlDone; urlDone = null; writeUrl().then(done, done); }, wait);
});

async function writeUrl() {
  const state = store.get(), seq = ++urlSeq;
  const key = editKey(state);
  const edited = lastEditKey !== null && key !== lastEditKey;
  lastEditKey = key;
  const hash = await encodeState(state);
  if (seq !== urlSeq) return;
  if (!linkHolds(state, hash)) return;
  const now = performance.now();
  // (an embed only replaces: its entries would join the host page's Back button)
  const push = edited && !EMBED && now - lastPushAt > 1000 && location.hash !== '';
  if (edited) lastPushAt = now;
  if (hash === location.hash) { lastHash = hash; return; }
  lastHash = hash;
  history[push ? 'pushState' : 'replaceState'](null, '', hash);
}

async function followUrl() {
  if (location.hash === lastHash) return;
  const target = location.hash;
  const d = await decodeFragment(target, engine);
  if (location.hash !== target) return;
  const state = acceptDecoded(d, 'the new link');
  if (!state) { render(); return; }
  lastHash = target;
  const r = tryLesson(state.lesson, { ...VIEW_DEFAULTS, ...state });
  await settled;
  lastEditKey = editKey(store.get()); // moving through history is not a new edit
  if (r.ok) { notice = ''; render(); scrollToStep(state.step); }
}
window.addEventListener('popstate', followUrl);
window.addEventListener('hashchange', followUrl);

// ---------- share, export, embed ----------
function scrollToStep(step) {
  if (!step || store.get().hidden.includes(step)) return;
  document.getElementById(`step-${step}`)?.scrollIntoView({ block: 'start' });
}
app.querySelector('.step-nav').addEventListener('click', (e) => {
  const a = e.target.closest('a[data-step]');
  if (a) store.set({ step: a.dataset.step });
});

async function shareLink() {
  await urlWritten;
  const hash = await encodeState(store.get());
  const url = new URL(location.href);
  url.hash = hash;
  url.searchParams.delete('embed');
  return url.href;
}

/** Copies the link and says so; resolves with what it said. */
async function copyLink() {
  const link = await shareLink();
  const said = linkTooLong
    ? `No link copied: this lesson is too large for a link (${linkTooLong.toLocaleString('en')} characters; a link holds at most ${MAX_FRAGMENT.toLocaleString('en')}). Use Export → Lesson (JSON) to share it.`
    : (await copyText(link)) ? 'Link copied.' : 'Copy this link from the address bar.';
  toolbar.say(said);
  return said;
}
let copying = Promise.resolve('');

function exportItems() {
  return matricesOf(current.trace, current.inputs);
}

function exportBaseName() {
  const base = (current.lesson.title ?? 'attention-lab').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'attention-lab';
  return base;
}

const exportDialog = makeDialog('Export', 'export-dialog');
function openExport() {
  const { body } = exportDialog;
  body.replaceChildren();
  const base = exportBaseName();
  const section = (title) => { const s = el('section', {}, el('h3', { textContent: title })); body.append(s); return s; };
  const btn = (text, cls, fn) => { const b = el('button', { type: 'button', className: cls, textContent: text }); b.addEventListener('click', fn); return b; };
  const figs = section('Figures');
  const list = el('ul', { className: 'export-list' });
  for (const m of exportItems()) {
    const li = el('li', {}, el('span', { textContent: m.title }));
    li.dataset.key = m.key;
    li.append(btn('SVG', 'export-svg', () => download(`${base}-${m.key}.svg`, heatmapSvg(m).svg, 'image/svg+xml')),
      btn('PNG', 'export-png', async () => { const f = heatmapSvg(m); download(`${base}-${m.key}.png`, await svgToPng(f.svg, f.width, f.height)); }));
    list.append(li);
  }
  figs.append(list);
  const data = section('Data');
  data.append(btn('All matrices (CSV)', 'export-csv', () => download(`${base}-matrices.csv`, matricesCsv(current.trace, current.inputs), 'text/csv')),
    btn('Lesson (JSON)', 'export-json', () => download(`${base}-lesson.json`, JSON.stringify(current.lesson, null, 1) + '\n', 'application/json')));
  const code = section('Code');
  const pre = el('pre', { className: 'export-code' });
  const show = (kind) => { pre.textContent = kind === 'numpy' ? numpyCode(current.lesson, current.trace) : pytorchCode(current.lesson, current.trace); pre.dataset.kind = kind; };
  code.append(btn('Copy as NumPy', 'copy-numpy', async () => { show('numpy'); toolbar.say((await copyText(pre.textContent)) ? 'NumPy code copied.' : 'Select the code below and copy it.'); }),
    btn('Copy as PyTorch', 'copy-pytorch', async () => { show('pytorch'); toolbar.say((await copyText(pre.textContent)) ? 'PyTorch code copied.' : 'Select the code below and copy it.'); }), pre);
  show('numpy');
  exportDialog.dialog.showModal();
}

const embedDialog = makeDialog('Embed this lesson', 'embed-dialog');
async function embedSnippets() {
  const link = new URL(await shareLink());
  link.searchParams.set('embed', '1');
  const page = new URL(link.href); page.hash = ''; page.search = '';
  const script = new URL('attention-lab.js', page).href;
  const iframe = `<iframe src="${escapeHtml(link.href)}" title="Attention Lab" style="width:100%;border:0" height="900" loading="lazy"></iframe>\n`
    + '<script>/* optional: let the frame set its own height */\naddEventListener("message", (e) => { const d = e.data; if (d && d.type === "attention-lab:resize") for (const f of document.querySelectorAll("iframe")) if (f.contentWindow === e.source) f.style.height = d.height + "px"; });\n</' + 'script>';
  const st = store.get();
  const attrs = [`lesson-link="${escapeHtml(link.hash)}"`];
  const shown = STEP_IDS.filter((id) => !st.hidden.includes(id));
  if (st.hidden.length) attrs.push(`steps="${shown.join(',')}"`);
  if (st.locked.length) attrs.push(`locked="${st.locked.join(',')}"`);
  if (st.step) attrs.push(`step="${st.step}"`);
  const element = `<script src="${escapeHtml(script)}"></` + `script>\n<attention-lab ${attrs.join(' ')}></attention-lab>`;
  return { iframe, element, link: link.href };
}
async function openEmbed() {
  const { body } = embedDialog;
  const snippets = await embedSnippets();
  body.replaceChildren();
  for (const [title, text, cls] of [['Iframe (any page, any LMS)', snippets.iframe, 'snippet-iframe'], ['Custom element', snippets.element, 'snippet-element']]) {
    const area = el('textarea', { className: cls, readOnly: true, rows: 5, value: text });
    area.setAttribute('aria-label', `${title}: embed code`);
    const copy = el('button', { type: 'button', textContent: 'Copy' });
    copy.addEventListener('click', async () => { area.select(); toolbar.say((await copyText(area.value)) ? 'Snippet copied.' : 'Press Ctrl+C to copy the selected snippet.'); });
    body.append(el('section', {}, el('h3', { textContent: title }), area, copy));
  }
  body.append(el('p', { className: 'hint', textContent: 'The embed keeps this exact state: lesson, hidden steps, locked inputs and note. The frame reports its height with postMessage ({type: "attention-lab:resize", height}, and lti.frameResize for Canvas).' }));
  embedDialog.dialog.showModal();
}

function setLessonFromOutside(lesson) {
  if (!lesson || typeof lesson !== 'object' || Array.isArray(lesson)) return { ok: false, problems: [{ field: 'lesson', message: 'must be an object' }] };
  // The state holds plain JSON: typed matrices ({rows, cols, data}) become arrays of rows.
  const plain = {};
  for (const [k, v] of Object.entries(lesson)) plain[k] = v && typeof v === 'object' && ArrayBuffer.isView(v.data) ? toRows(v) : structuredClone(v);
  const r = tryLesson(plain, { preset: null, selection: null, reveal: null });
  return r.ok ? { ok: true, problems: [] } : { ok: false, problems: r.problems };
}

window.attentionLab = {
  getState: () => structuredClone(store.get()),
  shareLink,
  embedSnippets,
  exports: {
    items: () => exportItems().map(({ key, title }) => ({ key, title })),
    svg: (key) => { const m = exportItems().find((x) => x.key === key); return m ? heatmapSvg(m) : null; },
    png: async (key) => { const f = window.attentionLab.exports.svg(key); const b = await svgToPng(f.svg, f.width, f.height); return { bytes: Array.from(new Uint8Array(await b.arrayBuffer())), width: f.width, height: f.height }; },
    csv: () => matricesCsv(current.trace, current.inputs),
    numpy: () => numpyCode(current.lesson, current.trace),
    pytorch: () => pytorchCode(current.lesson, current.trace),
  },
  getLesson: () => structuredClone(store.get().lesson),
  setLesson(lesson) {
    return setLessonFromOutside(lesson);
  },
  // The engine's trace in its JSON form (core/lesson-format.md: heads[h].weights as arrays of rows, hidden
  // cells null, concat, output), together with the typed copies the page works from (headTraces, X, inputs, …).
  getTrace() {
    if (!current) return null;
    const json = engine.traceJson(JSON.stringify(current.lesson));
    return json.ok ? { ...current.trace, ...JSON.parse(json.value) } : current.trace;
  },
  engineMemoryBytes: () => engine.memoryBytes(),
  /** Tests only: stop the engine as a bug in it would, now or inside its next call ({next: true}). */
  async debugCrashEngine(options) {
    const r = engine.debugTrap(options);
    await recovering;
    return r;
  },
  get frame() { return frame; },
  /** Resolves with what the last Copy link said, once it has said it. */
  copied: () => copying,
  /** Resolves when the copy kept in this browser (a lesson too large for a link) has been written. */
  copyWritten: () => copyWritten,
  /** Resolves when a lesson being computed in the background is shown (at once when there is none). */
  settled: () => settled,
};

const first = tryLesson(store.get().lesson, { ...store.get() });
if (!first.ok) { notice = 'The lesson could not be computed, so the default lesson is shown instead.'; loadPreset(DEFAULT_PRESET.id); }
await settled; // a big first lesson is drawn when the worker has it
if (EMBED) startEmbedMode({ getLesson: () => structuredClone(store.get().lesson), setLesson: setLessonFromOutside, getState: async () => ({ state: structuredClone(store.get()), link: await shareLink() }) });
scrollToStep(store.get().step);
document.documentElement.dataset.ready = 'true';
}

boot();
