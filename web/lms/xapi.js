// xAPI statements of the exercises: one per checked answer (verb "answered", the exercise as an activity with a
// stable IRI, the result with success, response and score). The exercises page puts one in every
// attention-lab:exercise-result message with no actor: the host knows who the student is and adds it, then stores
// the statement as it is. cmi5.js sends the same statement, with the learner and the cmi5 context, to the LMS.
import { exerciseIri, setIri } from './ids.js';
import { interactionType, responseOf } from './runtime.js';

export const VERBS = {
  answered: 'http://adlnet.gov/expapi/verbs/answered',
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
};
export const verb = (name) => ({ id: VERBS[name], display: { 'en-US': name } });

/** An RFC 4122 version-4 id (statement ids). */
export function uuid() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The exercise as an xAPI activity (a cmi.interaction). */
export function exerciseActivity(setId, exercise) {
  const definition = {
    type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
    name: { 'en-US': `${exercise.id}: ${exercise.kind.replace(/_/g, ' ')}` },
    description: { 'en-US': String(exercise.prompt ?? '').slice(0, 2000) },
    interactionType: interactionType(exercise),
  };
  if (definition.interactionType === 'choice') {
    definition.choices = exercise.answer.choices.map((c, k) => ({ id: String(k), description: { 'en-US': String(c) } }));
  }
  return { objectType: 'Activity', id: exerciseIri(setId, exercise.id), definition };
}

/**
 * The "answered" statement of one checked answer. record: the page's record ({answer, correct, attempts}).
 * actor is left out unless given (the host adds it); context.contextActivities.parent names the set.
 */
export function answeredStatement({ setId, exercise, record, at = new Date(), durationMs, actor, context }) {
  const statement = {
    id: uuid(),
    verb: verb('answered'),
    object: exerciseActivity(setId, exercise),
    result: {
      success: !!record.correct,
      response: responseOf(exercise, record.answer),
      score: { scaled: record.correct ? 1 : 0, raw: record.correct ? 1 : 0, min: 0, max: 1 },
      extensions: { 'urn:attention-lab:attempts': record.attempts ?? 1 },
    },
    context: context ?? { contextActivities: { parent: [{ objectType: 'Activity', id: setIri(setId) }] } },
    timestamp: at.toISOString(),
  };
  if (durationMs !== undefined) statement.result.duration = isoDurationOf(durationMs);
  if (actor) statement.actor = actor;
  return statement;
}

function isoDurationOf(ms) {
  return `PT${Math.max(0, Math.round(ms / 10)) / 100}S`;
}
