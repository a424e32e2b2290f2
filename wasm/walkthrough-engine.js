// The walkthrough's engine (attnlab_walkthrough: trace, plan, explain, links, the KV cache — no exercise generator,
// no labs, no CLI commands): what the walkthrough page and its worker load.
import { engineLoader } from './engine-core.js';

// (imported when first asked for: the walkthrough draws its first lesson before it, web/page/engine-before-load.js)
const createWalkthroughModule = (options) => import('../build-wasm/wasm/attnlab_walkthrough.mjs').then((m) => m.default(options));

/** @type {import('./engine').loadEngine} */
export const loadEngine = engineLoader(createWalkthroughModule);
