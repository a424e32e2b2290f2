// SCORM 1.2 and SCORM 2004 (4th edition) from the SCO's side: find the LMS's API object the standard way, then
// write what runtime.js computed in each version's data model. Every call may fail (return "false", or throw in
// an API that broke): a failed write marks the session "not recorded yet", and the next answer writes everything
// again (score, status, suspend_data and the interactions that did not go through), so nothing is lost.
import { iso2004Time, isoDuration, scorm12Time, scorm12Timespan } from './runtime.js';

const MAX_PARENTS = 500; // the ADL discovery algorithm's bound on frames to climb

// The ADL algorithm: this window and its parents, then the opener and its parents. A frame of another origin
// throws when read: it is skipped.
export function findApi(name, win = window) {
  const climb = (w) => {
    for (let k = 0; w && k < MAX_PARENTS; k++) {
      try { if (w[name] && typeof w[name] === 'object') return w[name]; } catch { /* another origin */ }
      let parent = null;
      try { parent = w.parent; } catch { /* another origin */ }
      if (!parent || parent === w) break;
      w = parent;
    }
    return null;
  };
  let found = climb(win);
  if (!found) { try { found = win.opener ? climb(win.opener) : null; } catch { found = null; } }
  if (!found) { try { found = win.top?.opener ? climb(win.top.opener) : null; } catch { found = null; } }
  return found;
}

// The two versions' names for the same things.
const VERSIONS = {
  scorm12: {
    api: 'API', initialize: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish',
    learnerId: 'cmi.core.student_id', entry: 'cmi.core.entry', mastery: 'cmi.student_data.mastery_score',
    score: 'cmi.core.score', sessionTime: 'cmi.core.session_time', exit: 'cmi.core.exit',
    response: 'student_response', time: 'time', wrong: 'wrong', suspendLimit: 4096,
    duration: scorm12Timespan, stamp: scorm12Time,
  },
  scorm2004: {
    api: 'API_1484_11', initialize: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate',
    learnerId: 'cmi.learner_id', entry: 'cmi.entry', mastery: 'cmi.scaled_passing_score',
    score: 'cmi.score', sessionTime: 'cmi.session_time', exit: 'cmi.exit',
    response: 'learner_response', time: 'timestamp', wrong: 'incorrect', suspendLimit: 64000,
    duration: isoDuration, stamp: iso2004Time,
  },
};

export class ScormSession {
  /** api: the LMS's object (findApi); format: 'scorm12' | 'scorm2004'. */
  constructor(api, format) {
    this.api = api;
    this.v = VERSIONS[format];
    this.format = format;
    this.ok = true;           // did every call of the last write go through?
    this.pending = [];        // interactions not yet written
    this.finished = false;
  }

  call(method, ...args) {
    try {
      const r = this.api[method](...args);
      return r === true || r === 'true' ? true : r;
    } catch {
      return false;
    }
  }
  get(element) {
    const r = this.call(this.v.get, element);
    return typeof r === 'string' ? r : '';
  }
  set(element, value) {
    if (this.call(this.v.set, element, String(value)) !== true) this.ok = false;
  }

  /** Initializes; false when the LMS refuses (the page then works without it). */
  initialize() {
    return this.call(this.v.initialize, '') === true;
  }
  static names(format) { return VERSIONS[format]; }

  learnerId() { return this.get(this.v.learnerId); }
  resuming() { return this.get(this.v.entry) === 'resume'; }
  suspendData() { return this.get('cmi.suspend_data'); }
  /** The LMS's pass mark as a fraction, when it gives one (from the manifest), else null. */
  passMark() {
    const text = this.get(this.v.mastery).trim();
    if (text === '' || !Number.isFinite(Number(text))) return null;
    const v = Number(text) / (this.format === 'scorm12' ? 100 : 1);
    return v > 0 && v <= 1 ? v : null;
  }

  /**
   * Writes the whole record: new interactions, the score and status, the suspend data and the session time,
   * then commits. Returns true when the LMS took all of it.
   */
  record({ interactions = [], outcome, suspend, sessionMs }) {
    const v = this.v;
    this.ok = true;
    this.pending.push(...interactions);
    const queue = this.pending;
    this.pending = [];
    for (let k = 0; k < queue.length; k++) {
      const it = queue[k];
      const before = this.ok;
      const n = Number.parseInt(this.get('cmi.interactions._count'), 10);
      const at = `cmi.interactions.${Number.isInteger(n) && n >= 0 ? n : 0}`;
      this.set(`${at}.id`, it.id);
      this.set(`${at}.type`, it.type);
      this.set(`${at}.${v.response}`, this.response(it));
      this.set(`${at}.result`, it.correct ? 'correct' : v.wrong);
      this.set(`${at}.latency`, v.duration(it.latencyMs));
      this.set(`${at}.${v.time}`, v.stamp(it.timestamp));
      if (before && !this.ok) this.pending.push(it); // written again with the next answer
    }
    this.set(`${v.score}.min`, 0);
    this.set(`${v.score}.max`, 100);
    this.set(`${v.score}.raw`, outcome.percent);
    if (this.format === 'scorm2004') {
      this.set('cmi.score.scaled', outcome.scaled);
      this.set('cmi.completion_status', outcome.completed ? 'completed' : 'incomplete');
      this.set('cmi.success_status', outcome.success);
      this.set('cmi.progress_measure', outcome.total ? outcome.answered / outcome.total : 0);
    } else {
      this.set('cmi.core.lesson_status', outcome.success === 'unknown' ? 'incomplete' : outcome.success);
    }
    this.set('cmi.suspend_data', suspend);
    // a student who leaves comes back to this attempt, answers and all
    this.set(v.exit, 'suspend');
    if (sessionMs !== undefined) this.set(v.sessionTime, v.duration(sessionMs));
    if (this.call(v.commit, '') !== true) this.ok = false;
    return this.ok;
  }

  // SCORM 1.2 takes a choice as one character and text up to 255; SCORM 2004's fill-in is a list of strings
  // separated by "[,]" (so our answers use "; "), each up to 250 characters.
  response(it) {
    if (it.type === 'choice') return this.format === 'scorm12' ? String.fromCharCode(97 + Number(it.response)) : `choice-${it.response}`;
    if (it.type === 'fill-in') return it.response.slice(0, this.format === 'scorm12' ? 255 : 250);
    return it.response;
  }

  /** Ends the session once (leaving the page): the session time, then Finish/Terminate. */
  finish({ sessionMs }) {
    if (this.finished) return;
    this.finished = true;
    this.set(this.v.exit, 'suspend');
    this.set(this.v.sessionTime, this.v.duration(sessionMs));
    this.call(this.v.commit, '');
    this.call(this.v.finish, '');
  }
}
