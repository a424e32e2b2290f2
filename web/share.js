// The page's state in the URL fragment, versioned so that a link made today opens identically later.
//
//   v2 (written now): "#v2=" + base64url(deflate-raw(JSON payload)), payload =
//     {l: lesson, p?: preset id, s?: step id, sel?: [matrix, head, row, col], r?: causal reveal,
//      hide?: [step ids], lock?: [input names], note?: string}
//   Seeded matrices stay what the lesson says they are — a seed and a recipe of draws ("init"); literal
//   matrices are arrays of shortest-round-trip numbers, which deflate packs tightly.
//   v1 (read only): "#" + URI-encoded JSON {v: 1, lesson, preset?}.
//
// Links are decoded by the engine (decodeFragment below; core/fragment.cpp: the one reader of both versions and of
// the payload's view fields), which caps sizes before and while inflating; the lesson itself is validated by the
// engine too (the caller runs engine.check) — nothing in a fragment is trusted. This file only writes links.

import { encodeBytes } from './lib/base64url.js';
export const MAX_NOTE = 2000;
export const MAX_FRAGMENT = 1_000_000; // characters of the fragment (browsers cap a whole URL near 2 MB)


// Raw deflate of a few kilobytes, streamed from the bytes themselves: streaming them from a Blob took 2–3 ms a link
// instead of 0.5 (a Blob is registered with the browser process first).
async function deflateRaw(bytes) {
  return new Uint8Array(await new Response(new Response(bytes).body.pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
}

/** The v2 payload of a page state (only what is set). */
export function payloadOf(state) {
  const p = { l: state.lesson };
  if (state.preset) p.p = state.preset;
  if (state.step) p.s = state.step;
  if (state.selection) p.sel = [state.selection.matrix, state.selection.head, state.selection.row, state.selection.col];
  if (Number.isInteger(state.reveal)) p.r = state.reveal;
  if (state.hidden?.length) p.hide = state.hidden;
  if (state.locked?.length) p.lock = state.locked;
  if (state.note) p.note = state.note;
  return p;
}

/** "#v2=…" for a page state {lesson, preset, step, selection, reveal, hidden, locked, note}. */
export async function encodeState(state) {
  const bytes = new TextEncoder().encode(JSON.stringify(payloadOf(state)));
  return '#v2=' + encodeBytes(await deflateRaw(bytes));
}

/**
 * Any fragment -> {ok: true, version, state} | {ok: false, empty: true} | {ok: false, message}, decoded by the engine
 * (core/fragment.cpp: the base64url, the inflating, the JSON and the checks of the view fields).
 * Never throws for any text; an engine that has crashed gives a message. The lesson in `state` still has to pass
 * the engine's check.
 */
export function decodeFragment(hash, engine) {
  try {
    return engine.decodeFragment(hash ?? '');
  } catch (err) {
    if (err?.crashed) return { ok: false, message: `the engine stopped while reading it (${err.reason})` };
    throw err;
  }
}
