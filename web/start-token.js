// The lecture's decoder tokens: a sequence that starts with <SOS> (start of sequence) is a decoder's input. The
// start token is known, not generated — the decoder's first position, which sees only itself — and each later
// position is generated after it. Used by the sentence edit (a causal mask by default) and the causal reveal's text
// (web/views/controls.js).
export const isStartToken = (token) => /^<(SOS|BOS|S)>$/i.test(token ?? '');

/** A lesson typed with <SOS> first gets a causal mask unless it has a mask already (a padding mask of <PAD> kept). */
export function withCausalByStart(lesson, tokens) {
  if (!isStartToken(tokens[0]) || lesson.mask) return lesson;
  return { ...lesson, mask: 'causal' };
}

