// The walkthrough draws its first lesson before its engine has loaded (web/page/engine-before-load.js): the engine's
// answers to the calls that drawing makes for the default lesson — its schema, the empty link, the plan and the trace
// — computed at build time by the same wasm module the page loads, and bundled as `virtual:first-answers`. The page
// loads the engine once the lesson is drawn; every other call waits for it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { typedToJson } from '../web/lib/typed-json.js';

const ID = 'virtual:first-answers';
const wasm = fileURLToPath(new URL('../build-wasm/wasm/attnlab_walkthrough.wasm', import.meta.url));

export async function firstAnswers() {
  const { engineLoader } = await import('../wasm/engine-core.js');
  const { default: createModule } = await import('../build-wasm/wasm/attnlab_walkthrough.mjs');
  const { DEFAULT_PRESET } = await import('../web/presets/index.js');
  // a fresh instance of the module as built now (a dev server asks again after a rebuild)
  const engine = await engineLoader(createModule)({ wasmBinary: readFileSync(wasm) });
  const lesson = structuredClone(DEFAULT_PRESET.lesson);
  const calls = [['schema'], ['decodeFragment', ''], ['plan', lesson], ['trace', lesson]];
  return calls.map(([name, ...args]) => [JSON.stringify([name, ...args]), engine[name](...args)]);
}

export const firstAnswersPlugin = {
  name: 'attention-lab-first-answers',
  resolveId: (id) => (id === ID ? `\0${ID}` : null),
  async load(id) {
    if (id !== `\0${ID}`) return null;
    this.addWatchFile?.(wasm);
    return `export default ${JSON.stringify(typedToJson(await firstAnswers()))};`;
  },
};
