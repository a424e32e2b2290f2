// What an LMS records of a sheet, computed from the page's state (the generated sheet and the student's progress)
// and nothing else: the score, completion and success against the pass mark, and each checked answer as an
// interaction. No DOM and no LMS API here: scorm.js and cmi5.js write these values in their own vocabulary.
import { deflateSync, inflateSync } from 'fflate';
import { describeAnswer } from '../exercises/check.js';
import { recordsOf } from '../exercises/progress.js';
import { decodeBytes, encodeBytes } from '../lib/base64url.js';

/** {total, answered, correct, scaled (0..1), percent (0..100), completed, success: 'passed'|'failed'|'unknown'} */
export function outcome(sheet, progress, pass) {
  const recs = sheet.exercises.map((e) => progress.exercises[e.id]);
  const total = recs.length;
  const answered = recs.filter((r) => (r?.attempts ?? 0) > 0).length;
  const correct = recs.filter((r) => r?.correct).length;
  const scaled = total ? correct / total : 0;
  const percent = Math.round(scaled * 10000) / 100;
  const completed = answered === total;
  // passed as soon as the pass mark is reached; failed only once every item has been answered below it
  const success = scaled + 1e-9 >= pass ? 'passed' : completed ? 'failed' : 'unknown';
  return { total, answered, correct, scaled, percent, completed, success };
}

// The LMS's interaction types: numbers are "numeric", a choice is "choice", the rest (vectors, masks, shapes) are
// answers written out as text: "fill-in".
export function interactionType(exercise) {
  const t = exercise.answer.type;
  return t === 'number' ? 'numeric' : t === 'choice' ? 'choice' : 'fill-in';
}

/** The answer as the LMS stores a learner response: a number, a choice index, or the answer as text. */
export function responseOf(exercise, answer) {
  if (!answer) return '';
  if (answer.type === 'number') return decimal(answer.value);
  if (answer.type === 'choice') return String(answer.index);
  return describeAnswer(answer, exercise).replace(/,\s*/g, '; ').replace(/\s+/g, ' ').trim();
}

// SCORM's decimals have no exponent: 1e-7 is written 0.0000001
function decimal(v) {
  const s = String(v);
  return /e/i.test(s) ? v.toFixed(20).replace(/\.?0+$/, '') : s;
}

/** One checked answer: {id, type, response, correct, latencyMs, timestamp (Date)}. */
export function interactionOf(exercise, record, { latencyMs, at }) {
  return {
    id: exercise.id, type: interactionType(exercise), response: responseOf(exercise, record.answer),
    correct: !!record.correct, latencyMs: Math.max(0, latencyMs), timestamp: at,
  };
}

/** Per-exercise records as the page keeps them, merged from two copies: the one with more attempts wins. */
export function mergeProgress(a, b) {
  const out = Object.create(null);
  for (const side of [a?.exercises ?? {}, b?.exercises ?? {}]) {
    for (const id of Object.keys(side)) {
      const mine = out[id], theirs = side[id];
      if (!theirs || typeof theirs !== 'object') continue;
      if (!mine || (theirs.attempts ?? 0) > (mine.attempts ?? 0) || (theirs.correct && !mine.correct)) out[id] = theirs;
    }
  }
  return { exercises: out };
}

// Durations and times in each standard's words.
/** SCORM 1.2 CMITimespan: HHHH:MM:SS.SS */
export function scorm12Timespan(ms) {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.floor(cs / 360000), m = Math.floor((cs % 360000) / 6000), s = (cs % 6000) / 100;
  return `${String(Math.min(h, 9999)).padStart(4, '0')}:${String(m).padStart(2, '0')}:${s.toFixed(2).padStart(5, '0')}`;
}
/** SCORM 1.2 CMITime (time of day): HH:MM:SS */
export const scorm12Time = (date) => date.toISOString().slice(11, 19);
/** ISO 8601 duration as SCORM 2004 and xAPI take it: PT#H#M#S, seconds to the hundredth */
export function isoDuration(ms) {
  const cs = Math.max(0, Math.round(ms / 10));
  const h = Math.floor(cs / 360000), m = Math.floor((cs % 360000) / 6000), s = (cs % 6000) / 100;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${Number(s.toFixed(2))}S`;
}
/** SCORM 2004 time(second,10,0): an ISO timestamp to the hundredth of a second, in UTC */
export const iso2004Time = (date) => date.toISOString().slice(0, 22) + 'Z';

// The student's answers as the LMS keeps them between sessions (suspend_data): the page's records, deflated and in
// base64url, so SCORM 1.2's 4,096 characters hold a whole sheet; hints and the list of tried answers go first when
// they would not fit (the answers, attempts and results always stay).
export function packProgress(progress, limit) {
  const slim = (keep) => {
    const exercises = {};
    for (const [id, r] of Object.entries(progress.exercises)) {
      exercises[id] = keep ? r : { raw: r.raw, answer: r.answer, attempts: r.attempts, correct: r.correct, locked: r.locked, solution: r.solution };
    }
    return encodeBytes(deflateSync(new TextEncoder().encode(JSON.stringify({ v: 1, exercises })), { level: 9 }));
  };
  const full = slim(true);
  return full.length <= limit ? full : slim(false);
}
/** The progress of packProgress(), or null when the text is not one. */
export function unpackProgress(text) {
  if (!text) return null;
  try {
    const p = JSON.parse(new TextDecoder().decode(inflateSync(decodeBytes(text))));
    return p?.v === 1 && p.exercises && typeof p.exercises === 'object' ? { exercises: recordsOf(p.exercises) } : null;
  } catch {
    return null;
  }
}
