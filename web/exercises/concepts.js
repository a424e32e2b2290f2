// The given numbers of the exercises on the lecture's ideas (core/exercises_concepts.cpp): the "bank" lesson's two
// sentences with the word's x and z rows, a Bahdanau alignment's s, h, W_1, W_2 and v_a, and a masked row.
// Everything shown is the engine's; nothing is computed here. The labels are the reader's language
// (exercises.given.*), the numbers the reader's numerals (show()).
import { esc, grid, show } from './grid.js';
import { t } from '../i18n/i18n.js';
import { listSeparator } from '../i18n/numerals.js';

const fact = (k, v) => `<span class="fact"><span>${k}</span> <b>${v}</b></span>`;
const dims = (n) => Array.from({ length: n }, (_, k) => `d${k + 1}`);
const say = (key, params) => esc(t(`exercises.given.${key}`, params));

export function conceptGivenHtml(ex) {
  const g = ex.given ?? {};
  if (ex.kind === 'static_contextual') {
    const sentences = g.sentences.map((s, k) => `<li>${s.map((w, p) => (p === g.positions[k] ? `<mark>${esc(w)}</mark>` : esc(w))).join(' ')}</li>`).join('');
    const numbers = g.sentences.map((_, k) => show(k + 1));
    return `<ol class="ex-sentences">${sentences}</ol>`
      + grid(g.x, { rowLabels: numbers.map((n) => t('exercises.given.xInSentence', { n })), colLabels: dims(g.x[0].length), caption: say('embeddingRows', { word: g.word }), shape: false })
      + grid(g.z, { rowLabels: numbers.map((n) => t('exercises.given.zInSentence', { n })), colLabels: dims(g.z[0].length), caption: say('outputRows', { word: g.word }), shape: false })
      + `<p class="facts">${g.attends_most.map((w, k) => fact(say('attendsMostIn', { n: show(k + 1) }), `“${esc(w)}”`)).join('')}</p>`;
  }
  if (ex.kind === 'bahdanau_alignment') {
    return grid([g.s], { rowLabels: [t('exercises.given.decoderState')], shape: false })
      + grid(g.h, { rowLabels: g.h.map((_, k) => `h_${k + 1}${k === g.state ? ' ←' : ''}`), caption: say('encoderStates'), shape: false })
      + grid(g.W_1, { rowLabels: [1, 2].map((n) => t('exercises.given.matrixRow', { name: 'W_1', n: show(n) })), shape: false })
      + grid(g.W_2, { rowLabels: [1, 2].map((n) => t('exercises.given.matrixRow', { name: 'W_2', n: show(n) })), shape: false })
      + grid([g.v_a], { rowLabels: ['v_a'], shape: false });
  }
  // mask_purpose
  return grid([g.scaled, g.weights], { rowLabels: [t('exercises.given.scaledOf', { token: g.tokens[g.query] }), t('exercises.given.weights')], colLabels: g.tokens, caption: say('maskedRowCaption'), shape: false })
    + `<p class="facts">${fact(say('query'), `“${esc(g.tokens[g.query])}”`)}${fact(say('hiddenKeys'), g.hidden.map((k) => `“${esc(g.tokens[k])}”`).join(', '))}${fact(say('weights'), g.weights.map((w) => show(w)).join(listSeparator()))}</p>`;
}
