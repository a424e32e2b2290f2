// Iframe mode (?embed=1): the page tells its host how tall it is, and answers the host's postMessage API.
//   page -> host: {type: 'attention-lab:resize', height} and Canvas-style {subject: 'lti.frameResize', height}
//   host -> page: {type: 'attention-lab:set-lesson', lesson, id?} -> {type: 'attention-lab:lesson-set', id, ok, problems}
//                 {type: 'attention-lab:get-lesson', id?}         -> {type: 'attention-lab:lesson', id, lesson}
//                 {type: 'attention-lab:get-state', id?}          -> {type: 'attention-lab:state', id, state, link}
// A lesson set by the host goes through the engine's validator like any other.

export function startEmbedMode({ getLesson, setLesson, getState }) {
  const host = window.parent !== window ? window.parent : null;
  if (!host) return;
  let last = 0;
  const report = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    host.postMessage({ type: 'attention-lab:resize', height }, '*');
    host.postMessage(JSON.stringify({ subject: 'lti.frameResize', height }), '*'); // Canvas expects a string
  };
  new ResizeObserver(report).observe(document.documentElement);
  report();
  window.addEventListener('message', async (e) => {
    if (e.source !== host) return;
    const msg = e.data;
    if (!msg || typeof msg !== 'object' || typeof msg.type !== 'string' || !msg.type.startsWith('attention-lab:')) return;
    const reply = (data) => host.postMessage({ ...data, id: msg.id ?? null }, e.origin && e.origin !== 'null' ? e.origin : '*');
    // every request gets its reply, whatever happens while answering it
    try {
      if (msg.type === 'attention-lab:set-lesson') {
        const r = await setLesson(msg.lesson);
        reply({ type: 'attention-lab:lesson-set', ok: !!r?.ok, problems: r?.problems ?? [] });
      } else if (msg.type === 'attention-lab:get-lesson') {
        reply({ type: 'attention-lab:lesson', lesson: getLesson() });
      } else if (msg.type === 'attention-lab:get-state') {
        reply({ type: 'attention-lab:state', ...(await getState()) });
      }
    } catch (err) {
      const problems = [{ field: 'lesson', message: `could not be handled: ${err?.message ?? err}`, code: 'lesson_not_handled', params: { detail: String(err?.message ?? err) } }];
      if (msg.type === 'attention-lab:set-lesson') reply({ type: 'attention-lab:lesson-set', ok: false, problems });
      else reply({ type: msg.type.replace('get-', ''), error: problems[0].message });
    }
  });
}
