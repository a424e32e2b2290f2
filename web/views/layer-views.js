// One view per step of the Transformer layer (web/registry-layer.js), in the shape of step-views.js:
// controls(host, on), grids(trace, state), paint(trace, state), notes(trace, state). The heatmaps are the step's
// matrices of the registry, drawn generically: each says where its numbers are and what its rows and columns are.
import { LAYER_MATRICES, extent, labelsOf } from '../registry-layer.js';
import { STEPS } from '../registry.js';
import { escapeHtml } from '../lib/escape.js';
import { formatExact } from '../numbers.js';
import { setHtml } from './dom.js';
import { NumberControl } from './controls.js';

const q = (s) => `“\u2068${s}\u2069”`;
const count = (n) => Array.from({ length: n }, (_, j) => String(j + 1));

/** What a cell of a layer matrix means, in words (its aria label and tooltip). */
function describer(t, name, m) {
  const rowWord = (i) => (m.rows === 'tokens' ? q(t.tokens[i]) : m.rows === 'source' ? `source ${q(t.source.tokens[i])}` : `row ${i + 1}`);
  if (m.cols === 'source') return (i, j, v) => `${name.startsWith('cross_w') ? 'how much' : 'score:'} ${q(t.tokens[i])} ${name.startsWith('cross_w') ? `attends to source ${q(t.source.tokens[j])} (${(v * 100).toFixed(1)}%)` : `against source ${q(t.source.tokens[j])}`}`;
  if (m.editable) return (i, j) => `learned ${m.title}, ${m.rows === 'one' ? `column ${j + 1}` : `${rowWord(i)}, column ${j + 1}`}`;
  return (i, j) => `${m.title} of ${rowWord(i)}, column ${j + 1}`;
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
        label: m.label, ariaName: m.title, scale: m.scale ?? 'diverging', digits: m.digits ?? 2, describe: describer(t, name, m),
        editable: Boolean(m.editable) && !state.locked.includes(name) && !state.locked.includes('layer'),
      };
      if (m.perHead) {
        last = null;
        for (let h = 0; h < t.heads; h++) grids.push({ key: `${name}${h}`, matrix: name, head: h, group: h, options: { ...options, ariaName: `${m.title}${t.heads > 1 ? ` head ${h + 1}` : ''}` } });
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

/** A select of a few named options, reporting its value. */
function select(host, { name, label, options, onChange }) {
  const el = document.createElement('label');
  el.className = 'control';
  el.innerHTML = `<span>${label}</span><select name="${name}">${options.map(([v, text]) => `<option value="${v}">${text}</option>`).join('')}</select>`;
  host.append(el);
  const input = el.querySelector('select');
  input.addEventListener('change', () => onChange(input.value));
  return { el, input, update: (v) => { if (input.value !== v) input.value = v; } };
}

const rowStats = (t, k) => {
  const n = t.layer[`norm${k}`];
  return `Row ${q(escapeHtml(t.tokens[0]))} before γ and β: mean ${formatExact(n.mean[0])}, variance ${formatExact(n.var[0])}; after normalising, mean 0 and variance 1 (ε = ${t.layer.eps}). Click a cell of LN to see its arithmetic.`;
};

const CONTROLS = {
  add_norm(host, on) {
    const norm = select(host, { name: 'norm', label: 'where the norm sits', options: [['post', 'post-norm: LN(x + f(x))'], ['pre', 'pre-norm: x + f(LN(x))']], onChange: (v) => on.layerOption('norm', v) });
    return { update: (state) => norm.update(state.lesson.layer?.norm ?? 'post'), lock: (locked) => { norm.input.disabled = locked('layer'); } };
  },
  cross_score(host, on) {
    const box = document.createElement('label');
    box.className = 'control source-sentence';
    box.innerHTML = '<span>source sentence (what is translated)</span><input name="source-sentence" type="text" autocomplete="off" spellcheck="false">';
    host.append(box);
    const input = box.querySelector('input');
    input.addEventListener('change', () => { if (input.value.trim()) on.sourceSentence(input.value); });
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter' && input.value.trim()) on.sourceSentence(input.value); });
    const pads = document.createElement('div');
    pads.className = 'pad-toggles';
    pads.setAttribute('role', 'group');
    pads.setAttribute('aria-label', 'source tokens that are padding');
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
    const act = select(host, { name: 'activation', label: 'activation', options: [['relu', 'ReLU: max(0, x)'], ['gelu', 'GELU: x·Φ(x)']], onChange: (v) => on.layerOption('activation', v) });
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
    b.textContent = 'Back to the six steps (remove the layer)';
    b.addEventListener('click', () => on.removeLayer());
    host.append(b);
    return { update() {}, lock: (locked) => { b.disabled = locked('layer'); } };
  },
};

const NOTES = {
  add_norm: (t) => [t.layer.norm === 'pre'
    ? 'Pre-norm: LN<sub>1</sub> normalises the stream first, attention reads the normalised rows, and its output is added to the unnormalised stream (x + MHA(LN<sub>1</sub>(x))).'
    : 'Post-norm (the original Transformer): the attention’s output is added to its input, then the sum is normalised.', rowStats(t, 1)],
  cross_score: (t) => [`${t.tokens.length} target tokens (rows) × ${t.source.tokens.length} source tokens (columns): queries from the decoder, keys from the encoder’s output. Divided by √d<sub>k</sub> = ${formatExact(t.cross.divisor)}.`],
  cross_softmax: () => ['Each row adds up to 1 over the source tokens (padded ones, hatched, get exactly 0).'],
  cross_sum: (t) => [`The cross-attention’s output is ${t.tokens.length} × ${t.dModel}: one row per target token, d<sub>model</sub> wide.`],
  cross_norm: (t) => [rowStats(t, 2)],
  ffn: (t) => [`${t.layer.activation === 'gelu' ? 'GELU, the exact erf form: x·½(1 + erf(x/√2)).' : 'ReLU: every negative hidden value becomes 0 (dark cells in act(…)).'} d<sub>ff</sub> = ${extent(t, 'hidden')} hidden units per token.`],
  ffn_norm: (t) => [`The layer’s output is ${t.tokens.length} × ${t.dModel}, the same shape as X — ready for the next layer.`, rowStats(t, t.cross ? 3 : 2)],
};

// the layer's steps of core/steps.json (those with `applies`)
export const LAYER_VIEWS = Object.fromEntries(STEPS.filter((step) => step.applies).map((step) => [step.id, {
  controls: CONTROLS[step.id],
  grids: gridsOf(step),
  paint: paintOf(step),
  notes: (t, state) => NOTES[step.id]?.(t, state) ?? [],
}]));
