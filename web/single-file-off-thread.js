// The offline single file (scripts/build-single-file.mjs) has no worker file to start: every lesson is computed
// on the main thread there. Same exports as off-thread.js.
export const OFF_THREAD_WORK = Infinity;
export const createOffThreadEngine = () => null;
