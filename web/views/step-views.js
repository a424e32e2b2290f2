// One view per walkthrough step (the steps themselves are data: web/registry.js). Each view:
//   controls(host, on)         → {update(state, trace), lock(locked)}: the step's own inputs, reporting to the controller
//   grids(trace, state)        → the heatmaps it shows: [{key, matrix, head?, group?, options}] (a group per head)
//   paint(trace, state)        → {key: {matrix, …}}: what each heatmap draws now
//   notes(trace, state)        → HTML notes under the step's formula
// A view reads the state and the trace it is given, never the DOM.
import { MATRICES } from '../registry.js';
import { escapeHtml } from '../lib/escape.js';
import { formatExact } from '../numbers.js';
import { positionsKind } from '../layer-edit.js';
import { KvCacheView } from './kv-cache-view.js';
import { splitsModel } from '../lesson-edit.js';
import { setHtml } from './dom.js';
import { givenWeightsNotes } from './given-weights.js';
import { MaskControl, MaskGrid, NumberControl, Switch } from './controls.js';

// a token in a sentence of ours, isolated: a right-to-left override in it cannot reverse the words after it
const q = (s) => `“\u2068${s}\u2069”`;
const tokensOf = (t) => t.tokens;
const label = (name) => MATRICES[name].label;
/** Column labels: 1…count, or head.column when the columns are blocks of heads. */
const dimLabels = (t, count, perHead) => Array.from({ length: count }, (_, j) => (perHead && t.heads > 1 ? `${Math.floor(j / perHead) + 1}.${(j % perHead) + 1}` : String(j + 1)));
const perHead = (t, name, options) => Array.from({ length: t.heads }, (_, h) => ({
  key: `${name}${h}`, matrix: name, head: h, group: h,
  options: { label: label(name), ariaName: `${name}${t.heads > 1 ? ` head ${h + 1}` : ''}`, scale: MATRICES[name].scale, digits: MATRICES[name].digits, ...options(h) },
}));
const input = (name, state, describe) => ({ key: name, matrix: name, options: { label: label(name), ariaName: name, scale: 'diverging', editable: !state.locked.includes(name), describe } });
/** The keys' tokens: the source's for a cross-attention of the six steps (a source without a layer), else the tokens. */
const keysOf = (t) => (t.source && !t.layer ? t.source.tokens : t.tokens);
const hiddenOf = (t) => { const m = keysOf(t).length; return (i, j) => t.visible[i * m + j] === 0; };
/** Rows of a causal lesson not generated yet at the decoding step shown. */
function pendingRows(t, state) {
  const n = t.tokens.length, reveal = state.reveal ?? n;
  return t.mask === 'causal' && reveal < n ? new Set(Array.from({ length: n - reveal }, (_, k) => reveal + k)) : null;
}
const paddingOf = (t, state) => (t.mask === 'padding' ? state.lesson.mask.padding : new Array(t.tokens.length).fill(false));

/** Where the rows of X come from: looked up in E by id, drawn one per position, or given one per position. */
function rowsFrom(lesson) {
  if (Array.isArray(lesson.X)) return 'given';
  if (lesson.init?.draws?.some((d) => d.name === 'X')) return 'drawn';
  return lesson.E || lesson.init?.draws?.some((d) => d.name === 'E') ? 'table' : 'given';
}
const ROWS_FROM = {
  table: (t) => `Each row is looked up in the embedding table E (${t.inputs.E?.rows ?? t.vocab?.length ?? '|vocab|'} × ${t.dModel}, one row per word of the vocabulary) by the token's id, so a repeated word gets the same row until attention mixes it with its neighbours.`,
  drawn: () => 'X has one row per position, as the script draws it; a repeated word gets two rows. (Type a sentence to look its words up in an embedding table instead.)',
  given: () => 'X is given with one row per position; a repeated word gets a row of its own.',
};

