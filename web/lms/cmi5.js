// cmi5 from the AU's side: the launch URL names the LRS (endpoint), a one-time fetch URL for the session's token,
// the registration, the AU's activity id and the learner (actor). The AU reads LMS.LaunchData from the State API
// (its context template, masteryScore, moveOn, returnURL, launchMode), then sends cmi5-defined statements —
// initialized first, completed, passed or failed with the score, terminated last — and cmi5-allowed "answered"
// statements in between, each with the context template, the registration and (for cmi5-defined ones) the cmi5
// category. Statements wait in a queue kept in localStorage: an LRS that refuses, errs or times out loses nothing,
// and the queue is sent again, in order, with the next answer.
import { answeredStatement, uuid, verb } from './xapi.js';
import { isoDuration } from './runtime.js';

const CMI5_CATEGORY = { id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5', objectType: 'Activity' };
const MOVEON_CATEGORY = { id: 'https://w3id.org/xapi/cmi5/context/categories/moveon', objectType: 'Activity' };
const PROGRESS_STATE = 'urn:attention-lab:progress';
const TIMEOUT_MS = 10000;

/** The launch parameters, or null when the URL lacks one of them. */
export function launchParams(search) {
  const q = new URLSearchParams(search);
  const names = ['endpoint', 'fetch', 'registration', 'activityId', 'actor'];
  if (!names.every((n) => q.get(n))) return null;
  try {
    const actor = JSON.parse(q.get('actor'));
    return { endpoint: q.get('endpoint').replace(/\/?$/, '/'), fetch: q.get('fetch'), registration: q.get('registration'), activityId: q.get('activityId'), actor };
  } catch {
    return null;
  }
}

/** The learner's id as the LMS gives it: the account name, else the mailbox. */
export function learnerIdOf(actor) {
  return actor?.account?.name ?? actor?.mbox ?? actor?.mbox_sha1sum ?? actor?.openid ?? '';
}

function storage() {
  try { return window.localStorage; } catch { return null; }
}

export class Cmi5Session {
  constructor(params) {
    this.p = params;
    this.token = null;
    this.launchData = null;
    this.sent = { completed: false, passed: false, failed: false }; // in this registration (kept in the State API)
    this.sending = null; // the send on its way, if any (flush)
    this.failedThisSession = false;
    this.started = Date.now();
    this.queueKey = `attention-lab:cmi5-queue:${params.registration}`;
    this.memoryQueue = null;
    this.finished = false;
  }

  async request(url, init = {}) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
    try {
      return await fetch(url, { ...init, signal: abort.signal, keepalive: init.keepalive ?? false });
    } finally {
      clearTimeout(timer);
    }
  }
  headers(json = true) {
    const h = { 'X-Experience-API-Version': '1.0.3', Authorization: `Basic ${this.token}` };
    if (json) h['Content-Type'] = 'application/json';
    return h;
  }
  stateUrl(stateId) {
    const q = new URLSearchParams({ stateId, activityId: this.p.activityId, agent: JSON.stringify(this.p.actor), registration: this.p.registration });
    return `${this.p.endpoint}activities/state?${q}`;
  }

  /** The token (once per session) and LMS.LaunchData; false when the LMS could not be reached. */
  async connect() {
    if (!this.token) {
      const r = await this.request(this.p.fetch, { method: 'POST' });
      if (!r.ok) return false;
      const body = await r.json();
      if (!body?.['auth-token']) return false;
      this.token = body['auth-token'];
    }
    if (!this.launchData) {
      const r = await this.request(this.stateUrl('LMS.LaunchData'), { headers: this.headers(false) });
      if (!r.ok) return false;
      this.launchData = await r.json();
    }
    return true;
  }

  get masteryScore() {
    const m = Number(this.launchData?.masteryScore);
    return this.launchData?.masteryScore !== undefined && m > 0 && m <= 1 ? m : null;
  }
  get returnURL() { return this.launchData?.returnURL ?? null; }
  // Browse and Review launches record nothing that changes the grade (cmi5 §10.2)
  get normal() { return (this.launchData?.launchMode ?? 'Normal') === 'Normal'; }

  /** {progress (packed), sent} kept by the AU in the State API, or null. */
  async loadOwnState() {
    const r = await this.request(this.stateUrl(PROGRESS_STATE), { headers: this.headers(false) });
    if (r.status === 404 || !r.ok) return null;
    const doc = await r.json();
    if (doc?.sent) this.sent = { ...this.sent, ...doc.sent };
    return doc;
  }
  async saveOwnState(packed) {
    const r = await this.request(this.stateUrl(PROGRESS_STATE), { method: 'PUT', headers: this.headers(), body: JSON.stringify({ v: 1, progress: packed, sent: this.sent }) });
    return r.ok;
  }

  // ----- statements -----
  context({ defined = true, moveOn = false } = {}) {
    const t = structuredClone(this.launchData?.contextTemplate ?? {});
    t.registration = this.p.registration;
    t.contextActivities ??= {};
    if (defined) {
      const cats = (t.contextActivities.category ?? []).filter((c) => c.id !== CMI5_CATEGORY.id && c.id !== MOVEON_CATEGORY.id);
      t.contextActivities.category = [...cats, CMI5_CATEGORY, ...(moveOn ? [MOVEON_CATEGORY] : [])];
    }
    return t;
  }
  defined(name, result, moveOn = false) {
    return {
      id: uuid(), actor: this.p.actor, verb: verb(name), object: { objectType: 'Activity', id: this.p.activityId },
      context: this.context({ defined: true, moveOn }), timestamp: new Date().toISOString(), ...(result ? { result } : {}),
    };
  }
  elapsed() { return isoDuration(Date.now() - this.started); }

  queue() {
    if (this.memoryQueue) return this.memoryQueue;
    try { return JSON.parse(storage()?.getItem(this.queueKey) ?? '[]'); } catch { return []; }
  }
  setQueue(q) {
    try {
      if (q.length) storage().setItem(this.queueKey, JSON.stringify(q)); else storage().removeItem(this.queueKey);
      this.memoryQueue = null;
    } catch {
      this.memoryQueue = q;
    }
  }
  enqueue(...statements) { this.setQueue([...this.queue(), ...statements]); }

  /** Sends every waiting statement, in order; true when none is left. One send at a time: a second one started while
   *  the first is on its way would send the same waiting statements again (an answer checked as the LRS comes back). */
  flush(options) {
    const send = () => this.send(options);
    this.sending = (this.sending ?? Promise.resolve()).then(send, send);
    return this.sending;
  }

  async send({ keepalive = false } = {}) {
    const waiting = this.queue();
    if (!waiting.length) return true;
    if (!(this.token && this.launchData) && !(await this.connect().catch(() => false))) return false;
    try {
      const body = JSON.stringify(waiting.map((st) => this.withTemplate(st)));
      const r = await this.request(`${this.p.endpoint}statements`, { method: 'POST', headers: this.headers(), body, keepalive });
      // 409: the LRS already has these ids (an earlier send that timed out after it stored them)
      if (!r.ok && r.status !== 409) return false;
    } catch {
      return false;
    }
    const now = this.queue();
    this.setQueue(now.slice(waiting.length));
    return now.length === waiting.length;
  }

  // A statement made before LMS.LaunchData could be read (the LRS was down at launch) gets the context template when
  // it is sent; for the others this changes nothing (their context already holds the template).
  withTemplate(st) {
    const t = this.launchData?.contextTemplate;
    if (!t) return st;
    const c = st.context ?? {};
    return {
      ...st,
      context: {
        ...structuredClone(t), ...c,
        contextActivities: { ...structuredClone(t.contextActivities ?? {}), ...c.contextActivities },
        extensions: { ...structuredClone(t.extensions ?? {}), ...c.extensions },
      },
    };
  }

  initialized() { this.enqueue(this.defined('initialized')); }

  /**
   * After each checked answer: its "answered" statement, then completed / passed / failed when they become true
   * (each once: completed and passed once per registration, failed once per session and never after passed).
   */
  answered({ setId, exercise, record, latencyMs, outcome, pass }) {
    const out = [answeredStatement({ setId, exercise, record, durationMs: latencyMs, actor: this.p.actor, context: this.context({ defined: false }) })];
    if (this.normal) {
      const score = { scaled: outcome.scaled, raw: outcome.correct, min: 0, max: outcome.total };
      if (outcome.completed && !this.sent.completed) {
        this.sent.completed = true;
        out.push(this.defined('completed', { completion: true, duration: this.elapsed() }, true));
      }
      const mastery = this.masteryScore ?? pass;
      if (outcome.scaled + 1e-9 >= mastery && !this.sent.passed) {
        this.sent.passed = true;
        out.push(this.defined('passed', { success: true, score, duration: this.elapsed() }, true));
      } else if (outcome.completed && outcome.scaled + 1e-9 < mastery && !this.sent.passed && !this.failedThisSession) {
        this.failedThisSession = true;
        out.push(this.defined('failed', { success: false, score, duration: this.elapsed() }, true));
      }
    }
    this.enqueue(...out);
  }

  /** terminated, last; sent with keepalive so it survives the page going away. */
  async terminate() {
    if (this.finished) return true;
    this.finished = true;
    this.enqueue(this.defined('terminated', { duration: this.elapsed() }));
    return this.flush({ keepalive: true });
  }
}
