// The given numbers of the exercises on the lecture's ideas (core/exercises_concepts.cpp): the "bank" lesson's two
// sentences with the word's x and z rows, a Bahdanau alignment's s, h, W_1, W_2 and v_a, and a masked row.
// Everything shown is the engine's; nothing is computed here.
import { esc, grid, show } from './grid.js';

const fact = (k, v) => `<span class="fact"><span>${k}</span> <b>${v}</b></span>`;
const dims = (n) => Array.from({ length: n }, (_, k) => `d${k + 1}`);

export function conceptGivenHtml(ex) {
  const g = ex.given ?? {};
  if (ex.kind === 'static_contextual') {
    const sentences = g.sentences.map((s, k) => `<li>${s.map((w, p) => (p === g.positions[k] ? `<mark>${esc(w)}</mark>` : esc(w))).join(' ')}</li>`).join('');
    const labels = ['sentence 1', 'sentence 2'];
    return `<ol class="ex-sentences">${sentences}</ol>`
      + grid(g.x, { rowLabels: labels.map((l) => `x (${l})`), colLabels: dims(g.x[0].length), caption: `“${esc(g.word)}”: its embedding row in each sentence`, shape: false })
      + grid(g.z, { rowLabels: labels.map((l) => `z (${l})`), colLabels: dims(g.z[0].length), caption: `“${esc(g.word)}”: its output row in each sentence`, shape: false })
      + `<p class="facts">${g.attends_most.map((w, k) => fact(`attends most to (${labels[k]})`, `“${esc(w)}”`)).join('')}</p>`;
  }
  if (ex.kind === 'bahdanau_alignment') {
    return grid([g.s], { rowLabels: ['s (decoder state)'], shape: false })
      + grid(g.h, { rowLabels: g.h.map((_, k) => `h_${k + 1}${k === g.state ? ' ←' : ''}`), caption: 'encoder states', shape: false })
      + grid(g.W_1, { rowLabels: ['W_1 row 1', 'W_1 row 2'], shape: false })
      + grid(g.W_2, { rowLabels: ['W_2 row 1', 'W_2 row 2'], shape: false })
      + grid([g.v_a], { rowLabels: ['v_a'], shape: false });
  }
  // mask_purpose
  return grid([g.scaled, g.weights], { rowLabels: [`scaled (${g.tokens[g.query]})`, 'weights'], colLabels: g.tokens, caption: 'the query’s row: the hidden keys’ scores become −∞ before softmax', shape: false })
    + `<p class="facts">${fact('query', `“${esc(g.tokens[g.query])}”`)}${fact('hidden', g.hidden.map((k) => `“${esc(g.tokens[k])}”`).join(', '))}${fact('weights', g.weights.map((w) => show(w)).join(', '))}</p>`;
}