/** Rows given per position that are all zero: new words of such a lesson start there, and the page says so. */
function zeroRowsNote(t, state) {
  if (rowsFrom(state.lesson) !== 'given') return [];
  const d = t.dModel, zero = [];
  for (let i = 0; i < t.tokens.length; i++) if (t.X.data.subarray(i * d, (i + 1) * d).every((v) => v === 0)) zero.push(i);
  if (!zero.length) return [];
  const words = zero.map((i) => q(escapeHtml(t.tokens[i]))).join(', ');
  return [`<span class="zero-rows">${words} ${zero.length > 1 ? 'have rows' : 'has a row'} of zeros: this lesson gives its rows as numbers, so a word it did not have starts at 0. Edit ${zero.length > 1 ? 'those rows' : 'that row'} of X, or use “Add a seed” to draw every number.</span>`];
}

export const STEP_VIEWS = {
  embed: {
    controls(host, on) {
      const dModel = new NumberControl(host, { label: 'd<sub>model</sub>', name: 'd_model', min: 1, max: 64, onChange: (v) => on.resize({ dModel: v }) });
      const box = document.createElement('label');
      box.className = 'control';
      box.innerHTML = '<span>positions P</span><select name="positions"><option value="none">none</option><option value="sinusoidal">sinusoidal (Vaswani et al.)</option><option value="learned">learned (drawn from the seed)</option></select>';
      host.append(box);
      const positions = box.querySelector('select');
      positions.addEventListener('change', () => on.positions(positions.value));
      return {
        update: (state, t) => { dModel.update(t.dModel); positions.value = positionsKind(state.lesson); },
        lock: (locked) => { dModel.lock(locked('sizes')); positions.disabled = locked('positions'); },
      };
    },
    grids(t, state) {
      const grids = [input('X', state, (i, j) => `dimension ${j + 1} of the embedding of ${q(t.tokens[i])}`)];
      if (t.P) {
        const learned = positionsKind(state.lesson) === 'learned';
        grids.push({ key: 'P', matrix: 'P', row: 'positions', options: { label: label('P'), ariaName: 'P', scale: 'diverging', editable: learned && !state.locked.includes('positions'), describe: (i, j) => `position ${i + 1}, dimension ${j + 1}${learned ? '' : (j % 2 ? ': a cosine' : ': a sine')}` } });
        grids.push({ key: 'X_plus_P', matrix: 'X_plus_P', row: 'positions', options: { label: label('X_plus_P'), ariaName: 'X + P', scale: 'diverging', describe: (i, j) => `what attention reads for ${q(t.tokens[i])}, dimension ${j + 1}` } });
      }
      return grids;
    },
    paint: (t) => ({
      X: { matrix: t.X, rowLabels: tokensOf(t), colLabels: dimLabels(t, t.dModel) },
      ...(t.P ? { P: { matrix: t.P, rowLabels: t.tokens.map((_, i) => `pos ${i}`), colLabels: dimLabels(t, t.dModel) }, X_plus_P: { matrix: t.XplusP, rowLabels: tokensOf(t), colLabels: dimLabels(t, t.dModel) } } : {}),
    }),
    notes(t, state) {
      const ids = t.tokenIds, padding = paddingOf(t, state);
      const chips = t.tokens.map((w, i) => `<span class="chip${padding[i] ? ' pad' : ''}"><bdi>${escapeHtml(w)}</bdi>${ids ? `<small>id ${ids[i]}</small>` : ''}${padding[i] ? '<small>PAD</small>' : ''}</span>`).join('');
      const notes = [`<span class="chips" aria-label="tokens">${chips}</span>`, `${t.tokens.length} tokens, each a row of d<sub>model</sub> = ${t.dModel} numbers.${ids ? ' The small number under each token is its id in the vocabulary.' : ' This lesson lists its tokens without a vocabulary, so there are no ids; type in the sentence box to get them.'}`,
        `<span class="rows-from" data-rows-from="${rowsFrom(state.lesson)}">${ROWS_FROM[rowsFrom(state.lesson)](t)}</span>`,
        ...zeroRowsNote(t, state)];
      if (t.P) notes.push('Attention compares rows without knowing their order, so a position row P is added to each token’s row: attention reads X + P. The sinusoids’ stripes run slower column by column — low columns change every position, high ones barely.');
      return notes;
    },
  },
  project: {
    controls(host, on) {
      const dK = new NumberControl(host, { label: 'd<sub>k</sub> = d<sub>v</sub>', name: 'd_k', min: 1, max: 64, onChange: (v) => on.resize({ dK: v, dV: v }) });
      const heads = new NumberControl(host, { label: 'heads h', name: 'heads', min: 1, max: 8, onChange: (v) => on.heads(v) });
      const split = new Switch(host, { name: 'split-heads', label: 'd<sub>k</sub> = d<sub>model</sub> / h, with W<sub>O</sub> back to d<sub>model</sub> (the lecture’s convention; off: every head keeps its d<sub>k</sub>, a new head gets new columns)', onChange: (v) => on.splitHeads(v) });
      return {
        update(state, t) {
          dK.update(t.dK);
          heads.update(t.heads);
          split.update(splitsModel(t, t.inputs.W_O ? [t.inputs.W_O.rows, t.inputs.W_O.cols] : null));
          dK.el.title = t.dK !== t.dV ? `this lesson has d_k = ${t.dK} and d_v = ${t.dV}; changing it sets both` : '';
        },
        lock: (locked) => { dK.lock(locked('sizes')); heads.lock(locked('sizes')); split.input.disabled = locked('sizes'); },
      };
    },
    grids: (t, state) => [
      ...['W_Q', 'W_K', 'W_V'].map((W) => ({ ...input(W, state, (i, j) => `learned weight: input dimension ${i + 1} → ${W.slice(2)} column ${j + 1}`), row: 'weights-row' })),
      ...Array.from({ length: t.heads }, (_, h) => ['Q', 'K', 'V'].map((M) => perHead(t, M, () => ({
        describe: (i, j) => `${{ Q: 'query', K: 'key', V: 'value' }[M]} of ${q((M === 'Q' ? t.tokens : keysOf(t))[i])}, column ${j + 1}`,
      }))[h])).flat(),
    ],
    paint(t) {
      const out = {
        W_Q: { matrix: t.inputs.W_Q, colLabels: dimLabels(t, t.heads * t.dK, t.dK) },
        W_K: { matrix: t.inputs.W_K, colLabels: dimLabels(t, t.heads * t.dK, t.dK) },
        W_V: { matrix: t.inputs.W_V, colLabels: dimLabels(t, t.heads * t.dV, t.dV) },
      };
      t.headTraces.forEach((h, k) => { for (const M of ['Q', 'K', 'V']) out[`${M}${k}`] = { matrix: h[M], rowLabels: M === 'Q' ? tokensOf(t) : keysOf(t) }; });
      return out;
    },
    notes: (t) => [t.heads > 1
      ? `Each of the ${t.heads} heads uses its own ${t.dK} columns of W<sub>Q</sub> and W<sub>K</sub> and ${t.dV} columns of W<sub>V</sub> (column labels read head.column).`
      : `One head: Q and K have d<sub>k</sub> = ${t.dK} columns, V has d<sub>v</sub> = ${t.dV}.`],
  },
  score: {
    grids: (t) => perHead(t, 'scores', () => ({ describe: (i, j) => `raw score: how strongly ${q(t.tokens[i])} (query) matches ${q(t.tokens[j])} (key)` })),
    paint: (t) => Object.fromEntries(t.headTraces.map((h, k) => [`scores${k}`, { matrix: h.scores, rowLabels: tokensOf(t), colLabels: keysOf(t), hidden: hiddenOf(t), visible: t.visible }])),
    notes: (t) => ['Rows are queries (the token that is looking), columns are keys (the token being looked at).', ...givenWeightsNotes(t, 'score')],
  },
  scale: {
    controls(host, on) {
      const scale = new Switch(host, { name: 'scale', label: 'divide by √d<sub>k</sub>', onChange: (v) => on.scale(v) });
      const divisor = document.createElement('p');
      divisor.className = 'divisor';
      host.append(divisor);
      return {
        update(state, t) {
          const s = t.scale; // the rule the engine used: a dot or cosine score is not scaled unless the lesson says so
          scale.update(s !== 'none');
          setHtml(divisor, s === 'none'
            ? 'Scaling is off: the scores go to softmax as they are (divisor 1).'
            : typeof s === 'number'
              ? `Divisor <b>${formatExact(t.divisor)}</b>, set by the lesson (for d<sub>k</sub> = 768, √768 ≈ 27.7); this toy has d<sub>k</sub> = ${t.dK}.`
              : `√d<sub>k</sub> = √${t.dK} = <b>${formatExact(t.divisor)}</b>`);
        },
        lock: (locked) => { scale.input.disabled = locked('scale'); },
      };
    },
    grids: (t) => perHead(t, 'scaled', () => ({ describe: (i, j) => `scaled score of ${q(t.tokens[i])} for ${q(t.tokens[j])}` })),
    paint: (t) => Object.fromEntries(t.headTraces.map((h, k) => [`scaled${k}`, { matrix: h.scaled, rowLabels: tokensOf(t), colLabels: keysOf(t), hidden: hiddenOf(t), visible: t.visible }])),
    notes: (t) => givenWeightsNotes(t, 'scale'),
  },
  softmax: {
    controls(host, on) {
      const mask = new MaskControl(host, { onKind: (kind) => on.maskKind(kind), onReveal: (step) => on.reveal(step), onPadding: (i, pad) => on.padding(i, pad) });
      const gridHost = document.createElement('div');
      host.append(gridHost);
      const grid = new MaskGrid(gridHost, { onToggle: (i, j) => on.toggleMask(i, j) });
      return {
        update(state, t) {
          const kind = t.mask; // the engine's reading of the lesson's mask field
          mask.update({ kind, tokens: t.tokens, reveal: state.reveal ?? t.tokens.length, padding: paddingOf(t, state) });
          gridHost.hidden = kind !== 'matrix';
          if (kind === 'matrix') grid.update({ tokens: t.tokens, visible: t.visible });
        },
        lock(locked) {
          mask.el.querySelectorAll('input, button').forEach((i) => { i.disabled = locked('mask'); });
          grid.el.classList.toggle('locked', locked('mask'));
        },
      };
    },
    grids: (t) => perHead(t, 'weights', () => ({ describe: (i, j, v) => `how much ${q(t.tokens[i])} attends to ${q(t.tokens[j])} (${(v * 100).toFixed(1)}%)` })),
    paint: (t, state) => Object.fromEntries(t.headTraces.map((h, k) => [`weights${k}`, { matrix: h.weights, rowLabels: tokensOf(t), colLabels: keysOf(t), hidden: hiddenOf(t), visible: t.visible, dimRows: pendingRows(t, state) }])),
    notes(t, state) {
      const notes = ['Each row adds up to 1 (hidden cells, hatched, get exactly 0).', ...givenWeightsNotes(t, 'softmax')];
      const reveal = state.reveal ?? t.tokens.length;
      if (pendingRows(t, state)) notes.push(`Decoding order: rows after “<bdi>${escapeHtml(t.tokens[reveal - 1])}</bdi>” show “…” in place of their numbers — those tokens are not generated yet. Each new token can only look back.`);
      t.headTraces.forEach((h, k) => {
        for (const i of h.emptyRows) {
          notes.push(`<span class="warn">${t.heads > 1 ? `Head ${k + 1}: ` : ''}“<bdi>${escapeHtml(t.tokens[i])}</bdi>” may not see any key — every key in its row is hidden. Softmax has nothing to share the weight among, so its weights row is all 0 and its output row in Z is all 0 (not a broken number).</span>`);
        }
      });
      return notes;
    },
  },
  sum: {
    controls(host, on) {
      const buttons = document.createElement('div');
      buttons.className = 'wo-buttons';
      host.append(buttons);
      buttons.addEventListener('click', (e) => {
        const b = e.target.closest('button');
        if (b) on.outputProjection(b.dataset.action === 'add');
      });
      const more = document.createElement('div');
      more.className = 'layer-buttons';
      host.append(more);
      more.addEventListener('click', (e) => {
        if (!e.target.closest('button[data-action=layer]')) return;
        // the student asked to go on: the new step comes into view
        if (on.addLayer().ok) document.getElementById('step-add_norm')?.scrollIntoView({ block: 'start' });
      });
      const kv = new KvCacheView(host, on);
      return {
        update(state, t) {
          // (a layer's attention output is added to the stream: its W_O stays, d_model wide)
          setHtml(buttons, t.layer ? '' : t.inputs.W_O
            ? '<button type="button" data-action="remove">Remove W<sub>O</sub></button>'
            : '<button type="button" data-action="add">Add an output projection W<sub>O</sub></button>');
          setHtml(more, t.layer || t.source ? '' : '<button type="button" data-action="layer" class="continue-layer">Continue into the full layer →</button>');
          kv.update(state, t);
        },
        lock(locked) {
          buttons.querySelectorAll('button').forEach((b) => { b.disabled = locked('sizes') || locked('W_O'); });
          more.querySelectorAll('button').forEach((b) => { b.disabled = locked('layer'); });
        },
      };
    },
    grids(t, state) {
      const grids = perHead(t, 'Z', () => ({ describe: (i, j) => `dimension ${j + 1} of the new, context-aware ${q(t.tokens[i])}` }));
      if (t.heads > 1 || t.inputs.W_O) {
        grids.push({ key: 'concat', matrix: 'concat', row: 'combine', options: { label: label('concat'), ariaName: 'concat', scale: 'diverging', describe: (i, j) => `${q(t.tokens[i])}, head ${Math.floor(j / t.dV) + 1}` } });
        if (t.inputs.W_O) {
          grids.push({ ...input('W_O', state, (i, j) => `output weight: concat column ${i + 1} → output column ${j + 1}`), row: 'combine' });
          grids.push({ key: 'output', matrix: 'output', row: 'combine', options: { label: label('output'), ariaName: 'output', scale: 'diverging', describe: (i, j) => `final output of ${q(t.tokens[i])}, column ${j + 1}` } });
        }
      }
      return grids;
    },
    paint(t, state) {
      const out = Object.fromEntries(t.headTraces.map((h, k) => [`Z${k}`, { matrix: h.Z, rowLabels: tokensOf(t), dimRows: pendingRows(t, state) }]));
      out.concat = { matrix: t.concat, rowLabels: tokensOf(t), colLabels: dimLabels(t, t.heads * t.dV, t.dV) };
      if (t.inputs.W_O) out.W_O = { matrix: t.inputs.W_O, rowLabels: dimLabels(t, t.heads * t.dV, t.dV) };
      out.output = { matrix: t.output, rowLabels: tokensOf(t) };
      return out;
    },
    notes: (t) => givenWeightsNotes(t, 'sum').concat(t.heads > 1 ? [`The ${t.heads} heads’ outputs are laid side by side (concat, ${t.tokens.length} × ${t.heads * t.dV})${t.inputs.W_O ? ' and W<sub>O</sub> mixes them' : '; add W<sub>O</sub> to mix them'}.`] : []),
  },
};
