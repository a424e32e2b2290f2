// One view per step of the Transformer layer (web/registry-layer.js), in the shape of step-views.js:
// controls(host, on), grids(trace, state), paint(trace, state), notes(trace, state). The heatmaps are the step's
// matrices of the registry, drawn generically: each says where its numbers are and what its rows and columns are.
import { LAYER_MATRICES, extent, labelsOf } from '../registry-layer.js';
import { STEPS } from '../registry.js';
import { escapeHtml } from '../lib/escape.js';
import { shownExact as formatExact } from '../numbers.js';
import { t as say } from '../i18n/i18n.js';
import { localizeDigits } from '../i18n/numerals.js';
import { setHtml } from './dom.js';
import { Choice, NumberControl } from './controls.js';

const q = (s) => say('walkthrough.quote', { text: `\u2068${s}\u2069` });
// a matrix named in words has its name in the page's language (walkthrough.layer.label / .title), a symbol keeps it
const keyOf = (name) => name.replace(/\./g, '_');
const WORDED = ['P', 'attention', 'sum1', 'sum2', 'source.X', 'cross_scores', 'cross_weights', 'cross_Z', 'cross_output', 'cross_in', 'ffn_in', 'ffn_hidden', 'ffn_sum', 'ffn_gamma', 'ffn_beta', 'ffn_normed', 'layer_output'];
export const layerLabel = (name, m) => (WORDED.includes(name) ? say(`walkthrough.layer.label.${keyOf(name)}`) : m.label);
export const layerTitle = (name, m) => (WORDED.includes(name) ? say(`walkthrough.layer.title.${keyOf(name)}`) : m.title);
const count = (n) => Array.from({ length: n }, (_, j) => String(j + 1));

/** What a cell of a layer matrix means, in words (its aria label and tooltip). */
function describer(t, name, m) {
  const title = layerTitle(name, m);
  const rowWord = (i) => (m.rows === 'tokens' ? q(t.tokens[i]) : m.rows === 'source' ? say('walkthrough.layer.sourceToken', { token: q(t.source.tokens[i]) }) : say('walkthrough.layer.row', { row: i + 1 }));
  if (m.cols === 'source') {
    return name.startsWith('cross_w')
      ? (i, j, v) => localizeDigits(say('walkthrough.layer.crossWeight', { target: q(t.tokens[i]), source: q(t.source.tokens[j]), percent: (v * 100).toFixed(1) }))
      : (i, j) => say('walkthrough.layer.crossScore', { target: q(t.tokens[i]), source: q(t.source.tokens[j]) });
  }
  if (m.editable) return (i, j) => (m.rows === 'one' ? say('walkthrough.layer.learnedColumn', { matrix: title, col: j + 1 }) : say('walkthrough.layer.learnedCell', { matrix: title, row: rowWord(i), col: j + 1 }));
  return (i, j) => say('walkthrough.layer.cell', { matrix: title, row: rowWord(i), col: j + 1 });
}

const available = (t, name, h) => {
  try { return Boolean(LAYER_MATRICES[name].value(t, h)); } catch { return false; }
};

function gridsOf(step) {
  return (t, state) => {
    const grids = [];
    // matrices keep the registry's order: a new row of heatmaps starts where the kind (state, weights, vectors) changes
    let segment = 0, last = null;
    const rowOf = (kind) => { if (kind !== last) { segment++; last = kind; } return `${kind} seg${segment}`; };
    for (const name of step.matrices) {
      const m = LAYER_MATRICES[name];
      if (!available(t, name, 0)) continue;
      const options = {
        label: layerLabel(name, m), ariaName: layerTitle(name, m), scale: m.scale ?? 'diverging', digits: m.digits ?? 2, describe: describer(t, name, m),
        editable: Boolean(m.editable) && !state.locked.includes(name) && !state.locked.includes('layer'),
      };
      if (m.perHead) {
        last = null;
        for (let h = 0; h < t.heads; h++) grids.push({ key: `${name}${h}`, matrix: name, head: h, group: h, options: { ...options, ariaName: t.heads > 1 ? say('walkthrough.headName', { name: layerTitle(name, m), head: h + 1 }) : layerTitle(name, m) } });
      } else grids.push({ key: name, matrix: name, row: rowOf(m.rows === 'one' ? 'vectors' : m.editable ? 'weights-row' : 'states'), options });
    }
    return grids;
  };
}

function paintOf(step) {
  return (t) => {
    const out = {};
    for (const name of step.matrices) {
      const m = LAYER_MATRICES[name];
      if (!available(t, name, 0)) continue;
      const labels = { rowLabels: labelsOf(t, m.rows), colLabels: labelsOf(t, m.cols) };
      if (m.perHead) {
        for (let h = 0; h < t.heads; h++) {
          const visible = name === 'cross_scores' || name === 'cross_weights' ? t.cross.visible : null;
          const keys = t.source.tokens.length;
          out[`${name}${h}`] = { matrix: m.value(t, h), ...labels, ...(name === 'cross_Z' ? { colLabels: count(t.cross.dV) } : {}), ...(visible ? { hidden: (i, j) => visible[i * keys + j] === 0, visible } : {}) };
        }
      } else out[name] = { matrix: m.value(t), ...labels };
    }
    return out;
  };
}

