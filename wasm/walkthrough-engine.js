// The walkthrough's engine (attnlab_walkthrough: trace, plan, explain, links, the KV cache — no exercise generator,
// no labs, no CLI commands): what the walkthrough page and its worker load before the first lesson is drawn.
import createWalkthroughModule from '../build-wasm/wasm/attnlab_walkthrough.mjs';
import { engineLoader } from './engine-core.js';

/** @type {import('./engine').loadEngine} */
export const loadEngine = engineLoader(createWalkthroughModule);
