// The engine with the exercises (attnlab_engine: the walkthrough's calls, the exercise generator and the CLI's
// commands), for the exercises page, Node, the wasm CLI and the tests. The walkthrough loads the smaller
// walkthrough-engine.js, the labs page web/labs/engine-labs.js.
import createAttnlabModule from '../build-wasm/wasm/attnlab_engine.mjs';
import { engineLoader } from './engine-core.js';

export { EngineCrashedError, isEngineCrash, restartable } from './engine-core.js';

/** @type {import('./engine').loadEngine} */
export const loadEngine = engineLoader(createAttnlabModule);
