// One view per walkthrough step (the steps themselves are data: web/registry.js). Each view:
//   controls(host, on)         → {update(state, trace), lock(locked)}: the step's own inputs, reporting to the controller
//   grids(trace, state)        → the heatmaps it shows: [{key, matrix, head?, group?, options}] (a group per head)
//   paint(trace, state)        → {key: {matrix, …}}: what each heatmap draws now
//   notes(trace, state)        → HTML notes under the step's formula
// A view reads the state and the trace it is given, never the DOM.
import { MATRICES } from '../registry.js';
import { escapeHtml } from '../lib/escape.js';
import { formatExact as exact, shownExact as formatExact } from '../numbers.js';
import { t as say } from '../i18n/i18n.js';
import { localizeDigits } from '../i18n/numerals.js';
import { positionsKind } from '../layer-edit.js';
import { KvCacheView } from './kv-cache-view.js';
import { landOn } from './land.js';
import { splitsModel } from '../lesson-edit.js';
import { setHtml } from './dom.js';
import { givenWeightsNotes } from './given-weights.js';
import { Choice, MaskControl, MaskGrid, NumberControl, Switch } from './controls.js';

// a token in a sentence of ours, isolated: a right-to-left override in it cannot reverse the words after it
const q = (s) => say('walkthrough.quote', { text: `\u2068${s}\u2069` });
const tokensOf = (t) => t.tokens;
// the matrices a word names are named in the page's language; the rest are symbols
const WORDED = ['X', 'weights', 'output', 'P'];
const label = (name) => (WORDED.includes(name) ? say(`walkthrough.matrix.${name}`) : MATRICES[name].label);
/** Column labels: 1…count, or head.column when the columns are blocks of heads. */
const dimLabels = (t, count, perHead) => Array.from({ length: count }, (_, j) => (perHead && t.heads > 1 ? `${Math.floor(j / perHead) + 1}.${(j % perHead) + 1}` : String(j + 1)));
const perHead = (t, name, options) => Array.from({ length: t.heads }, (_, h) => ({
  key: `${name}${h}`, matrix: name, head: h, group: h,
  options: { label: label(name), ariaName: t.heads > 1 ? say('walkthrough.headName', { name, head: h + 1 }) : name, scale: MATRICES[name].scale, digits: MATRICES[name].digits, ...options(h) },
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
  table: (t) => say('walkthrough.embed.rowsTable', { rows: t.inputs.E?.rows ?? t.vocab?.length ?? '|vocab|', cols: t.dModel }),
  drawn: () => say('walkthrough.embed.rowsDrawn'),
  given: () => say('walkthrough.embed.rowsGiven'),
};

/** Rows given per position that are all zero: new words of such a lesson start there, and the page says so. */
function zeroRowsNote(t, state) {
  if (rowsFrom(state.lesson) !== 'given') return [];
  const d = t.dModel, zero = [];
  for (let i = 0; i < t.tokens.length; i++) if (t.X.data.subarray(i * d, (i + 1) * d).every((v) => v === 0)) zero.push(i);
  if (!zero.length) return [];
  const words = zero.map((i) => q(escapeHtml(t.tokens[i]))).join(', ');
  return [`<span class="zero-rows">${say('walkthrough.embed.zeroRows', { count: zero.length, words })}</span>`];
}

export const STEP_VIEWS = {
  embed: {
    controls(host, on) {
      const dModel = new NumberControl(host, { label: 'd<sub>model</sub>', name: 'd_model', min: 1, max: 64, onChange: (v) => on.resize({ dModel: v }) });
      const positions = new Choice(host, { name: 'positions', label: say('walkthrough.embed.positions'), options: ['none', 'sinusoidal', 'learned'].map((k) => [k, say(`walkthrough.embed.positionsKind.${k}`)]), onChange: (v) => on.positions(v) });
      return {
        update: (state, t) => { dModel.update(t.dModel); positions.update(positionsKind(state.lesson)); },
        lock: (locked) => { dModel.lock(locked('sizes')); positions.input.disabled = locked('positions'); },
      };
    },
    grids(t, state) {
      const grids = [input('X', state, (i, j) => say('walkthrough.describe.X', { dim: j + 1, token: q(t.tokens[i]) }))];
      if (t.P) {
        const learned = positionsKind(state.lesson) === 'learned';
        grids.push({ key: 'P', matrix: 'P', row: 'positions', options: { label: label('P'), ariaName: 'P', scale: 'diverging', editable: learned && !state.locked.includes('positions'), describe: (i, j) => say(learned ? 'walkthrough.describe.P' : j % 2 ? 'walkthrough.describe.Pcos' : 'walkthrough.describe.Psin', { pos: i + 1, dim: j + 1 }) } });
        grids.push({ key: 'X_plus_P', matrix: 'X_plus_P', row: 'positions', options: { label: label('X_plus_P'), ariaName: 'X + P', scale: 'diverging', describe: (i, j) => say('walkthrough.describe.XplusP', { token: q(t.tokens[i]), dim: j + 1 }) } });
      }
      return grids;
    },
    paint: (t) => ({
      X: { matrix: t.X, rowLabels: tokensOf(t), colLabels: dimLabels(t, t.dModel) },
      ...(t.P ? { P: { matrix: t.P, rowLabels: t.tokens.map((_, i) => say('walkthrough.embed.pos', { pos: i })), colLabels: dimLabels(t, t.dModel) }, X_plus_P: { matrix: t.XplusP, rowLabels: tokensOf(t), colLabels: dimLabels(t, t.dModel) } } : {}),
    }),
    notes(t, state) {
      const ids = t.tokenIds, padding = paddingOf(t, state);
      const chips = t.tokens.map((w, i) => `<span class="chip${padding[i] ? ' pad' : ''}"><bdi>${escapeHtml(w)}</bdi>${ids ? `<small>${say('walkthrough.embed.id', { id: ids[i] })}</small>` : ''}${padding[i] ? '<small>PAD</small>' : ''}</span>`).join('');
      const notes = [`<span class="chips" aria-label="${say('walkthrough.embed.tokens')}">${chips}</span>`, `${say('walkthrough.embed.tokenCount', { count: t.tokens.length, dModel: t.dModel })} ${ids ? say('walkthrough.embed.idsNote') : say('walkthrough.embed.noIds')}`,
        `<span class="rows-from" data-rows-from="${rowsFrom(state.lesson)}">${ROWS_FROM[rowsFrom(state.lesson)](t)}</span>`,
        ...zeroRowsNote(t, state)];
      if (t.P) notes.push(say('walkthrough.embed.positionsNote'));
      return notes;
    },
  },
  project: {
    controls(host, on) {
      const dK = new NumberControl(host, { label: 'd<sub>k</sub> = d<sub>v</sub>', name: 'd_k', min: 1, max: 64, onChange: (v) => on.resize({ dK: v, dV: v }) });
      const heads = new NumberControl(host, { label: say('walkthrough.project.heads'), name: 'heads', min: 1, max: 8, onChange: (v) => on.heads(v) });
      const split = new Switch(host, { name: 'split-heads', label: say('walkthrough.project.split'), onChange: (v) => on.splitHeads(v) });
      return {
        update(state, t) {
          dK.update(t.dK);
          heads.update(t.heads);
          split.update(splitsModel(t, t.inputs.W_O ? [t.inputs.W_O.rows, t.inputs.W_O.cols] : null));
          dK.el.title = t.dK !== t.dV ? say('walkthrough.project.dkDv', { dK: t.dK, dV: t.dV }) : '';
        },
        lock: (locked) => { dK.lock(locked('sizes')); heads.lock(locked('sizes')); split.input.disabled = locked('sizes'); },
      };
    },
    grids: (t, state) => [
      ...['W_Q', 'W_K', 'W_V'].map((W) => ({ ...input(W, state, (i, j) => say('walkthrough.describe.W', { dim: i + 1, role: W.slice(2), col: j + 1 })), row: 'weights-row' })),
      ...Array.from({ length: t.heads }, (_, h) => ['Q', 'K', 'V'].map((M) => perHead(t, M, () => ({
        describe: (i, j) => say(`walkthrough.describe.${M}`, { token: q((M === 'Q' ? t.tokens : keysOf(t))[i]), col: j + 1 }),
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
      ? say('walkthrough.project.manyHeads', { heads: t.heads, dK: t.dK, dV: t.dV })
      : say('walkthrough.project.oneHead', { dK: t.dK, dV: t.dV })],
  },
  score: {
    grids: (t) => perHead(t, 'scores', () => ({ describe: (i, j) => say('walkthrough.describe.scores', { query: q(t.tokens[i]), key: q(keysOf(t)[j]) }) })),
    paint: (t) => Object.fromEntries(t.headTraces.map((h, k) => [`scores${k}`, { matrix: h.scores, rowLabels: tokensOf(t), colLabels: keysOf(t), hidden: hiddenOf(t), visible: t.visible }])),
    notes: (t) => [say('walkthrough.score.note'), ...givenWeightsNotes(t, 'score')],
  },
  scale: {
    controls(host, on) {
      const scale = new Switch(host, { name: 'scale', label: say('walkthrough.scale.switch'), onChange: (v) => on.scale(v) });
      const divisor = document.createElement('p');
      divisor.className = 'divisor';
      host.append(divisor);
      return {
        update(state, t) {
          const s = t.scale; // the rule the engine used: a dot or cosine score is not scaled unless the lesson says so
          scale.update(s !== 'none');
          setHtml(divisor, s === 'none'
            ? say('walkthrough.scale.off')
            : typeof s === 'number'
              ? localizeDigits(say('walkthrough.scale.fixed', { divisor: `<b>${exact(t.divisor)}</b>`, dK: t.dK }))
              : `√d<sub>k</sub> = √${t.dK} = <b>${formatExact(t.divisor)}</b>`);
        },
        lock: (locked) => { scale.input.disabled = locked('scale'); },
      };
    },
    grids: (t) => perHead(t, 'scaled', () => ({ describe: (i, j) => say('walkthrough.describe.scaled', { query: q(t.tokens[i]), key: q(keysOf(t)[j]) }) })),
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
    grids: (t) => perHead(t, 'weights', () => ({ describe: (i, j, v) => localizeDigits(say('walkthrough.describe.weights', { query: q(t.tokens[i]), key: q(keysOf(t)[j]), percent: (v * 100).toFixed(1) })) })),
    paint: (t, state) => Object.fromEntries(t.headTraces.map((h, k) => [`weights${k}`, { matrix: h.weights, rowLabels: tokensOf(t), colLabels: keysOf(t), hidden: hiddenOf(t), visible: t.visible, dimRows: pendingRows(t, state) }])),
    notes(t, state) {
      const notes = [say('walkthrough.softmax.note'), ...givenWeightsNotes(t, 'softmax')];
      const reveal = state.reveal ?? t.tokens.length;
      if (pendingRows(t, state)) notes.push(say('walkthrough.softmax.decoding', { token: `<bdi>${escapeHtml(t.tokens[reveal - 1])}</bdi>` }));
      t.headTraces.forEach((h, k) => {
        for (const i of h.emptyRows) {
          const sees = say('walkthrough.softmax.seesNothing', { token: `<bdi>${escapeHtml(t.tokens[i])}</bdi>` });
          notes.push(`<span class="warn">${t.heads > 1 ? say('walkthrough.softmax.inHead', { head: k + 1, text: sees }) : sees}</span>`);
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
        // the student asked to go on: the new step lands below the header, as a step pill lands
        if (on.addLayer().ok) landOn(document.getElementById('step-add_norm'));
      });
      const kv = new KvCacheView(host, on);
      return {
        update(state, t) {
          // (a layer's attention output is added to the stream: its W_O stays, d_model wide)
          setHtml(buttons, t.layer ? '' : t.inputs.W_O
            ? `<button type="button" data-action="remove">${say('walkthrough.sum.removeWO')}</button>`
            : `<button type="button" data-action="add">${say('walkthrough.sum.addWO')}</button>`);
          setHtml(more, t.layer || t.source ? '' : `<button type="button" data-action="layer" class="continue-layer">${say('walkthrough.sum.continue')}</button>`);
          kv.update(state, t);
        },
        lock(locked) {
          buttons.querySelectorAll('button').forEach((b) => { b.disabled = locked('sizes') || locked('W_O'); });
          more.querySelectorAll('button').forEach((b) => { b.disabled = locked('layer'); });
        },
      };
    },
    grids(t, state) {
      const grids = perHead(t, 'Z', () => ({ describe: (i, j) => say('walkthrough.describe.Z', { dim: j + 1, token: q(t.tokens[i]) }) }));
      if (t.heads > 1 || t.inputs.W_O) {
        grids.push({ key: 'concat', matrix: 'concat', row: 'combine', options: { label: label('concat'), ariaName: 'concat', scale: 'diverging', describe: (i, j) => say('walkthrough.describe.concat', { token: q(t.tokens[i]), head: Math.floor(j / t.dV) + 1 }) } });
        if (t.inputs.W_O) {
          grids.push({ ...input('W_O', state, (i, j) => say('walkthrough.describe.W_O', { row: i + 1, col: j + 1 })), row: 'combine' });
          grids.push({ key: 'output', matrix: 'output', row: 'combine', options: { label: label('output'), ariaName: 'output', scale: 'diverging', describe: (i, j) => say('walkthrough.describe.output', { token: q(t.tokens[i]), col: j + 1 }) } });
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
    notes: (t) => givenWeightsNotes(t, 'sum').concat(t.heads > 1 ? [say(t.inputs.W_O ? 'walkthrough.sum.concatMixed' : 'walkthrough.sum.concatAdd', { heads: t.heads, rows: t.tokens.length, cols: t.heads * t.dV })] : []),
  },
};
