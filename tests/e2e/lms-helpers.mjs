// Shared by the LMS tests: make a package with `npm run package` (scripts/package.mjs), unpack it into a folder that
// a test server serves, and answer a sheet in the packaged page as a student would (some items wrong first).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Packages `set` as `format` into dir/NAME.zip, unpacks it into dir/NAME/; returns {zip: Map path->bytes, folder}. */
export function packageInto(dir, name, args) {
  const out = join(dir, `${name}.zip`);
  execFileSync('node', [join(ROOT, 'scripts/package.mjs'), ...args, '--out', out], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const files = unzipSync(new Uint8Array(readFileSync(out)));
  const folder = join(dir, name);
  for (const [path, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), bytes);
  }
  return { zip: new Map(Object.entries(files)), folder };
}

/** An answer of the key's shape: the key itself, or (wrong) one moved past the tolerance. */
export function answerFor(ex, wrong = false) {
  const a = ex.answer;
  const off = wrong ? ex.tolerance * 10 + 1 : 0;
  switch (a.type) {
    case 'number': return { value: a.value + off };
    case 'vector': return { values: a.values.map((v, k) => (k === 0 ? v + off : v)) };
    case 'choice': return { choice: wrong ? (a.index + 1) % a.choices.length : a.index };
    case 'mask': return { zeros: a.zeros, weights: a.weights.map((v, k) => (k === a.weights.findIndex((_, j) => !a.zeros.includes(j)) ? v + off : v)) };
    case 'shapes': return { shapes: Object.fromEntries(Object.entries(a.shapes).map(([n, [r, c]], k) => [n, [k === 0 && wrong ? r + 1 : r, c]])) };
    default: throw new Error(`no answer for ${a.type}`);
  }
}

/** Types the answer into the exercise's card of the page (a Playwright Frame or FrameLocator root) and checks it. */
export async function answer(root, ex, wrong = false) {
  const given = answerFor(ex, wrong);
  const c = root.locator(`.ex-card[data-id="${ex.id}"]`);
  if ('value' in given) await c.locator('input[name=value]').fill(String(given.value));
  if ('values' in given) for (const [k, v] of given.values.entries()) await c.locator(`input[name=v${k}]`).fill(String(v));
  if ('choice' in given) await c.locator(`.choice[data-k="${given.choice}"]`).click();
  if ('zeros' in given) {
    for (const [k, v] of given.weights.entries()) {
      const hidden = given.zeros.includes(k);
      await c.locator(`input[name=z${k}]`).setChecked(hidden);
      if (!hidden) await c.locator(`input[name=w${k}]`).fill(String(v));
    }
  }
  if ('shapes' in given) {
    for (const [name, [r, cols]] of Object.entries(given.shapes)) {
      await c.locator(`input[name="${name}-r"]`).fill(String(r));
      await c.locator(`input[name="${name}-c"]`).fill(String(cols));
    }
  }
  await c.locator('button.check').click();
  await c.locator(`.ex-status:text-matches("${wrong ? 'attempt' : 'correct'}")`).waitFor();
}
