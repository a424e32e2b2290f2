// The exercises page launched by an LMS (its package's launch URL carries ?lms=1): reads the package's
// lms-package.json, connects to the LMS (SCORM 1.2 / 2004 API object, or a cmi5 LRS), picks the sheet (the
// package's set; its fixed seed, or the learner's from their LMS id) and brings back the answers the LMS kept.
// Then, after every checked answer, it records what runtime.js computes from the page's state. It never blocks
// the student: without an LMS, or when the LMS fails, the page works as always (answers in localStorage), says
// plainly that the result is not recorded yet, and tries again with the next answer.
import { learnerSeed } from './ids.js';
import { readPackageConfig } from './package-config.js';
import { interactionOf, mergeProgress, outcome, packProgress, unpackProgress } from './runtime.js';
import { findApi, ScormSession } from './scorm.js';
import { Cmi5Session, launchParams, learnerIdOf } from './cmi5.js';
import { loadProgress, saveProgress } from '../exercises/progress.js';

export const STATUS = {
  recorded: 'Your answers are recorded in your course.',
  notYet: 'Your course has not recorded your latest answer yet. Your answers are kept in this browser, and the page will try again with your next answer.',
  noLms: 'This activity was opened outside its course, so your results are not sent anywhere: your answers are kept in this browser only.',
  refused: 'Your course did not accept this activity’s connection, so your results cannot be recorded right now. Your answers are kept in this browser; reopen the activity from your course to try again.',
  badPackage: 'This course package is incomplete (its settings could not be read), so the usual exercise sheet is shown and nothing is recorded.',
};

/** Is the page launched from an LMS package? */
export const launchedByLms = (search = location.search) => new URLSearchParams(search).has('lms');

/**
 * null without ?lms=; else {source, seed, notices, status, opened(sheet, progress), answered(sheet, progress, exercise,
 * record), finish({leave}), returnURL}. onStatus(text) hears of every change of status.
 */
export async function startLms({ onStatus = () => {}, fallbackSeed }) {
  if (!launchedByLms()) return null;
  let config;
  try {
    config = await readPackageConfig();
    if (!config?.set?.text || !config.format) throw new Error('no set');
  } catch {
    return { source: null, seed: fallbackSeed, notices: [STATUS.badPackage], status: '' };
  }
  const { set } = config;
  const source = { kind: set.id.startsWith('custom-') ? 'custom' : 'builtin', id: set.id, text: set.text, label: set.title, packaged: true };
  const started = Date.now();
  const lastCheck = new Map(); // exercise id -> when it was last checked (latency counts from there)
  let pass = config.pass;
  let status = '';
  const say = (text) => { status = text; onStatus(text); };
  const seedFor = (learnerId) => (config.seed != null ? config.seed : learnerId ? learnerSeed(learnerId) : fallbackSeed);
  const resume = (seed, packed) => {
    const kept = unpackProgress(packed);
    if (!kept) return;
    // the LMS's copy and this browser's, merged: an answer the LMS never got is not lost
    saveProgress(source.id, seed, mergeProgress(kept, loadProgress(source.id, seed)));
  };

  let cmi5 = null;
  const session = { source, seed: seedFor(''), notices: [], get status() { return status; }, get returnURL() { return cmi5?.returnURL ?? null; }, format: config.format };

  if (config.format === 'scorm12' || config.format === 'scorm2004') {
    const api = findApi(ScormSession.names(config.format).api);
    const scorm = api ? new ScormSession(api, config.format) : null;
    if (!scorm) { say(STATUS.noLms); return Object.assign(session, inert()); }
    if (!scorm.initialize()) { say(STATUS.refused); return Object.assign(session, inert()); }
    session.seed = seedFor(scorm.learnerId());
    pass = scorm.passMark() ?? pass;
    resume(session.seed, scorm.suspendData());
    const write = (sheet, progress, interactions) => {
      const ok = scorm.record({ interactions, outcome: outcome(sheet, progress, pass), suspend: packProgress(progress, ScormSession.names(config.format).suspendLimit), sessionMs: Date.now() - started });
      say(ok ? STATUS.recorded : STATUS.notYet);
    };
    let finished = false;
    const finish = () => { if (!finished) { finished = true; scorm.finish({ sessionMs: Date.now() - started }); } };
    addEventListener('pagehide', finish);
    return Object.assign(session, {
      opened: (sheet, progress) => write(sheet, progress, []),
      answered: (sheet, progress, exercise, record) => write(sheet, progress, [interaction(exercise, record)]),
      finish,
    });
  }

  // cmi5
  const params = launchParams(location.search);
  if (!params) { say(STATUS.noLms); return Object.assign(session, inert()); }
  cmi5 = new Cmi5Session(params);
  session.seed = seedFor(learnerIdOf(params.actor));
  let connected = false;
  try {
    connected = await cmi5.connect();
    if (connected) {
      pass = cmi5.masteryScore ?? pass;
      const own = await cmi5.loadOwnState().catch(() => null);
      resume(session.seed, own?.progress);
    }
  } catch {
    connected = false;
  }
  cmi5.initialized();
  const send = async (progress) => {
    let ok = await cmi5.flush().catch(() => false);
    if (ok && progress) ok = await cmi5.saveOwnState(packProgress(progress, 64000)).catch(() => false);
    say(ok ? STATUS.recorded : STATUS.notYet);
    return ok;
  };
  if (!connected) say(STATUS.notYet);
  const finish = async ({ leave = false } = {}) => {
    const ok = await cmi5.terminate().catch(() => false);
    if (leave && session.returnURL) location.assign(session.returnURL);
    return ok;
  };
  addEventListener('pagehide', () => { finish(); });
  return Object.assign(session, {
    opened: (sheet, progress) => send(progress),
    answered: (sheet, progress, exercise, record) => {
      cmi5.answered({ setId: source.id, exercise, record, latencyMs: latency(exercise), outcome: outcome(sheet, progress, pass), pass });
      return send(progress);
    },
    finish,
  });

  function latency(exercise) {
    const now = Date.now();
    const since = lastCheck.get(exercise.id) ?? started;
    lastCheck.set(exercise.id, now);
    return now - since;
  }
  function interaction(exercise, record) {
    return interactionOf(exercise, record, { latencyMs: latency(exercise), at: new Date() });
  }
  function inert() {
    return { opened() {}, answered() {}, finish() {} };
  }
}