const rowStats = (t, k) => {
  const n = t.layer[`norm${k}`];
  return say('walkthrough.layer.rowStats', { token: q(escapeHtml(t.tokens[0])), mean: formatExact(n.mean[0]), variance: formatExact(n.var[0]), eps: localizeDigits(String(t.layer.eps)) });
};

const CONTROLS = {
  add_norm(host, on) {
    const norm = new Choice(host, { name: 'norm', label: say('walkthrough.layer.normWhere'), options: [['post', say('walkthrough.layer.postNorm')], ['pre', say('walkthrough.layer.preNorm')]], onChange: (v) => on.layerOption('norm', v) });
    return { update: (state) => norm.update(state.lesson.layer?.norm ?? 'post'), lock: (locked) => { norm.input.disabled = locked('layer'); } };
  },
  cross_score(host, on) {
    const box = document.createElement('label');
    box.className = 'control source-sentence';
    box.innerHTML = `<span>${say('walkthrough.layer.sourceSentence')}</span><input name="source-sentence" type="text" autocomplete="off" spellcheck="false">`;
    host.append(box);
    const input = box.querySelector('input');
    input.addEventListener('change', () => { if (input.value.trim()) on.sourceSentence(input.value); });
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter' && input.value.trim()) on.sourceSentence(input.value); });
    const pads = document.createElement('div');
    pads.className = 'pad-toggles';
    pads.setAttribute('role', 'group');
    pads.setAttribute('aria-label', say('walkthrough.layer.sourcePadding'));
    host.append(pads);
    pads.addEventListener('change', (e) => { const b = e.target.closest('input[data-j]'); if (b) on.sourcePadding(Number(b.dataset.j), b.checked); });
    return {
      update(state, t) {
        const text = t.source.tokens.join(' ');
        if (document.activeElement !== input && input.value !== text) input.value = text;
        const padding = state.lesson.source?.padding ?? [];
        setHtml(pads, `<span>PAD:</span>${t.source.tokens.map((w, j) => `<label class="pad"><input type="checkbox" data-j="${j}"${padding[j] ? ' checked' : ''}> <bdi>${escapeHtml(w)}</bdi></label>`).join('')}`);
      },
      lock: (locked) => { input.disabled = locked('source'); pads.querySelectorAll('input').forEach((b) => { b.disabled = locked('source'); }); },
    };
  },
  ffn(host, on) {
    const act = new Choice(host, { name: 'activation', label: say('walkthrough.layer.activation'), options: [['relu', 'ReLU: max(0, x)'], ['gelu', 'GELU: x·Φ(x)']], onChange: (v) => on.layerOption('activation', v) });
    const dFf = new NumberControl(host, { label: 'd<sub>ff</sub>', name: 'd_ff', min: 1, max: 256, onChange: (v) => on.dFf(v) });
    return {
      update: (state, t) => { act.update(state.lesson.layer?.activation ?? 'relu'); dFf.update(extent(t, 'hidden')); },
      lock: (locked) => { act.input.disabled = locked('layer'); dFf.lock(locked('layer') || locked('sizes')); },
    };
  },
  ffn_norm(host, on) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'remove-layer';
    b.textContent = say('walkthrough.layer.removeLayer');
    b.addEventListener('click', () => on.removeLayer());
    host.append(b);
    return { update() {}, lock: (locked) => { b.disabled = locked('layer'); } };
  },
};

const NOTES = {
  add_norm: (t) => [t.layer.norm === 'pre'
    ? say('walkthrough.layer.preNote')
    : say('walkthrough.layer.postNote'), rowStats(t, 1)],
  cross_score: (t) => [say('walkthrough.layer.crossScoreNote', { targets: t.tokens.length, sources: t.source.tokens.length, divisor: formatExact(t.cross.divisor) })],
  cross_softmax: () => [say('walkthrough.layer.crossSoftmaxNote')],
  cross_sum: (t) => [say('walkthrough.layer.crossSumNote', { rows: t.tokens.length, cols: t.dModel })],
  cross_norm: (t) => [rowStats(t, 2)],
  ffn: (t) => [`${say(t.layer.activation === 'gelu' ? 'walkthrough.layer.gelu' : 'walkthrough.layer.relu')} ${say('walkthrough.layer.hiddenUnits', { dFf: extent(t, 'hidden') })}`],
  ffn_norm: (t) => [say('walkthrough.layer.outputNote', { rows: t.tokens.length, cols: t.dModel }), rowStats(t, t.cross ? 3 : 2)],
};

// the layer's steps of core/steps.json (those with `applies`)
export const LAYER_VIEWS = Object.fromEntries(STEPS.filter((step) => step.applies).map((step) => [step.id, {
  controls: CONTROLS[step.id],
  grids: gridsOf(step),
  paint: paintOf(step),
  notes: (t, state) => NOTES[step.id]?.(t, state) ?? [],
}]));
