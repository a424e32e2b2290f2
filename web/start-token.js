// The lecture's decoder tokens: a sequence that starts with <SOS> (start of sequence) is a decoder's input. The
// start token is known, not generated — the decoder's first position, which sees only itself — and each later
// position is generated after it. Used by the sentence edit (a causal mask by default) and the causal reveal's text.
export const isStartToken = (token) => /^<(SOS|BOS|S)>$/i.test(token ?? '');

/** A lesson typed with <SOS> first gets a causal mask unless it has a mask already (a padding mask of <PAD> kept). */
export function withCausalByStart(lesson, tokens) {
  if (!isStartToken(tokens[0]) || lesson.mask) return lesson;
  return { ...lesson, mask: 'causal' };
}

/** The causal reveal's words for decoding step `reveal` (1-based) of `tokens`. */
export function revealText(tokens, reveal) {
  const token = tokens[reveal - 1] ?? '';
  if (isStartToken(tokens[0]) && reveal === 1) return `1 of ${tokens.length}: “\u2068${token}\u2069”, the start token — the decoder’s first position, given, not generated: it sees only itself`;
  return `${reveal} of ${tokens.length}: generating “\u2068${token}\u2069”${isStartToken(tokens[0]) ? ` after “\u2068${tokens[0]}\u2069”` : ''}`;
}
